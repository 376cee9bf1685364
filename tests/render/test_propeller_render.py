"""Propeller Islands pictures: whole games draw, the public picture hides the hands, /hand draws them."""

from __future__ import annotations

import json
import random

from games.propeller import GAME
from render import propeller, propeller_phone
from render.common import open_png
from tests.helpers import ALICE, BOB, service_at

NAMES = ["Susan", "Vera", "Carl", "Dora"]


def played(players: int, seed: int, moves: int | None = None):
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    count = 0
    while not game.is_over() and (moves is None or count < moves):
        seat = rng.choice(game.to_act())
        game.play(seat, rng.choice(game.legal_moves(seat)))
        count += 1
    return game


def test_every_public_view_of_a_game_draws_and_shows_no_hand():
    game = GAME.new(3, {}, 4)
    rng = random.Random(4)
    phases = set()
    count = 0
    while not game.is_over():
        seat = rng.choice(game.to_act())
        game.play(seat, rng.choice(game.legal_moves(seat)))
        count += 1
        view = game.view(None)
        assert "hand" not in view
        if count % 15 == 0 or game.is_over():
            image = open_png(propeller.draw(view, NAMES[:3]))
            assert image.width == propeller_phone.PHONE_W and image.height > propeller.TOP_H
            phases.add(game.phase)
    assert {"turn", "over"} <= phases


def test_the_public_picture_is_the_same_whoever_holds_which_blueprint():
    game = played(4, 9, 120)
    before = propeller.draw(game.view(None), NAMES)
    game.hands[0], game.hands[1] = game.hands[1], game.hands[0]
    assert propeller.draw(game.view(None), NAMES) == before
    assert propeller.draw(game.view(2), NAMES) == propeller.draw(game.view(None), NAMES)


def test_big_islands_keep_readable_tiles():
    game = played(2, 5)
    radius = propeller.table_radius(game.view(None))
    assert radius >= 26
    for player in game.view(None)["players"]:
        height = propeller.island_height(player, radius)
        assert height >= propeller.ISLAND_MIN_H
    image = open_png(propeller.draw(game.view(None), ["Zoë", "A very long player name indeed"]))
    assert image.width == propeller.WIDTH


def test_hand_picture_shows_only_the_seat_hand():
    game = played(2, 6, 40)
    assert propeller.draw_hand(game.view(None), NAMES) is None
    png = propeller.draw_hand(game.view(1), NAMES)
    assert open_png(png).width > 300
    game.hands[1] = []
    assert open_png(propeller.draw_hand(game.view(1), NAMES)).width > 300
    view = game.view(0)
    assert all("payable" in card for card in view["hand"])
    assert json.dumps(view["hand"]) not in json.dumps(game.view(1))


async def test_hand_command_sends_the_hand_picture_privately(tmp_path):
    service = await service_at(tmp_path / "t.db", draw_images=True)
    assert (await service.handle(ALICE, "open", {"game": "propeller"})).ok
    assert (await service.handle(BOB, "join")).ok
    assert (await service.handle(ALICE, "start")).ok
    reply = await service.handle(BOB, "hand")
    assert reply.ok and "Your Blueprints" in reply.private
    assert reply.image_private and open_png(reply.image).width > 300
    assert reply.files(private=False) == [] and len(reply.files(private=True)) == 1

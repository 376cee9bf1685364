"""The picture of a sea layout: drawn from the public view, its ship spots and the pirate's hexes
clickable on the board page."""

from __future__ import annotations

import io
import random

from PIL import Image

import render
from bot.adapters.web.regions import for_page
from games.pioneers import GAME
from tests.games.pioneers_sea_helpers import bare, give, settle, ship

NAMES = ["Ann", "Ben", "Cleo"]


def test_each_layout_draws_at_the_width_of_the_island_picture():
    for board, players in (("shores", 3), ("isles", 2)):
        game = GAME.new(players, {"board": board}, 2)
        rng = random.Random(2)
        for _ in range(300):
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
        image = Image.open(io.BytesIO(render.draw("pioneers", game.view(None), NAMES[:players])))
        assert image.width == 1030 and image.height > 1000


def test_ship_spots_and_the_pirate_are_clickable_with_their_moves():
    game = bare()
    settle(game, 0, 22)
    give(game, 0, lumber=1, wool=1, brick=1)
    moves = game.legal_moves(0)
    found = {r["name"]: r for r in for_page("pioneers", game.view(0), NAMES, moves, 0)}
    assert "ship 22-32" in found["22-32"]["moves"] and "road 22-32" in found["22-32"]["moves"]
    assert found["12-22"]["moves"] == ["ship 12-22"]
    ship(game, 1, "13-23")
    give(game, 1, ore=1)
    game.phase = "robber"
    found = {r["name"]: r for r in for_page("pioneers", game.view(0), NAMES, game.legal_moves(0), 0)}
    assert found["S3"]["moves"] == ["pirate S3 steal 2"] and "pirate" in found["S25"]["tip"]
    assert found["S25"]["moves"] == []  # where the pirate stands


def test_ships_are_drawn_unlike_roads():
    game = bare()
    settle(game, 0, 22)
    plain = render.pioneers.render(game.view(None), NAMES)
    with_ship = bare()
    settle(with_ship, 0, 22)
    ship(with_ship, 0, "22-32")
    with_road = bare()
    settle(with_road, 0, 22)
    with_road.edge_owner[with_road.GEOMETRY.edge_index["22-32"]] = 0
    shipped = render.pioneers.render(with_ship.view(None), NAMES)
    roaded = render.pioneers.render(with_road.view(None), NAMES)
    assert shipped.tobytes() != plain.tobytes() and roaded.tobytes() != plain.tobytes()
    assert shipped.tobytes() != roaded.tobytes()

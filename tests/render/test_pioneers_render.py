"""Pioneer's Isle pictures: every public view of whole games draws, the island is cached."""

from __future__ import annotations

import json
import random

from games.pioneers import GAME
from render import pioneers
from render.common import open_png

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def test_every_public_view_of_a_game_draws_without_hidden_cards():
    for seed, players in ((1, 2),):
        game = GAME.new(players, {"friendly_robber": seed == 1}, seed)
        rng = random.Random(seed)
        phases = set()
        while not game.is_over():
            seat = rng.choice(game.to_act())
            move = game.ai_move(seat, rng) if rng.random() < 0.8 else rng.choice(game.legal_moves(seat))
            game.play(seat, move)
            view = game.view(None)
            assert "hand" not in view and "dev_hand" not in view and "dev_new" not in view
            text = json.dumps(view)
            assert "victory point" not in text
            image = open_png(pioneers.draw(view, NAMES[:players]))
            assert image.size == (pioneers.WIDTH, pioneers.HEIGHT)
            phases.add(game.phase)
        assert {"roll", "main", "over"} <= phases


def test_seat_views_and_odd_names_draw():
    game = GAME.new(3, {"board": "beginner"}, 4)
    rng = random.Random(4)
    for _ in range(40):
        seat = rng.choice(game.to_act())
        game.play(seat, game.ai_move(seat, rng))
    for seat in range(3):
        assert open_png(pioneers.draw(game.view(seat), ["Zoë", "", "A very long player name indeed"])).size


def test_island_is_drawn_once_per_board():
    game = GAME.new(4, {}, 9)
    view = game.view(None)
    pioneers.render(view, NAMES)
    cached = pioneers._islands.get(view["board"]["key"], lambda: None)
    assert cached is not None
    pioneers.render(view, NAMES)
    assert pioneers._islands.get(view["board"]["key"], lambda: None) is cached

"""A game stopped by resignations keeps its board, but its picture must not say whose turn it is."""

import random

import pytest

import render
from games import registry


@pytest.mark.parametrize("key", registry.available())
def test_every_picture_shows_the_ended_line_in_place_of_the_turn(key):
    cls = registry.get(key)
    players = max(1, min(2, cls.max_players))
    game = cls.new(players, {}, 3)
    rng = random.Random(3)
    for _ in range(12):
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    names = ["Alice", "Bob"][:players]
    stopped = {**game.view(None), "to_act": []}
    plain = render.draw(key, stopped, names)
    ended = render.draw(key, {**stopped, "ended": "Game over: Bob resigned"}, names)
    assert plain is not None and ended != plain

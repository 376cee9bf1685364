"""`render.size` tells a picture's size without drawing it (an animation sets its canvas from
it before drawing a frame), and `render.image` is `render.draw`'s picture before encoding."""

from __future__ import annotations

import random

import pytest

import render
from games import registry
from render.common import open_png

NAMES = ["ann", "ben", "cleo", "dee"]


@pytest.mark.parametrize("key", list(registry.available()))
def test_the_size_told_is_the_size_drawn_all_along_a_game(key):
    cls = registry.get(key)
    for players in sorted({cls.min_players, cls.max_players}):
        game, rng, step = cls.new(players, {}, 11), random.Random(players), 0
        while True:
            if step % 9 == 0 or game.is_over():
                view, names = game.view(None), NAMES[:players]
                picture = render.image(key, view, names)
                assert render.size(key, view, names) == picture.size
                if step % 27 == 0 or game.is_over():
                    drawn = open_png(render.draw(key, view, names)).convert("RGB")
                    assert drawn.size == picture.size
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
            step += 1

"""Pioneer's Isle's computer players live apart from game.py and fail rather than fall back.

The notation (moves.py) is checked with every game's in the conformance suite
(tests/games/test_conformance_notation.py)."""

from __future__ import annotations

import random

import pytest

from games.pioneers import GAME, ai
from games.pioneers.players import COMPUTER


def test_the_computer_players_live_apart_from_the_rules():
    assert GAME.computer is COMPUTER
    assert COMPUTER.hard is not None
    game = GAME.new(3, {}, seed=3)
    assert game.ai_move(0, random.Random(1)) == COMPUTER.normal(game, 0, random.Random(1))


def test_a_heuristic_that_finds_no_road_fails_instead_of_playing_some_move(monkeypatch):
    game = GAME.new(3, {}, seed=3)
    game.play(0, ai.choose(game, 0, random.Random(0)))  # the first settlement; a road is next
    monkeypatch.setattr(ai, "_best_road", lambda game, seat, roads: None)
    with pytest.raises(RuntimeError):
        game.ai_move(0, random.Random(1))

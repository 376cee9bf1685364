"""The Hawaiian Islands' computer player lives apart from game.py and fails rather than falls back.

The notation (moves.py) and the copies are checked with every game's in the conformance suite
(tests/games/test_conformance_notation.py, tests/games/test_conformance.py)."""

from __future__ import annotations

import random

import pytest

from games.hawaii import GAME, ai
from games.hawaii.players import COMPUTER


def test_the_computer_player_lives_apart_from_the_rules():
    assert GAME.computer is COMPUTER
    game = GAME.new(1, {}, seed=3)
    assert game.ai_move(0, random.Random(1)) == COMPUTER.normal(game, 0, random.Random(1))


def test_a_planner_that_finds_no_plan_fails_instead_of_playing_some_move(monkeypatch):
    game = GAME.new(1, {}, seed=3)
    monkeypatch.setattr(ai, "best_plan", lambda game, rng=None, w=ai.DEFAULT_WEIGHTS: None)
    with pytest.raises(RuntimeError):
        game.ai_move(0, random.Random(1))

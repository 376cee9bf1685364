"""Propeller Islands: computer players that never invent a move.

The notation (moves.py) is checked with every game's in the conformance suite
(tests/games/test_conformance_notation.py)."""

from __future__ import annotations

import random

import pytest

from games.propeller import GAME, ai


def test_the_player_has_no_move_to_invent_when_none_is_legal():
    game = GAME.new(2, {}, 1)
    other = [s for s in range(2) if s not in game.to_act()][0]
    with pytest.raises(ValueError, match="no move"):
        ai.choose(game, other, random.Random(0))


def test_the_hard_player_has_no_move_to_invent_either():
    game = GAME.new(2, {}, 1)
    other = [s for s in range(2) if s not in game.to_act()][0]
    with pytest.raises(ValueError, match="no move"):
        game.computer.hard(game, other, random.Random(0), 1.0)

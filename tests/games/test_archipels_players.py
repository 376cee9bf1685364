"""Archipels: a computer player that never hides a bug behind a random move.

The notation (moves.py) is checked with every game's in the conformance suite
(tests/games/test_conformance_notation.py)."""

from __future__ import annotations

import random

import pytest

from games.archipels import GAME, ai


def test_the_player_raises_rather_than_playing_a_random_move_when_its_choice_is_not_legal(monkeypatch):
    game = GAME.new(2, {}, 3)
    seat = game.to_act()[0]
    monkeypatch.setattr(ai, "_choose_take", lambda *args: "take r9 c9")
    with pytest.raises(ValueError, match="may not play"):
        ai.choose(game, seat, random.Random(0))

"""The heuristic player of Propeller Islands (placeholder: first legal move)."""

from __future__ import annotations

import random


def choose(game, seat: int, rng: random.Random) -> str:
    return game.legal_moves(seat)[0]

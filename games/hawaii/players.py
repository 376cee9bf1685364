"""The computer player of the Hawaiian Islands: the round planner of ai.py, and its solver.

A solo game has no rival whose hidden cards a search must not see, but its dice are hidden
from the player too; the planner plays on a copy with the dice reseeded. The hard and easy
levels are the generic ones of `games/levels.py`. The daily challenge reaches the solver and the
hint through these players (`ComputerPlayers.solve`, `.hint`), never through ai.py.
"""

from __future__ import annotations

import random

from games.base import ComputerPlayers
from games.hawaii.ai import choose_move, hint, solve
from games.hawaii.game import HawaiiGame


def normal(game: HawaiiGame, seat: int, rng: random.Random) -> str:
    return choose_move(game, rng)


def suggest(game: HawaiiGame, seat: int) -> str:
    """The planner's move for the position, the same each time it is asked."""
    return hint(game)


def winning_line(game: HawaiiGame) -> list[str] | None:
    """Moves that win the deal from this position with its own dice, or None when the searches
    of `ai.solve` found none in their time."""
    found = solve(game)
    return list(found.moves) if found.won else None


COMPUTER = ComputerPlayers(normal=normal, hint=suggest, solve=winning_line)

"""The computer player of the Hawaiian Islands: the round planner of ai.py.

A solo game has no rival whose hidden cards a search must not see, but its dice are hidden
from the player too; the planner plays on a copy with the dice reseeded. The hard and easy
levels are the generic ones of `games/levels.py`.
"""

from __future__ import annotations

import random

from games.base import ComputerPlayers
from games.hawaii.ai import choose_move
from games.hawaii.game import HawaiiGame


def normal(game: HawaiiGame, seat: int, rng: random.Random) -> str:
    return choose_move(game, rng)


COMPUTER = ComputerPlayers(normal=normal)

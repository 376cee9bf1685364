"""The computer players of Archipels: the heuristic player (ai.py) and its search (search.py)."""

from __future__ import annotations

from games.archipels import ai, search
from games.base import ComputerPlayers

COMPUTER = ComputerPlayers(normal=ai.choose, hard=search.hard_move)

"""The computer players of Propeller Islands: the heuristic player (ai.py) and its search (search.py)."""

from __future__ import annotations

from games.base import ComputerPlayers
from games.propeller import ai, search

COMPUTER = ComputerPlayers(normal=ai.choose, hard=search.hard_move)

"""The computer players of Pioneer's Isle: the heuristic player (ai.py) and, for the hard
level, its search (search.py). The easy level is the generic one of `games/levels.py`."""

from __future__ import annotations

from games.base import ComputerPlayers
from games.pioneers.ai import choose
from games.pioneers.search import hard_move

COMPUTER = ComputerPlayers(normal=choose, hard=hard_move)

"""The computer players of Pioneer's Isle: the heuristic player (ai.py) and, for the hard
level, its search (search.py). The easy level is the generic one of `games/levels.py`. Ramparts has
a plain player for now (ramparts_plain.py)."""

from __future__ import annotations

from games.base import ComputerPlayers
from games.pioneers.ai import choose
from games.pioneers.ramparts_plain import plain_move
from games.pioneers.search import hard_move

COMPUTER = ComputerPlayers(normal=choose, hard=hard_move)
# Ramparts: a plain player until its own are built; easy and hard are the generic ones over it
RAMPARTS_COMPUTER = ComputerPlayers(normal=plain_move)

"""Grow Sky's computer players: the heuristic one (ai.py) and the search over it (search.py).

The easy level is the generic one of games/levels.py (the heuristic player with lapses)."""

from __future__ import annotations

from games.base import ComputerPlayers
from games.growsky.ai import choose
from games.growsky.search import hard_move

COMPUTER = ComputerPlayers(normal=choose, hard=hard_move)

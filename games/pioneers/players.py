"""The computer players of Pioneer's Isle: the heuristic player (ai.py) and, for the hard
level, its search (search.py). The easy level is the generic one of `games/levels.py`. Ramparts has
its own: the heuristic player of ramparts_ai.py (easy is it with the generic lapses) and the
search of ramparts_search.py."""

from __future__ import annotations

from games.base import ComputerPlayers
from games.pioneers import ramparts_ai, ramparts_search
from games.pioneers.ai import choose
from games.pioneers.search import hard_move

COMPUTER = ComputerPlayers(normal=choose, hard=hard_move)
RAMPARTS_COMPUTER = ComputerPlayers(normal=ramparts_ai.choose, hard=ramparts_search.hard_move)

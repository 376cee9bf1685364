"""What each element is expected to be worth at the end of an Archipels game.

The heuristic player rates tiles at these values, its search reads them, and the game's
`estimate` scores islands by them; this module reads the state only, so game.py may use it
without importing the players.
"""

from __future__ import annotations

from typing import Any

from games.archipels.data import BOTTLE, BOTTLE_PENALTY, ELEMENTS, MULTIPLIER


def estimated_values(game: Any) -> dict[str, float]:
    """Points per visible element expected at the end: flowers now plus a fair share of those to come."""
    per_day = 3 if game.n == 2 else 2
    to_come = (game.days - game.day + 1) * per_day
    if game.phase == "flower":
        to_come -= game.flower_index
    share = max(to_come, 0) / len(ELEMENTS)
    values = {el: (game.flowers[el] + 0.6 * share) * MULTIPLIER[el] for el in ELEMENTS}
    values[BOTTLE] = BOTTLE_PENALTY
    return values

"""What a seat's buildings yield on average: the pips of their hexes per resource.

Apart from game.py and ai.py because both ask it (the rules' `estimate` and the players), and
it reads the game without importing game.py, so that neither has to import the other.
"""

from __future__ import annotations

from typing import Any

from games.pioneers import data as D


def production(game: Any, seat: int) -> list[float]:
    """Expected pips per resource of a seat's buildings."""
    totals = [0.0] * 5
    for node in range(game.NODE_COUNT):
        if game.node_owner[node] == seat:
            for hex_index in game.NODE_HEXES[node]:
                res = game.terrain[hex_index]
                if res < D.DESERT and hex_index != game.robber:
                    totals[res] += D.PIPS[game.numbers[hex_index]] * game.node_level[node]
    return totals


def gold_pips(game: Any, seat: int) -> int:
    """Expected pips of the gold fields beside a seat's buildings (a sea layout's: its owner picks
    each card's kind); production() leaves them out, for they are no one kind."""
    total = 0
    for node in range(game.NODE_COUNT):
        if game.node_owner[node] == seat:
            for hex_index in game.NODE_HEXES[node]:
                if game.terrain[hex_index] == D.GOLD and hex_index != game.robber:
                    total += D.PIPS[game.numbers[hex_index]] * game.node_level[node]
    return total

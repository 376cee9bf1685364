"""What a Propeller Islands position is worth to a seat, in rough end points.

The heuristic player (ai.py) weighs its steps by it, its search (search.py) judges rounds by
it, and the game's `estimate` reports it; it reads the state only, so game.py may use it
without importing the players.
"""

from __future__ import annotations

from games.propeller import data as D
from games.propeller import scoring as S

TILE, Q, R, WORKER, PROD, BANNER, WILD = range(7)
RES_VALUE = (0.45, 0.6, 0.9)  # energy, steel, part: a little above their end value, they buy Blueprints
TASK_VALUE = {"deploy": 1.2, "place": 1.6, "any": 1.4, "depot": 0.7, "gain": 0.5, "value": 0.0}


def tile_value(spec: D.Tile) -> float:
    if spec.kind in D.LANDMARKS:
        return 2.0
    if spec.kind in D.DEPOTS:
        return 0.5 + (1.2 if spec.kind == 2 else 0.6 if spec.kind == 3 else 0.9)
    return 1.0 + (0.3 if spec.number == 0 else 0.0)


_TILE_VALUE = tuple(tile_value(spec) for spec in D.TILES)
_ACTIVE = (True,) + tuple(spec.active for spec in D.TILES)  # by tile id + 1: the Capitol is -1


_DOCK_TERMS: dict[tuple[int, ...], tuple[float, ...]] = {}


def _dock_terms(dock: list[int]) -> tuple[float, ...]:
    """What the dock's emptied columns and rows are worth, term by term (kept per dock: there are 4096)."""
    key = tuple(dock)
    terms = _DOCK_TERMS.get(key)
    if terms is None:
        found = []
        for column in range(D.COLUMNS):
            left = sum(dock[r * D.COLUMNS + column] for r in range(D.ROWS))
            found.append(0.15 * (D.ROWS - left) ** 2 / D.ROWS)
        for row in range(D.ROWS):
            left = sum(dock[row * D.COLUMNS: (row + 1) * D.COLUMNS])
            found.append(0.2 * (D.COLUMNS - left) ** 2 / D.COLUMNS)
        terms = _DOCK_TERMS[key] = tuple(found)
    return terms


def value(game, seat: int) -> float:
    """How good the position is for `seat`, in rough end points."""
    res = game.res[seat]
    total = float(game.fame[seat]) + sum(res[i] * RES_VALUE[i] for i in range(3))
    total += sum(D.BLUEPRINT_BY_ID[c].vp + 0.4 for c in game.done[seat])
    total += 0.5 * len(game.unused[seat])
    total += sum(0.3 * D.BLUEPRINT_BY_ID[c].vp for c in game.hands[seat])
    island = game.islands[seat]
    for entry in island:
        tile_id = entry[TILE]
        if tile_id >= 0:
            total += _TILE_VALUE[tile_id]
        if entry[WORKER]:
            total += 0.7 if _ACTIVE[tile_id + 1] else 0.2
        if entry[PROD]:
            total += 1.5
        if entry[WILD]:
            total += 1.6
        if entry[BANNER]:
            total += 0.4
    total += sum(S.landmark_points(island).values())
    for term in _dock_terms(game.dock[seat]):
        total += term
    if game.phase == "turn" and game.current == seat and game.step == "take":
        total += 1.0  # a new Blueprint is coming
    for task in game.tasks[seat]:
        total += TASK_VALUE.get(task["t"], 0.0) * task.get("left", 1)
    return total

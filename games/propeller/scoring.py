"""End scoring of Propeller Islands: landmarks and the breakdown by source.

An island here is a list of placed tiles `[tile_id, q, r, worker, production, banner, wild]`
(tile_id -1 is the Capitol), as the game keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.propeller import data as D

TILE, Q, R, WORKER, PROD, BANNER, WILD = range(7)
LANDMARK_FIRST = min(t.id for t in D.TILES if t.kind in D.LANDMARKS)  # the Landmarks close the tile list
LANDMARK_KIND = min(D.LANDMARKS)


# per tile id + 1 (the Capitol is -1): the kind, the printed number, the printed banner
_KIND = (D.CAPITOL,) + tuple(t.kind for t in D.TILES)
_NUMBER = (0,) + tuple(t.number for t in D.TILES)
_BANNER = ("",) + tuple(t.banner for t in D.TILES)


def counted_number(entry: Sequence) -> int:
    """The activation number a Landmark may count (0 when none: "?", wild, Capitol, no number)."""
    number = _NUMBER[entry[TILE] + 1]
    if number <= 0 or entry[WILD]:
        return 0
    return number


def banners_of(entry: Sequence) -> list[str]:
    printed = _BANNER[entry[TILE] + 1]
    found = [printed] if printed else []
    if entry[BANNER]:
        found.append(entry[BANNER])
    return found


def number_counts(island: Sequence[Sequence]) -> list[int]:
    counts = [0] * 7
    for entry in island:
        number = _NUMBER[entry[TILE] + 1]
        if number > 0 and not entry[WILD]:
            counts[number] += 1
    return counts


def distinct_sets(counts: Sequence[int], size: int) -> int:
    """How many disjoint sets of `size` different numbers the counts allow."""
    best = 0
    for k in range(1, sum(counts) // size + 1):
        if sum(min(c, k) for c in counts) >= size * k:
            best = k
    return best


class _Island:
    """What the Landmarks of one island count, worked out once for all of them; the cells by
    position only when a Landmark looks at its neighbours."""

    def __init__(self, island: Sequence[Sequence]) -> None:
        self.island = island
        self.counts = number_counts(island)
        self.guilds = {g: 0 for g in D.GUILDS}
        for entry in island:
            for banner in banners_of(entry):
                self.guilds[banner] += 1
        self._at: dict | None = None

    def around(self, entry: Sequence) -> list[Sequence]:
        if self._at is None:
            self._at = {(other[Q], other[R]): other for other in self.island}
        return [self._at[cell] for cell in D.neighbours(entry[Q], entry[R]) if cell in self._at]


def _banners_near(island: _Island, entry: Sequence) -> int:
    near = {g: 0 for g in D.GUILDS}
    for other in island.around(entry):
        for banner in banners_of(other):
            near[banner] += 1
    return 5 * min(near.values())


# VP of each Landmark kind, from the island's counts and the Landmark's place (EFFECT_TEXT of data.py)
_LANDMARK_VP = {
    14: lambda isl, entry: 3 * (sum(1 for other in isl.island if other[WORKER]) // 6),
    15: lambda isl, entry: 5 * (sum(1 for other in isl.island if D.tile(other[TILE]).kind in D.DEPOTS) // 3),
    16: lambda isl, entry: 5 if len(isl.around(entry)) == 6 else 0,
    17: _banners_near,
    18: lambda isl, entry: 4 * (isl.guilds["S"] // 3),
    19: lambda isl, entry: 4 * (isl.guilds["C"] // 3),
    20: lambda isl, entry: 4 * (isl.guilds["I"] // 3),
    21: lambda isl, entry: 5 * distinct_sets(isl.counts[1:], 4),
    22: lambda isl, entry: 5 * min(isl.counts[2], isl.counts[4], isl.counts[6]),
    23: lambda isl, entry: 5 * min(isl.counts[1], isl.counts[3], isl.counts[5]),
}


def landmark_points(island: Sequence[Sequence]) -> dict[str, int]:
    """VP of each Landmark on the island, by name."""
    if not any(entry[TILE] >= LANDMARK_FIRST for entry in island):
        return {}
    counted = _Island(island)
    points: dict[str, int] = {}
    for entry in island:
        kind = _KIND[entry[TILE] + 1]
        if kind >= LANDMARK_KIND:
            points[D.KIND_NAMES[kind]] = _LANDMARK_VP[kind](counted, entry)
    return points


def breakdown(fame: int, resources: Sequence[int], unused: int, island: Sequence[Sequence],
              blueprint_vp: int, undeployed: int) -> dict:
    energy, steel, parts = (resources[i] // D.VP_RATE[i] for i in range(3))
    landmarks = landmark_points(island)
    total = fame + energy + steel + parts + unused // 2 + sum(landmarks.values()) + blueprint_vp
    return {
        "total": total, "fame": fame, "energy": energy, "steel": steel, "parts": parts,
        "upgrades": unused // 2, "landmarks": landmarks, "blueprints": blueprint_vp, "undeployed": undeployed,
    }

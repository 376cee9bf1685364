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


def landmark_points(island: Sequence[Sequence]) -> dict[str, int]:
    """VP of each Landmark on the island, by name."""
    if not any(entry[TILE] >= LANDMARK_FIRST for entry in island):
        return {}
    at: dict = {}
    counts = number_counts(island)
    guild_totals = {g: 0 for g in D.GUILDS}
    for entry in island:
        printed = _BANNER[entry[TILE] + 1]
        if printed:
            guild_totals[printed] += 1
        if entry[BANNER]:
            guild_totals[entry[BANNER]] += 1
    points: dict[str, int] = {}
    for entry in island:
        kind = _KIND[entry[TILE] + 1]
        if kind < LANDMARK_KIND:
            continue
        if kind in (16, 17):
            if not at:
                at = {(other[Q], other[R]): other for other in island}
            around = [at[cell] for cell in D.neighbours(entry[Q], entry[R]) if cell in at]
        if kind == 14:
            workers = sum(1 for other in island if other[WORKER])
            vp = 3 * (workers // 6)
        elif kind == 15:
            depots = sum(1 for other in island if D.tile(other[TILE]).kind in D.DEPOTS)
            vp = 5 * (depots // 3)
        elif kind == 16:
            vp = 5 if len(around) == 6 else 0
        elif kind == 17:
            near = {g: 0 for g in D.GUILDS}
            for other in around:
                for banner in banners_of(other):
                    near[banner] += 1
            vp = 5 * min(near.values())
        elif kind in (18, 19, 20):
            guild = {18: "S", 19: "C", 20: "I"}[kind]
            vp = 4 * (guild_totals[guild] // 3)
        elif kind == 21:
            vp = 5 * distinct_sets(counts[1:], 4)
        elif kind == 22:
            vp = 5 * min(counts[2], counts[4], counts[6])
        else:
            vp = 5 * min(counts[1], counts[3], counts[5])
        points[D.KIND_NAMES[kind]] = vp
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

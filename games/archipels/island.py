"""One player's island: stacked tiles on an unbounded grid of squares.

A tile placed at (x, y) covers the squares (x, y), (x+1, y), (x, y+1) and (x+1, y+1).
The island keeps a height map, the top tile of every square, the visible elements and,
per level, the set of positions where a tile of that level may go now. Those sets are
updated around each new tile only, so listing legal placements stays cheap.
"""

from __future__ import annotations

from games.archipels.data import BOTTLE, BOTTLE_PENALTY, ELEMENTS, LEVEL, MULTIPLIER, TILE_ELEMENTS
from lang import tr

Pos = tuple[int, int]


def squares(x: int, y: int) -> tuple[Pos, Pos, Pos, Pos]:
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def edge_neighbours(x: int, y: int) -> tuple[Pos, ...]:
    """The 8 squares sharing a full edge with the 2x2 block at (x, y)."""
    return (
        (x - 1, y), (x - 1, y + 1), (x + 2, y), (x + 2, y + 1),
        (x, y - 1), (x + 1, y - 1), (x, y + 2), (x + 1, y + 2),
    )  # fmt: skip


def corner_neighbours(x: int, y: int) -> tuple[Pos, ...]:
    return ((x - 1, y - 1), (x + 2, y - 1), (x - 1, y + 2), (x + 2, y + 2))


class Island:
    __slots__ = ("placements", "height", "top", "elem_at", "visible", "cands", "_texts")

    def __init__(self) -> None:
        self.placements: list[tuple[int, int, int]] = []  # (tile id, x, y) in order
        self.height: dict[Pos, int] = {}
        self.top: dict[Pos, int] = {}  # square -> id of the tile on top
        self.elem_at: dict[Pos, str] = {}  # square -> visible element printed there
        self.visible: dict[str, int] = dict.fromkeys(ELEMENTS + (BOTTLE,), 0)
        self.cands: dict[int, set[Pos]] = {1: {(0, 0)}, 2: set(), 3: set()}
        self._texts: dict[int, list[str] | None] = {1: None, 2: None, 3: None}

    @classmethod
    def from_placements(cls, placements) -> Island:
        island = cls()
        for tile_id, x, y in placements:
            island.place(tile_id, x, y)
        return island

    # -- rules ----------------------------------------------------------------------
    def copy(self) -> Island:
        """An independent copy, field by field (faster than rebuilding from the placements)."""
        new = Island.__new__(Island)
        new.placements = list(self.placements)
        new.height = dict(self.height)
        new.top = dict(self.top)
        new.elem_at = dict(self.elem_at)
        new.visible = dict(self.visible)
        new.cands = {level: set(found) for level, found in self.cands.items()}
        new._texts = dict(self._texts)
        return new

    def _sea_ok(self, x: int, y: int) -> bool:
        height = self.height
        for sq in squares(x, y):
            if sq in height:
                return False
        for sq in edge_neighbours(x, y):
            if sq in height:
                return True
        return False

    def _upper_ok(self, x: int, y: int, below: int) -> bool:
        height, top = self.height, self.top
        first = None
        several = False
        for sq in squares(x, y):
            if height.get(sq) != below:
                return False
            tid = top[sq]
            if first is None:
                first = tid
            elif tid != first:
                several = True
        return several

    def placement_error(self, level: int, x: int, y: int) -> str | None:
        """Why a tile of `level` may not go at (x, y), checked from scratch; None if it may."""
        if not self.placements:
            if level != 1:
                return tr("Your island must begin with a sea tile.")
            if (x, y) != (0, 0):
                return tr("Your first sea tile goes at 0,0.")
            return None
        cover = squares(x, y)
        heights = [self.height.get(sq, 0) for sq in cover]
        if level == 1:
            if any(heights):
                return tr("A sea tile cannot overlap tiles already on your island.")
            if not any(sq in self.height for sq in edge_neighbours(x, y)):
                if any(sq in self.height for sq in corner_neighbours(x, y)):
                    return tr(
                        "A sea tile must share a full square edge with your island; a corner is not enough."
                    )
                return tr("A sea tile must share a full square edge with a sea tile of your island.")
            return None
        below = level - 1
        sand = level == 2
        if not all(heights):
            return (tr("A sand tile cannot hang over empty water: all four squares must rest on sea tiles.") if sand
                    else tr("A construction tile cannot hang over empty water: all four squares must rest on sand "
                            "tiles."))
        if level == 3 and any(h == 1 for h in heights):
            return tr("A construction tile cannot rest on the sea: all four squares must be sand.")
        if any(h != below for h in heights):
            return (tr("A sand tile must rest entirely on sea tiles (the top of all four squares).") if sand
                    else tr("A construction tile must rest entirely on sand tiles (the top of all four squares)."))
        if len({self.top[sq] for sq in cover}) < 2:
            return (tr("A sand tile must overlap at least two sea tiles.") if sand
                    else tr("A construction tile must overlap at least two sand tiles."))
        return None

    def can_place(self, level: int) -> bool:
        return bool(self.cands[level])

    def position_texts(self, level: int) -> list[str]:
        """Legal positions for a tile of `level`, as sorted "x,y" texts (cached)."""
        texts = self._texts[level]
        if texts is None:
            texts = [f"{x},{y}" for y, x in sorted((y, x) for x, y in self.cands[level])]
            self._texts[level] = texts
        return texts

    # -- building -------------------------------------------------------------------
    def place(self, tile_id: int, x: int, y: int) -> None:
        """Put a tile on the island (the caller has checked it is legal)."""
        level = LEVEL[tile_id]
        height, top, elem_at, visible = self.height, self.top, self.elem_at, self.visible
        for sq in squares(x, y):
            old = elem_at.pop(sq, None)
            if old is not None:
                visible[old] -= 1
            height[sq] = level
            top[sq] = tile_id
        for el, dx, dy in TILE_ELEMENTS[tile_id]:
            if dx is not None:
                elem_at[(x + dx, y + dy)] = el
            visible[el] += 1
        self.placements.append((tile_id, x, y))
        cands = self.cands
        if level == 1:
            sea = cands[1]
            sea.discard((0, 0))
            for px in range(x - 2, x + 3):
                for py in range(y - 2, y + 3):
                    if self._sea_ok(px, py):
                        sea.add((px, py))
                    else:
                        sea.discard((px, py))
            self._refresh(2, x, y)
            self._texts[1] = self._texts[2] = None
        elif level == 2:
            self._refresh(2, x, y)
            self._refresh(3, x, y)
            self._texts[2] = self._texts[3] = None
        else:
            self._refresh(3, x, y)
            self._texts[3] = None

    def _refresh(self, level: int, x: int, y: int) -> None:
        found = self.cands[level]
        below = level - 1
        for px in range(x - 1, x + 2):
            for py in range(y - 1, y + 2):
                if self._upper_ok(px, py, below):
                    found.add((px, py))
                else:
                    found.discard((px, py))

    # -- scoring --------------------------------------------------------------------
    def score(self, values: dict[str, int]) -> int:
        visible = self.visible
        return sum(visible[el] * values[el] for el in ELEMENTS) + BOTTLE_PENALTY * visible[BOTTLE]


def values_from_flowers(flowers: dict[str, int]) -> dict[str, int]:
    return {el: flowers[el] * MULTIPLIER[el] for el in ELEMENTS}


def score_counts(visible: dict[str, int], values: dict[str, int]) -> int:
    """A total from counts of visible elements (bottles included) and points per element."""
    return sum(visible.get(el, 0) * values[el] for el in ELEMENTS) + BOTTLE_PENALTY * visible.get(BOTTLE, 0)

"""Archipels components: the board spaces, the 142 island tiles, the scoring elements.

Everything the rulebook states is used as stated. Values the rulebook leaves out are
marked DESIGNED with one line of reasoning; `DESIGNED_NOTES` collects them for the
rules help.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from lang import N_, tr

# -- elements ---------------------------------------------------------------------------
SEA_ANIMALS = ("seahorse", "manta", "octopus", "fish")
LAND_ANIMALS = ("turtle", "parrot", "crab")
CONSTRUCTIONS = ("hut", "tiki")
ANIMALS = SEA_ANIMALS + LAND_ANIMALS
ELEMENTS = SEA_ANIMALS + LAND_ANIMALS + CONSTRUCTIONS  # the nine scorable elements
BOTTLE = "bottle"
BOTTLE_PENALTY = -3

# points per flower (rulebook: sea animal = flowers, land animal x2, construction x7)
MULTIPLIER = {
    **{el: 1 for el in SEA_ANIMALS},
    **{el: 2 for el in LAND_ANIMALS},
    **{el: 7 for el in CONSTRUCTIONS},
}

LEVEL_NAMES = {1: "sea", 2: "sand", 3: "construction"}
# the words shown for a level and an element in prose (the notation keeps the English keys above)
LEVEL_WORDS = {1: N_("sea"), 2: N_("sand"), 3: N_("construction")}
ELEMENT_WORDS = {"seahorse": N_("seahorse"), "manta": N_("manta"), "octopus": N_("octopus"), "fish": N_("fish"),
                 "turtle": N_("turtle"), "parrot": N_("parrot"), "crab": N_("crab"), "hut": N_("hut"),
                 "tiki": N_("tiki"), "bottle": N_("bottle")}


def element_word(element: str) -> str:
    """An element as a person reads it in prose, in the current language."""
    return tr(ELEMENT_WORDS[element]) if element in ELEMENT_WORDS else element

# -- players ----------------------------------------------------------------------------
DAYS = {2: 6, 3: 9, 4: 8}
PADDLES_PER_SEAT = {2: 2, 3: 1, 4: 1}
MAX_TAKE = {2: 2, 3: 3, 4: 3}
DOCK_SIZE = 2
START_SCORE_TILES = 4  # of the 7 starting score tiles (one per animal), 4 are drawn

# -- the board --------------------------------------------------------------------------
# DESIGNED: a 5x5 grid without its four corners and without the centre (the island in the
# middle of the 3D board): 20 spaces, and each edge line holds 3, so the fixed 3-player
# paddle on r1 leaves the 17 tiles the rulebook counts.
SPACES: tuple[str, ...] = tuple(
    f"r{r}c{c}"
    for r in range(1, 6)
    for c in range(1, 6)
    if (r, c) not in ((1, 1), (1, 5), (5, 1), (5, 5), (3, 3))
)
SPACE_RC: dict[str, tuple[int, int]] = {s: (int(s[1]), int(s[3])) for s in SPACES}
LINES: tuple[str, ...] = tuple(f"r{i}" for i in range(1, 6)) + tuple(f"c{i}" for i in range(1, 6))
# the spaces of each line, in ascending order of the crossing coordinate
LINE_SPACES: dict[str, tuple[str, ...]] = {
    line: tuple(s for s in SPACES if SPACE_RC[s][0 if line[0] == "r" else 1] == int(line[1]))
    for line in LINES
}
# the lines a space lies on
SPACE_LINES: dict[str, tuple[str, str]] = {s: (f"r{r}", f"c{c}") for s, (r, c) in SPACE_RC.items()}
FIXED_PADDLE_LINE = "r1"  # DESIGNED: the 3-player paddle sits on an edge line, we pick row 1

# -- the tiles --------------------------------------------------------------------------
# DESIGNED: the rulebook gives 142 tiles but not their faces. Upper levels need the area
# of the level below, so counts fall level by level (sea 66, sand 48, construction 28).
SEA_COUNT, SAND_COUNT, CONSTRUCTION_COUNT = 66, 48, 28
# DESIGNED: sea tiles: 6 with one animal per sea animal + 7 per pair of sea animals, so
# each sea animal shows on 27 tiles; every tile offers at least one element to flower.
SEA_SINGLES, SEA_PAIRS = 6, 7
# DESIGNED: sand tiles: 6 with one animal per land animal + 10 per pair, 26 each.
SAND_SINGLES, SAND_PAIRS = 6, 10
# DESIGNED: 14 huts and 14 tikis, one element covering the whole tile.
HUTS, TIKIS = 14, 14
# DESIGNED: a bottle on every 4th sea tile (16) and every 4th sand tile (12): common
# enough to weigh on most picks, rare enough that most tiles are clean.
BOTTLE_EVERY = 4

# DESIGNED: elements sit on squares following the 24 orderings of the four squares in turn,
# so layouts vary from tile to tile (the rulebook shows faces, not a list of them).
_SQUARE_ORDERS = list(permutations(range(4)))


def _build_tiles() -> list[dict[str, Any]]:
    faces: list[tuple[int, tuple[str, ...]]] = []
    for animal in SEA_ANIMALS:
        faces += [(1, (animal,))] * SEA_SINGLES
    for pair in combinations(SEA_ANIMALS, 2):
        faces += [(1, pair)] * SEA_PAIRS
    for animal in LAND_ANIMALS:
        faces += [(2, (animal,))] * SAND_SINGLES
    for pair in combinations(LAND_ANIMALS, 2):
        faces += [(2, pair)] * SAND_PAIRS
    faces += [(3, ("hut",))] * HUTS + [(3, ("tiki",))] * TIKIS
    tiles = []
    per_level: dict[int, int] = {1: 0, 2: 0, 3: 0}
    for index, (level, els) in enumerate(faces):
        tile_id = index + 1
        if level == 3:
            elements = [{"el": els[0], "sq": None}]
        else:
            k = per_level[level]
            order = _SQUARE_ORDERS[(k * 7 + level) % 24]
            elements = [{"el": el, "sq": order[i]} for i, el in enumerate(els)]
            # bottles spread over single and double tiles alike
            if k % BOTTLE_EVERY == 3 - level:
                elements.append({"el": BOTTLE, "sq": order[len(els)]})
        per_level[level] += 1
        tiles.append({"id": tile_id, "level": level, "elements": elements})
    return tiles


TILES: list[dict[str, Any]] = _build_tiles()
TILE_COUNT = len(TILES)
TILE_BY_ID: dict[int, dict[str, Any]] = {t["id"]: t for t in TILES}
LEVEL: dict[int, int] = {t["id"]: t["level"] for t in TILES}
# (element, dx, dy) per tile, dx/dy None on a construction tile
TILE_ELEMENTS: dict[int, tuple[tuple[str, int | None, int | None], ...]] = {
    t["id"]: tuple(
        (e["el"], None if e["sq"] is None else e["sq"] % 2, None if e["sq"] is None else e["sq"] // 2)
        for e in t["elements"]
    )
    for t in TILES
}
# the scorable elements a tile can give a flower to (bottles never take one)
FLOWERABLE: dict[int, tuple[str, ...]] = {
    tid: tuple(dict.fromkeys(el for el, _, _ in els if el != BOTTLE)) for tid, els in TILE_ELEMENTS.items()
}

# the designed values as told in the rules help: (sentence, its numbers), translated where shown
DESIGNED_NOTE_TEXTS: tuple[tuple[str, dict[str, int]], ...] = (
    (N_("Board: a 5x5 grid of spaces r1c2..r5c4 without the four corners and the centre, 20 "
        "spaces; each edge line holds 3, so the fixed 3-player paddle on row 1 leaves 17 tiles."), {}),
    (N_("Tiles: {sea} sea, {sand} sand, {construction} construction; each upper "
        "level needs the area of the one below, so the counts fall level by level."),
     {"sea": SEA_COUNT, "sand": SAND_COUNT, "construction": CONSTRUCTION_COUNT}),
    (N_("Sea tiles: {sea_singles} with one animal for each sea animal and {sea_pairs} for each pair "
        "of sea animals; sand tiles: "
        "{sand_singles} with one land animal each and {sand_pairs} for each pair; {huts} huts, {tikis} tikis."),
     {"sea_singles": SEA_SINGLES, "sea_pairs": SEA_PAIRS, "sand_singles": SAND_SINGLES, "sand_pairs": SAND_PAIRS,
      "huts": HUTS, "tikis": TIKIS}),
    (N_("Bottles: on every {every}th sea and sand tile (16 sea, 12 sand)."), {"every": BOTTLE_EVERY}),
    (N_("Every tile shows one or two scorable elements, so any tile can take a flower."), {}),
    (N_("Coordinates: a tile at x,y covers x..x+1 and y..y+1; x grows right, y grows down; "
        "the first tile is a sea tile at 0,0."), {}),
    (N_("If no free tile is on the board when a flower is due, that flower is skipped."), {}),
    (N_("If the stack runs out, empty spaces stay empty."), {}),
    (N_("If no free tile is left when you must take, you place your paddle on an open line "
        "and take nothing (`paddle r2`)."), {}),
    (N_("The fixed paddle of the 3-player game sits on row 1."), {}),
)
DESIGNED_NOTES: tuple[str, ...] = tuple(note.format(**numbers) for note, numbers in DESIGNED_NOTE_TEXTS)


def designed_notes() -> list[str]:
    """The designed values in the current language."""
    return [tr(note).format(**numbers) for note, numbers in DESIGNED_NOTE_TEXTS]

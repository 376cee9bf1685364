"""Grow Sky components: dice, action spaces, route tiles, the player board, parts, the search track.

Counts the rulebook states are used as stated (9 dice, 7 with 2 or 3 players; 64 route
tiles; parts 36/30/18/12; 68 blue cubes; 12 route spaces and 4 checkpoints; a market of 8
with rows costing 2, 1 and 0 fuel; a rudder of four levels with a Lv. 0 cap of 2; an engine
room of 56 spaces; a search track to 44; 5 double-sided room cards; starting fuel 2/3/4/5).
Everything else is marked DESIGNED with one line of reasoning; `DESIGNED_NOTES` collects the
notes for the rules help. Geometry (each part's distinct orientations, every placement of
every part in the engine room as bit masks) is computed here once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.base import is_number
from lang import N_, ngettext, tr

# -- players and dice -----------------------------------------------------------------
DICE = {2: 7, 3: 7, 4: 9}
START_FUEL = (2, 3, 4, 5)  # by seat in turn order
START_CUBES = (0, 2, 2, 0)  # blue cubes on Lv. 0..3 of the rudder at setup
TOTAL_CUBES = 68
LV0_CAP = 2

# DESIGNED: six faces; the flight value is the pip count and lower faces carry more develop
# symbols, so a die is either a long flight or a rich development, never both.
# R = rudder action, S = search action, P = purchase route tiles
FACES: dict[int, str] = {1: "RSP", 2: "RS", 3: "SP", 4: "RP", 5: "S", 6: "P"}
SYMBOL_WORDS = {"R": N_("rudder"), "S": N_("search"), "P": N_("purchase")}  # translated where shown

# DESIGNED: dice areas per action: 3 with 2 players, 4 with 3, 5 with 4 (the rulebook's
# 5 for 4 players); each seat places 3/2/2 dice a round, so the spaces run short late in a round.
AREAS = {2: 3, 3: 4, 4: 5}
# DESIGNED: the flight spaces cost 1 and 2 fuel (the rulebook's example), then 2, 3, 4:
# the later dice fly dearer, as in the example.
FLIGHT_COST = (1, 2, 2, 3, 4)
# DESIGNED: develop spaces are free for the first two dice, then cost 1, 1, 2 fuel, so the
# first seats get the cheap development as the first seats get the cheap flights.
DEVELOP_COST = (0, 0, 1, 1, 2)
BOOST_COST = 4  # fuel per extra space (rulebook)

# -- gauges ---------------------------------------------------------------------------
# DESIGNED: grow to 8 (two grow actions' worth), fuel to 10 (two boosted flights' worth).
# The victory track has no limit: the rulebook's gauge limit is about resources.
GROW_MAX = 8
FUEL_MAX = 10
VP_TRIGGER = 10
SEARCH_END = 44

# -- grow free actions (rulebook costs) -------------------------------------------------
GROW_COSTS = {"fuel": 2, "fuel2": 3, "rudder": 3, "die": 4, "move": 4}

# -- the route ring ---------------------------------------------------------------------
# 16 positions clockwise: checkpoint 0 (the start), 3 route spaces, checkpoint 1, ...
RING = 16
CHECKPOINT_AT = {0: 0, 4: 1, 8: 2, 12: 3}  # ring index -> checkpoint number
SPACE_AT = {i: i - 1 - i // 4 for i in range(RING) if i % 4}  # ring index -> route space 0..11
RING_OF_SPACE = {s: i for i, s in SPACE_AT.items()}
# DESIGNED: the start corner and the opposite corner give a victory point (two per lap); the
# two others give the rulebook's either/or bonuses, rudder-or-search then part-or-search.
CHECKPOINTS = ("vp", "rudder|search", "vp", "part:1|search")
# DESIGNED: the printed route spaces (blue): small basic resources around the ring, each kind
# three times, so an empty ring still pays something at every stop.
ROUTE_SPACES = ("fuel", "cube", "grow", "search", "cube", "fuel", "search", "grow", "fuel", "grow", "cube", "search")

# -- route tiles ----------------------------------------------------------------------
# DESIGNED: 12 kinds of route tile, 64 in all. Yellow tiles pay when passed, so they pay
# less; blue tiles pay more on a stop; lightning tiles also pay once when placed. Every
# upgraded side is worth more, and some blue ones turn yellow.
# (front colour, front bonus, lightning, back colour, back bonus, copies)
TILE_KINDS: tuple[tuple[str, str, bool, str, str, int], ...] = (
    ("Y", "fuel", False, "Y", "fuel*2", 6),
    ("Y", "cube", False, "Y", "cube*2", 6),
    ("Y", "search", False, "Y", "search*2", 6),
    ("Y", "grow", False, "Y", "grow*2", 5),
    ("B", "fuel*3", False, "Y", "fuel*2", 5),
    ("B", "cube*2+rudder", False, "Y", "rudder", 5),
    ("B", "search*3", False, "Y", "search*2", 5),
    ("B", "part:1+part:2", True, "B", "part:2+part:3", 5),  # a parts bonus shows two parts: one of each
    ("B", "fuel*2|grow*2", False, "Y", "fuel|grow", 5),
    ("B", "vp", False, "B", "vp*2", 5),
    ("B", "boost:5:3|fuel*2", False, "B", "boost:4:3|fuel*3", 5),
    ("B", "cube*2+search*2", True, "Y", "cube+search", 6),
)
TILES: list[dict[str, Any]] = []
for _kind, (_fc, _fb, _bolt, _bc, _bb, _copies) in enumerate(TILE_KINDS):
    for _ in range(_copies):
        TILES.append({"id": len(TILES), "kind": _kind, "front": (_fc, _fb), "bolt": _bolt, "back": (_bc, _bb)})
TILE_COUNT = len(TILES)
assert TILE_COUNT == 64

# -- the market ---------------------------------------------------------------------------
MARKET_SIZE = 8
# DESIGNED: market slots m1-m2 are the bottom row (free), m3-m5 the middle (1 fuel), m6-m8
# the top (2 fuel); the cleanup discards the bottom row's 2 tiles, as the rulebook says.
MARKET_COST = (0, 0, 1, 1, 1, 2, 2, 2)
MARKET_ROWS = ((0, 1), (2, 3, 4), (5, 6, 7))
CLEANUP_DISCARD = 2
MAX_BUY = 2

# -- the search track ---------------------------------------------------------------------
# DESIGNED: 44 spaces, victory points ever denser near the end (13 in all) so a long search
# is a way to win; small resources early; three flags whose first arrival takes a bigger
# part than later arrivals.
SEARCH_TRACK: dict[int, str] = {
    2: "cube", 4: "fuel", 5: "vp", 6: "grow", 8: "cube", 9: "fuel", 10: "vp", 12: "grow", 13: "cube",
    14: "rudder", 15: "vp", 16: "fuel", 17: "grow", 18: "cube", 20: "vp", 21: "fuel", 23: "grow",
    24: "cube", 25: "vp", 26: "rudder", 27: "fuel", 28: "grow", 29: "vp", 30: "cube", 32: "vp",
    34: "fuel", 35: "vp", 36: "grow", 38: "vp", 40: "vp", 42: "vp", 44: "vp*2",
}
# flag space -> (bonus of the first to arrive, bonus of every later arrival)
FLAGS: dict[int, tuple[str, str]] = {11: ("part:2", "part:1"), 22: ("part:3", "part:1"), 33: ("part:4", "part:2")}

# -- parts and the engine room ----------------------------------------------------------
COLS, ROWS = 8, 7  # DESIGNED: an 8-wide, 7-high room (56 spaces), columns a-h, rows 1-7 from the floor
assert COLS * ROWS == 56
COL_NAMES = "abcdefgh"
PART_SUPPLY = (36, 30, 18, 12)  # tiers 1-4 (rulebook)
# DESIGNED: one shape per tier, bigger for dearer tiers: domino, V-tromino, L-tetromino,
# P-pentomino; they tile rows of 8 in many ways. A Lv. 3 cube is the 1-square `cube`.
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "cube": ((0, 0),),
    "i2": ((0, 0), (1, 0)),
    "v3": ((0, 0), (1, 0), (0, 1)),
    "l4": ((0, 0), (1, 0), (2, 0), (0, 1)),
    "p5": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
}
TIER_SHAPE = {1: "i2", 2: "v3", 3: "l4", 4: "p5"}
SHAPE_TIER = {shape: tier for tier, shape in TIER_SHAPE.items()}
UPGRADE_COST = {0: 0, 1: 1, 2: 3}  # tiers raised -> fuel (rulebook: 1 fuel one tier, 3 fuel a further tier)

# DESIGNED: 14 icons spread so that every row has one or two and the rulebook's seven kinds
# each appear twice; the route-tile icon sits high, where it is reached late.
ICONS: dict[str, str] = {
    "e1": "cube*2", "b2": "fuel*2", "g2": "grow", "d3": "search*2", "h3": "rudder", "a4": "vp",
    "b5": "grow", "e5": "rudder", "g5": "fuel*2", "c6": "cube*2", "h6": "search*2", "d6": "buy",
    "a7": "buy", "f7": "vp",
}
# DESIGNED: row bonuses from the floor up: storage cap +1 (the rulebook's example) twice low,
# resources in the middle, victory points at the top where rows are hardest to finish.
ROW_BONUS = ("cap", "fuel*2", "cap", "search*2", "vp", "vp", "vp*2")

# DESIGNED: room cards (advanced mode) fill 3 or 4 spaces of the room from the start, each side
# a different footprint on the floor, so a card changes which parts fit first.
ROOM_CARDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("a1", "b1", "c1"), ("f1", "g1", "h1", "h2")),
    (("d1", "e1", "d2"), ("a1", "a2", "a3")),
    (("h1", "h2", "h3"), ("c1", "d1", "e1", "f1")),
    (("a1", "b1", "a2"), ("g1", "h1", "g2")),
    (("b1", "c1", "c2"), ("e1", "f1", "f2", "g1")),
)


def cell_name(col: int, row: int) -> str:
    return f"{COL_NAMES[col]}{row + 1}"


def parse_cell(text: str) -> tuple[int, int] | None:
    if len(text) < 2 or text[0] not in COL_NAMES or not is_number(text[1:]):
        return None
    col, row = COL_NAMES.index(text[0]), int(text[1:]) - 1
    return (col, row) if 0 <= row < ROWS else None


def bit(col: int, row: int) -> int:
    return 1 << (row * COLS + col)


CELL_BIT = {cell_name(c, r): bit(c, r) for r in range(ROWS) for c in range(COLS)}
FULL = (1 << (COLS * ROWS)) - 1
ROW_MASKS = tuple(((1 << COLS) - 1) << (r * COLS) for r in range(ROWS))
ICON_BITS = {CELL_BIT[cell]: bonus for cell, bonus in ICONS.items()}
ROOM_CARD_MASKS = tuple(tuple(sum(CELL_BIT[c] for c in side) for side in card) for card in ROOM_CARDS)


def orientations(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations and flips of a shape, each as offsets from its anchor.

    The anchor is the leftmost square of the shape's lowest row, so it is always a square the
    part covers. Order is stable: o1 is the shape as drawn, then quarter turns clockwise, then
    the mirror image and its turns.
    """
    seen: list[tuple[tuple[int, int], ...]] = []
    for flip in (False, True):
        pts = [(-x, y) if flip else (x, y) for x, y in cells]
        for _ in range(4):
            low = min(y for _, y in pts)
            left = min(x for x, y in pts if y == low)
            form = tuple(sorted((x - left, y - low) for x, y in pts))
            if form not in seen:
                seen.append(form)
            pts = [(y, -x) for x, y in pts]
    return seen


ORIENTATIONS: dict[str, list[tuple[tuple[int, int], ...]]] = {name: orientations(c) for name, c in SHAPES.items()}


def _placements(shape: str) -> list[tuple[int, int, bool, str]]:
    """Every in-bounds placement of a shape: (mask, mask of squares just below it, on the floor, text)."""
    out = []
    for number, offsets in enumerate(ORIENTATIONS[shape], start=1):
        for row in range(ROWS):
            for col in range(COLS):
                cells = [(col + dx, row + dy) for dx, dy in offsets]
                if not all(0 <= c < COLS and 0 <= r < ROWS for c, r in cells):
                    continue
                mask = sum(bit(c, r) for c, r in cells)
                below = sum(bit(c, r - 1) for c, r in cells if r > 0) & ~mask
                grounded = any(r == 0 for _, r in cells)
                label = cell_name(col, row)
                text = label if shape == "cube" else f"{shape} o{number} {label}"
                out.append((mask, below, grounded, text))
    return out


PLACEMENTS: dict[str, list[tuple[int, int, bool, str]]] = {shape: _placements(shape) for shape in SHAPES}
PLACEMENT_BY_TEXT: dict[str, dict[str, int]] = {
    shape: {text: mask for mask, _, _, text in rows} for shape, rows in PLACEMENTS.items()
}


def placement_fault(shape: str, text: str, filled: int) -> str:
    """Why a placement the notation knows is not legal in this room; "" when it is."""
    mask, below, grounded, _ = next(row for row in PLACEMENTS[shape] if row[3] == text)
    if mask & filled:
        cells = mask_cells(mask & filled)
        return ngettext("{cells} is filled already", "{cells} are filled already", len(cells)).format(
            cells=", ".join(cells))
    if not grounded and not below & filled:
        return tr("it would not rest on the floor or on a filled square below it")
    return ""


def mask_cells(mask: int) -> list[str]:
    return [cell_name(i % COLS, i // COLS) for i in range(COLS * ROWS) if mask >> i & 1]


@lru_cache(maxsize=8192)
def legal_placements(shape: str, filled: int) -> tuple[tuple[int, str], ...]:
    """Placements of `shape` on empty squares that rest on the floor or on a filled square.

    A room changes only when a part is placed, and the same room is asked about again and
    again (to list moves, to check one, to see whether a gained part fits at all), so the
    answer is kept per room."""
    return tuple(
        (mask, text)
        for mask, below, grounded, text in PLACEMENTS[shape]
        if not mask & filled and (grounded or below & filled)
    )


# -- bonus words ----------------------------------------------------------------------------
ATOM_WORDS = {
    "vp": ("victory point", "victory points"),  # verbatim: English words, told by atom_words
    "fuel": ("fuel", "fuel"),
    "grow": ("grow", "grow"),
    "cube": ("blue cube", "blue cubes"),  # verbatim: English words, told by atom_words
    "search": ("search step", "search steps"),  # verbatim: English words, told by atom_words
    "rudder": ("rudder turn", "rudder turns"),  # verbatim: English words, told by atom_words
    "cap": ("storage cap +1", "storage cap +1"),  # verbatim: English words, told by atom_words
    "buy": ("route tile purchase", "route tile purchases"),  # verbatim: English words, told by atom_words
}  # verbatim: the English words; `atom_words` says each in the current language


def _counted(name: str, n: int) -> str:
    """`2 victory points`, `1 fuel`: a count of one kind of bonus in the current language."""
    if name == "vp":
        return ngettext("{n} victory point", "{n} victory points", n).format(n=n)
    if name == "fuel":
        return ngettext("{n} fuel", "{n} fuel", n).format(n=n)
    if name == "grow":
        return ngettext("{n} grow", "{n} grow", n).format(n=n)
    if name == "cube":
        return ngettext("{n} blue cube", "{n} blue cubes", n).format(n=n)
    if name == "search":
        return ngettext("{n} search step", "{n} search steps", n).format(n=n)
    if name == "rudder":
        return ngettext("{n} rudder turn", "{n} rudder turns", n).format(n=n)
    if name == "cap":
        return tr("storage cap +1") if n == 1 else tr("{n} storage cap +1").format(n=n)
    if name == "buy":
        return ngettext("{n} route tile purchase", "{n} route tile purchases", n).format(n=n)
    return f"{n} {name}"


def atom_words(atom: str) -> str:
    if atom.startswith("part:"):
        return tr("a tier-{tier} part").format(tier=atom[5:])
    if atom.startswith("boost:"):
        _, fuel, spaces = atom.split(":")
        return tr("pay {fuel} fuel to fly {spaces} more").format(fuel=fuel, spaces=spaces)
    name, _, count = atom.partition("*")
    return _counted(name, int(count or 1))


def bonus_words(bonus: str) -> str:
    return tr(" or ").join(" + ".join(atom_words(a) for a in alt.split("+")) for alt in bonus.split("|"))


@lru_cache(maxsize=1)
def _english_atoms() -> dict[str, str]:
    """Each bonus atom's English words -> the atom (to tell in another language what the state keeps
    in English)."""
    import lang

    atoms = [f"{name}*{n}" for name in ATOM_WORDS for n in range(1, 13)]
    atoms += [f"part:{tier}" for tier in range(1, 5)]
    atoms += [f"boost:{fuel}:{spaces}" for fuel in range(0, 11) for spaces in range(0, 11)]
    with lang.using("en"):
        return {atom_words(atom): atom for atom in atoms}


def english_atom(words: str) -> str | None:
    """The atom whose English words these are, None for words of no atom."""
    return _english_atoms().get(words)


def bonus_of_words(words: str) -> str | None:
    """The bonus written by `bonus_words` in English, back as a bonus (None when it is not one)."""
    alts = []
    for alt in words.split(" or "):
        atoms = [english_atom(part) for part in alt.split(" + ")]
        if None in atoms:
            return None
        alts.append("+".join(a for a in atoms if a))
    return "|".join(alts)


def told_bonus(words: str) -> str:
    """English bonus words (as the state keeps them) in the current language."""
    bonus = bonus_of_words(words)
    return words if bonus is None else bonus_words(bonus)


# -- designed values for the rules help -----------------------------------------------------
def designed_notes() -> list[str]:
    """The designed values for the rules help, in the current language."""
    return [
        tr("Dice faces (flight value: develop symbols R rudder, S search, P purchase): {faces}. Lower faces fly "
           "shorter but develop more.").format(faces=", ".join(f"{v}: {s}" for v, s in FACES.items())),
        tr("Dice areas: 3 on Flight and 3 on Develop with 2 players, 4 with 3, 5 with 4; Standby is unlimited."),
        tr("Flight spaces cost 1, 2, 2, 3, 4 fuel from the left; the airship moves the die's value."),
        tr("Develop spaces cost 0, 0, 1, 1, 2 fuel from the left; a die's symbols are done in the order "
           "rudder, search, purchase."),
        tr("Gauge limits: grow {grow}, fuel {fuel}; victory points have none.").format(grow=GROW_MAX, fuel=FUEL_MAX),
        tr("Checkpoints clockwise from the start: 1 victory point; rudder turn or 1 search; 1 victory "
           "point; a tier-1 part or 1 search."),
        tr("Printed route spaces 1-12: {spaces}.").format(spaces=", ".join(ROUTE_SPACES)),
        tr("Route tiles (front -> upgraded back, copies; Y yellow, B blue, * lightning): {tiles}.").format(
            tiles="; ".join(f"{fc} {bonus_words(fb)}{'*' if bolt else ''} -> {bc} {bonus_words(bb)} x{n}"
                            for fc, fb, bolt, bc, bb, n in TILE_KINDS)),
        tr("Market: m1-m2 bottom row free, m3-m5 middle row 1 fuel, m6-m8 top row 2 fuel."),
        tr("Search track: {steps}.").format(steps=", ".join(f"{k} {bonus_words(v)}" for k, v in SEARCH_TRACK.items())),
        tr("Flags (first arrival / later arrivals): {flags}.").format(
            flags=", ".join(f"{k}: {bonus_words(a)} / {bonus_words(b)}" for k, (a, b) in FLAGS.items())),
        tr("Parts: tier 1 domino (i2), tier 2 V-tromino (v3), tier 3 L-tetromino (l4), tier 4 "
           "P-pentomino (p5); a Lv. 3 cube is a 1-square part."),
        tr("Engine room: 8 columns a-h by 7 rows 1-7 (row 1 is the floor). Icons: {icons}.").format(
            icons=", ".join(f"{c} {bonus_words(b)}" for c, b in ICONS.items())),
        tr("Row bonuses from row 1 up: {bonuses}.").format(bonuses=", ".join(bonus_words(b) for b in ROW_BONUS)),
        tr("Room cards (advanced): sides fill {cards}. Their squares count as filled but pay no icon.").format(
            cards="; ".join(tr("card {number}: {a} or {b}").format(number=i + 1, a=",".join(a), b=",".join(b))
                            for i, (a, b) in enumerate(ROOM_CARDS))),
    ]


DESIGNED_NOTES: tuple[str, ...] = tuple(designed_notes())  # in English, as the module is read

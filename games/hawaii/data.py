"""Components of Age of Steam: Hawaiian Islands (solo).

Values that neither the variant nor the base game gives are marked DESIGNED with the
reasoning in one line; `DESIGNED_NOTES` collects them for the rules help.
"""

from __future__ import annotations

import lang
from lang import N_, tr

COLOURS = ("red", "blue", "yellow", "purple", "black")
DISC_COLOURS = ("red", "blue", "yellow", "purple")  # the colours an island disc may show at setup

# The eight islands, largest first. `numbers` are the die faces / chart columns that refill
# the island; only the four large islands carry them.
ISLANDS = ("hawaii", "maui", "oahu", "kauai", "molokai", "lanai", "niihau", "kahoolawe")
TITLES = {  # verbatim: the islands' own names, the same in every language
    "hawaii": "Hawaii",  # verbatim: a proper name
    "maui": "Maui",  # verbatim: a proper name
    "oahu": "Oahu",  # verbatim: a proper name
    "kauai": "Kauai",  # verbatim: a proper name
    "molokai": "Molokai",  # verbatim: a proper name
    "lanai": "Lanai",  # verbatim: a proper name
    "niihau": "Niihau",  # verbatim: a proper name
    "kahoolawe": "Kahoolawe",  # verbatim: a proper name
}
LARGE = ("hawaii", "maui", "oahu", "kauai")
SMALL = ("molokai", "lanai", "niihau", "kahoolawe")
# Kauai 1/2, Oahu 3 and Hawaii 5/6 are given; Maui 4 is the one face left over.
NUMBERS = {"kauai": (1, 2), "oahu": (3,), "maui": (4,), "hawaii": (5, 6)}
FACE_ISLAND = {face: island for island, faces in NUMBERS.items() for face in faces}
# Named cubes placed on each island at setup: 3 on the largest, 2 on the next three, 1 on the rest.
START_CUBES = {"hawaii": 3, "maui": 2, "oahu": 2, "kauai": 2, "molokai": 1, "lanai": 1, "niihau": 1, "kahoolawe": 1}

# DESIGNED: the sea routes (no public list exists). They follow the real geography, include the
# rulebook's Hawaii-Oahu and Oahu-Kauai, and their squares sum to the 21 route cubes.
ROUTES = (
    ("niihau", "kauai", 1),
    ("kauai", "oahu", 3),
    ("oahu", "molokai", 2),
    ("oahu", "maui", 3),
    ("oahu", "hawaii", 3),
    ("molokai", "maui", 2),
    ("molokai", "lanai", 1),
    ("lanai", "maui", 2),
    ("maui", "kahoolawe", 1),
    ("maui", "hawaii", 3),
)
ROUTE_NAMES = tuple(f"{a}-{b}" for a, b, _ in ROUTES)
ROUTE_TOTAL = sum(n for _, _, n in ROUTES)  # 21 route squares, one cube each

# The 34 named cubes set aside for the routes (21) and the islands (13).
NAMED_CUBES = {"red": 8, "blue": 8, "yellow": 8, "purple": 8, "black": 2}
# DESIGNED: the base game's goods cubes as we count them (20 of each colour, 16 black); the bag
# keeps what the 34 named cubes leave, so the chart can be filled and refilled "as usual".
BASE_CUBES = {"red": 20, "blue": 20, "yellow": 20, "purple": 20, "black": 16}
# DESIGNED: the mini goods chart has 6 columns (one per die face) of 3 squares, like one half of
# the base game's chart; filled at random from the bag at setup.
CHART_COLUMNS = 6
CHART_ROWS = 3

URBAN_DISCS = ("red", "blue", "yellow", "purple", "black", "black")
ACTIONS = ("locomotive", "urbanize", "engineer", "production")

ROUNDS = 10
START_CASH = 10
START_SHARES = 2
START_LOCO = 1
MAX_LOCO = 6
MAX_SHARES = 15  # the two starting shares count toward the fifteen
SHARE_PRICE = 5
CONNECT_COST = 8
ENGINEER_COST = 4
PRODUCTION_DRAW = 6
PRODUCTION_PLACE = 2
REFILL_DICE = 2

DIFFICULTIES = ("easy", "standard", "very_hard")
DEFAULT_DIFFICULTY = "standard"  # DESIGNED: the middle level as the default table

# Income reduction bands: (lowest income of the band, reduction).
REDUCTION_BANDS = ((50, 10), (41, 8), (31, 6), (21, 4), (11, 2), (0, 0))


# -- geometry, worked out once: islands and routes by index ------------------------------------
N_ISLANDS = len(ISLANDS)
ISLAND_INDEX = {name: i for i, name in enumerate(ISLANDS)}
SMALL_IDX = frozenset(ISLAND_INDEX[name] for name in SMALL)
ROUTE_ENDS = tuple((ISLAND_INDEX[a], ISLAND_INDEX[b]) for a, b, _ in ROUTES)
# the route between two islands, either way round
ROUTE_BETWEEN: dict[tuple[int, int], int] = {}
for _r, (_a, _b) in enumerate(ROUTE_ENDS):
    ROUTE_BETWEEN[(_a, _b)] = _r
    ROUTE_BETWEEN[(_b, _a)] = _r
# per island, its (neighbour, route) pairs in route order
ADJ: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((b if a == i else a, r) for r, (a, b) in enumerate(ROUTE_ENDS) if i in (a, b)) for i in range(N_ISLANDS)
)
FACE_ISLAND_IDX = {face: ISLAND_INDEX[name] for face, name in FACE_ISLAND.items()}


def income_reduction(income: int) -> int:
    """How much income drops at the end of a round for a given income."""
    for floor, cut in REDUCTION_BANDS:
        if income >= floor:
            return cut
    return 0


def bag_after_setup() -> dict[str, int]:
    """The bag before the chart is filled: the base set minus the 34 named cubes."""
    return {colour: BASE_CUBES[colour] - NAMED_CUBES[colour] for colour in COLOURS}


# the notes of DESIGNED_NOTES, translated where shown (`designed_notes` below, the rules help)
DESIGNED_NOTES_WORDS = (
    N_("Sea routes (squares): {routes}. No public route list exists; ours follows the real map, includes "
       "Hawaii–Oahu and Oahu–Kauai from the rulebook's example, and its squares add up to the 21 route cubes."),
    N_("Chart numbers: Kauai 1 and 2, Oahu 3, Maui 4, Hawaii 5 and 6 (Maui's 4 is the face left over)."),
    N_("The bag: taken literally, the 34 named cubes would leave nothing for the goods chart. We read it as "
       "the bag keeping the rest of the base game's cubes (20 red, 20 blue, 20 yellow, 20 purple, "
       "16 black as we count them): 12 of each colour and 14 black after the named cubes are out."),
    N_("Goods chart: 6 columns (die faces 1-6) of 3 squares, filled at random from the bag at setup. "
       "A refill takes the cube nearest the top of its column; an empty column gives nothing."),
    N_("Locomotive, the fourth action: raises the locomotive by 1 at once for free (as in the base game); "
       "it is separate from the once-per-round raise during moving goods."),
    N_("Share limit: the two starting shares count toward the fifteen."),
    N_("Any unconnected route may be connected, whether or not it touches one you already have."),
    N_("Urbanize and building are optional: `done` ends the build step early."),
    N_("Round 10 ends after income reduction; its goods growth would change nothing and is skipped."),
    N_("A cube may start on an island that accepts its own colour and leave it."),
    N_("Default difficulty: standard."),
    N_("Score: a win scores 3 × income − 3 × shares + cash; a loss scores −100 plus the route cubes "
       "cleared, so every win ranks above every loss."),
)
ROUTES_NOTE = ", ".join(f"{TITLES[a]}–{TITLES[b]} {n}" for a, b, n in ROUTES)


def designed_notes() -> tuple[str, ...]:
    """The designed notes in the language of the call."""
    return tuple(tr(note).format(routes=ROUTES_NOTE) if "{routes}" in note else tr(note)
                 for note in DESIGNED_NOTES_WORDS)


with lang.using(lang.ENGLISH):  # in English, as written, whatever language imports this first
    DESIGNED_NOTES = designed_notes()

"""Components of Pioneer's Isle.

Values the rulebook gives are plain; values it leaves out carry a `DESIGNED` comment with
the reasoning, and `DESIGNED_NOTES` collects them for `rules_help()`.
"""

from __future__ import annotations

from lang import N_, tr

# -- resources -------------------------------------------------------------------------
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
DESERT = 5
TERRAIN = ("forest", "hills", "pasture", "fields", "mountains", "desert")
RES_INDEX = {name: index for index, name in enumerate(RESOURCES)}
# the cards' names as people read them (a move keeps the English word as typed): `kind_word`
KIND_WORDS = {
    "lumber": N_("lumber"), "brick": N_("brick"), "wool": N_("wool"), "grain": N_("grain"), "ore": N_("ore"),
    # Ramparts' commodities (ramparts_data.COMMODITIES)
    "ink": N_("ink"), "sailcloth": N_("sailcloth"), "silver": N_("silver"),
}
TERRAIN_WORDS = {
    "forest": N_("forest"), "hills": N_("hills"), "pasture": N_("pasture"), "fields": N_("fields"),
    "mountains": N_("mountains"), "desert": N_("desert"), "gold": N_("gold field"), "sea": N_("sea"),
}


def kind_word(name: str) -> str:
    """A resource's (or commodity's) name in the current language, as a count of cards reads it."""
    word = KIND_WORDS.get(name)
    return tr(word) if word is not None else name


def kinds_words(names) -> str:
    """Several kinds' names, translated, joined by spaces (`wool ore`)."""
    return " ".join(kind_word(name) for name in names)

# 19 land hexes: 4 lumber, 3 brick, 4 wool, 4 grain, 3 ore, 1 desert.
HEX_COUNTS = (4, 3, 4, 4, 3, 1)
NUMBER_TOKENS = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
# The dots printed under a number: how many of the 36 dice outcomes roll it.
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
BANK_PER_RESOURCE = 19

# -- costs and pieces ------------------------------------------------------------------
#            lumber brick wool grain ore
COST_ROAD = (1, 1, 0, 0, 0)
COST_SETTLEMENT = (1, 1, 1, 1, 0)
COST_CITY = (0, 0, 0, 2, 3)
COST_DEV = (0, 0, 1, 1, 1)
ROADS, SETTLEMENTS, CITIES = 15, 5, 4

# -- development cards -----------------------------------------------------------------
DEV_CARDS = ("knight", "victory point", "road building", "year of plenty", "monopoly")  # verbatim: keys
# their names as people read them
DEV_TITLES = (N_("Knight"), N_("Victory Point"), N_("Road Building"), N_("Year of Plenty"), N_("Monopoly"))
# a count of them in a hand (`2 knight card`... as `counts_change` and the hand write them)
DEV_CARD_WORDS = (N_("knight"), N_("victory point"), N_("road building"), N_("year of plenty"), N_("monopoly"))
# a change of them (`+1 knight card`)
DEV_CHANGE_WORDS = (N_("knight card"), N_("victory point card"), N_("road building card"), N_("year of plenty card"),
                    N_("monopoly card"))
KNIGHT, VICTORY, ROAD_BUILDING, PLENTY, MONOPOLY = range(5)
DEV_COUNTS = (14, 5, 2, 2, 2)

# -- titles ----------------------------------------------------------------------------
LONGEST_ROAD_MIN = 5
LARGEST_ARMY_MIN = 3
TITLE_POINTS = 2

# -- harbours --------------------------------------------------------------------------
# Harbour kinds: "any" trades 3:1, a resource name trades that resource 2:1.
# DESIGNED: 9 harbours sit on the 30 coast edges with gaps of 3, 3, 4 edges repeated three
# times (30 = 3 * (3 + 3 + 4)), so they spread evenly around the island, never share a corner,
# and every stretch of coast has one within reach.
HARBOUR_GAPS = (3, 3, 4, 3, 3, 4, 3, 3, 4)
# DESIGNED: kinds in clockwise order from the top, alternating generic and resource harbours
# where possible so no two 2:1 harbours of neighbouring stretches cluster; the random board
# shuffles this list, the beginner board keeps it.
HARBOUR_KINDS = ("any", "grain", "ore", "any", "wool", "any", "any", "brick", "lumber")

# -- beginner board --------------------------------------------------------------------
# DESIGNED: a fixed, balanced layout in rows of 3, 4, 5, 4, 3 hexes (A..S): the desert in the
# middle, each resource spread over the island, no 6 or 8 next to another 6 or 8, and each
# resource given a mix of good and poor numbers.
BEGINNER_LAYOUT = (
    ("ore", 10), ("wool", 2), ("lumber", 9),
    ("grain", 12), ("brick", 6), ("wool", 4), ("brick", 10),
    ("grain", 9), ("lumber", 11), ("desert", 0), ("lumber", 3), ("ore", 8),
    ("lumber", 8), ("ore", 3), ("grain", 4), ("wool", 5),
    ("brick", 5), ("grain", 6), ("wool", 11),
)

# -- rules the guide leaves open -------------------------------------------------------
# DESIGNED: at most 3 player offers per turn, so a table channel is not flooded and the
# list of moves stays short; offers can be cancelled, so 3 is rarely a real limit.
MAX_OFFERS_PER_TURN = 3
# DESIGNED: the discard menu lists at most this many combinations (the most even ones
# first); any exact combination may still be typed.
MAX_LISTED_DISCARDS = 300

DESIGNED_NOTES = (
    N_("Labels: hexes A-S in rows of 3, 4, 5, 4, 3 from the top left; corners 1-54 row by row "
    "from the top; a road is named by its two corners, smaller first (`12-17`)."),
    N_("Harbours: 9 on the coast with gaps of 3, 3, 4 coast edges repeated, never sharing a corner; "
    "4 trade 3:1 and one 2:1 per resource. The random board shuffles their kinds."),
    N_("Beginner board: a fixed balanced layout with the desert in the middle and no 6 or 8 "
    "beside another 6 or 8."),
    N_("Random board: resources and numbers are shuffled until no 6 or 8 touches another 6 or 8."),
    N_("Player offers: at most 3 per turn; an offer may be cancelled by its maker."),
    N_("Longest Road: when a settlement breaks the holder's road and the holder no longer has the "
    "longest, the title goes to the single longest road of 5 or more, or is set aside when "
    "several tie; a holder who still ties for longest keeps it."),
    N_("Friendly robber: protection is about the players who could be robbed, so the roller's own "
    "buildings never keep the robber away."),
    N_("Year of Plenty takes 2 cards the bank holds; if the bank holds only 1 card in all, it takes that one."),
    N_("A robber move must steal when a player beside the hex holds a card; players with no cards "
    "cannot be chosen."),
)

# -- Ramparts (../rules/pioneers-ramparts.md; its components are in ramparts_data.py) -----------
RAMPARTS_TARGET = 13  # the guide's target with Ramparts, unless the host sets one

# -- Voyages: the sea layouts (../rules/pioneers-voyages.md) -----------------------------
GOLD, SEA = 6, 7  # terrain kinds beyond the desert: a gold field and water
SEA_TERRAIN = TERRAIN + ("gold", "sea")
SHIP_COST = (1, 0, 1, 0, 0)  # lumber, wool: the design's price
SHIPS = 15
# DESIGNED: the victory target of a sea layout left at its default: the guide's 14.
SEA_TARGET = 14
# DESIGNED: points for the first settlement on a new island; the guide gives no figure, and 2
# makes a crossing worth a settlement and a half, as much as a title.
DISCOVERY_POINTS = 2

# A sea layout, drawn in rows of hexes, every other row set half a hex to the right (odd rows):
# `.` is water, a letter or digit a land hex of the island it names. `groups` says which
# islands share a terrain mix; `mix` is per group (lumber, brick, wool, grain, ore, desert, gold).
# Islands never touch one another, so a corner belongs to one island at most.
SEA_LAYOUTS: dict[str, dict] = {
    # DESIGNED: Shores, 3-4 players. A home island of 14 hexes where every start is made, and
    # four outer islands of 2 or 3 hexes (11 hexes), each one or two sea hexes away, holding
    # both gold fields and the scarcer resources, so crossing pays.
    "shores": {
        "players": (3, 4),
        "rows": (
            ". . . . . . . . .",
            ". h h h . . 1 1 .",
            ". h h h h . . 1 .",
            ". h h h h . . . .",
            ". . h h h . 2 . .",
            ". . . . . . 2 2 .",
            ". 4 . . 3 . . . .",
            ". 4 . 3 3 . . . .",
            ". . . . . . . . .",
        ),
        "home": "h",  # every starting settlement stands here
        "groups": {"h": "home", "1": "outer", "2": "outer", "3": "outer", "4": "outer"},
        # DESIGNED: home 3 lumber, 2 brick, 3 wool, 3 grain, 2 ore, 1 desert (14); outer 1 lumber,
        # 2 brick, 2 wool, 2 grain, 2 ore, 2 gold (11): the two gold fields on the outer islands.
        "mix": {"home": (3, 2, 3, 3, 2, 1, 0), "outer": (1, 2, 2, 2, 2, 0, 2)},
        # DESIGNED: the base 18 tokens and one more 3, 4, 5, 9, 10, 11 for the 24 numbered hexes
        "tokens": NUMBER_TOKENS + (3, 4, 5, 9, 10, 11),
        # DESIGNED: 8 harbours on the home island's coast (3 generic, one 2:1 per resource),
        # spread evenly; outer islands have none, so their goods travel home to trade
        "harbours": {"h": ("any", "grain", "ore", "any", "wool", "brick", "any", "lumber")},
        # DESIGNED: the pirate starts on open water between the home island and the outer ones
        "pirate": (4, 5),
    },
    # DESIGNED: Isles, 2-4 players. Four islands of 5 hexes and one small isle of 2 hexes with the
    # gold field, between them; starts may go on any island.
    "isles": {
        "players": (2, 4),
        "rows": (
            ". . . . . . . . .",
            ". a a . . . b b .",
            ". a a a . . b b .",
            ". . . . . . . b .",
            ". . . . e e . . .",
            ". c c . . . . . .",
            ". c c c . . d d .",
            ". . . . . d d d .",
            ". . . . . . . . .",
        ),
        "home": "",  # no home island: each player's start islands are where their settlements stand
        "groups": {"a": "main", "b": "main", "c": "main", "d": "main", "e": "isle"},
        # DESIGNED: main 4 lumber, 4 brick, 4 wool, 4 grain, 3 ore, 1 desert (20); the small isle
        # 1 ore and 1 gold (2): one gold field, beside the scarcest resource.
        "mix": {"main": (4, 4, 4, 4, 3, 1, 0), "isle": (0, 0, 0, 0, 1, 0, 1)},
        # DESIGNED: the base 18 tokens and one more 4, 9, 10 for the 21 numbered hexes
        "tokens": NUMBER_TOKENS + (4, 9, 10),
        # DESIGNED: 2 harbours on each large island (3 generic, one 2:1 per resource)
        "harbours": {"a": ("any", "lumber"), "b": ("brick", "any"), "c": ("wool", "grain"), "d": ("any", "ore")},
        # DESIGNED: the pirate starts at sea in the middle of the map, beside no island's best coast
        "pirate": (3, 4),
    },
}
SEA_BOARDS = tuple(SEA_LAYOUTS)
# DESIGNED: land hexes of a sea layout are letters without S, which names sea hexes (S1, S2, ...)
LAND_LETTERS = "ABCDEFGHIJKLMNOPQRTUVWXYZ"

# the note on discovery, its points filled in (`sea_note` translates it)
DISCOVERY_NOTE = N_("Discovery: the first settlement on an island where a player did not start gives {points} points, "
                    "once per island and player (public).")
SEA_NOTES = (
    N_("Sea layouts (`board=shores`, 3-4 players; `board=isles`, 2-4): the target is 14 unless the "
    "host sets it. Land hexes are letters (no S), sea hexes S1, S2, ... row by row; corners are "
    "numbered row by row over the whole map."),
    N_("Shores: a home island of 14 hexes (3 lumber, 2 brick, 3 wool, 3 grain, 2 ore, 1 desert) where "
    "every start is made, and four outer islands of 11 hexes in all (1 lumber, 2 brick, 2 wool, "
    "2 grain, 2 ore, 2 gold). Tokens: the base 18 and one more 3, 4, 5, 9, 10, 11. Harbours: 8 on "
    "the home coast (3 generic, one 2:1 per resource)."),
    N_("Isles: four islands of 5 hexes (4 lumber, 4 brick, 4 wool, 4 grain, 3 ore, 1 desert among "
    "them) and a small isle of ore and gold. Tokens: the base 18 and one more 4, 9, 10. Harbours: "
    "2 on each large island."),
    N_("Terrain is shuffled within each group of islands and the tokens over the whole map, 6 and 8 "
    "never touching; harbour kinds are shuffled too."),
    DISCOVERY_NOTE.replace("{points}", str(DISCOVERY_POINTS)),
    N_("Gold: each settlement beside a gold field whose number rolls takes 1 card of its owner's choice, "
    "a city 2, chosen in turn order from the player rolling (`gold 1 wool 1 ore`); a starting "
    "settlement collects nothing from gold."),
    N_("Setup on a sea layout: the piece beside each starting settlement may be a road or a ship."),
    N_("The pirate starts at sea between the home island and the outer ones on Shores (S25), in the "
    "middle of the map on Isles (S23). A ship on an edge of the pirate's hex may neither be built "
    "there, nor moved away or moved there; with the friendly robber, the pirate may not go beside a "
    "protected player's ship."),
    N_("Moving a ship: after the roll, once a turn, `move ship A-B to C-D`; the ship must end an "
    "open line and not have been built this turn, and its new edge is one where a ship could be "
    "built once it has left."),
)


def sea_note(note: str) -> str:
    """One of SEA_NOTES in the current language."""
    if note == DISCOVERY_NOTE.replace("{points}", str(DISCOVERY_POINTS)):
        return tr(DISCOVERY_NOTE).replace("{points}", str(DISCOVERY_POINTS))
    return tr(note)

"""Components of Pioneer's Isle.

Values the rulebook gives are plain; values it leaves out carry a `DESIGNED` comment with
the reasoning, and `DESIGNED_NOTES` collects them for `rules_help()`.
"""

from __future__ import annotations

# -- resources -------------------------------------------------------------------------
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
DESERT = 5
TERRAIN = ("forest", "hills", "pasture", "fields", "mountains", "desert")
RES_INDEX = {name: index for index, name in enumerate(RESOURCES)}

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
DEV_CARDS = ("knight", "victory point", "road building", "year of plenty", "monopoly")
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
    "Labels: hexes A-S in rows of 3, 4, 5, 4, 3 from the top left; corners 1-54 row by row "
    "from the top; a road is named by its two corners, smaller first (`12-17`).",
    "Harbours: 9 on the coast with gaps of 3, 3, 4 coast edges repeated, never sharing a corner; "
    "4 trade 3:1 and one 2:1 per resource. The random board shuffles their kinds.",
    "Beginner board: a fixed balanced layout with the desert in the middle and no 6 or 8 "
    "beside another 6 or 8.",
    "Random board: resources and numbers are shuffled until no 6 or 8 touches another 6 or 8.",
    "Player offers: at most 3 per turn; an offer may be cancelled by its maker.",
    "Longest Road: when a settlement breaks the holder's road and the holder no longer has the "
    "longest, the title goes to the single longest road of 5 or more, or is set aside when "
    "several tie; a holder who still ties for longest keeps it.",
    "Friendly robber: protection is about the players who could be robbed, so the roller's own "
    "buildings never keep the robber away.",
    "Year of Plenty takes 2 cards the bank holds; if the bank holds only 1 card in all, it takes that one.",
    "A robber move must steal when a player beside the hex holds a card; players with no cards "
    "cannot be chosen.",
)

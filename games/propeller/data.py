"""Components of Propeller Islands.

Values the rulebook gives are plain; values it leaves out carry a `DESIGNED` comment with
the reasoning, and `DESIGNED_NOTES` collects them for the rules help.
"""

from __future__ import annotations

from dataclasses import dataclass

from lang import N_

# -- resources -------------------------------------------------------------------------
RESOURCES = ("energy", "steel", "part")
ENERGY, STEEL, PART = range(3)
RES_LETTER = "esp"
START_RESOURCES = (2, 1, 0)
# End scoring: 3 energy, 2 steel or 1 part make 1 VP (rounded down per kind).
VP_RATE = (3, 2, 1)

# -- dice ------------------------------------------------------------------------------
DICE_BY_PLAYERS = {2: 5, 3: 7, 4: 9}
MAX_PER_FACE = 3  # a forge space holds at most three dice after the re-rolls

# -- guilds ----------------------------------------------------------------------------
GUILDS = ("I", "S", "C")
GUILD_NAMES = {"I": N_("Industry"), "S": N_("Science"), "C": N_("Culture")}

# -- tiles -----------------------------------------------------------------------------
CAPITOL = 1
DEPOTS = (2, 3, 4)
LANDMARKS = tuple(range(14, 24))
KIND_NAMES = {
    1: N_("Capitol"), 2: N_("Worker Depot"), 3: N_("Steel Depot"), 4: N_("Parts Depot"),
    5: N_("Tinker Shop"), 6: N_("Refinery"), 7: N_("Iron Foundry"), 8: N_("Hotel"), 9: N_("Smelting Plant"),
    10: N_("Factory"), 11: N_("Radio Station"), 12: N_("Warehouse"), 13: N_("Crystal Trader"),
    14: N_("Luxury Apartments"), 15: N_("Parcel Service"), 16: N_("Floating Gardens"), 17: N_("Theater"),
    18: N_("Laboratory"), 19: N_("Archives"), 20: N_("Newspaper"), 21: N_("Coffee House"), 22: N_("Zeppelin Tower"),
    23: N_("Observation Platform"),
}
SHORT_NAMES = {  # verbatim: shown through render.propeller_table.short_name, with a context
    1: "Capitol", 2: "Dep.wkr", 3: "Dep.stl", 4: "Dep.part", 5: "Tinker", 6: "Refinery",  # verbatim: short names, shown with a context
    7: "Foundry", 8: "Hotel", 9: "Smelter", 10: "Factory", 11: "Radio", 12: "Warehse",  # verbatim: short names, shown with a context
    13: "Crystal", 14: "Apartmts", 15: "Parcel", 16: "Gardens", 17: "Theater", 18: "Lab",  # verbatim: short names, shown with a context
    19: "Archives", 20: "News", 21: "Coffee", 22: "Zeppelin", 23: "Observ.",  # verbatim: short names, shown with a context
}
EFFECT_TEXT = {
    1: N_("deploy 1 worker or +1 steel +1 energy"),
    2: N_("on placing: deploy 1 worker"),
    3: N_("on placing: +1 steel"),
    4: N_("on placing: +1 part"),
    5: N_("+1 part"),
    6: N_("+2 energy"),
    7: N_("+1 steel"),
    8: N_("deploy 1 worker"),
    9: N_("pay 2 energy: +1 part +1 steel"),
    10: N_("pay 1 steel: +2 parts"),
    11: N_("activate another building with a ready worker"),
    12: N_("gain one Depot's benefit"),
    13: N_("2 energy -> 1 steel or 1 part, or 1 part/steel -> 2 energy"),
    14: N_("end: 3 VP per 6 workers on the island"),
    15: N_("end: 5 VP per 3 Depots"),
    16: N_("end: 5 VP if surrounded on all six sides"),
    17: N_("end: 5 VP per Industry+Science+Culture banner trio beside it"),
    18: N_("end: 4 VP per 3 Science banners"),
    19: N_("end: 4 VP per 3 Culture banners"),
    20: N_("end: 4 VP per 3 Industry banners"),
    21: N_("end: 5 VP per 4 different activation numbers"),
    22: N_("end: 5 VP per set of numbers 2, 4, 6"),
    23: N_("end: 5 VP per set of numbers 1, 3, 5"),
}


@dataclass(frozen=True)
class Tile:
    id: int
    kind: int
    number: int  # activation number 1-6; 0 for "?" (any value); -1 for none (depots, landmarks)
    banner: str  # printed guild banner ("" for none)
    hub: str  # printed hub icon ("" for none)

    @property
    def houses(self) -> bool:
        return self.kind not in DEPOTS

    @property
    def active(self) -> bool:
        """Activated with a die (the Capitol and the buildings 05-13)."""
        return self.kind == CAPITOL or 5 <= self.kind <= 13

    @property
    def slots(self) -> str:
        """Upgrade spaces: P production, B guild banner, W wild die."""
        return upgrade_slots(self.kind, self.number)


def upgrade_slots(kind: int, number: int) -> str:
    # DESIGNED: production spaces on the buildings that produce when activated (05-13), a wild
    # die space on those with a printed number (a "?" already takes any die), a banner space on
    # every tile but the Capitol; the Capitol takes none, so every island starts alike.
    if kind == CAPITOL:
        return ""
    slots = "B"
    if 5 <= kind <= 13:
        slots = "P" + slots + ("W" if number > 0 else "")
    return slots


# DESIGNED: the 48 guild and hub buildings. Token: activation number ("?" for any), then
# b (guild banner) or h (hub icon), then the guild. Seven tiles of each number 1-6 and six "?"
# tiles (the Warehouses and two Crystal Traders, whose effects need flexible timing), so no die
# face is better than another; 30 banners and 18 hubs, ten banners and six hubs per guild, so
# every guild can link and no guild is favoured; the simple producers (05-08) come six times
# each with every number once, the stronger converters fewer times.
BUILDING_SPEC = {
    5: "1bS 2bS 3hS 4bI 5bC 6hC",
    6: "1bI 2hI 3bC 4bS 5hS 6bI",
    7: "1hI 2bI 3bI 4hC 5bC 6bS",
    8: "1bC 2bC 3hC 4bS 5hI 6bI",
    9: "1hS 2bI 3bS 4bC 5bC",
    10: "2bS 3hI 4bC 5hS 6bS",
    11: "1bC 3hS 5bI 6hC",
    12: "?bI ?hI ?bS ?hC",
    13: "1bS 2hC 4bI 6hI ?bC ?hS",
}
# DESIGNED: four of each Depot, their hub icons spread so each guild has four Depot hubs.
DEPOT_SPEC = {2: "ISCI", 3: "SCIS", 4: "CISC"}
# DESIGNED: one of each Landmark, banners spread 3 Industry, 3 Science, 4 Culture.
LANDMARK_BANNERS = {14: "C", 15: "I", 16: "S", 17: "C", 18: "S", 19: "C", 20: "I", 21: "C", 22: "I", 23: "S"}


def _build_tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for kind, hubs in DEPOT_SPEC.items():
        for hub in hubs:
            tiles.append(Tile(len(tiles), kind, -1, "", hub))
    for kind, spec in BUILDING_SPEC.items():
        for token in spec.split():
            number = 0 if token[0] == "?" else int(token[0])
            banner, hub = (token[2], "") if token[1] == "b" else ("", token[2])
            tiles.append(Tile(len(tiles), kind, number, banner, hub))
    for kind, banner in LANDMARK_BANNERS.items():
        tiles.append(Tile(len(tiles), kind, -1, banner, ""))
    return tuple(tiles)


TILES = _build_tiles()
TILE_COUNT = len(TILES)  # 70
CAPITOL_TILE = Tile(-1, CAPITOL, 0, "", "")


def tile(tile_id: int) -> Tile:
    return CAPITOL_TILE if tile_id < 0 else TILES[tile_id]


OFFER_SIZE = 12

# -- geometry --------------------------------------------------------------------------
# Hexes in axial coordinates (q, r), flat-topped: (0, -1) is straight up.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
# The forge board: a centre and six spaces 1-6 clockwise from the top; the twelve offered
# tiles lie on the ring around it (slots a-l clockwise from the top). From the publisher's
# description: each forge space touches three ring hexes.
FORGE = {value: DIRECTIONS[value - 1] for value in range(1, 7)}


def _ring(radius: int) -> list[tuple[int, int]]:
    q, r = 0, -radius
    cells = []
    for side in range(6):
        dq, dr = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            cells.append((q, r))
            q, r = q + dq, r + dr
    return cells


RING = tuple(_ring(2))
SLOTS = "abcdefghijkl"


_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


def neighbours(q: int, r: int) -> tuple[tuple[int, int], ...]:
    found = _NEIGHBOURS.get((q, r))
    if found is None:
        found = _NEIGHBOURS[(q, r)] = tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
    return found


def _slots_by_value() -> dict[int, tuple[int, ...]]:
    found = {}
    for value, (q, r) in FORGE.items():
        around = set(neighbours(q, r))
        found[value] = tuple(index for index, cell in enumerate(RING) if cell in around)
    return found


SLOTS_BY_VALUE = _slots_by_value()  # value -> the three ring slots beside its forge space

# -- dock board ------------------------------------------------------------------------
ROWS, COLUMNS = 3, 4
DOCK_SIZE = ROWS * COLUMNS
WORKERS = DOCK_SIZE + 1  # twelve on the dock, one on the Capitol
COLUMN_LETTERS = "abcd"
REWARD_TEXT = {
    "tile": N_("a random building from the draw stack"),
    "part": N_("+1 part"),
    "any2": N_("activate two different buildings, any number"),
    "fame3": N_("+3 fame"),
    "depot2": N_("use up to two Depots again"),
    "es": N_("+1 energy +1 steel"),
    "deploy": N_("deploy 1 worker"),
}
# DESIGNED: the three-worker columns give the small rewards, the four-worker rows the
# larger ones (fame and extra activations), so the harder clearing pays more; deploying a
# worker sits on the last column, so a player who chains it clears that column last.
COLUMN_REWARDS = ("part", "es", "tile", "deploy")
ROW_REWARDS = ("fame3", "any2", "depot2")


def space_name(index: int) -> str:
    return f"{COLUMN_LETTERS[index % COLUMNS]}{index // COLUMNS + 1}"


SPACE_INDEX = {space_name(index): index for index in range(DOCK_SIZE)}

# -- fame ------------------------------------------------------------------------------
# DESIGNED: trumpets on spaces 5 and 10 of the 0-15 track, a third and two thirds up it.
TRUMPETS = (5, 10)
# DESIGNED: passing 15 takes a 15+ token and the tracker restarts at 0, so a token stands
# for 16 points (the spaces 0-15) and no fame is lost; a power once reached stays.
TRACK_SPACES = 16

# -- upgrades and blueprints -----------------------------------------------------------
# Upgrade codes: W wild die; Pe / Ps / Pp production of energy / steel / part; BI / BS / BC
# guild banners.
UPGRADE_NAMES = {
    "W": N_("wild die"), "Pe": N_("energy production"), "Ps": N_("steel production"), "Pp": N_("part production"),
    "BI": N_("Industry banner"), "BS": N_("Science banner"), "BC": N_("Culture banner"),
}


@dataclass(frozen=True)
class Blueprint:
    id: int  # 1-38
    level: int  # 1 or 2
    cost: tuple[int, int, int]  # energy, steel, parts
    vp: int
    upgrade: str


# DESIGNED: one Blueprint per upgrade token (38 each), so the tokens never run short.
# Level I asks 2-3 resources worth about 1-2 VP at the end rate and pays 1-2 VP plus a
# production upgrade (or a banner); level II asks 4-6 resources and pays 3-5 VP, with all the
# wild dice and most banners. Against the end value of its cost (3 energy, 2 steel or 1 part
# a VP): a level I card's VP is within a point of it (from half a point below to two thirds
# above), so completing one is about even and its upgrade is the reward; a level II card's VP
# beats it by 1 to 2, paying for the bigger outlay.
BLUEPRINT_SPEC = (
    # level I: energy, steel, parts, VP, upgrade
    (1, (2, 0, 0), 1, "Pe"), (1, (0, 2, 0), 1, "Ps"), (1, (1, 1, 0), 1, "Pe"), (1, (1, 1, 0), 1, "Ps"),
    (1, (2, 1, 0), 1, "Pp"), (1, (0, 0, 2), 2, "Pe"), (1, (1, 0, 1), 2, "Ps"), (1, (0, 1, 1), 2, "Pp"),
    (1, (3, 0, 0), 1, "Ps"), (1, (2, 0, 1), 2, "Pe"), (1, (1, 2, 0), 2, "Pp"), (1, (0, 2, 1), 2, "Pe"),
    (1, (1, 1, 1), 2, "Pp"), (1, (2, 1, 0), 1, "Ps"), (1, (0, 1, 1), 2, "Pe"), (1, (1, 0, 1), 2, "Pp"),
    (1, (0, 3, 0), 2, "Ps"), (1, (1, 1, 1), 2, "BI"), (1, (2, 0, 1), 2, "BS"), (1, (1, 2, 0), 2, "BC"),
    (1, (0, 1, 2), 2, "BS"),
    # level II
    (2, (2, 2, 0), 3, "W"), (2, (2, 1, 1), 3, "W"), (2, (1, 2, 1), 4, "W"), (2, (0, 2, 2), 4, "W"),
    (2, (3, 1, 1), 4, "W"), (2, (2, 2, 2), 5, "W"), (2, (1, 1, 2), 4, "W"), (2, (4, 2, 0), 4, "W"),
    (2, (1, 3, 1), 5, "W"), (2, (2, 1, 1), 3, "BI"), (2, (1, 2, 1), 4, "BI"), (2, (2, 0, 2), 4, "BC"),
    (2, (0, 2, 2), 4, "BC"), (2, (3, 2, 0), 3, "BS"), (2, (3, 0, 1), 3, "Pe"), (2, (0, 3, 1), 4, "Ps"),
    (2, (2, 2, 1), 4, "Pp"),
)
BLUEPRINTS = tuple(Blueprint(index + 1, level, cost, vp, upgrade)
                   for index, (level, cost, vp, upgrade) in enumerate(BLUEPRINT_SPEC))
BLUEPRINT_BY_ID = {card.id: card for card in BLUEPRINTS}
OFFER_PER_LEVEL = 3
START_HAND = (2, 1)  # level I, level II
BLUEPRINTS_TO_END = 7

# -- characters ------------------------------------------------------------------------
CHARACTERS = ("jacques", "nelson", "amelia", "marie", "nicola", "charles")
CHARACTER_NAMES = {
    "jacques": N_("Jacques, the Explorer"), "nelson": N_("Nelson, the Admiral"), "amelia": N_("Amelia, the Pioneer"),
    "marie": N_("Marie, the Scientist"), "nicola": N_("Nicola, the Inventor"), "charles": N_("Sir Charles, the Politician"),
}
CHARACTER_POWERS = {
    "jacques": (N_("re-roll your drafted die for +1 energy (keep the result)"),
                N_("re-roll your drafted die for +1 energy +1 steel")),
    "nelson": (N_("count the end-of-round die as 1 more or 1 less"), N_("count the end-of-round die as any number")),
    "amelia": (N_("once a round, gaining fame also gives +1 energy"), N_("once a round, gaining fame also gives +1 energy or steel")),
    "marie": (N_("on your turn's activation, pay 1 energy to activate 1 extra building"),
              N_("on your turn's activation, activate 1 extra building")),
    "nicola": (N_("after completing a Blueprint, +1 energy"), N_("after completing a Blueprint, +1 energy or steel")),
    "charles": (N_("change your drafted die by 1, free"), N_("change your drafted die by 1 or 2, free")),
}

DESIGNED_NOTES = (
    N_("Tiles: 4 of each Depot (02-04), 48 guild and hub buildings (six each of 05-08 and 13, five of 09 "
       "and 10, four of 11 and 12), one of each Landmark 14-23. Seven buildings carry each number 1-6; "
       "the Warehouses and two Crystal Traders show \"?\". 30 buildings fly a banner, 18 carry a hub icon, "
       "split evenly over the three guilds; Depots are hubs (four per guild); Landmarks fly banners."),
    N_("Observation Platform (23): 5 VP per set of buildings numbered 1, 3 and 5, the mirror of the "
       "Zeppelin Tower."),
    N_("Upgrade spaces: buildings 05-13 take production; those with a printed number also take a wild "
       "die; every tile but the Capitol takes a guild banner; the Capitol takes none."),
    N_("Blueprints: one per upgrade token (38). Level I costs 2-3 resources for 1-2 VP, about what "
       "its cost would score at the end, mostly production upgrades; level II costs 4-6 for 3-5 VP, "
       "1 to 2 VP more than its cost would score, and carries the nine wild dice and most banners. "
       "The list is in the picture of your hand."),
    N_("Dock: columns a-d (three workers each) give +1 part, +1 energy +1 steel, a random building, "
       "deploy 1 worker; rows 1-3 (four workers each) give +3 fame, activate two buildings of any "
       "number, use up to two Depots again."),
    N_("Fame: trumpets on 5 and 10. Past 15 a 15+ token is taken and the tracker restarts at 0: the "
       "token counts 16, no fame is lost, and a character power once reached stays."),
    N_("Resources never run out: the box's multiplier cards stand in for missing tokens."),
    N_("A drafted die is changed once: by 1 for 1 energy, or for free by Sir Charles (1, or 1-2 when "
       "advanced). Jacques's re-roll replaces that change."),
    N_("A newly deployed worker stands, so its building can be activated in the same round."),
    N_("Rewards and effects that ask you to choose (deploy, place a building, activate, use a Depot) "
       "come as steps; `skip` declines what is left of one, except placing a drawn building."),
    N_("Ties: most workers still on the dock, then shared (the youngest player cannot be known here)."),
)

"""Components and designed values of Ramparts (knights, improvements and raiders), the rules
variant of Pioneer's Isle described in ../shared/rules/pioneers-ramparts.md.

Values the design takes from the well-known rules are plain; the ones that are ours carry a
`DESIGNED` comment with the reason, and `RAMPARTS_NOTES` collects them for the rules help.
"""

from __future__ import annotations

from games.pioneers import data as D
from lang import N_, pgettext, tr

# -- cards: the five resources, then the three commodities ---------------------------------------
COMMODITIES = ("ink", "sailcloth", "silver")
KINDS = D.RESOURCES + COMMODITIES  # a hand and the bank: 8 counts in this order
KIND_INDEX = {name: index for index, name in enumerate(KINDS)}
INK, SAILCLOTH, SILVER = 5, 6, 7
KIND_COUNT = len(KINDS)
COMMODITY_BANK = 12  # of each commodity
# the commodity a city takes beside its resource, by the hex's resource (none on hills or fields)
COMMODITY_OF = {D.LUMBER: INK, D.WOOL: SAILCLOTH, D.ORE: SILVER}

# -- improvement tracks ----------------------------------------------------------------------
TRACKS = ("commerce", "council", "lore")
TRACK_INDEX = {name: index for index, name in enumerate(TRACKS)}
COMMERCE, COUNCIL, LORE = range(3)
TRACK_COMMODITY = (SAILCLOTH, SILVER, INK)  # each track is paid in its commodity
MAX_LEVEL = 5
POWER_LEVEL = 3  # Chandlery, Stronghold, Cistern
METROPOLIS_LEVEL = 4
# DESIGNED: the metropolises' names are ours, one a track, with a letter for the picture
METROPOLISES = ("Emporium", "Citadel", "Lighthouse")  # verbatim: keys; `metropolis_name` for people
METROPOLIS_LETTERS = ("E", "C", "L")
METROPOLIS_POINTS = 2

# -- the event die -------------------------------------------------------------------------------
# DESIGNED: faces in this order, thrown with one whole number 0-5: three sail faces, then one gate
# face per track (the published die's layout; the order only names the faces)
EVENT_FACES = ("sail", "sail", "sail", "commerce", "council", "lore")
RAIDERS_STEPS = 7  # the raiders attack on their seventh step

# -- pieces and costs (8 counts: lumber brick wool grain ore ink sailcloth silver) -------------
COST_ROAD = (1, 1, 0, 0, 0, 0, 0, 0)
COST_SETTLEMENT = (1, 1, 1, 1, 0, 0, 0, 0)
COST_CITY = (0, 0, 0, 2, 3, 0, 0, 0)
COST_KNIGHT = (0, 0, 1, 0, 1, 0, 0, 0)  # build or promote: 1 wool + 1 ore
COST_ACTIVATE = (0, 0, 0, 1, 0, 0, 0, 0)  # 1 grain
COST_WALL = (0, 2, 0, 0, 0, 0, 0, 0)  # 2 brick
WALLS = 3
WALL_LIMIT = 2  # each wall raises its owner's hand limit on a 7 by this much
KNIGHTS_PER_STRENGTH = 2  # 2 young (1), 2 seasoned (2), 2 veteran (3)
KNIGHT_NAMES = ("", "young", "seasoned", "veteran")  # the view's words; `knight_word` for people

# -- progress cards ----------------------------------------------------------------------------
PROGRESS_HAND = 4  # held at most; point cards are never held
# DESIGNED: a player holding 4 draws nothing (the published rule draws, then puts back one of
# five; ours calls nobody back)
DEFAULT_TARGET = 13  # the guide's target with Ramparts
# DESIGNED: a tie among the strongest defenders draws from this track when the player set no
# `track:` answer and holds no higher level elsewhere: commerce, council, lore in that order
TRACK_TIE_ORDER = (COMMERCE, COUNCIL, LORE)
# DESIGNED: the Cistern's default priority (`cistern:` standing answer): the card the island
# makes rarest first
CISTERN_DEFAULT = (D.ORE, D.GRAIN, D.WOOL, D.BRICK, D.LUMBER)
SHIELD_POINTS = 1
POINT_CARD_POINTS = 1
PEDDLER_POINTS = 1

RAMPARTS_NOTES = (
    N_("Ramparts is a lobby option (`ramparts=on`), off by default: it changes the rules, not the map. "
       "With it the target is 13 unless the host sets another; it is refused with a sea layout."),
    N_("Ramparts takes 2 to 4 players: every rule works with two, though the published family is for 3-4."),
    N_("Ramparts is rated apart from the base game: knights and improvements ask other skills."),
    N_("The first of the two production dice is the red one; the event die's gate faces read it."),
    N_("The second starting placement is a city; it collects one resource per hex it touches, never a "
       "commodity (the guide's starting cards, moved to the city)."),
    N_("An empty progress deck gives nothing; a player holding 4 progress cards draws nothing."),
    N_("Isle Shields are unlimited: the box's six are a count, not a rule."),
    N_("When the raiders win, each weakest defender owning a city without a metropolis loses one: a city "
       "without a wall first, then the one touching fewest pips, then the lowest corner. The table picks "
       "it, so the raid never waits for anybody."),
    N_("A city pillaged when its owner has no settlement in supply stays as a ruin: it counts and produces "
       "as a settlement, holds no wall, and must be rebuilt at a city's cost before its owner builds "
       "another city."),
    N_("Strongest defenders tied each draw from the deck of their standing answer `track:`, by default "
       "their highest level (ties: commerce, council, lore); one with no active knight takes nothing."),
    N_("A displaced knight keeps its state and retreats to the free corner on its owner's roads nearest "
       "by road (ties: the lowest number), or to its owner's supply when there is none: nobody is asked."),
    N_("The Cistern's card follows the standing answer `cistern:`, by default ore grain wool brick "
       "lumber: the first of those the bank holds."),
    N_("The friendly robber protects the same players from a 7, a chase and a Tax Collector."),
    N_("The standing answer `give:` is a priority of kinds: a Festival's or a Customs House's ask is "
       "answered with the cards earliest in it."),
    N_("Turncoat: the knight lost is its owner's weakest, an inactive one first, then the lowest corner; the "
       "player may place one of theirs of that strength, else their strongest weaker one, where they could "
       "build a knight, in the lost knight's state."),
    N_("Envoy: a road has an open end when one of its corners touches none of its owner's roads, buildings "
       "or knights."),
    N_("Terraces and Deep Shaft count the robber's hex too; the bank gives what it has."),
    N_("The peddler stands on a land hex beside the player's settlement or city, never the desert."),
    N_("Ramparts and the sea layouts are not combined yet: the guide gives no target for both, and knights "
       "beside ships, commodities from gold and the pirate locked with the robber need answers of their own."),
    N_("The metropolises are the Emporium (commerce, E), the Citadel (council, C) and the Lighthouse "
       "(lore, L); the commodities are ink (forest), sailcloth (pasture) and silver (mountains)."),
)


# the words people read for the engine's keys, translated where shown
_KIND_WORDS = {"lumber": N_("lumber"), "brick": N_("brick"), "wool": N_("wool"), "grain": N_("grain"), "ore": N_("ore"),
               "ink": N_("ink"), "sailcloth": N_("sailcloth"), "silver": N_("silver")}
_TRACK_WORDS = {"commerce": N_("commerce"), "council": N_("council"), "lore": N_("lore")}
_METROPOLIS_NAMES = (N_("Emporium"), N_("Citadel"), N_("Lighthouse"))


def notes() -> list[str]:
    """`RAMPARTS_NOTES` in the language of the call, for the rules help."""
    return [tr(note) for note in RAMPARTS_NOTES]


def kind_word(kind: int | str) -> str:
    """A resource's or a commodity's word in the language of the call (by index in KINDS or key)."""
    key = KINDS[kind] if isinstance(kind, int) else kind
    return tr(_KIND_WORDS[key]) if key in _KIND_WORDS else key


def track_word(track: int | str) -> str:
    """An improvement track's word (commerce, council, lore) in the language of the call."""
    key = TRACKS[track] if isinstance(track, int) else track
    return tr(_TRACK_WORDS[key]) if key in _TRACK_WORDS else key


def metropolis_name(track: int) -> str:
    """A metropolis's name by its track ("Citadel"), in the language of the call; a sentence writes
    its article (German and Spanish name it "the metropolis Citadel", whatever the case)."""
    return tr(_METROPOLIS_NAMES[track])


def knight_word(strength: int) -> str:
    """A knight's strength as a word that stands alone after the knight (young, seasoned, veteran)."""
    words = ("", pgettext("knight", "young"), pgettext("knight", "seasoned"), pgettext("knight", "veteran"))
    return words[strength] if 0 <= strength < len(words) else str(strength)

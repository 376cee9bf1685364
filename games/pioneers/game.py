"""Pioneer's Isle: the rules engine.

Notation (canonical texts, see `rules_help`):
  settlement 12 · city 12 · road 12-17 · roll · end · buy card
  knight · road building · year of plenty wool ore · monopoly wool
  robber K steal 2 · robber K · discard 2 wool 1 ore
  trade 4 wool for 1 ore · offer 1 wool 1 grain for 1 ore · cancel 1
  accept 1 · decline 1 · counter 1 give 2 ore get 1 wool · confirm 1 3
Seats appear in moves as player numbers 1..n; offers are numbered #1, #2, ... over the game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any

from games.base import (
    RNG_FIELD,
    Action,
    Field,
    Game,
    IllegalMove,
    OptionSpec,
    Outcome,
    Rng,
    counts_change,
    is_number,
    parse_options,
    players_text,
    rank_by,
    rng_untouched,
    seat_name,
)
from games.pioneers import board as B
from games.pioneers import data as D
from games.pioneers import moves as M
from games.pioneers.moves import amounts_text
from games.pioneers.yields import production
from lang import N_, ngettext, tr, verbatim

R = D.RESOURCES
NODE_EDGES = B.NODE_EDGES
EDGE_NODES = B.EDGE_NODES
NODE_NEIGHBOURS = B.NODE_NEIGHBOURS
NODE_HEXES = B.NODE_HEXES
HEX_NODES = B.HEX_NODES
HEX_LABELS = B.HEX_LABELS
EDGE_LABELS = B.EDGE_LABELS
PLAYERS_MOST = M.PLAYERS_MOST

# canonical texts, made once (moves.py writes them; the engine lists them)
ROAD_MOVES = M.ROAD_MOVES
SETTLEMENT_MOVES = M.SETTLEMENT_MOVES
ROBBER_MOVES = M.ROBBER_MOVES
CITY_MOVES = M.CITY_MOVES
TRADE_MOVES = M.TRADE_MOVES
TRADE_ANY = M.TRADE_ANY
OFFER_MOVES = M.OFFER_MOVES
OFFERS_HOLDING = M.OFFERS_HOLDING

PHASE_WORDS = {  # verbatim: the English words of the phases; people read NOT_NOW and TURN_HEADS
    "setup": "placing a starting settlement and road",  # verbatim
    "roll": "to roll",  # verbatim
    "discard": "discarding",  # verbatim
    "robber": "to move the robber",  # verbatim
    "main": "building and trading",  # verbatim
    "roads": "placing free roads",  # verbatim
    "gold": "choosing cards for gold",  # verbatim
    "over": "game over",  # verbatim
}
# the refusal of a move out of its phase, per phase (PHASE_WORDS in whole sentences)
NOT_NOW = {
    "setup": N_("Not now: you are placing a starting settlement and road."),
    "roll": N_("Not now: you are to roll."),
    "discard": N_("Not now: you are discarding."),
    "robber": N_("Not now: you are to move the robber."),
    "main": N_("Not now: you are building and trading."),
    "roads": N_("Not now: you are placing free roads."),
    "gold": N_("Not now: you are choosing cards for gold."),
    "over": N_("Not now: you are game over."),
}
# the status line's head, per phase
TURN_HEADS = {
    "setup": N_("Turn {turn}: {who} is placing a starting settlement and road."),
    "roll": N_("Turn {turn}: {who} is to roll."),
    "discard": N_("Turn {turn}: {who} is discarding."),
    "robber": N_("Turn {turn}: {who} is to move the robber."),
    "main": N_("Turn {turn}: {who} is building and trading."),
    "roads": N_("Turn {turn}: {who} is placing free roads."),
    "gold": N_("Turn {turn}: {who} is choosing cards for gold."),
    "over": N_("Turn {turn}: {who} is game over."),
}
SETUP_HEADS = {
    "settlement": N_("Setup: {who} places a starting settlement."),
    "city": N_("Setup: {who} places a starting city."),
    "road": N_("Setup: {who} places a starting road."),
}
# the menu groups of the setup's placements (`move_groups`)
SETUP_GROUPS = (N_("Setup settlement"), N_("Setup road"), N_("Setup ship"), N_("Setup city"))
# the title's and the cards' labels in the final points (a view: `final_sources`)
SOURCE_LABELS = (N_("settlements"), N_("cities"), N_("Longest Road"), N_("Largest Army"), N_("VP cards"))


def not_now(phase: str) -> str:
    """The refusal of a move out of its phase, in the current language."""
    return tr(NOT_NOW[phase])


def _positions(values: list[int], item: int) -> list[int]:
    """The indices of `item` in `values`, ascending: `list.index` finds each one without a loop in
    Python over the whole list (a seat owns few of the 54 corners and 72 edges)."""
    found = []
    index = values.index
    at = -1
    for _ in range(values.count(item)):
        at = index(item, at + 1)
        found.append(at)
    return found


def connected_parts(links: Mapping[int, list[tuple[int, int]]]) -> Iterator[list[int]]:
    """The corners (or ports) of each connected part of a seat's road graph, one list a part,
    the part's first key first."""
    reached: set[int] = set()
    for first in links:
        if first in reached:
            continue
        piece = [first]
        reached.add(first)
        for node in piece:
            for _bit, other in links[node]:
                if other not in reached:
                    reached.add(other)
                    piece.append(other)
        yield piece


def _farthest(links: Mapping[int, list[tuple[int, int]]], start: int) -> tuple[int, int]:
    """The corner farthest from `start` over the roads in `links`, which form a tree, and how
    many roads away it is."""
    far, far_steps = start, 0
    stack = [(start, -1, 0)]
    while stack:
        node, came_from, steps = stack.pop()
        if steps > far_steps:
            far, far_steps = node, steps
        for _bit, other in links[node]:
            if other != came_from:
                stack.append((other, node, steps + 1))
    return far, far_steps


def _holds(hand: Sequence[int], amounts: Sequence[int]) -> bool:
    return all(have >= need for have, need in zip(hand, amounts, strict=True))


def _discard_options(hand: Sequence[int], k: int, limit: int) -> list[list[int]]:
    """Combinations of exactly k cards from hand, the most even first, at most `limit`: the
    greedy one (the card of which most are left, again and again), then the others with the most
    lumber first, then the most brick, and so on."""
    greedy = [0] * 5
    left = list(hand)
    for _ in range(k):
        best = 0
        for index in range(1, 5):
            if left[index] > left[best]:
                best = index
        left[best] -= 1
        greedy[best] += 1
    found = [greedy]
    h0, h1, h2, h3, h4 = hand
    s4 = h4  # cards from this resource on
    s3 = h3 + s4
    s2 = h2 + s3
    s1 = h1 + s2
    for a in range(min(h0, k), max(0, k - s1) - 1, -1):
        r1 = k - a
        for b in range(min(h1, r1), max(0, r1 - s2) - 1, -1):
            r2 = r1 - b
            for c in range(min(h2, r2), max(0, r2 - s3) - 1, -1):
                r3 = r2 - c
                for d in range(min(h3, r3), max(0, r3 - s4) - 1, -1):
                    option = [a, b, c, d, r3 - d]
                    if option != greedy:
                        found.append(option)
                    if len(found) >= limit:
                        return found
    return found


class PioneersGame(Game):
    key = "pioneers"
    title = verbatim("Pioneer's Isle")
    min_players = 2
    max_players = PLAYERS_MOST
    format_version = 1
    options = (
        OptionSpec("target", int, 10, N_("Victory points needed to win (10; 13 with Ramparts; 14 on a sea layout)."),
                   min=3, max=20, default_for=lambda values: _default_target(values)),
        OptionSpec("discard_limit", int, 7, N_("On a 7, whoever holds more cards than this discards half."),
                   min=3, max=30),
        OptionSpec("friendly_robber", bool, False, N_("Players under 3 visible points cannot be robbed.")),
        OptionSpec("board", str, "random", N_("random (6 and 8 never touch), the fixed beginner board, or a sea "
                   "layout: shores (3-4 players) or isles (2-4)."), choices=("random", "beginner", *D.SEA_BOARDS)),
        OptionSpec("ramparts", bool, False, N_("Ramparts: knights, city improvements, the raiders and progress cards "
                   "(target 13; not with a sea layout).")),
    )
    # the board's geometry and the texts of its placements; a sea layout's class (sea.py) has its own
    GEOMETRY = B.BASE
    NODE_COUNT, EDGE_COUNT, HEX_COUNT = B.NODE_COUNT, B.EDGE_COUNT, B.HEX_COUNT
    NODE_EDGES, EDGE_NODES, NODE_NEIGHBOURS = B.NODE_EDGES, B.EDGE_NODES, B.NODE_NEIGHBOURS
    NODE_HEXES, HEX_NODES, HEX_LABELS, EDGE_LABELS = B.NODE_HEXES, B.HEX_NODES, B.HEX_LABELS, B.EDGE_LABELS
    HARBOUR_NODES, HARBOUR_EDGES = B.HARBOUR_NODES, B.HARBOUR_EDGES
    ROAD_MOVES, SETTLEMENT_MOVES, ROBBER_MOVES, CITY_MOVES = ROAD_MOVES, SETTLEMENT_MOVES, ROBBER_MOVES, CITY_MOVES
    LAND_HEXES = list(range(B.HEX_COUNT))  # where the robber may stand
    LAYOUT = ""  # the sea layout's name, "" for the island alone
    COST_ROAD, COST_SETTLEMENT = D.COST_ROAD, D.COST_SETTLEMENT  # a variant's hands may hold more kinds
    ROUTE_WORDS, ROUTE_WORD = "roads", "road"  # what a settlement continues from
    # the sea layouts' classes by board name, filled in by sea.py
    layouts: dict[str, type[PioneersGame]] = {}
    variants = layouts
    # texts already written as `normalize` writes them, and the moves they name (`play`'s shortcut)
    _written: dict[str, M.Move] = {}

    notation = M.NOTATION
    place_words = M.PLACES
    public_picture = True
    traded_goods = R
    BANK_TRADE_HELP = N_("The bank trades one resource at your rate for 1 card, e.g. `trade 4 wool for 1 ore`.")
    obvious_moves = ("roll", "end")
    fields = (
        Field("n"), Field("opts", "dict"), RNG_FIELD, Field("terrain", "list"), Field("numbers", "list"),
        Field("harbours", "list"), Field("robber"), Field("node_owner", "list"), Field("node_level", "list"),
        Field("edge_owner", "list"), Field("hands", "rows"), Field("bank", "list"), Field("deck", "list"),
        Field("devs", "rows"), Field("new_devs", "list"), Field("played", "list"), Field("knights", "list"),
        Field("dev_played"), Field("army"), Field("road_holder"), Field("road_len", "list"), Field("pieces", "rows"),
        Field("rates", "rows"), Field("current"), Field("phase"), Field("setup_step"), Field("setup_node"),
        Field("discards", "dict", dump=lambda v: [[s, c] for s, c in sorted(v.items())],
              load=lambda v: {int(s): int(c) for s, c in v}),
        Field("robber_return"), Field("free_roads"), Field("dice", "list"),
        Field("offers", dump=lambda v: [_dump_offer(o) for o in v], load=lambda v: [_copy_offer(o) for o in v],
              copy=lambda v: [_copy_offer(o) for o in v]),
        Field("offers_made"), Field("next_offer"),
        Field("closed", dump=lambda v: [[k, *row] for k, row in sorted(v.items())],
              load=lambda v: {int(row[0]): list(row[1:]) for row in v}, copy=lambda v: {k: list(row) for k, row in v.items()}),
        Field("turn"), Field("winner"), Field("last", "deep"),
        Field("number_hexes", "dict", key=None),  # derived from the numbers (`_derive`)
    )

    # the state in slots: read by name faster than from an instance dict of this many entries
    __slots__ = ("n", "opts", "rng", "terrain", "numbers", "harbours", "robber", "node_owner", "node_level",
                 "edge_owner", "hands", "bank", "deck", "devs", "new_devs", "played", "knights", "dev_played",
                 "army", "road_holder", "road_len", "pieces", "rates", "current", "phase", "setup_step",
                 "setup_node", "discards", "robber_return", "free_roads", "dice", "offers", "offers_made",
                 "next_offer", "closed", "turn", "winner", "last", "number_hexes")

    # -- life cycle -------------------------------------------------------------------
    def __init__(self) -> None:
        self.n = 0
        self.opts: dict[str, Any] = {}
        self.rng = Rng(0)
        self.terrain: list[int] = []
        self.numbers: list[int] = []
        self.harbours: list[str] = []
        self.robber = 0
        self.node_owner: list[int] = []
        self.node_level: list[int] = []
        self.edge_owner: list[int] = []
        self.hands: list[list[int]] = []
        self.bank: list[int] = []
        self.deck: list[int] = []
        self.devs: list[list[int]] = []
        self.new_devs: list[int] = [0] * 5
        self.played: list[int] = [0] * 5  # development cards played so far, by kind
        self.knights: list[int] = []
        self.dev_played = False
        self.army = -1
        self.road_holder = -1
        self.road_len: list[int] = []
        self.pieces: list[list[int]] = []  # roads, settlements, cities on the board
        self.rates: list[list[int]] = []
        self.current = 0
        self.phase = "setup"
        self.setup_step = 0
        self.setup_node = -1
        self.discards: dict[int, int] = {}
        self.robber_return = "main"
        self.free_roads = 0
        self.dice: list[int] = []
        self.offers: list[dict[str, Any]] = []
        self.offers_made = 0
        self.next_offer = 1
        self.closed: dict[int, list] = {}
        self.turn = 0
        self.winner = -1
        self.last: dict[str, Any] = {}
        self._index_board()

    def _index_board(self) -> None:
        self.number_hexes: dict[int, tuple[int, ...]] = dict(_number_hexes(tuple(self.numbers)))

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> PioneersGame:
        opts = parse_options(cls.options, options)
        if not opts.get("ramparts"):
            opts.pop("ramparts", None)  # a table without Ramparts keeps the options it always had
        kind = PioneersGame._kind(opts)
        if not kind.min_players <= players <= kind.max_players:
            raise IllegalMove(f"{kind.title} takes {players_text(kind.min_players, kind.max_players)}.")
        game = kind()
        game.n = players
        game.opts = opts
        game.rng = Rng(seed, hashed=True)  # whole numbers from the digest (see `Rng`); older tables: `replay_deal`
        game._deal_board()
        game.robber = game.terrain.index(D.DESERT)
        game.node_owner = [-1] * kind.NODE_COUNT
        game.node_level = [0] * kind.NODE_COUNT
        game.edge_owner = [-1] * kind.EDGE_COUNT
        game.hands = [[0] * 5 for _ in range(players)]
        game.bank = [D.BANK_PER_RESOURCE] * 5
        game.deck = [card for card, count in enumerate(D.DEV_COUNTS) for _ in range(count)]
        game.rng.shuffle(game.deck)
        game.devs = [[0] * 5 for _ in range(players)]
        game.knights = [0] * players
        game.road_len = [0] * players
        game.pieces = [[0, 0, 0] for _ in range(players)]
        game.rates = [[4] * 5 for _ in range(players)]
        game._setup_variant()
        game._index_board()
        return game

    @classmethod
    def check_options(cls, options: Mapping[str, Any]) -> None:
        """Ramparts is not played on a sea layout (`_kind` says why)."""
        cls._kind(options)

    @classmethod
    def rating_key(cls, options: Mapping[str, Any] | None) -> str:
        """Ramparts is rated apart (knights and improvements ask other skills); a sea layout and
        the beginner board count toward Pioneer's Isle."""
        try:
            ramparts = parse_options(PioneersGame.options, options).get("ramparts")
        except IllegalMove:
            return cls.key
        return f"{cls.key}:ramparts" if ramparts else cls.key

    @staticmethod
    def _kind(opts: Mapping[str, Any]) -> type[PioneersGame]:
        """The class of a table with these options: a sea layout's, Ramparts' or the island's."""
        if opts.get("ramparts"):
            if opts.get("board") in D.SEA_BOARDS:
                raise IllegalMove(tr("Ramparts is not played on a sea layout yet: its knights, commodities and "
                                     "raiders are made for the island alone; choose board=random or board=beginner."))
            return PioneersGame.layouts["ramparts"]
        return PioneersGame.layouts.get(opts.get("board", ""), PioneersGame)

    def _setup_variant(self) -> None:
        """What a rules variant adds to a fresh deal (Ramparts' commodities, decks and tracks)."""

    @classmethod
    def player_counts(cls, options: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """A sea layout's own counts (Shores is made for 3 or 4)."""
        board = str((options or {}).get("board", "")).strip().lower()
        kind = PioneersGame.layouts.get(board, cls)
        return kind.min_players, kind.max_players

    def _deal_board(self) -> None:
        if self.opts["board"] == "beginner":
            self.terrain, self.numbers, self.harbours = B.beginner_board()
        else:
            self.terrain, self.numbers, self.harbours = B.random_board(self.rng)

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> PioneersGame:
        """A sea layout's table loads as its layout's class, whichever class is asked."""
        state = data.get("state") or {}
        kind = PioneersGame._kind(state.get("opts") or {})
        if kind is not cls:
            return kind.load(data)
        return super().load(data)  # type: ignore[return-value]

    @classmethod
    def replay_deal(cls, players: int, options: Mapping[str, Any] | None, seed: int,
                    stored: Mapping[str, Any] | None) -> PioneersGame:
        game = cls.new(players, options, seed)
        if stored is not None and not cls.load(stored).rng.hashed:
            # a table dealt before the dice were hashed: the deal draws no whole number (only
            # shuffles), so the flag is all that differs
            game.rng = Rng(game.rng.seed, game.rng.counter)
        return game

    def _derive(self) -> None:
        self._index_board()

    # -- asking -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "discard":
            return sorted(self.discards)
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"  # when `outcome` is not None, without building it

    def visible_points(self, seat: int) -> int:
        settlements, cities = self.pieces[seat][1], self.pieces[seat][2]
        points = settlements + 2 * cities
        if self.road_holder == seat:
            points += D.TITLE_POINTS
        if self.army == seat:
            points += D.TITLE_POINTS
        return points

    def total_points(self, seat: int) -> int:
        return self.visible_points(seat) + self.devs[seat][D.VICTORY]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        totals = [self.total_points(seat) for seat in range(self.n)]
        ranks = rank_by([(seat == self.winner, totals[seat]) for seat in range(self.n)])
        details = [self._outcome_details(seat, totals[seat]) for seat in range(self.n)]
        # players level on points share a place (the rank says so); a tie-break decided something
        # only when another player has as many points as the winner, who reached the target first
        tiebreak = ""
        if any(totals[s] >= totals[self.winner] for s in range(self.n) if s != self.winner):
            tiebreak = N_("1st place: the winner reached the target on their own turn")
        return Outcome(ranks, [float(t) for t in totals], tiebreak, details)

    def _outcome_details(self, seat: int, points: int) -> dict[str, Any]:
        """One seat's line of the outcome: its points and where they came from."""
        return {
            "points": points, "settlements": self.pieces[seat][1], "cities": self.pieces[seat][2],
            "longest_road": self.road_holder == seat, "largest_army": self.army == seat,
            "victory_cards": self.devs[seat][D.VICTORY], "knights": self.knights[seat],
        }

    # -- geometry helpers ---------------------------------------------------------------
    def _free_spot(self, node: int) -> bool:
        if self.node_owner[node] != -1:
            return False
        owner = self.node_owner
        return all(owner[other] == -1 for other in self.NODE_NEIGHBOURS[node])

    def _touches_own_road(self, seat: int, node: int) -> bool:
        owners = self.edge_owner
        return any(owners[edge] == seat for edge in self.NODE_EDGES[node])

    def _open_corners(self, nodes) -> list[int]:
        """The corners of `nodes`, in their order, that are empty and have no building beside them."""
        node_owner = self.node_owner
        spots = []
        for node in nodes:
            if node_owner[node] == -1:
                for other in self.NODE_NEIGHBOURS[node]:
                    if node_owner[other] != -1:
                        break
                else:
                    spots.append(node)
        return spots

    def _reaches(self, seat: int, node: int) -> bool:
        """Whether a settlement on `node` would touch the seat's line of pieces."""
        return self._touches_own_road(seat, node)

    def settlement_spots(self, seat: int) -> list[int]:
        ends = set()
        for edge in _positions(self.edge_owner, seat):
            ends.update(self.EDGE_NODES[edge])
        return self._open_corners(sorted(ends))

    def setup_spots(self) -> list[int]:
        return self._open_corners(range(self.NODE_COUNT))

    def road_spots(self, seat: int) -> list[int]:
        owners = self.edge_owner
        node_owner = self.node_owner
        ends = set(_positions(node_owner, seat))
        for edge in _positions(owners, seat):
            ends.update(self.EDGE_NODES[edge])
        found = set()
        for node in ends:
            holder = node_owner[node]
            if holder == seat or holder == -1:
                for edge in self.NODE_EDGES[node]:
                    if owners[edge] == -1:
                        found.add(edge)
        return sorted(found)

    def _road_ok(self, seat: int, edge: int) -> bool:
        if self.edge_owner[edge] != -1:
            return False
        for node in self.EDGE_NODES[edge]:
            holder = self.node_owner[node]
            if holder == seat or (holder == -1 and self._touches_own_road(seat, node)):
                return True
        return False

    def city_spots(self, seat: int) -> list[int]:
        node_level = self.node_level
        return [node for node in _positions(self.node_owner, seat) if node_level[node] == 1]

    def protected(self, seat: int) -> bool:
        return bool(self.opts.get("friendly_robber")) and self.visible_points(seat) < 3

    def robber_hexes(self) -> list[int]:
        """Hexes the robber may move to now (empty: it stays where it is)."""
        robber = self.robber
        shielded = self._shielded()
        if shielded is None:
            return [hex_index for hex_index in self.LAND_HEXES if hex_index != robber]
        return [hex_index for hex_index in self.LAND_HEXES
                if hex_index != robber and not self._blocked(hex_index, shielded)]

    def _shielded(self) -> list[bool] | None:
        """Per seat, whether the friendly robber keeps away from its buildings (None: the robber is
        not friendly). The roller's own buildings never keep it away."""
        if not self.opts.get("friendly_robber"):
            return None
        roller = self.current
        return [seat != roller and self.protected(seat) for seat in range(self.n)]

    def _blocked(self, hex_index: int, shielded: list[bool]) -> bool:
        node_owner = self.node_owner
        for node in self.HEX_NODES[hex_index]:
            owner = node_owner[node]
            if owner != -1 and shielded[owner]:
                return True
        return False

    def _robbable(self) -> list[bool]:
        """Per seat, whether the robber could take a card from it beside any hex."""
        current = self.current
        hands = self.hands
        robbable = [seat != current and any(hands[seat]) for seat in range(self.n)]
        if self.opts.get("friendly_robber"):
            robbable = [able and not self.protected(seat) for seat, able in enumerate(robbable)]
        return robbable

    def robber_victims(self, hex_index: int) -> list[int]:
        return self._victims(hex_index, self._robbable())

    def _victims(self, hex_index: int, robbable: list[bool]) -> list[int]:
        node_owner = self.node_owner
        victims = []
        for node in self.HEX_NODES[hex_index]:
            owner = node_owner[node]
            if owner != -1 and robbable[owner] and owner not in victims:
                victims.append(owner)
        if len(victims) > 1:
            victims.sort()
        return victims

    def playable(self, seat: int, card: int) -> bool:
        if seat != self.current or self.dev_played:
            return False
        return self.devs[seat][card] - self.new_devs[card] > 0

    def longest_road_of(self, seat: int) -> int:
        edges = _positions(self.edge_owner, seat)
        count = len(edges)
        if count <= 1:
            return count
        node_owner = self.node_owner
        links: dict[int, list[tuple[int, int]]] = {}  # corner -> (edge as a bit, other corner) of the seat's roads
        mine = 0  # the seat's edges as a set of bits
        for edge in edges:
            a, b = self.EDGE_NODES[edge]
            bit = 1 << edge
            mine |= bit
            links.setdefault(a, []).append((bit, b))
            links.setdefault(b, []).append((bit, a))
        cut = {node for node in links if node_owner[node] != -1 and node_owner[node] != seat}

        def trail(node: int, free: int) -> int:
            # the longest trail from `node` over the seat's edges not yet used (`free`)
            best = 0
            for bit, other in links[node]:
                if free & bit:
                    # another player's building cuts the road there
                    length = 1 if other in cut else 1 + trail(other, free ^ bit)
                    if length > best:
                        best = length
            return best

        # A longest road that starts at a corner with another of the seat's roads unused, not cut
        # there, could be made longer by that road; so it starts at another player's building, or
        # where all the roads there are used: a road's end (1 road), or a fork (3) that it leaves
        # and comes back through, which needs a ring. From a corner with 2 roads, it would have to
        # end there as well: it is a ring that is the whole piece of road, and may be walked from
        # any corner. So each piece is tried only from its ends, its forks when it has a ring, and
        # its buildings of other players, or from one corner when it is a bare ring.
        starts = []
        best_tree = 0  # the longest road found in pieces without a ring or a cut
        for piece in connected_parts(links):
            first = piece[0]
            ends = sum(len(links[node]) for node in piece)  # twice the roads
            if ends >= 2 * len(piece):  # as many roads as corners or more: a ring
                found = [node for node in piece if len(links[node]) != 2 or node in cut]
                starts += found or piece[:1]
            elif cut.isdisjoint(piece):
                # a tree nobody cuts: its longest road is its longest path, found by walking to the
                # corner farthest from any corner, then to the corner farthest from that one
                tree_best = _farthest(links, _farthest(links, first)[0])[1]
                if tree_best > best_tree:
                    best_tree = tree_best
            else:
                starts += [node for node in piece if len(links[node]) == 1 or node in cut]
        best = best_tree
        if best == count:
            return best
        for node in starts:
            length = trail(node, mine)
            if length > best:
                best = length
                if best == count:
                    break
        return best

    def _settle_road_title(self) -> None:
        lengths = self.road_len
        top = max(lengths)
        holder = self.road_holder
        if holder != -1 and lengths[holder] == top and top >= D.LONGEST_ROAD_MIN:
            return
        leaders = [seat for seat in range(self.n) if lengths[seat] == top]
        self.road_holder = leaders[0] if top >= D.LONGEST_ROAD_MIN and len(leaders) == 1 else -1

    # -- legal moves ------------------------------------------------------------------
    def legal_moves(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == "over" or not 0 <= seat < self.n:
            return []
        if phase == "discard":
            if seat in self.discards:
                return [M.discard_text(option)
                        for option in self.discard_options(self.hands[seat], self.discards[seat], D.MAX_LISTED_DISCARDS)]
            return self._answer_moves(seat)
        if seat != self.current:
            return self._answer_moves(seat)
        if phase == "setup":
            if self.setup_node < 0:
                texts = self._setup_building_moves()
                return [texts[node] for node in self.setup_spots()]
            return [self.ROAD_MOVES[edge] for edge in self.NODE_EDGES[self.setup_node] if self.edge_owner[edge] == -1]
        if phase == "roll":
            return self._roll_moves(seat)
        if phase == "robber":
            return self._robber_moves()
        if phase == "roads":
            return [self.ROAD_MOVES[edge] for edge in self.road_spots(seat)]
        return self._main_moves(seat)

    def _robber_moves(self) -> list[str]:
        node_owner = self.node_owner
        beside = [0] * self.HEX_COUNT  # per hex, the seats that could be robbed there as bits
        for seat, able in enumerate(self._robbable()):
            if able:
                bit = 1 << seat
                for node in _positions(node_owner, seat):
                    for hex_index in self.NODE_HEXES[node]:
                        beside[hex_index] |= bit
        closed = {self.robber}
        shielded = self._shielded()
        if shielded is not None:
            for seat, shield in enumerate(shielded):
                if shield:
                    for node in _positions(node_owner, seat):
                        closed.update(self.NODE_HEXES[node])
        moves = []
        for hex_index in self.LAND_HEXES:
            if hex_index not in closed:
                moves += self.ROBBER_MOVES[hex_index][beside[hex_index]]
        return moves

    def _main_moves(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        pieces = self.pieces[seat]
        moves: list[str] = []
        if self.offers:
            for offer in self.offers:
                for other, answer in sorted(offer["answers"].items()):
                    if answer[0] != "decline" and self._trade_possible(offer, int(other)):
                        moves.append(f"confirm {offer['id']} {int(other) + 1}")
        lumber, brick, wool, grain, ore = hand
        if pieces[2] < D.CITIES and grain >= 2 and ore >= 3:
            node_level = self.node_level
            moves += [self.CITY_MOVES[node] for node in _positions(self.node_owner, seat) if node_level[node] == 1]
        if pieces[1] < D.SETTLEMENTS and lumber and brick and wool and grain:
            moves += [self.SETTLEMENT_MOVES[node] for node in self.settlement_spots(seat)]
        if pieces[0] < D.ROADS and lumber and brick:
            moves += [self.ROAD_MOVES[edge] for edge in self.road_spots(seat)]
        if wool and grain and ore and self.deck:
            moves.append("buy card")  # verbatim: a move
        if not self.dev_played and any(self.devs[seat]):
            moves += self._card_moves(seat)
        if max(hand) >= 2:  # no rate is below 2:1
            bank = self.bank
            rates = self.rates[seat]
            full_bank = all(bank)
            for give in range(5):
                rate = rates[give]
                if hand[give] >= rate:
                    if full_bank:
                        moves += TRADE_ANY[rate][give]
                    else:
                        table = TRADE_MOVES[rate][give]
                        moves += [table[get] for get in range(5) if get != give and bank[get]]
        if self.offers_made < D.MAX_OFFERS_PER_TURN:
            moves += OFFERS_HOLDING[lumber > 0, brick > 0, wool > 0, grain > 0, ore > 0]
        if self.offers:
            moves += [f"cancel {offer['id']}" for offer in self.offers]
        moves.append("end")
        return moves

    def _card_moves(self, seat: int) -> list[str]:
        moves = []
        if self.playable(seat, D.KNIGHT):
            moves.append("knight")
        if self.playable(seat, D.ROAD_BUILDING) and self._free_piece_left(seat):
            moves.append("road building")  # verbatim: a move
        if self.playable(seat, D.PLENTY):
            moves.extend("year of plenty " + " ".join(R[i] for i in pair)  # verbatim: a move
                         for pair in self._plenty_options())
        if self.playable(seat, D.MONOPOLY):
            moves.extend(f"monopoly {name}" for name in R)
        return moves

    def _plenty_options(self) -> list[tuple[int, ...]]:
        bank = self.bank
        pairs: list[tuple[int, ...]] = [
            (a, b) for a in range(5) for b in range(a, 5) if (bank[a] >= 2 if a == b else bank[a] and bank[b])
        ]
        if not pairs and sum(bank) == 1:
            pairs = [(bank.index(1),)]
        return pairs

    def _trade_possible(self, offer: dict[str, Any], other: int) -> bool:
        answer = offer["answers"].get(other)
        if not answer or answer[0] == "decline":
            return False
        give, get = self.terms(offer, answer)
        return _holds(self.hands[offer["by"]], give) and _holds(self.hands[other], get)

    @staticmethod
    def terms(offer: dict[str, Any], answer: list) -> tuple[list[int], list[int]]:
        """What the offerer gives and gets under an answer (an acceptance or a counter)."""
        if answer[0] == "counter":
            return list(answer[2]), list(answer[1])  # the counter is in the answerer's words
        return list(offer["give"]), list(offer["get"])

    def awaited_answers(self) -> list[int]:
        """The seats that have not yet answered some open offer (the offerer never answers its own)."""
        return [seat for seat in range(self.n)
                if any(offer["by"] != seat and seat not in offer["answers"] for offer in self.offers)]

    # the discards a hand may make, the most even first (a hand of five resources)
    discard_options = staticmethod(_discard_options)

    def _setup_building_moves(self) -> Sequence[str]:
        """The texts of the building the setup places next, by corner."""
        return self.SETTLEMENT_MOVES

    def _setup_piece_word(self) -> str:
        """The building the setup places next, as the status line names it."""
        return "settlement"

    def _roll_moves(self, seat: int) -> list[str]:
        if not self.dev_played and self.devs[seat][D.KNIGHT] > self.new_devs[D.KNIGHT]:  # `playable`
            return ["roll", "knight"]
        return ["roll"]

    def _answer_moves(self, seat: int) -> list[str]:
        moves: list[str] = []
        hand = self.hands[seat]
        for offer in self.offers:
            if offer["by"] == seat:
                continue
            number = offer["id"]
            if _holds(hand, offer["get"]):
                moves.append(f"accept {number}")
            moves.append(f"decline {number}")
            names = self.traded_goods
            for give in range(len(hand)):
                if hand[give]:
                    for get in range(len(hand)):
                        if get != give:
                            moves.append(f"counter {number} give 1 {names[give]} get 1 {names[get]}")  # verbatim
        return moves

    # -- playing ----------------------------------------------------------------------
    def play(self, seat: int, move: str) -> None:
        # a text exactly as the engine writes it skips the normalizing: searching players and
        # playouts play nothing else, millions of times
        value = self._written.get(move)
        if value is not None and type(seat) is int and 0 <= seat < self.n and self.phase != "over":
            self.dispatch(seat, value)
            return
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalMove(tr("There is no such seat at this table."))
        words = move.lower().split()  # the words of `normalize(move)`, split once
        if not words:
            raise IllegalMove(tr("Type a move, for example `roll` or `road 12-17`."))
        text = " ".join(words)
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        head = words[0]
        if head not in self.notation.readers:
            raise IllegalMove(tr("`{text}` is not a move of {game}; see the rules help for the notation.").format(
                text=text, game=self.title))
        try:
            value = self.notation.parse(text)
        except IllegalMove:
            # what the rules checked before the notation still comes first in the refusal
            before = _BEFORE_NOTATION.get(head)
            if before is not None:
                before(self, seat, words)
            raise
        if text == move and len(self._written) < _WRITTEN_MOST:
            self._written[move] = value
        self.dispatch(seat, value)

    def canonical(self, seat: int, move: str) -> str:
        """The listed text when there is one; otherwise the move as the engine writes it: cards
        in one order (`discard wool 2 lumber` -> `discard 2 lumber 1 wool`), `cancel #3` ->
        `cancel 3`."""
        text = super().canonical(seat, move)
        try:
            value = self.notation.parse(text)
        except IllegalMove:
            return text  # `play` will refuse it with the reason
        return self.notation.text(value) if isinstance(value, _WRITTEN_IN_ORDER) else text

    # moves of the seat in turn --------------------------------------------------------
    def _need_turn(self, seat: int, *phases: str) -> None:
        if seat != self.current or self.phase == "discard":
            if self.phase == "discard" and seat in self.discards:
                count = self.discards[seat]
                raise IllegalMove(ngettext("First discard {count} card.", "First discard {count} cards.", count).format(
                    count=count))
            if self.phase == "discard":
                raise IllegalMove(tr("Waiting for discards after the 7."))
            raise IllegalMove(tr("It is {who}'s turn.").format(who=self._who(self.current)))
        if self.phase not in phases:
            raise IllegalMove(not_now(self.phase))

    def _who(self, seat: int) -> str:
        return seat_name(seat)  # the service writes the player's name here

    def _mark(self, seat: int, text: str, **extra: Any) -> None:
        self.last = {"seat": seat, "move": text, **extra}

    def _pay(self, seat: int, cost: Sequence[int]) -> None:
        hand = self.hands[seat]
        bank = self.bank
        for index in range(5):
            if cost[index]:
                hand[index] -= cost[index]
                bank[index] += cost[index]

    def _check_win(self) -> None:
        seat = self.current
        pieces = self.pieces[seat]
        # `total_points(seat)`, worked out here: it is asked after nearly every move
        points = pieces[1] + 2 * pieces[2] + self.devs[seat][D.VICTORY]
        if self.road_holder == seat:
            points += D.TITLE_POINTS
        if self.army == seat:
            points += D.TITLE_POINTS
        if points >= self.opts["target"]:
            self.winner = seat
            self.phase = "over"
            self._close_offers("the game ended")  # verbatim: kept; told by `_closed_words`

    def _play_roll(self, seat: int, move: M.Roll) -> None:
        if seat != self.current or self.phase != "roll":  # else `_need_turn` passes
            self._need_turn(seat, "roll")
        outcome = self.rng.randint(0, 35)
        d1, d2 = outcome // 6 + 1, outcome % 6 + 1
        total = d1 + d2
        self.dice = [d1, d2]
        if total == 7:
            self._mark(seat, "roll", roll=[d1, d2])
            self._start_discards()
            return
        gains = self._produce(total)
        self.last = {"seat": seat, "move": "roll", "roll": [d1, d2], "gains": gains}  # as `_mark` writes it
        self.phase = "main"

    def hand_limit(self, seat: int) -> int:
        """The most cards the seat may hold when a 7 is rolled without discarding half."""
        return self.opts["discard_limit"]

    def _start_discards(self) -> None:
        """After a 7: every seat over its hand limit owes half its hand, then the robber moves."""
        self.discards = {}
        for other in range(self.n):
            cards = sum(self.hands[other])
            if cards > self.hand_limit(other):
                self.discards[other] = cards // 2
        if self.discards:
            self.phase = "discard"
        else:
            self._discards_done()

    def _discards_done(self) -> None:
        """What follows a 7 once every discard is made (or none was owed)."""
        self._enter_robber("main")

    def _produce(self, total: int) -> list[list[int]]:
        owed: dict[int, dict[int, int]] = {}  # resource -> seat -> cards owed
        node_owner = self.node_owner
        node_level = self.node_level
        robber = self.robber
        terrain = self.terrain
        for hex_index in self.number_hexes.get(total, ()):
            if hex_index == robber:
                continue
            by_seat = None
            for node in self.HEX_NODES[hex_index]:
                owner = node_owner[node]
                if owner != -1:
                    if by_seat is None:
                        by_seat = owed.setdefault(terrain[hex_index], {})
                    by_seat[owner] = by_seat.get(owner, 0) + node_level[node]
        gains = [[0] * 5 for _ in range(self.n)]
        if not owed:
            return gains
        bank = self.bank
        for res, by_seat in owed.items():
            if sum(by_seat.values()) > bank[res]:
                if len(by_seat) > 1:
                    continue  # the bank cannot pay everyone: nobody takes this resource
                by_seat = {seat: bank[res] for seat in by_seat}  # one player takes what is left
            for seat, count in by_seat.items():
                gains[seat][res] = count
                self.hands[seat][res] += count
                bank[res] -= count
        return gains

    def _enter_robber(self, back: str) -> None:
        self.robber_return = back
        shielded = self._shielded()
        if shielded is None or any(not self._blocked(hex_index, shielded)
                                   for hex_index in self.LAND_HEXES if hex_index != self.robber):
            self.phase = "robber"
        else:
            self.phase = back
            self.last["robber_stays"] = True

    def _may_discard(self, seat: int) -> None:
        if self.phase != "discard" or seat not in self.discards:
            raise IllegalMove(tr("You have nothing to discard now."))

    def _play_discard(self, seat: int, move: M.Discard) -> None:
        self._may_discard(seat)
        amounts = move.cards
        need = self.discards[seat]
        if sum(amounts) != need:
            raise IllegalMove(ngettext("Discard exactly {count} card (half of your hand, rounded down).",
                                       "Discard exactly {count} cards (half of your hand, rounded down).",
                                       need).format(count=need))
        if not _holds(self.hands[seat], amounts):
            raise IllegalMove(tr("You do not hold those cards."))
        self._pay(seat, amounts)
        del self.discards[seat]
        # only the number of cards is public; which cards stays between the player and the bank
        self._mark(seat, f"discard {need} cards", discarded=need)  # verbatim: the record's words
        if not self.discards:
            self._discards_done()

    def _robber_target(self, hex_index: int, victim: int | None) -> int:
        """The seat robbed (-1 for none) if the rules allow that hex and that victim."""
        if hex_index == self.robber:
            raise IllegalMove(tr("The robber must move to another hex."))
        shielded = self._shielded()
        if shielded is not None and self._blocked(hex_index, shielded):
            raise IllegalMove(tr("The friendly robber may not go on {hex}: a player with fewer than 3 visible "
                                 "points has a building there.").format(hex=self.HEX_LABELS[hex_index]))
        victims = self.robber_victims(hex_index)
        if victim is not None:
            if victim not in victims:
                if victims:
                    raise IllegalMove(tr("From {hex} you may rob {players}.").format(
                        hex=self.HEX_LABELS[hex_index], players=_victim_words(victims)))
                raise IllegalMove(tr("Nobody beside {hex} can be robbed; write `robber {hex}`.").format(
                    hex=self.HEX_LABELS[hex_index]))
            return victim
        if victims:
            raise IllegalMove(tr("Choose whom to rob: `robber {hex} steal N`, where N is {players}.").format(
                hex=self.HEX_LABELS[hex_index], players=_victim_words(victims)))
        return -1

    def _steal(self, seat: int, victim: int, extra: dict[str, Any]) -> None:
        """A random card from `victim`'s hand to `seat`'s (robber or pirate); which card is
        told to the two of them only, through `extra`'s private "stolen"."""
        hand = self.hands[victim]
        pick = self.rng.randint(0, sum(hand) - 1)
        for kind in range(len(hand)):
            if pick < hand[kind]:
                break
            pick -= hand[kind]
        hand[kind] -= 1
        self.hands[seat][kind] += 1
        extra["victim"] = victim
        extra["stolen"] = kind  # private: never copied into a view

    def _play_robber(self, seat: int, move: M.Robber) -> None:
        if seat != self.current or self.phase != "robber":  # else `_need_turn` passes
            self._need_turn(seat, "robber")
        hex_index = move.hex
        victim = self._robber_target(hex_index, move.victim)
        self.robber = hex_index
        extra: dict[str, Any] = {"hex": hex_index}
        if victim >= 0:
            self._steal(seat, victim, extra)
        label = self.HEX_LABELS[hex_index]
        self._mark(seat, f"robber {label} steal {victim + 1}" if victim >= 0 else f"robber {label}",  # verbatim
                   **extra)
        self.phase = self.robber_return

    def _play_end(self, seat: int, move: M.End) -> None:
        if seat != self.current or self.phase != "main":  # else `_need_turn` passes
            self._need_turn(seat, "main")
        if self.offers or len(self.closed) > 30:  # otherwise closing would change nothing
            self._close_offers(f"{self._who(seat)}'s turn ended")  # verbatim: kept; told by `_closed_words`
        self.last = {"seat": seat, "move": "end"}  # as `_mark` writes it
        self.new_devs = [0] * 5
        self.dev_played = False
        self.offers_made = 0
        self.current = (seat + 1) % self.n
        self.turn += 1
        self.phase = "roll"
        self.dice = []
        self._check_win()

    def _close_offers(self, reason: str) -> None:
        for offer in self.offers:
            self.closed[offer["id"]] = [offer["by"], reason]
        self.offers = []
        if len(self.closed) > 30:
            for key in sorted(self.closed)[:-30]:
                del self.closed[key]

    def _collect_around(self, seat: int, node: int) -> list[int]:
        """One card of each resource around a corner placed in the setup, to its seat, while the
        bank has it: the cards collected, by kind."""
        gains = [0] * len(self.hands[seat])
        for hex_index in self.NODE_HEXES[node]:
            res = self.terrain[hex_index]
            if res < D.DESERT and self.bank[res]:
                self.bank[res] -= 1
                self.hands[seat][res] += 1
                gains[res] += 1
        return gains

    def _play_settlement(self, seat: int, move: M.Settlement) -> None:
        node = move.node
        if self.phase == "setup" and seat == self.current:
            if self.setup_node >= 0:
                corner = self.setup_node + 1
                raise IllegalMove((tr("Now place a road or ship beside corner {corner}.") if self.ROUTE_WORD != "road"
                                   else tr("Now place a road beside corner {corner}.")).format(corner=corner))
            if not self._free_spot(node):
                raise IllegalMove(tr("Corner {corner} is taken or next to a building.").format(corner=node + 1))
            self._place_settlement(seat, node)
            self.setup_node = node
            # the second settlement collects
            gains = self._collect_around(seat, node) if self.setup_step >= self.n else [0] * 5
            self._mark(seat, f"settlement {node + 1}", nodes=[node], collected=gains)
            return
        if seat != self.current or self.phase != "main":  # else `_need_turn` passes
            self._need_turn(seat, "main")
        if self.pieces[seat][1] >= D.SETTLEMENTS:
            raise IllegalMove(tr("All 5 of your settlements are on the board; build a city to free one."))
        if not _holds(self.hands[seat], self.COST_SETTLEMENT):
            raise IllegalMove(tr("A settlement costs 1 lumber, 1 brick, 1 wool and 1 grain."))
        if not self._free_spot(node):
            raise IllegalMove(tr("Corner {corner} is taken or next to a building.").format(corner=node + 1))
        if not self._reaches(seat, node):
            raise IllegalMove((tr("Corner {corner} does not touch one of your roads or ships.")
                               if self.ROUTE_WORDS != "roads" else
                               tr("Corner {corner} does not touch one of your roads.")).format(corner=node + 1))
        self._pay(seat, self.COST_SETTLEMENT)
        self._place_settlement(seat, node)
        # the new settlement may cut opponents' roads
        changed = False
        for edge in self.NODE_EDGES[node]:
            owner = self.edge_owner[edge]
            if owner != -1 and owner != seat:
                self.road_len[owner] = self.longest_road_of(owner)
                changed = True
        if changed:
            self._settle_road_title()
        self._mark(seat, f"settlement {node + 1}", nodes=[node])
        self._check_win()

    def _place_settlement(self, seat: int, node: int) -> None:
        self.node_owner[node] = seat
        self.node_level[node] = 1
        self.pieces[seat][1] += 1
        harbour = self.HARBOUR_NODES.get(node)
        if harbour is not None:
            kind = self.harbours[harbour]
            rates = self.rates[seat]
            if kind == "any":
                for res in range(5):
                    rates[res] = min(rates[res], 3)
            else:
                rates[D.RES_INDEX[kind]] = 2

    def _play_city(self, seat: int, move: M.City) -> None:
        if seat != self.current or self.phase != "main":  # else `_need_turn` passes
            self._need_turn(seat, "main")
        node = move.node
        if self.node_owner[node] != seat or self.node_level[node] != 1:
            raise IllegalMove(tr("You have no settlement on corner {corner}.").format(corner=node + 1))
        if self.pieces[seat][2] >= D.CITIES:
            raise IllegalMove(tr("All 4 of your cities are on the board."))
        if not _holds(self.hands[seat], D.COST_CITY):
            raise IllegalMove(tr("A city costs 3 ore and 2 grain."))
        self._pay(seat, D.COST_CITY)
        self.node_level[node] = 2
        self.pieces[seat][1] -= 1
        self.pieces[seat][2] += 1
        self._mark(seat, f"city {node + 1}", nodes=[node])
        self._check_win()

    def _play_road(self, seat: int, move: M.Road) -> None:
        edge = move.edge
        label = self.EDGE_LABELS[edge]
        if self.phase == "setup" and seat == self.current:
            if self.setup_node < 0:
                raise IllegalMove(tr("First place a settlement."))
            if self.edge_owner[edge] != -1 or self.setup_node not in self.EDGE_NODES[edge]:
                raise IllegalMove(tr("The road must be free and touch your new settlement on {corner}.").format(
                    corner=self.setup_node + 1))
            self._place_road(seat, edge)
            self._mark(seat, f"road {label}", edges=[edge])
            self.setup_node = -1
            self.setup_step += 1
            if self.setup_step >= 2 * self.n:
                self.phase = "roll"
                self.current = 0
                self.turn = 1
            else:
                step = self.setup_step
                self.current = step if step < self.n else 2 * self.n - 1 - step
            return
        if seat != self.current or self.phase not in ("main", "roads"):
            self._need_turn(seat, "main", "roads")
        free = self.phase == "roads"
        if self.pieces[seat][0] >= D.ROADS:
            raise IllegalMove(tr("All 15 of your roads are on the board."))
        if not free and not _holds(self.hands[seat], self.COST_ROAD):
            raise IllegalMove(tr("A road costs 1 lumber and 1 brick."))
        if self.edge_owner[edge] != -1:
            raise IllegalMove(tr("There is already a road on {edge}.").format(edge=label))
        if not self._road_ok(seat, edge):
            raise IllegalMove(tr("Road {edge} must continue your own road, settlement or city, and may not "
                                 "pass through another player's building.").format(edge=label))
        if not free:
            self._pay(seat, self.COST_ROAD)
        self._place_road(seat, edge)
        self._mark(seat, f"road {label}", edges=[edge], free=free)
        if free:
            self.free_roads -= 1
            if self.free_roads <= 0 or not self._free_piece_left(seat):
                self.phase = "main"
        self._check_win()

    def _free_piece_left(self, seat: int) -> bool:
        """Whether Road Building could still place a piece of the seat."""
        return self.pieces[seat][0] < D.ROADS and bool(self.road_spots(seat))

    def _place_road(self, seat: int, edge: int) -> None:
        self.edge_owner[edge] = seat
        self.pieces[seat][0] += 1
        length = self.longest_road_of(seat)
        if length != self.road_len[seat]:
            self.road_len[seat] = length
            if length >= D.LONGEST_ROAD_MIN:
                self._settle_road_title()

    def _play_buy_card(self, seat: int, move: M.BuyCard) -> None:
        if seat != self.current or self.phase != "main":  # else `_need_turn` passes
            self._need_turn(seat, "main")
        if not self.deck:
            raise IllegalMove(tr("The development cards are all gone."))
        if not _holds(self.hands[seat], D.COST_DEV):
            raise IllegalMove(tr("A development card costs 1 wool, 1 grain and 1 ore."))
        self._pay(seat, D.COST_DEV)
        card = self.deck.pop()
        self.devs[seat][card] += 1
        self.new_devs[card] += 1
        self._mark(seat, "buy card")  # verbatim: a move
        self._check_win()

    def _need_card(self, seat: int, card: int, *phases: str) -> None:
        self._need_turn(seat, *phases)
        name = tr(D.DEV_TITLES[card])
        if self.dev_played:
            raise IllegalMove(tr("You have already played a development card this turn."))
        if self.devs[seat][card] == 0:
            raise IllegalMove(tr("You hold no {card} card.").format(card=name))
        if self.devs[seat][card] - self.new_devs[card] <= 0:
            raise IllegalMove(tr("A {card} card bought this turn can be played from your next turn.").format(card=name))

    def _spend_card(self, seat: int, card: int) -> None:
        self.devs[seat][card] -= 1
        self.played[card] += 1
        self.dev_played = True

    def _play_knight(self, seat: int, move: M.Knight) -> None:
        if seat == self.current and self.phase in ("roads", "robber", "setup"):
            raise IllegalMove(not_now(self.phase))
        self._need_card(seat, D.KNIGHT, "roll", "main")
        self._spend_card(seat, D.KNIGHT)
        self.knights[seat] += 1
        count = self.knights[seat]
        if count >= D.LARGEST_ARMY_MIN and (self.army == -1 or count > self.knights[self.army]):
            self.army = seat
        self._mark(seat, "knight")
        back = self.phase
        self._check_win()
        if self.phase != "over":
            self._enter_robber(back)

    def _play_road_building(self, seat: int, move: M.RoadBuilding) -> None:
        self._need_card(seat, D.ROAD_BUILDING, "main")
        if not self._free_piece_left(seat):
            raise IllegalMove(tr("You have no road or ship to place.") if self.ROUTE_WORD != "road"
                              else tr("You have no road to place."))
        self._spend_card(seat, D.ROAD_BUILDING)
        self.free_roads = 2
        self.phase = "roads"
        self._mark(seat, "road building")  # verbatim: a move

    def _play_plenty(self, seat: int, move: M.Plenty) -> None:
        self._need_card(seat, D.PLENTY, "main")
        wanted = move.resources
        if wanted not in self._plenty_options():
            raise IllegalMove(tr("Name 2 resources the bank still holds (1 only when the bank holds a single card)."))
        self._spend_card(seat, D.PLENTY)
        for res in wanted:
            self.bank[res] -= 1
            self.hands[seat][res] += 1
        self._mark(seat, "year of plenty " + " ".join(R[i] for i in wanted))  # verbatim: a move

    def _play_monopoly(self, seat: int, move: M.Monopoly) -> None:
        self._need_card(seat, D.MONOPOLY, "main")
        res = move.resource
        self._spend_card(seat, D.MONOPOLY)
        taken = 0
        for other in range(self.n):
            if other != seat:
                taken += self.hands[other][res]
                self.hands[other][res] = 0
        self.hands[seat][res] += taken
        self._mark(seat, f"monopoly {R[res]}", amount=taken)

    def rate(self, seat: int, kind: int) -> int:
        """The seat's rate with the bank for a kind of card."""
        return self.rates[seat][kind]

    def _play_trade(self, seat: int, move: M.Trade) -> None:
        self._need_main(seat)
        give, get = move.give, move.get
        kinds = [index for index in range(len(self.hands[seat])) if give[index]]
        if len(kinds) != 1 or sum(get) != 1:
            raise IllegalMove(tr(self.BANK_TRADE_HELP))
        kind = kinds[0]
        rate = self.rate(seat, kind)
        names = self.traded_goods
        if give[kind] != rate:
            raise IllegalMove(tr("Your rate for {kind} is {rate}:1.").format(kind=D.kind_word(names[kind]), rate=rate))
        if self.hands[seat][kind] < rate:
            raise IllegalMove(tr("You hold only {count} {kind}.").format(
                count=self.hands[seat][kind], kind=D.kind_word(names[kind])))
        target = get.index(1)
        if not self.bank[target]:
            raise IllegalMove(tr("The bank has no {kind} left.").format(kind=D.kind_word(names[target])))
        self._pay(seat, give)
        self.bank[target] -= 1
        self.hands[seat][target] += 1
        self.last = {"seat": seat, "move": f"trade {rate} {names[kind]} for 1 {names[target]}"}  # verbatim: as `_mark`

    def _play_offer(self, seat: int, move: M.Offer) -> None:
        if seat != self.current or self.phase != "main":  # else `_need_turn` passes
            self._need_turn(seat, "main")
        give, get = list(move.give), list(move.get)
        if self.n < 2:
            raise IllegalMove(tr("Nobody to trade with."))
        if self.offers_made >= D.MAX_OFFERS_PER_TURN:
            raise IllegalMove(tr("At most {count} offers a turn.").format(count=D.MAX_OFFERS_PER_TURN))
        if not _holds(self.hands[seat], give):
            raise IllegalMove(tr("You cannot offer cards you do not hold."))
        number = self.next_offer
        self.next_offer += 1
        self.offers_made += 1
        self.offers.append({"id": number, "by": seat, "give": give, "get": get, "answers": {}})
        self._mark(seat, f"offer {amounts_text(give)} for {amounts_text(get)}", offer=number)  # verbatim: a move

    def _find_offer(self, number: int) -> dict[str, Any]:
        for offer in self.offers:
            if offer["id"] == number:
                return offer
        if number in self.closed:
            by, reason = self.closed[number]
            raise IllegalMove(_closed_words(number, reason))
        if 0 < number < self.next_offer:
            raise IllegalMove(tr("offer #{number} is closed.").format(number=number))
        raise IllegalMove(tr("There is no offer #{number}.").format(number=number))

    def _answer_check(self, seat: int, number: int) -> dict[str, Any]:
        offer = self._find_offer(number)
        if offer["by"] == seat:
            raise IllegalMove(tr("That is your own offer; `confirm` an answer or `cancel` it."))
        return offer

    def _play_accept(self, seat: int, move: M.Accept) -> None:
        offer = self._answer_check(seat, move.offer)
        if not _holds(self.hands[seat], offer["get"]):
            raise IllegalMove(tr("You do not hold {cards}.").format(cards=M.amounts_words(offer["get"])))
        offer["answers"][seat] = ["accept"]
        self._mark(seat, f"accept {offer['id']}", offer=offer["id"])

    def _play_decline(self, seat: int, move: M.Decline) -> None:
        offer = self._answer_check(seat, move.offer)
        offer["answers"][seat] = ["decline"]
        self._mark(seat, f"decline {offer['id']}", offer=offer["id"])

    def _play_counter(self, seat: int, move: M.Counter) -> None:
        offer = self._answer_check(seat, move.offer)
        give, get = list(move.give), list(move.get)
        if not _holds(self.hands[seat], give):
            raise IllegalMove(tr("You cannot offer cards you do not hold."))
        offer["answers"][seat] = ["counter", give, get]
        self._mark(seat, f"counter {offer['id']} give {amounts_text(give)} get {amounts_text(get)}",  # verbatim
                   offer=offer["id"])

    def _need_main(self, seat: int) -> None:
        """Refuses a move that only the player in turn makes, in the main phase."""
        if seat != self.current or self.phase != "main":  # else `_need_turn` passes
            self._need_turn(seat, "main")

    def _play_confirm(self, seat: int, move: M.Confirm) -> None:
        offer = self._find_offer(move.offer)
        if offer["by"] != seat:
            raise IllegalMove(tr("Only the player who made the offer confirms it."))
        self._need_main(seat)
        other = move.partner
        answer = offer["answers"].get(other)
        if not answer or answer[0] == "decline":
            raise IllegalMove(tr("{who} has not accepted offer #{number}.").format(
                who=self._who(other).capitalize(), number=offer["id"]))
        give, get = self.terms(offer, answer)
        if not _holds(self.hands[seat], give):
            raise IllegalMove(tr("You no longer hold {cards}.").format(cards=M.amounts_words(give)))
        if not _holds(self.hands[other], get):
            raise IllegalMove(tr("{who} no longer holds {cards}.").format(
                who=self._who(other).capitalize(), cards=M.amounts_words(get)))
        mine, theirs = self.hands[seat], self.hands[other]
        for kind in range(len(mine)):
            mine[kind] += get[kind] - give[kind]
            theirs[kind] += give[kind] - get[kind]
        self.offers.remove(offer)
        self.closed[offer["id"]] = [seat, f"{self._who(seat)} traded it with {self._who(other)}"]  # verbatim: kept
        self._mark(seat, f"confirm {offer['id']} {other + 1}", offer=offer["id"], partner=other,
                   gave=give, got=get)

    def _play_cancel(self, seat: int, move: M.Cancel) -> None:
        offer = self._find_offer(move.offer)
        if offer["by"] != seat:
            raise IllegalMove(tr("Only the player who made the offer may cancel it."))
        self.offers.remove(offer)
        self.closed[offer["id"]] = [seat, f"{self._who(seat)} cancelled it"]  # verbatim: kept
        self._mark(seat, f"cancel {offer['id']}", offer=offer["id"])

    # -- views and words ----------------------------------------------------------------
    def board_view(self) -> dict[str, Any]:
        return {
            "hexes": [{"label": self.HEX_LABELS[i], "res": D.RESOURCES[t] if t < 5 else "desert",
                       "number": self.numbers[i]} for i, t in enumerate(self.terrain)],
            "harbours": [{"edge": self.EDGE_LABELS[edge], "kind": kind}
                         for edge, kind in zip(self.HARBOUR_EDGES, self.harbours, strict=True)],
            "key": "".join(str(t) for t in self.terrain) + "/" + ",".join(map(str, self.numbers)) + "/"
                   + ",".join(self.harbours),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for other in range(self.n):
            players.append({
                "points": self.visible_points(other),
                "cards": sum(self.hands[other]),
                "dev_cards": sum(self.devs[other]),
                "knights": self.knights[other],
                "road_length": self.road_len[other],
                "longest_road": self.road_holder == other,
                "largest_army": self.army == other,
                "roads_left": D.ROADS - self.pieces[other][0],
                "settlements_left": D.SETTLEMENTS - self.pieces[other][1],
                "cities_left": D.CITIES - self.pieces[other][2],
                "protected": self.protected(other),
            })
        if self.phase == "over":  # everything is told at the end, victory point cards included
            for other in range(self.n):
                players[other]["final_points"] = self.total_points(other)
                info = self.outcome().details[other]
                sources = [("settlements", info["settlements"]), ("cities", 2 * info["cities"]),
                           ("Longest Road", D.TITLE_POINTS * info["longest_road"]),  # verbatim: SOURCE_LABELS
                           ("Largest Army", D.TITLE_POINTS * info["largest_army"]),  # verbatim: SOURCE_LABELS
                           ("VP cards", info["victory_cards"])]  # verbatim: SOURCE_LABELS
                players[other]["final_sources"] = [[label, points] for label, points in sources if points]
        last = {key: value for key, value in self.last.items()
                if key in ("seat", "move", "roll", "victim", "offer", "amount", "partner", "gave", "got",
                           "discarded", "robber_stays", "free")}
        if "nodes" in self.last:
            last["nodes"] = [node + 1 for node in self.last["nodes"]]
        if "edges" in self.last:
            last["edges"] = [self.EDGE_LABELS[edge] for edge in self.last["edges"]]
        if "hex" in self.last:
            last["hex"] = self.HEX_LABELS[self.last["hex"]]
        result: dict[str, Any] = {
            "game": self.key,
            "board": self.board_view(),
            "robber": self.HEX_LABELS[self.robber],
            "buildings": [[node + 1, self.node_owner[node], self.node_level[node]]
                          for node in range(self.NODE_COUNT) if self.node_owner[node] != -1],
            "roads": [[self.EDGE_LABELS[edge], owner] for edge, owner in enumerate(self.edge_owner) if owner != -1],
            "players": players,
            "current": self.current,
            "phase": self.phase,
            "to_act": self.to_act(),
            "discards": {str(s): c for s, c in sorted(self.discards.items())},
            "dice": list(self.dice),
            "deck": len(self.deck),
            "played": {D.DEV_CARDS[c]: self.played[c] for c in range(5) if self.played[c]},
            "offers": [{"id": o["id"], "by": o["by"], "give": list(o["give"]), "get": list(o["get"]),
                        "answers": {str(s): _json_copy(a) for s, a in sorted(o["answers"].items())}}
                       for o in self.offers],
            "target": self.opts["target"],
            "turn": self.turn,
            "winner": self.winner,
            "last": _json_copy(last),
            "seat": seat,
        }
        if seat is not None and 0 <= seat < self.n:
            result["hand"] = list(self.hands[seat])
            result["dev_hand"] = {D.DEV_CARDS[c]: self.devs[seat][c] for c in range(5) if self.devs[seat][c]}
            if seat == self.current:
                result["dev_new"] = {D.DEV_CARDS[c]: self.new_devs[c] for c in range(5) if self.new_devs[c]}
            result["rates"] = list(self.rates[seat])
        return result

    def turn_mark(self) -> Hashable | None:
        # the setup rounds keep `turn` at 0: the seat placing tells their turns apart
        return (self.turn, self.current)

    def status(self, names: Sequence[str]) -> str:
        score = ", ".join(f"{names[s]} {self.visible_points(s)}" for s in range(self.n))
        if self.phase == "over":
            return tr("{who} wins with {points} points. ({score})").format(
                who=names[self.winner], points=self.total_points(self.winner), score=score)
        who = names[self.current]
        if self.phase == "discard":
            waiting = ", ".join(f"{names[s]} ({c})" for s, c in sorted(self.discards.items()))
            head = tr("A 7! Waiting for discards: {players}.").format(players=waiting)
        elif self.phase == "setup":
            piece = self._setup_piece_word() if self.setup_node < 0 else "road"
            head = tr(SETUP_HEADS[piece]).format(who=who)
        else:
            head = tr(TURN_HEADS[self.phase]).format(turn=self.turn, who=who)
        if self.offers:
            head += " " + tr("Open offers: {offers}.").format(
                offers="; ".join(self._offer_line(o, names) for o in self.offers))
        return tr("{head} Points: {score} (target {target}).").format(head=head, score=score, target=self.opts["target"])

    def describe_move(self, seat: int, move: str, names: Sequence[str]) -> str:
        try:
            value = self.notation.parse(self.normalize(move))
        except IllegalMove:
            who = names[seat]
            text = self.last.get("move", self.normalize(move))
            return M.close_line(self, seat, who, f"{who}: `{text}`")
        return self.notation.tell(self, seat, value, names)

    def terms_text(self, offer: Mapping[str, Any], answer: list, names: Sequence[str]) -> str:
        """A trade in one point of view, the offerer's: `bob gives 1 lumber, gets 1 brick`."""
        give, get = self.terms(offer, answer)
        return tr("{who} gives {give}, gets {get}").format(
            who=names[offer["by"]], give=M.amounts_words(give), get=M.amounts_words(get))

    def _terms_words(self, offer: Mapping[str, Any], answer: list) -> str:
        """`terms_text` for a button label, the offerer's name left for the service to write."""
        return self.terms_text(offer, answer, [seat_name(seat) for seat in range(self.n)])

    def _offer_line(self, offer: Mapping[str, Any], names: Sequence[str]) -> str:
        line = f"#{offer['id']} {self.terms_text(offer, ['accept'], names)}"
        for other, answer in sorted(offer["answers"].items()):
            if answer[0] == "counter":
                line += " " + tr("(counter by {who}: {terms})").format(
                    who=names[int(other)], terms=self.terms_text(offer, answer, names))
            elif answer[0] == "accept":
                line += " " + tr("({who} accepts)").format(who=names[int(other)])
            else:
                line += " " + tr("({who} declines)").format(who=names[int(other)])
        return line

    def score_breakdown(self, seat: int) -> str:
        """Points by source, the hidden victory point cards revealed."""
        outcome = self.outcome()
        if outcome is None:
            return ""
        info = outcome.details[seat]
        parts = []
        if info["settlements"]:
            count = info["settlements"]
            parts.append(ngettext("{count} settlement {points}", "{count} settlements {points}", count).format(
                count=count, points=count))
        if info["cities"]:
            count = info["cities"]
            parts.append(ngettext("{count} city {points}", "{count} cities {points}", count).format(
                count=count, points=2 * count))
        parts += self._breakdown_extras(info)
        if info["longest_road"]:
            parts.append(tr("Longest Road {points}").format(points=D.TITLE_POINTS))
        if info["largest_army"]:
            parts.append(tr("Largest Army {points}").format(points=D.TITLE_POINTS))
        if info["victory_cards"]:
            count = info["victory_cards"]
            parts.append(ngettext("{count} victory point card {points}", "{count} victory point cards {points}",
                                  count).format(count=count, points=count))
        return ", ".join(parts)

    def _breakdown_extras(self, info: dict[str, Any]) -> list[str]:
        """Points a variant adds between the buildings and the titles (none in the base game)."""
        return []

    def private_text(self, seat: int, names: Sequence[str]) -> str:
        if not 0 <= seat < self.n:
            return ""
        hand = M.amounts_words(self.hands[seat]) or tr("no cards")
        parts = [tr("Your hand: {cards}.").format(cards=hand)]
        cards = []
        for card in range(5):
            count = self.devs[seat][card]
            if count:
                new = self.new_devs[card] if seat == self.current else 0
                name = tr(D.DEV_CARD_WORDS[card])
                if new:
                    cards.append(tr("{count} {card} ({new} new this turn)").format(count=count, card=name, new=new))
                else:
                    cards.append(f"{count} {name}")
        if cards:
            parts.append(tr("Development cards: {cards}.").format(cards=", ".join(cards)))
        rates = self.rates[seat]
        special = [f"{D.kind_word(R[i])} {rates[i]}:1" for i in range(5) if rates[i] < 4]
        if special:
            parts.append(tr("Harbour rates: {rates}.").format(rates=", ".join(special)))
        if self.devs[seat][D.VICTORY]:
            parts.append(tr("With hidden points you have {points}.").format(points=self.total_points(seat)))
        self._tell_stolen(seat, names, parts)
        return " ".join(parts)

    def _tell_stolen(self, seat: int, names: Sequence[str], parts: list[str]) -> None:
        """Which card the last steal took, told first, to the thief and the robbed player alone."""
        last = self.last
        if "stolen" in last and seat in (last["seat"], last.get("victim")):
            card = D.kind_word(self.traded_goods[last["stolen"]])
            if seat == last["seat"]:
                parts.insert(0, tr("You stole 1 {card} from {victim}.").format(card=card, victim=names[last["victim"]]))
            else:
                parts.insert(0, tr("{thief} stole 1 {card} from you.").format(thief=names[last["seat"]], card=card))

    def private_change(self, seat: int, before: Game) -> str:
        """The seat's resource cards and development cards, then against now: a steal from it
        shows as a card lost, production as cards gained (only the seat's own hand is read)."""
        if not 0 <= seat < self.n or not isinstance(before, PioneersGame) or seat >= before.n:
            return ""
        parts = counts_change(before.hands[seat], self.hands[seat], [D.kind_word(r) for r in R])
        parts += counts_change(before.devs[seat], self.devs[seat], [tr(c) for c in D.DEV_CHANGE_WORDS])
        return ", ".join(parts)

    def quick_moves(self, seat: int) -> list[str]:
        """Only `roll` and `end`: a `knight` or `buy card` button under the public message would
        tell the channel what the player holds. Those stay in My moves and /moves."""
        return [m for m in self.legal_moves(seat) if m in ("roll", "end")]

    def public_actions(self) -> list[Action]:
        """Answers to every open offer for anyone seated, a Confirm for every answer given, and
        the offer form for the player in turn. Shown from public facts alone: whether the
        presser holds the cards is checked when the button is pressed."""
        actions: list[Action] = []
        if self.phase == "over":
            return actions
        for offer in self.offers:
            number = offer["id"]
            terms = self._terms_words(offer, ["accept"])
            others = tuple(seat for seat in range(self.n) if seat != offer["by"])
            actions += [
                Action(tr("Accept #{number}: {terms}").format(number=number, terms=terms), f"accept {number}",
                       style="success", seats=others),
                Action(tr("Decline #{number}").format(number=number), f"decline {number}", style="danger", seats=others),
                Action(tr("Counter #{number}…").format(number=number), f"counter {number} give ", form=True,  # verbatim
                       seats=others),
            ]
            for other, answer in sorted(offer["answers"].items()):
                if answer[0] != "decline":
                    actions.append(Action(tr("Confirm #{number} with {who}: {terms}").format(
                                              number=number, who=seat_name(int(other)),
                                              terms=self._terms_words(offer, answer)),
                                          f"confirm {number} {int(other) + 1}", style="primary",
                                          seats=(offer["by"],)))
        if self.phase == "main" and self.offers_made < D.MAX_OFFERS_PER_TURN:
            actions.append(Action(tr("Offer a trade…"), "offer ", form=True, style="primary", seats=(self.current,)))
        if self.phase == "discard":
            actions.append(Action(tr("Discard…"), "discard ", form=True, seats=tuple(sorted(self.discards))))
        return actions

    def redeal_hidden(self, rng: random.Random) -> bool:
        """Resource cards and unplayed development cards are hidden: pool each kind over the
        seats and deal it back in hands of the same sizes (cards bought this turn stay put)."""
        pool = [res for hand in self.hands for res in range(5) for _ in range(hand[res])]
        rng.shuffle(pool)
        sizes = [sum(hand) for hand in self.hands]
        for seat, size in enumerate(sizes):
            hand = [0] * 5
            for res in pool[:size]:
                hand[res] += 1
            pool = pool[size:]
            self.hands[seat] = hand
        kept = [[self.new_devs[c] if seat == self.current else 0 for c in range(5)] for seat in range(self.n)]
        pool = [c for seat in range(self.n) for c in range(5) for _ in range(self.devs[seat][c] - kept[seat][c])]
        rng.shuffle(pool)
        for seat in range(self.n):
            size = sum(self.devs[seat]) - sum(kept[seat])
            cards = list(kept[seat])
            for card in pool[:size]:
                cards[card] += 1
            pool = pool[size:]
            self.devs[seat] = cards
        return True

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        groups: dict[str, list[str]] = {}
        for move in self.legal_moves(seat):
            groups.setdefault(self.notation.group(self.notation.parse(move)), []).append(move)
        if self.phase == "setup":
            groups = {("Setup " + k[len("Build "):] if k.startswith("Build ") else k): v  # verbatim: SETUP_GROUPS
                      for k, v in groups.items()}
        return [(tr(key) if key else key, moves) for key, moves in groups.items()]

    # -- for searching players (games/levels.py) -------------------------------------
    def estimate(self, seat: int) -> float:
        """Points and production of the seat against its strongest rival."""
        def worth(s: int) -> float:
            return 4.0 * self.total_points(s) + 0.25 * sum(production(self, s)) + 0.1 * sum(self.hands[s])

        return worth(seat) - max(worth(s) for s in range(self.n) if s != seat)

    def redraw_hidden(self, seat: int, rng: random.Random) -> PioneersGame:
        """A copy in which what `seat` cannot see is drawn afresh: the dice, the order of the
        development deck, the other players' development cards (their number kept) and which
        resources they hold (each keeps as many cards, the same resources shared out anew)."""
        world = PioneersGame.load(self.dump())
        world.rng = Rng(rng.randrange(2**53))
        others = [s for s in range(self.n) if s != seat]
        # pools in a fixed order before shuffling: the draw must not depend on who holds what
        pool = sorted(r for s in others for r in range(5) for _ in range(world.hands[s][r]))
        rng.shuffle(pool)
        for s in others:
            count = sum(world.hands[s])
            hand = [0] * 5
            for r in pool[:count]:
                hand[r] += 1
            pool = pool[count:]
            world.hands[s] = hand
        fixed = {s: (list(world.new_devs) if s == world.current else [0] * 5) for s in others}
        unseen = list(world.deck)
        for s in others:
            unseen += [c for c in range(5) for _ in range(world.devs[s][c] - fixed[s][c])]
        unseen.sort()
        rng.shuffle(unseen)
        for s in others:
            count = sum(world.devs[s]) - sum(fixed[s])
            cards = list(fixed[s])
            for c in unseen[:count]:
                cards[c] += 1
            unseen = unseen[count:]
            world.devs[s] = cards
        world.deck = unseen
        return world

    def can_take_back(self, before: Game, seat: int, move: str) -> bool:
        # a roll, a steal or a bought card draws; a development card played shows a hidden card
        return self.notation.takes_back(move) and rng_untouched(before, self) and len(self.deck) == len(before.deck)



def _default_target(values: Mapping[str, Any]) -> int:
    if values.get("board") in D.SEA_BOARDS:
        return D.SEA_TARGET
    return D.RAMPARTS_TARGET if values.get("ramparts") else 10


@functools.lru_cache(maxsize=64)
def _number_hexes(numbers: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(number, the hexes that bear it) pairs, worked out once per board."""
    found: dict[int, list[int]] = {}
    for hex_index, number in enumerate(numbers):
        if number:
            found.setdefault(number, []).append(hex_index)
    return tuple((number, tuple(hexes)) for number, hexes in found.items())


def _victim_words(victims: Sequence[int]) -> str:
    words = [f"{seat_name(v)} (`steal {v + 1}`)" for v in victims]
    text = words[0]
    for word in words[1:]:
        text = tr("{one} or {other}").format(one=text, other=word)
    return text


def _closed_words(number: int, reason: str) -> str:
    """The refusal of an answer to a closed offer, its reason (kept in English in the state) told
    in the current language."""
    if reason == "the game ended":
        return tr("offer #{number} closed when the game ended.").format(number=number)
    if reason.endswith("'s turn ended"):  # verbatim
        return tr("offer #{number} closed when {who}'s turn ended.").format(
            number=number, who=reason[:-len("'s turn ended")])  # verbatim
    if " traded it with " in reason:  # verbatim
        who, _, other = reason.partition(" traded it with ")  # verbatim
        return tr("offer #{number} closed when {who} traded it with {other}.").format(
            number=number, who=who, other=other)
    if reason.endswith(" cancelled it"):  # verbatim
        return tr("offer #{number} closed when {who} cancelled it.").format(
            number=number, who=reason[:-len(" cancelled it")])  # verbatim
    return f"offer #{number} closed when {reason}."  # verbatim: a reason of no known form


def _copy_offer(offer: Mapping[str, Any]) -> dict[str, Any]:
    answers = offer["answers"]
    pairs = answers.items() if isinstance(answers, Mapping) else answers
    return {"id": int(offer["id"]), "by": int(offer["by"]), "give": list(offer["give"]), "get": list(offer["get"]),
            "answers": {int(s): _json_copy(a) for s, a in pairs}}


def _dump_offer(offer: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": offer["id"], "by": offer["by"], "give": list(offer["give"]), "get": list(offer["get"]),
            "answers": [[s, _json_copy(a)] for s, a in sorted(offer["answers"].items())]}


def _json_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, str) else k: v if type(v) in _PLAIN else _json_copy(v)
                for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if type(v) in _PLAIN else _json_copy(v) for v in value]
    return value


# values `_json_copy` returns as they are, looked at without a call
_PLAIN = frozenset({int, str, bool, float, type(None)})



def _robber_before(game: PioneersGame, seat: int, words: list[str]) -> None:
    game._need_turn(seat, "robber")
    hex_index = game.GEOMETRY.hex_index.get(words[1]) if len(words) == 4 and words[2] == "steal" else None
    if hex_index is not None:  # only the robbed player is not a number: as for a player who cannot be
        game._robber_target(hex_index, -1)


def _answer_before(game: PioneersGame, seat: int, words: list[str]) -> None:
    if len(words) >= 2 and is_number(words[1].lstrip("#")):  # the offer is read before the rest
        game._answer_check(seat, int(words[1].lstrip("#")))


def _plenty_before(game: PioneersGame, seat: int, words: list[str]) -> None:
    if words[1:3] == ["of", "plenty"]:  # the card is checked before the resources are read
        game._need_card(seat, D.PLENTY, *game.notation.verbs[M.Plenty].phases)


def _turn_before(game: PioneersGame, seat: int, words: list[str]) -> None:
    game._need_turn(seat, *game.notation.by_word[words[0]].phases)


# per verb, what the rules check before the notation of the rest: a text that is not a move
# in the notation is refused for that first, as it always was
_BEFORE_NOTATION = {
    "roll": _turn_before,
    "end": _turn_before,
    "discard": lambda game, seat, words: game._may_discard(seat),
    "robber": _robber_before,
    "city": _turn_before,
    "buy": _turn_before,
    "year": _plenty_before,
    "trade": _turn_before,
    "offer": _turn_before,
    "accept": _answer_before,
    "decline": _answer_before,
    "counter": _answer_before,
}

# `PioneersGame._written` is bounded, since offers and discards can be written in very many ways
_WRITTEN_MOST = 50_000
# the moves `canonical` writes as the engine does: a road by its corners in order (`road 4-1` ->
# `road 1-4`, as listed), cards in one order (`discard wool 2 lumber` ->
# `discard 2 lumber 1 wool`), an offer's number without the `#` people type before it
_WRITTEN_IN_ORDER = (M.Road, M.Discard, M.Offer, M.Trade, M.Counter, M.Plenty, M.BuyCard,
                     M.Accept, M.Decline, M.Cancel, M.Confirm, M.Ship, M.MoveShip, M.Pirate, M.Gold)

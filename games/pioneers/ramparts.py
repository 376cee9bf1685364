"""Pioneer's Isle with Ramparts (../shared/rules/pioneers-ramparts.md): commodities and city
production, the event die and the raiders, knights, walls, city improvements with their powers
and metropolises, and the progress cards (their effects live in progress.py).

`PioneersGame.new` and `load` pick `RampartsGame` when the option `ramparts` is on, so a table's
key stays `pioneers`. A hand and the bank hold 8 counts: the five resources, then ink, sailcloth
and silver (`ramparts_data.KINDS`). Every point is public: no card is worth a hidden point.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import (
    Field,
    Game,
    IllegalMove,
    Rng,
    counts_change,
    rng_untouched,
)
from games.pioneers import data as D
from games.pioneers import moves as M
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD
from games.pioneers.game import PioneersGame, _holds, _positions
from games.pioneers.move_values import discard_options
from lang import N_, ngettext, tr

K = RD.KINDS
NK = RD.KIND_COUNT
TRACKS = RD.TRACKS
# knight records: node -> [seat, strength, active, activated this turn, acted this turn, promoted this turn]
SEAT, STRENGTH, ACTIVE, ACTIVATED, ACTED, PROMOTED = range(6)


def _int_keyed(rows: Any) -> dict[int, Any]:
    return {int(key): value for key, value in rows}


def _copy_knights(knights: Mapping[int, list[int]]) -> dict[int, list[int]]:
    return {node: list(record) for node, record in knights.items()}


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _deep(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_deep(item) for item in value]
    return value


def _pay8(hand: list[int], bank: list[int], cost: Sequence[int]) -> None:
    for index, amount in enumerate(cost):
        if amount:
            hand[index] -= amount
            bank[index] += amount


# "Both of your {strength} knights are on the board.", whole for each strength
_BOTH_ON_BOARD = ("", N_("Both of your young knights are on the board."),
                  N_("Both of your seasoned knights are on the board."),
                  N_("Both of your veteran knights are on the board."))


class RampartsGame(PioneersGame):
    """Pioneer's Isle with knights, city improvements, the raiders and progress cards."""

    title = "Pioneer's Isle: Ramparts"  # verbatim: the game's name
    variant = "ramparts"
    notation = M.RAMPARTS_NOTATION
    place_words = M.RAMPARTS_PLACES
    traded_goods = RD.KINDS
    BANK_TRADE_HELP = N_("The bank trades one kind of card at your rate for 1 card, e.g. `trade 4 wool for 1 ore`.")
    options = tuple(
        type(spec)(**{**spec.__dict__, "default": True}) if spec.name == "ramparts" else spec
        for spec in PioneersGame.options
    )
    _written: dict[str, Any] = {}
    COST_ROAD, COST_SETTLEMENT = RD.COST_ROAD, RD.COST_SETTLEMENT

    fields = PioneersGame.fields + (
        Field("progress", "rows"), Field("decks", "deep"), Field("levels", "rows"),
        Field("metropolis", "dict"),
        Field("knight_at", dump=lambda v: [[node, *record] for node, record in sorted(v.items())],
              load=lambda v: {int(row[0]): [int(x) for x in row[1:]] for row in v}, copy=_copy_knights),
        Field("raiders"), Field("raided"), Field("shields", "list"), Field("point_cards", "rows"),
        Field("walls", "list"), Field("ruins", "list"), Field("peddler"), Field("peddler_holder"),
        Field("pending", dump=lambda v: [[seat, _deep(record)] for seat, record in sorted(v.items())],
              load=lambda v: {int(seat): _deep(record) for seat, record in v},
              copy=lambda v: {seat: _deep(record) for seat, record in v.items()}),
        Field("turn_effects", "deep"), Field("event"), Field("red"),
        Field("standing", dump=lambda v: [[seat, dict(answers)] for seat, answers in sorted(v.items())],
              load=lambda v: {int(seat): dict(answers) for seat, answers in v},
              copy=lambda v: {seat: dict(answers) for seat, answers in v.items()}),
    )
    __slots__ = ("progress", "decks", "levels", "metropolis", "knight_at", "raiders", "raided", "shields",
                 "point_cards", "walls", "ruins", "peddler", "peddler_holder", "pending", "turn_effects", "event",
                 "red", "standing")

    def __init__(self) -> None:
        super().__init__()
        self.progress: list[list[str]] = []  # each seat's progress cards (hidden)
        self.decks: dict[str, list[str]] = {track: [] for track in TRACKS}  # top first (hidden order)
        self.levels: list[list[int]] = []  # per seat: commerce, council, lore
        self.metropolis: dict[str, int] = {track: -1 for track in TRACKS}  # track -> node, -1 none
        self.knight_at: dict[int, list[int]] = {}
        self.raiders = 0  # steps taken
        self.raided = False  # a first raid happened: the robber is free
        self.shields: list[int] = []
        self.point_cards: list[list[str]] = []  # Star Chart and Charter, public
        self.walls: list[int] = []  # nodes of cities with a wall
        self.ruins: list[int] = []  # nodes of pillaged cities that found no settlement in supply
        self.peddler = -1  # hex
        self.peddler_holder = -1
        self.pending: dict[int, dict[str, Any]] = {}  # seat -> the answer asked of it out of turn
        self.turn_effects: dict[str, Any] = {}  # cleared at `end`
        self.event: str | None = None  # the event die's last face
        self.red: int | None = None  # the red production die of the last roll
        self.standing: dict[int, dict[str, str]] = {}  # seat -> standing answers the table decides by

    def _setup_variant(self) -> None:
        """The Ramparts components, after the board is dealt (called by `PioneersGame.new`)."""
        n = self.n
        self.hands = [[0] * NK for _ in range(n)]
        self.bank = [D.BANK_PER_RESOURCE] * 5 + [RD.COMMODITY_BANK] * 3
        self.deck = []  # no development cards
        self.rates = [[4] * NK for _ in range(n)]
        self.progress = [[] for _ in range(n)]
        self.decks = {}
        for track in TRACKS:
            deck = P.deck_cards(track)
            self.rng.shuffle(deck)
            self.decks[track] = deck
        self.levels = [[0, 0, 0] for _ in range(n)]
        self.shields = [0] * n
        self.point_cards = [[] for _ in range(n)]

    # -- the board: knights block roads -----------------------------------------------------
    def _occupants(self) -> list[int]:
        """Per corner, the seat whose building or knight stands there (-1 none)."""
        occupants = list(self.node_owner)
        for node, record in self.knight_at.items():
            occupants[node] = record[SEAT]
        return occupants

    def _with_knights(self, work: Any, *args: Any) -> Any:
        """`work` run as if knights were buildings: they block other players' roads and cut them."""
        if not self.knight_at:
            return work(*args)
        owners = self.node_owner
        self.node_owner = self._occupants()
        try:
            return work(*args)
        finally:
            self.node_owner = owners

    def road_spots(self, seat: int) -> list[int]:
        return self._with_knights(super().road_spots, seat)

    def _road_ok(self, seat: int, edge: int) -> bool:
        return self._with_knights(super()._road_ok, seat, edge)

    def longest_road_of(self, seat: int) -> int:
        return self._with_knights(super().longest_road_of, seat)

    def _open_corners(self, nodes) -> list[int]:
        knights = self.knight_at
        return [node for node in super()._open_corners(nodes) if node not in knights]

    def _free_spot(self, node: int) -> bool:
        return node not in self.knight_at and super()._free_spot(node)

    def _recount_roads(self) -> None:
        for seat in range(self.n):
            self.road_len[seat] = self.longest_road_of(seat)
        self._settle_road_title()

    # -- points -----------------------------------------------------------------------------
    def metropolises_of(self, seat: int) -> int:
        owners = self.node_owner
        return sum(1 for node in self.metropolis.values() if node >= 0 and owners[node] == seat)

    def ruins_of(self, seat: int) -> int:
        return sum(1 for node in self.ruins if self.node_owner[node] == seat)

    def visible_points(self, seat: int) -> int:
        settlements, cities = self.pieces[seat][1], self.pieces[seat][2]
        points = settlements + 2 * cities - self.ruins_of(seat)  # a ruin counts as a settlement
        points += RD.METROPOLIS_POINTS * self.metropolises_of(seat)
        points += RD.SHIELD_POINTS * self.shields[seat] + RD.POINT_CARD_POINTS * len(self.point_cards[seat])
        if self.peddler_holder == seat:
            points += RD.PEDDLER_POINTS
        if self.road_holder == seat:
            points += D.TITLE_POINTS
        return points

    def total_points(self, seat: int) -> int:
        return self.visible_points(seat)  # no point is hidden

    def _check_win(self) -> None:
        seat = self.current
        if self.phase != "setup" and self.total_points(seat) >= self.opts["target"]:
            self.winner = seat
            self.phase = "over"
            self.pending = {}
            self._close_offers(N_("the game ended"))

    def dispatch(self, seat: int, move: Any) -> None:
        if seat not in self.pending and any(r.get("ask") in self.TABLE_CHOICES for r in self.pending.values()):
            raise IllegalMove(self._waiting_words())
        ask = self.pending.get(seat, {}).get("ask")
        if ask in self.TABLE_CHOICES and not isinstance(move, M.Draw | M.Cistern):
            raise IllegalMove(tr("First choose: {moves}.").format(
                moves=", ".join(f"`{m}`" for m in self._choice_moves(seat, ask))))
        super().dispatch(seat, move)
        # points come from many moves here (a metropolis, a card, a knight cutting a road): the
        # player in turn wins the moment any of them brings them to the target
        if self.phase not in ("over", "setup"):
            self._check_win()

    def _waiting_words(self) -> str:
        return tr("Waiting for answers: {seats}.").format(seats=", ".join(self._who(s) for s in sorted(self.pending)))

    def _score_parts(self, seat: int) -> dict[str, Any]:
        ruins = self.ruins_of(seat)
        return {
            "settlements": self.pieces[seat][1] + ruins, "cities": self.pieces[seat][2] - ruins,
            "metropolises": self.metropolises_of(seat), "shields": self.shields[seat],
            "point_cards": list(self.point_cards[seat]), "peddler": self.peddler_holder == seat,
            "longest_road": self.road_holder == seat, "largest_army": False, "victory_cards": 0, "knights": 0,
        }

    def _outcome_details(self, seat: int, points: int) -> dict[str, Any]:
        return self._score_parts(seat) | {"points": points}

    def _breakdown_extras(self, info: dict[str, Any]) -> list[str]:
        parts = []
        if info["metropolises"]:
            count = info["metropolises"]
            parts.append(ngettext("{count} metropolis {points}", "{count} metropolises {points}", count).format(
                count=count, points=RD.METROPOLIS_POINTS * count))
        if info["shields"]:
            count = info["shields"]
            parts.append(ngettext("{count} Isle Shield {points}", "{count} Isle Shields {points}", count).format(
                count=count, points=count))
        for card in info["point_cards"]:
            parts.append(f"{P.TITLES[card]} {RD.POINT_CARD_POINTS}")
        if info["peddler"]:
            parts.append(tr("the peddler {points}").format(points=RD.PEDDLER_POINTS))
        return parts

    # -- knights ----------------------------------------------------------------------------
    def knights_of(self, seat: int) -> list[int]:
        return sorted(node for node, record in self.knight_at.items() if record[SEAT] == seat)

    def active_strength(self, seat: int) -> int:
        return sum(record[STRENGTH] for record in self.knight_at.values() if record[SEAT] == seat and record[ACTIVE])

    def _free_knight(self, seat: int, strength: int) -> bool:
        used = sum(1 for record in self.knight_at.values() if record[SEAT] == seat and record[STRENGTH] == strength)
        return used < RD.KNIGHTS_PER_STRENGTH

    def _empty(self, node: int) -> bool:
        return self.node_owner[node] == -1 and node not in self.knight_at

    def knight_spots(self, seat: int) -> list[int]:
        """Empty corners touched by one of the seat's roads (no distance rule)."""
        ends: set[int] = set()
        for edge in _positions(self.edge_owner, seat):
            ends.update(self.EDGE_NODES[edge])
        return sorted(node for node in ends if self._empty(node))

    def _paths(self, seat: int, start: int) -> dict[int, int]:
        """Corners reachable from `start` along the seat's roads, passing through empty corners or
        the seat's own pieces, with their distance in roads."""
        dist = {start: 0}
        frontier = [start]
        owners = self.edge_owner
        while frontier:
            following = []
            for node in sorted(frontier):
                for edge in self.NODE_EDGES[node]:
                    if owners[edge] != seat:
                        continue
                    a, b = self.EDGE_NODES[edge]
                    other = b if a == node else a
                    if other in dist:
                        continue
                    dist[other] = dist[node] + 1
                    occupant = self.node_owner[other]
                    knight = self.knight_at.get(other)
                    if occupant in (-1, seat) and (knight is None or knight[SEAT] == seat):
                        following.append(other)  # one may pass on from here
            frontier = following
        return dist

    def knight_targets(self, node: int) -> list[int]:
        """Where the knight on `node` may move: empty corners, or the corner of another player's
        strictly weaker knight (a displacement), along its owner's roads."""
        record = self.knight_at[node]
        seat = record[SEAT]
        found = []
        for other in self._paths(seat, node):
            if other == node:
                continue
            if self._empty(other):
                found.append(other)
            else:
                there = self.knight_at.get(other)
                if there is not None and there[SEAT] != seat and there[STRENGTH] < record[STRENGTH]:
                    found.append(other)
        return sorted(found)

    def retreat_spot(self, node: int, seat: int) -> int:
        """Where the seat's knight displaced from `node` goes: the free corner on its roads nearest
        by road (ties: the lowest number), or -1 for its supply."""
        dist = self._paths(seat, node)
        spots = [(steps, other) for other, steps in dist.items() if other != node and self._empty(other)]
        return min(spots)[1] if spots else -1

    def _can_act(self, record: list[int]) -> bool:
        return bool(record[ACTIVE]) and not record[ACTIVATED] and not record[ACTED]

    def _knight_moves(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        moves: list[str] = []
        mine = self.knights_of(seat)
        paid = hand[D.WOOL] >= 1 and hand[D.ORE] >= 1
        if paid and self._free_knight(seat, 1):
            moves += [f"knight {node + 1}" for node in self.knight_spots(seat)]
        for node in mine:
            record = self.knight_at[node]
            if paid and not record[PROMOTED] and self._may_promote(seat, record[STRENGTH]):
                moves.append(f"promote knight {node + 1}")  # verbatim: notation
            if not record[ACTIVE] and hand[D.GRAIN] >= 1:
                moves.append(f"activate knight {node + 1}")  # verbatim: notation
            if self._can_act(record):
                moves += [f"move knight {node + 1} to {to + 1}" for to in self.knight_targets(node)]  # verbatim: notation
                if self.raided and node in self.HEX_NODES[self.robber]:
                    moves += [M.chase_text(M.Chase(node, hex_index, victim), self.HEX_LABELS)
                              for hex_index, victim in self._chase_options()]
        return moves

    def _may_promote(self, seat: int, strength: int) -> bool:
        if strength >= 3:
            return False
        if strength == 2 and self.levels[seat][RD.COUNCIL] < RD.POWER_LEVEL:
            return False  # veterans need the Stronghold
        return self._free_knight(seat, strength + 1)

    def _chase_options(self) -> list[tuple[int, int | None]]:
        options = []
        for hex_index in self.robber_hexes():
            victims = self.robber_victims(hex_index)
            options += [(hex_index, victim) for victim in victims] or [(hex_index, None)]
        return options

    def _own_knight(self, seat: int, node: int) -> list[int]:
        record = self.knight_at.get(node)
        if record is None or record[SEAT] != seat:
            raise IllegalMove(tr("You have no knight on corner {node}.").format(node=node + 1))
        return record

    def _need_main(self, seat: int) -> None:
        if self.pending:
            raise IllegalMove(P.waiting_words(self, seat))
        super()._need_main(seat)

    def _pay(self, seat: int, cost: Sequence[int]) -> None:
        _pay8(self.hands[seat], self.bank, cost)

    def _play_build_knight(self, seat: int, move: M.BuildKnight) -> None:
        self._need_main(seat)
        node = move.node
        if not self._free_knight(seat, 1):
            raise IllegalMove(tr("Both of your young knights are on the board."))
        if not _holds(self.hands[seat], RD.COST_KNIGHT):
            raise IllegalMove(tr("A knight costs 1 wool and 1 ore."))
        if node not in self.knight_spots(seat):
            raise IllegalMove(tr("A knight goes on an empty corner touched by one of your roads; {node} is not one.").format(
                node=node + 1))
        self._pay(seat, RD.COST_KNIGHT)
        self.knight_at[node] = [seat, 1, 0, 0, 0, 0]
        self._recount_roads()
        self._mark(seat, f"knight {node + 1}", nodes=[node])

    def _play_promote(self, seat: int, move: M.Promote, free: bool = False) -> None:
        if not free:
            self._need_main(seat)
        record = self._own_knight(seat, move.node)
        strength = record[STRENGTH]
        if record[PROMOTED]:
            raise IllegalMove(tr("Each knight may be promoted once a turn."))
        if strength >= 3:
            raise IllegalMove(tr("A veteran knight is as strong as a knight gets."))
        if strength == 2 and self.levels[seat][RD.COUNCIL] < RD.POWER_LEVEL:
            raise IllegalMove(tr("Promoting to veteran needs the Stronghold (council level 3)."))
        if not self._free_knight(seat, strength + 1):
            raise IllegalMove(tr(_BOTH_ON_BOARD[strength + 1]))
        if not free:
            if not _holds(self.hands[seat], RD.COST_KNIGHT):
                raise IllegalMove(tr("A promotion costs 1 wool and 1 ore."))
            self._pay(seat, RD.COST_KNIGHT)
        record[STRENGTH] = strength + 1
        record[PROMOTED] = 1
        self._mark(seat, f"promote knight {move.node + 1}", nodes=[move.node], strength=strength + 1,  # verbatim: notation
                   free=free)

    def _play_activate(self, seat: int, move: M.Activate) -> None:
        self._need_main(seat)
        record = self._own_knight(seat, move.node)
        if record[ACTIVE]:
            raise IllegalMove(tr("The knight on {node} is already active.").format(node=move.node + 1))
        if not _holds(self.hands[seat], RD.COST_ACTIVATE):
            raise IllegalMove(tr("Activating a knight costs 1 grain."))
        self._pay(seat, RD.COST_ACTIVATE)
        record[ACTIVE] = 1
        record[ACTIVATED] = 1
        self._mark(seat, f"activate knight {move.node + 1}", nodes=[move.node])  # verbatim: notation

    def _acting(self, seat: int, node: int) -> list[int]:
        record = self._own_knight(seat, node)
        if not record[ACTIVE]:
            raise IllegalMove(tr("The knight on {node} is not active.").format(node=node + 1))
        if record[ACTIVATED]:
            raise IllegalMove(tr("The knight on {node} was activated this turn: it acts from your next turn.").format(
                node=node + 1))
        if record[ACTED]:
            raise IllegalMove(tr("The knight on {node} has acted this turn.").format(node=node + 1))
        return record

    def _play_move_knight(self, seat: int, move: M.MoveKnight) -> None:
        self._need_main(seat)
        record = self._acting(seat, move.node)
        to = move.to
        if to not in self.knight_targets(move.node):
            raise IllegalMove(tr("The knight on {node} cannot reach {to}: it moves along your roads to "
                                 "an empty corner or onto a weaker knight of another player.").format(node=move.node + 1,
                                                                                                     to=to + 1))
        extra: dict[str, Any] = {"nodes": [move.node, to]}
        displaced = self.knight_at.pop(to, None)
        del self.knight_at[move.node]
        record[ACTIVE] = 0
        record[ACTED] = 1
        self.knight_at[to] = record
        if displaced is not None:
            other = displaced[SEAT]
            spot = self.retreat_spot(to, other)
            extra["displaced"] = other
            extra["retreat"] = spot
            if spot >= 0:
                self.knight_at[spot] = displaced  # it keeps its state
        self._recount_roads()
        self._mark(seat, f"move knight {move.node + 1} to {to + 1}", **extra)  # verbatim: notation

    def _play_chase(self, seat: int, move: M.Chase) -> None:
        self._need_main(seat)
        if not self.raided:
            raise IllegalMove(tr("The robber stays in the desert until the raiders' first attack."))
        record = self._acting(seat, move.node)
        if move.node not in self.HEX_NODES[self.robber]:
            raise IllegalMove(tr("The knight on {node} does not stand beside the robber.").format(node=move.node + 1))
        victim = self._robber_target(move.hex, move.victim)
        record[ACTIVE] = 0
        record[ACTED] = 1
        self.robber = move.hex
        extra: dict[str, Any] = {"hex": move.hex}
        if victim >= 0:
            self._steal(seat, victim, extra)
        self._mark(seat, M.chase_text(move, self.HEX_LABELS), **extra)

    # -- walls, improvements -----------------------------------------------------------------
    def _play_wall(self, seat: int, move: M.Wall, free: bool = False) -> None:
        if not free:
            self._need_main(seat)
        node = move.node
        if self.node_owner[node] != seat or self.node_level[node] != 2:
            raise IllegalMove(tr("A wall stands under one of your cities; you have none on {node}.").format(node=node + 1))
        if node in self.walls:
            raise IllegalMove(tr("Your city on {node} has a wall already.").format(node=node + 1))
        if self.walls_of(seat) >= RD.WALLS:
            raise IllegalMove(tr("All {count} of your walls are built.").format(count=RD.WALLS))
        if not free:
            if not _holds(self.hands[seat], RD.COST_WALL):
                raise IllegalMove(tr("A wall costs 2 brick."))
            self._pay(seat, RD.COST_WALL)
        self.walls.append(node)
        self._mark(seat, f"wall {node + 1}", nodes=[node], free=free)

    def walls_of(self, seat: int) -> int:
        return sum(1 for node in self.walls if self.node_owner[node] == seat)

    def hand_limit(self, seat: int) -> int:
        return self.opts["discard_limit"] + RD.WALL_LIMIT * self.walls_of(seat)

    def cities_of(self, seat: int) -> list[int]:
        level = self.node_level
        return [node for node in _positions(self.node_owner, seat) if level[node] == 2]

    def _improve_nodes(self, seat: int, track: int, level: int) -> list[int] | None:
        """For raising `track` to `level`: None when no city need be named, else the cities that
        could take the metropolis (empty: the level cannot be reached now)."""
        name = TRACKS[track]
        cities = self.cities_of(seat)
        holder_node = self.metropolis[name]
        holds = holder_node >= 0 and self.node_owner[holder_node] == seat
        taken = set(self.metropolis.values())
        free_cities = [node for node in cities if node not in taken]
        if level < RD.METROPOLIS_LEVEL or holds:
            return None
        takes = holder_node < 0 or (level == RD.MAX_LEVEL and self._holder_level(name) < RD.MAX_LEVEL)
        if takes:
            return free_cities
        return None if free_cities else []

    def _holder_level(self, name: str) -> int:
        node = self.metropolis[name]
        return self.levels[self.node_owner[node]][TRACKS.index(name)] if node >= 0 else 0

    def improve_moves(self, seat: int, discount: int = 0) -> list[str]:
        moves = []
        if not self.cities_of(seat):
            return moves
        for track in range(3):
            level = self.levels[seat][track] + 1
            if level > RD.MAX_LEVEL or self.hands[seat][RD.TRACK_COMMODITY[track]] < max(0, level - discount):
                continue
            nodes = self._improve_nodes(seat, track, level)
            if nodes is None:
                moves.append(f"improve {TRACKS[track]}")
            else:
                moves += [f"improve {TRACKS[track]} {node + 1}" for node in nodes]
        return moves

    def _play_improve(self, seat: int, move: M.Improve, discount: int = 0) -> None:
        if not discount:
            self._need_main(seat)
        track = move.track
        name = TRACKS[track]
        level = self.levels[seat][track] + 1
        if level > RD.MAX_LEVEL:
            raise IllegalMove(tr("Your {track} is at level 5 already.").format(track=RD.track_word(track)))
        if not self.cities_of(seat):
            raise IllegalMove(tr("Improving needs a city (a ruin does not count)."))
        commodity = RD.TRACK_COMMODITY[track]
        cost = max(0, level - discount)
        if self.hands[seat][commodity] < cost:
            raise IllegalMove(tr("Level {level} of {track} costs {cost} {commodity}.").format(
                level=level, track=RD.track_word(track), cost=cost, commodity=RD.kind_word(commodity)))
        nodes = self._improve_nodes(seat, track, level)
        if nodes is None:
            if move.node is not None:
                raise IllegalMove(tr("This level takes no metropolis: write `{move}`.").format(move=f"improve {name}"))
        elif not nodes:
            raise IllegalMove(tr("Level {level} needs a city without a metropolis.").format(level=level))
        elif move.node is None or move.node not in nodes:
            raise IllegalMove(tr("This level takes the {metropolis}: name one of your cities without a metropolis, "
                                 "e.g. `{move}`.").format(metropolis=RD.metropolis_name(track),
                                                          move=f"improve {name} {nodes[0] + 1}"))
        self.hands[seat][commodity] -= cost
        self.bank[commodity] += cost
        self.levels[seat][track] = level
        extra: dict[str, Any] = {}
        if nodes:
            before = self.metropolis[name]
            extra["from_seat"] = self.node_owner[before] if before >= 0 else -1
            self.metropolis[name] = move.node
            extra["metropolis"] = move.node
        if level == RD.POWER_LEVEL and track == RD.COMMERCE:
            for index in range(5, NK):  # the Chandlery: every commodity 2:1
                self.rates[seat][index] = 2
        self._mark(seat, M.improve_text(move), **extra)

    # -- production, the event die, the raiders ---------------------------------------------
    def _produce(self, total: int) -> list[list[int]]:
        owed: dict[int, dict[int, int]] = {}  # kind -> seat -> cards owed
        node_owner, node_level, terrain = self.node_owner, self.node_level, self.terrain
        for hex_index in self.number_hexes.get(total, ()):
            if hex_index == self.robber:
                continue
            res = terrain[hex_index]
            commodity = RD.COMMODITY_OF.get(res)
            for node in self.HEX_NODES[hex_index]:
                owner = node_owner[node]
                if owner == -1:
                    continue
                if node_level[node] == 2 and commodity is not None:
                    pairs = ((res, 1), (commodity, 1))
                else:
                    pairs = ((res, node_level[node]),)
                for kind, count in pairs:
                    by_seat = owed.setdefault(kind, {})
                    by_seat[owner] = by_seat.get(owner, 0) + count
        gains = [[0] * NK for _ in range(self.n)]
        bank = self.bank
        for kind, by_seat in owed.items():
            if sum(by_seat.values()) > bank[kind]:
                if len(by_seat) > 1:
                    continue  # the bank cannot pay everyone: nobody takes this kind
                by_seat = {seat: bank[kind] for seat in by_seat}
            for seat, count in by_seat.items():
                gains[seat][kind] += count
                self.hands[seat][kind] += count
                bank[kind] -= count
        return gains

    def _cistern(self, gains: list[list[int]]) -> list[list[int]]:
        """Players at lore 3 who got nothing from the roll each choose a resource the bank holds,
        one after another from the roller (`TABLE_CHOICES`)."""
        seats = []
        for step in range(self.n):
            seat = (self.current + step) % self.n
            if self.levels[seat][RD.LORE] >= RD.POWER_LEVEL and not any(gains[seat]):
                seats.append(seat)
        self._queue_choices("cistern", seats)
        return []

    # A tie at a won raid (which deck) and the Cistern (which resource) are each player's own
    # choices, made by their standing answers `track:` and `cistern:`. They are asked as pending
    # choices answered by a move (`draw lore`, `cistern ore`) rather than read from settings as
    # the roll is played: a table's state must stay the replay of its log, and the settings a
    # table keeps for a person change without a move. The table answers them at once for a
    # person by their standing answer or its default (bot/features/auto.py, through the move
    # path discards take), and a computer seat answers for itself: nobody is ever asked.
    TABLE_CHOICES = ("track", "cistern")

    def _queue_choices(self, kind: str, seats: list[int]) -> None:
        """Ask the first seat of `seats` that can choose now; the rest wait their turn in order."""
        while seats:
            seat, seats = seats[0], seats[1:]
            if self._choice_moves(seat, kind):
                self.pending[seat] = {"ask": kind, "then": seats}
                return

    def _choice_moves(self, seat: int, kind: str) -> list[str]:
        """A seat's answers to a table choice, its default answer first."""
        if kind == "track":
            if len(self.progress[seat]) >= RD.PROGRESS_HAND:
                return []
            first = self.tie_track(seat)
            order = [first] + [t for t in RD.TRACK_TIE_ORDER if t != first]
            return [f"draw {TRACKS[t]}" for t in order if self.decks[TRACKS[t]]]
        return [f"cistern {D.RESOURCES[r]}" for r in self.cistern_order(seat) if self.bank[r]]

    def _answer_choice(self, seat: int, kind: str, text: str) -> dict[str, Any]:
        record = self.pending.get(seat)
        if record is None or record.get("ask") != kind:
            raise IllegalMove(tr("Nothing asks you for that now."))
        if text not in self._choice_moves(seat, kind):
            raise IllegalMove(tr("Choose one of: {moves}.").format(
                moves=", ".join(f"`{m}`" for m in self._choice_moves(seat, kind))))
        del self.pending[seat]
        self._queue_choices(kind, list(record.get("then", ())))
        return record

    # The answers add to the roll's own record rather than replace it, so the view still tells
    # the roll (its raid, its production) once the table has answered for everyone.
    def _play_draw(self, seat: int, move: M.Draw) -> None:
        track = TRACKS[move.track]
        self._answer_choice(seat, "track", f"draw {track}")
        card = self.draw_progress(seat, track)
        shown = card if card in P.POINT_CARDS else ""  # a point card is shown and scored
        raid = self.last.get("raid")
        if isinstance(raid, dict):
            raid.setdefault("draws", []).append([seat, track, shown])
        self.last["drawn"] = [seat, track, shown]

    def _play_cistern(self, seat: int, move: M.Cistern) -> None:
        self._answer_choice(seat, "cistern", f"cistern {D.RESOURCES[move.kind]}")
        self.bank[move.kind] -= 1
        self.hands[seat][move.kind] += 1
        self.last.setdefault("cistern", []).append([seat, move.kind])
        gains = self.last.get("gains")
        if isinstance(gains, list) and seat < len(gains):
            gains[seat][move.kind] += 1

    def cistern_order(self, seat: int) -> list[int]:
        answer = self.standing.get(seat, {}).get("cistern", "")
        order = [D.RES_INDEX[word] for word in answer.split() if word in D.RES_INDEX]
        return list(dict.fromkeys(order + list(RD.CISTERN_DEFAULT)))

    def tie_track(self, seat: int) -> int:
        answer = self.standing.get(seat, {}).get("track", "")
        if answer in RD.TRACK_INDEX:
            return RD.TRACK_INDEX[answer]
        levels = self.levels[seat]
        return max(RD.TRACK_TIE_ORDER, key=lambda track: (levels[track], -RD.TRACK_TIE_ORDER.index(track)))

    def draw_progress(self, seat: int, track: str) -> str | None:
        """The top card of a deck to the seat; a point card is shown and scored at once. None when
        nothing is drawn (a full hand or an empty deck)."""
        deck = self.decks[track]
        if not deck or len(self.progress[seat]) >= RD.PROGRESS_HAND:
            return None
        card = deck.pop(0)
        if card in P.POINT_CARDS:
            self.point_cards[seat].append(card)
        else:
            self.progress[seat].append(card)
        return card

    def _gate(self, track: int, red: int) -> list[list[Any]]:
        draws = []
        name = TRACKS[track]
        for step in range(self.n):
            seat = (self.current + step) % self.n
            level = self.levels[seat][track]
            if level >= 1 and level >= red - 1:
                card = self.draw_progress(seat, name)
                if card is not None:
                    draws.append([seat, name, card if card in P.POINT_CARDS else ""])
        return draws

    def raiders_strength(self) -> int:
        return self.node_level.count(2)

    def defence(self) -> int:
        return sum(record[STRENGTH] for record in self.knight_at.values() if record[ACTIVE])

    def _raid(self) -> dict[str, Any]:
        strength, defence = self.raiders_strength(), self.defence()
        active = [self.active_strength(seat) for seat in range(self.n)]
        report: dict[str, Any] = {"strength": strength, "defence": defence, "pillaged": [], "shield": -1,
                                  "draws": [], "first": not self.raided}
        if strength > defence:
            metropolises = set(self.metropolis.values())
            exposed = [seat for seat in range(self.n)
                       if any(node not in metropolises for node in self.cities_of(seat))]
            if exposed:
                least = min(active[seat] for seat in exposed)
                for seat in exposed:
                    if active[seat] == least:
                        node = self._city_to_pillage(seat, metropolises)
                        report["pillaged"].append([seat, node, self._pillage(seat, node)])
        else:
            best = max(active)
            leaders = [seat for seat in range(self.n) if active[seat] == best]
            if best > 0 and len(leaders) == 1:
                self.shields[leaders[0]] += 1
                report["shield"] = leaders[0]
            elif best > 0:
                tied = [(self.current + step) % self.n for step in range(self.n)]
                report["tied"] = [seat for seat in tied if seat in leaders]
                self._queue_choices("track", report["tied"])  # each draws by `track:` (TABLE_CHOICES)
        for record in self.knight_at.values():
            record[ACTIVE] = 0
        self.raiders = 0
        self.raided = True
        return report

    def _city_to_pillage(self, seat: int, metropolises: set[int]) -> int:
        def pips(node: int) -> int:
            return sum(D.PIPS.get(self.numbers[h], 0) for h in self.NODE_HEXES[node])

        cities = [node for node in self.cities_of(seat) if node not in metropolises]
        return min(cities, key=lambda node: (node in self.walls, pips(node), node))

    def _pillage(self, seat: int, node: int) -> str:
        """The city on `node` falls to the raiders: a settlement again, or a ruin when no
        settlement is in supply. Its wall goes."""
        if node in self.walls:
            self.walls.remove(node)
        self.node_level[node] = 1
        if self.pieces[seat][1] < D.SETTLEMENTS:
            self.pieces[seat][2] -= 1
            self.pieces[seat][1] += 1
            return "settlement"
        self.ruins.append(node)  # the city piece stays, counting as a settlement
        return "ruin"

    def _play_roll(self, seat: int, move: M.Roll) -> None:
        if self.pending:
            raise IllegalMove(self._waiting_words())
        if seat != self.current or self.phase != "roll":
            self._need_turn(seat, "roll")
        fixed = self.turn_effects.pop("dice", None)  # a Stargazer's production dice
        if fixed:
            d1, d2 = fixed
        else:
            outcome = self.rng.randint(0, 35)
            d1, d2 = outcome // 6 + 1, outcome % 6 + 1
        face = RD.EVENT_FACES[self.rng.randint(0, 5)]
        self.dice = [d1, d2]
        self.red = d1
        self.event = face
        record: dict[str, Any] = {"seat": seat, "move": "roll", "roll": [d1, d2], "event": face}
        if face == "sail":
            self.raiders += 1
            record["raiders"] = self.raiders
            if self.raiders >= RD.RAIDERS_STEPS:
                record["raid"] = self._raid()
        else:
            record["draws"] = self._gate(RD.TRACK_INDEX[face], d1)
        total = d1 + d2
        self.last = record
        if total == 7:
            self._start_discards()
            return
        gains = self._produce(total)
        record["gains"] = gains
        record["cistern"] = self._cistern(gains)
        self.phase = "main"

    def _play_discard(self, seat: int, move: M.Discard) -> None:
        if seat in self.pending:
            P.answer(self, seat, move)  # a discard a progress card asks for, out of the 7's discards
            return
        super()._play_discard(seat, move)

    def _discards_done(self) -> None:
        if self.raided:
            self._enter_robber("main")
        else:  # the robber stays put until the raiders first land
            self.phase = "main"
            self.last["robber_locked"] = True

    def _place_settlement(self, seat: int, node: int) -> None:
        super()._place_settlement(seat, node)
        harbour = self.HARBOUR_NODES.get(node)
        if harbour is not None and self.harbours[harbour] == "any":
            rates = self.rates[seat]
            for kind in range(5, NK):  # a generic harbour takes commodities 3:1 too
                rates[kind] = min(rates[kind], 3)

    def _play_settlement(self, seat: int, move: M.Settlement) -> None:
        if self.phase == "setup" and seat == self.current and self.setup_step >= self.n and self.setup_node < 0:
            raise IllegalMove(tr("Your second starting placement is a city: `city N`."))
        if self.phase != "setup":
            self._need_main(seat)
        if self.phase == "main" and move.node in self.knight_at:
            raise IllegalMove(tr("A knight stands on corner {node}: no settlement goes there.").format(node=move.node + 1))
        super()._play_settlement(seat, move)

    def _play_city(self, seat: int, move: M.City, free: bool = False) -> None:
        node = move.node
        if self.phase == "setup" and seat == self.current:
            if self.setup_step < self.n:
                raise IllegalMove(tr("Your first starting placement is a settlement: `settlement N`."))
            if self.setup_node >= 0:
                raise IllegalMove(tr("Now place a road beside corner {node}.").format(node=self.setup_node + 1))
            if not self._free_spot(node):
                raise IllegalMove(tr("Corner {node} is taken or next to a building.").format(node=node + 1))
            self._place_settlement(seat, node)
            self.node_level[node] = 2
            self.pieces[seat][1] -= 1
            self.pieces[seat][2] += 1
            self.setup_node = node
            self._mark(seat, f"city {node + 1}", nodes=[node], collected=self._collect_around(seat, node))
            return
        if not free:
            self._need_main(seat)
        if self.node_owner[node] != seat or self.node_level[node] != 1:
            raise IllegalMove(tr("You have no settlement on corner {node}.").format(node=node + 1))
        ruin = node in self.ruins
        if not ruin:
            if self.ruins_of(seat):
                raise IllegalMove(tr("Rebuild your ruined city before you build another city."))
            if self.pieces[seat][2] >= D.CITIES:
                raise IllegalMove(tr("All {count} of your cities are on the board.").format(count=D.CITIES))
        cost = RD.COST_CITY if not free else (0, 0, 0, 1, 2, 0, 0, 0)  # Herbalist: 2 ore + 1 grain
        if not _holds(self.hands[seat], cost):
            raise IllegalMove(tr("A city costs 3 ore and 2 grain."))
        self._pay(seat, cost)
        self.node_level[node] = 2
        if ruin:
            self.ruins.remove(node)
        else:
            self.pieces[seat][1] -= 1
            self.pieces[seat][2] += 1
        self._mark(seat, f"city {node + 1}", nodes=[node], rebuilt=ruin)

    def _play_road(self, seat: int, move: M.Road) -> None:
        if self.phase != "setup":
            if self.pending:
                self._need_main(seat)
        super()._play_road(seat, move)

    def rate(self, seat: int, kind: int) -> int:
        """The seat's rate with the bank for a kind: harbours, the Chandlery, the peddler and a
        Trade Winds played this turn."""
        rate = self.rates[seat][kind]
        if self.peddler_holder == seat and self.peddler >= 0 and self.terrain[self.peddler] == kind:
            rate = min(rate, 2)
        if seat == self.current and K[kind] in self.turn_effects.get("trade_winds", ()):
            rate = min(rate, 2)  # the kinds named by this turn's Trade Winds
        return rate

    def _play_offer(self, seat: int, move: M.Offer) -> None:
        self._need_main(seat)
        super()._play_offer(seat, move)

    def _play_end(self, seat: int, move: M.End) -> None:
        self._need_main(seat)
        for record in self.knight_at.values():
            record[ACTIVATED] = record[ACTED] = record[PROMOTED] = 0
        self.turn_effects = {}
        super()._play_end(seat, move)

    # -- progress cards (their effects: progress.py) ----------------------------------------
    def _play_card(self, seat: int, move: P.Play) -> None:
        if self.pending:
            self._need_main(seat)
        if seat != self.current or self.phase not in ("roll", "main"):
            self._need_turn(seat, "roll", "main")
        P.play_card(self, seat, move)

    def _play_take(self, seat: int, move: P.Take) -> None:
        P.answer(self, seat, move)

    def _play_give(self, seat: int, move: P.Give) -> None:
        P.answer(self, seat, move)

    # -- asking ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.pending:
            return sorted(self.pending)
        return super().to_act()

    discard_options = staticmethod(discard_options)  # a hand of eight kinds

    def legal_moves(self, seat: int) -> list[str]:
        if self.pending and self.phase != "over" and 0 <= seat < self.n:
            kind = self.pending.get(seat, {}).get("ask")
            if kind in self.TABLE_CHOICES:
                return self._choice_moves(seat, kind)
            return P.answer_moves(self, seat) if seat in self.pending else []
        return super().legal_moves(seat)

    def _setup_building_moves(self) -> Sequence[str]:
        return self.SETTLEMENT_MOVES if self.setup_step < self.n else self.CITY_MOVES  # the second is a city

    def _setup_piece_word(self) -> str:
        return "settlement" if self.setup_step < self.n else "city"  # verbatim: keys, as the base game's

    def _roll_moves(self, seat: int) -> list[str]:
        return ["roll", *P.card_moves(self, seat)]

    def _main_moves(self, seat: int) -> list[str]:
        owed = P.answer_moves(self, seat)
        if owed:
            return owed  # a take the turn owes (Informer, Broker) comes first
        hand = self.hands[seat]
        pieces = self.pieces[seat]
        moves: list[str] = []
        for offer in self.offers:
            for other, answer in sorted(offer["answers"].items()):
                if answer[0] != "decline" and self._trade_possible(offer, int(other)):
                    moves.append(f"confirm {offer['id']} {int(other) + 1}")
        lumber, brick, wool, grain, ore = hand[:5]
        if grain >= 2 and ore >= 3:
            ruins = [node for node in self.ruins if self.node_owner[node] == seat]
            if ruins:
                moves += [self.CITY_MOVES[node] for node in sorted(ruins)]
            elif pieces[2] < D.CITIES:
                moves += [self.CITY_MOVES[node] for node in _positions(self.node_owner, seat)
                          if self.node_level[node] == 1]
        moves += self.improve_moves(seat)
        if pieces[1] < D.SETTLEMENTS and lumber and brick and wool and grain:
            moves += [self.SETTLEMENT_MOVES[node] for node in self.settlement_spots(seat)]
        if brick >= 2 and self.walls_of(seat) < RD.WALLS:
            moves += [f"wall {node + 1}" for node in self.cities_of(seat) if node not in self.walls]
        moves += self._knight_moves(seat)
        if pieces[0] < D.ROADS and lumber and brick:
            moves += [self.ROAD_MOVES[edge] for edge in self.road_spots(seat)]
        moves += P.card_moves(self, seat)
        bank = self.bank
        for give in range(NK):
            rate = self.rate(seat, give)
            if hand[give] >= rate:
                moves += [f"trade {rate} {K[give]} for 1 {K[get]}"  # verbatim: notation
                          for get in range(NK) if get != give and bank[get]]
        if self.offers_made < D.MAX_OFFERS_PER_TURN:
            moves += [f"offer 1 {K[give]} for 1 {K[get]}" for give in range(NK) if hand[give]
                      for get in range(NK) if get != give]
        moves += [f"cancel {offer['id']}" for offer in self.offers]
        moves.append("end")
        return moves

    def status(self, names: Sequence[str]) -> str:
        line = super().status(names)
        if self.phase == "over":
            return line
        raid = " " + tr("Raiders {steps}/{total}: strength {strength} against knights {defence}.").format(
            steps=self.raiders, total=RD.RAIDERS_STEPS, strength=self.raiders_strength(), defence=self.defence())
        if not self.raided:
            raid += " " + tr("The robber waits in the desert until the first raid.")
        if self.pending:
            raid += " " + tr("Waiting for: {seats}.").format(seats=", ".join(names[s] for s in sorted(self.pending)))
        return line + raid

    def private_text(self, seat: int, names: Sequence[str]) -> str:
        if not 0 <= seat < self.n:
            return ""
        hand = P.kinds_words(self.hands[seat]) or tr("no cards")
        parts = [tr("Your hand: {hand}.").format(hand=hand)]
        if self.progress[seat]:
            parts.append(tr("Progress cards: {cards}.").format(cards=", ".join(P.TITLES[card] for card in self.progress[seat])))
        special = [f"{RD.kind_word(i)} {self.rate(seat, i)}:1" for i in range(NK) if self.rate(seat, i) < 4]
        if special:
            parts.append(tr("Bank rates: {rates}.").format(rates=", ".join(special)))
        parts += P.private_lines(self, seat, names)  # a hand an Informer or a Broker shows, cards taken
        self._tell_stolen(seat, names, parts)
        return " ".join(parts)

    def private_change(self, seat: int, before: Game) -> str:
        if not 0 <= seat < self.n or not isinstance(before, RampartsGame) or seat >= before.n:
            return ""
        parts = counts_change(before.hands[seat], self.hands[seat], [RD.kind_word(kind) for kind in range(NK)])
        was, now = before.progress[seat], self.progress[seat]
        cards = sorted(set(was) | set(now))
        parts += counts_change([was.count(c) for c in cards], [now.count(c) for c in cards],
                               [P.TITLES[c] for c in cards])
        return ", ".join(parts)

    def view(self, seat: int | None) -> dict[str, Any]:
        result = super().view(seat)
        for key in ("event", "raiders", "draws", "raid", "cistern", "robber_locked", "rebuilt", "displaced"):
            if key in self.last:
                result["last"][key] = _deep(self.last[key])
        if "raid" in self.last:  # corners as the public numbers (index + 1)
            result["last"]["raid"]["pillaged"] = [[seat, node + 1, became]
                                                  for seat, node, became in self.last["raid"]["pillaged"]]
        if "retreat" in self.last:
            result["last"]["retreat"] = self.last["retreat"] + 1 if self.last["retreat"] >= 0 else None
        for other, info in enumerate(result["players"]):
            info["levels"] = list(self.levels[other])
            info["shields"] = self.shields[other]
            info["progress_cards"] = len(self.progress[other])
            info["active_strength"] = self.active_strength(other)
            info["point_cards"] = list(self.point_cards[other])
            info["dev_cards"] = 0
            info["walls"] = self.walls_of(other)
            if "final_sources" in info:
                parts = self._score_parts(other)
                # verbatim: the view's keys, which the picture names in its language
                info["final_sources"] = [[label, points] for label, points in (
                    ("settlements", parts["settlements"]), ("cities", 2 * parts["cities"]),  # verbatim: keys
                    ("metropolises", RD.METROPOLIS_POINTS * parts["metropolises"]),
                    ("Isle Shields", parts["shields"]), ("point cards", len(parts["point_cards"])),  # verbatim: keys
                    ("the peddler", RD.PEDDLER_POINTS * parts["peddler"]),  # verbatim: keys
                    ("Longest Road", D.TITLE_POINTS * parts["longest_road"])) if points]  # verbatim: keys
        result["played"] = {}
        result["deck"] = 0
        result["ramparts"] = {
            "raiders": self.raiders,
            "raiders_strength": self.raiders_strength(),
            "defence": self.defence(),
            "raided": self.raided,
            "event": self.event,
            "red": self.red,
            "knights": [{"node": node + 1, "seat": record[SEAT], "strength": record[STRENGTH],
                         "active": bool(record[ACTIVE])} for node, record in sorted(self.knight_at.items())],
            "walls": sorted(node + 1 for node in self.walls),
            "ruins": sorted(node + 1 for node in self.ruins),
            "metropolises": {track: (node + 1 if node >= 0 else None) for track, node in self.metropolis.items()},
            "peddler": self.HEX_LABELS[self.peddler] if self.peddler >= 0 else None,
            "peddler_holder": self.peddler_holder if self.peddler_holder >= 0 else None,
            "deck_counts": {track: len(self.decks[track]) for track in TRACKS},
        }
        if self.pending:
            result["pending"] = sorted(self.pending)
        if seat is not None and 0 <= seat < self.n:
            result["progress_hand"] = list(self.progress[seat])
            result.pop("dev_hand", None)
            result.pop("dev_new", None)
            result["rates"] = [self.rate(seat, kind) for kind in range(NK)]
            result.update(P.private_view(self, seat))  # the hand an Informer or a Broker shows its player
        return result

    def redeal_hidden(self, rng: random.Random) -> bool:
        """Cards of the 8 kinds and progress cards are hidden: pool each over the seats and deal
        them back in hands of the same sizes; the decks are shuffled afresh."""
        pool = [kind for hand in self.hands for kind in range(NK) for _ in range(hand[kind])]
        rng.shuffle(pool)
        for seat in range(self.n):
            size = sum(self.hands[seat])
            hand = [0] * NK
            for kind in pool[:size]:
                hand[kind] += 1
            pool = pool[size:]
            self.hands[seat] = hand
        cards = [card for hand in self.progress for card in hand]
        rng.shuffle(cards)
        for seat in range(self.n):
            size = len(self.progress[seat])
            self.progress[seat], cards = cards[:size], cards[size:]
        for deck in self.decks.values():
            rng.shuffle(deck)
        return True

    def redraw_hidden(self, seat: int, rng: random.Random) -> RampartsGame:
        """A copy in which the dice, the decks' order, the other players' cards of the 8 kinds and
        their progress cards (each keeps as many) are drawn afresh."""
        world = self.copy()
        world.rng = Rng(rng.randrange(2**53))
        shown = P.shown_hand(self, seat)  # a hand an Informer or a Broker shows the seat stays as it is
        others = [s for s in range(self.n) if s != seat and shown != (s, "hand")]
        pool = sorted(kind for s in others for kind in range(NK) for _ in range(world.hands[s][kind]))
        rng.shuffle(pool)
        for s in others:
            count = sum(world.hands[s])
            hand = [0] * NK
            for kind in pool[:count]:
                hand[kind] += 1
            pool = pool[count:]
            world.hands[s] = hand
        dealt = [s for s in range(self.n) if s != seat and shown != (s, "progress")]
        for track in TRACKS:
            unseen = list(world.decks[track]) + [c for s in dealt for c in world.progress[s] if P.CARDS[c][0] == track]
            unseen.sort()
            rng.shuffle(unseen)
            points = [c for c in unseen if c in P.POINT_CARDS]  # never held: they stay in the deck
            unseen = [c for c in unseen if c not in P.POINT_CARDS]
            for s in dealt:
                count = sum(1 for c in world.progress[s] if P.CARDS[c][0] == track)
                kept = [c for c in world.progress[s] if P.CARDS[c][0] != track]
                world.progress[s] = kept + unseen[:count]
                unseen = unseen[count:]
            for card in points:
                unseen.insert(rng.randrange(len(unseen) + 1), card)
            world.decks[track] = unseen
        P.fit_pending(world)  # an ask the dealt hands cannot answer is dropped in this world
        return world

    def estimate(self, seat: int) -> float:
        def worth(s: int) -> float:
            return 4.0 * self.total_points(s) + 0.1 * sum(self.hands[s]) + 0.5 * self.active_strength(s) \
                + 0.5 * sum(self.levels[s])

        return worth(seat) - max(worth(s) for s in range(self.n) if s != seat)

    def can_take_back(self, before: Game, seat: int, move: str) -> bool:
        if not isinstance(before, RampartsGame):
            return False
        same_cards = before.progress == self.progress and before.decks == self.decks
        return self.notation.takes_back(move) and rng_untouched(before, self) and same_cards

    def canonical(self, seat: int, move: str) -> str:
        """The listed text when there is one; otherwise the move as the engine writes it (cards
        in one order for `give`, `take` and the trades, a hex label in capitals)."""
        text = Game.canonical(self, seat, move)
        try:
            value = self.notation.parse(text)
        except IllegalMove:
            return text  # `play` will refuse it with the reason
        return self.notation.text(value)

    def quick_moves(self, seat: int) -> list[str]:
        return [m for m in self.legal_moves(seat) if m in ("roll", "end")]


PioneersGame.layouts["ramparts"] = RampartsGame  # a rules variant, picked by the option `ramparts`

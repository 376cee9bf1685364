"""Pioneer's Isle on a sea layout (Voyages, ../rules/pioneers-voyages.md): ships, the pirate,
gold fields and islands to discover, on a map of several islands in the sea.

Each layout is a class of its own (`ShoresGame`, `IslesGame`) sharing the rules of `SeaGame`,
with its map's geometry and move table; `PioneersGame.new` and `load` pick it from the `board`
option, so a table's key stays `pioneers`.

Speed: random playouts of four players without offers (`bench/pioneers_catanatron.py 20 3
shores`, CPU time, medians of 3 rounds of 20 games, load 3-6) play about 19,000 moves a second on
Shores and 16,500 on Isles, against 113,000 on the island alone. Catanatron has no sea mode, so
no like-for-like figure exists: beside its base game's random playouts in the same runs (about
26,000 actions a second) ours on the sea run 0.73x (Shores) and 0.63x (Isles) a move, where on the
island alone ours run 4.4x its games a second. A sea game is longer (14 points, 2,000-3,000 moves
against about 900) and its moves cost more: the longest trade route, recounted whenever a ship
is built or moved, takes about 40% of the time (random players leave branching lines of ships).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Field, IllegalMove
from games.pioneers import board as B
from games.pioneers import data as D
from games.pioneers import moves as M
from games.pioneers.game import PioneersGame, _discard_options, _farthest, _holds, _positions, connected_parts
from lang import ngettext, tr

R = D.RESOURCES


class SeaGame(PioneersGame):
    """The rules every sea layout shares; a layout's class adds its map."""

    fields = PioneersGame.fields + (
        Field("ship_owner", "list"), Field("pirate"), Field("built_ships", "list"), Field("ship_moved"),
        Field("gold_owed", "dict", dump=lambda v: [[s, c] for s, c in sorted(v.items())],
              load=lambda v: {int(s): int(c) for s, c in v}),
        Field("starts", "rows"), Field("discovered", "rows"), Field("discovered_at", "rows"),
        Field("gold_hexes", "dict", key=None),  # derived from the terrain and numbers (`_index_board`)
    )
    __slots__ = ("ship_owner", "pirate", "built_ships", "ship_moved", "gold_owed", "starts", "discovered",
                 "discovered_at", "gold_hexes")
    ROUTE_WORDS, ROUTE_WORD = "roads or ships", "road or ship"  # verbatim: keys of the base's sentences

    def __init__(self) -> None:
        super().__init__()
        self.ship_owner: list[int] = []
        self.pirate = 0
        self.built_ships: list[int] = []  # ships built this turn: they may not move yet
        self.ship_moved = False
        self.gold_owed: dict[int, int] = {}  # seat -> cards still to choose for gold
        self.starts: list[list[str]] = []  # per seat, the islands of its starting settlements
        self.discovered: list[list[str]] = []  # per seat, the islands it earned discovery points on
        self.discovered_at: list[list[int]] = []  # per seat, the corner of the settlement that earned each

    def _index_board(self) -> None:
        """Numbers to hexes as on the island, gold fields apart: they pay by the owner's choice."""
        super()._index_board()
        self.gold_hexes: dict[int, tuple[int, ...]] = {}
        for number, hexes in list(self.number_hexes.items()):
            gold = tuple(h for h in hexes if self.terrain[h] == D.GOLD)
            if gold:
                self.gold_hexes[number] = gold
                self.number_hexes[number] = tuple(h for h in hexes if self.terrain[h] != D.GOLD)

    def _deal_board(self) -> None:
        self.terrain, self.numbers, self.harbours = B.sea_board(self.LAYOUT, self.rng)
        self.ship_owner = [-1] * self.EDGE_COUNT
        self.pirate = self.GEOMETRY.pirate_start
        self.starts = [[] for _ in range(self.n)]
        self.discovered = [[] for _ in range(self.n)]
        self.discovered_at = [[] for _ in range(self.n)]

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> SeaGame:
        state = data.get("state") or {}
        if "discovered" in state and "discovered_at" not in state:
            # stored before each discovery kept its corner: the marker stays where it was drawn
            # then, by the seat's lowest corner on that island
            owners = state["node_owner"]
            islands = B.SEA_GEOMETRY[state["opts"]["board"]].node_island
            state = {**state, "discovered_at": [
                [next(n for n in range(len(owners)) if owners[n] == seat and islands[n] == island)
                 for island in found] for seat, found in enumerate(state["discovered"])]}
            data = {**data, "state": state}
        return super().load(data)  # type: ignore[return-value]

    # -- points -----------------------------------------------------------------------
    def discovery_points(self, seat: int) -> int:
        return D.DISCOVERY_POINTS * len(self.discovered[seat])

    def discovers(self, seat: int, island: str) -> bool:
        """Whether a settlement of the seat's on `island` would bring it discovery points: an
        island it did not start on and has not discovered yet."""
        return island not in self.starts[seat] and island not in self.discovered[seat]

    def visible_points(self, seat: int) -> int:
        return super().visible_points(seat) + self.discovery_points(seat)

    def _check_win(self) -> None:
        seat = self.current
        if self.total_points(seat) >= self.opts["target"]:
            self.winner = seat
            self.phase = "over"
            self._close_offers("the game ended")  # verbatim: kept

    def dispatch(self, seat: int, move: Any) -> None:
        super().dispatch(seat, move)
        # At sea more moves change points than the island's handlers check after (a settlement
        # that joins a road line to a ship line or cuts a rival's, a discovery), and a handler may
        # settle the title after its own check: the player in turn wins the moment any move
        # brings them to the target (another player's points wait for their own turn's start).
        if self.phase not in ("over", "setup"):
            self._check_win()

    def outcome(self):
        outcome = super().outcome()
        if outcome is not None:
            for seat, info in enumerate(outcome.details):
                info["discoveries"] = len(self.discovered[seat])
        return outcome

    def score_breakdown(self, seat: int) -> str:
        words = super().score_breakdown(seat)
        found = len(self.discovered[seat]) if self.phase == "over" else 0
        if found:
            words += ", " + ngettext("{count} island discovered {points}", "{count} islands discovered {points}",
                                     found).format(count=found, points=self.discovery_points(seat))
        return words.lstrip(", ")

    # -- where pieces go ----------------------------------------------------------------
    def setup_spots(self) -> list[int]:
        return self._open_corners(self.SETUP_NODES)

    def _pirate_edges(self) -> set[int]:
        return set(self.GEOMETRY.hex_edges[self.pirate])

    def _reaches(self, seat: int, node: int) -> bool:
        if node not in self.GEOMETRY.land_nodes_set:
            return False
        owners, ships = self.edge_owner, self.ship_owner
        return any(owners[edge] == seat or ships[edge] == seat for edge in self.NODE_EDGES[node])

    @property
    def node_island(self) -> list[str]:
        return self.GEOMETRY.node_island

    def settlement_spots(self, seat: int) -> list[int]:
        ends = set()
        for edge in _positions(self.edge_owner, seat) + _positions(self.ship_owner, seat):
            ends.update(self.EDGE_NODES[edge])
        land = self.GEOMETRY.land_nodes_set
        return self._open_corners(sorted(node for node in ends if node in land))

    def road_spots(self, seat: int) -> list[int]:
        land, ships = self.GEOMETRY.land_edges, self.ship_owner
        return [edge for edge in super().road_spots(seat) if land[edge] and ships[edge] == -1]

    def _road_ok(self, seat: int, edge: int) -> bool:
        return self.GEOMETRY.land_edges[edge] and self.ship_owner[edge] == -1 and super()._road_ok(seat, edge)

    def ship_spots(self, seat: int, leaving: int = -1, pirate: bool = True) -> list[int]:
        """Edges where the seat may build a ship now (or move one to, the ship on `leaving` gone);
        with `pirate` False, as if the pirate were off the board."""
        node_owner, owners, ships = self.node_owner, self.edge_owner, self.ship_owner
        sea = self.GEOMETRY.sea_edges
        mine = [edge for edge in _positions(ships, seat) if edge != leaving]
        ends = set(_positions(node_owner, seat))
        for edge in mine:
            ends.update(self.EDGE_NODES[edge])
        blocked = self._pirate_edges() if pirate else ()
        found = set()
        for node in ends:
            if node_owner[node] in (seat, -1):
                for edge in self.NODE_EDGES[node]:
                    if (sea[edge] and owners[edge] == -1 and (ships[edge] == -1 or edge == leaving)
                            and edge not in blocked and edge != leaving):
                        found.add(edge)
        return sorted(found)

    def _open_ship(self, seat: int, edge: int) -> bool:
        """Whether the seat's ship on `edge` ends an open line: one of its corners touches neither
        another of the seat's ships nor the seat's settlement or city."""
        for node in self.EDGE_NODES[edge]:
            if self.node_owner[node] == seat:
                continue
            if not any(other != edge and self.ship_owner[other] == seat for other in self.NODE_EDGES[node]):
                return True
        return False

    def movable_ships(self, seat: int) -> list[int]:
        if self.ship_moved or seat != self.current or self.phase != "main":
            return []
        blocked = self._pirate_edges()
        return [edge for edge in _positions(self.ship_owner, seat)
                if edge not in self.built_ships and edge not in blocked and self._open_ship(seat, edge)]

    def _free_piece_left(self, seat: int) -> bool:
        return super()._free_piece_left(seat) or (self._ships_left(seat) > 0 and bool(self.ship_spots(seat)))

    def _ships_left(self, seat: int) -> int:
        return D.SHIPS - self.ship_owner.count(seat)

    # -- the longest trade route ----------------------------------------------------------
    def longest_road_of(self, seat: int) -> int:
        """Roads and ships in one line; a road and a ship join only at the seat's own building.
        Each corner has a road side and a ship side, one and the same where the seat builds."""
        pieces, links, cut = self._route_graph(seat)
        if len(pieces) <= 1:
            return len(pieces)

        def trail(port: int, used: int) -> int:
            best = 0
            for bit, other in links[port]:
                if not used & bit:
                    length = 1 if other in cut else 1 + trail(other, used | bit)
                    if length > best:
                        best = length
            return best

        starts, best = [], 0
        for piece in connected_parts(links):
            first = piece[0]
            if sum(len(links[port]) for port in piece) < 2 * len(piece) and cut.isdisjoint(piece):
                # a tree nobody cuts: its longest line is its longest path (as on the island)
                best = max(best, _farthest(links, _farthest(links, first)[0])[1])
                continue
            ends = [port for port in piece if len(links[port]) != 2 or port in cut]
            starts += ends or piece[:1]
        return max([best] + [trail(port, 0) for port in starts])

    def _route_graph(self, seat: int) -> tuple[list[tuple[int, int]], dict[int, list[tuple[int, int]]], set[int]]:
        """The seat's roads and ships (edge, 1 for a ship), the links between their ends (a port
        per corner and side, with the piece's bit), and the ports another's building cuts."""
        node_owner = self.node_owner
        pieces = [(edge, 0) for edge in _positions(self.edge_owner, seat)]
        pieces += [(edge, 1) for edge in _positions(self.ship_owner, seat)]
        links: dict[int, list[tuple[int, int]]] = {}
        for index, (edge, ship) in enumerate(pieces):
            a, b = self.EDGE_NODES[edge]
            pa = 2 * a + (ship if node_owner[a] != seat else 0)
            pb = 2 * b + (ship if node_owner[b] != seat else 0)
            links.setdefault(pa, []).append((1 << index, pb))
            links.setdefault(pb, []).append((1 << index, pa))
        cut = {port for port in links if node_owner[port // 2] not in (-1, seat)}
        return pieces, links, cut

    def longest_route(self, seat: int) -> list[tuple[int, int]]:
        """The pieces (edge, 1 for a ship) of one of the seat's longest trade routes, for the
        picture to draw: the same lines longest_road_of measures, walked from every end."""
        pieces, links, cut = self._route_graph(seat)
        best = [0, 0]  # length, pieces used

        def walk(port: int, used: int, length: int) -> None:
            if length > best[0]:
                best[:] = [length, used]
            for bit, other in links[port]:
                if not used & bit:
                    if other in cut:
                        if length + 1 > best[0]:
                            best[:] = [length + 1, used | bit]
                    else:
                        walk(other, used | bit, length + 1)

        for piece in connected_parts(links):
            for port in [port for port in piece if len(links[port]) != 2 or port in cut] or piece[:1]:
                walk(port, 0, 0)
        return [pieces[index] for index in range(len(pieces)) if best[1] >> index & 1]

    # -- legal moves ----------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "gold":
            return [self._gold_chooser()]
        return super().to_act()

    def _gold_chooser(self) -> int:
        for step in range(self.n):
            seat = (self.current + step) % self.n
            if seat in self.gold_owed:
                return seat
        return self.current

    def legal_moves(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == "over" or not 0 <= seat < self.n:
            return []
        texts = self.notation.texts
        if phase == "gold":
            if seat != self._gold_chooser():
                return []
            count = min(self.gold_owed[seat], sum(self.bank))
            return ["gold " + M.amounts_text(option) for option in _discard_options(self.bank, count, 400)]
        if seat == self.current and phase == "setup" and self.setup_node >= 0:
            edges = self.NODE_EDGES[self.setup_node]
            land, sea, blocked = self.GEOMETRY.land_edges, self.GEOMETRY.sea_edges, self._pirate_edges()
            free = [edge for edge in edges if self.edge_owner[edge] == -1 and self.ship_owner[edge] == -1]
            return ([texts.road[edge] for edge in free if land[edge]]
                    + [texts.ship[edge] for edge in free if sea[edge] and edge not in blocked])
        if seat == self.current and phase == "robber":
            return self._robber_moves() + self._pirate_moves()
        if seat == self.current and phase == "roads":
            moves = [texts.road[edge] for edge in self.road_spots(seat)] if self.pieces[seat][0] < D.ROADS else []
            if self._ships_left(seat):
                moves += [texts.ship[edge] for edge in self.ship_spots(seat)]
            return moves
        moves = super().legal_moves(seat)
        if seat == self.current and phase == "main":
            extra = self._ship_moves(seat)
            if extra:
                at = len(moves) - 1 if moves and moves[-1] == "end" else len(moves)
                moves[at:at] = extra
        return moves

    def _ship_moves(self, seat: int) -> list[str]:
        texts = self.notation.texts
        moves = []
        hand = self.hands[seat]
        if self._ships_left(seat) and _holds(hand, D.SHIP_COST):
            moves += [texts.ship[edge] for edge in self.ship_spots(seat)]
        labels = self.EDGE_LABELS
        for edge in self.movable_ships(seat):
            moves += [f"move ship {labels[edge]} to {labels[to]}"  # verbatim: a move
                      for to in self.ship_spots(seat, leaving=edge)]
        return moves

    def _pirate_victims(self, hex_index: int, robbable: list[bool]) -> list[int]:
        victims = set()
        for edge in self.GEOMETRY.hex_edges[hex_index]:
            owner = self.ship_owner[edge]
            if owner != -1 and robbable[owner]:
                victims.add(owner)
        return sorted(victims)

    def _pirate_closed(self, hex_index: int, shielded: list[bool] | None) -> bool:
        if hex_index == self.pirate:
            return True
        if shielded is None:
            return False
        for edge in self.GEOMETRY.hex_edges[hex_index]:
            owner = self.ship_owner[edge]
            if owner != -1 and shielded[owner]:
                return True
        return False

    def pirate_hexes(self) -> list[int]:
        shielded = self._shielded()
        return [h for h in self.GEOMETRY.sea_hexes if not self._pirate_closed(h, shielded)]

    def _pirate_moves(self) -> list[str]:
        robbable = self._robbable()
        table = self.notation.texts.pirate
        moves = []
        for hex_index in self.pirate_hexes():
            bits = sum(1 << seat for seat in self._pirate_victims(hex_index, robbable))
            moves += table[hex_index][bits]
        return moves

    # -- playing ------------------------------------------------------------------------
    def _enter_robber(self, back: str) -> None:
        super()._enter_robber(back)
        if self.phase == back and self.last.get("robber_stays") and self.pirate_hexes():
            del self.last["robber_stays"]
            self.phase = "robber"

    def _play_robber(self, seat: int, move: M.Robber) -> None:
        if self.GEOMETRY.sea[move.hex]:
            self._need_turn(seat, "robber")
            raise IllegalMove(tr("The robber stays on land; move the pirate with `pirate {hex}`.").format(
                hex=self.HEX_LABELS[move.hex]))
        super()._play_robber(seat, move)

    def _play_pirate(self, seat: int, move: M.Pirate) -> None:
        self._need_turn(seat, "robber")
        hex_index = move.hex
        label = self.HEX_LABELS[hex_index]
        if not self.GEOMETRY.sea[hex_index]:
            raise IllegalMove(tr("The pirate sails the sea; move the robber with `robber {hex}`.").format(hex=label))
        if hex_index == self.pirate:
            raise IllegalMove(tr("The pirate must move to another sea hex."))
        if self._pirate_closed(hex_index, self._shielded()):
            raise IllegalMove(tr("The friendly robber keeps the pirate off {hex}: a player with fewer than "
                                 "3 visible points has a ship there.").format(hex=label))
        victims = self._pirate_victims(hex_index, self._robbable())
        if move.victim is None and victims:
            raise IllegalMove(tr("Choose whom to rob: `pirate {hex} steal N`, where N is {numbers}.").format(
                hex=label, numbers=_or_words([f"{v + 1}" for v in victims])))
        if move.victim is not None and move.victim not in victims:
            if victims:
                raise IllegalMove(tr("From {hex} you may rob player {numbers}.").format(
                    hex=label, numbers=_or_words([f"{v + 1}" for v in victims])))
            raise IllegalMove(tr("Nobody with a ship beside {hex} can be robbed; write `pirate {hex}`.").format(hex=label))
        self.pirate = hex_index
        extra: dict[str, Any] = {"hex": hex_index, "thief": "pirate"}
        victim = -1 if move.victim is None else move.victim
        if victim >= 0:
            self._steal(seat, victim, extra)
        self._mark(seat, f"pirate {label} steal {victim + 1}" if victim >= 0 else f"pirate {label}",  # verbatim
                   **extra)
        self.phase = self.robber_return

    def _produce(self, total: int) -> list[list[int]]:
        self.gold_owed = {}
        for hex_index in self.gold_hexes.get(total, ()):
            if hex_index != self.robber:
                for node in self.HEX_NODES[hex_index]:
                    owner = self.node_owner[node]
                    if owner != -1:
                        self.gold_owed[owner] = self.gold_owed.get(owner, 0) + self.node_level[node]
        return super()._produce(total)

    def _play_roll(self, seat: int, move: M.Roll) -> None:
        self.gold_owed = {}
        super()._play_roll(seat, move)
        if self.phase == "main" and self.gold_owed:
            if sum(self.bank):
                self.last["gold"] = [[s, c] for s, c in sorted(self.gold_owed.items())]
                self.phase = "gold"
            else:
                self.gold_owed = {}

    def _play_gold(self, seat: int, move: M.Gold) -> None:
        if self.phase != "gold" or seat not in self.gold_owed:
            raise IllegalMove(tr("You have no gold to choose now."))
        chooser = self._gold_chooser()
        if seat != chooser:
            raise IllegalMove(tr("{who} chooses gold first.").format(who=self._who(chooser).capitalize()))
        count = min(self.gold_owed[seat], sum(self.bank))
        if sum(move.cards) != count:
            raise IllegalMove(ngettext("Choose exactly {count} card for gold, e.g. `gold {count} {kind}`.",
                                       "Choose exactly {count} cards for gold, e.g. `gold {count} {kind}`.",
                                       count).format(count=count, kind=R[max(range(5), key=lambda r: self.bank[r])]))
        if not _holds(self.bank, move.cards):
            raise IllegalMove(tr("The bank does not hold those cards."))
        for res in range(5):
            self.bank[res] -= move.cards[res]
            self.hands[seat][res] += move.cards[res]
        del self.gold_owed[seat]
        self._mark(seat, "gold " + M.amounts_text(move.cards))
        if not self.gold_owed or not sum(self.bank):
            self.gold_owed = {}
            self.phase = "main"

    def _play_settlement(self, seat: int, move: M.Settlement) -> None:
        node = move.node
        setup = self.phase == "setup" and seat == self.current
        if node not in self.GEOMETRY.land_nodes_set:
            raise IllegalMove(tr("Corner {corner} is at sea: a settlement needs land beside it.").format(corner=node + 1))
        if setup and node not in self.SETUP_SET and self.setup_node < 0:
            raise IllegalMove(tr("Starting settlements go on the home island; corner {corner} is not on it.").format(
                corner=node + 1))
        super()._play_settlement(seat, move)
        island = self.node_island[node]
        self._route_changed(seat)  # its own settlement may join a line of roads to a line of ships
        if setup:
            if island not in self.starts[seat]:
                self.starts[seat].append(island)
            return
        # a settlement may cut another player's line of ships too
        for edge in self.NODE_EDGES[node]:
            owner = self.ship_owner[edge]
            if owner != -1 and owner != seat:
                self.road_len[owner] = self.longest_road_of(owner)
                self._settle_road_title()
        if self.discovers(seat, island):
            self.discovered[seat].append(island)
            self.discovered_at[seat].append(node)
            self.last["discovered"] = D.DISCOVERY_POINTS

    def _play_road(self, seat: int, move: M.Road) -> None:
        edge = move.edge
        if not self.GEOMETRY.land_edges[edge]:
            raise IllegalMove(tr("{edge} is open sea: build a ship there (`ship {edge}`).").format(
                edge=self.EDGE_LABELS[edge]))
        if self.ship_owner[edge] != -1:
            raise IllegalMove(tr("There is already a ship on {edge}.").format(edge=self.EDGE_LABELS[edge]))
        super()._play_road(seat, move)

    def _play_ship(self, seat: int, move: M.Ship) -> None:
        edge = move.edge
        label = self.EDGE_LABELS[edge]
        if self.phase == "setup" and seat == self.current:
            if self.setup_node < 0:
                raise IllegalMove(tr("First place a settlement."))
            if self.notation.texts.ship[edge] not in self.legal_moves(seat):
                raise IllegalMove(tr("The ship must stand on a free edge at sea touching your new settlement on "
                                     "{corner}.").format(corner=self.setup_node + 1))
            self.ship_owner[edge] = seat
            self.road_len[seat] = self.longest_road_of(seat)
            self._mark(seat, f"ship {label}", edges=[edge], ship=True)
            self._setup_piece_placed()
            return
        if seat != self.current or self.phase not in ("main", "roads"):
            self._need_turn(seat, "main", "roads")
        free = self.phase == "roads"
        if not self._ships_left(seat):
            raise IllegalMove(tr("All {count} of your ships are on the board.").format(count=D.SHIPS))
        if not free and not _holds(self.hands[seat], D.SHIP_COST):
            raise IllegalMove(tr("A ship costs 1 lumber and 1 wool."))
        if not self.GEOMETRY.sea_edges[edge]:
            raise IllegalMove(tr("{edge} is inland: a ship needs water beside it.").format(edge=label))
        if self.edge_owner[edge] != -1 or self.ship_owner[edge] != -1:
            raise IllegalMove(tr("There is already a piece on {edge}.").format(edge=label))
        if edge in self._pirate_edges():
            raise IllegalMove(tr("The pirate blocks {edge}.").format(edge=label))
        if edge not in self.ship_spots(seat):
            raise IllegalMove(tr("Ship {edge} must continue your own ship, or leave from your settlement or city "
                                 "on that coast (a ship never continues a road).").format(edge=label))
        if not free:
            self._pay(seat, D.SHIP_COST)
        self.ship_owner[edge] = seat
        self.built_ships.append(edge)
        self._route_changed(seat)
        self._mark(seat, f"ship {label}", edges=[edge], free=free, ship=True)
        if free:
            self.free_roads -= 1
            if self.free_roads <= 0 or not self._free_piece_left(seat):
                self.phase = "main"

    def _setup_piece_placed(self) -> None:
        self.setup_node = -1
        self.setup_step += 1
        if self.setup_step >= 2 * self.n:
            self.phase = "roll"
            self.current = 0
            self.turn = 1
        else:
            step = self.setup_step
            self.current = step if step < self.n else 2 * self.n - 1 - step

    def _route_changed(self, seat: int) -> None:
        length = self.longest_road_of(seat)
        if length != self.road_len[seat]:
            self.road_len[seat] = length
            self._settle_road_title()

    def _play_move_ship(self, seat: int, move: M.MoveShip) -> None:
        self._need_turn(seat, "main")
        edge, to = move.edge, move.to
        labels = self.EDGE_LABELS
        if self.ship_owner[edge] != seat:
            raise IllegalMove(tr("You have no ship on {edge}.").format(edge=labels[edge]))
        if self.ship_moved:
            raise IllegalMove(tr("You have already moved a ship this turn."))
        if edge in self.built_ships:
            raise IllegalMove(tr("A ship built this turn may move from your next turn."))
        if edge in self._pirate_edges():
            raise IllegalMove(tr("The pirate holds the ship on {edge}.").format(edge=labels[edge]))
        if not self._open_ship(seat, edge):
            raise IllegalMove(tr("The ship on {edge} links your pieces at both ends; only a ship at the "
                                 "open end of a line may move.").format(edge=labels[edge]))
        if to not in self.ship_spots(seat, leaving=edge):
            raise IllegalMove(tr("A ship could not be built on {edge}: it must be free, at sea, off the pirate's "
                                 "hex, and continue another of your ships or a settlement or city of yours.").format(
                edge=labels[to]))
        self.ship_owner[edge] = -1
        self.ship_owner[to] = seat
        self.ship_moved = True
        self._route_changed(seat)
        self._mark(seat, f"move ship {labels[edge]} to {labels[to]}", edges=[to], ship=True)  # verbatim: a move

    def _play_end(self, seat: int, move: M.End) -> None:
        super()._play_end(seat, move)
        self.built_ships = []
        self.ship_moved = False

    # -- views and words ----------------------------------------------------------------
    def board_view(self) -> dict[str, Any]:
        geometry = self.GEOMETRY
        return {
            "layout": self.LAYOUT,
            "hexes": [{"label": self.HEX_LABELS[i], "res": D.SEA_TERRAIN[t] if t >= D.DESERT else R[t],
                       "number": self.numbers[i], "island": geometry.island[i], "axial": list(geometry.hex_axial[i])}
                      for i, t in enumerate(self.terrain)],
            "harbours": [{"edge": self.EDGE_LABELS[edge], "kind": kind}
                         for edge, kind in zip(self.HARBOUR_EDGES, self.harbours, strict=True)],
            "key": self.LAYOUT + "/" + "".join(str(t) for t in self.terrain) + "/"
                   + ",".join(map(str, self.numbers)) + "/" + ",".join(self.harbours),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        result = super().view(seat)
        result["ships"] = [[self.EDGE_LABELS[edge], owner] for edge, owner in enumerate(self.ship_owner) if owner != -1]
        result["pirate"] = self.HEX_LABELS[self.pirate]
        # the title holder's route, drawn as a highlight: built from the public pieces alone
        holder = self.road_holder
        result["route"] = [] if holder < 0 else [
            [self.EDGE_LABELS[edge], "ship" if ship else "road"] for edge, ship in self.longest_route(holder)]
        settled = {self.node_island[node] for node in range(self.NODE_COUNT) if self.node_owner[node] != -1}
        result["islands"] = {island: island in settled for island in sorted(set(self.GEOMETRY.island) - {""})}
        for other, info in enumerate(result["players"]):
            info["ships_left"] = self._ships_left(other)
            info["discovered"] = list(self.discovered[other])
            info["discovery_points"] = self.discovery_points(other)
            if "final_sources" in info and self.discovered[other]:
                info["final_sources"].append(["discoveries", self.discovery_points(other)])
        # each discovery marker beside the settlement that earned it
        result["discoveries"] = [[node + 1, other, island] for other in range(self.n)
                                 for island, node in zip(self.discovered[other], self.discovered_at[other], strict=True)]
        for key in ("thief", "discovered", "ship"):
            if key in self.last:
                result["last"][key] = self.last[key]
        if self.phase == "gold":
            result["gold"] = {str(s): c for s, c in sorted(self.gold_owed.items())}
        return result

    def status(self, names: Sequence[str]) -> str:
        if self.phase == "gold":
            waiting = ", ".join(f"{names[s]} ({c})" for s, c in sorted(self.gold_owed.items()))
            score = ", ".join(f"{names[s]} {self.visible_points(s)}" for s in range(self.n))
            return tr("Turn {turn}: gold to choose: {players}. Points: {score} (target {target}).").format(
                turn=self.turn, players=waiting, score=score, target=self.opts["target"])
        return super().status(names)


def _or_words(words: Sequence[str]) -> str:
    """`1 or 3`: the choices joined in the current language."""
    text = words[0]
    for word in words[1:]:
        text = tr("{one} or {other}").format(one=text, other=word)
    return text


def _layout_class(name: str) -> type[SeaGame]:
    layout = D.SEA_LAYOUTS[name]
    geometry = B.SEA_GEOMETRY[name]
    home = layout["home"]
    setup_nodes = [node for node in geometry.land_nodes if not home or geometry.node_island[node] == home]
    notation = M.make_notation(geometry, sea=True)
    texts = notation.texts
    options = tuple(
        type(spec)(**{**spec.__dict__, "default": name}) if spec.name == "board" else spec
        for spec in PioneersGame.options
    )
    attributes = {
        "LAYOUT": name, "variant": name, "GEOMETRY": geometry, "notation": notation, "options": options,
        "min_players": layout["players"][0], "max_players": layout["players"][1],
        "NODE_COUNT": geometry.node_count, "EDGE_COUNT": geometry.edge_count, "HEX_COUNT": geometry.hex_count,
        "NODE_EDGES": geometry.node_edges, "EDGE_NODES": geometry.edge_nodes,
        "NODE_NEIGHBOURS": geometry.node_neighbours, "NODE_HEXES": geometry.node_hexes,
        "HEX_NODES": geometry.hex_nodes, "HEX_LABELS": geometry.hex_labels, "EDGE_LABELS": geometry.edge_labels,
        "HARBOUR_NODES": geometry.harbour_nodes, "HARBOUR_EDGES": geometry.harbour_edges,
        "ROAD_MOVES": texts.road, "SETTLEMENT_MOVES": texts.settlement, "ROBBER_MOVES": texts.robber,
        "CITY_MOVES": texts.city, "LAND_HEXES": geometry.land_hexes,
        "SETUP_NODES": setup_nodes, "SETUP_SET": frozenset(setup_nodes),
        "_written": {}, "__slots__": (), "__module__": __name__,
    }
    cls = type(f"{name.capitalize()}Game", (SeaGame,), attributes)  # verbatim: a class name
    PioneersGame.layouts[name] = cls
    return cls


ShoresGame = _layout_class("shores")
IslesGame = _layout_class("isles")
LAYOUT_CLASSES: Mapping[str, type[SeaGame]] = dict(PioneersGame.layouts)

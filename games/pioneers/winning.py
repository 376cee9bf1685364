"""A win within the seat's own turn, found by trying its moves in sequence.

The hard player's search judges one move at a time, with the heuristic player finishing the
turn; a turn that can reach the target by two bank trades and a city, or a road-building card
that takes the longest road, is found there only when the heuristic player happens to play it.
This looks for such a line directly: every build, bank trade and development card whose outcome
the seat knows (a knight with a robber that robs nobody, road building, year of plenty), tried in
sequence on copies of the position, cut off wherever even spending every card could not bring
the points still missing. A card bought and a monopoly are left out: what they bring is hidden
from the seat, and a line must not depend on it.

At sea a settlement on an island the seat did not start on brings its discovery points with it,
so a line there may be a ship or two and a settlement worth three points; the ships are tried
beside the roads and the cut-off counts a settlement as three points while an island is left to
discover. Before, the cut-off counted every settlement as one point and tried no ship, so it
never found such a line: at the 1217 decisions of the seats in turn in eight three-player Isles
games between heuristic players it found a line at 22, this finder at 24, and the same with no
limit on the positions tried at 28. There the points and the trades toward them are tried
first, a title is looked for only where the seat's roads and ships with those it could still
place could be long enough, and the search stops at SEA_LIMIT positions: the longest search,
where no line is found, took 0.16 s instead of 0.40 s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.pioneers import data as D
from games.pioneers import moves as M

if TYPE_CHECKING:
    from games.pioneers.game import PioneersGame

LIMIT = 3000  # positions tried at most: a win this turn is a short line or none
# DESIGNED: at sea ships and discoveries make more lines worth trying and more positions that lead
# nowhere; there the search gives up after this many (the docstring has what it finds and costs)
SEA_LIMIT = 800
CHEAPEST_POINT = 4  # cards a settlement costs, the cheapest point to build
_KNOWN = (M.Settlement, M.City, M.Road, M.Ship, M.Trade, M.Knight, M.RoadBuilding, M.Plenty)


def winning_line(game: PioneersGame, seat: int, limit: int | None = None) -> list[str] | None:
    """The moves that win the game for `seat` within its turn, from where it stands; None if
    none was found (there is none, or it lies beyond `limit` positions)."""
    if game.phase not in ("main", "roads") or game.current != seat:
        return None
    if _reach(game, seat) < _points_missing(game, seat):
        return None
    if limit is None:
        limit = SEA_LIMIT if game.LAYOUT else LIMIT
    seen: set[tuple] = set()
    tried = [0]

    def search(position: PioneersGame) -> list[str] | None:
        state = position.dump()
        for move in _tries(position, seat):
            tried[0] += 1
            if tried[0] > limit:
                return None
            after = type(position).load(state)
            after.play(seat, move)
            if after.phase == "over":
                if after.winner == seat:
                    return [move]
                continue
            if after.phase == "robber":
                quiet = _quiet_robber(after)
                if quiet is None:
                    continue  # every hex robs someone: what comes of it is hidden
                after.play(seat, quiet)
                move_line = [move, quiet]
            else:
                move_line = [move]
            key = _key(after, seat)
            if key in seen or _reach(after, seat) < _points_missing(after, seat):
                continue
            seen.add(key)
            rest = search(after)
            if rest is not None:
                return move_line + rest
        return None

    return search(game)


def _tries(game: PioneersGame, seat: int) -> list[str]:
    parse = game.notation.parse
    tries = [move for move in game.legal_moves(seat) if isinstance(parse(move), _KNOWN)]
    if game.LAYOUT:  # at sea the lines are longer: the points and the trades toward them first
        tries.sort(key=lambda move: _SEA_ORDER.get(type(parse(move)), 2))
    return tries


_SEA_ORDER = {M.Settlement: 0, M.City: 0, M.Trade: 1, M.Plenty: 1, M.Road: 3}


def _quiet_robber(game: PioneersGame) -> str | None:
    for move in game.legal_moves(game.current):
        if game.notation.parse(move).victim is None:
            return move
    return None


def _points_missing(game: PioneersGame, seat: int) -> int:
    return game.opts["target"] - game.total_points(seat)


def _reach(game: PioneersGame, seat: int) -> int:
    """More points than the seat could still gain this turn: a point built costs at least four
    cards, and a title is two more where a card in hand or any road could take it."""
    cards = sum(game.hands[seat])
    able = game.phase == "main" and not game.dev_played
    if able and game.playable(seat, D.PLENTY):
        cards += 2
    # at sea a settlement may be the first on an island: its own point and the discovery's
    per_settlement = 1 + (D.DISCOVERY_POINTS if game.LAYOUT and _undiscovered(game, seat) else 0)
    reach = cards // CHEAPEST_POINT * per_settlement
    if game.army != seat and able and game.playable(seat, D.KNIGHT):
        holder = game.army
        most = game.knights[holder] if holder >= 0 else D.LARGEST_ARMY_MIN - 1
        if game.knights[seat] + 1 > most:
            reach += D.TITLE_POINTS
    if game.road_holder != seat and _route_piece_left(game, seat) and (
            cards >= 2 or game.phase == "roads" or able and game.playable(seat, D.ROAD_BUILDING)):
        if not game.LAYOUT or _route_title_within(game, seat, cards, able):
            reach += D.TITLE_POINTS
    return reach


def _route_title_within(game: PioneersGame, seat: int, cards: int, able: bool) -> bool:
    """Whether the roads and ships the seat holds with those it could still place this turn (one
    for every two cards, two more with a road-building card or in its phase) are enough for the
    longest route: a route is no longer than its pieces, though one piece may join two. At sea,
    where a turn has many more lines to try, a title out of reach is not searched for."""
    placed = game.pieces[seat][0] + game.ship_owner.count(seat)
    pieces = cards // 2 + (2 if game.phase == "roads" or able and game.playable(seat, D.ROAD_BUILDING) else 0)
    rival = max((length for other, length in enumerate(game.road_len) if other != seat), default=0)
    return placed + pieces >= max(D.LONGEST_ROAD_MIN, rival + 1)


def _undiscovered(game: PioneersGame, seat: int) -> bool:
    """An island is left on which a settlement of the seat's would bring discovery points."""
    return any(game.discovers(seat, island) for island in set(game.GEOMETRY.island) - {""})


def _route_piece_left(game: PioneersGame, seat: int) -> bool:
    return game.pieces[seat][0] < D.ROADS or bool(game.LAYOUT) and game._ships_left(seat) > 0


def _key(game: PioneersGame, seat: int) -> tuple:
    return (tuple(game.hands[seat]), tuple(game.pieces[seat]), game.phase, game.dev_played,
            tuple(i for i, owner in enumerate(game.edge_owner) if owner == seat),
            tuple(i for i, owner in enumerate(getattr(game, "ship_owner", ())) if owner == seat),
            tuple(game.node_level[i] for i, owner in enumerate(game.node_owner) if owner == seat))

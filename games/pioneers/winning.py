"""A win within the seat's own turn, found by trying its moves in sequence.

The hard player's search judges one move at a time, with the heuristic player finishing the
turn; a turn that can reach the target by two bank trades and a city, or a road-building card
that takes the longest road, is found there only when the heuristic player happens to play it.
This looks for such a line directly: every build, bank trade and development card whose outcome
the seat knows (a knight with a robber that robs nobody, road building, year of plenty), tried in
sequence on copies of the position, cut off wherever even spending every card could not bring
the points still missing. A card bought and a monopoly are left out: what they bring is hidden
from the seat, and a line must not depend on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.pioneers import data as D
from games.pioneers import moves as M

if TYPE_CHECKING:
    from games.pioneers.game import PioneersGame

LIMIT = 3000  # positions tried at most: a win this turn is a short line or none
CHEAPEST_POINT = 4  # cards a settlement costs, the cheapest point to build
_KNOWN = (M.Settlement, M.City, M.Road, M.Trade, M.Knight, M.RoadBuilding, M.Plenty)


def winning_line(game: PioneersGame, seat: int, limit: int = LIMIT) -> list[str] | None:
    """The moves that win the game for `seat` within its turn, from where it stands; None if
    none was found (there is none, or it lies beyond `limit` positions)."""
    if game.phase not in ("main", "roads") or game.current != seat:
        return None
    if _reach(game, seat) < _points_missing(game, seat):
        return None
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
    return [move for move in game.legal_moves(seat) if isinstance(game.notation.parse(move), _KNOWN)]


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
    reach = cards // CHEAPEST_POINT
    if game.army != seat and able and game.playable(seat, D.KNIGHT):
        holder = game.army
        most = game.knights[holder] if holder >= 0 else D.LARGEST_ARMY_MIN - 1
        if game.knights[seat] + 1 > most:
            reach += D.TITLE_POINTS
    if game.road_holder != seat and game.pieces[seat][0] < D.ROADS and (
            cards >= 2 or game.phase == "roads" or able and game.playable(seat, D.ROAD_BUILDING)):
        reach += D.TITLE_POINTS
    return reach


def _key(game: PioneersGame, seat: int) -> tuple:
    return (tuple(game.hands[seat]), tuple(game.pieces[seat]), game.phase, game.dev_played,
            tuple(i for i, owner in enumerate(game.edge_owner) if owner == seat),
            tuple(game.node_level[i] for i, owner in enumerate(game.node_owner) if owner == seat))

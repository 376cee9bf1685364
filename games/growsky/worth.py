"""How well a seat stands in Grow Sky, as the computer players judge it (and `GrowSky.estimate`).

The score counts what wins at the end (victory points) and what turns into them: search
steps (the track pays victory points ever more densely), a fuller engine room (rows and the
end steps), fuel to fly past checkpoints, upgraded tiles, and the value of the bonuses on
the route ahead of the airship. Choices still waiting in the queue are counted at a rough
value, so that an action that opens a purchase or a part is not undervalued.

It reads the game's state without importing game.py (the game asks it for `estimate`), so a
game is typed `Any` here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.growsky.data import RING, ROUTE_SPACES, ROW_MASKS, SEARCH_TRACK, SPACE_AT, TILES, VP_TRIGGER

WIN = 300.0  # a won game against the best rival, on the scale of `evaluate` (10 a victory point)
ATOM_VALUE = {"vp": 10.0, "fuel": 1.6, "grow": 0.9, "cube": 1.0, "search": 2.6, "rudder": 1.5, "buy": 3.0,
              "cap": 1.5}


@cache
def bonus_value(bonus: str) -> float:
    best = 0.0
    for alt in bonus.split("|"):
        total = 0.0
        for atom in alt.split("+"):
            if atom.startswith("part:"):
                total += 2.5 * int(atom[5:])
            elif atom.startswith("boost:"):
                total += 3.0
            elif atom.startswith("buy:"):
                total += 3.0 * int(atom[4:])
            elif atom.startswith("fly:"):
                total += 1.0 * int(atom[4:])
            else:
                name, _, count = atom.partition("*")
                total += ATOM_VALUE.get(name, 1.0) * int(count or 1)
        best = max(best, total)
    return best


def _side_value(colour: str, bonus: str) -> float:
    return bonus_value(bonus) * (1.0 if colour == "Y" else 0.5)


# victory points in the 7 squares after each square of the search track
VP_AHEAD = [sum(1 for s in range(at + 1, min(at + 8, 45)) if SEARCH_TRACK.get(s, "").startswith("vp"))
            for at in range(45)]
# what each route space pays while empty, and each tile on either side (0 front, 1 upgraded)
EMPTY_VALUE = [_side_value("B", bonus) for bonus in ROUTE_SPACES]
TILE_VALUE = [(_side_value(*tile["front"]), _side_value(*tile["back"])) for tile in TILES]
SPACES_IN_RING_ORDER = [SPACE_AT[index] for index in range(1, RING) if index % 4]


def evaluate(game: Any, seat: int) -> float:
    board = game.boards[seat]
    if game.phase == "over":
        outcome = game.outcome()
        assert outcome is not None
        return 1000.0 * (outcome.ranks[seat] == 1) + 10.0 * board.vp
    score = 10.0 * board.vp
    # search steps, weighted by the victory points that lie in the next few squares
    ahead = VP_AHEAD[board.search]
    score += board.search * 2.2 + ahead * 0.8
    score += 1.6 * min(board.spendable(), 12) + 0.9 * board.grow + 0.6 * board.cubes[0]
    filled = board.filled
    full_rows = sum(1 for mask in ROW_MASKS if filled & mask == mask)
    score += 0.9 * filled.bit_count() + 5.0 * full_rows
    # the route: what the spaces pay, more for those soon reached
    route = 0.0
    upgraded = 0
    for space in SPACES_IN_RING_ORDER:
        stack = board.route[space]
        if stack:
            tile, up = stack[-1]
            upgraded += up
            route += TILE_VALUE[tile][up]
        else:
            route += EMPTY_VALUE[space]
    score += 2.5 * upgraded + 0.5 * board.cap
    score += 0.25 * route
    if game.phase == "turn" and game.current() == seat:
        score += sum(bonus_value(item) for item in game.queue)
    if board.vp >= VP_TRIGGER and game.trigger == seat:
        score += 2.0
    return score



def judge(game: Any, seat: int) -> float:
    """How `seat` stands against its strongest rival: the finished game's ranks and points, else
    the normal player's evaluation of each board."""
    if game.phase == "over":
        outcome = game.outcome()
        assert outcome is not None
        vps = [b.vp for b in game.boards]
        best = max(v for s, v in enumerate(vps) if s != seat)
        return WIN * (game.n - outcome.ranks[seat]) / (game.n - 1) + 10.0 * (vps[seat] - best)
    mine = evaluate(game, seat)
    return mine - max(evaluate(game, s) for s in range(game.n) if s != seat)

"""The heuristic Grow Sky player: plays each candidate move on a copy and scores the result.

The score counts what wins at the end (victory points) and what turns into them: search
steps (the track pays victory points ever more densely), a fuller engine room (rows and the
end steps), fuel to fly past checkpoints, upgraded tiles, and the value of the bonuses on
the route ahead of the airship. Choices still waiting in the queue are counted at a rough
value, so that an action that opens a purchase or a part is not undervalued.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

from games.growsky.data import RING, ROUTE_SPACES, ROW_MASKS, SEARCH_TRACK, SPACE_AT, TILES, VP_TRIGGER

if TYPE_CHECKING:
    from games.growsky.game import GrowSky

ATOM_VALUE = {"vp": 10.0, "fuel": 1.6, "grow": 0.9, "cube": 1.0, "search": 2.6, "rudder": 1.5, "buy": 3.0,
              "cap": 1.5}
MAX_CANDIDATES = 40


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


def evaluate(game: GrowSky, seat: int) -> float:
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


def candidates(game: GrowSky, seat: int, rng: random.Random) -> list[str]:
    # the usual payment order only: the other orders are for players who want to keep a cube
    moves = [m for m in game.legal_moves(seat) if " pay " not in m]
    # moving tiles and turning dice rarely pay for their 4 grow; buying only onto useful spaces
    keep = [m for m in moves if not m.startswith(("grow move", "grow die"))]
    if not keep:
        keep = moves
    buys = [m for m in keep if m.startswith("buy ")]
    if len(buys) > 24:
        board = game.boards[seat]
        ahead = {SPACE_AT[(board.pos + k) % RING] for k in range(1, 9) if (board.pos + k) % RING in SPACE_AT}
        slots = {m.split(" ")[1] for m in buys}
        spaces = sorted(s for s in range(12) if s in ahead)[:4] or [0]
        keep = [m for m in keep if not m.startswith("buy ")]
        keep += [f"buy {slot} s{s + 1}" for slot in sorted(slots) for s in spaces if f"buy {slot} s{s + 1}" in moves]
    if len(keep) > MAX_CANDIDATES:
        keep = keep[:1] + rng.sample(keep[1:], MAX_CANDIDATES - 1)
    return keep


def choose(game: GrowSky, seat: int, rng: random.Random) -> str:
    moves = candidates(game, seat, rng)
    if len(moves) == 1:
        return moves[0]
    best, best_score = moves[0], float("-inf")
    for move in moves:
        trial = game.copy()
        trial.apply(seat, move)
        score = evaluate(trial, seat) + rng.random() * 0.01
        if move == "end":
            score += 0.05  # end rather than waste a free action that changes nothing
        if score > best_score:
            best, best_score = move, score
    return best

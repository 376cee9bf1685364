"""The heuristic Grow Sky player: plays each candidate move on a copy and scores the result
by `worth.evaluate`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import games.growsky.moves as M
from games.growsky.data import RING, SPACE_AT
from games.growsky.moves import Buy, GrowDie, GrowMove, Pay
from games.growsky.worth import bonus_value, evaluate

if TYPE_CHECKING:
    from games.growsky.game import GrowSky

__all__ = ["bonus_value", "candidates", "choose", "evaluate"]

MAX_CANDIDATES = 40


def candidates(game: GrowSky, seat: int, rng: random.Random) -> list[str]:
    # the usual payment order only: the other orders are for players who want to keep a cube
    listed = [(m, M.parse(m)) for m in game.legal_moves(seat)]
    listed = [(m, move) for m, move in listed if not isinstance(move, Pay)]
    moves = [m for m, _ in listed]
    # moving tiles and turning dice rarely pay for their 4 grow; buying only onto useful spaces
    kept = [(m, move) for m, move in listed if not isinstance(move, (GrowMove, GrowDie))] or listed
    keep = [m for m, _ in kept]
    buys = [move for _, move in kept if isinstance(move, Buy)]
    if len(buys) > 24:
        board = game.boards[seat]
        ahead = {SPACE_AT[(board.pos + k) % RING] for k in range(1, 9) if (board.pos + k) % RING in SPACE_AT}
        slots = sorted({move.slot for move in buys})
        spaces = sorted(s for s in range(12) if s in ahead)[:4] or [0]
        keep = [m for m, move in kept if not isinstance(move, Buy)]
        keep += [buy for slot in slots for s in spaces if (buy := M.text(Buy(slot, s + 1))) in moves]
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

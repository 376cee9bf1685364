"""The hard player of Propeller Islands: each candidate step is judged at the end of the round.

The normal player (`ai.choose`) values a step by the position right after it. A step's worth
shows only later: a die drafted now decides the rest of the turn, what the rival may still
draft, and which die is left over as the bonus die that both players use; the last round
decides the game. So the hard player takes the normal player's few best steps (by its own
ordering: the die estimate for a draft, the value after the step otherwise), plays each in a
world drawn from what its seat can see (`redraw_hidden`: the rival's Blueprints, the order of
the stacks and the dice to come drawn afresh), lets the normal player finish the round for
every seat, and keeps the step whose round ended best: by `ai.value` ahead of the rival, or by
the final result when the game ended. All candidates meet the same world and the same draws.

One world is enough: within the round the dice on the forge are known already. The search
amount is fixed (a round of play for each candidate), so its strength does not depend on the
machine; the time budget only cuts it short in an emergency (the steps weighed in full so far
decide, the normal player's favourite first).
"""

from __future__ import annotations

import random
import time

from games.propeller import ai
from games.propeller import moves as M

CANDIDATES = 4  # steps weighed after a draft: the normal player's best by the value right after them
DRAFTS = 6  # drafts weighed, the best by the normal player's die estimate
ROUND_CAP = 400  # moves a playout may make before the round ends (a round takes about 25)


def judge(game, seat: int) -> float:
    """How the seat stands: the final rank and margin when the game is over, else its value
    ahead of the best rival's (both in rough end points)."""
    outcome = game.outcome()
    if outcome is not None:
        best_other = max(s for i, s in enumerate(outcome.scores) if i != seat)
        return 1000.0 * (game.players - outcome.ranks[seat]) + (outcome.scores[seat] - best_other)
    worth = [ai.value(game, s) for s in range(game.n)]
    return worth[seat] - max(w for s, w in enumerate(worth) if s != seat)


def finish_round(game, rng: random.Random, deadline: float) -> bool:
    """The normal player at every seat until the round (or the game) ends; False when the
    deadline came first."""
    start = game.round
    for _ in range(ROUND_CAP):
        if game.phase == "over" or game.round != start:
            return True
        if time.perf_counter() > deadline:
            return False
        who = game.to_act()[0]
        game.play_legal(who, ai.choose(game, who, rng))
    return False


def candidates(world, seat: int, moves: list[str]) -> list[str]:
    """The normal player's favourite steps, best first."""
    if isinstance(M.NOTATION.parse_steps(moves[0])[0], M.Die):
        scored = [(ai._die_estimate(world, seat, m), -n, m) for n, m in enumerate(moves)]
        size = DRAFTS
    else:
        scored = []
        for n, move in enumerate(moves):
            child = world.copy()
            child.play_legal(seat, move)
            scored.append((ai.value(child, seat), -n, move))
        size = CANDIDATES
    scored.sort(reverse=True)
    return [m for _, _, m in scored[:size]]


def hard_move(game, seat: int, rng: random.Random, budget: float | None = None) -> str:
    moves = game.legal_moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move now")
    # everything below looks only at worlds drawn from what the seat can see
    world = game.redraw_hidden(seat, random.Random(rng.random()))
    if len(moves) == 1:
        return moves[0]
    if game.phase == "characters":
        return ai.choose(world, seat, rng)
    pool = candidates(world, seat, moves)
    if len(pool) == 1:
        return pool[0]
    deadline = time.perf_counter() + (1.5 if budget is None else budget)
    draws = rng.random()
    best, best_mark = pool[0], float("-inf")
    for move in pool:  # best first: when the time cap cuts the search, the favourites were weighed
        copy = world.copy()
        copy.play_legal(seat, move)
        if not finish_round(copy, random.Random(draws), deadline):
            break  # the safety cap: an unfinished round is left out
        mark = judge(copy, seat)
        if mark > best_mark:
            best, best_mark = move, mark
    return best

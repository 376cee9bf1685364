"""The hard Grow Sky player: the normal player's few best steps, each followed to where it leads.

The normal player judges a step by the board right after it, with the rest of the turn (the
bonuses still queued, the purchases, the part to place, the free actions) valued roughly. Here
each of the best few steps by that judgement is played on in worlds drawn by `redraw_hidden`
(the dice and bag draws to come drawn afresh): the normal player finishes the turn and plays on
for both sides to a horizon of turns (or the end of the game), and the step whose worlds end
best, measured against the strongest rival, is played. Every candidate meets the same worlds
and the same rollout randomness, so they differ by the step alone. The amount of search is
fixed (candidates x worlds x turns); the time budget is only a safety stop.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from games.growsky.ai import candidates, choose, evaluate
from games.growsky.worth import judge

if TYPE_CHECKING:
    from games.growsky.game import GrowSky

CANDIDATES = 5  # the normal judgement's best steps compared
WORLDS = 1  # redrawn worlds each candidate is played in
HORIZON = 2  # turns ended before a rollout is judged: the rest of this turn and the next seat's turn


def rollout(game: GrowSky, rng: random.Random, turns: int, stop: float) -> None:
    """The normal player at every seat until `turns` turns have ended or the game is over."""
    while turns > 0 and game.phase != "over":
        acting = game.to_act()
        who = acting[0]
        move = choose(game, who, rng)
        game.apply(who, move)
        if move == "end":
            turns -= 1
        if time.perf_counter() > stop:
            return


def hard_move(game: GrowSky, seat: int, rng: random.Random, budget: float | None = None) -> str:
    moves = game.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    stop = time.perf_counter() + (1.5 if budget is None else budget)
    worlds = [game.redraw_hidden(seat, random.Random(rng.random())) for _ in range(WORLDS)]
    dice = [rng.random() for _ in range(WORLDS)]
    base = worlds[0]
    pool = candidates(base, seat, rng)
    if len(pool) == 1:
        return pool[0]
    scored = []
    for move in pool:
        trial = base.copy()
        trial.apply(seat, move)
        scored.append((evaluate(trial, seat) + (0.05 if move == "end" else 0.0), move))
    scored.sort(key=lambda pair: -pair[0])
    best, best_value = scored[0][1], float("-inf")
    for _, move in scored[:CANDIDATES]:
        total = 0.0
        for world, seed in zip(worlds, dice, strict=True):
            trial = world.copy()
            trial.apply(seat, move)
            rollout(trial, random.Random(seed), HORIZON if move != "end" else HORIZON - 1, stop)
            total += judge(trial, seat)
        if total > best_value:
            best, best_value = move, total
    return best

"""The heuristic player of Propeller Islands.

Drafting a die is judged by a quick estimate of the best action the die allows; every other
step is judged by playing each legal move on a copy of the game and valuing the position
for the seat (`value`): points already certain, resources at what they buy, tiles and
workers by what they will produce, and the choices an effect still owes.
"""

from __future__ import annotations

import random

from games.propeller import data as D
from games.propeller import moves as M
from games.propeller.worth import PROD, RES_VALUE, TILE, WORKER, tile_value, value

EFFECT_VALUE = {1: 1.05, 5: 0.9, 6: 0.9, 7: 0.6, 8: 1.2, 9: 0.6, 10: 1.2, 11: 1.0, 12: 0.6, 13: 0.4}


def _die_estimate(game, seat: int, move: str) -> float:
    die = M.parse(move)
    cost = 0.0
    if die.to:
        target = die.to
        if not game.power(seat, "charles"):
            cost = RES_VALUE[0]
    elif die.reroll:
        return 0.6 + (0.6 if game.power(seat, "jacques") >= 2 else 0.0) + 1.0  # an unknown face, some energy
    else:
        target = die.face
    best = 2 * RES_VALUE[0]  # discarding for energy
    activation = 0.0
    deploys = 0
    vacant = sum(1 for e in game.islands[seat] if e[WORKER] == 0 and D.tile(e[TILE]).houses)
    for entry in game.islands[seat]:
        if entry[WORKER] != 1:
            continue
        spec = D.tile(entry[TILE])
        if not spec.active or not game._matches(entry, target):
            continue
        gain = EFFECT_VALUE.get(spec.kind, 0.0)
        if spec.kind in (8, 1) and deploys < vacant and any(game.dock[seat]):
            deploys += 1
            gain = 1.2
        elif spec.kind == 8:
            gain = 0.0
        if spec.kind == 9 and game.res[seat][0] < 2 or spec.kind == 10 and game.res[seat][1] < 1:
            gain = 0.2
        activation += gain + (0.6 if entry[PROD] else 0.0)
    best = max(best, activation)
    for slot in D.SLOTS_BY_VALUE[target]:
        tile_id = game.offer[slot]
        if tile_id >= 0:
            best = max(best, tile_value(D.tile(tile_id)) + (0.5 if vacant == 0 else 0.0))
    return best - cost


def unseen_vp(game, seat: int, level: int) -> float:
    """The average VP of the Blueprints of `level` that `seat` cannot see: the face-down stack's
    and those in the other hands (which ones these are is hidden, not how many there are)."""
    cards = list(game.bp_stacks[level - 1])
    cards += [c for s in range(game.n) if s != seat for c in game.hands[s] if D.BLUEPRINT_BY_ID[c].level == level]
    return sum(D.BLUEPRINT_BY_ID[c].vp for c in cards) / len(cards)


def choose(game, seat: int, rng: random.Random) -> str:
    moves = game.legal_moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move now")
    if len(moves) == 1:
        return moves[0]
    first = M.NOTATION.parse_steps(moves[0])[0]
    if isinstance(first, M.Character):
        liked = ("marie", "charles", "nicola", "amelia", "jacques", "nelson")
        return min(moves, key=lambda m: liked.index(M.parse(m).name))
    if isinstance(first, M.Die):
        scored = [(_die_estimate(game, seat, m) + rng.random() * 0.01, m) for m in moves]
        return max(scored)[1]
    best, best_score = moves[0], float("-inf")
    for move in moves:
        child = game.copy()
        child.play_legal(seat, move)
        score = value(child, seat) + rng.random() * 0.01
        steps = M.NOTATION.parse_steps(move)
        if isinstance(steps[0], M.Draw):  # the card drawn is unknown: count it at the average of those unseen
            level = 1 if steps[0].stack == "i" else 2
            drawn = game.bp_stacks[level - 1][-1]
            score += 0.3 * (unseen_vp(game, seat, level) - D.BLUEPRINT_BY_ID[drawn].vp)
        if score > best_score:
            best, best_score = move, score
    return best

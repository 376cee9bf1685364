"""The heuristic player of Propeller Islands.

Drafting a die is judged by a quick estimate of the best action the die allows; every other
step is judged by playing each legal move on a copy of the game and valuing the position
for the seat (`value`): points already certain, resources at what they buy, tiles and
workers by what they will produce, and the choices an effect still owes.
"""

from __future__ import annotations

import random

from games.propeller import data as D
from games.propeller import scoring as S

TILE, Q, R, WORKER, PROD, BANNER, WILD = range(7)
RES_VALUE = (0.45, 0.6, 0.9)  # energy, steel, part: a little above their end value, they buy Blueprints
TASK_VALUE = {"deploy": 1.2, "place": 1.6, "any": 1.4, "depot": 0.7, "gain": 0.5, "value": 0.0}
EFFECT_VALUE = {1: 1.05, 5: 0.9, 6: 0.9, 7: 0.6, 8: 1.2, 9: 0.6, 10: 1.2, 11: 1.0, 12: 0.6, 13: 0.4}


def tile_value(spec: D.Tile) -> float:
    if spec.kind in D.LANDMARKS:
        return 2.0
    if spec.kind in D.DEPOTS:
        return 0.5 + (1.2 if spec.kind == 2 else 0.6 if spec.kind == 3 else 0.9)
    return 1.0 + (0.3 if spec.number == 0 else 0.0)


_TILE_VALUE = tuple(tile_value(spec) for spec in D.TILES)
_ACTIVE = (True,) + tuple(spec.active for spec in D.TILES)  # by tile id + 1: the Capitol is -1


_DOCK_TERMS: dict[tuple[int, ...], tuple[float, ...]] = {}


def _dock_terms(dock: list[int]) -> tuple[float, ...]:
    """What the dock's emptied columns and rows are worth, term by term (kept per dock: there are 4096)."""
    key = tuple(dock)
    terms = _DOCK_TERMS.get(key)
    if terms is None:
        found = []
        for column in range(D.COLUMNS):
            left = sum(dock[r * D.COLUMNS + column] for r in range(D.ROWS))
            found.append(0.15 * (D.ROWS - left) ** 2 / D.ROWS)
        for row in range(D.ROWS):
            left = sum(dock[row * D.COLUMNS: (row + 1) * D.COLUMNS])
            found.append(0.2 * (D.COLUMNS - left) ** 2 / D.COLUMNS)
        terms = _DOCK_TERMS[key] = tuple(found)
    return terms


def value(game, seat: int) -> float:
    """How good the position is for `seat`, in rough end points."""
    res = game.res[seat]
    total = float(game.fame[seat]) + sum(res[i] * RES_VALUE[i] for i in range(3))
    total += sum(D.BLUEPRINT_BY_ID[c].vp + 0.4 for c in game.done[seat])
    total += 0.5 * len(game.unused[seat])
    total += sum(0.3 * D.BLUEPRINT_BY_ID[c].vp for c in game.hands[seat])
    island = game.islands[seat]
    for entry in island:
        tile_id = entry[TILE]
        if tile_id >= 0:
            total += _TILE_VALUE[tile_id]
        if entry[WORKER]:
            total += 0.7 if _ACTIVE[tile_id + 1] else 0.2
        if entry[PROD]:
            total += 1.5
        if entry[WILD]:
            total += 1.6
        if entry[BANNER]:
            total += 0.4
    total += sum(S.landmark_points(island).values())
    for term in _dock_terms(game.dock[seat]):
        total += term
    if game.phase == "turn" and game.current == seat and game.step == "take":
        total += 1.0  # a new Blueprint is coming
    for task in game.tasks[seat]:
        total += TASK_VALUE.get(task["t"], 0.0) * task.get("left", 1)
    return total


def _die_estimate(game, seat: int, move: str) -> float:
    words = move.split()
    face = int(words[1])
    cost = 0.0
    if len(words) == 4:
        target = int(words[3])
        if not game.power(seat, "charles"):
            cost = RES_VALUE[0]
    elif len(words) == 3:
        return 0.6 + (0.6 if game.power(seat, "jacques") >= 2 else 0.0) + 1.0  # an unknown face, some energy
    else:
        target = face
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
    if len(moves) == 1:
        return moves[0]
    if moves[0].startswith("character "):
        liked = ("marie", "charles", "nicola", "amelia", "jacques", "nelson")
        return min(moves, key=lambda m: liked.index(m.split()[1]))
    if moves[0].startswith("die "):
        scored = [(_die_estimate(game, seat, m) + rng.random() * 0.01, m) for m in moves]
        return max(scored)[1]
    best, best_score = moves[0], float("-inf")
    for move in moves:
        child = game.copy()
        child.play_legal(seat, move)
        score = value(child, seat) + rng.random() * 0.01
        if move.startswith("draw "):  # the card drawn is unknown: count it at the average of those unseen
            level = 1 if move == "draw i" else 2
            drawn = game.bp_stacks[level - 1][-1]
            score += 0.3 * (unseen_vp(game, seat, level) - D.BLUEPRINT_BY_ID[drawn].vp)
        if score > best_score:
            best, best_score = move, score
    return best

"""A heuristic Archipels player.

It rates every tile by the best score gain it would bring to an island at estimated final
values (current flowers plus a share of the flowers still to come), takes the line that
brings the most to itself and denies the most to the others, builds the best gains first,
docks what does not help yet, and gives flowers to the elements it shows more of than its
rivals.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from games.archipels.data import (
    DOCK_SIZE,
    FLOWERABLE,
    LEVEL,
    MULTIPLIER,
    SPACES,
    TILE_ELEMENTS,
)
from games.archipels.forecast import estimated_values
from games.archipels.island import Island, edge_neighbours, squares
from games.archipels.moves import Discard, Paddle, parse

if TYPE_CHECKING:
    from games.archipels.game import Archipels

SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}


def placement_gain(island: Island, tile_id: int, x: int, y: int, values: dict[str, float]) -> float:
    """Change of the island's worth at `values` if the tile goes at (x, y), with small
    bonuses for shapes that leave room to build upwards."""
    gain = 0.0
    elem_at = island.elem_at
    for sq in squares(x, y):
        old = elem_at.get(sq)
        if old is not None:
            gain -= values[old]
    for el, _, _ in TILE_ELEMENTS[tile_id]:
        gain += values[el]
    level = LEVEL[tile_id]
    if level == 1:
        height = island.height
        gain += 0.4 * sum(1 for sq in edge_neighbours(x, y) if sq in height)
    else:
        gain += 1.5 if level == 2 else 0.5
    return gain


def _spread(island: Island) -> tuple[int, int, int, int, float, float] | None:
    """The island's bounding box and centre."""
    if not island.height:
        return None
    xs = [sq[0] for sq in island.height]
    ys = [sq[1] for sq in island.height]
    return min(xs), max(xs), min(ys), max(ys), sum(xs) / len(xs), sum(ys) / len(ys)


def best_placement(island: Island, tile_id: int, values: dict[str, float]) -> tuple[float, int, int] | None:
    best = None
    level = LEVEL[tile_id]
    box = _spread(island) if level == 1 else None
    for x, y in island.cands[level]:
        gain = placement_gain(island, tile_id, x, y, values)
        if box is not None:
            # compact islands leave room to build upwards; long arms do not
            x0, x1, y0, y1, cx, cy = box
            width, height = max(x1, x + 1) - min(x0, x) + 1, max(y1, y + 1) - min(y0, y) + 1
            gain -= 0.15 * abs(width - height) + 0.02 * (abs(x + 0.5 - cx) + abs(y + 0.5 - cy))
        if best is None or (gain, -y, -x) > (best[0], -best[2], -best[1]):
            best = (gain, x, y)
    return best


def tile_worth(island: Island, tile_id: int, values: dict[str, float]) -> float:
    best = best_placement(island, tile_id, values)
    if best is None:
        return -0.5  # clutters the dock or gets thrown away
    return max(best[0], -0.5)


def flower_edge(game: Archipels, seat: int, el: str) -> float:
    """What a flower on `el` brings `seat` compared with its best-placed rival."""
    others = [game.islands[s].visible[el] for s in range(game.n) if s != seat]
    return MULTIPLIER[el] * (game.islands[seat].visible[el] - (max(others) if others else 0))


def flower_threat(game: Archipels, seat: int, tile_id: int | None) -> float:
    """How much a rival could gain over `seat` by flowering this tile."""
    if tile_id is None:
        return 0.0
    return max([0.0] + [-flower_edge(game, seat, el) for el in FLOWERABLE[tile_id]])


def _choose_take(game: Archipels, seat: int, moves: list[str], values: dict[str, float]) -> str:
    if isinstance(parse(moves[0]), Paddle):
        return moves[0]
    islands = game.islands
    mine: dict[int, float] = {}
    theirs: dict[int, float] = {}
    for i, tid in enumerate(game.board):
        if tid is None:
            continue
        mine[i] = tile_worth(islands[seat], tid, values)
        others = [tile_worth(islands[s], tid, values) for s in range(game.n) if s != seat]
        theirs[i] = max(others) if others else 0.0
    # a tile taken now can no longer be flowered by a rival at the end of the day
    rivals_flower = any(s != seat for s in game.flower_order)
    threat = {i: flower_threat(game, seat, tid) if rivals_flower else 0.0 for i, tid in enumerate(game.board)}
    best_move, best_value = moves[0], float("-inf")
    for move in moves:
        take = parse(move)
        line = take.line
        total = 0.0
        for part in take.cross:
            space = f"{line}{part}" if line[0] == "r" else f"{part}{line}"
            i = SPACE_INDEX[space]
            total += mine[i] + 0.3 * max(theirs[i], 0.0) + 0.2 * threat[i]
        if total > best_value:
            best_move, best_value = move, total
    return best_move


def _choose_place(game: Archipels, seat: int, moves: list[str], values: dict[str, float]) -> str:
    island = game.islands[seat]
    hand, dock = game.hands[seat], game.docks[seat]
    best = None  # (gain, move)
    worth: dict[int, float] = {}
    for tid in hand + dock:
        found = best_placement(island, tid, values)
        worth[tid] = float("-inf") if found is None else found[0]
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], f"place t{tid} {found[1]},{found[2]}")
    if best is not None and best[0] > 0:
        return best[1]
    if not hand:
        return "done"
    if len(dock) < DOCK_SIZE:
        return f"dock t{min(hand, key=lambda t: worth[t])}"
    discards = [(m, parsed) for m in moves if isinstance(parsed := parse(m), Discard)]
    if discards:
        stuck = [m for m, parsed in discards if parsed.tile in hand]
        return (stuck or [m for m, _ in discards])[0]
    assert best is not None
    return best[1]


def _choose_flower(game: Archipels, seat: int, moves: list[str]) -> str:
    best_move, best_value = moves[0], float("-inf")
    for move in moves:
        value = flower_edge(game, seat, parse(move).element)
        if value > best_value:
            best_move, best_value = move, value
    return best_move


def choose(game: Archipels, seat: int, rng: random.Random) -> str:
    moves = game.legal_moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move now")
    values = estimated_values(game)
    if game.phase == "take":
        move = _choose_take(game, seat, moves, values)
    elif game.phase == "place":
        move = _choose_place(game, seat, moves, values)
    else:
        move = _choose_flower(game, seat, moves)
    if move not in moves:  # a bug of this player: say so rather than play something else
        raise ValueError(f"the Archipels player chose `{move}`, which seat {seat} may not play now")
    return move

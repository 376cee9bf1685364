"""The searching (hard) Archipels player.

Within a day nothing is hidden: the board, hands and docks lie open, and only the refill at the
start of the next day draws from the stack. So a decision is judged by playing it out: each
candidate move is played in the same few redrawn worlds (`redraw_hidden`: the stack order is
drawn afresh), the normal player then plays every seat to the end of the game, and the candidate
with the best average final margin is chosen. The normal player is what the search expects of
every seat, and the candidates are the moves the normal player rates highest, so the search
improves on that player where playing a move out shows it misjudged.

Play-outs use `FastNormal`, the normal player of games/archipels/ai.py computed faster: the gain
of a placement is the tile's own worth plus the worth of the position, and the best position of
each level is found once per island instead of once per tile. It picks the normal player's moves
(a test compares the two over whole games).
"""

from __future__ import annotations

import random
import time
from itertools import combinations
from typing import TYPE_CHECKING

from games.archipels.ai import flower_edge
from games.archipels.data import (
    DOCK_SIZE,
    FLOWERABLE,
    LEVEL,
    LINE_SPACES,
    LINES,
    MAX_TAKE,
    SPACE_LINES,
    SPACES,
    TILE_ELEMENTS,
)
from games.archipels.forecast import estimated_values
from games.archipels.island import Island, edge_neighbours, squares
from games.archipels.moves import parse
from games.levels import HARD_BUDGET

if TYPE_CHECKING:
    from games.archipels.game import Archipels

SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}
# for each line, its spaces as (board index, crossing label), in ascending order
LINE_CROSS = {
    line: tuple((SPACE_INDEX[s], s[2:] if line[0] == "r" else s[:2]) for s in LINE_SPACES[line]) for line in LINES
}
SPACE_LINE_PAIR = [SPACE_LINES[s] for s in SPACES]


# -- the normal player, faster ------------------------------------------------------------
def level_best(island: Island, level: int, values: dict[str, float]) -> tuple[float, int, int] | None:
    """The best position for a tile of `level` without the tile's own elements:
    (worth of the position, x, y), or None when no tile of that level fits."""
    cands = island.cands[level]
    if not cands:
        return None
    elem_at = island.elem_at
    best = None
    if level == 1:
        height = island.height
        xs = [sq[0] for sq in height]
        ys = [sq[1] for sq in height]
        box = None
        if xs:
            box = min(xs), max(xs), min(ys), max(ys), sum(xs) / len(xs), sum(ys) / len(ys)
        for x, y in cands:  # a sea tile goes on open water: it covers nothing
            gain = 0.0 + 0.4 * sum(1 for sq in edge_neighbours(x, y) if sq in height)
            if box is not None:
                x0, x1, y0, y1, cx, cy = box
                width, tall = max(x1, x + 1) - min(x0, x) + 1, max(y1, y + 1) - min(y0, y) + 1
                gain -= 0.15 * abs(width - tall) + 0.02 * (abs(x + 0.5 - cx) + abs(y + 0.5 - cy))
            if best is None or (gain, -y, -x) > (best[0], -best[2], -best[1]):
                best = (gain, x, y)
        return best
    bonus = 1.5 if level == 2 else 0.5
    for x, y in cands:
        gain = 0.0
        for sq in squares(x, y):
            old = elem_at.get(sq)
            if old is not None:
                gain -= values[old]
        gain += bonus
        if best is None or (gain, -y, -x) > (best[0], -best[2], -best[1]):
            best = (gain, x, y)
    return best


def tile_value(tile_id: int, values: dict[str, float]) -> float:
    return sum(values[el] for el, _, _ in TILE_ELEMENTS[tile_id])


class Bests:
    """The best position of each level on one island at some values, computed when first asked."""

    __slots__ = ("island", "values", "found")

    def __init__(self, island: Island, values: dict[str, float]) -> None:
        self.island = island
        self.values = values
        self.found: dict[int, tuple[float, int, int] | None] = {}

    def __call__(self, level: int) -> tuple[float, int, int] | None:
        found = self.found
        if level not in found:
            found[level] = level_best(self.island, level, self.values)
        return found[level]

    def placement(self, tile_id: int) -> tuple[float, int, int] | None:
        best = self(LEVEL[tile_id])
        if best is None:
            return None
        return tile_value(tile_id, self.values) + best[0], best[1], best[2]

    def worth(self, tile_id: int) -> float:
        best = self.placement(tile_id)
        return -0.5 if best is None else max(best[0], -0.5)


Cache = dict[tuple[int, int, int], Bests]


def bests_of(game: Archipels, island: Island, values: dict[str, float], cache: Cache | None) -> Bests:
    """The island's Bests at `values`; with a cache, shared by every decision of the same day
    that meets the island unchanged (values move only with the flowers, at the end of a day)."""
    if cache is None:
        return Bests(island, values)
    key = (id(island), len(island.placements), game.day)
    found = cache.get(key)
    if found is None:
        found = cache[key] = Bests(island, values)
    return found


def free_spaces(game: Archipels) -> list[int]:
    paddled = {line for line, _ in game.paddles}
    board = game.board
    return [
        i
        for i, (row, col) in enumerate(SPACE_LINE_PAIR)
        if board[i] is not None and row not in paddled and col not in paddled
    ]


# every take of each line, as (board spaces, move text): larger first, in `legal_moves` order
LINE_TAKES = {
    line: [
        (tuple(i for i, _ in combo), f"take {line} {','.join(label for _, label in combo)}")
        for k in (3, 2, 1)
        for combo in combinations(LINE_CROSS[line], k)
    ]
    for line in LINES
}


def take_options(game: Archipels, free: list[int]) -> list[tuple[str, tuple[int, ...]]]:
    """The take moves in the order `legal_moves` lists them, with the board spaces they empty."""
    most = MAX_TAKE[game.n]
    paddled = {line for line, _ in game.paddles}
    free_set = set(free)
    return [
        (move, spaces)
        for line in LINES
        if line not in paddled
        for spaces, move in LINE_TAKES[line]
        if len(spaces) <= most and free_set.issuperset(spaces)
    ]


def take_scores(
    game: Archipels, seat: int, values: dict[str, float], cache: Cache | None = None
) -> list[tuple[float, str]]:
    """Every take move with the normal player's rating of it, in `legal_moves` order
    (empty when no free tile is left)."""
    free = free_spaces(game)
    if not free:
        return []
    bests = [bests_of(game, island, values, cache) for island in game.islands]
    rivals_flower = any(s != seat for s in game.flower_order)
    worth: dict[int, float] = {}
    edges: dict[str, float] = {}
    for i in free:
        tid = game.board[i]
        mine = bests[seat].worth(tid)
        others = [bests[s].worth(tid) for s in range(game.n) if s != seat]
        theirs = max(others) if others else 0.0
        threat = 0.0
        if rivals_flower:
            for el in FLOWERABLE[tid]:
                if el not in edges:
                    edges[el] = flower_edge(game, seat, el)
            threat = max([0.0] + [-edges[el] for el in FLOWERABLE[tid]])
        worth[i] = mine + 0.3 * max(theirs, 0.0) + 0.2 * threat
    out = []
    for move, spaces in take_options(game, free):
        total = 0.0
        for i in spaces:
            total += worth[i]
        out.append((total, move))
    return out


def normal_take(game: Archipels, seat: int, values: dict[str, float], cache: Cache | None = None) -> str:
    scored = take_scores(game, seat, values, cache)
    if not scored:
        paddled = {line for line, _ in game.paddles}
        return next(f"paddle {line}" for line in LINES if line not in paddled)
    best_move, best_value = scored[0][1], float("-inf")
    for total, move in scored:
        if total > best_value:
            best_move, best_value = move, total
    return best_move


def normal_place(game: Archipels, seat: int, values: dict[str, float], cache: Cache | None = None) -> str:
    island = game.islands[seat]
    hand, dock = game.hands[seat], game.docks[seat]
    bests = bests_of(game, island, values, cache)
    best = None
    worth: dict[int, float] = {}
    for tid in hand + dock:
        found = bests.placement(tid)
        worth[tid] = float("-inf") if found is None else found[0]
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], f"place t{tid} {found[1]},{found[2]}")
    if best is not None and best[0] > 0:
        return best[1]
    if not hand:
        return "done"
    if len(dock) < DOCK_SIZE:
        return f"dock t{min(hand, key=lambda t: worth[t])}"
    stuck = [t for t in hand if not island.cands[LEVEL[t]]]
    if stuck:  # the discards `legal_moves` offers: stuck hand tiles first, then the dock
        return f"discard t{stuck[0]}"
    assert best is not None
    return best[1]


def normal_flower(game: Archipels, seat: int) -> str:
    best_move, best_value = None, float("-inf")
    edges: dict[str, float] = {}
    for i in free_spaces(game):
        tid = game.board[i]
        for el in FLOWERABLE[tid]:
            if el not in edges:
                edges[el] = flower_edge(game, seat, el)
            if edges[el] > best_value:
                best_move, best_value = f"flower {SPACES[i]} {el}", edges[el]
    assert best_move is not None
    return best_move


def normal_move(game: Archipels, seat: int, cache: Cache | None = None) -> str:
    """The normal player's move (games/archipels/ai.py `choose`), computed faster."""
    if game.phase == "flower":
        return normal_flower(game, seat)
    values = estimated_values(game)
    if game.phase == "take":
        return normal_take(game, seat, values, cache)
    return normal_place(game, seat, values, cache)


# -- copies ---------------------------------------------------------------------------------
def play_out(game: Archipels) -> None:
    """The normal player at every seat to the end of the game."""
    cache: Cache = {}
    while game.phase != "over":
        seat = game.current()
        game.play(seat, normal_move(game, seat, cache))


def margin(game: Archipels, seat: int) -> float:
    scores = game.scores()
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


# -- the search ----------------------------------------------------------------------------
WORLDS = 4  # redrawn worlds every candidate is played out in
TAKE_CANDIDATES = 5  # the take moves the normal player rates highest
FLOWER_CANDIDATES = 4  # the elements the normal player rates highest
# on the last day the stack is never drawn again: one world tells all, so more candidates
LAST_DAY_CANDIDATES = 10
WIN_BONUS = 10.0  # a play-out's worth: the final margin, plus this for a win (minus for a loss)


def worth(game: Archipels, seat: int) -> float:
    scores = game.scores()
    mine, best_other = scores[seat], max(s for i, s in enumerate(scores) if i != seat)
    return mine - best_other + (WIN_BONUS if mine > best_other else -WIN_BONUS if mine < best_other else 0.0)


def candidates(game: Archipels, seat: int, normal: str) -> list[str]:
    """The moves worth playing out: the normal move first, then its closest rivals."""
    last_day = game.day == game.days
    if game.phase == "take":
        scored = take_scores(game, seat, estimated_values(game))
        ranked = [move for _, move in sorted(scored, key=lambda sm: -sm[0])]
        count = LAST_DAY_CANDIDATES if last_day else TAKE_CANDIDATES
        return [normal] + [m for m in ranked if m != normal][: count - 1]
    if game.phase == "flower":
        edges: dict[str, tuple[float, str]] = {}
        for i in free_spaces(game):
            tid = game.board[i]
            for el in FLOWERABLE[tid]:
                if el not in edges:
                    edges[el] = (flower_edge(game, seat, el), f"flower {SPACES[i]} {el}")
        ranked = [move for _, move in sorted(edges.values(), key=lambda em: -em[0])]
        count = LAST_DAY_CANDIDATES if last_day else FLOWER_CANDIDATES
        element = parse(normal).element
        return [normal] + [m for m in ranked if parse(m).element != element][: count - 1]
    return [normal]


def hard_move(game: Archipels, seat: int, rng: random.Random, budget: float | None) -> str:
    """The move whose play-outs end best on average, the normal move on a tie. `budget`
    (seconds) is only a safety cap: a world it cuts short is left out, and when not one world
    was finished the normal move stands."""
    deadline = time.perf_counter() + (HARD_BUDGET if budget is None else budget)
    normal = game.ai_move(seat, rng)
    moves = candidates(game, seat, normal)
    if len(moves) < 2:
        return normal
    totals = dict.fromkeys(moves, 0.0)
    longest = 0.0  # the slowest play-out so far: one that would end past the cap is not begun
    for _ in range(1 if game.day == game.days else WORLDS):
        world = game.redraw_hidden(seat, random.Random(rng.random()))
        found = {}
        for move in moves:  # every candidate meets the same world
            start = time.perf_counter()
            if start + longest > deadline:
                break
            copy = world.copy()
            copy.play(seat, move)
            play_out(copy)
            found[move] = worth(copy, seat)
            longest = max(longest, time.perf_counter() - start)
        if len(found) < len(moves):
            break
        for move in moves:
            totals[move] += found[move]
    best = normal
    for move in moves:
        if totals[move] > totals[best]:
            best = move
    return best

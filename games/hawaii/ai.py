"""The heuristic player of the Hawaiian Islands solo game, and a solver for daily deals.

The planner works a round at a time: from a state it lists a pruned set of whole-round plans
(shares, action, builds, the two goods moves, production placements), plays each on a copy of
the game and scores the end of the round with `evaluate`. `hint`/`ai_move` play the first move
of the best plan found on a copy whose dice are reseeded (the real dice are never peeked at);
`solve` runs beam searches over the ten rounds of a deal with the deal's own dice (a narrow one
first, then others that look wider, while time allows; each keeps more states before the last
rounds), to prove that a deal can be won before it is offered as a challenge.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.base import Rng
from games.hawaii import data as D
from games.hawaii import moves as M
from games.hawaii.data import ADJ, ISLAND_INDEX, N_ISLANDS, SMALL_IDX
from games.hawaii.game import HawaiiGame

N_ROUTES = len(D.ROUTES)
FACE_COLUMN_ISLAND = [ISLAND_INDEX[D.FACE_ISLAND[face]] for face in range(1, D.CHART_COLUMNS + 1)]


def _all_paths() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    paths = []
    for start in range(N_ISLANDS):
        stack: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = [(start, (start,), ())]
        while stack:
            here, path, routes = stack.pop()
            if routes:
                paths.append((path, routes))
            if len(routes) >= D.MAX_LOCO:
                continue
            for nxt, r in ADJ[here]:
                if nxt not in path:
                    stack.append((nxt, path + (nxt,), routes + (r,)))
    return paths


PATHS = _all_paths()
_VALID: dict[tuple[tuple[str | None, ...], str], list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}


def valid_paths(discs: tuple[str | None, ...], colour: str) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Paths a cube of `colour` could take on the full map for these island discs."""
    key = (discs, colour)
    found = _VALID.get(key)
    if found is None:
        found = [
            (path, routes)
            for path, routes in PATHS
            if discs[path[-1]] == colour and all(discs[i] != colour for i in path[1:-1])
        ]
        _VALID[key] = found
    return found


# -- evaluation --------------------------------------------------------------------------
@dataclass
class Weights:
    route_cube: float = 100.0
    ready: float = 0.0  # a cube deliverable now through its route
    sourced: float = 6.0  # a source cube and a destination exist, needs connecting / locomotive
    refillable: float = 18.0  # a destination exists; the source must come from a refill
    urbanizable: float = 30.0  # needs an urbanization first
    dead: float = 400.0  # a route cube no delivery can ever clear: the deal is lost
    source_gap: float = 20.0
    source: float = 10.0  # each island cube that can still clear a route cube of its colour
    slot_gap: float = 35.0
    money: float = 1.0
    broke: float = 60.0
    loco: float = 4.0
    income: float = 1.0


DEFAULT_WEIGHTS = Weights()


def rounds_left(game: HawaiiGame) -> int:
    """Rounds whose goods moves are still to come, counting the current one."""
    if game.phase == "over":
        return 0
    return D.ROUNDS - game.round + 1


@dataclass
class _Outlook:
    """What the evaluation of one position reads, worked out once for every colour."""

    rounds: int  # rounds_left
    loco: int
    lcap: int  # the locomotive the rest of the game can reach
    discs: tuple[str | None, ...]
    cubes: Any
    connected: Any
    urban_left: set[str]
    free_small: list[int]  # small islands with no disc yet, where an urbanization can put one
    urbanize_chances: int
    chart_colours: dict[str, int]


def _final_value(game: HawaiiGame) -> float:
    if game.result == "won":
        return 1_000_000.0 + game.score()
    return -1_000_000.0 - 1000.0 * game.route_cubes_left() + game.income


def _urbanize_chances(game: HawaiiGame, rounds: int, free_small: list[int]) -> int:
    """Urbanizations still to come: one every other round at best, the action being barred two
    rounds running, and one now when it was chosen and not yet used."""
    chances = (rounds + (0 if game.last_action == "urbanize" else 1)) // 2 if free_small else 0
    if game.action == "urbanize" and game.phase in ("build",) and not game.urbanized:
        chances = max(chances, 1)
    return chances


def _chart_colours(game: HawaiiGame) -> dict[str, int]:
    found: dict[str, int] = {}
    for col in game.chart:
        for c in col:
            if c is not None:
                found[c] = found.get(c, 0) + 1
    return found


def _route_cubes(game: HawaiiGame) -> tuple[int, dict[str, list[int]], int]:
    """The cubes left on the routes, their count by colour and route, and how many routes with
    cubes are still to be connected."""
    left = 0
    unconnected_needed = 0
    by_colour: dict[str, list[int]] = {}
    for r in range(N_ROUTES):
        has = False
        for c in game.route_cubes[r]:
            if c is not None:
                has = True
                left += 1
                by_colour.setdefault(c, [0] * N_ROUTES)[r] += 1
        if has and not game.connected[r]:
            unconnected_needed += 1
    return left, by_colour, unconnected_needed


def _reach(o: _Outlook, paths: list, colour: str, r: int) -> int:
    """How a cube of `colour` on route r can be cleared with the discs as they are: 0 not at all,
    2 by a refill, 3 from a source cube, 4 now."""
    best = 0
    for path, routes in paths:
        if r not in routes or len(routes) > o.lcap:
            continue
        if colour in o.cubes[path[0]]:
            if len(routes) <= o.loco and all(o.connected[x] for x in routes):
                return 4
            best = max(best, 3)
        elif best < 2 and path[0] not in SMALL_IDX:
            best = 2
    return best


def _urbanized_paths(o: _Outlook, colour: str) -> list:
    """The paths a cube of `colour` would have if an urbanization put its disc on a free small island."""
    found = []
    for s in o.free_small:
        alt = list(o.discs)
        alt[s] = colour
        found.extend(valid_paths(tuple(alt), colour))
    return found


def _colour_value(value: float, w: Weights, o: _Outlook, colour: str, counts: list[int]) -> tuple[float, bool]:
    """`value` with one colour's route cubes counted in (passed along rather than summed apart,
    so the floats add up in the order they always did), and whether some wait for an urbanization."""
    need = max(max(counts), (sum(counts) + 1) // 2)
    paths = valid_paths(o.discs, colour)
    sources = set()
    for path, _routes in paths:
        if colour in o.cubes[path[0]]:
            sources.add(path[0])
    src_count = sum(o.cubes[i].count(colour) for i in sources)
    src_future = o.chart_colours.get(colour, 0) * min(1.0, o.rounds / 4.0) * 0.5
    gap = need - src_count - src_future
    value += w.source * min(src_count, need)
    if gap > 0:
        value -= w.source_gap * gap
    alt_paths = None  # worked out for the first cube that needs them
    urbanizable = False
    for r in range(N_ROUTES):
        n = counts[r]
        if not n:
            continue
        best = _reach(o, paths, colour, r)
        if best == 0 and colour in o.urban_left and o.urbanize_chances > 0:
            if alt_paths is None:
                alt_paths = _urbanized_paths(o, colour)
            # the cube must be able to start there: one lies there, or a refill can bring one
            if any(
                r in routes and len(routes) <= o.lcap and (path[0] not in SMALL_IDX or colour in o.cubes[path[0]])
                for path, routes in alt_paths
            ):
                best = 1
        value -= n * (w.dead, w.urbanizable, w.refillable, w.sourced, w.ready)[best]
        urbanizable = urbanizable or best == 1
    return value, urbanizable


def evaluate(game: HawaiiGame, w: Weights = DEFAULT_WEIGHTS) -> float:
    if game.phase == "over":
        return _final_value(game)
    T = rounds_left(game)
    # moves still to come this round count as part of a round
    slots = 2 * T - (1 if game.phase == "move" and game.move_no == 2 else 0)
    loco = game.loco
    discs = tuple(game.disc)
    free_small = [i for i in SMALL_IDX if discs[i] is None]
    o = _Outlook(T, loco, min(D.MAX_LOCO, loco + T), discs, game.island_cubes, game.connected,
                 set(c for c in game.urban if c), free_small, _urbanize_chances(game, T, free_small),
                 _chart_colours(game))
    left, by_colour, unconnected_needed = _route_cubes(game)

    value = 0.0
    lower_bound = 0
    urban_needs: set[str] = set()  # colours some route cube can only be cleared by after an urbanization
    value -= w.route_cube * left
    if left == 0:
        value += 500.0
    for colour, counts in by_colour.items():
        lower_bound += max(counts)
        value, urbanizable = _colour_value(value, w, o, colour, counts)
        if urbanizable:
            urban_needs.add(colour)
    if len(urban_needs) > o.urbanize_chances:
        value -= w.dead * (len(urban_needs) - o.urbanize_chances)
    if lower_bound > slots:
        value -= w.slot_gap * (lower_bound - slots)
    # money: connections still to pay against what the rest of the game can raise
    cost = 8 * unconnected_needed - 4 * min(unconnected_needed // 2, (T + 1) // 2)
    net = game.cash + game.income * T - (game.shares + loco) * T
    funds = net + 5 * (D.MAX_SHARES - game.shares) - 0  # shares raise cash but cost upkeep
    if funds < cost:
        value -= w.broke * (1 + (cost - funds) / 8.0)
    value += w.money * min(net - cost, 30) + 0.1 * max(0, net - cost - 30)
    value += w.income * game.income
    value += w.loco * min(loco, 4) if left else 0.0
    return value


# -- plans for one round ------------------------------------------------------------------
def _route_interest(game: HawaiiGame) -> list[int]:
    """Unconnected routes, most promising first (cubes on them, deliveries they open)."""
    discs = tuple(game.disc)
    scores = []
    for r in range(N_ROUTES):
        if game.connected[r]:
            continue
        cubes = [c for c in game.route_cubes[r] if c is not None]
        s = 2.0 * len(cubes)
        for colour in set(cubes):
            for path, routes in valid_paths(discs, colour):
                if r in routes and colour in game.island_cubes[path[0]]:
                    others = sum(1 for x in routes if x != r and not game.connected[x])
                    s += 3.0 / (1 + others)
                    break
        if not cubes:
            s -= 5.0
        scores.append((s, r))
    scores.sort(reverse=True)
    return [r for _s, r in scores]


def _urbanize_options(game: HawaiiGame) -> list[tuple[int, str]]:
    options = game.urbanizable()
    if not options:
        return []
    route_colours: dict[str, int] = {}
    for cubes in game.route_cubes:
        for c in cubes:
            if c is not None:
                route_colours[c] = route_colours.get(c, 0) + 1
    useful = []
    for i, colour in options:
        if colour not in route_colours:
            continue
        alt = list(game.disc)
        alt[i] = colour
        before = valid_paths(tuple(game.disc), colour)
        after = valid_paths(tuple(alt), colour)
        gain = 0.0
        for r in range(N_ROUTES):
            k = game.route_cubes[r].count(colour)
            if not k:
                continue
            had = any(r in routes for _p, routes in before)
            has = any(r in routes for _p, routes in after)
            if has and not had:
                gain += 3 * k
            elif has:
                gain += 0.5 * k
        for path, _routes in after:
            if path[-1] == i and colour in game.island_cubes[path[0]]:
                gain += 1
                break
        if gain > 0:
            useful.append((gain, i, colour))
    useful.sort(reverse=True)
    return [(i, colour) for _g, i, colour in useful[:4]]


def _build_plans(game: HawaiiGame, action: str, route_limit: int) -> list[tuple[tuple[int, str] | None, tuple[int, ...]]]:
    """(urbanization or None, routes to connect) for an action, before shares are counted."""
    ranked = _route_interest(game)[:route_limit]
    connects: list[tuple[int, ...]] = [()] + [(r,) for r in ranked]
    if action == "engineer":
        connects += [(a, b) for k, a in enumerate(ranked) for b in ranked[k + 1 :]]
    urbs: list[tuple[int, str] | None] = [None]
    if action == "urbanize":
        # an urbanization is only listed if it is one of the useful ones
        saved = game.action
        game.action = "urbanize"
        saved_flag = game.urbanized
        game.urbanized = False
        urbs += _urbanize_options(game)
        game.action = saved
        game.urbanized = saved_flag
    return [(u, c) for u in urbs for c in connects]


def _shares_for(game: HawaiiGame, cost: int) -> int | None:
    if cost <= game.cash:
        return 0
    need = math.ceil((cost - game.cash) / D.SHARE_PRICE)
    return need if need <= game.max_issue() else None


def _move_options(game: HawaiiGame, k: int) -> list[tuple[str, Any]]:
    found = game.deliveries()
    scored = []
    for colour, path, routes in found:
        clears = game.clears(colour, routes)
        scored.append((clears, len(routes), colour, path, routes))
    scored.sort(key=lambda t: (-t[0], -t[1]))
    options: list[tuple[str, Any]] = []
    zero_taken = False
    for clears, _n, colour, path, routes in scored:
        if clears == 0:
            if zero_taken:
                continue
            zero_taken = True
        options.append(("deliver", (colour, path, routes)))
        if len(options) >= k:
            break
    if game.can_raise():
        options.append(("locomotive", None))
    options.append(("pass", None))
    return options


def _apply_move(game: HawaiiGame, option: tuple[str, Any]) -> str:
    kind, arg = option
    if kind == "deliver":
        colour, path, routes = arg
        game.do_deliver(colour, path, routes)
        return M.deliver_text(colour, path)
    if kind == "locomotive":
        game.do_locomotive()
        return "locomotive"
    game.do_pass()
    return "pass"


def _production_choice(game: HawaiiGame) -> tuple[str, int, int]:
    """Which drawn cube to place where: the colour most wanted on the routes, on the column
    whose island can send it furthest along those routes, as near the top as possible."""
    discs = tuple(game.disc)
    best = None
    for colour in dict.fromkeys(game.drawn):
        need = sum(cubes.count(colour) for cubes in game.route_cubes)
        have = sum(cubes.count(colour) for cubes in game.island_cubes)
        for c in range(D.CHART_COLUMNS):
            rows = [r for r in range(D.CHART_ROWS) if game.chart[c][r] is None]
            if not rows:
                continue
            row = rows[0]
            ahead = sum(1 for r in range(row) if game.chart[c][r] is not None)
            island = FACE_COLUMN_ISLAND[c]
            reach = 0
            for path, routes in valid_paths(discs, colour):
                if path[0] == island:
                    reach = max(reach, game.clears(colour, routes))
            s = 3.0 * reach + 2.0 * min(need, 3) - 0.5 * have - 1.5 * ahead
            if best is None or s > best[0]:
                best = (s, colour, c, row)
    assert best is not None
    return best[1], best[2], best[3]


@dataclass
class Plan:
    moves: list[str]
    state: HawaiiGame
    value: float


class _Plans(list):
    """Round plans, each end state scored once: plans reaching the same state are kept once."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[tuple] = set()


def _finish_round(game: HawaiiGame, moves: list[str], start_round: int, out: list[Plan], w: Weights) -> None:
    """Play production placements (chosen by rule) until the round is over, then score."""
    while game.phase == "produce" and game.round == start_round:
        colour, c, r = _production_choice(game)
        game.do_place(colour, c, r)
        moves.append(M.place_text(colour, c, r))
    seen = getattr(out, "seen", None)
    if seen is not None:
        key = _state_key(game)
        if key in seen:
            return
        seen.add(key)
    out.append(Plan(moves, game, evaluate(game, w)))


def _moves_phase(game: HawaiiGame, moves: list[str], start_round: int, out: list[Plan], w: Weights, k: int) -> None:
    if game.phase != "move" or game.round != start_round:
        _finish_round(game, moves, start_round, out, w)
        return
    for option in _move_options(game, k):
        child = game.copy()
        text = _apply_move(child, option)
        _moves_phase(child, moves + [text], start_round, out, w, k if child.move_no == 2 else k)


def round_plans(game: HawaiiGame, w: Weights = DEFAULT_WEIGHTS, route_limit: int = 4, k: int = 4) -> list[Plan]:
    """Whole-round plans from the current state (which may be part-way through a round)."""
    out: list[Plan] = _Plans()
    start_round = game.round
    phase = game.phase
    if phase == "over":
        return out
    if phase in ("shares", "action"):
        actions = game.legal_actions()
        for action in actions:
            for urb, connects in _build_plans(game, action, route_limit):
                cost = (D.CONNECT_COST if connects else 0) + (D.ENGINEER_COST if len(connects) > 1 else 0)
                moves: list[str] = []
                child = game.copy()
                if phase == "shares":
                    n = _shares_for(game, cost)
                    if n is None:
                        continue
                    child.do_shares(n)
                    moves.append(M.shares_text(n))
                elif cost > game.cash:
                    continue
                child.do_action(action)
                moves.append(M.ACTION_TEXTS[action])
                _build_then_move(child, urb, connects, moves, start_round, out, w, k)
        return out
    if phase == "build":
        plans = _build_plans(game, game.action or "", route_limit)
        for urb, connects in plans:
            if game.urbanized and urb is not None:
                continue
            if len(connects) + game.connects > game.connects_allowed():
                continue
            child = game.copy()
            _build_then_move(child, urb, connects, [], start_round, out, w, k)
        return out
    if phase == "move":
        _moves_phase(game.copy(), [], start_round, out, w, k)
        return out
    if phase == "produce":
        _finish_round(game.copy(), [], start_round, out, w)
        return out
    return out


def _build_then_move(child: HawaiiGame, urb, connects, moves, start_round, out, w, k) -> None:
    if urb is not None:
        if child.phase != "build" or (urb not in child.urbanizable()):
            return
        child.do_urbanize(*urb)
        moves.append(M.urbanize_text(*urb))
    for r in connects:
        if child.phase != "build" or r not in child.connectable():
            return
        child.do_connect(r)
        moves.append(M.CONNECT_TEXTS[r])
    if child.phase == "build":
        child.phase = "move"  # the same as `done`
        child.move_no = 1
        child.loco_raised = False
        child.last_move = "done"
        moves.append("done")
    _moves_phase(child, moves, start_round, out, w, k)


# -- playing and hinting -------------------------------------------------------------------
def best_plan(game: HawaiiGame, rng: random.Random | None = None, w: Weights = DEFAULT_WEIGHTS) -> Plan | None:
    """The best round plan on a copy whose dice are reseeded, so the real dice stay unknown."""
    probe = game.copy()
    probe.rng = Rng((rng or random.Random(0)).getrandbits(48))
    plans = round_plans(probe, w)
    if not plans:
        return None
    return max(plans, key=lambda p: p.value)


def choose_move(game: HawaiiGame, rng: random.Random | None = None) -> str:
    legal = game.legal_moves(0)
    if not legal:
        raise ValueError("no legal move")
    plan = best_plan(game, rng)
    if plan is None or not plan.moves:
        raise RuntimeError(f"the planner found no plan in phase {game.phase} of round {game.round}")
    move = plan.moves[0]
    if move not in legal:
        raise RuntimeError(f"the planner chose `{move}`, which is not legal now")
    return move


def hint(game: HawaiiGame) -> str:
    """The move the heuristic player would make now."""
    return choose_move(game, random.Random(game.moves_played))


# -- solving a deal ----------------------------------------------------------------------
@dataclass
class SolveResult:
    won: bool
    score: int
    moves: list[str]
    result: str
    reason: str
    seconds: float
    beam: int
    details: dict[str, Any] = field(default_factory=dict)


def _state_key(game: HawaiiGame) -> tuple:
    return (
        game.phase,
        game.round,
        game.move_no,
        game.rng.counter,
        game.cash,
        game.income,
        game.shares,
        game.loco,
        game.last_action,
        tuple(game.connected),
        tuple(tuple(c) for c in game.route_cubes),
        tuple(tuple(c) for c in game.island_cubes),
        tuple(game.disc),
        tuple(tuple(c) for c in game.chart),
    )


# How many states the beam keeps, at least, before each of the last rounds (last round first):
# there the evaluation is exact or nearly, so a wider search is cheap and finds the last cubes.
TAIL_WIDTHS = (12, 3)


def beam_search(game: HawaiiGame, beam: int = 3, w: Weights = DEFAULT_WEIGHTS, deadline: float | None = None,
                tail: tuple[int, ...] = TAIL_WIDTHS, route_limit: int = 4, k: int = 4) -> Plan:
    """Plays the deal to its end with its own dice, keeping the `beam` best states each round
    (more before the last rounds, as `tail` says)."""
    frontier = [Plan([], game.copy(), evaluate(game, w))]
    while True:
        live = [p for p in frontier if p.state.phase != "over"]
        if not live:
            break
        if deadline is not None and time.perf_counter() > deadline:
            beam = 1
        children: list[Plan] = [p for p in frontier if p.state.phase == "over"]
        for parent in live:
            for plan in round_plans(parent.state, w, route_limit, k):
                children.append(Plan(parent.moves + plan.moves, plan.state, plan.value))
        children.sort(key=lambda p: p.value, reverse=True)
        frontier = []
        seen = set()
        width = beam
        ahead = D.ROUNDS - max((c.state.round for c in children if c.state.phase != "over"), default=D.ROUNDS)
        if 0 <= ahead < len(tail):
            width = max(width, tail[ahead])
        for child in children:
            key = _state_key(child.state) if child.state.phase != "over" else ("over", len(frontier))
            if key in seen:
                continue
            seen.add(key)
            frontier.append(child)
            if len(frontier) >= width:
                break
    return max(frontier, key=lambda p: p.value)


# The searches `solve` tries in turn: (beam width, routes considered for connecting, deliveries
# considered per move). The first is the narrowest and never looks at the clock, so whether it
# wins a deal is the same on every machine; the others look at the deal in other ways.
PASSES: tuple[tuple[int, int, int], ...] = ((1, 4, 4), (1, 6, 4), (2, 4, 4), (1, 5, 6), (2, 6, 5), (3, 5, 5))


def solve(game_or_seed: HawaiiGame | int, difficulty: str = D.DEFAULT_DIFFICULTY, beams: tuple[int, ...] | None = None,
          budget: float = 2.0) -> SolveResult:
    """Searches for a winning line of a deal (a seed and a difficulty, or a game in progress).

    Tries the searches of `PASSES` (or beams of the given widths) until one wins or the time
    budget runs out; the first always runs to its end. A win is a proof that the deal can be
    won: replaying `moves` on the same deal wins.
    """
    start = time.perf_counter()
    if isinstance(game_or_seed, HawaiiGame):
        game = game_or_seed
    else:
        game = HawaiiGame.new(1, {"difficulty": difficulty}, seed=game_or_seed)
    passes = PASSES if beams is None else tuple((width, 4, 4) for width in beams)
    best: Plan | None = None
    used = passes[0][0]
    deadline = start + budget
    first = 0.0  # how long the first pass took: a later one starts only if it should end in time
    ran = 0
    for n, (width, route_limit, k) in enumerate(passes):
        if n and time.perf_counter() + 0.75 * width * first > deadline:
            break
        used = width
        ran = n + 1
        plan = beam_search(game, width, deadline=deadline if n else None, route_limit=route_limit, k=k)
        if not n:
            first = time.perf_counter() - start
        if best is None or plan.value > best.value:
            best = plan
        if best.state.result == "won":
            break
    assert best is not None
    end = best.state
    return SolveResult(
        won=end.result == "won",
        score=end.score(),
        moves=best.moves,
        result=end.result or "",
        reason=end.reason,
        seconds=time.perf_counter() - start,
        beam=used,
        details={"route_cubes_left": end.route_cubes_left(), "income": end.income, "cash": end.cash,
                 "shares": end.shares, "passes": ran},
    )

"""Whole Grow Sky games: random playouts with invariants, pinned move counts, the placement frontier."""

from __future__ import annotations

import json
import random

import pytest

from games.base import IllegalMove, rank_by
from games.growsky import GAME
from games.growsky.data import COLS, ORIENTATIONS, ROWS, SHAPES, cell_name, legal_placements
from tests.games.test_growsky_helpers import check_invariants, random_playout, ready

# 1,000 games per player count is the acceptance run (bench/growsky_bench.py --playouts 1000);
# the suite plays a slice of it so that it stays within its time budget.
GAMES_PER_COUNT = 40


def check_finished(game) -> None:
    outcome = game.outcome()
    assert outcome is not None and game.to_act() == []
    vps = [b.vp for b in game.boards]
    assert outcome.scores == [float(v) for v in vps]
    if game.winner is None:
        keys = [(vps[s], game.boards[s].flown, -game.final_position(s)) for s in range(game.players)]
        assert outcome.ranks == rank_by(keys)
        assert game.final and game.trigger is not None and game.start == game.trigger
        trigger = game.boards[game.trigger]
        details = outcome.details[game.trigger]
        assert details["vp_before"] >= 10 or details["search_before"] >= 44 or trigger.blanks() == 0
    assert sorted(outcome.ranks) == list(range(1, game.players + 1))  # the tie-breaks always decide


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_and_keep_every_piece(players):
    for seed in range(GAMES_PER_COUNT):
        options = {"advanced": seed % 3 == 0, "instant": seed % 5 == 0}
        game, moves = random_playout(players, 7000 * players + seed, check=check_invariants, options=options)
        check_finished(game)
        assert moves > 20


def test_dump_json_load_is_identity_along_a_game_and_the_same_seed_gives_the_same_game():
    rng = random.Random(5)
    game, twin = GAME.new(3, seed=11), GAME.new(3, seed=11)
    while not game.is_over():
        dumped = json.loads(json.dumps(game.dump()))
        assert GAME.load(dumped).dump() == dumped
        assert twin.dump() == game.dump()
        seat = game.to_act()[0]
        move = rng.choice(game.legal_moves(seat))
        game.play(seat, move)
        twin.play(seat, move)


def test_every_legal_move_plays_has_a_description_and_fits_a_button():
    rng = random.Random(2)
    game = GAME.new(4, {"advanced": True}, seed=2)
    names = ["A", "B", "C", "D"]
    for _ in range(400):
        if game.is_over():
            break
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        assert moves and len(set(moves)) == len(moves)
        assert all(len(m) <= 60 for m in moves)
        for move in rng.sample(moves, min(5, len(moves))):
            trial = game.copy()
            trial.play(seat, move)
            assert trial.describe_move(seat, move, names)
        move = rng.choice(moves)
        game.play(seat, move)
        assert game.describe_move(seat, move, names).startswith(names[seat])
        assert game.status(names)


def brute_force(shape: str, filled: set[tuple[int, int]]) -> set[frozenset[tuple[int, int]]]:
    """Every placement by trying each orientation at each square, gravity checked square by square."""
    out = set()
    for offsets in ORIENTATIONS[shape]:
        for col in range(COLS):
            for row in range(ROWS):
                cells = {(col + dx, row + dy) for dx, dy in offsets}
                if any(not (0 <= c < COLS and 0 <= r < ROWS) or (c, r) in filled for c, r in cells):
                    continue
                if any(r == 0 or ((c, r - 1) in filled and (c, r - 1) not in cells) for c, r in cells):
                    out.add(frozenset(cells))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_placement_frontier_matches_a_brute_force_search(seed):
    rng = random.Random(seed)
    filled: set[tuple[int, int]] = set()
    mask = 0
    for _ in range(rng.randrange(0, 30)):  # a random room built under gravity, a cube at a time
        options = [(c, r) for c in range(COLS) for r in range(ROWS)
                   if (c, r) not in filled and (r == 0 or (c, r - 1) in filled)]
        cell = rng.choice(options)
        filled.add(cell)
        mask |= 1 << (cell[1] * COLS + cell[0])
    for shape in SHAPES:
        fast = {frozenset((i % COLS, i // COLS) for i in range(56) if m >> i & 1)
                for m, _ in legal_placements(shape, mask)}
        assert fast == brute_force(shape, filled)
        texts = [t for _, t in legal_placements(shape, mask)]
        assert len(texts) == len(set(texts)) == len(fast)  # one text per distinct placement


def test_orientations_are_the_distinct_turns_and_flips():
    assert {k: len(v) for k, v in ORIENTATIONS.items()} == {"cube": 1, "i2": 2, "v3": 4, "l4": 8, "p5": 8}
    for offsets in ORIENTATIONS["p5"]:
        low = min(y for _, y in offsets)
        assert (0, 0) in offsets and low == 0  # the anchor is a covered square of the lowest row
        assert min(x for x, y in offsets if y == 0) == 0
    assert cell_name(0, 0) == "a1" and cell_name(7, 6) == "h7"


def perft(game, depth: int, orders: bool = True) -> int:
    """Leaves of the move tree to that depth, each seat acting in turn (python-chess's perft);
    `orders=False` leaves out the moves that only pay their fuel in another order."""
    if depth == 0 or game.is_over():
        return 1
    seat = game.to_act()[0]
    total = 0
    for move in game.legal_moves(seat):
        if not orders and " pay " in move:
            continue
        child = game.copy()
        child.play(seat, move)
        total += perft(child, depth - 1, orders)
    return total


@pytest.mark.parametrize(("players", "seed", "depth1", "depth2"), [
    (2, 0, 20, 418),
    (4, 3, 20, 324),
    (3, 8, 16, 221),
])
def test_pinned_move_counts_from_seeded_positions(players, seed, depth1, depth2):
    game = ready(players, seed)
    # depth 1: each distinct face can develop, fly, fly with a boost (5 fuel to spend) or stand by
    faces = len(set(game.dice))
    assert perft(game, 1, orders=False) == depth1 == 4 * faces
    assert perft(game, 2, orders=False) == depth2


def test_pinned_move_counts_with_a_part_to_place():
    game = ready(2, 1)
    seat = game.current()
    game.boards[seat].fuel = 3
    game.queue = ["part:2"]
    counts = {shape: sum(1 for m in game.legal_moves(seat) if m.split(" ")[1] == shape and " pay " not in m)
              for shape in ("v3", "l4", "p5")}
    # worked out by hand on the empty room: v3 4 orientations x 7 columns; l4 and p5 each have
    # 4 orientations two squares wide (7 places on the floor) and 4 three wide (6 places)
    assert counts == {"v3": 28, "l4": 52, "p5": 52}
    assert perft(game, 2, orders=False) == 2513


def test_a_move_for_a_finished_game_is_refused():
    game, _ = random_playout(2, 99)
    with pytest.raises(IllegalMove, match="over"):
        game.play(0, "end")

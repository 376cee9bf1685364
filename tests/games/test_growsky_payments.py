"""Grow Sky's fuel payments: every distinct way to pay a cost is one listed move."""

from __future__ import annotations

import itertools
import random

import pytest

from games.base import IllegalMove
from games.growsky import GAME
from games.growsky.board import Board
from games.growsky.moves import Pay
from tests.games.test_growsky_helpers import ready


def drafted_then_developed():
    """The position of the report: 2 players, seed 3, both draft p1 s12, then develop 6 (a
    purchase waits; the gauge holds 2 fuel and the rudder [0, 2, 2, 0] cubes)."""
    game = GAME.new(2, seed=3)
    for _ in range(2):
        game.play(game.current(), "draft p1 s12")
    seat = game.current()
    game.play(seat, "develop 6")
    return game, seat


def every_payment(fuel: int, cubes: list[int], cost: int) -> set[tuple[int, int, int, int]]:
    """By brute force: gauge fuel, Lv. 1 cubes (two a fuel), Lv. 2 and Lv. 3 cubes (one each)."""
    return {(f, 2 * a, b, c)
            for f, a, b, c in itertools.product(range(fuel + 1), range(cubes[1] // 2 + 1),
                                                range(cubes[2] + 1), range(cubes[3] + 1))
            if f + a + b + c == cost}


def paid_by(game, seat: int, move: str) -> tuple[int, int, int, int]:
    """What the move's first payment took from the seat's gauge and rudder (gains come later)."""
    seen = []
    pay = Board.pay

    def spy(board, amount, plan=()):
        fuel = board.fuel
        cubes = pay(board, amount, plan)
        seen.append((fuel - board.fuel, *cubes[1:]))
        return cubes

    trial = game.copy()
    Board.pay = spy
    try:
        trial.play(seat, move)
    finally:
        Board.pay = pay
    return seen[0] if seen else (0, 0, 0, 0)


def test_the_reported_purchase_may_be_paid_all_five_ways_each_listed_once():
    game, seat = drafted_then_developed()
    board = game.boards[seat]
    assert (board.fuel, board.cubes, game.queue) == (2, [0, 2, 2, 0], ["buy:2"])
    moves = [m for m in game.legal_moves(seat) if m == "buy m6 s1" or m.startswith("buy m6 s1 pay")]
    paid = [paid_by(game, seat, m) for m in moves]
    assert sorted(paid) == sorted(every_payment(2, [0, 2, 2, 0], 2))
    assert len(paid) == 5  # 2 gauge; 1 gauge + 2 Lv. 1; 1 gauge + 1 Lv. 2; 2 Lv. 1 + 1 Lv. 2; 2 Lv. 2
    assert moves[0] == "buy m6 s1"  # the usual order has no suffix
    assert paid[0] == (2, 0, 0, 0)


def test_a_payment_is_typed_by_what_it_takes_and_told_in_the_log():
    game, seat = drafted_then_developed()
    assert "buy m6 s1 pay 1 fuel 1 lv2" in game.legal_moves(seat)
    assert "buy m6 s1 pay 2 lv1 1 lv2" in game.legal_moves(seat)
    game.play(seat, "buy m6 s1 pay 2 lv1 1 lv2")
    board = game.boards[seat]
    assert (board.fuel, board.cubes) == (2, [0, 0, 1, 0])
    assert game.last["move"] == "buy m6 s1 pay 2 lv1 1 lv2"
    assert "paid 2 fuel (2 Lv. 1 cubes, 1 Lv. 2 cube)" in game.describe_move(seat, game.last["move"], ["Ann", "Ben"])


@pytest.mark.parametrize(("typed", "canonical"), [
    ("buy m6 s1 pay lv2", "buy m6 s1 pay 2 lv2"),  # a source drawn on first, as much as it pays
    ("buy m6 s1 pay lv1", "buy m6 s1 pay 1 fuel 2 lv1"),
    ("buy m6 s1 pay 1 lv2", "buy m6 s1 pay 1 fuel 1 lv2"),  # the rest in the usual order
    ("buy m6 s1 pay lv2 1 fuel", "buy m6 s1 pay 1 fuel 1 lv2"),
    ("buy m6 s1 pay 2 fuel", "buy m6 s1"),  # the usual payment
    ("buy m6 s1 pay fuel", "buy m6 s1"),
    ("buy m1 s1 pay lv2", "buy m1 s1"),  # a free slot: nothing to pay
])
def test_other_spellings_of_a_payment_are_logged_as_the_listed_one(typed, canonical):
    game, seat = drafted_then_developed()
    assert game.canonical(seat, typed) == canonical
    assert canonical in game.legal_moves(seat)


@pytest.mark.parametrize(("typed", "why"), [
    ("buy m6 s1 pay 3 lv2", "2 Lv. 2"),  # more cubes than there are
    ("buy m6 s1 pay 1 lv1", "pairs"),  # Lv. 1 cubes pay two for a fuel
    ("buy m6 s1 pay 2 fuel 1 lv2", "more than the move costs; `buy m6 s1` costs 2"),
    ("buy m6 s1 pay lv4", "lv1, lv2 or lv3"),
    ("buy m6 s1 pay 1 lv2 1 lv2", "once"),
])
def test_a_payment_that_cannot_be_made_is_refused_with_its_reason(typed, why):
    game, seat = drafted_then_developed()
    before = game.dump()
    with pytest.raises(IllegalMove, match=why):
        game.play(seat, typed)
    assert game.dump() == before


def test_every_paying_move_lists_each_distinct_payment_once_in_random_positions():
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        game = ready(2 + seed % 3, seed)
        while not game.is_over() and checked < 60:
            seat = game.to_act()[0]
            moves = game.legal_moves(seat)
            board = game.boards[seat]
            by_base: dict[str, list[str]] = {}
            for move in moves:
                value = game.notation.parse(move)
                base = game.notation.text(value.move) if isinstance(value, Pay) else move
                by_base.setdefault(base, []).append(move)
            paying = [(base, listed) for base, listed in by_base.items() if game._move_cost(seat, game.notation.parse(base))]
            for base, listed in rng.sample(paying, min(2, len(paying))):
                cost = game._move_cost(seat, game.notation.parse(base))
                paid = [paid_by(game, seat, m) for m in listed]
                assert len(set(paid)) == len(paid)
                assert set(paid) == every_payment(board.fuel, board.cubes, cost), (base, listed)
                checked += 1
            game.play(seat, rng.choice(moves))
    assert checked >= 40


def test_the_private_hint_names_squares_only_and_counts_each_placement_once():
    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 1, [0, 2, 1, 1]
    game.queue = ["part:1"]
    moves = game.legal_moves(seat)
    assert any(" pay " in m for m in moves)  # an upgrade may be paid several ways
    hint = game.private_text(seat, ["Ann", "Ben"])
    listed = hint.split("anchor squares: ")[1].split(".")[0].split(", ")
    assert all(len(a) == 2 and a[0] in "abcdefgh" and a[1] in "1234567" for a in listed), listed
    placements = {m for m in moves if " pay " not in m}
    assert f"may go at {len(placements)} placements" in hint

"""bench/levels.py seats each level fairly: half the seats each (an odd count alternating the
larger half), turned from game to game, so two equal levels would score 50 %."""

from __future__ import annotations

from collections import Counter

from tests.helpers import load_bench


def test_each_level_takes_half_the_seats_and_every_seat_in_turn():
    bench = load_bench("levels")
    for players in (2, 3, 4):
        games = [bench.seating(players, "hard", "normal", seed) for seed in range(10_000, 10_000 + 12 * players)]
        counts = [levels.count("hard") for levels in games]
        assert sum(counts) * 2 == players * len(games)  # half the seats over the run
        assert set(counts) == ({players // 2} if players % 2 == 0 else {players // 2, players // 2 + 1})
        by_seat = Counter(seat for levels in games for seat, level in enumerate(levels) if level == "hard")
        assert len(set(by_seat.values())) == 1 and len(by_seat) == players  # every seat as often
    assert [bench.seating(2, "a", "b", seed) for seed in (0, 1)] == [["a", "b"], ["b", "a"]]


def test_the_summary_splits_an_odd_count_by_the_seats_each_level_held():
    bench = load_bench("levels")
    seeds = range(20_000, 20_012)
    # the first level wins exactly the games where it held two of the three seats
    rows = [{"seed": seed, "share": float(bench.seating(3, "hard", "normal", seed).count("hard") == 2)}
            for seed in seeds]
    assert bench.by_seats(3, "hard", "normal", rows) == [(1, 6, 0.0), (2, 6, 1.0)]

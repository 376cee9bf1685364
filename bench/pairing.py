"""Swiss pairing (bot/core/pairing.py): repeated opponents over whole events, and the time to pair.

    .venv/bin/python bench/pairing.py [--runs 20] [--timings 9]

An event is simulated round by round: `pair_round` seats the players, each table ends in a seeded
random order (a tie for a place now and then), placement points are added (a win 1, a bye worth
`bye_points`), and the meetings, byes and first seats are counted as an event would. Ratings are
drawn once per run, so the first round has an order to go by.

Repeated pairs: at the end of an event, every pair of players who sat at the same table more than
once counts once per meeting after the first (twice met: 1, three times: 2), summed over all
pairs. The figure is the mean over `--runs` events with seeds 0, 1, ... The targets: 16 players in fours
over 4 rounds at most 3.95, 24 over 5 at most 3.15, 40 over 5 none. Schedules with no repeat at all
exist for 16 in fours over 4 and over 5 rounds (the parallel classes of the affine plane of order
4: over 5 rounds everyone meets everyone exactly once) and for 24 over 5 (these runs find them), so
those rows are measured against 0. Where repeats cannot be avoided, "floor" is the fewest any
schedule can have: the pairs seated in all (tables full) beyond the number of pairs.

"Points range at a table" is the mean of each table's highest points less its lowest, beside the
same for tables cut from the seated players' points in order with no regard to repeats: what
keeping opponents apart costs the grouping by points.

The time is that of one `pair_round` for 256 players in fours in the first round and in the fifth
of such an event (more meetings to avoid), and for 256 at two seats in the seventh, the median of
`--timings` runs; "slowest round" is the longest single `pair_round` of a row's events.

Measured on 7 December 2026 (`--runs 20 --timings 9`, 2 cores shared with other work, load
average about 5), repeated pairs as mean, max and events with none; points range as paired against
cut in order; the slowest single round of the row's events:

    16 in 4s, 4 rounds:  0.00, max 0, 20 of 20 (target <= 3.95)   0.695 / 0.242     87 ms
    24 in 4s, 5 rounds:  0.15, max 1, 17 of 20 (target <= 3.15)   0.745 / 0.242    223 ms
    40 in 4s, 5 rounds:  0.00, max 0, 20 of 20 (target 0)         0.456 / 0.141      7 ms
    16 in 4s, 5 rounds:  0.00, max 0, 20 of 20 (floor 0)          0.935 / 0.301     90 ms
    15 in 4s, 4 rounds:  0.90, max 3, 14 of 20                    0.644 / 0.219    176 ms
    16 in 4s, 8 rounds: 72.00, max 72 (floor 72)                  1.245 / 0.423    259 ms
    12 in 3s, 8 rounds: 30.00, max 30 (floor 30)                  1.082 / 0.521    219 ms
     9 in 2s, 8 rounds:  0.50, max 2, 12 of 20                    0.777 / 0.341     42 ms
    10 in 2s, 12 rounds: 15.00, max 15 (floor 15)                 0.995 / 0.426    199 ms
    20 in 2s, 7 rounds:  0.00, max 0, 20 of 20                    0.304 / 0.146     13 ms
    256 in 4s: round 1 median 0.7 ms, round 5 median 40.9 ms (slowest 59.3 ms); 256 in 2s, round 7: 6.8 ms

So every 16-player event in fours plays a whole affine plane (5 rounds, nobody met twice), where
the same search with no look ahead or second draws (LOOKAHEAD_FIELD = 0) met repeats in round 4 in
16 of 20 (mean 3.20 over 4 rounds, 6.40 over 5; 0.90 for 24 over 5). Where the count forces
repeats, no more than the floor.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.pairing import Entrant, bye_points, pair_round  # noqa: E402
from bot.core.placement import placement_points  # noqa: E402


class Event:
    """The running totals of an event that `pair_round` reads."""

    def __init__(self, players: int, seats: int, seed: int, min_seats: int = 2):
        self.seats = seats
        self.min_seats = min_seats
        self.seed = seed
        self.rng = random.Random(f"results:{seed}")
        self.keys = [f"p{number:03d}" for number in range(players)]
        self.rating = {key: self.rng.gauss(25.0, 8.0) for key in self.keys}
        self.points = dict.fromkeys(self.keys, 0.0)
        self.met: dict[str, Counter] = {key: Counter() for key in self.keys}
        self.byes = dict.fromkeys(self.keys, 0)
        self.first = dict.fromkeys(self.keys, 0)
        self.rounds = 0
        self.slowest = 0.0  # seconds, the longest `pair_round` of the event
        self.ranges: list[float] = []  # each table's highest points less its lowest, as paired
        self.ideal_ranges: list[float] = []  # the same for tables cut from the points in order

    def entrants(self) -> list[Entrant]:
        return [
            Entrant(
                key, self.points[key], dict(self.met[key]), self.byes[key], self.first[key], self.rating[key]
            )
            for key in self.keys
        ]

    def pair(self):
        entrants = self.entrants()
        start = time.perf_counter()
        paired = pair_round(entrants, self.seats, self.min_seats, f"{self.seed}:{self.rounds}")
        self.slowest = max(self.slowest, time.perf_counter() - start)
        seated = sorted((self.points[key] for table in paired.tables for key in table), reverse=True)
        start = 0
        for table in paired.tables:
            self.ranges.append(
                max(self.points[key] for key in table) - min(self.points[key] for key in table)
            )
            cut = seated[start : start + len(table)]
            self.ideal_ranges.append(cut[0] - cut[-1])
            start += len(table)
        return paired

    def play(self) -> None:
        """One round: paired, played to a random finish at every table, and counted."""
        paired = self.pair()
        for table in paired.tables:
            ranks = _random_ranks(len(table), self.rng)
            for key, points in zip(table, placement_points(ranks), strict=True):
                self.points[key] += points
            self.first[table[0]] += 1
            for key in table:
                for other in table:
                    if other != key:
                        self.met[key][other] += 1
        for key in paired.byes:
            self.byes[key] += 1
            self.points[key] += bye_points(self.seats)
        self.rounds += 1

    def repeated_pairs(self) -> int:
        return sum(
            max(0, times - 1) for key in self.keys for other, times in self.met[key].items() if key < other
        )


def _random_ranks(seats: int, rng: random.Random) -> list[int]:
    strength = [rng.random() for _ in range(seats)]
    if rng.random() < 0.1:  # now and then two seats tie
        a, b = rng.sample(range(seats), 2)
        strength[b] = strength[a]
    return [1 + sum(1 for other in strength if other > mine) for mine in strength]


def play_event(players: int, seats: int, rounds: int, seed: int) -> Event:
    event = Event(players, seats, seed)
    for _ in range(rounds):
        event.play()
    return event


def repeated_pairs(players: int, seats: int, rounds: int, seed: int) -> int:
    return play_event(players, seats, rounds, seed).repeated_pairs()


def pairing_time(players: int, seats: int, before: int, seed: int) -> float:
    """Seconds to pair the round after `before` played rounds."""
    event = Event(players, seats, seed)
    for _ in range(before):
        event.play()
    entrants = event.entrants()
    start = time.perf_counter()
    pair_round(entrants, seats, 2, f"{seed}:{before}")
    return time.perf_counter() - start


CASES = [  # players, seats, rounds, target
    (16, 4, 4, 3.95),
    (24, 4, 5, 3.15),
    (40, 4, 5, 0.0),
    (16, 4, 5, None),
    (15, 4, 4, None),
    (16, 4, 8, None),
    (12, 3, 8, None),
    (9, 2, 8, None),
    (10, 2, 12, None),
    (20, 2, 7, None),
]


def fewest_repeats(players: int, seats: int, rounds: int) -> int:
    """A floor under any schedule: the meetings of pairs beyond the number of pairs (tables all full)."""
    meetings = rounds * (players // seats) * seats * (seats - 1) // 2
    return max(0, meetings - players * (players - 1) // 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--timings", type=int, default=9)
    args = parser.parse_args()
    for players, seats, rounds, target in CASES:
        events = [play_event(players, seats, rounds, seed) for seed in range(args.runs)]
        counts = [event.repeated_pairs() for event in events]
        aim = f"target <= {target}" if target is not None else "no target"
        if players % seats == 0:
            aim += f", floor {fewest_repeats(players, seats, rounds)}"
        print(
            f"{players} players in {seats}s over {rounds} rounds: repeated pairs mean "
            f"{statistics.mean(counts):.2f}, max {max(counts)}, none in {counts.count(0)} of {args.runs} "
            f"({aim}); points range at a table {statistics.mean(r for e in events for r in e.ranges):.3f} "
            f"(cut in order: {statistics.mean(r for e in events for r in e.ideal_ranges):.3f}); "
            f"slowest round {max(event.slowest for event in events) * 1000:.0f} ms"
        )
    for before in (0, 4):
        times = [pairing_time(256, 4, before, seed) for seed in range(args.timings)]
        print(
            f"256 players in 4s, round {before + 1}: median {statistics.median(times) * 1000:.1f} ms "
            f"(slowest {max(times) * 1000:.1f} ms, {args.timings} runs)"
        )
    times = [pairing_time(256, 2, 6, seed) for seed in range(args.timings)]
    print(
        f"256 players in 2s, round 7: median {statistics.median(times) * 1000:.1f} ms "
        f"(slowest {max(times) * 1000:.1f} ms, {args.timings} runs)"
    )


if __name__ == "__main__":
    main()

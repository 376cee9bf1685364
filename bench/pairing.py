"""Swiss pairing (bot/core/pairing.py): repeated opponents over whole events, and the time to pair.

    .venv/bin/python bench/pairing.py [--runs 20] [--timings 9]

An event is simulated round by round: `pair_round` seats the players, each table ends in a seeded
random order (a tie for a place now and then), placement points are added (a win 1, a bye worth
`bye_points`), and the meetings, byes and first seats are counted as an event would. Ratings are
drawn once per run, so the first round has an order to go by.

Repeated pairs: at the end of an event, every pair of players who sat at the same table more than
once counts once per meeting after the first (twice met: 1, three times: 2), summed over all
pairs. The figure is the mean over `--runs` events with seeds 0, 1, ... The targets: 16 players in
fours over 4 rounds at most 3.95, 24 over 5 at most 3.15, 40 over 5 none. A schedule with no repeat
at all exists for 16 in fours over 4 and over 5 rounds (the parallel classes of the affine plane of
order 4) and for 24 over 5 (a resolvable design is not needed for 5 rounds of 24; 5 rounds of
4-tables meet 15 of 23), so those rows are compared against 0.

The time is that of one `pair_round` for 256 players in fours in the fifth round of such an event
(the hardest: the most meetings to avoid), and in the first, the median of `--timings` runs.

Measured (2 cores shared with other work, Python 3.11):
FIGURES
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

    def entrants(self) -> list[Entrant]:
        return [
            Entrant(
                key, self.points[key], dict(self.met[key]), self.byes[key], self.first[key], self.rating[key]
            )
            for key in self.keys
        ]

    def pair(self):
        return pair_round(self.entrants(), self.seats, self.min_seats, f"{self.seed}:{self.rounds}")

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


def repeated_pairs(players: int, seats: int, rounds: int, seed: int) -> int:
    event = Event(players, seats, seed)
    for _ in range(rounds):
        event.play()
    return event.repeated_pairs()


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
    (9, 2, 8, None),
    (20, 2, 7, None),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--timings", type=int, default=9)
    args = parser.parse_args()
    for players, seats, rounds, target in CASES:
        start = time.perf_counter()
        counts = [repeated_pairs(players, seats, rounds, seed) for seed in range(args.runs)]
        took = time.perf_counter() - start
        aim = f"target <= {target}" if target is not None else "no target"
        print(
            f"{players} players in {seats}s over {rounds} rounds: repeated pairs mean "
            f"{statistics.mean(counts):.2f}, max {max(counts)}, none in {counts.count(0)} of {args.runs} "
            f"({aim}; {took / args.runs * 1000:.0f} ms an event)"
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

"""Acceptance figures of Grow Sky: random playouts, the heuristic player, pictures, the service.

    .venv/bin/python -m bench.growsky_bench [--playouts N] [--ai-games N] [--repeat R]

- N random games per player count finish with every invariant checked after every move
  (cubes, parts and route tiles conserved; no unsupported part), then the speed of random
  4-player playouts (legal_moves + play, no checks) as a median of R runs;
- the heuristic player in one seat against three random players, 4-player games: win rate;
- the public picture: median and p95 time, PNG sizes, along heuristic games;
- a human `/move` through the service with SQLite on disk, without and with the picture.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import pct, playout_rate, render_times, service_times, views_along_a_game  # noqa: E402
from games.growsky import GAME  # noqa: E402
from tests.games.test_growsky_helpers import check_invariants, random_playout  # noqa: E402


def checked_playouts(games: int) -> None:
    for players in (2, 3, 4):
        start = time.perf_counter()
        moves = rounds = 0
        for seed in range(games):
            options = {"advanced": seed % 3 == 0, "instant": seed % 5 == 0}
            game, n = random_playout(players, 50_000 * players + seed, check=check_invariants, options=options)
            assert game.outcome() is not None
            moves += n
            rounds += game.round
        seconds = time.perf_counter() - start
        print(f"  {players} players: {games} checked random games finished in {seconds:.1f} s "
              f"({moves / games:.0f} moves, {rounds / games:.1f} rounds a game)")


def ai_against_random(games: int) -> float:
    wins = 0
    for i in range(games):
        seed, ai_seat = 9000 + i, i % 4
        game = GAME.new(4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            move = game.ai_move(seat, rng) if seat == ai_seat else rng.choice(game.legal_moves(seat))
            game.play(seat, move)
        wins += game.outcome().ranks[ai_seat] == 1
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--ai-games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("Grow Sky")
    if args.playouts:
        checked_playouts(args.playouts)
    rates = [playout_rate(GAME, 4, 50, 1000 * r) for r in range(args.repeat)]
    print(f"  random 4-player playouts: {statistics.median(rates):,.0f} moves/s "
          f"(median of {args.repeat} runs of 50 games; runs {', '.join(f'{r:,.0f}' for r in rates)})")
    if args.ai_games:
        start = time.perf_counter()
        rate = ai_against_random(args.ai_games)
        print(f"  heuristic player vs 3 random players: wins {rate:.1%} of {args.ai_games} 4-player games "
              f"({time.perf_counter() - start:.0f} s)")
    names = [f"Player {i + 1}" for i in range(4)]
    views = views_along_a_game(GAME, 4, seed=7) + views_along_a_game(GAME, 2, seed=3)
    times, sizes = render_times("growsky", views, names)
    print(f"  render: median {statistics.median(times) * 1000:.1f} ms, p95 {pct(times, 0.95) * 1000:.1f} ms, "
          f"PNG median {statistics.median(sizes) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB ({len(views)} views)")
    for draw in (False, True):
        runs = [asyncio.run(service_times("growsky", 4, seed=r + 1, draw=draw)) for r in range(args.repeat)]
        flat = [t for run in runs for t in run]
        label = "with the picture" if draw else "without the picture"
        print(f"  service /move {label}: median {statistics.median(flat) * 1000:.2f} ms, "
              f"p95 {pct(flat, 0.95) * 1000:.2f} ms ({len(flat)} moves)")


if __name__ == "__main__":
    main()

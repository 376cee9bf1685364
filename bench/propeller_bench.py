"""Propeller Islands figures: random games with invariants, playout speed, the AI against random
players, the picture, and a /move through the service.

    .venv/bin/python bench/propeller_bench.py [--playouts 1000] [--ai-games 200] [--repeat 3]

Figures are medians over repeated runs; nothing here asserts a time.
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
from games.propeller import GAME  # noqa: E402
from tests.games.test_propeller_playouts import random_game  # noqa: E402


def checked_playouts(players: int, games: int) -> tuple[int, float]:
    """Random games with every invariant and the independent final count; (moves, seconds)."""
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        _, count = random_game(players, 50_000 + seed, check_every=10)
        moves += count
    return moves, time.perf_counter() - start


def ai_against_random(games: int, players: int = 4) -> tuple[int, float]:
    """The heuristic player in one seat (it moves round the table) against random players."""
    wins = 0
    margins = []
    for index in range(games):
        game = GAME.new(players, {}, 70_000 + index)
        rng = random.Random(index)
        ai_seat = index % players
        while not game.is_over():
            seat = rng.choice(game.to_act())
            move = game.ai_move(seat, rng) if seat == ai_seat else rng.choice(game.legal_moves(seat))
            game.play(seat, move)
        outcome = game.outcome()
        wins += outcome.ranks[ai_seat] == 1
        margins.append(outcome.scores[ai_seat] - max(s for i, s in enumerate(outcome.scores) if i != ai_seat))
    return wins, statistics.median(margins)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=100, help="checked random games per player count")
    parser.add_argument("--ai-games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for players in (2, 3, 4):
        moves, seconds = checked_playouts(players, args.playouts)
        print(f"{players} players: {args.playouts} random games with invariants finished, {moves / args.playouts:.0f} "
              f"moves a game, {seconds:.1f} s")
    rates = [playout_rate(GAME, 4, 20, 1000 * r) for r in range(args.repeat)]
    print(f"random playouts, 4 players: {statistics.median(rates):,.0f} moves/s (median of {args.repeat} runs of 20)")
    names = [f"Player {i + 1}" for i in range(4)]
    views = views_along_a_game(GAME, 4, seed=7)
    times, sizes = render_times("propeller", views, names)
    print(f"render: median {statistics.median(times) * 1000:.1f} ms, p95 {pct(times, 0.95) * 1000:.1f} ms, "
          f"PNG median {statistics.median(sizes) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB ({len(views)} views)")
    runs = [asyncio.run(service_times("propeller", 4, seed=r + 1, draw=False)) for r in range(args.repeat)]
    flat = [t for run in runs for t in run]
    print(f"service /move without picture: median {statistics.median(flat) * 1000:.2f} ms, "
          f"p95 {pct(flat, 0.95) * 1000:.2f} ms ({len(flat)} moves)")
    if args.ai_games:
        wins, margin = ai_against_random(args.ai_games)
        print(f"AI vs 3 random players: won {wins} of {args.ai_games} ({100 * wins / args.ai_games:.1f} %), "
              f"median margin {margin:+.0f} points")


if __name__ == "__main__":
    main()

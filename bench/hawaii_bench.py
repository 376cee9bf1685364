"""Speed and strength of Age of Steam: Hawaiian Islands.

    .venv/bin/python -m bench.hawaii_bench [deals] [workers]

Prints random-playout speed, the solver's win rate and time per deal for each difficulty,
and the median time to draw the board.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from multiprocessing import Pool

from games.hawaii import GAME, ai


def playout_speed(games: int = 300) -> tuple[float, float]:
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        game = GAME.new(1, {"difficulty": ("easy", "standard", "very_hard")[seed % 3]}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.play(0, rng.choice(game.legal_moves(0)))
            moves += 1
    seconds = time.perf_counter() - start
    return moves / seconds, games / seconds


def _solve(args: tuple[str, int]) -> tuple[bool, float, int]:
    difficulty, seed = args
    result = ai.solve(seed, difficulty)
    return result.won, result.seconds, result.details["route_cubes_left"]


def solver_rates(deals: int, workers: int) -> None:
    for difficulty in ("easy", "standard", "very_hard"):
        jobs = [(difficulty, seed) for seed in range(deals)]
        with Pool(workers) as pool:
            results = pool.map(_solve, jobs, chunksize=4)
        wins = sum(1 for won, _s, _l in results if won)
        times = [s for _w, s, _l in results]
        left = statistics.mean(left for _w, _s, left in results)
        print(f"solver {difficulty:>9}: {wins}/{deals} won ({100 * wins / deals:.1f}%), "
              f"{statistics.median(times):.2f} s median / {max(times):.2f} s max per deal, "
              f"{left:.2f} route cubes left on average", flush=True)


def render_median(samples: int = 15) -> float:
    from render.hawaii import draw

    result = ai.solve(1003, "standard", beams=(1,))
    game = GAME.new(1, {"difficulty": "standard"}, seed=1003)
    for move in result.moves[: len(result.moves) // 2]:
        game.play(0, move)
    view = game.view(None)
    draw(view, ["Ann"])
    times = []
    for _ in range(samples):
        t = time.perf_counter()
        draw(view, ["Ann"])
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    per_move, per_game = playout_speed()
    print(f"random playouts: {per_move:,.0f} moves/s, {per_game:,.0f} games/s", flush=True)
    print(f"render median: {render_median():.1f} ms", flush=True)
    solver_rates(deals, workers)


if __name__ == "__main__":
    main()

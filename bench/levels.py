"""How the computer levels fare against each other, over many 2-player games with seats rotated.

    .venv/bin/python bench/levels.py GAME [--games 200] [--budget 0.05] [--pairs hard:normal,normal:easy,easy:random]
        [--workers 2]

Each pairing plays `games` games from different seeds; the first level sits first in half of
them. "Ahead" counts the games where the first level finishes with the better rank; a shared
rank counts half. `random` picks uniformly among the legal moves. A game that has not ended after
`--cap` moves is judged by the game's own estimate of the standing (said in the output).
The hard player's thinking time per move is capped at `--budget` seconds here (2 s at most in
play); the time it actually took per move is printed beside the figure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.levels import choose, standing  # noqa: E402


def one_game(key: str, first: str, second: str, seed: int, budget: float, cap: int) -> tuple[float, bool, list[float]]:
    """(share of the game won by `first`: 1, 0.5 or 0; whether the game hit the cap; seconds of
    each hard move)."""
    cls = registry.get(key)
    game = cls.new(2, {}, seed)
    rng = random.Random(seed)
    swap = seed % 2 == 1  # seats rotated: every other game the first level sits second
    levels = [second, first] if swap else [first, second]
    mine = 1 if swap else 0
    thinking: list[float] = []
    for _ in range(cap):
        acting = game.to_act()
        if not acting:
            break
        seat = acting[0]
        level = levels[seat]
        if level == "random":
            move = rng.choice(game.legal_moves(seat))
        else:
            start = time.perf_counter()
            move = choose(game, seat, level, rng, budget)
            if level == "hard":
                thinking.append(time.perf_counter() - start)
        game.play(seat, move)
    outcome = game.outcome()
    if outcome is None:
        mark = standing(game, mine)
        return (1.0 if mark > 0 else 0.5 if mark == 0 else 0.0), True, thinking
    ranks = outcome.ranks
    other = 1 - mine
    won = 1.0 if ranks[mine] < ranks[other] else 0.5 if ranks[mine] == ranks[other] else 0.0
    return won, False, thinking


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.05)
    parser.add_argument("--pairs", default="hard:normal,normal:easy,easy:random")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cap", type=int, default=3000)
    args = parser.parse_args()
    for pair in args.pairs.split(","):
        first, second = pair.split(":")
        start = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as pool:
            jobs = [pool.submit(one_game, args.game, first, second, 10_000 + n, args.budget, args.cap)
                    for n in range(args.games)]
            results = [job.result() for job in jobs]
        ahead = sum(r for r, _, _ in results)
        capped = sum(1 for _, c, _ in results if c)
        thinking = sorted(t for _, _, times in results for t in times)
        hard = ""
        if thinking:
            median, p95 = thinking[len(thinking) // 2], thinking[int(0.95 * (len(thinking) - 1))]
            hard = (f"; hard thought {1000 * median:.0f} ms a move (median), p95 {1000 * p95:.0f} ms, "
                    f"max {1000 * thinking[-1]:.0f} ms, budget {args.budget} s")
        print(f"{args.game}: {first} ahead of {second} in {100 * ahead / args.games:.1f}% of {args.games} games "
              f"(seats rotated{hard}; {capped} judged at the {args.cap}-move cap; "
              f"{time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

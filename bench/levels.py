"""How the computer levels fare against each other, over many 2-player games with seats rotated.

    .venv/bin/python bench/levels.py GAME [--games 200] [--budget 0.05] [--pairs hard:normal,normal:easy,easy:random]
        [--workers 2]

Each pairing plays `games` games from different seeds; the first level sits first in half of
them. "Ahead" counts the games where the first level finishes with the better rank; a shared
rank counts half. `random` picks uniformly among the legal moves. A game that has not ended after
`--cap` moves is judged by the game's own estimate of the standing (said in the output).
The hard player's thinking time per move is `--budget` seconds here (2 s at most in play).
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


def one_game(key: str, first: str, second: str, seed: int, budget: float, cap: int) -> tuple[float, bool]:
    """(share of the game won by `first`: 1, 0.5 or 0; whether the game hit the cap)."""
    cls = registry.get(key)
    game = cls.new(2, {}, seed)
    rng = random.Random(seed)
    swap = seed % 2 == 1  # seats rotated: every other game the first level sits second
    levels = [second, first] if swap else [first, second]
    mine = 1 if swap else 0
    for _ in range(cap):
        acting = game.to_act()
        if not acting:
            break
        seat = acting[0]
        level = levels[seat]
        if level == "random":
            move = rng.choice(game.legal_moves(seat))
        else:
            move = choose(game, seat, level, rng, budget)
        game.play(seat, move)
    outcome = game.outcome()
    if outcome is None:
        mark = standing(game, mine)
        return (1.0 if mark > 0 else 0.5 if mark == 0 else 0.0), True
    ranks = outcome.ranks
    other = 1 - mine
    return (1.0 if ranks[mine] < ranks[other] else 0.5 if ranks[mine] == ranks[other] else 0.0), False


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
        ahead = sum(r for r, _ in results)
        capped = sum(1 for _, c in results if c)
        print(f"{args.game}: {first} ahead of {second} in {100 * ahead / args.games:.1f}% of {args.games} games "
              f"(seats rotated; hard budget {args.budget} s a move; {capped} judged at the {args.cap}-move cap; "
              f"{time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

"""What seeding a computer seat's generator costs, per computer move, in every game.

    .venv/bin/python bench/computer_seed.py [GAME ...] [--repeat 5] [--every 3]

`seat's view`: `bot.core.service.position_rng`, the table's seed and the seat's view hashed.
`whole state`: the key it replaced, the whole `dump()` hashed (every hidden hand and the dice to
come in it). `normal move`: the game's heuristic player choosing with that generator, for scale.
Positions are those of a heuristic playout at the largest table, every `--every` plies, with the
seat to act; microseconds, the median over the positions, then the median over `--repeat` runs.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.service import position_rng  # noqa: E402
from games import registry  # noqa: E402
from games.base import Game  # noqa: E402

SEED = 1234


def whole_state_rng(seed: int, game: Game, seat: int) -> random.Random:
    """The key before: the whole state, hidden cards included."""
    digest = hashlib.sha256(f"{seed}:{json.dumps(game.dump(), sort_keys=True)}".encode()).hexdigest()
    return random.Random(digest)


def positions(cls: type[Game], players: int, every: int) -> list[tuple[Game, int]]:
    game, rng, plies, spots = cls.new(players, {}, SEED), random.Random(SEED), 0, []
    while not game.is_over():
        seat = game.to_act()[0]
        if plies % every == 0:
            spots.append((game.copy(), seat))
        game.play(seat, game.ai_move(seat, rng))
        plies += 1
    return spots


def median_us(spots: list[tuple[Game, int]], work: Callable[[Game, int], object]) -> float:
    times = []
    for game, seat in spots:
        began = time.perf_counter()
        work(game, seat)
        times.append(time.perf_counter() - began)
    return 1e6 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    print("| game | positions | seat's view (µs) | whole state (µs) | ratio | normal move (µs) | key size (chars): view / state |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for key in args.games or registry.available():
        cls = registry.get(key)
        spots = positions(cls, cls.max_players, args.every)
        runs = {"view": [], "state": [], "move": []}
        for _ in range(args.repeat):
            runs["view"].append(median_us(spots, lambda g, s: position_rng(SEED, g, s).random()))
            runs["state"].append(median_us(spots, lambda g, s: whole_state_rng(SEED, g, s).random()))
            runs["move"].append(median_us(spots, lambda g, s: g.ai_move(s, random.Random(s))))
        view, state = statistics.median(runs["view"]), statistics.median(runs["state"])
        move = statistics.median(runs["move"])
        sizes = [(len(json.dumps(g.view(s), sort_keys=True, separators=(",", ":"))), len(json.dumps(g.dump())))
                 for g, s in spots]
        size_view = statistics.median(v for v, _ in sizes)
        size_state = statistics.median(d for _, d in sizes)
        print(f"| {key} | {len(spots)} | {view:.0f} | {state:.0f} | {view / state:.2f} | {move:.0f} | "
              f"{size_view:.0f} / {size_state:.0f} |")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

"""How Ramparts' computer levels fare against each other, on pre-declared seeds in whole seating
blocks.

    .venv/bin/python bench/ramparts_levels.py --pair hard:normal --players 3 --seeds 61000-61033
        [--budget 1.5] [--workers 1] [--log bench/results/ramparts-hard-normal-3.jsonl]
    .venv/bin/python bench/ramparts_levels.py --summary bench/results/ramparts-hard-normal-3.jsonl

The seeds are given before a run and each is played as a whole block: every rotation of the
seats, and at an odd count both ways of sharing them (the first level in the smaller half and in
the larger), so every seat and every share of seats counts alike: 4 games a seed at 4 players,
6 at 3, 2 at 2. "Ahead" is bench/levels.py's: the share of games the first level's seats won (a
shared first place split), where 50 % is what two equal levels score, with its 95 % interval;
the hard player's time per move is printed beside it (median, 95th percentile, maximum). A game
not over after `--cap` moves is judged by the game's estimate, as there. Each finished game is
appended to the log as it ends, so a run cut short still tells what it played; `--summary`
reads the figures of every pairing a log holds, with the seeds and games they rest on.

The seeds of the figures the levels are shipped with, declared before they were played: seeds
70000-70033 at 3 players (34 blocks, 204 games) and 80000-80049 at 4 players (50 blocks, 200
games), for hard against normal and for normal against easy, budget 1.5 s, each run one process
on two cores shared with other work. Their logs, one line a game:
bench/results/ramparts-hard-normal-3.jsonl, ramparts-hard-normal-4.jsonl,
ramparts-normal-easy-3.jsonl and ramparts-normal-easy-4.jsonl. The four-player hard run was
split late over two processes (seeds 80030-80049 in the second); the first played 80030-80034
again before it was stopped, and the summary counts each game once (the first played: 19 of the
20 replays ended alike, one not, for under load the search's time limit cut a decision short).
Figures: hard ahead of normal 74.5% (±6.0) of 204 and 82.0% (±5.3) of 200 games at 3 and 4
players; normal ahead of easy 63.7% (±6.6) of 204 and 63.0% (±6.7) of 200.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.levels import figure  # noqa: E402
from games import registry  # noqa: E402
from games.levels import choose, standing  # noqa: E402

OPTIONS = {"ramparts": "on"}


def block(players: int) -> list[tuple[int, int]]:
    """(seats the first level holds, rotation) of every game of a seed's block."""
    shares = sorted({players // 2, players - players // 2})
    return [(held, turn) for held in shares for turn in range(players)]


def seating(players: int, first: str, second: str, held: int, turn: int) -> list[str]:
    return [first if (seat - turn) % players < held else second for seat in range(players)]


def one_game(first: str, second: str, seed: int, players: int, held: int, turn: int, budget: float,
             cap: int) -> dict:
    game = registry.get("pioneers").new(players, dict(OPTIONS), seed)
    rng = random.Random(seed * 31 + turn)
    levels = seating(players, first, second, held, turn)
    thinking: list[float] = []
    for _ in range(cap):
        acting = game.awaited_answers() or game.to_act()
        if not acting:
            break
        seat = acting[0]
        start = time.perf_counter()
        move = choose(game, seat, levels[seat], rng, budget)
        if levels[seat] == "hard":
            thinking.append(round(time.perf_counter() - start, 4))
        if move not in game.legal_moves(seat):
            raise AssertionError(f"seed {seed}: {levels[seat]} chose an illegal move {move!r}")
        game.play(seat, move)
    outcome = game.outcome()
    if outcome is None:
        marks = [standing(game, seat) for seat in range(players)]
        winners = [seat for seat in range(players) if marks[seat] == max(marks)]
    else:
        winners = [seat for seat in range(players) if outcome.ranks[seat] == min(outcome.ranks)]
    share = sum(levels[seat] == first for seat in winners) / len(winners)
    return {"first": first, "second": second, "players": players, "seed": seed, "held": held, "turn": turn,
            "share": share, "capped": outcome is None, "thinking": thinking, "budget": budget, "cap": cap}


def summary(path: str) -> None:
    tables: dict[tuple, list[dict]] = defaultdict(list)
    with open(path, encoding="utf-8") as log:
        for line in log:
            row = json.loads(line)
            tables[(row["players"], row["first"], row["second"])].append(row)
    for (players, first, second), rows in sorted(tables.items()):
        # only whole blocks count: a seed whose block was cut short is left out
        per_seed: dict[int, list[dict]] = defaultdict(list)
        seen = set()
        for row in rows:  # a game played twice (two processes over the same seeds) counts once: the first
            game = (row["seed"], row["held"], row["turn"])
            if game not in seen:
                seen.add(game)
                per_seed[row["seed"]].append(row)
        whole = [row for seed_rows in per_seed.values() if len(seed_rows) == len(block(players)) for row in seed_rows]
        if not whole:
            continue
        seeds = sorted({row["seed"] for row in whole})
        print(figure(f"ramparts, {players} players", first, second, [row["share"] for row in whole],
                     sum(row["capped"] for row in whole), [t for row in whole for t in row["thinking"]],
                     whole[0]["budget"], whole[0]["cap"])
              + f"; {len(seeds)} seeds in whole blocks, {seeds[0]}-{seeds[-1]}")
        times = sorted(t for row in whole for t in row["thinking"])
        if times:
            print(f"  hard moves: {len(times)}, under 0.5 s {100 * sum(t < 0.5 for t in times) / len(times):.1f}%, "
                  f"over 2 s {sum(t > 2 for t in times)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pair", default="hard:normal")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seeds", default="61000-61009", help="first-last, declared before the run")
    parser.add_argument("--budget", type=float, default=1.5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cap", type=int, default=4000)
    parser.add_argument("--log")
    parser.add_argument("--summary")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    first, second = args.pair.split(":")
    low, high = (int(x) for x in args.seeds.split("-"))
    games = [(seed, held, turn) for seed in range(low, high + 1) for held, turn in block(args.players)]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(one_game, first, second, seed, args.players, held, turn, args.budget, args.cap)
                for seed, held, turn in games]
        for job in as_completed(jobs):
            row = job.result()
            results.append(row)
            if args.log:
                with open(args.log, "a", encoding="utf-8") as log:
                    log.write(json.dumps(row) + "\n")
    print(figure(f"ramparts, {args.players} players", first, second, [r["share"] for r in results],
                 sum(r["capped"] for r in results), [t for r in results for t in r["thinking"]], args.budget,
                 args.cap) + f"; seeds {low}-{high}; {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()

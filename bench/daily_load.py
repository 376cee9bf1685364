"""A /move's latency (with its board picture) while daily deals are being solved.

    .venv/bin/python bench/daily_load.py [--solves 0 3 8] [--moves 40] [--runs 3] [--before]

For each number of solves kept running at once, plays `--moves` moves of Hawaiian Islands
through the table service with pictures on (a new table whenever one ends) and reports the
median and p99 of the time from the call to the reply with its picture, as the adapter would
post it, plus the time of a move's autocomplete. Each figure is the median over `--runs` runs.

Solves run as the daily challenge runs them: in the solver's worker processes
(ISLES_SOLVER_WORKERS, 1 by default). `--before` runs them the way they used to run, on threads
of the bot's own process, with pictures drawn on the same default thread pool, to compare.
The machine is shared: expect noise, and compare figures taken in one sitting.

Measured on the 2-core machine while other work kept its load average near 14 (so absolute
times are inflated; the ratios are the point), medians of runs of 20-30 moves:

    solves asked   before (threads): median / p99    after (1 worker process): median / p99
    0              129 / 203 ms                      184 / 292 ms
    3              2,507 / 3,557 ms                  261 / 361 ms
    8              9,208 / 14,687 ms                 207 / 380 ms
    autocomplete   up to 579-674 ms with solves      up to 17 ms

After, the solves asked wait for the one worker, so only one runs at a time; before, all ran
at once on threads of the bot's process.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bot.core.composing as composing_module  # noqa: E402  (where replies draw their pictures)
from bot.core.replies import Caller  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from bot.features.daily import hawaii_solver  # noqa: E402
from bot.features.solving import SolverPool  # noqa: E402
from db.store import Store  # noqa: E402
from games import registry  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def keep_solving(stop: asyncio.Event, before: bool, pool: SolverPool | None, first_seed: int) -> int:
    """Solve deal after deal until told to stop; how many were solved."""
    done = 0
    seed = first_seed
    while not stop.is_set():
        if before:
            await asyncio.to_thread(hawaii_solver, seed, "standard")
        else:
            await pool.run(hawaii_solver, seed, "standard")
        done += 1
        seed += 1000
    return done


async def play_moves(service: TableService, moves: int, seed: int) -> tuple[list[float], list[float]]:
    """(move latencies, autocomplete latencies) in seconds."""
    rng = random.Random(seed)
    caller = Caller(1, 10_000 + seed, 1, "Ann")
    latencies, suggests = [], []
    table = 0
    while len(latencies) < moves:
        here = Caller(1, caller.channel_id + table, 1, "Ann")
        await service.handle(here, "open", {"game": "hawaii", "options": "difficulty=standard"})
        await service.handle(here, "start")
        while len(latencies) < moves:
            start = time.perf_counter()
            legal = await service.suggest_moves(here, "")
            suggests.append(time.perf_counter() - start)
            if not legal:
                break
            move = rng.choice(legal)
            start = time.perf_counter()
            reply = await service.handle(here, "move", {"move": move})
            latencies.append(time.perf_counter() - start)
            assert reply.ok and reply.image, reply.private
            await asyncio.sleep(0.05)  # players do not all move in the same millisecond
        table += 1
    return latencies, suggests


async def one_run(solves: int, moves: int, before: bool, pool: SolverPool | None, run: int) -> tuple:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(os.path.join(folder, "bench.db"))
        service = TableService(store, draw_images=True)
        stop = asyncio.Event()
        workers = [asyncio.create_task(keep_solving(stop, before, pool, 1 + n + 100 * run)) for n in range(solves)]
        await asyncio.sleep(1.0 if solves else 0)  # the solves are under way
        latencies, suggests = await play_moves(service, moves, run)
        stop.set()
        await asyncio.gather(*workers)
        await store.close()
    return statistics.median(latencies), pct(latencies, 0.99), max(suggests)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--solves", type=int, nargs="+", default=[0, 3, 8])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", action="store_true", help="solves on threads, pictures on the default pool")
    args = parser.parse_args()
    registry.get("hawaii")
    pool = None if args.before else SolverPool.from_env()
    if args.before:
        async def draw_on_default_pool(draw, *values):
            return await asyncio.to_thread(draw, *values)

        composing_module.draw_off_loop = draw_on_default_pool
    how = "before: solves on threads of the bot's process" if args.before else (
        f"after: solves in {pool.workers} worker process(es)")
    print(f"{how}; {args.moves} moves a run, median of {args.runs} runs; {os.cpu_count()} cores (shared)")
    try:
        if pool is not None:
            await pool.run(hawaii_solver, 1, "easy")  # the worker is started before timing
        for solves in args.solves:
            figures = [await one_run(solves, args.moves, args.before, pool, run) for run in range(args.runs)]
            median = statistics.median(f[0] for f in figures)
            p99 = statistics.median(f[1] for f in figures)
            suggest = statistics.median(f[2] for f in figures)
            print(f"{solves} solves running: /move with picture median {median * 1000:.0f} ms, "
                  f"p99 {p99 * 1000:.0f} ms; autocomplete max {suggest * 1000:.0f} ms", flush=True)
    finally:
        if pool is not None:
            pool.close()


if __name__ == "__main__":
    asyncio.run(main())

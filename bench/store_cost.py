"""What the store itself costs, on SQLite and on PostgreSQL: a move's transaction, and the outbox.

    .venv/bin/python bench/store_cost.py [--moves 2000] [--posts 2000] [--repeat 3] [--store sqlite|postgres|both]

`move`: `Store.record_move` on a started table, one after another: the transaction that bumps
the version, refreshes the outbox draft and appends the move with the new state (a state of
about the size of a Pioneer's Isle game). Median and p99 of one transaction, in milliseconds.

`outbox`: posts sealed and marked sent as the sender does (seal and mark_sent: one statement
each), by 10 tasks at once; posts per second, and the sweep's query of due posts over a
backlog of that many pending rows.

PostgreSQL: a new database on ISLES_BENCH_PG (default postgresql://postgres@127.0.0.1:5432/postgres)
per run, dropped afterwards. Nothing here asserts a time; figures go to docs/operations.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import drop_store, fresh_store, pct  # noqa: E402
from db.outbox import OutboxStore  # noqa: E402
from db.store import Store  # noqa: E402

STATE = {"board": [[n % 7 for n in range(19)] for _ in range(19)], "hands": [list(range(12))] * 4,
         "log": ["road 12-13"] * 40, "seed": 123456789}  # about 3 KB of JSON, as a mid-game table


async def move_costs(target: str, moves: int) -> list[float]:
    store = await Store.open(target)
    try:
        now = datetime(2026, 1, 1, tzinfo=UTC)
        table = await store.create_table(guild_id=1, channel_id=10, game="pioneers", options={}, seed=1, host_id=5,
                                         host_name="A", now=now)
        version = await store.start(table, 0, {0: 0}, STATE, now)
        costs = []
        for n in range(moves):
            now += timedelta(seconds=1)
            began = time.perf_counter()
            version = await store.record_move(table, version, seat=0, user_id=5, move=f"road {n}", state=STATE,
                                              now=now)
            costs.append(time.perf_counter() - began)
        return costs
    finally:
        await store.close()


async def outbox_rate(target: str, posts: int) -> tuple[float, float]:
    """(posts sealed and sent per second, milliseconds of one sweep query over `posts` pending rows)."""
    store = await Store.open(target)
    try:
        outbox = OutboxStore.of(store)
        body = {"content": "Ann: `road 12-13`\nBen takes next.", "mentions": [2], "components": []}
        per_task = posts // 10

        async def sender(task: int) -> None:
            for n in range(per_task):
                row = await outbox.seal(table_id=None, version=None, channel_id=100 + task, body=body, now=n)
                await outbox.mark_sent(row, 10**18 + n, n)

        began = time.perf_counter()
        await asyncio.gather(*(sender(t) for t in range(10)))
        rate = per_task * 10 / (time.perf_counter() - began)
        for n in range(posts):  # a backlog: the server was away, every post waits
            await outbox.seal(table_id=None, version=None, channel_id=100 + n % 10, body=body, now=0)
        began = time.perf_counter()
        due = await outbox.due(10, limit=100)
        sweep = time.perf_counter() - began
        assert len(due) == min(100, posts)
        return rate, sweep * 1000
    finally:
        await store.close()


def one_run(kind: str, moves: int, posts: int, n: int) -> tuple[float, float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        target = asyncio.run(fresh_store(kind, tmp, 1000 + 2 * n))
        try:
            costs = asyncio.run(move_costs(target, moves))
        finally:
            asyncio.run(drop_store(target))
        target = asyncio.run(fresh_store(kind, tmp, 1001 + 2 * n))
        try:
            rate, sweep = asyncio.run(outbox_rate(target, posts))
        finally:
            asyncio.run(drop_store(target))
    return statistics.median(costs) * 1000, pct(costs, 0.99) * 1000, rate, sweep


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--posts", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--store", choices=("sqlite", "postgres", "both"), default="both")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    kinds = ("sqlite", "postgres") if args.store == "both" else (args.store,)
    print("| store | move transaction median | p99 | outbox posts sealed and sent per second | sweep query |")
    print("| --- | --- | --- | --- | --- |")
    for kind in kinds:
        runs = [one_run(kind, args.moves, args.posts, r) for r in range(args.repeat)]
        med = [statistics.median(r[i] for r in runs) for i in range(4)]
        print(f"| {kind} | {med[0]:.2f} ms | {med[1]:.2f} ms | {med[2]:.0f} | {med[3]:.1f} ms |", flush=True)
    print(f"medians of {args.repeat} runs; load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

"""Many tables at once through the table service, and the memory a table costs.

    .venv/bin/python bench/load.py load [--game pioneers] [--tables 30] [--seconds 20] [--repeat 3] [--no-images]
    .venv/bin/python bench/load.py memory [--tables 12000]

`load`: `--tables` tables move at once, each as fast as its players can: every turn is a
`/move` through `TableService.handle` (rules, the SQLite transaction with its outbox draft, the
board picture) followed by sealing its outbox post and marking it sent, as the Discord adapter
does. Reports turns per second and the latency of a turn (median, p99), medians over the runs.

`memory`: opens and finishes `--tables` tables (open, a computer player, start, resign) in
one process and reports how much the process grew (RSS, after a warm-up), and the service's
cache and lock counts at the end.

Nothing here asserts a time; figures go to docs/operations.md with the machine's load noted.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.extensions import install  # noqa: E402
from bot.posting import body_of  # noqa: E402
from bot.replies import Caller  # noqa: E402
from bot.service import TableService  # noqa: E402
from db.outbox import OutboxStore  # noqa: E402
from db.store import Store  # noqa: E402
from games import registry  # noqa: E402

GUILD = 1


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def open_table(service: TableService, game: str, channel: int, players: list[Caller]) -> int:
    host = players[0]
    reply = await service.handle(host, "open", {"game": game})
    assert reply.ok, reply.private
    for guest in players[1:]:
        assert (await service.handle(guest, "join")).ok
    reply = await service.handle(host, "start")
    assert reply.ok, reply.private
    return (await service.store.open_table(channel)).id


async def play_table(service: TableService, outbox: OutboxStore, game: str, channel: int, stop: float,
                     latencies: list[float], rng: random.Random) -> int:
    players = [Caller(GUILD, channel, channel * 10 + n, f"P{n}") for n in range(2)]
    by_user = {p.user_id: p for p in players}
    table = await open_table(service, game, channel, players)
    turns = 0
    loop = asyncio.get_running_loop()
    while loop.time() < stop:
        loaded = service._cache.get(table) or await service._table_by_id(table)
        if loaded.row.status != "active":
            table = await open_table(service, game, channel, players)
            continue
        seat = loaded.game.to_act()[0]
        user = loaded.by_seat(seat).user_id
        move = rng.choice(loaded.game.legal_moves(seat))
        began = loop.time()
        reply = await service.handle(by_user[user], "move", {"move": move})
        if reply.ok:  # the adapter's part of a post: seal the outbox row, mark it sent
            row = await outbox.seal(table_id=reply.table_id, version=reply.version, channel_id=channel,
                                    body=body_of(reply), now=int(time.time()))
            await outbox.mark_sent(row, None, int(time.time()))
            latencies.append(loop.time() - began)
            turns += 1
    return turns


async def load_run(game: str, tables: int, seconds: float, images: bool,
                   seed: int) -> tuple[float, float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "load.db"))
        try:
            service = TableService(store, draw_images=images, seeds=lambda: seed)
            install(service, prepare_daily=False)
            outbox = OutboxStore.of(store)
            latencies: list[float] = []
            loop = asyncio.get_running_loop()
            start, cpu = loop.time(), time.process_time()
            stop = start + seconds
            counts = await asyncio.gather(*(
                play_table(service, outbox, game, 1000 + n, stop, latencies, random.Random(seed + n))
                for n in range(tables)))
            elapsed, cpu = loop.time() - start, time.process_time() - cpu
        finally:
            await store.close()
    # turns per CPU-second of this process (all its threads): what the process can do with a core
    # of its own, whatever else the machine runs
    return sum(counts) / elapsed, statistics.median(latencies), pct(latencies, 0.99), sum(counts) / cpu


async def memory_run(count: int, game: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "memory.db"))
        try:
            service = TableService(store, draw_images=False)
            installed = install(service, prepare_daily=False)

            async def one(n: int) -> None:
                host = Caller(GUILD, 10_000 + n, 7, "Host")
                assert (await service.handle(host, "open", {"game": game})).ok
                assert (await service.handle(host, "addai")).ok
                assert (await service.handle(host, "start")).ok
                asked = await service.handle(host, "resign")  # it asks first, then the button confirms
                assert (await service.press(host, asked.buttons[0].custom_id)).ok

            warm = 300
            for n in range(warm):
                await one(n)
            await installed.timing.settle()
            gc.collect()
            base = rss_mib()
            began = time.perf_counter()
            for n in range(warm, warm + count):
                await one(n)
                if n % 2000 == 0:
                    print(f"  {n - warm} tables: RSS {rss_mib():.1f} MiB", flush=True)
            await installed.timing.settle()
            gc.collect()
            grown = rss_mib() - base
            took = time.perf_counter() - began
            print(f"memory: {count} tables of {game} opened and finished in {took:.0f} s; "
                  f"RSS grew {grown:.1f} MiB ({grown * 1024 / count:.2f} KiB a table) from {base:.1f} MiB; "
                  f"cache {len(service._cache)} tables, {len(service._locks)} locks")
        finally:
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("load", "memory"))
    parser.add_argument("--game", default="pioneers")
    parser.add_argument("--tables", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-images", action="store_true")
    args = parser.parse_args()
    registry.get(args.game)
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.what == "memory":
        asyncio.run(memory_run(args.tables or 12_000, args.game))
        return
    tables = args.tables or 30
    runs = [asyncio.run(load_run(args.game, tables, args.seconds, not args.no_images, 1 + r))
            for r in range(args.repeat)]
    for rate, median, p99, per_cpu in runs:
        print(f"  run: {rate:.1f} turns/s, latency median {median * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
              f"{per_cpu:.1f} turns per CPU-second")
    print(f"load: {args.game}, {tables} tables at once, images {'off' if args.no_images else 'on'}: "
          f"median of {len(runs)} runs: {statistics.median(r[0] for r in runs):.1f} turns/s, "
          f"latency median {statistics.median(r[1] for r in runs) * 1000:.0f} ms, "
          f"p99 {statistics.median(r[2] for r in runs) * 1000:.0f} ms, "
          f"{statistics.median(r[3] for r in runs):.1f} turns per CPU-second; "
          f"load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

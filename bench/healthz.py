"""How long /healthz and /metrics take to answer, on a store holding many tables and waiting posts.

    .venv/bin/python bench/healthz.py [--store sqlite|postgres] [--tables 2000] [--runs 300] [--away]

The operator's server (bot/adapters/web/operator.py) serves a service over a store filled with
`--tables` tables (half under way) and as many posts waiting in the outbox; a client on the same
machine asks each route `--runs` times over one kept-alive connection, the first few left out.
Prints the median and the 95th percentile in milliseconds. With `--away` (PostgreSQL only) the
store is reached through a relay on 127.0.0.1 that is cut before the requests: how long the 503
takes when the server refuses connections. The issue asks /healthz to answer within 100 ms;
nothing here asserts it.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapters.web.operator import OperatorServer  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from db.store import Store  # noqa: E402

WARM = 10


async def fill(store: Store, tables: int) -> None:
    async with store.conn.transaction():
        for number in range(tables):
            await store.conn.execute(
                "INSERT INTO tables (guild_id, channel_id, game, status, host_id, options, state, version, seed, "
                "created_at, updated_at) VALUES (1, ?, 'sticks', ?, 1, '{}', '{}', 1, 1, '2026-01-01', '2026-01-01')",
                (10_000 + number, "active" if number % 2 else "lobby"))
            await store.conn.execute(
                "INSERT INTO outbox (table_id, channel_id, version, first_move, state, body, attempts, next_at, "
                "created_at) VALUES (NULL, ?, NULL, 0, 'pending', '{}', 0, 0, ?)", (10_000 + number, 1_700_000_000))


async def timed(session: aiohttp.ClientSession, url: str, runs: int, status: int = 200) -> list[float]:
    times = []
    for run in range(runs + WARM):
        started = time.perf_counter()
        async with session.get(url) as answer:
            await answer.read()
            assert answer.status == status, answer.status
        if run >= WARM:
            times.append((time.perf_counter() - started) * 1000)
    return times


async def main(kind: str, tables: int, runs: int, away: bool) -> None:
    relay = None
    if kind == "postgres":
        from urllib.parse import urlsplit, urlunsplit

        from tests import pg
        from tests.test_postgres_outage import Relay

        target = await pg.create_database()
        parts = urlsplit(target)
        relay = Relay((parts.hostname, parts.port or 5432))
        await relay.start()
        user = f"{parts.username}@" if parts.username else ""
        store = await Store.open(urlunsplit((parts.scheme, f"{user}127.0.0.1:{relay.port}", parts.path, "", "")))
    else:
        target = str(Path(tempfile.mkdtemp()) / "bench.db")
        store = await Store.open(target)
    server = None
    try:
        await fill(store, tables)
        server = OperatorServer(TableService(store, draw_images=False), "127.0.0.1", 0)
        await server.start()
        if away:
            await relay.cut()
        async with aiohttp.ClientSession() as session:
            for route in ("healthz",) if away else ("healthz", "metrics"):
                times = sorted(await timed(session, f"http://127.0.0.1:{server.port}/{route}", runs,
                                           503 if away else 200))
                print(f"{kind:8} /{route:8} {tables} tables, {tables} waiting posts, {runs} runs"
                      f"{', the server away (503)' if away else ''}: "
                      f"median {statistics.median(times):.2f} ms, p95 {times[int(len(times) * 0.95)]:.2f} ms")
    finally:
        if server is not None:
            await server.stop()
        if away:
            await relay.start()
        await store.close()
        if relay is not None:
            await relay.cut()
            await pg.drop_database(target)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--away", action="store_true", help="PostgreSQL only: the server refuses connections")
    args = parser.parse_args()
    if args.away and args.store != "postgres":
        parser.error("--away needs --store postgres")
    asyncio.run(main(args.store, args.tables, args.runs, args.away))

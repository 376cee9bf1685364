"""A season's board from the store, for a server with many finished tables, on SQLite and PostgreSQL.

    .venv/bin/python bench/season_board.py [--tables 10000] [--players 300] [--repeat 9] [--store sqlite|postgres|both]

The store is filled through its own writers as the bot fills it: each table rated (rated_tables and
its people's rating_history, `RatingStore.record`) and scored (`SeasonStore.add_points`), 2 to 4
people a table over one calendar quarter, with a tenth as many tables in the quarter before. Then
`/leaderboard season:current` is answered `--repeat` times (the standings read from the store, ranked,
named and written as the reply's text; no picture, which render/'s own benchmarks measure): median,
best and worst in milliseconds, and the standings alone.

The issue's target: under 100 ms. PostgreSQL: a new database on ISLES_BENCH_PG (default
postgresql://postgres@127.0.0.1:5432/postgres) per run, dropped afterwards. Nothing here asserts a
time; the figures go in the branch's report and docs.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import drop_store, fresh_store  # noqa: E402
from bot.core.replies import Caller  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from bot.features.season import Seasons, points_rows  # noqa: E402
from db.ratings import OVERALL, HistoryRow, RatingRow, RatingStore  # noqa: E402
from db.seasons import Placed, SeasonSettings, SeasonStore  # noqa: E402
from db.store import Store  # noqa: E402

GUILD = 5
NOW = datetime(2026, 9, 28, 12, tzinfo=UTC)  # late in the third quarter: its season holds every table
QUARTER = datetime(2026, 7, 1, tzinfo=UTC)


async def fill(store: Store, tables: int, players: int, seed: int) -> None:
    rng = random.Random(seed)
    ratings, seasons = RatingStore.of(store), SeasonStore.of(store)
    span = (NOW - QUARTER).total_seconds()
    earlier = tables // 10
    for n in range(tables + earlier):
        at = QUARTER + timedelta(seconds=span * n / tables) if n < tables else \
            QUARTER - timedelta(seconds=span * (n - tables + 1) / earlier)
        table = await store.create_table(guild_id=GUILD, channel_id=100_000 + n, game="pioneers", options={},
                                         seed=n, host_id=1, host_name="host", now=at)
        people = rng.sample(range(1, players + 1), rng.randint(2, 4))
        ranks = [rng.randint(1, len(people)) for _ in people]
        stamp = at.isoformat(timespec="seconds")
        rows = [RatingRow(GUILD, OVERALL, user, f"player {user}", 25.0, 8.0, 1, int(rank == 1))
                for user, rank in zip(people, ranks, strict=True)]
        history = [HistoryRow(GUILD, OVERALL, user, table, stamp, rank, len(people), 25.0, 8.0)
                   for user, rank in zip(people, ranks, strict=True)]
        await ratings.record(table, GUILD, stamp, rows, history)
        await seasons.add_points([table], points_rows([Placed(table, GUILD, user, rank, stamp)
                                              for user, rank in zip(people, ranks, strict=True)]))
    await seasons.save_settings(SeasonSettings(GUILD, "quarterly", "win", None, "2026-01-01T00:00:00+00:00", 1,
                                               NOW.isoformat()))


async def measure(target: str, repeat: int) -> tuple[list[float], list[float], int]:
    store = await Store.open(target)
    try:
        service = TableService(store, clock=lambda: NOW, draw_images=False)
        seasons = Seasons(service, images=False)
        caller = Caller(GUILD, 1, 7, "player 7")
        season = await seasons.season(GUILD, "current")
        boards, alone = [], []
        lines = 0
        for _ in range(repeat):
            began = time.perf_counter()
            reply = await seasons.board(caller, "current")
            boards.append((time.perf_counter() - began) * 1000)
            lines = reply.text.count("\n")
            began = time.perf_counter()
            await seasons.standings(season)
            alone.append((time.perf_counter() - began) * 1000)
        return boards, alone, lines
    finally:
        await store.close()


def report(kind: str, tables: int, boards: list[float], alone: list[float]) -> None:
    print(f"{kind}: {tables} tables: /leaderboard season:current median {statistics.median(boards):.1f} ms "
          f"(best {min(boards):.1f}, worst {max(boards):.1f}); standings alone median "
          f"{statistics.median(alone):.1f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--store", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", help="fill this store once (a path or a PostgreSQL DSN) and keep it")
    args = parser.parse_args()
    if args.keep:
        store = await Store.open(args.keep)
        try:
            if not await SeasonStore.of(store).settings(GUILD):
                await fill(store, args.tables, args.players, args.seed)
        finally:
            await store.close()
        boards, alone, _ = await measure(args.keep, args.repeat)
        report(args.keep.split(":")[0], args.tables, boards, alone)
        return
    kinds = ("sqlite", "postgres") if args.store == "both" else (args.store,)
    with tempfile.TemporaryDirectory() as folder:
        for n, kind in enumerate(kinds):
            target = await fresh_store(kind, folder, n)
            try:
                filled = time.perf_counter()
                store = await Store.open(target)
                try:
                    await fill(store, args.tables, args.players, args.seed)
                finally:
                    await store.close()
                print(f"{kind}: filled in {time.perf_counter() - filled:.0f} s")
                boards, alone, _ = await measure(target, args.repeat)
                report(kind, args.tables, boards, alone)
            finally:
                await drop_store(target)


if __name__ == "__main__":
    asyncio.run(main())

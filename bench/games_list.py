"""How long `/games` takes for a member seated at many tables of one server.

    .venv/bin/python bench/games_list.py [--tables 1000] [--runs 7] [--game pioneers] [--profile]

One member (with a second person, so that the games are real ones) opens and starts `--tables`
tables of one server (the cap of tables a member may sit at lifted, as a host may: the worst case), each in its own channel, through the table service with every standard
feature installed (the timing too, as the bot runs). Then /games is asked `--runs` times and the
median is printed, beside the median at a tenth of the tables; `--profile` prints where one /games
spends its time. Nothing here asserts a time.

Measured on the 2-core development machine (shared, so figures move by a third from run to run),
1,000 Pioneer's Isle tables, 7 runs: 1,724 ms before /games read its tables all at once (about five
statements a table: seats twice, the running turns, the deadlines, the vacations), 208 ms and 184 ms
in two runs after (a few statements in all; a table's game taken from the service's memory when it
holds it).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.replies import Caller  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from bot.extensions import install  # noqa: E402
from db.store import Store  # noqa: E402

GUILD = 1
HOST, GUEST = 11, 12


def clock() -> datetime:
    return datetime(2026, 3, 2, 9, tzinfo=UTC)


async def seat_tables(service: TableService, game: str, count: int, first_channel: int) -> None:
    for channel in range(first_channel, first_channel + count):
        host, guest = Caller(GUILD, channel, HOST, "Ann"), Caller(GUILD, channel, GUEST, "Ben")
        for caller, command, args in ((host, "open", {"game": game}), (guest, "join", {}), (host, "start", {})):
            reply = await service.handle(caller, command, args)
            if not reply.ok:
                raise RuntimeError(f"/{command} was refused: {reply.private}")


async def timed(service: TableService, runs: int) -> float:
    asker = Caller(GUILD, 5, HOST, "Ann")
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        reply = await service.handle(asker, "games", {})
        seconds.append(time.perf_counter() - started)
        assert reply.ok, reply.private
    return statistics.median(seconds)


async def main(tables: int, runs: int, game: str, profile: bool) -> None:
    folder = tempfile.mkdtemp()
    store = await Store.open(f"{folder}/bench.db")
    try:
        service = TableService(store, clock=clock, draw_images=False)
        service.tables_per_member = 0  # a host may lift the cap (ISLES_TABLES_PER_MEMBER=0): the worst case
        installed = install(service, prepare_daily=False)
        tenth = max(1, tables // 10)
        await seat_tables(service, game, tenth, 1000)
        await installed.timing.settle()  # the turn notices of the new tables, sent in the background
        few = await timed(service, runs)
        await seat_tables(service, game, tables - tenth, 1000 + tenth)
        await installed.timing.settle()
        many = await timed(service, runs)
        print(f"/games of a member seated at {tenth} {game} tables: median {few * 1000:.0f} ms over {runs} runs")
        print(f"/games of a member seated at {tables} {game} tables: median {many * 1000:.0f} ms over {runs} runs "
              f"({many / few:.1f} times the tenth)")
        if profile:
            profiler = cProfile.Profile()
            profiler.enable()
            await timed(service, 1)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="pioneers")
    parser.add_argument("--profile", action="store_true")
    options = parser.parse_args()
    asyncio.run(main(options.tables, options.runs, options.game, options.profile))

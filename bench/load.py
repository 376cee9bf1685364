"""Many tables at once through the table service, and the memory a table costs.

    .venv/bin/python bench/load.py load [--game mixed|pioneers|archipels,hawaii] [--tables 1,4,8,30,100]
                                        [--seconds 20] [--repeat 3] [--no-images] [--same-seed]
                                        [--store sqlite|postgres|both] [--processes 1,2] [--think 0.4]
                                        [--warmup 2]
    .venv/bin/python bench/load.py memory [--tables 12000]

`load`: for each count in `--tables`, that many tables move at once, each as fast as its players
can (or, with `--think S`, its players taking a random while of S seconds on average before each
move, as people do: the table's next move waits for that, so `tables / (S + latency)` turns a
second are asked of the bot, and the latency is the bot's alone; `--warmup S` plays the first S
seconds without counting them, when every table opens and draws its first board at the same
instant, as no server's tables do): every turn is a `/move` through `TableService.handle` (rules, the transaction with its outbox
draft, the board picture) followed by sealing its outbox post and marking it sent, as the Discord
adapter does. Every table deals from its own seed, as on a real server (a board a cache keeps for
one table is no help to the next); `--same-seed` gives them all one seed, as this bench once did,
which hides every cost that grows with the number of distinct boards. `--game` names one game,
several (comma-separated, the tables taking them in turn) or `mixed` (every game in turn).
Reports turns per second and the latency of a turn (median, p99), medians over the runs, for
each table count, each store (a new SQLite file, or a new database on the PostgreSQL server at ISLES_BENCH_PG,
default postgresql://postgres@127.0.0.1:5432/postgres) and for one process or several sharing
that store (the tables split between them, as shards split servers).

`memory`: opens and finishes `--tables` tables (open, a computer player, start, resign) in
one process and reports how much the process grew (RSS, after a warm-up), and the service's
cache and lock counts at the end.

Nothing here asserts a time; figures go to docs/operations.md with the machine's load noted.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapters.discord.posting import body_of  # noqa: E402
from bot.core import drawing  # noqa: E402
from bot.core.replies import Caller  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from bot.extensions import install  # noqa: E402
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


def machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine since boot, every core and process counted
    (the PostgreSQL server's backends too)."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)


def server_seconds() -> float:
    """CPU seconds used so far by the processes of a PostgreSQL server on this machine (its
    backends, one a pooled connection, and its helpers); 0 where none can be seen."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # gone meanwhile
        name, rest = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:].split()
        if name.startswith("postgres"):
            total += int(rest[11]) + int(rest[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def own_seconds() -> float:
    """CPU seconds of this process and of the workers it started (pictures, animations are drawn
    in worker processes), living or gone."""

    def ticks(pid: str, reaped: bool) -> int:
        try:
            text = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return 0  # gone meanwhile: its time is counted in the children reaped
        rest = text[text.rindex(")") + 2:].split()
        return sum(int(x) for x in rest[11:15 if reaped else 13])  # utime, stime (+ children's)

    total = ticks("self", True)
    for children in Path("/proc/self/task").glob("*/children"):
        try:
            total += sum(ticks(pid, True) for pid in children.read_text().split())
        except OSError:
            continue
    return total / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Posted:
    """What the bot posts unasked (a finished game's animation) taken as the adapter would, so that
    a game's end costs what it costs in the bot: the animation made beside the play, not within
    the last move's answer."""

    def __init__(self) -> None:
        self.posts = 0

    async def post(self, channel_id: int, reply) -> bool:
        self.posts += 1
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        return True


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
                     latencies: list[float], rng: random.Random, think: float = 0.0, counted_from: float = 0.0) -> int:
    seats = min(2, registry.get(game).max_players)  # Hawaii is played alone
    players = [Caller(GUILD, channel, channel * 10 + n, f"P{n}") for n in range(seats)]
    by_user = {p.user_id: p for p in players}
    table = await open_table(service, game, channel, players)
    turns = 0
    loop = asyncio.get_running_loop()
    if think:  # people do not all move in the same instant a run begins
        await asyncio.sleep(rng.expovariate(1 / think))
    while loop.time() < stop:
        loaded = service._cache.get(table) or await service.table(table)
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
                                    body=body_of(reply), now=int(time.time()), since=reply.since)
            await outbox.mark_sent(row, None, int(time.time()))
            if began >= counted_from:
                latencies.append(loop.time() - began)
                turns += 1
        if think:  # a person reads the board, then moves: exponential, as arrivals from many people are
            await asyncio.sleep(rng.expovariate(1 / think))
    return turns


def game_list(game: str) -> list[str]:
    """The games the tables take in turn: `mixed` is every registered game."""
    games = list(registry.available()) if game == "mixed" else game.split(",")
    for key in games:
        registry.get(key)  # an unknown name fails here, before any table opens
    return games


def table_seeds(seed: int, same: bool) -> Callable[[], int]:
    """The seeds the service deals new tables from: one for all (`same`), or a new one per table,
    reproducible from `seed`."""
    if same:
        return lambda: seed
    counter = itertools.count(seed * 1_000_003)
    return lambda: next(counter)


async def load_part(target: str, game: str, tables: int, seconds: float, images: bool, seed: int,
                    first_channel: int, start_at: float = 0.0, same_seed: bool = False, think: float = 0.0,
                    warmup: float = 0.0) -> tuple[int, float, list[float], float, float, float, dict[str, int]]:
    """One process's share: (turns, wall seconds, latencies, CPU seconds, the machine's busy share,
    CPU seconds of the PostgreSQL server meanwhile, turns by game). Several processes begin together at `start_at` (Unix seconds), once each has started up, so
    that none of them runs its share while another is still being spawned. The first `warmup`
    seconds are played and not counted: every table opens and draws its first board at once then."""
    store = await Store.open(target)
    try:
        service = TableService(store, draw_images=images, seeds=table_seeds(seed, same_seed))
        install(service, prepare_daily=False)
        service.outbox = Posted()
        started = drawing.drawing().warm()  # a bot starts its drawing worker when it starts
        if started is not None:
            await asyncio.wrap_future(started)
        outbox = OutboxStore.of(store)
        latencies: list[float] = []
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, start_at - time.time()))
        start = loop.time() + warmup
        stop = start + seconds
        marks: list = []

        async def mark() -> None:  # the counted window's start: CPU, the machine's ticks, the server's CPU
            await asyncio.sleep(max(0.0, start - loop.time()))
            marks.extend((own_seconds(), machine_ticks(), server_seconds()))

        marking = asyncio.create_task(mark())
        games = game_list(game)
        # a process's first table of each game takes the next game in turn, so that small shares mix too
        played = [games[(first_channel // 10_000 + n) % len(games)] for n in range(tables)]
        counts = await asyncio.gather(*(
            play_table(service, outbox, key, first_channel + n, stop, latencies, random.Random(seed + n), think,
                       start if warmup else 0.0)
            for n, key in enumerate(played)))
        await marking
        cpu, ticks, server = marks
        busy, total = (b - a for a, b in zip(ticks, machine_ticks(), strict=True))
        by_game: dict[str, int] = {}
        for key, count in zip(played, counts, strict=True):
            by_game[key] = by_game.get(key, 0) + count
        return (sum(counts), loop.time() - start, latencies, own_seconds() - cpu, busy / max(1, total),
                server_seconds() - server if target.startswith("postgresql://") else 0.0, by_game)
    finally:
        await store.close()


def _part_in_process(args: tuple) -> tuple[int, float, list[float], float, float, float, dict[str, int]]:
    return asyncio.run(load_part(*args))


async def fresh_store(kind: str, folder: str, n: int) -> str:
    """A new, migrated store of `kind`: a SQLite file in `folder`, or a new PostgreSQL database."""
    if kind == "sqlite":
        target = str(Path(folder) / f"load-{n}.db")
    else:
        import asyncpg

        admin = os.environ.get("ISLES_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
        name = f"isles_bench_{os.getpid()}_{n}"
        conn = await asyncpg.connect(admin)
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
        await conn.close()
        parts = urlsplit(admin)  # a query may name the host: ?host=/var/run/postgresql (its Unix socket)
        target = urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, ""))
    store = await Store.open(target)  # migrated once, before the processes share it
    await store.close()
    return target


async def drop_store(target: str) -> None:
    if target.startswith("postgresql://"):
        import asyncpg

        admin = os.environ.get("ISLES_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
        conn = await asyncpg.connect(admin)
        await conn.execute(f'DROP DATABASE IF EXISTS "{urlsplit(target).path.lstrip("/")}" WITH (FORCE)')
        await conn.close()


RUNS = 0
LAST_BY_GAME: dict[str, float] = {}


def load_run(game: str, tables: int, seconds: float, images: bool, seed: int, kind: str = "sqlite",
             processes: int = 1, same_seed: bool = False, think: float = 0.0, warmup: float = 0.0) -> tuple[float, float, float, float, float, float, float]:
    """(turns/s, latency median, p99, turns per CPU-second, CPU seconds per second of the busiest
    process, the machine's busy share, the PostgreSQL server's CPU milliseconds per turn) of `tables`
    tables split over `processes`. The turns/s of each game played are left in `LAST_BY_GAME`."""
    global RUNS
    RUNS += 1
    with tempfile.TemporaryDirectory() as tmp:
        target = asyncio.run(fresh_store(kind, tmp, RUNS))
        try:
            shares = [tables // processes + (1 if p < tables % processes else 0) for p in range(processes)]
            start_at = time.time() + (2.0 if processes > 1 else 0.0)  # spawning a process takes about 0.5 s
            parts = [(target, game, share, seconds, images, seed + 100 * p, 1000 + 10_000 * p, start_at, same_seed,
                      think, warmup)
                     for p, share in enumerate(shares)]
            if processes == 1:
                results = [_part_in_process(parts[0])]
            else:
                with multiprocessing.get_context("spawn").Pool(processes) as pool:
                    results = pool.map(_part_in_process, parts)
        finally:
            asyncio.run(drop_store(target))
    turns = sum(r[0] for r in results)
    elapsed = max(r[1] for r in results)
    latencies = [x for r in results for x in r[2]]
    cpu = sum(r[3] for r in results)
    # turns per CPU-second of the bot's processes (all their threads): what they can do with a core
    # of their own, whatever else the machine runs; and how busy the machine was (2 cores busy is 100 %)
    cores = max(r[3] / r[1] for r in results)
    machine = max(r[4] for r in results)
    server = max(r[5] for r in results) * 1000 / max(1, turns)  # the windows overlap: one server, counted once
    LAST_BY_GAME.clear()
    for r in results:
        for key, count in r[6].items():
            LAST_BY_GAME[key] = LAST_BY_GAME.get(key, 0) + count / elapsed
    return turns / elapsed, statistics.median(latencies), pct(latencies, 0.99), turns / cpu, cores, machine, server


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
    parser.add_argument("--game", default="mixed", help="a game, several comma-separated, or mixed (every game)")
    parser.add_argument("--tables", default=None, help="comma-separated table counts (load: 1,4,8,30,100)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-images", action="store_true")
    parser.add_argument("--render-workers", default=None,
                        help="processes that draw the pictures (ISLES_RENDER_WORKERS; 0: threads of the bot's process)")
    parser.add_argument("--same-seed", action="store_true", help="every table the same seed (hides board caches)")
    parser.add_argument("--store", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--processes", default="1", help="comma-separated process counts, e.g. 1,2")
    parser.add_argument("--warmup", type=float, default=0.0,
                        help="seconds played first and not counted (every table opens and draws its first board then)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a table's players take on average before each move (0: none, as fast as they can)")
    args = parser.parse_args()
    if args.render_workers is not None:
        os.environ["ISLES_RENDER_WORKERS"] = args.render_workers  # this process's and any it spawns
    games = game_list(args.game)
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.what == "memory":
        asyncio.run(memory_run(int(args.tables or 12_000), games[0]))
        return
    counts = [int(n) for n in (args.tables or "1,4,8,30,100").split(",")]
    kinds = ("sqlite", "postgres") if args.store == "both" else (args.store,)
    setups = [(kind, int(p), n) for n in counts for kind in kinds for p in args.processes.split(",")]
    runs: dict[tuple[str, int, int], list[tuple]] = {setup: [] for setup in setups}
    by_game: dict[tuple[str, int, int], list[dict[str, float]]] = {setup: [] for setup in setups}
    for r in range(args.repeat):  # the setups take turns, so that a machine busier for a while weighs on each
        for kind, processes, tables in setups:
            figures = load_run(args.game, tables, args.seconds, not args.no_images, 1 + r, kind, processes,
                               args.same_seed, args.think, args.warmup)
            runs[kind, processes, tables].append(figures)
            by_game[kind, processes, tables].append(dict(LAST_BY_GAME))
            rate, median, p99, per_cpu, cores, machine, server = figures
            print(f"  {tables} tables, {kind}, {processes} process(es): {rate:.1f} turns/s, latency median "
                  f"{median * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, {per_cpu:.1f} turns per CPU-second, {cores:.2f} "
                  f"cores in the busiest process, machine {machine * 100:.0f} % busy, server {server:.2f} ms a turn, "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
    rows = [(tables, kind, processes, *(statistics.median(f[i] for f in runs[kind, processes, tables]) for i in range(7)))
            for kind, processes, tables in setups]
    print(f"load: {args.game} ({', '.join(games)}), {'one seed' if args.same_seed else 'a seed per table'}, "
          f"{f'players thinking {args.think:g} s a move on average' if args.think else 'players moving at once'}, "
          f"{f'the first {args.warmup:g} s not counted' if args.warmup else 'every turn counted'}, images "
          f"{'off' if args.no_images else 'on'}, medians of {args.repeat} runs of {args.seconds:.0f} s; load average "
          f"now {os.getloadavg()[0]:.1f}")
    print("| tables | store | processes | turns/s | latency median | latency p99 | turns per CPU-second "
          "| cores per process | machine busy | server CPU a turn |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for tables, kind, processes, rate, median, p99, per_cpu, cores, machine, server in rows:
        print(f"| {tables} | {kind} | {processes} | {rate:.1f} | {median * 1000:.0f} ms | {p99 * 1000:.0f} ms "
              f"| {per_cpu:.1f} | {cores:.2f} | {machine * 100:.0f} % "
              f"| {f'{server:.2f} ms' if kind == 'postgres' else '-'} |")
    if len(games) > 1:
        print("turns/s by game (medians):")
        print("| tables | store | processes | " + " | ".join(games) + " |")
        print("| --- | --- | --- | " + " | ".join("---" for _ in games) + " |")
        for kind, processes, tables in setups:
            cells = [statistics.median(g.get(key, 0.0) for g in by_game[kind, processes, tables]) for key in games]
            print(f"| {tables} | {kind} | {processes} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")


if __name__ == "__main__":
    main()

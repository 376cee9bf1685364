"""Speed of every game: random playouts, rendering, and the service's move time on disk.

    .venv/bin/python bench/run.py [GAME ...] [--games N] [--repeat R] [--render-only]

Figures are medians over repeated runs (and p95 where a distribution matters); nothing
here asserts a time.
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

import render  # noqa: E402
from bot.core.replies import Caller  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from db.store import Store  # noqa: E402
from games import registry  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def playout_rate(cls, players: int, games: int, seed: int) -> float:
    """Moves per second of uniformly random play (legal_moves + play)."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for n in range(games):
        game = cls.new(players, {}, seed + n)
        while not game.is_over():
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
            moves += 1
    return moves / (time.perf_counter() - start)


def views_along_a_game(cls, players: int, seed: int, every: int = 3) -> list[dict]:
    rng = random.Random(seed)
    game = cls.new(players, {}, seed)
    views, n = [game.view(None)], 0
    while not game.is_over():
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
        n += 1
        if n % every == 0:
            views.append(game.view(None))
    views.append(game.view(None))
    return views


def render_times(key: str, views: list[dict], names: list[str]) -> tuple[list[float], list[int], list[float]]:
    """(wall seconds, PNG bytes, CPU seconds) of each view's picture. The CPU time is the one
    that holds on a machine shared with other work: the wall time also counts waiting for a core."""
    times, sizes, cpu = [], [], []
    render.draw(key, views[0], names)  # warm the static-part cache, as a running bot has it
    for view in views:
        start, began = time.perf_counter(), time.thread_time()
        png = render.draw(key, view, names)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - began)
        sizes.append(len(png or b""))
    return times, sizes, cpu


async def service_times(key: str, players: int, seed: int, draw: bool, limit: int = 150) -> list[float]:
    """Wall time of one human /move through the service, SQLite on disk."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "bench.db"))
        service = TableService(store, draw_images=draw, seeds=lambda: seed)
        people = [Caller(1, 5, 100 + i, f"P{i}") for i in range(players)]
        await service.handle(people[0], "open", {"game": key})
        for caller in people[1:]:
            await service.handle(caller, "join")
        await service.handle(people[0], "start")
        by_user = {c.user_id: c for c in people}
        seats = {s.seat: s.user_id for s in await store.seats(1)}
        times = []
        while len(times) < limit:
            loaded = service._cache.get(1)
            if loaded is None or loaded.row.status != "active":  # a solo table opens as a daily or not at all
                break
            caller = by_user[seats[loaded.game.to_act()[0]]]
            move = await service.ai_suggestion(caller)
            start = time.perf_counter()
            reply = await service.handle(caller, "move", {"move": move})
            times.append(time.perf_counter() - start)
            assert reply.ok, reply.private
        await store.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--games", type=int, default=20, dest="count", help="playouts per run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--render-only", action="store_true", help="only the picture times")
    args = parser.parse_args()
    keys = args.games or list(registry.available())
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for key in keys:
        cls = registry.get(key)
        players = cls.max_players
        names = [f"Player {i + 1}" for i in range(players)]
        print(f"{key} ({players} players)")
        if not args.render_only:
            rates = [playout_rate(cls, players, args.count, 1000 * r) for r in range(args.repeat)]
            print(f"  random playouts: {statistics.median(rates):,.0f} moves/s (median of {args.repeat} runs "
                  f"of {args.count} games)")
        views = views_along_a_game(cls, players, seed=7)
        runs = [render_times(key, views, names) for _ in range(args.repeat)]
        times = [statistics.median(column) for column in zip(*(run[0] for run in runs), strict=True)]
        cpu = [statistics.median(column) for column in zip(*(run[2] for run in runs), strict=True)]
        sizes = runs[0][1]
        if any(sizes):
            print(f"  render: median {statistics.median(times) * 1000:.1f} ms, p95 {pct(times, 0.95) * 1000:.1f} ms, "
                  f"CPU median {statistics.median(cpu) * 1000:.1f} ms, p95 {pct(cpu, 0.95) * 1000:.1f} ms, "
                  f"PNG median {statistics.median(sizes) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB "
                  f"({len(views)} views)")
        else:
            print("  render: no picture for this game yet")
        if args.render_only:
            continue
        for draw in (False, True):
            runs = [asyncio.run(service_times(key, players, seed=r + 1, draw=draw)) for r in range(args.repeat)]
            flat = [t for run in runs for t in run]
            label = "with rendering" if draw else "without rendering"
            if not flat:
                print(f"  service /move {label}: not measured (no table of this game started)")
                continue
            print(f"  service /move {label}: median {statistics.median(flat) * 1000:.2f} ms, "
                  f"p95 {pct(flat, 0.95) * 1000:.2f} ms ({len(flat)} moves)")


if __name__ == "__main__":
    main()

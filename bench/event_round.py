"""An event's round: how long `/event start` takes to pair and open a round's tables (each
in a thread, seated and started through the normal /open path), and how long a clock tick takes
over that running event while its tables play (the work the lease holder repeats every 30 s).

    .venv/bin/python bench/event_round.py [--game archipels] [--players 64] [--seats 4] [--repeat 3]

Figures are medians over the repeats, each on a fresh SQLite file; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.replies import Caller, Reply  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from bot.extensions import install  # noqa: E402
from db.store import Store  # noqa: E402

GUILD, CHANNEL = 1, 2


class Outbox:
    def __init__(self):
        self.made = 0

    async def post(self, channel_id: int, reply: Reply) -> bool:
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        return True

    async def thread(self, channel_id: int, name: str) -> int:
        self.made += 1
        return 10_000 + self.made


async def once(game: str, players: int, seats: int) -> tuple[float, float]:
    folder = tempfile.mkdtemp()
    store = await Store.open(str(Path(folder) / "bench.db"))
    try:
        service = TableService(store, draw_images=False)
        installed = install(service, prepare_daily=False)
        service.outbox = Outbox()
        manager = Caller(GUILD, CHANNEL, 1, "Manager", can_manage=True)
        created = await service.handle(manager, "event", {"action": "create", "game": game, "seats": str(seats),
                                                          "rounds": "3", "round_days": "3"})
        join = created.buttons[0].custom_id
        for n in range(players):
            await service.press(Caller(GUILD, CHANNEL, 100 + n, f"Player {n}"), join)
        began = time.perf_counter()
        started = await service.handle(manager, "event", {"action": "start"})
        start = time.perf_counter() - began
        assert started.ok, started.private
        began = time.perf_counter()
        await installed.events.tick()
        tick = time.perf_counter() - began
        return start, tick
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="archipels")
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [asyncio.run(once(args.game, args.players, args.seats)) for _ in range(args.repeat)]
    start = statistics.median(r[0] for r in runs)
    tick = statistics.median(r[1] for r in runs)
    tables = args.players // args.seats
    print(f"{args.game}, {args.players} players at {args.seats}: start (pair and open about {tables} tables) "
          f"{start * 1000:.0f} ms, a tick over the running round {tick * 1000:.0f} ms "
          f"(medians of {args.repeat})")


if __name__ == "__main__":
    main()

"""Direct messages a person gets over a whole 4-player game, with and without the hourly digest, and
what the "since your last turn" notice costs a move.

    .venv/bin/python bench/notices.py [--game pioneers] [--seeds 1,2,3] [--mean-minutes 30]

Four people play one table through the table service with the timing and /notify installed, all
with direct messages on; each answers the call of their turn after a random delay (exponential,
`--mean-minutes`, the same draws for both settings), and plays the computer's choice for their
seat. The clock is a fake one moved by hand, and the digests fall due as it passes. Figures are
medians over the seeds; nothing here asserts a count or a time.
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

from bot.core.replies import Caller, Reply  # noqa: E402
from bot.core.service import TableService  # noqa: E402
from bot.features.notify import Notify  # noqa: E402
from bot.features.timing import Timing  # noqa: E402
from db.store import Store  # noqa: E402

PEOPLE = [Caller(1, 10, user, name) for user, name in ((1, "Ann"), (2, "Ben"), (3, "Cat"), (4, "Dan"))]
MOST_MOVES = 2000


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class Counting:
    def __init__(self) -> None:
        self.dms: list[int] = []

    async def post(self, channel_id: int, reply: Reply) -> bool:
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        self.dms.append(user_id)
        return True


async def one_game(game: str, seed: int, digest: bool, mean_minutes: float) -> tuple[list[int], int, float]:
    """(direct messages per person, moves, median seconds of the answer to a move that ended a turn
    of the person's, which the notice waits for: the move's DMs are worked out in the background)."""
    folder = tempfile.mkdtemp()
    store = await Store.open(str(Path(folder) / "b.db"))
    clock = Clock()
    service = TableService(store, clock=clock, draw_images=False, seeds=lambda: seed)
    timing = Timing(service)
    notify = Notify(service, timing)
    service.extend(timing)
    service.extend(notify)
    outbox = Counting()
    service.outbox = outbox
    await service.handle(PEOPLE[0], "open", {"game": game, "options": ""})
    for person in PEOPLE[1:]:
        await service.handle(person, "join")
    for person in PEOPLE:
        await service.handle(person, "notify", {"mode": "dm", **({"digest": "hourly"} if digest else {})})
    await service.handle(PEOPLE[0], "start")
    await timing.settle()
    delays = random.Random(seed)
    by_user = {p.user_id: p for p in PEOPLE}
    moves, answers = 0, []
    while moves < MOST_MOVES:
        loaded = await service.table(1)
        if loaded.row.status != "active" or loaded.game.is_over():
            break
        seat = loaded.game.to_act()[0]
        person = by_user[loaded.by_seat(seat).user_id]
        clock.now += timedelta(minutes=delays.expovariate(1 / mean_minutes))
        await notify.tick(clock.now)
        while True:  # the person plays their whole turn once called back
            move = await service.ai_suggestion(Caller(1, 10, person.user_id, person.name))
            started = time.perf_counter()
            reply = await service.handle(person, "move", {"move": move})
            spent = time.perf_counter() - started
            moves += 1
            if not reply.ok:
                raise SystemExit(f"refused: {move}: {reply.private}")
            loaded = await service.table(1)
            if loaded.game.is_over() or seat not in loaded.game.to_act() or moves >= MOST_MOVES:
                break
        settling = time.perf_counter()
        await timing.settle()  # the next person's direct message, with its notice
        answers.append(spent + time.perf_counter() - settling)
    clock.now += timedelta(hours=2)
    await notify.tick(clock.now)
    await store.close()
    return [outbox.dms.count(p.user_id) for p in PEOPLE], moves, statistics.median(answers)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pioneers")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--mean-minutes", type=float, default=30.0)
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    for digest in (False, True):
        per_person, games, answer = [], [], []
        for seed in seeds:
            dms, moves, median = await one_game(args.game, seed, digest, args.mean_minutes)
            per_person.append(statistics.median(dms))
            games.append(moves)
            answer.append(median)
        label = "hourly digest" if digest else "a message a turn"
        print(f"{args.game}, 4 people, {label}: direct messages per person {statistics.median(per_person):.0f} "
              f"(median over {len(seeds)} games of the per-person median; games of {statistics.median(games):.0f} "
              f"moves); the last move of a turn and its notices {statistics.median(answer) * 1000:.1f} ms median")


if __name__ == "__main__":
    asyncio.run(main())

"""Wake-ups across processes on PostgreSQL: a timer written by one process wakes the clocks'
holder at once, a rolled-back one does not, and a lease given back is taken by a waiting process
at once rather than at its next renewal."""

from __future__ import annotations

import asyncio
import gc

from bot.lease import LeasedWork
from db.notices import WAKE
from db.store import Store
from db.timing import Observation, TimingStore, TurnRow
from tests.db.test_postgres_store import _now

LONG = 60.0  # a poll this long never ends inside a test: only a notice ends the wait


async def a_turn(store: Store) -> TurnRow:
    table = await store.create_table(guild_id=1, channel_id=10, game="sticks", options={}, seed=1, host_id=5,
                                     host_name="A", now=_now())
    return TurnRow(table, 0, 1, 10, 5, 1, 1_000)


async def test_a_timer_written_by_one_process_wakes_the_other_at_once(database):  # noqa: F811
    holder, other = await Store.open(database), await Store.open(database)
    try:
        turn = await a_turn(other)
        await holder.wait_for(WAKE, 0.01)  # the holder listens from its first wait on
        waiting = asyncio.create_task(holder.wait_for(WAKE, LONG))
        await asyncio.sleep(0.1)
        assert not waiting.done()
        obs = Observation(turn.table_id, 1, 0, [], [turn], [(turn, "deadline", 3600)])
        assert await TimingStore.of(other).apply(obs, 1_000)
        assert await asyncio.wait_for(waiting, 30) is True
    finally:
        await holder.close()
        await other.close()


async def test_a_timer_written_in_a_transaction_rolled_back_wakes_nobody(database):  # noqa: F811
    holder, other = await Store.open(database), await Store.open(database)
    try:
        turn = await a_turn(other)
        await holder.wait_for(WAKE, 0.01)
        try:
            async with other.conn.transaction():
                await other.conn.execute(
                    "INSERT INTO timers (table_id, seat, version, kind, guild_id, channel_id, user_id, started_at, "
                    "offset_s, due_at) VALUES (?, 0, 1, 'remind', 1, 10, 5, 0, 60, 60)", (turn.table_id,))
                raise RuntimeError("the move failed after the timer was written")
        except RuntimeError:
            pass
        assert await holder.wait_for(WAKE, 0.5) is False
        assert await TimingStore.of(holder).timers_of_table(turn.table_id) == []
    finally:
        await holder.close()
        await other.close()


async def test_a_lease_given_back_is_taken_by_a_waiting_process_at_once(database):  # noqa: F811
    first, second = await Store.open(database), await Store.open(database)
    log: list[str] = []

    def work(name: str, store: Store) -> LeasedWork:
        async def start() -> None:
            log.append(f"{name} starts")

        async def stop() -> None:
            log.append(f"{name} stops")

        return LeasedWork(store, start, stop, holder=name, ttl=3 * LONG, renew=LONG)

    try:
        a, b = work("a", first), work("b", second)
        assert await a.step()
        running = asyncio.create_task(b.run_forever())
        await asyncio.sleep(0.2)  # b tried, found the lease held, and waits up to LONG
        assert log == ["a starts"]
        await a.close()
        for _ in range(600):  # 30 s, half of LONG: only the lease given back can start b in time
            if "b starts" in log:
                break
            await asyncio.sleep(0.05)
        assert log == ["a starts", "a stops", "b starts"]
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
    finally:
        await first.close()
        await second.close()


async def test_two_processes_looking_at_one_turn_at_once_write_it_once(database):  # noqa: F811
    """PostgreSQL does not make writers wait as SQLite does: the turns of a table are written
    under its lock, so the second look finds the first one's work instead of colliding with it."""
    one, two = await Store.open(database), await Store.open(database)
    try:
        turn = await a_turn(one)
        obs = Observation(turn.table_id, 1, 0, [], [turn], [(turn, "deadline", 3600), (turn, "remind", 1800)])
        for _ in range(5):
            done = await asyncio.gather(TimingStore.of(one).apply(obs, 1_000), TimingStore.of(two).apply(obs, 1_000))
            assert sorted(done) == [False, True]
            obs = Observation(turn.table_id, obs.version + 1, 0, [turn.seat], [TurnRow(
                turn.table_id, 0, 1, 10, 5, obs.version + 1, 1_000)], [], since=obs.version)
        assert len(await TimingStore.of(one).turns(turn.table_id)) == 1
    finally:
        await one.close()
        await two.close()


async def test_waits_that_begin_together_on_several_channels_all_hear_their_notices(database):  # noqa: F811
    """At start the lease, the clocks and the outbox sweep each begin a wait at once: they share one
    listening connection, so none of them is left listening on a connection nobody keeps (which the
    garbage collector closes, leaving that wait a plain sleep from then on)."""
    listener, other = await Store.open(database), await Store.open(database)
    channels = [f"isles_test_channel_{n}" for n in range(6)]
    try:
        first = [asyncio.create_task(listener.wait_for(channel, 0.05)) for channel in channels]
        await asyncio.gather(*first)
        gc.collect()  # what was left unreferenced is closed now, not at some later moment
        waiting = {channel: asyncio.create_task(listener.wait_for(channel, LONG)) for channel in channels}
        await asyncio.sleep(0.2)
        for channel in channels:
            await other.notify(channel)
        heard = await asyncio.wait_for(asyncio.gather(*waiting.values()), 30)
        assert heard == [True] * len(channels)
    finally:
        await listener.close()
        await other.close()

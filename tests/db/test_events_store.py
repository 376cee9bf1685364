"""The events' store (migration 053) on SQLite and PostgreSQL: a round claimed once by two stores on
one database, sign-ups and leaving, a table's opening claimed once, the final post claimed once."""

from __future__ import annotations

import pytest

from db.events import EventStore, PlannedTable
from tests.helpers import open_store

pytestmark = pytest.mark.usefixtures("store_kind")


async def created(db: EventStore, channel: int = 5) -> int:
    event_id = await db.create(guild_id=1, channel_id=channel, game="sticks", seats=4, rounds=3, round_days=2,
                               seed=99, created_by=7, now=100)
    assert event_id is not None
    return event_id


async def test_one_event_at_a_time_in_a_channel(tmp_path):
    db = EventStore.of(await open_store(tmp_path / "e.db"))
    first = await created(db)
    assert await db.create(guild_id=1, channel_id=5, game="sticks", seats=4, rounds=3, round_days=2, seed=1,
                           created_by=7, now=101) is None
    assert (await db.in_channel(5)).id == first
    assert await created(db, channel=6) != first


async def test_two_stores_on_one_database_open_a_round_once(tmp_path):
    one = EventStore.of(await open_store(tmp_path / "e.db"))
    two = EventStore.of(await open_store(tmp_path / "e.db"))
    event_id = await created(one)
    for user in range(10, 18):
        assert await one.join(event_id, user, f"p{user}", 100 + user)
    plan_a = [PlannedTable((10, 11, 12, 13)), PlannedTable((14, 15, 16, 17))]
    plan_b = [PlannedTable((17, 16, 15, 14)), PlannedTable((13, 12, 11, 10))]
    assert await one.claim_round(event_id, 0, plan_a, ends_at=500, start=True)
    assert not await two.claim_round(event_id, 0, plan_b, ends_at=600, start=True)
    assert not await two.claim_round(event_id, 0, plan_b, ends_at=600)
    rows = await two.pairings(event_id)
    assert [r.players for r in rows] == [(10, 11, 12, 13), (14, 15, 16, 17)]
    event = await two.event(event_id)
    assert (event.status, event.round, event.round_ends_at) == ("running", 1, 500)
    # the next round is claimed from the number read, once
    assert await two.claim_round(event_id, 1, [PlannedTable((10,), bye=True, points={10: 0.5})], ends_at=900)
    assert not await one.claim_round(event_id, 1, plan_a, ends_at=900)
    bye, = await one.pairings(event_id, 2)
    assert bye.bye and bye.points == {10: 0.5}


async def test_a_tables_opening_and_its_scoring_are_claimed_once(tmp_path):
    one = EventStore.of(await open_store(tmp_path / "e.db"))
    two = EventStore.of(await open_store(tmp_path / "e.db"))
    event_id = await created(one)
    await one.claim_round(event_id, 0, [PlannedTable((1, 2))], ends_at=500, start=True)
    assert await one.claim_opening(event_id, 1, 1, now=1000, stale_before=700)
    assert not await two.claim_opening(event_id, 1, 1, now=1001, stale_before=701)
    assert await two.claim_opening(event_id, 1, 1, now=1400, stale_before=1100)  # the first claim went stale
    assert await two.place_made(event_id, 1, 1, 4242)
    assert not await one.place_made(event_id, 1, 1, 4343)
    assert (await one.pairings(event_id, 1))[0].channel_id == 4242
    assert await one.table_scored(event_id, 1, 1, {1: 1.0, 2: 0.0})
    assert not await two.table_scored(event_id, 1, 1, {1: 0.0, 2: 1.0})
    assert (await two.pairings(event_id, 1))[0].points == {1: 1.0, 2: 0.0}


async def test_joining_and_leaving(tmp_path):
    db = EventStore.of(await open_store(tmp_path / "e.db"))
    event_id = await created(db)
    assert await db.join(event_id, 1, "a", 10)
    assert not await db.join(event_id, 1, "a", 11)
    assert await db.leave(event_id, 1, 12)
    assert not await db.leave(event_id, 1, 13)
    assert await db.entrants(event_id) == []
    for user in (1, 2, 3):
        await db.join(event_id, user, f"p{user}", 20 + user)
    await db.claim_round(event_id, 0, [PlannedTable((1, 2, 3))], ends_at=500, start=True)
    assert not await db.join(event_id, 4, "late", 30)  # sign-up is closed
    assert await db.leave(event_id, 2, 40)
    assert not await db.leave(event_id, 2, 41)
    entrants = {e.user_id: e.left_at for e in await db.entrants(event_id)}
    assert entrants == {1: None, 2: 40, 3: None}  # who left keeps their results
    assert [e.id for e in await db.events_of(1, 2)] == [event_id]


async def test_the_final_post_is_claimed_once(tmp_path):
    one = EventStore.of(await open_store(tmp_path / "e.db"))
    two = EventStore.of(await open_store(tmp_path / "e.db"))
    event_id = await created(one)
    await one.claim_round(event_id, 0, [PlannedTable((1, 2))], ends_at=500, start=True)
    assert not await one.claim_results(event_id, 600)  # not over yet
    assert not await one.finish(event_id, 0)  # not the round it is at
    assert await one.finish(event_id, 1)
    assert not await two.finish(event_id, 1)
    assert [e.id for e in await two.running()] == [event_id]  # finished, its post still owed
    assert await two.claim_results(event_id, 600)
    assert not await one.claim_results(event_id, 601)
    assert await one.running() == []

"""The places store on both stores: a table moved to another channel, refused where one is open
already, and the tables of a deleted place closed with their unsent posts dropped."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from db.outbox import OutboxStore
from db.places import PLACE_DELETED, PlacesStore
from db.store import ChannelBusy, StaleVersion
from tests.helpers import open_store

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

NOW = datetime(2026, 1, 1, 12, tzinfo=UTC)


async def a_table(store, channel: int) -> int:
    return await store.create_table(guild_id=1, channel_id=channel, game="sticks", options={}, seed=1, host_id=5,
                                    host_name="A", now=NOW)


async def test_a_table_moves_to_another_channel_unless_one_is_open_there(tmp_path):
    store = await open_store(tmp_path / "p.db")
    places = PlacesStore(store)
    first, second = await a_table(store, 10), await a_table(store, 20)
    assert await places.rebind(first, 0, 30, NOW) == 1
    assert [t.id for t in await places.open_in([30, 10])] == [first]
    with pytest.raises(ChannelBusy):
        await places.rebind(second, 0, 30, NOW)
    with pytest.raises(StaleVersion):
        await places.rebind(first, 0, 40, NOW)  # an old version
    assert (await store.table(second)).channel_id == 20


async def test_a_deleted_place_closes_its_tables_and_drops_their_posts(tmp_path):
    store = await open_store(tmp_path / "p.db")
    places, outbox = PlacesStore(store), OutboxStore.of(store)
    table = await a_table(store, 10)
    assert (await outbox.draft_of(table)) is not None  # the lobby's post, owed
    assert await places.close(table, PLACE_DELETED, NOW)
    assert not await places.close(table, PLACE_DELETED, NOW)  # once
    row = await store.table(table)
    assert (row.status, await places.closed_reason(table)) == ("cancelled", PLACE_DELETED)
    assert await outbox.draft_of(table) is None and (await outbox.counts()) == {"dropped": 1}
    assert await places.open_of_guild(1) == []

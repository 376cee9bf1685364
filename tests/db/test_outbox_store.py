
"""The outbox's rows in SQL: every table write leaves one draft in its own transaction (none
when the write fails), a reply seals it, and settled rows are pruned without reusing ids."""

from __future__ import annotations

import pytest

from db.outbox import OutboxStore
from db.store import StaleVersion
from tests.helpers import ALICE, BOB, CHANNEL, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def test_writes_leave_one_draft_that_a_reply_seals(tmp_path, sticks):
    service = await service_at(tmp_path / "t.db")
    outbox = OutboxStore.of(service.store)
    assert (await service.handle(ALICE, "open", {"game": "sticks"})).ok
    row = await service.store.open_table(CHANNEL)
    draft = await outbox.draft_of(row.id)
    assert draft is not None and draft.version == row.version and draft.channel_id == CHANNEL
    reply = await service.handle(BOB, "join")
    assert (await outbox.counts()) == {"draft": 1}  # the join moved the one draft on
    assert (await outbox.draft_of(row.id)).version == reply.version

    try:  # a write that loses the race leaves nothing owed
        await service.store.add_seat(row.id, row.version, user_id=9, name="Late", now=service.clock())
        raise AssertionError("a stale version was written")
    except StaleVersion:
        pass
    assert (await outbox.counts()) == {"draft": 1}

    sealed = await outbox.seal(table_id=row.id, version=reply.version, channel_id=CHANNEL,
                               body={"text": reply.text}, now=100)
    assert sealed == draft.id and (await outbox.counts()) == {"pending": 1}
    other = await outbox.seal(table_id=None, version=None, channel_id=CHANNEL, body={"text": "hi"}, now=100)
    assert other != sealed
    await outbox.mark_sent(sealed, 1, 100)
    await outbox.mark_sent(other, 2, 100)
    assert await outbox.prune(before=200) == 1  # the newest row stays
    assert await outbox.get(other) is not None and await outbox.get(sealed) is None

"""db/seasons.py on SQLite and PostgreSQL: a season's end marked once with its outbox row, whoever
closes it at the same moment; season points written once per table with the table's scored mark."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from db.outbox import OutboxStore
from db.ratings import OVERALL, HistoryRow, RatingRow, RatingStore
from db.seasons import ClosedSeason, PointsRow, SeasonStore
from tests.helpers import open_store

pytestmark = pytest.mark.usefixtures("store_kind")

SEASON = ClosedSeason(5, 1, "monthly", "win", "2026-03-01T00:00:00+00:00", "2026-04-01T00:00:00+00:00",
                      "2026-04-01T00:01:00+00:00")


async def test_two_stores_closing_one_season_make_one_mark_and_one_outbox_row(tmp_path):
    first, second = await open_store(tmp_path / "s.db"), await open_store(tmp_path / "s.db")
    body = {"text": "results", "mentions": [], "picture": None, "buttons": [], "menus": []}
    made = await asyncio.gather(*(SeasonStore.of(store).close(SEASON, {7: 1}, {7: 1, 8: 2}, 42, body,
                                                              "2026-04-01T00:01:00+00:00", 1775001660)
                                  for store in (first, second, first, second)))
    assert len([m for m in made if m is not None]) == 1
    row_id = next(m for m in made if m is not None)
    outbox = await OutboxStore.of(first).get(row_id)
    assert outbox.state == "pending" and outbox.channel_id == 42 and outbox.body == body
    # due at once: from the commit on, the outbox's sender owns it (a stop before it is sent leaves it to the sweep)
    assert [r.id for r in await OutboxStore.of(second).due(1775001660)] == [row_id]
    assert (await OutboxStore.of(first).counts()) == {"pending": 1}
    closed = await SeasonStore.of(second).season(5, 1)
    assert closed.posted_at and closed.outbox_id == row_id
    assert await SeasonStore.of(second).divisions(5, 2) == {7: 1, 8: 2}
    # an outbox that only posts (the offline console) claims it: one caller only
    taken = await asyncio.gather(SeasonStore.of(first).take_post(row_id, 1), SeasonStore.of(second).take_post(row_id, 1))
    assert sorted(taken) == [False, True]


async def test_season_points_are_written_once_with_the_scored_mark(tmp_path):
    store = await open_store(tmp_path / "p.db")
    now = datetime(2026, 3, 5, tzinfo=UTC)
    table = await store.create_table(guild_id=5, channel_id=9, game="sticks", options={}, seed=1, host_id=7,
                                     host_name="a", now=now)
    at = now.isoformat(timespec="seconds")
    await RatingStore.of(store).record(table, 5, at, [RatingRow(5, OVERALL, u, str(u), 25, 8, 1, 0) for u in (7, 8)],
                                       [HistoryRow(5, OVERALL, u, table, at, r, 2, 25, 8) for u, r in ((7, 1), (8, 2))])
    db = SeasonStore.of(store)
    assert await db.unscored() == [table]
    assert len(await db.unscored_between(5, "2026-03", "2026-04")) == 2
    rows = [PointsRow(table, 7, 5, at, 1.0, 1.0, True), PointsRow(table, 8, 5, at, 0.0, 0.0, False)]
    await db.add_points([table], rows)
    await db.add_points([table], rows)  # a second writer changes nothing
    assert await db.unscored() == [] and await db.unscored_between(5, "2026-03", "2026-04") == []
    totals = {t.user_id: (t.win, t.games, t.firsts) for t in await db.totals(5, "2026-03", "2026-04")}
    assert totals == {7: (1.0, 1, 1), 8: (0.0, 1, 0)}
    assert await db.totals(5, "2026-04", "2026-05") == []

"""An event's final standings through the Discord adapter's outbox (real discord.py objects, HTTP
captured), as tests/discord/test_season_post.py follows a season's: the process is stopped before
each statement of the event's end and of the post's sending in turn, then started again; every
time Discord is left with one results message (one nonce) that carries the same picture, byte for
byte, and the same alt text as an uninterrupted run's. A post waiting for its retry when the
process stops goes after the restart with its picture."""

from __future__ import annotations

import json
from contextlib import asynccontextmanager

from bot.core.service import TableService
from bot.features.event import RESULTS_PICTURE, Event
from db.events import EventStore
from db.outbox import OutboxStore
from db.store import Store
from render.common import open_png
from tests.discord.conftest import harness_for
from tests.discord.harness import CHANNEL, MODERATOR, Person
from tests.discord.stopped_process import capture, copy_of, stop_before, stops_sent_twice
from tests.discord.test_flow import one_public
from tests.helpers import Clock

PEOPLE = [Person(2001 + n, f"player{n}") for n in range(8)]
CREATE = {"game": "sticks", "seats": "4", "rounds": "1", "round_days": "2"}


@asynccontextmanager
async def process(path, clock, monkeypatch):
    """One process of the bot over the database file `path`: its service, its events and Discord client."""
    store = await Store.open(str(path))
    service = TableService(store, clock=clock, draw_images=True, seeds=lambda: 7)
    events = Event(service, images=True)
    service.extend(events)
    try:
        async with harness_for(service, monkeypatch, path) as bot:
            bot.client.poster.clock = lambda: clock().timestamp()
            yield bot, events
    finally:
        await store.close()


async def last_round_played(tmp_path, monkeypatch):
    """A database where a one-round event of eight has played its two tables to their end, its
    standings not yet scored nor posted."""
    clock = Clock()
    path = tmp_path / "event.db"
    async with process(path, clock, monkeypatch) as (bot, events):
        card = one_public(await bot.command(MODERATOR, "event create", CREATE))
        for person in PEOPLE:
            await bot.press(person, card, card.buttons()["Join"])
        await bot.command(MODERATOR, "event start")
        await bot.drain()
        db = EventStore.of(bot.service.store)
        event = await db.in_channel(CHANNEL)
        for row in await db.pairings(event.id, 1):
            await events._play_out(row.table_id)
            assert (await bot.service.table(row.table_id)).row.status == "finished"
        await bot.drain()
        # the tables' own posts are not what this test follows
        await bot.service.store.conn.execute("UPDATE outbox SET state = 'dropped' WHERE state IN ('draft', 'pending')")
        assert (await db.event(event.id)).status == "running"
    return path, clock, event.id


def results(taken: list[dict]) -> list[dict]:
    return [t for t in taken if t["channel"] == CHANNEL and "is over" in t["view"]]


async def restart(path, clock, monkeypatch, event_id: int) -> None:
    """The process starts again: its clock ticks and its outbox is swept, twice."""
    async with process(path, clock, monkeypatch) as (bot, events):
        for _ in range(2):
            await events.tick()
            await bot.client.poster.sweep(startup=True)
            await bot.drain()
        assert (await OutboxStore.of(bot.service.store).counts()).get("pending", 0) == 0
        event = await EventStore.of(bot.service.store).event(event_id)
        assert event.status == "finished" and event.results_at is not None


async def test_a_stop_at_any_point_of_the_event_end_leaves_one_results_message_with_its_picture(
        tmp_path, sticks, monkeypatch):
    start, clock, event_id = await last_round_played(tmp_path, monkeypatch)
    taken = capture(monkeypatch)
    whole = copy_of(start, tmp_path / "whole.db")
    async with process(whole, clock, monkeypatch) as (bot, events):
        statements = stop_before(bot.service.store, None)
        await events.tick()
        await bot.drain()
        count = len(statements)
        statements = statements[:count]  # the read below is not the event's end
        async with bot.service.store.conn.execute("SELECT body FROM outbox WHERE table_id IS NULL") as cur:
            (body,) = [b for b in (json.loads(r["body"]) for r in await cur.fetchall()) if "drawing" in b]
    assert body["drawing"]["subtitle"] == "8 players, one round, tables of 4"  # the values the picture is drawn from
    (first,) = results(taken)
    assert "The event of Sticks is over." in first["view"]
    ((name, picture, alt),) = first["files"]
    assert name == RESULTS_PICTURE and open_png(picture).width > 500
    assert alt.startswith("The results of Event · Sticks")
    assert any("UPDATE events SET results_at" in s for s in statements)
    assert "UPDATE outbox SET state = 'sent'" in statements[-1]  # the last: the post marked sent

    async def end(bot, events):
        await events.tick()
        await bot.drain()

    doubled_by_nonce = await stops_sent_twice(start, tmp_path, count, taken, first,
                                              lambda path: process(path, clock, monkeypatch), end,
                                              lambda path: restart(path, clock, monkeypatch, event_id), results)
    # sent again, under the same nonce, only where Discord took the message and the process stopped
    # before its row was marked sent: Discord shows it once (enforce_nonce)
    assert doubled_by_nonce == [count]


async def test_an_event_results_post_waiting_for_its_retry_goes_after_a_restart_with_its_picture(
        tmp_path, sticks, monkeypatch):
    start, clock, event_id = await last_round_played(tmp_path, monkeypatch)
    taken = capture(monkeypatch)
    async with process(start, clock, monkeypatch) as (bot, events):
        poster = bot.client.poster
        poster.delays = (3600,)
        bot.fail("POST", rf"/channels/{CHANNEL}/messages", 503)
        await events.tick()  # saved and retrying
        for task in list(poster._background):  # the process stops: its retry never runs
            task.cancel()
    (failed,) = results(taken)
    assert not failed["took"]
    ((name, first_drawing, alt),) = failed["files"]
    assert name == RESULTS_PICTURE and alt.startswith("The results of Event · Sticks")
    clock.advance(hours=2)
    async with process(start, clock, monkeypatch) as (bot, events):
        await bot.client.poster.sweep(startup=True)
        await bot.drain()
        await events.tick()
        await bot.drain()
    failed_, sent = results(taken)
    assert sent["took"] and sent["nonce"] == failed["nonce"] and sent["view"] == failed["view"]
    assert sent["files"] == failed["files"]  # drawn again in the new process: the same PNG, the same alt text
    assert open_png(sent["files"][0][1]).tobytes() == open_png(first_drawing).tobytes()

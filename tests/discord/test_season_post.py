"""A season's results post through the Discord adapter's outbox (real discord.py objects, HTTP
captured): the process is stopped before each statement of the season's end and of the post's
sending in turn, then started again; every time Discord is left with one message (one nonce)
that carries the same picture, byte for byte, and the same alt text as an uninterrupted run's.
A post waiting for its retry when the process stops goes after the restart with its picture."""

from __future__ import annotations

from contextlib import asynccontextmanager
from datetime import UTC, datetime

from bot.core.service import TableService
from bot.features.ratings import Ratings
from bot.features.season import RESULTS_PICTURE, Seasons
from db.outbox import OutboxStore
from db.seasons import SeasonStore
from db.store import Store
from render.common import open_png
from tests.discord.conftest import harness_for
from tests.discord.stopped_process import capture, copy_of, stop_before, stops_sent_twice
from tests.features.test_ratings import play
from tests.features.test_timing import Rounds, rounds  # noqa: F401  (the fixture registers the test game)
from tests.helpers import Clock, who

GUILD = 111
RESULTS = 7777
BOSS = who("Boss", 900, manage=True)
ANA, BEN, CY = who("Ana", 10), who("Ben", 11), who("Cy", 12)
BOUNDARY = datetime(2026, 4, 1, 0, 1, tzinfo=UTC)


@asynccontextmanager
async def process(path, clock, monkeypatch):
    """One process of the bot over the database file `path`: its service, seasons and Discord client."""
    store = await Store.open(str(path))
    service = TableService(store, clock=clock, draw_images=True)
    ratings, seasons = Ratings(service, images=False), Seasons(service, images=True)
    ratings.seasons = seasons
    service.extend(ratings)
    service.extend(seasons)
    try:
        async with harness_for(service, monkeypatch, path) as bot:
            bot.client.poster.clock = lambda: clock().timestamp()
            yield bot, seasons
    finally:
        await store.close()


async def march(tmp_path, monkeypatch) -> tuple:
    """A database where season 1 (March 2026) has three finished tables, its end not yet reached."""
    clock = Clock(datetime(2026, 3, 20, 12, tzinfo=UTC))
    path = tmp_path / "march.db"
    async with process(path, clock, monkeypatch) as (bot, _):
        assert (await bot.service.handle(BOSS, "season", {"length": "monthly", "channel": str(RESULTS)})).ok
        for scores in ({ANA: 2, BEN: 1, CY: 0}, {ANA: 0, BEN: 2}, {CY: 1, ANA: 2}):
            await play(bot.service, scores)
            clock.advance(hours=20)
        # the tables' own posts are not what this test follows
        await bot.service.store.conn.execute("UPDATE outbox SET state = 'dropped' WHERE state = 'draft'")
    return path, clock


async def restart(path, clock, monkeypatch) -> None:
    """The process starts again after the boundary: its clocks tick and its outbox is swept, twice."""
    async with process(path, clock, monkeypatch) as (bot, seasons):
        for _ in range(2):
            await seasons.tick()
            await bot.client.poster.sweep(startup=True)
            await bot.drain()
        states = await OutboxStore.of(bot.service.store).counts()
        assert states.get("pending", 0) == 0 and states.get("sent", 0) == 1, states
        closed = await SeasonStore.of(bot.service.store).season(GUILD, 1)
        assert closed.posted_at is not None and closed.outbox_id is not None


async def test_a_stop_at_any_point_of_the_season_end_leaves_one_results_message_with_its_picture(
        tmp_path, rounds, monkeypatch):  # noqa: F811
    start, clock = await march(tmp_path, monkeypatch)
    taken = capture(monkeypatch)
    # the uninterrupted run: the statements from the tick to the mark that the post was sent
    whole = copy_of(start, tmp_path / "whole.db")
    clock.now = BOUNDARY
    async with process(whole, clock, monkeypatch) as (bot, seasons):
        statements = stop_before(bot.service.store, None)
        assert await seasons.tick() == 1
        await bot.drain()
        count = len(statements)
    (first,) = taken
    assert first["channel"] == RESULTS and "Season 1 (1 Mar 2026 to 31 Mar 2026, UTC) is over." in first["view"]
    ((name, picture, alt),) = first["files"]
    assert name == RESULTS_PICTURE and open_png(picture).width > 500
    assert alt.startswith("The results of Season 1") and "Ana" in alt
    assert any("UPDATE seasons SET posted_at" in s for s in statements)
    assert "UPDATE outbox SET state = 'sent'" in statements[-1]  # the last: the post marked sent

    async def end(bot, seasons):
        await seasons.tick()
        await bot.drain()

    doubled_by_nonce = await stops_sent_twice(start, tmp_path, count, taken, first,
                                              lambda path: process(path, clock, monkeypatch), end,
                                              lambda path: restart(path, clock, monkeypatch))
    # sent again after the restart, under the same nonce, only where Discord took the message and the
    # process stopped before its row was marked sent: Discord shows it once (enforce_nonce)
    assert doubled_by_nonce == [count]


async def test_a_results_post_waiting_for_its_retry_goes_after_a_restart_with_its_picture(
        tmp_path, rounds, monkeypatch):  # noqa: F811
    start, clock = await march(tmp_path, monkeypatch)
    taken = capture(monkeypatch)
    clock.now = BOUNDARY
    async with process(start, clock, monkeypatch) as (bot, seasons):
        poster = bot.client.poster
        poster.delays = (3600,)
        bot.fail("POST", rf"/channels/{RESULTS}/messages", 503)
        assert await seasons.tick() == 1  # saved and retrying
        for task in list(poster._background):  # the process stops: its retry never runs
            task.cancel()
    (failed,) = taken
    assert not failed["took"]
    ((name, first_drawing, alt),) = failed["files"]  # the picture drawn at the season's end
    assert name == RESULTS_PICTURE and alt.startswith("The results of Season 1")
    clock.advance(hours=2)
    async with process(start, clock, monkeypatch) as (bot, seasons):
        await bot.client.poster.sweep(startup=True)
        await bot.drain()
        await seasons.tick()
        await bot.drain()
    failed_, sent = taken
    assert sent["took"] and sent["nonce"] == failed["nonce"] and sent["view"] == failed["view"]
    assert sent["files"] == failed["files"]  # drawn again in the new process: the same PNG, the same alt text
    assert open_png(sent["files"][0][1]).tobytes() == open_png(first_drawing).tobytes()

"""Every saved move is told in its channel, whatever became of the answer it was saved by: a
process that dies between the save and the post, or a store that fails there, leaves a draft,
and the post that takes the draft tells the moves it holds from the log, not only its own."""

from __future__ import annotations

import pytest

from bot.adapters.discord import client as discord_app
from bot.adapters.discord.posting import Poster
from bot.core.replies import Caller
from bot.core.service import TableService
from bot.lease import LeasedWork
from db.outbox import OutboxStore
from tests.discord.conftest import harness_for
from tests.discord.harness import GUILD
from tests.discord.test_flow import PEOPLE, other, started_table
from tests.helpers import open_store

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


@pytest.fixture
async def bot(store_kind, sticks, monkeypatch, tmp_path):
    store = await open_store(tmp_path / "t.db")
    async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "t.db") as harness:
        harness.client.poster.delays, harness.client.poster.wait = (0.05,), 4.0
        yield harness


async def saved_without_its_post(bot, thread: int, user_id: int, move: str) -> None:
    """The service saves `move`; the process dies before its answer seals a post."""
    person = PEOPLE[user_id]
    reply = await bot.service.handle(Caller(GUILD, thread, person.id, person.name), "move", {"move": move})
    assert reply.ok, reply.private


def told(bot, thread: int, since: int) -> str:
    return "\n".join(post.body["content"] for post in bot.posts(thread)[since:])


async def test_the_next_post_tells_a_move_whose_own_post_was_never_made(bot):
    thread, _, actor = await started_table(bot)
    before = len(bot.posts(thread))
    await saved_without_its_post(bot, thread, actor, "take 3")
    await bot.command(PEOPLE[other(actor)], "move", {"move": "take 2"}, channel=thread)
    await bot.drain()
    said = told(bot, thread, before)
    assert "`take 3`" in said and "`take 2`" in said
    assert said.index("`take 3`") < said.index("`take 2`")  # in the order they were played
    counts = await OutboxStore.of(bot.service.store).counts()
    assert counts.get("draft", 0) == 0 and counts.get("pending", 0) == 0


async def test_a_post_made_after_a_restart_tells_every_move_since_the_last_post(bot):
    thread, _, actor = await started_table(bot)
    before = len(bot.posts(thread))
    await saved_without_its_post(bot, thread, actor, "take 1")
    await saved_without_its_post(bot, thread, other(actor), "take 2")
    await bot.command(PEOPLE[actor], "move", {"move": "take 3"}, channel=thread)
    await bot.drain()
    said = told(bot, thread, before)
    assert [said.count(f"`take {n}`") for n in (1, 2, 3)] == [1, 1, 1]
    restarted = Poster(bot.client, bot.service)
    await restarted.sweep(startup=True)
    assert told(bot, thread, before) == said  # nothing left owed, nothing told twice


async def test_a_move_told_by_its_own_post_is_not_told_again_by_the_next(bot):
    thread, _, actor = await started_table(bot)
    await bot.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
    before = len(bot.posts(thread))
    await bot.command(PEOPLE[other(actor)], "move", {"move": "take 2"}, channel=thread)
    await bot.drain()
    said = told(bot, thread, before)
    assert "`take 2`" in said and "`take 1`" not in said


async def test_every_process_composes_the_drafts_nobody_sealed(bot, monkeypatch):
    thread, _, actor = await started_table(bot)
    before = len(bot.posts(thread))
    await saved_without_its_post(bot, thread, actor, "take 2")
    poster = bot.client.poster
    assert await poster.compose_drafts() == 0  # within the grace its answer may still come
    now = poster.clock
    monkeypatch.setattr(poster, "clock", lambda: now() + 60)
    assert await poster.compose_drafts() == 1
    await bot.drain()
    (post,) = bot.posts(thread)[before:]
    assert "`take 2`" in post.body["content"]

    async def no_sync(*args, **kwargs):
        return None

    monkeypatch.setattr(discord_app, "sync_commands", no_sync)
    monkeypatch.setattr(LeasedWork, "run_forever", no_sync)  # a process that does not hold the clocks
    await bot.client.setup_hook()
    try:
        assert not bot.client._drafts_task.done()  # it composes drafts all the same
    finally:
        bot.client._drafts_task.cancel()

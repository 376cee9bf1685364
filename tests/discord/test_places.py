"""A table is bound only to a place where the bot may post, and a table whose place goes
(thread, channel or server deleted, the bot removed, a 404 on a post) is closed: cancelled with
the reason, no rating, no timers, gone from /games, nothing posted there again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
import pytest

from bot.core.service import TableService
from bot.extensions import install
from db.places import PLACE_DELETED, PlacesStore
from db.timing import TimingStore
from games import registry
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, APP, BOB, BOT_PERMISSIONS, CHANNEL, GUILD
from tests.discord.test_flow import PEOPLE, one_public, started_table


def without(*names: str) -> discord.Permissions:
    permissions = discord.Permissions(BOT_PERMISSIONS.value)
    for name in names:
        setattr(permissions, name, False)
    return permissions


@pytest.fixture
async def full(store, sticks, monkeypatch, tmp_path):
    """The bot with the standard extensions: deadlines, ratings, /games."""
    service = TableService(store)
    installed = install(service, prepare_daily=False)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        harness.installed = installed
        harness.client.poster.delays = (0.05,)
        yield harness


async def closed(bot, table_id: int) -> bool:
    row = await bot.service.store.table(table_id)
    return row.status == "cancelled" and await PlacesStore(bot.service.store).closed_reason(table_id) == PLACE_DELETED


# -- permissions before binding -------------------------------------------------------------
@pytest.mark.parametrize("lacking, named", [("create_public_threads", "Create Public Threads"),
                                            ("send_messages_in_threads", "Send Messages in Threads")])
async def test_without_thread_permissions_the_table_stays_in_the_channel_and_says_why(bot, lacking, named):
    bot.app_permissions = without(lacking)
    ex = await bot.command(ALICE, "open", {"game": "sticks"})
    assert not ex.rest("POST", r"/channels/\d+/threads$")
    lobby = one_public(ex)
    assert lobby.channel_id == CHANNEL and named in ex.private_text
    assert (await bot.table(CHANNEL)) is not None


async def test_without_send_messages_no_table_is_opened_and_the_permission_is_named(bot):
    bot.app_permissions = without("send_messages")
    ex = await bot.command(ALICE, "open", {"game": "sticks"})
    assert "Send Messages" in ex.private_text and not ex.public
    assert not ex.rest("POST", r"/channels/\d+/threads$")
    assert await bot.service.store.tables(GUILD) == []


async def test_a_refused_first_post_in_the_new_thread_moves_the_table_to_the_channel_where_join_works(bot):
    bot.refusals.append(("POST", rf"/channels/(?!{CHANNEL})\d+/messages"))  # threads only
    ex = await bot.command(ALICE, "open", {"game": "sticks"})
    (thread,) = bot.threads
    assert thread in bot.deleted and "could not post in the thread" in ex.private_text
    lobby = next(m for m in ex.public if m.channel_id == CHANNEL)
    joined = await bot.press(BOB, lobby, lobby.buttons()["Join"])
    assert "sat down" in one_public(joined).content
    row = await bot.table(CHANNEL)
    assert [s.user_id for s in await bot.service.store.seats(row.id)] == [ALICE.id, BOB.id]


@pytest.mark.skipif("hawaii" not in registry.available(), reason="Hawaiian Islands not built")
async def test_without_private_threads_the_daily_is_refused_with_the_permission_named(store, monkeypatch, tmp_path):
    from bot.features.daily import install as install_daily
    from tests.features.test_daily import Solver

    service = TableService(store, draw_images=False)
    install_daily(service, solver=Solver(), wait_for_deal=True)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as bot:
        bot.app_permissions = without("create_private_threads")
        ex = await bot.command(ALICE, "daily")
        assert "Create Private Threads" in ex.private_text and not ex.public
        assert not ex.rest("POST", r"/channels/\d+/threads$")


# -- places that go --------------------------------------------------------------------------
async def _timed_table(bot) -> tuple[int, int]:
    thread, _, _ = await started_table(bot, None)
    row = await bot.table(thread)
    timers = await TimingStore.of(bot.service.store).timers_of_table(row.id)
    assert any(t.state == "pending" for t in timers)  # the deadline runs
    return thread, row.id


async def _after_close(bot, thread: int, table_id: int) -> None:
    assert await closed(bot, table_id)
    timers = await TimingStore.of(bot.service.store).timers_of_table(table_id)
    assert not any(t.state == "pending" for t in timers)
    assert await bot.service.store.results(table_id) == []  # no result, so no rating
    games = await bot.command(ALICE, "games", {})
    assert f"<#{thread}>" not in games.private_text
    posted = len(bot.posts(thread))
    await bot.installed.tick(datetime.now(UTC) + timedelta(days=30))  # long past the deadline
    await bot.client.poster.sweep(startup=True)
    assert len(bot.posts(thread)) == posted  # nothing from the clocks, nothing owed


async def test_a_deleted_thread_closes_its_table(full):
    thread, table_id = await _timed_table(full)
    full.add_guild()
    await full.event("THREAD_DELETE", {"id": str(thread), "guild_id": str(GUILD), "parent_id": str(CHANNEL),
                                       "type": 11})
    await _after_close(full, thread, table_id)


async def test_the_bot_removed_from_a_thread_closes_its_table(full):
    thread, table_id = await _timed_table(full)
    full.add_guild()
    await full.event("THREAD_MEMBERS_UPDATE", {"id": str(thread), "guild_id": str(GUILD), "member_count": 1,
                                               "removed_member_ids": [str(APP)]})
    await _after_close(full, thread, table_id)


async def test_a_deleted_channel_closes_its_tables_and_those_of_its_threads(full):
    thread, table_id = await _timed_table(full)
    full.app_permissions = without("create_public_threads")  # this one stays in the channel
    in_channel = await full.command(ALICE, "open", {"game": "sticks"})
    assert one_public(in_channel).channel_id == CHANNEL
    full.add_guild()
    await full.event("CHANNEL_DELETE", {"id": str(CHANNEL), "guild_id": str(GUILD), "type": 0, "name": "general",
                                        "position": 0, "permission_overwrites": []})
    assert await closed(full, table_id)
    assert await full.table(CHANNEL) is None
    assert await full.service.store.tables(GUILD) == []


async def test_the_bot_removed_from_the_server_closes_its_tables(full):
    thread, table_id = await _timed_table(full)
    full.add_guild()
    await full.event("GUILD_DELETE", {"id": str(GUILD)})
    assert await closed(full, table_id)
    await full.event("GUILD_DELETE", {"id": str(GUILD), "unavailable": True})  # an outage is not a removal


async def test_a_404_on_a_post_closes_the_table_and_stops_posting_there(full):
    thread, _, actor = await started_table(full)
    table_id = (await full.table(thread)).id
    full.fail("POST", rf"/channels/{thread}/messages", 404)
    ex = await full.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
    assert "no longer exists" in ex.private_text and "went wrong" not in ex.private_text
    assert await closed(full, table_id)
    posted = len(full.posts(thread))
    await full.client.poster.sweep(startup=True)
    assert len(full.posts(thread)) == posted


async def test_at_start_tables_whose_place_or_server_went_are_closed(full):
    _, gone = await _timed_table(full)
    _, kept = await _timed_table(full)
    places = full.client.places
    assert await places.check_at_start(full.client, pause=0) == 2  # the bot is in no server at all
    assert await closed(full, gone) and await closed(full, kept)

    again_gone, again = await _timed_table(full)
    _, still = await _timed_table(full)
    full.add_guild()  # the server is back, the threads not cached (archived): they are looked up
    full.client._connection._get_guild(GUILD)._threads.clear()
    full.fail("GET", rf"/channels/{again_gone}", 404)
    assert await places.check_at_start(full.client, pause=0) == 1
    assert await closed(full, again)
    assert (await full.service.store.table(still)).status == "active"

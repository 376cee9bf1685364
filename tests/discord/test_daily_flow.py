"""/daily in Discord: today's deal in a private thread of the player's own, once a day."""

import asyncio

import discord
import pytest

from bot.core.service import TableService
from bot.features.daily import install
from games import registry
from tests.discord.conftest import harness_for
from tests.discord.harness import CHANNEL, GUILD
from tests.discord.test_flow import ALICE, BOB, one_public, only_private
from tests.features.test_daily import Solver

pytestmark = pytest.mark.skipif("hawaii" not in registry.available(), reason="Hawaiian Islands not built")


@pytest.fixture
async def daily_bot(store, monkeypatch, tmp_path):
    service = TableService(store, draw_images=False)
    install(service, solver=Solver(), wait_for_deal=True)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        yield harness


async def test_daily_opens_a_private_thread_for_the_player_and_only_once(daily_bot):
    ex = await daily_bot.command(ALICE, "daily")
    (create,) = ex.rest("POST", rf"/channels/{CHANNEL}/threads$")
    assert create.body["type"] == discord.ChannelType.private_thread.value and create.body["invitable"] is False
    (thread,) = daily_bot.threads
    assert ex.rest("PUT", rf"/channels/{thread}/thread-members/{ALICE.id}$")
    start = one_public(ex)
    assert start.channel_id == thread and "begins" in start.content  # the table lives in the private thread
    assert f"<#{thread}>" in ex.private_text

    again = await daily_bot.command(ALICE, "daily")
    assert not again.rest("POST", r"/channels/\d+/threads$")  # refused before any thread is made
    assert "under way" in only_private(again) and "one attempt" in only_private(again).lower()

    other = await daily_bot.command(BOB, "daily")
    assert len(other.rest("POST", rf"/channels/{CHANNEL}/threads$")) == 1  # Bob gets his own thread


async def test_two_daily_commands_at_once_make_one_thread_and_one_table(daily_bot, monkeypatch):
    """The player double-submits /daily while their table is slow to open: one thread, one table."""
    service = daily_bot.service
    opening = service.cmd_open

    async def slow_open(*args, **kwargs):
        await asyncio.sleep(0.3)
        return await opening(*args, **kwargs)

    monkeypatch.setattr(service, "cmd_open", slow_open)
    start = len(daily_bot.calls)
    payloads = [daily_bot.command_payload(ALICE, "daily") for _ in range(2)]
    now = asyncio.get_running_loop().time()
    for payload in payloads:  # both arrive before either is answered (what Harness.feed does, twice at once)
        daily_bot._interactions[payload["token"]] = {"payload": payload, "fed": now, "acked": None, "messages": [],
                                                     "channel": int(payload["channel_id"])}
        daily_bot.client._connection.parsers["INTERACTION_CREATE"](payload)
    await daily_bot.settle()
    assert not daily_bot.problems, daily_bot.problems
    calls = daily_bot.calls[start:]
    made = [c for c in calls if c.method == "POST" and c.path == f"/channels/{CHANNEL}/threads"]
    assert len(made) == 1  # the second call never made a thread
    assert not [c for c in calls if c.method == "DELETE"]
    (thread,) = daily_bot.threads
    rows = await service.store.tables(GUILD, statuses=("lobby", "active", "finished", "cancelled"))
    assert [(r.channel_id, r.status) for r in rows] == [(thread, "active")]
    texts = " ".join(str(c.body) for c in calls)
    assert "being set up" in texts  # the second was told, privately
    for payload in payloads:
        assert daily_bot._interactions[payload["token"]]["acked"] is not None  # both answered

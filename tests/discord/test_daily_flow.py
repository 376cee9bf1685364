"""/daily in Discord: today's deal in a private thread of the player's own, once a day."""

import discord
import pytest

from bot.daily import install
from bot.service import TableService
from games import registry
from tests.discord.conftest import harness_for
from tests.discord.harness import CHANNEL
from tests.discord.test_flow import ALICE, BOB, one_public, only_private
from tests.test_daily import Solver

pytestmark = pytest.mark.skipif("hawaii" not in registry.available(), reason="Hawaiian Islands not built")


@pytest.fixture
async def daily_bot(store, monkeypatch, tmp_path):
    service = TableService(store, draw_images=False)
    install(service, solver=Solver(), prepare_ahead=False)
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

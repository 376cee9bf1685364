"""The operator's surface through the Discord adapter: /about answered privately (version, since
when, servers, the support link), the presence line sent only when its words change, the
gateway's shards as /healthz reads them, and the sender's posts counted for /metrics."""

from __future__ import annotations

import time
from importlib import metadata

import discord
import pytest

from bot.adapters.discord import presence
from bot.core import metrics as metrics_module
from bot.core.health import health_of
from bot.core.metrics import Metrics
from bot.core.presence import PRESENCE_EVERY, PresenceLine
from bot.core.replies import Reply
from bot.core.service import TableService
from bot.features.about import About
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, CHANNEL
from tests.discord.test_flow import only_private, started_table

SUPPORT = "https://discord.gg/isles-help"


@pytest.fixture
async def about_bot(store, sticks, monkeypatch, tmp_path):
    service = TableService(store, draw_images=True)
    service.extend(About(service, SUPPORT))
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        yield harness


async def test_about_tells_version_uptime_servers_and_the_support_link_privately(about_bot):
    about_bot.add_guild()
    about_bot.client.dispatch("shard_ready", 0)
    await about_bot.settle()
    text = only_private(await about_bot.command(ALICE, "about"))
    started = int(health_of(about_bot.service).started)
    assert f"Isles {metadata.version('isles')}:" in text
    assert f"Running since <t:{started}:R>." in text
    assert "Playing in 1 server." in text
    assert f"Help, news and bug reports: {SUPPORT}" in text


async def test_about_without_a_support_link_says_whom_to_ask(store, sticks, monkeypatch, tmp_path):
    service = TableService(store, draw_images=False)
    service.extend(About(service))
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        text = only_private(await harness.command(ALICE, "about"))
    assert "Ask the people who run this bot" in text and "Playing in 0 servers." in text


async def test_the_gateway_as_healthz_reads_it(bot):
    health = health_of(bot.service)
    assert health.gateway_now().shards_ready == 0
    bot.client.dispatch("shard_ready", 0)
    await bot.settle()
    seen = health.gateway_now()
    assert seen.shards_ready == 1 and seen.latency is None  # no heartbeat yet: no latency, not NaN
    assert seen.none_ready_since is None
    before = time.time()
    bot.client.dispatch("shard_disconnect", 0)
    await bot.settle()
    gone = health.gateway_now()
    assert gone.shards_ready == 0 and before <= gone.none_ready_since <= time.time()
    bot.client.dispatch("shard_resumed", 0)
    await bot.settle()
    assert health.gateway_now().shards_ready == 1


async def test_the_presence_line_counts_tables_in_play_and_is_sent_only_when_it_changes(bot, monkeypatch):
    sent: list[dict] = []

    async def change_presence(*, activity=None, status=None):
        sent.append(activity.to_dict())

    monkeypatch.setattr(bot.client, "change_presence", change_presence)
    line = PresenceLine(bot.service.store)
    assert await presence.refresh(bot.client, line)
    assert sent[-1]["type"] == discord.ActivityType.custom.value
    assert sent[-1]["state"] == "No tables in play: /open starts one"
    assert not await presence.refresh(bot.client, line) and len(sent) == 1  # nothing new: nothing sent
    await started_table(bot)
    assert await presence.refresh(bot.client, line)
    assert sent[-1]["state"] == "1 table in play"
    assert PRESENCE_EVERY >= 60  # Discord's gateway takes few presence changes; a count needs fewer still


async def test_a_presence_change_that_fails_is_tried_again(bot, monkeypatch):
    async def refused(**_kw):
        raise ConnectionResetError("the gateway went")

    monkeypatch.setattr(bot.client, "change_presence", refused)
    line = PresenceLine(bot.service.store)
    with pytest.raises(ConnectionResetError):
        await presence.refresh(bot.client, line)
    assert line.shown is None and await line.due() is not None


async def test_posts_sent_and_retried_are_counted(bot, monkeypatch):
    counted = Metrics()
    monkeypatch.setattr(metrics_module, "_metrics", counted)
    await started_table(bot)
    assert counted.posts_sent >= 1 and counted.answers["command"] == 3
    sent = counted.posts_sent
    bot.fail("POST", rf"/channels/{CHANNEL}/messages$", 500)
    await bot.service.outbox.post(CHANNEL, Reply(text="The table waits."))
    await bot.service.outbox.post(CHANNEL, Reply(text="The table waits still."))
    await bot.drain()
    assert counted.posts_retried == 1 and counted.posts_sent == sent + 2


async def test_about_counts_the_time_running_from_the_install_not_from_the_first_question(store):
    from bot.core import health

    service = TableService(store, draw_images=False)
    About(service)
    assert service in health._health  # made with the extension, so "running since" is the bot's start


async def test_a_failure_after_the_save_is_counted_though_the_person_is_answered(bot, monkeypatch):
    import render
    from tests.discord.test_flow import PEOPLE

    counted = Metrics()
    monkeypatch.setattr(metrics_module, "_metrics", counted)
    thread, _, actor = await started_table(bot)

    def broken(*args):
        raise RuntimeError("the picture failed")

    monkeypatch.setattr(render, "draw", broken)
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
    assert ex.private_text.startswith("That counted and is saved")
    assert counted.errors["RuntimeError"] >= 1 and counted.answers["command"] == 4

"""The unmodified bot, started through `run(settings)`, against a local fake Discord."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot import discord_app
from bot.commands import COMMANDS
from tests.discord.conftest import settings_for
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ALICE, APP, CHANNEL
from tests.discord.limits import EPHEMERAL


@pytest.fixture
async def fake(monkeypatch):
    fake = FakeDiscord()
    await fake.start()
    fake.redirect(monkeypatch)
    yield fake
    await fake.stop()


@contextlib.asynccontextmanager
async def running(settings):
    """The bot as `isles run` starts it; cancelled (like Ctrl-C) on the way out."""
    task = asyncio.create_task(discord_app.run(settings))
    try:
        yield task
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 10)


async def answered(fake: FakeDiscord, payload, since: int, *more: str):
    """Wait until the interaction was answered and the further paths (regexes) were requested."""
    token = payload["token"]
    wanted = [rf"/interactions/{payload['id']}/{token}/callback", *more]
    return await fake.wait_until(lambda: all(fake.find("POST", p, since) for p in wanted) and
                                 [fake.find("POST", p, since)[0] for p in wanted])


async def test_bot_logs_in_syncs_once_and_plays_over_the_wire(fake, sticks, tmp_path):
    settings = settings_for(tmp_path / "isles.db")
    commands = rf"/applications/{APP}/commands"

    async with running(settings) as task:
        await fake.wait_until(lambda: fake.identifies == 1 or task.done())
        assert not task.done(), task
        (put,) = fake.find("PUT", commands)
        names = [c["name"] for c in put.body]
        assert names[: len(COMMANDS)] == [c.name for c in COMMANDS]  # the core's, then the extensions'
        assert {"daily", "leaderboard", "notify", "games", "deadline"} <= set(names)

    async with running(settings) as task:  # a restart on the same database: nothing changed, no sync
        await fake.wait_until(lambda: fake.identifies == 2 or task.done())
        assert not task.done(), task
        assert len(fake.find("PUT", commands)) == 1

        mark = len(fake.requests)
        opened = await fake.command(ALICE, "open", {"game": "sticks"})
        callback, thread_req, lobby, note = await answered(
            fake, opened, mark, rf"/channels/{CHANNEL}/threads", r"/channels/\d+/messages",
            rf"/webhooks/{APP}/{opened['token']}")
        assert callback.body == {"type": 5, "data": {"flags": EPHEMERAL}}
        assert thread_req.body["auto_archive_duration"] == 10080
        (thread,) = fake.threads
        assert lobby.path == f"/channels/{thread}/messages"
        assert "Join" in str(lobby.body["components"])
        assert f"<#{thread}>" in note.body["content"]

        mark = len(fake.requests)
        added = await fake.command(ALICE, "addai", channel=thread)
        (callback,) = await answered(fake, added, mark)
        assert callback.body["type"] == 4 and "computer player" in callback.body["data"]["content"]

        mark = len(fake.requests)
        started = await fake.command(ALICE, "start", channel=thread)
        callback, board, ack = await answered(fake, started, mark, rf"/channels/{thread}/messages",
                                              rf"/webhooks/{APP}/{started['token']}")
        assert callback.body["type"] == 5
        assert f"<@{ALICE.id}>" in board.body["content"]
        assert board.body["allowed_mentions"]["users"] in ([ALICE.id], [str(ALICE.id)])
        assert board.files and board.files[0][0] == "board.png"

        mark = len(fake.requests)
        moved = await fake.command(ALICE, "move", {"move": "take 1"}, channel=thread)
        callback, board, ack = await answered(fake, moved, mark, rf"/channels/{thread}/messages",
                                              rf"/webhooks/{APP}/{moved['token']}")
        assert "`take 1`" in board.body["content"]
        assert ack.body["flags"] & EPHEMERAL

    assert fake.problems == []

"""The unmodified bot, started through `run(settings)`, against a local fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
from datetime import timedelta

import discord
import pytest

from bot.adapters.discord import client as discord_app
from bot.core.commands import COMMANDS
from tests.discord import harness
from tests.discord.conftest import settings_for
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ALICE, APP, BOB, CHANNEL, GUILD, snowflake
from tests.discord.limits import EPHEMERAL, walk


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
            await asyncio.wait_for(task, 60)


async def answered(fake: FakeDiscord, payload, since: int, *more: str):
    """Wait until the interaction was answered and the further paths (regexes) were requested."""
    token = payload["token"]
    wanted = [rf"/interactions/{payload['id']}/{token}/callback", *more]
    return await fake.wait_until(lambda: all(fake.find("POST", p, since) for p in wanted) and
                                 [fake.find("POST", p, since)[0] for p in wanted])


def test_an_interaction_sent_later_in_a_long_run_carries_the_time_it_was_sent(monkeypatch):
    monkeypatch.setattr(harness, "_last_id", [0])  # the ids of later tests do not start 20 minutes ahead
    first = snowflake()
    later = discord.utils.utcnow() + timedelta(minutes=20)  # past an interaction's 15 minutes
    monkeypatch.setattr(discord.utils, "utcnow", lambda: later)
    sent = snowflake()
    assert abs((discord.utils.snowflake_time(sent) - later).total_seconds()) < 1
    assert snowflake() > sent > first  # and never the same id twice


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


def buttons(body: dict) -> dict[str, str]:
    return {c.get("label", ""): c.get("custom_id", "") for row in body.get("components") or []
            for c in row.get("components", [])}


async def test_a_deployment_day_reconnects_failures_deletions_and_sigterm(fake, sticks, tmp_path):
    """The unmodified bot through op 7, a dropped socket and op 9, server errors and rate limits on
    its posts, buttons, menus, a form and autocomplete over the wire, a deleted thread and SIGTERM:
    no move lost, every interaction answered, the clocks' lease given back at the end."""
    settings = settings_for(tmp_path / "isles.db")
    task = asyncio.create_task(discord_app.run(settings))
    try:
        await fake.wait_until(lambda: fake.identifies == 1 or task.done())
        posts = r"/channels/\d+/messages"

        mark = len(fake.requests)
        opened = await fake.command(ALICE, "open", {"game": "sticks", "options": "sticks=40"})
        _, lobby = await answered(fake, opened, mark, posts)
        (thread,) = fake.threads
        thread_posts = rf"/channels/{thread}/messages"

        mark = len(fake.requests)
        joined = await fake.click(BOB, thread, lobby.body, buttons(lobby.body)["Join"])  # a button
        (callback,) = await answered(fake, joined, mark)
        assert "sat down" in callback.body["data"]["content"]

        mark = len(fake.requests)
        started = await fake.command(ALICE, "start", channel=thread)
        _, board = await answered(fake, started, mark, thread_posts)
        people = {ALICE.id: ALICE, BOB.id: BOB}

        async def turn(how: str, server_says: int | None = None, cloudflare: bool = False):
            nonlocal board
            (actor,) = board.body["allowed_mentions"]["users"]
            person = people[int(actor)]
            if server_says:
                fake.fail("POST", thread_posts, server_says, cloudflare=cloudflare)
            mark = len(fake.requests)
            if how == "button":
                payload = await fake.click(person, thread, board.body, buttons(board.body)["take 1"])
            elif how == "menu":
                shown = await fake.click(person, thread, board.body, buttons(board.body)["My moves"])
                (callback,) = await answered(fake, shown, mark)
                # My moves is a card: its menu nested in the card's container
                (menu,) = [c for c in walk(callback.body["data"]["components"]) if c["type"] == 3]
                mark = len(fake.requests)
                payload = await fake.click(person, thread, callback.body["data"], menu["custom_id"], ["take 2"])
            elif how == "form":
                table = (await fake_table(tmp_path, thread))
                payload = await fake.submit(person, thread, f"isles:f:{table}:-:take ", {"move": "take 1"})
            else:
                payload = await fake.command(person, "move", {"move": "take 1"}, channel=thread)
            await fake.wait_until(lambda: [r for r in fake.find("POST", thread_posts, mark) if r.status == 200])
            found = await answered(fake, payload, mark)
            posted = fake.find("POST", thread_posts, mark)
            board = posted[-1]
            return found, posted

        def once(posted) -> None:  # failed tries, then the post: one message, one nonce
            assert [r.status for r in posted][-1] == 200 and len({r.body["nonce"] for r in posted}) == 1, posted

        _, posted = await turn("command", server_says=500)  # discord.py retries a 500 itself
        once(posted)
        assert [r.status for r in posted] == [500, 200]
        _, posted = await turn("button", server_says=429)  # a rate limit with its headers: waited out
        assert [r.status for r in posted] == [429, 200]
        once(posted)

        mark = len(fake.requests)
        await fake.reconnect()  # op 7
        suggest = await fake.command(ALICE, "move", {"move": "ta"}, channel=thread, focused="move")
        await fake.wait_until(lambda: fake.resumes == 1)
        (callback,) = await answered(fake, suggest, mark)  # replayed after the RESUME, then answered
        assert callback.body["type"] == 8

        _, posted = await turn("menu", server_says=429, cloudflare=True)  # Cloudflare's 429: the outbox retries
        assert [r.status for r in posted] == [429, 200]
        once(posted)
        await fake.drop()  # the socket dies
        await fake.wait_until(lambda: fake.resumes == 2)
        await turn("form")
        await fake.invalidate()  # op 9
        await fake.wait_until(lambda: fake.identifies == 2)
        await turn("command")

        moves = await saved_moves(tmp_path, thread)
        assert moves == ["take 1", "take 1", "take 2", "take 1", "take 1"]  # no move lost, none twice

        await fake.dispatch("THREAD_DELETE", {"id": str(thread), "guild_id": str(GUILD), "parent_id": str(CHANNEL),
                                              "type": 11})
        for _ in range(600):
            if closed_reason(tmp_path, thread) == "place deleted":
                break
            await asyncio.sleep(0.1)
        assert closed_reason(tmp_path, thread) == "place deleted"

        assert not task.done()  # run() is up, so its SIGTERM handler is the one that hears this
        os.kill(os.getpid(), signal.SIGTERM)  # as a host's process manager stops the bot
        await asyncio.wait_for(task, 60)
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    assert fake.unanswered() == []
    assert fake.problems == []
    assert fake.identifies == 2 and fake.resumes == 2
    db = sqlite3.connect(tmp_path / "isles.db")
    assert db.execute("SELECT COUNT(*) FROM leases").fetchone()[0] == 0  # given back
    assert db.execute("SELECT COUNT(*) FROM outbox WHERE state IN ('draft', 'pending')").fetchone()[0] == 0


def _db(tmp_path):
    return sqlite3.connect(tmp_path / "isles.db")


async def fake_table(tmp_path, thread: int) -> int:
    return _db(tmp_path).execute("SELECT id FROM tables WHERE channel_id = ?", (thread,)).fetchone()[0]


async def saved_moves(tmp_path, thread: int) -> list[str]:
    return [m for (m,) in _db(tmp_path).execute(
        "SELECT move FROM moves JOIN tables ON tables.id = moves.table_id WHERE channel_id = ? ORDER BY n",
        (thread,))]


def closed_reason(tmp_path, thread: int) -> str | None:
    row = _db(tmp_path).execute("SELECT closed_reason FROM tables WHERE channel_id = ?", (thread,)).fetchone()
    return row[0] if row else None

"""The Discord outbox over a real discord.py client, with Discord played by a fake HTTP session:
discord.py's own request code turns the fake's answers into results and exceptions (a 403
with code 50007 becomes discord.Forbidden), so nothing here reaches Discord."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
from typing import Any

import aiohttp
import discord
import pytest

from bot.adapters.discord.client import DiscordOutbox
from bot.core import marks
from bot.core.replies import Button, Reply
from bot.features.timing import Timing
from tests.features.test_timing import Rounds, rounds  # noqa: F401  (the fixture registers the test game)
from tests.helpers import ALICE, BOB, Clock, service_at

GUILD, CHANNEL, THREAD, BOT = 111, 222, 333, 999
CLOSED = 2  # this user's direct messages are closed to the bot
_ids = itertools.count(discord.utils.time_snowflake(discord.utils.utcnow()))


class FakeResponse:
    def __init__(self, status: int, body: Any):
        self.status = status
        self.reason = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found"}[status]
        self.headers = {"content-type": "application/json"}
        self._text = json.dumps(body)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *exc) -> None:
        return None


def _body(data: Any) -> dict | None:
    if isinstance(data, str):
        return json.loads(data)
    if isinstance(data, aiohttp.FormData):  # an upload: the JSON travels as payload_json
        for options, _headers, value in data._fields:
            if options.get("name") == "payload_json":
                return json.loads(value)
    return None


def _files(data: Any) -> list[str]:
    if isinstance(data, aiohttp.FormData):
        return [options["filename"] for options, _h, _v in data._fields if options.get("filename")]
    return []


class FakeDiscord:
    """Answers discord.py's requests as Discord does, and remembers them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, dict | None, list[str]]] = []
        self.archived = {THREAD: True}
        self.dm_of: dict[int, int] = {}

    def request(self, method: str, url: str, **kwargs: Any) -> FakeResponse:
        path = url.split("/api/v10", 1)[-1]
        body = _body(kwargs.get("data"))
        self.calls.append((method, path, body, _files(kwargs.get("data"))))
        if m := re.fullmatch(r"/channels/(\d+)", path):
            channel = int(m[1])
            if method == "PATCH" and body and "archived" in body:
                self.archived[channel] = body["archived"]
            return FakeResponse(200, self.channel(channel))
        if method == "POST" and (m := re.fullmatch(r"/channels/(\d+)/messages", path)):
            channel = int(m[1])
            if self.archived.get(channel):
                return FakeResponse(400, {"code": 50083, "message": "Thread is archived"})
            if self.dm_of.get(CLOSED) == channel:
                return FakeResponse(403, {"code": 50007, "message": "Cannot send messages to this user"})
            return FakeResponse(200, self.message(channel, body))
        if m := re.fullmatch(r"/users/(\d+)", path):
            return FakeResponse(200, self.user(int(m[1])))
        if method == "POST" and path == "/users/@me/channels":
            user = int(body["recipient_id"])
            self.dm_of[user] = dm = 700 + user
            return FakeResponse(200, {"id": str(dm), "type": 1, "recipients": [self.user(user)]})
        return FakeResponse(404, {"code": 0, "message": "404: Not Found"})

    def posts(self) -> list[tuple[str, dict | None, list[str]]]:
        return [(path, body, files) for method, path, body, files in self.calls
                if method == "POST" and path.endswith("/messages")]

    @staticmethod
    def user(user_id: int) -> dict:
        return {"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "avatar": None}

    def channel(self, channel_id: int) -> dict:
        if channel_id == THREAD:
            return {"id": str(THREAD), "type": 11, "guild_id": str(GUILD), "parent_id": str(CHANNEL),
                    "owner_id": str(BOT), "name": "Rounds table", "message_count": 3, "member_count": 2,
                    "rate_limit_per_user": 0, "flags": 0,
                    "thread_metadata": {"archived": self.archived.get(THREAD, False), "auto_archive_duration": 10080,
                                        "locked": False, "archive_timestamp": "2026-01-01T00:00:00+00:00"}}
        return {"id": str(channel_id), "type": 0, "guild_id": str(GUILD), "name": "games", "position": 0,
                "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None}

    def message(self, channel_id: int, body: dict | None) -> dict:
        body = body or {}
        return {"id": str(next(_ids)), "channel_id": str(channel_id), "type": 0, "content": body.get("content", ""),
                "author": {**self.user(BOT), "bot": True}, "attachments": [], "embeds": [], "mentions": [],
                "mention_roles": [], "pinned": False, "mention_everyone": False, "tts": False,
                "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "flags": 0,
                "components": body.get("components") or []}


class FakeSession:
    def __init__(self, discord_: FakeDiscord):
        self.discord = discord_
        self.closed = False

    def request(self, method: str, url: str, **kwargs: Any) -> FakeResponse:
        return self.discord.request(method, url, **kwargs)

    async def close(self) -> None:
        self.closed = True


@pytest.fixture
async def client():
    fake = FakeDiscord()
    bot = discord.Client(intents=discord.Intents.none())
    async with bot:
        state = bot._connection
        state.user = discord.ClientUser(state=state, data={**fake.user(BOT), "bot": True})
        bot.http._HTTPClient__session = FakeSession(fake)  # what static_login would open, and its state
        bot.http._global_over = asyncio.Event()
        bot.http._global_over.set()
        bot.http.token = "fake-token"
        bot.fake = fake
        yield bot


async def test_a_post_unarchives_an_archived_thread_first(client):
    outbox = DiscordOutbox(client)
    reply = Reply(text=f"Reminder: {marks.person(1)}, your turn ends soon.", mentions=[1],
                  buttons=[Button("My moves", "isles:ls:1:4")], image=b"\x89PNG fake", image_name="board.png")
    assert await outbox.post(THREAD, reply)
    methods = [(m, p) for m, p, _b, _f in client.fake.calls]
    assert methods == [("GET", f"/channels/{THREAD}"), ("PATCH", f"/channels/{THREAD}"),
                       ("POST", f"/channels/{THREAD}/messages")]
    assert client.fake.calls[1][2]["archived"] is False
    (_path, body, files), = client.fake.posts()
    assert body["content"] == "Reminder: <@1>, your turn ends soon." and files == ["board.png"]
    assert body["allowed_mentions"]["users"] == [1] and body["allowed_mentions"]["parse"] == []
    assert body["components"][0]["components"][0]["custom_id"] == "isles:ls:1:4"


async def test_a_post_to_a_channel_needs_no_unarchiving(client):
    outbox = DiscordOutbox(client)
    assert await outbox.post(CHANNEL, Reply(text="Hello"))
    assert [m for m, *_ in client.fake.calls] == ["GET", "POST"]
    assert await outbox.post(CHANNEL, Reply())  # nothing to say: nothing sent
    assert len(client.fake.calls) == 2


async def test_a_thread_archived_after_it_was_looked_up_is_unarchived_and_posted_to(client):
    outbox = DiscordOutbox(client)
    client.fake.archived[THREAD] = False
    thread = await client.fetch_channel(THREAD)
    client.get_channel = lambda channel_id: thread if channel_id == THREAD else None  # as if cached
    client.fake.archived[THREAD] = True  # Discord archived it after a quiet week
    client.fake.calls.clear()
    assert await outbox.post(THREAD, Reply(text="Your move"))
    assert [(m, p.rsplit("/", 1)[-1]) for m, p, *_ in client.fake.calls] == [
        ("POST", "messages"), ("GET", str(THREAD)), ("PATCH", str(THREAD)), ("POST", "messages")]


async def test_direct_messages_and_closed_ones(client, caplog):
    outbox = DiscordOutbox(client)
    assert await outbox.direct(1, "It is your turn.")
    assert client.fake.posts()[-1][0] == f"/channels/{client.fake.dm_of[1]}/messages"
    with caplog.at_level(logging.INFO, logger="bot.adapters.discord.client"):
        assert await outbox.direct(CLOSED, "It is your turn.") is False
    assert "50007" in caplog.text


@pytest.mark.usefixtures("rounds")
async def test_closed_direct_messages_through_the_service_are_noted_and_told_once(tmp_path, client):
    service = await service_at(tmp_path / "t.db", clock=Clock())
    timing = Timing(service)
    service.extend(timing)
    service.outbox = DiscordOutbox(client)
    assert (await service.handle(ALICE, "open", {"game": "rounds"})).ok
    assert (await service.handle(BOB, "join")).ok
    for person in (ALICE, BOB):
        assert (await service.handle(person, "notify", {"mode": "dm"})).ok
    assert (await service.handle(ALICE, "start")).ok
    for _ in range(4):
        row = await service.store.open_table(CHANNEL)
        seat = Rounds.load(row.state).to_act()[0]
        user = next(s.user_id for s in await service.store.seats(row.id) if s.seat == seat)
        reply = await service.handle(ALICE if user == 1 else BOB, "move", {"move": "score 2"})
        assert reply.ok, reply.private
        await timing.settle()
    assert len(await service.store.moves(row.id)) == 4  # the game went on
    told = [body for path, body, _f in client.fake.posts()
            if path == f"/channels/{CHANNEL}/messages" and "could not send you a direct message" in body["content"]]
    assert len(told) == 1 and told[0]["allowed_mentions"]["users"] == [CLOSED]
    delivered = [path for path, *_ in client.fake.posts() if path == f"/channels/{client.fake.dm_of[1]}/messages"]
    assert len(delivered) >= 2  # Alice's direct messages arrive

"""The fake Discord of bench/trust.py: tests/discord/sharded_fake.py with many channels in each of
its two servers, keeping as they come what the bot sends in answer to each interaction and the
posts of each channel (a run sends thousands; scanning the whole request list for each answer
awaited would cost the bench more than the bots)."""

from __future__ import annotations

import asyncio
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from tests.discord.fake_discord import J, Request
from tests.discord.harness import Person
from tests.discord.limits import EPHEMERAL
from tests.discord.sharded_fake import GUILDS, ShardedFakeDiscord, channel_in

CALLBACK = re.compile(r"/interactions/\d+/([^/]+)/callback")
WEBHOOK = re.compile(r"/webhooks/\d+/([^/]+)(/messages/.+)?")
CHANNEL_POST = re.compile(r"/channels/(\d+)/messages")
DEFERRED = 5  # an interaction callback that says "thinking...", no answer yet


@dataclass
class Said:
    """One message the bot sent in answer to an interaction."""

    public: bool
    text: str


def layout(tables: int, first_channel: int = 333_000_000_000_000_001) -> list[tuple[int, int]]:
    """(server, channel) of each table: the tables alternate between the two servers (shards)."""
    return [(GUILDS[i % 2], first_channel + i) for i in range(tables)]


class BenchDiscord(ShardedFakeDiscord):
    def __init__(self, places: list[tuple[int, int]]) -> None:
        super().__init__(2)
        self.server_of = {channel: guild for guild, channel in places}
        self.said: dict[str, list[Said]] = defaultdict(list)  # interaction token -> its answers
        self.posts: dict[int, dict[str, str]] = defaultdict(dict)  # channel -> nonce -> text
        self.channel_of: dict[str, int] = {}  # interaction token -> its channel
        self._answered: dict[str, asyncio.Event] = {}

    def guild_of_channel(self, channel_id: int) -> int:
        return self.server_of[channel_id]

    def guild_payload(self, guild_id: int) -> dict[str, Any]:
        payload = super().guild_payload(guild_id)
        payload["channels"] = [channel_in(guild_id, c) for c, g in self.server_of.items() if g == guild_id]
        return payload

    async def _answer(self, method: str, path: str, body: Any, files) -> Any:
        if method == "GET" and (m := re.fullmatch(r"/channels/(\d+)", path)) and int(m[1]) in self.server_of:
            return J(channel_in(self.server_of[int(m[1])], int(m[1])))
        return await super()._answer(method, path, body, files)

    async def _note(self, request: Request | None = None) -> None:
        if request is not None:
            self._keep(request)
        await super()._note(request)

    def _keep(self, request: Request) -> None:
        body = request.body or {}
        if request.method == "POST" and (m := CALLBACK.fullmatch(request.path)):
            if body.get("type") == DEFERRED:
                return
            data = body.get("data") or {}
            self._heard(m[1], Said(not int(data.get("flags") or 0) & EPHEMERAL, data.get("content") or ""))
        elif m := WEBHOOK.fullmatch(request.path):
            self._heard(m[1], Said(not int(body.get("flags") or 0) & EPHEMERAL, body.get("content") or ""))
        elif request.method == "POST" and (m := CHANNEL_POST.fullmatch(request.path)):
            self.posts[int(m[1])].setdefault(str(body.get("nonce") or id(request)), body.get("content") or "")

    def _heard(self, token: str, said: Said) -> None:
        self.said[token].append(said)
        self.answer_event(token).set()

    def posts_in(self, channel: int) -> list[str]:
        """The distinct posts of a channel: its messages (one per nonce, as Discord shows a retried
        nonce once) and the public answers of the interactions sent there."""
        shown = [s.text for token, said in self.said.items() if self.channel_of.get(token) == channel
                 for s in said if s.public]
        return [*self.posts[channel].values(), *shown]

    def answer_event(self, token: str) -> asyncio.Event:
        """Set once the bot answered the interaction (more than deferring it)."""
        return self._answered.setdefault(token, asyncio.Event())

    async def send(self, shard: int, event: str, data: dict[str, Any]) -> bool:
        self.delivered = await super().send(shard, event, data)
        return self.delivered

    async def interact(self, person: Person, name: str, options: dict[str, str], channel: int) -> tuple[str, bool]:
        """Send a slash command: (its token, whether it reached a bot process's socket)."""
        self.delivered = False
        try:
            payload = await self.command(person, name, options, channel=channel)
        except (ConnectionError, RuntimeError):  # the socket of a process just killed
            return "", False
        self.channel_of[payload["token"]] = channel
        return payload["token"], self.delivered

    def up(self, shard: int, gone: object) -> bool:
        """Whether the shard's socket is open and is not `gone` (the socket of a process since killed)."""
        ws = self.sockets.get(shard)
        return ws is not None and ws is not gone and not ws.closed

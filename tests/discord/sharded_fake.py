"""The fake Discord with several gateway shards: each bot process connects the shards it runs,
each shard is sent the servers it holds ((server id >> 22) % shards, as Discord splits them), and
an event of a server goes down its shard's socket. REST is the fake's own, shared by all."""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord.fake_discord import EVERYONE_PERMISSIONS, FakeDiscord, J
from tests.discord.harness import APP, BOT_USER, CHANNEL, GUILD, Person, snowflake

# two servers, one on each of two shards
GUILDS = (GUILD, GUILD + (1 << 22))
CHANNELS = {GUILDS[0]: CHANNEL, GUILDS[1]: CHANNEL + 1}


def shard_of(guild_id: int, shards: int) -> int:
    return (guild_id >> 22) % shards


def channel_in(guild_id: int, channel_id: int) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": "general", "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None}


class ShardedFakeDiscord(FakeDiscord):
    def __init__(self, shards: int = 2) -> None:
        super().__init__()
        self.shards = shards
        self.sockets: dict[int, web.WebSocketResponse] = {}
        self.identified: list[int] = []  # shard ids, in the order they identified
        self._seqs: dict[int, int] = {}

    def guild_of_channel(self, channel_id: int) -> int:
        return next(g for g, c in CHANNELS.items() if c == channel_id)

    async def send(self, shard: int, event: str, data: dict[str, Any]) -> bool:
        ws = self.sockets.get(shard)
        if ws is None or ws.closed:
            return False
        self._seqs[shard] = self._seqs.get(shard, 0) + 1
        await ws.send_json({"op": 0, "t": event, "s": self._seqs[shard], "d": data})
        return True

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        if event == "INTERACTION_CREATE":
            self.dispatched.append(data)
        guild = data.get("guild_id")
        await self.send(shard_of(int(guild), self.shards) if guild else 0, event, data)  # no server: shard 0

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            packet = json.loads(message.data)
            if packet["op"] == 1:
                await ws.send_json({"op": 11})
            elif packet["op"] == 2:
                shard, count = packet["d"].get("shard", [0, 1])
                assert count == self.shards, packet
                self.sockets[shard] = ws
                mine = [g for g in GUILDS if shard_of(g, self.shards) == shard]
                await self.send(shard, "READY", {
                    "v": 10, "user": BOT_USER, "guilds": [{"id": str(g), "unavailable": True} for g in mine],
                    "session_id": f"session-{shard}", "resume_gateway_url": f"ws://{request.host}/",
                    "shard": [shard, count], "application": {"id": str(APP), "flags": 0}})
                for g in mine:
                    await self.send(shard, "GUILD_CREATE", self.guild_payload(g))
                self.identified.append(shard)
                self.identifies += 1
                await self._note()
            elif packet["op"] == 6:  # a RESUME: nothing was kept while away here
                shard = int(packet["d"]["session_id"].split("-")[1])
                self.sockets[shard] = ws
                await self.send(shard, "RESUMED", {})
                self.resumes += 1
                await self._note()
        return ws

    async def _answer(self, method: str, path: str, body: Any, files) -> web.Response:
        # a process posting to a server of another shard has no such channel cached: it asks
        if method == "GET" and (m := re.fullmatch(r"/channels/(\d+)", path)) and int(m[1]) in CHANNELS.values():
            return J(channel_in(self.guild_of_channel(int(m[1])), int(m[1])))
        return await super()._answer(method, path, body, files)

    def guild_payload(self, guild_id: int) -> dict[str, Any]:
        return {
            "id": str(guild_id), "name": f"Server {guild_id % 10}", "member_count": 2, "owner_id": "1",
            "large": False, "joined_at": "2024-01-01T00:00:00+00:00",
            "roles": [{"id": str(guild_id), "name": "@everyone", "permissions": EVERYONE_PERMISSIONS, "position": 0,
                       "color": 0, "hoist": False, "managed": False, "mentionable": False}],
            "channels": [channel_in(guild_id, CHANNELS[guild_id])], "threads": [], "members": [], "emojis": [],
            "stickers": [], "features": [], "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    def interaction(self, itype: int, person: Person, channel_id: int, data: dict[str, Any]) -> dict[str, Any]:
        guild = self.guild_of_channel(channel_id)
        interaction_id = snowflake()
        return {
            "id": str(interaction_id), "application_id": str(APP), "type": itype,
            "token": f"token-{interaction_id}", "version": 1, "attachment_size_limit": 10 * 1024 * 1024,
            "locale": "en-US", "guild_id": str(guild), "channel_id": str(channel_id),
            "channel": channel_in(guild, channel_id), "app_permissions": EVERYONE_PERMISSIONS, "entitlements": [],
            "context": 0, "authorizing_integration_owners": {"0": str(guild)}, "member": person.member(),
            "data": data,
        }

    async def command(self, person: Person, name: str, options: dict[str, str] | None = None,
                      channel: int = CHANNEL, focused: str | None = None) -> dict[str, Any]:
        options_list = [{"type": 3, "name": k, "value": v} for k, v in (options or {}).items()]
        data = {"id": str(snowflake()), "name": name, "type": 1, "guild_id": str(self.guild_of_channel(channel)),
                "options": options_list}
        payload = self.interaction(2, person, channel, data)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

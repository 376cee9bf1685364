"""A small local stand-in for Discord: an aiohttp server on 127.0.0.1 speaking the REST
routes the bot uses and the gateway, so the unmodified bot can log in, sync its commands
and answer interactions over real sockets.

Point discord.py at it with `redirect(monkeypatch)`: only `discord.http.Route.BASE` and
`discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY` change.

What a deployment meets can be played: `reconnect()` (op 7: the bot must RESUME), `drop()` (the
socket dies: RESUME), `invalidate()` (op 9: a new IDENTIFY), events sent while the bot is away
replayed after its RESUME as Discord does, and `fail()` on REST routes: 5xx, a 429 with
rate-limit headers (discord.py waits), a Cloudflare 429 (an HTML page), 404, 403.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from typing import Any

import discord
import yarl
from aiohttp import WSMsgType, web

from tests.discord import limits
from tests.discord.harness import (
    APP,
    BOT_PERMISSIONS,
    BOT_USER,
    CHANNEL,
    GUILD,
    Person,
    message_object,
    snowflake,
    text_channel,
    thread_object,
)

EVERYONE_PERMISSIONS = str(BOT_PERMISSIONS.value)


def J(obj: Any, status: int = 200) -> web.Response:
    # discord.py's json_or_text() wants the Content-Type to be exactly "application/json"
    return web.Response(body=json.dumps(obj).encode(), status=status, headers={"Content-Type": "application/json"})


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[tuple[str, int]]
    status: int = 200  # what the fake answered


class FakeDiscord:
    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.problems: list[str] = []
        self.identifies = 0
        self.resumes = 0
        self.dispatched: list[dict[str, Any]] = []  # interactions sent to the bot
        self.failures: list[dict[str, Any]] = []
        self._missed: list[dict[str, Any]] = []  # events of the session sent while the bot was away
        self.threads: dict[int, dict[str, Any]] = {}
        self.answered: set[str] = set()
        self.presences: list[dict[str, Any]] = []  # presence updates the bot sent (gateway op 3)
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0
        app = web.Application()
        app.router.add_get("/", self.gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest)
        self.app = app

    # -- life cycle ---------------------------------------------------------------------
    async def start(self) -> None:
        self._runner = web.AppRunner(self.app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._ws is not None and not self._ws.closed:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def redirect(self, monkeypatch) -> None:
        monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{self.port}/api/v10")
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                            yarl.URL(f"ws://127.0.0.1:{self.port}/"))

    async def _note(self, request: Request | None = None) -> None:
        async with self._changed:
            if request is not None:
                self.requests.append(request)
            self._changed.notify_all()

    async def wait_until(self, check, timeout: float = 60.0):
        """Wait until check() is truthy (checked after every request and gateway event)."""
        async def waiting():
            async with self._changed:
                while not (found := check()):
                    await self._changed.wait()
                return found

        return await asyncio.wait_for(waiting(), timeout)

    def find(self, method: str, pattern: str, since: int = 0) -> list[Request]:
        return [r for r in self.requests[since:] if r.method == method and re.fullmatch(pattern, r.path)]

    # -- gateway ------------------------------------------------------------------------
    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self._seq += 1
        packet = {"op": 0, "t": event, "s": self._seq, "d": data}
        if event == "INTERACTION_CREATE":
            self.dispatched.append(data)
        if self._ws is None or self._ws.closed:
            self._missed.append(packet)  # replayed when the session resumes
            return
        await self._ws.send_json(packet)

    async def reconnect(self) -> None:
        """Op 7: Discord asks the bot to reconnect; it must come back with RESUME."""
        ws, self._ws = self._ws, None
        await ws.send_json({"op": 7, "d": None})

    async def drop(self) -> None:
        """The socket dies (as in a network failure): the bot must RESUME."""
        ws, self._ws = self._ws, None
        await ws.close(code=4000, message=b"gone")

    async def invalidate(self) -> None:
        """Op 9, not resumable: the bot must IDENTIFY anew."""
        ws, self._ws = self._ws, None
        self._missed.clear()
        await ws.send_json({"op": 9, "d": False})

    def unanswered(self) -> list[str]:
        return [p["token"] for p in self.dispatched if p["type"] != 4 and p["token"] not in self.answered]

    def fail(self, method: str, pattern: str, status: int, times: int = 1, retry_after: float = 0.2,
             cloudflare: bool = False) -> None:
        self.failures.append({"method": method, "pattern": pattern, "status": status, "times": times,
                              "retry_after": retry_after, "cloudflare": cloudflare})

    def _failure(self, method: str, path: str) -> web.Response | None:
        for f in self.failures:
            if f["times"] and method == f["method"] and re.fullmatch(f["pattern"], path):
                f["times"] -= 1
                if f["status"] == 429 and f["cloudflare"]:  # Cloudflare's page: no JSON, no Via header
                    return web.Response(body=b"<html>1015: You are being rate limited</html>", status=429,
                                        headers={"Content-Type": "text/html", "Retry-After": "1"})
                if f["status"] == 429:
                    headers = {"Content-Type": "application/json", "Via": "1.1 google",
                               "Retry-After": str(f["retry_after"]), "X-RateLimit-Limit": "5",
                               "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": str(f["retry_after"]),
                               "X-RateLimit-Bucket": "fakebucket", "X-RateLimit-Scope": "user"}
                    body = {"message": "You are being rate limited.", "retry_after": f["retry_after"],
                            "global": False}
                    return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)
                code = {404: 10003, 403: 50001}.get(f["status"], 0)
                return J({"message": "failure", "code": code}, f["status"])
        return None

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})  # HELLO
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            packet = json.loads(message.data)
            if packet["op"] == 1:  # HEARTBEAT
                await ws.send_json({"op": 11})
            elif packet["op"] == 2:  # IDENTIFY
                self._ws, self._missed = ws, []
                await self.dispatch("READY", {
                    "v": 10, "user": BOT_USER, "guilds": [{"id": str(GUILD), "unavailable": True}],
                    "session_id": "session", "resume_gateway_url": f"ws://{request.host}/", "shard": [0, 1],
                    "application": {"id": str(APP), "flags": 0}})
                await self.dispatch("GUILD_CREATE", self.guild())
                self.identifies += 1
                await self._note()
            elif packet["op"] == 3:  # PRESENCE_UPDATE
                self.presences.append(packet["d"])
                await self._note()
            elif packet["op"] == 6:  # RESUME: what the bot missed, then RESUMED
                assert packet["d"]["session_id"] == "session", packet
                self._ws = ws
                missed, self._missed = self._missed, []
                for event in missed:
                    await ws.send_json(event)
                await self.dispatch("RESUMED", {})
                self.resumes += 1
                await self._note()
        return ws

    def guild(self) -> dict[str, Any]:
        return {
            "id": str(GUILD), "name": "Test", "member_count": 2, "owner_id": "1", "large": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "roles": [{"id": str(GUILD), "name": "@everyone", "permissions": EVERYONE_PERMISSIONS, "position": 0,
                       "color": 0, "hoist": False, "managed": False, "mentionable": False}],
            "channels": [text_channel()], "threads": list(self.threads.values()), "members": [], "emojis": [],
            "stickers": [], "features": [], "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    def interaction(self, itype: int, person: Person, channel_id: int, data: dict[str, Any]) -> dict[str, Any]:
        interaction_id = snowflake()
        channel = self.threads.get(channel_id) or text_channel(channel_id)
        return {
            "id": str(interaction_id), "application_id": str(APP), "type": itype,
            "token": f"token-{interaction_id}", "version": 1, "attachment_size_limit": 10 * 1024 * 1024,
            "locale": "en-US", "guild_id": str(GUILD), "channel_id": str(channel_id), "channel": channel,
            "app_permissions": EVERYONE_PERMISSIONS, "entitlements": [], "context": 0,
            "authorizing_integration_owners": {"0": str(GUILD)}, "member": person.member(), "data": data,
        }

    async def command(self, person: Person, name: str, options: dict[str, str] | None = None,
                      channel: int = CHANNEL, focused: str | None = None) -> dict[str, Any]:
        """A slash command, or its autocomplete when `focused` names the option being typed."""
        options_list = [{"type": 3, "name": k, "value": v, **({"focused": True} if k == focused else {})}
                        for k, v in (options or {}).items()]
        data = {"id": str(snowflake()), "name": name, "type": 1, "guild_id": str(GUILD), "options": options_list}
        payload = self.interaction(4 if focused else 2, person, channel, data)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def click(self, person: Person, channel: int, message: dict[str, Any], custom_id: str,
                    values: list[str] | None = None) -> dict[str, Any]:
        """A button (or, with values, a select menu) of a message the bot posted."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        payload = self.interaction(3, person, channel, data)
        payload["message"] = message_object(channel, message)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def submit(self, person: Person, channel: int, custom_id: str, fields: dict[str, str]) -> dict[str, Any]:
        """A form (modal) sent back with what the person typed."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]
        payload = self.interaction(5, person, channel, {"custom_id": custom_id, "components": rows})
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    # -- REST ---------------------------------------------------------------------------
    async def rest(self, request: web.Request) -> web.Response:
        path, method = "/" + request.match_info["tail"], request.method
        body: Any = None
        files: list[tuple[str, int]] = []
        if request.content_type == "application/json":
            body = await request.json()
        elif request.content_type.startswith("multipart/"):
            form = await request.post()
            for name, value in form.items():
                if name == "payload_json":
                    body = json.loads(value)
                elif hasattr(value, "file"):
                    files.append((value.filename, len(value.file.read())))
        failed = self._failure(method, path)
        await self._note(Request(method, path, dict(request.query), body, files,
                                 failed.status if failed is not None else 200))
        if failed is not None:
            return failed
        return await self._answer(method, path, body, files)

    async def _answer(self, method: str, path: str, body: Any, files) -> web.Response:
        if path == "/users/@me":
            return J(BOT_USER)
        if path == "/gateway/bot":  # an AutoShardedClient asks how many shards to run
            return J({"url": f"ws://127.0.0.1:{self.port}/", "shards": 1,
                      "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                              "max_concurrency": 1}})
        if path == "/oauth2/applications/@me":
            return J({"id": str(APP), "name": "isles", "description": "", "icon": None, "bot_public": True,
                      "bot_require_code_grant": False, "verify_key": "k", "flags": 0, "owner": BOT_USER})
        if method == "PUT" and re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            self.problems += limits.check_commands(body)
            return J([dict(c, id=str(snowflake()), application_id=str(APP), version="1") for c in body])
        if method == "POST" and (m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path)):
            if m[2] in self.answered:
                return J({"message": "Interaction has already been acknowledged.", "code": 40060}, 400)
            self.answered.add(m[2])
            self.problems += limits.check_callback(body, files)
            flags = int((body.get("data") or {}).get("flags") or 0)
            return J({"interaction": {"id": m[1], "type": 2, "response_message_id": str(snowflake()),
                                      "response_message_loading": body["type"] == 5,
                                      "response_message_ephemeral": bool(flags & limits.EPHEMERAL)}})
        if (m := re.fullmatch(r"/webhooks/\d+/([^/]+)(/messages/.+)?", path)):
            if m[1] not in self.answered:
                return J({"message": "Unknown Webhook", "code": 10015}, 404)
            self.problems += limits.check_message(body, files)
            return J(message_object(CHANNEL, body))
        if method == "POST" and (m := re.fullmatch(r"/channels/(\d+)/threads", path)):
            self.problems += limits.check_thread(body)
            thread = thread_object(int(m[1]), body["name"])
            self.threads[int(thread["id"])] = thread
            await self.dispatch("THREAD_CREATE", dict(thread, newly_created=True))
            return J(thread)
        if method == "POST" and (m := re.fullmatch(r"/channels/(\d+)/messages", path)):
            self.problems += limits.check_message(body, files)
            return J(message_object(int(m[1]), body))
        return J({"message": "404: Not Found", "code": 0}, 404)

"""Drive the real discord.py client in process: feed it INTERACTION_CREATE payloads as the
gateway would, and capture every request it makes instead of sending it.

Two places are captured: `HTTPClient.request` (ordinary REST: channel messages, threads,
command sync) and `AsyncWebhookAdapter.request` (interaction callbacks, followups, edits).
Every captured payload is checked against Discord's limits (limits.py), and the harness
plays Discord's part in the interaction life cycle: one callback per interaction, within
3 seconds, and followups only after it.
"""

from __future__ import annotations

import asyncio
import json
import re
import types
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.discord import limits

APP = 999_000_000_000_000_001  # the application id is also the bot user's id
GUILD = 111_000_000_000_000_001
CHANNEL = 222_000_000_000_000_001
ATTACHMENT_LIMIT = 10 * 1024 * 1024
DEADLINE = 3.0

_last_id = [0]


def snowflake() -> int:
    """A fresh id of the present moment, never the same twice. discord.py reads an interaction's
    time from its id: an id counted on from when this module was loaded would, in a long run (the
    whole suite, bench/trust.py), be an interaction sent minutes ago, near its 15 minutes' expiry,
    and the adapter looks for what an interaction saved since the time its id tells."""
    _last_id[0] = max(_last_id[0] + 1, discord.utils.time_snowflake(discord.utils.utcnow()))
    return _last_id[0]


BASIC = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                            use_application_commands=True, read_message_history=True)
MANAGER = discord.Permissions(BASIC.value | discord.Permissions(
    manage_channels=True, manage_guild=True, manage_threads=True).value)
BOT_PERMISSIONS = discord.Permissions(BASIC.value | discord.Permissions(
    attach_files=True, embed_links=True, create_public_threads=True, create_private_threads=True).value)


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    permissions: discord.Permissions = BASIC

    def user(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "avatar": None,
                "global_name": self.name.title()}

    def member(self) -> dict[str, Any]:
        return {"user": self.user(), "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "flags": 0,
                "permissions": str(self.permissions.value), "nick": None, "deaf": False, "mute": False}


ALICE = Person(1001, "alice")
BOB = Person(1002, "bob")
CAROL = Person(1003, "carol")
MODERATOR = Person(1004, "moderator", MANAGER)

BOT_USER = {"id": str(APP), "username": "isles", "discriminator": "0", "avatar": None, "bot": True,
            "global_name": None}


def message_object(channel_id: int, body: dict[str, Any] | None, flags: int = 0) -> dict[str, Any]:
    body = body or {}
    return {"id": str(snowflake()), "channel_id": str(channel_id), "guild_id": str(GUILD), "type": 0,
            "content": body.get("content", ""), "author": BOT_USER, "attachments": [], "embeds": [],
            "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False, "tts": False,
            "timestamp": "2025-01-01T00:00:00+00:00", "edited_timestamp": None,
            "flags": int(body.get("flags") or flags), "components": body.get("components") or []}


def text_channel(channel_id: int = CHANNEL, name: str = "general") -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(GUILD), "name": name, "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None}


def thread_object(parent_id: int, name: str, thread_id: int | None = None, kind: int = 11) -> dict[str, Any]:
    return {"id": str(thread_id or snowflake()), "type": kind, "guild_id": str(GUILD), "parent_id": str(parent_id),
            "owner_id": str(APP), "name": name, "message_count": 0, "member_count": 1,
            "rate_limit_per_user": 0, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": 10080, "locked": False,
                                "archive_timestamp": "2025-01-01T00:00:00+00:00"}}


def said(body: dict[str, Any] | None) -> str:
    """What a message body says: its content, or every text display of its card (components v2)."""
    body = body or {}
    if not int(body.get("flags") or 0) & limits.COMPONENTS_V2:
        return body.get("content") or ""
    return "\n".join(c.get("content", "") for c in limits.walk(body.get("components") or []) if c.get("type") == 10)


def _files(files) -> list[tuple[str, int]]:
    found = []
    for file in files or []:
        fp = file.fp
        if hasattr(fp, "getbuffer"):
            size = fp.getbuffer().nbytes
        else:
            position = fp.tell()
            size = fp.seek(0, 2)
            fp.seek(position)
        found.append((file.filename, size))
    return found


def _payload_json(parts) -> dict[str, Any] | None:
    for part in parts or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


def _path(url: str) -> str:
    return url.split("/api/v10", 1)[-1]


@dataclass
class Call:
    via: str  # "rest" or "webhook"
    method: str
    path: str
    body: dict[str, Any] | list | None
    files: list[tuple[str, int]]
    params: dict[str, Any] | None = None
    token: str | None = None


@dataclass
class Message:
    """One message as users would see it."""

    public: bool
    channel_id: int
    body: dict[str, Any]
    files: list[tuple[str, int]]
    how: str  # "response", "followup", "edit" or "channel"

    @property
    def content(self) -> str:
        """What the message says: its content, or the text of its card."""
        return self.text

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.body.get("components") or []

    def items(self, kind: int | None = None) -> list[dict[str, Any]]:
        """The buttons and menus (or the components of `kind`), wherever a card nests them."""
        if not self.v2:
            return [c for row in self.components for c in row.get("components", [])
                    if kind is None or c.get("type") == kind]
        return [c for c in limits.walk(self.components)
                if (c.get("type") in (2, 3) if kind is None else c.get("type") == kind)]

    @property
    def v2(self) -> bool:
        """Drawn as a card (components v2)."""
        return bool(int(self.body.get("flags") or 0) & limits.COMPONENTS_V2)

    @property
    def text(self) -> str:
        """What the message says: its content, or every text display of its card."""
        return said(self.body)

    def buttons(self) -> dict[str, str]:
        """label -> custom id"""
        return {b.get("label", ""): b.get("custom_id", "") for b in self.items(2)}

    def selects(self) -> list[dict[str, Any]]:
        return self.items(3)

    @property
    def pinged(self) -> set[int]:
        mentions = self.body.get("allowed_mentions") or {}
        return {int(u) for u in mentions.get("users") or []}


@dataclass
class Exchange:
    """Everything the bot sent while handling one interaction."""

    payload: dict[str, Any]
    calls: list[Call]
    messages: list[Message] = field(default_factory=list)

    @property
    def callback(self) -> dict[str, Any] | None:
        found = [c.body for c in self.calls if c.path.endswith("/callback")]
        return found[0] if found else None

    @property
    def public(self) -> list[Message]:
        return [m for m in self.messages if m.public]

    @property
    def private(self) -> list[Message]:
        return [m for m in self.messages if not m.public]

    @property
    def private_text(self) -> str:
        return "\n".join(m.content for m in self.private)

    def rest(self, method: str, pattern: str) -> list[Call]:
        return [c for c in self.calls if c.via == "rest" and c.method == method and re.search(pattern, c.path)]

    @property
    def choices(self) -> list[dict[str, Any]]:
        body = self.callback or {}
        assert body.get("type") == 8, f"not an autocomplete answer: {body}"
        return body["data"]["choices"]


class Harness:
    def __init__(self, client: discord.Client, service, monkeypatch):
        self.client = client
        self.service = service
        self.calls: list[Call] = []
        self.problems: list[str] = []
        self.threads: dict[int, dict[str, Any]] = {}
        self.deleted: set[int] = set()
        self.dms: dict[int, int] = {}  # user id -> direct message channel id
        self.refusals: list[tuple[str, str]] = []  # (method, path regex) answered 403
        self.failures: list[dict[str, Any]] = []  # what Discord answers instead, a number of times (fail())
        self.attachment_limit = ATTACHMENT_LIMIT
        self.app_permissions = BOT_PERMISSIONS  # what the bot may do in the interaction's channel
        self.expired = False  # answer every callback with 10062, as for an interaction answered too late
        self._interactions: dict[str, dict[str, Any]] = {}  # token -> state
        self._current: dict[str, Any] | None = None
        harness = self

        async def rest(http, route, *, files=None, form=None, **kwargs):
            return await harness._rest(route, files, form, kwargs)

        async def webhook(adapter, route, session, *, payload=None, multipart=None, files=None, params=None, **kw):
            return await harness._webhook(route, payload, multipart, files, params)

        monkeypatch.setattr(HTTPClient, "request", rest)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook)

    def fail(self, method: str, pattern: str, status: int, code: int = 0, times: int = 1) -> None:
        """Answer the next `times` requests matching (method, path regex) as Discord (or Cloudflare)
        does: a 5xx, a Cloudflare 429 (an HTML page, which discord.py raises instead of waiting),
        a 404 (10003 unknown channel by default) or a 403."""
        response = types.SimpleNamespace(status=status, reason="failure", headers={"Retry-After": "0"})

        def error() -> discord.HTTPException:
            if status >= 500:
                return discord.DiscordServerError(response, {"code": 0, "message": "Server error"})
            if status == 429:
                return discord.HTTPException(response, "<html>You are being rate limited.</html>")
            if status == 404:
                return discord.NotFound(response, {"code": code or 10003, "message": "Unknown Channel"})
            if status == 403:
                return discord.Forbidden(response, {"code": code or 50001, "message": "Missing Access"})
            return discord.HTTPException(response, {"code": code, "message": "Bad request"})

        self.failures.append({"method": method, "pattern": pattern, "times": times, "error": error})

    def posts(self, channel_id: int | None = None) -> list[Call]:
        """Channel messages the bot asked for (failed ones included), in order."""
        where = str(channel_id) if channel_id else r"\d+"
        return [c for c in self.calls if c.via == "rest" and c.method == "POST"
                and re.fullmatch(rf"/channels/{where}/messages", c.path)]

    async def drain(self, timeout: float = 60.0) -> None:
        """Wait for the posts and followups the bot goes on with in the background."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            poster, adapter = getattr(self.client, "poster", None), getattr(self.client, "adapter", None)
            tasks = [*getattr(poster, "_background", ()), *getattr(adapter, "_tasks", ())]
            pending = [t for t in tasks if not t.done()]
            if not pending:
                return
            await asyncio.wait(pending, timeout=end - loop.time())
        raise AssertionError("background posts still running after the timeout")

    # -- Discord's side of the requests -------------------------------------------------
    def _fail_as_told(self, method: str, path: str) -> None:
        """The failures and refusals a test set up for this request, if any: raised here."""
        for failure in self.failures:
            if failure["times"] and method == failure["method"] and re.fullmatch(failure["pattern"], path):
                failure["times"] -= 1
                raise failure["error"]()
        for refused_method, pattern in self.refusals:
            if method == refused_method and re.fullmatch(pattern, path):
                raise discord.Forbidden(types.SimpleNamespace(status=403, reason="Forbidden"),
                                        {"code": 50013, "message": "Missing Permissions"})

    async def _rest(self, route, files, form, kwargs):
        body = _payload_json(form) if form else kwargs.get("json")
        path, method = _path(route.url), route.method
        self.calls.append(Call("rest", method, path, body, _files(files), kwargs.get("params")))
        self._fail_as_told(method, path)
        if method == "POST" and (m := re.fullmatch(r"/channels/(\d+)/messages", path)):
            self.problems += [f"{path}: {p}" for p in limits.check_message(body, _files(files), ATTACHMENT_LIMIT)]
            if self._current is not None:
                self._current["messages"].append(Message(True, int(m[1]), body or {}, _files(files), "channel"))
            return message_object(int(m[1]), body)
        if method == "POST" and (m := re.fullmatch(r"/channels/(\d+)/threads", path)):
            self.problems += [f"{path}: {p}" for p in limits.check_thread(body or {})]
            thread = thread_object(int(m[1]), body["name"], kind=body.get("type") or 11)
            self.threads[int(thread["id"])] = thread
            return thread
        if method == "GET" and (m := re.fullmatch(r"/channels/(\d+)", path)):
            if int(m[1]) in self.dms.values():  # a direct message channel
                return {"id": m[1], "type": 1, "last_message_id": None, "flags": 0,
                        "recipients": [{"id": str(next(u for u, c in self.dms.items() if c == int(m[1]))),
                                        "username": "someone", "discriminator": "0", "avatar": None}]}
            return self.channel(int(m[1]))
        if method == "PATCH" and (m := re.fullmatch(r"/channels/(\d+)", path)):
            channel = self.channel(int(m[1]))
            if "archived" in (body or {}):
                channel["thread_metadata"]["archived"] = body["archived"]
            return channel
        if method == "GET" and (m := re.fullmatch(r"/users/(\d+)", path)):
            return {"id": m[1], "username": f"user{m[1]}", "discriminator": "0", "avatar": None}
        if method == "POST" and path == "/users/@me/channels":
            dm = self.dms.setdefault(int(body["recipient_id"]), snowflake())
            return {"id": str(dm), "type": 1, "last_message_id": None,
                    "recipients": [{"id": str(body["recipient_id"]), "username": "someone",
                                    "discriminator": "0", "avatar": None}]}
        if method == "DELETE" and (m := re.fullmatch(r"/channels/(\d+)", path)):
            self.deleted.add(int(m[1]))
            return self.threads.get(int(m[1]), text_channel(int(m[1])))
        if path.endswith("/commands") and method == "PUT":
            self.problems += [f"{path}: {p}" for p in limits.check_commands(body)]
            return [dict(c, id=str(snowflake()), application_id=str(APP), version="1") for c in body]
        if path.endswith("/commands") and method == "GET":
            return []
        return {}

    async def _webhook(self, route, payload, multipart, files, params):
        if multipart:
            payload = _payload_json(multipart)
        path, method = _path(route.url), route.method
        token = getattr(route, "webhook_token", None)
        found = _files(files)
        self.calls.append(Call("webhook", method, path, payload, found, params, token))
        state = self._interactions.get(token)
        if state is None:
            self.problems.append(f"{method} {path}: unknown interaction token (10062)")
            return message_object(CHANNEL, payload)
        loop = asyncio.get_running_loop()
        limit = state["payload"]["attachment_size_limit"]
        if path.endswith("/callback"):
            if self.expired:
                raise discord.NotFound(types.SimpleNamespace(status=404, reason="Not Found"),
                                       {"code": 10062, "message": "Unknown interaction"})
            if state["acked"] is not None:
                self.problems.append(f"{path}: interaction already acknowledged (40060)")
            elapsed = loop.time() - state["fed"]
            if elapsed > DEADLINE:
                self.problems.append(f"{path}: answered after {elapsed:.1f}s (10062)")
            self.problems += [f"callback: {p}" for p in limits.check_callback(payload or {}, found, limit)]
            state["acked"] = payload
            kind = payload.get("type")
            flags = int((payload.get("data") or {}).get("flags") or 0)
            if kind == 4:
                state["messages"].append(Message(not flags & limits.EPHEMERAL, state["channel"], payload["data"],
                                                 found, "response"))
            elif kind == 5:
                state["deferred_ephemeral"] = bool(flags & limits.EPHEMERAL)
                state["loading"] = True
            return {"interaction": {"id": str(route.webhook_id), "type": state["payload"]["type"],
                                    "response_message_id": str(snowflake()),
                                    "response_message_loading": kind == 5,
                                    "response_message_ephemeral": bool(flags & limits.EPHEMERAL)}}
        if state["acked"] is None:
            self.problems.append(f"{method} {path}: followup before the interaction was answered (10015)")
        if loop.time() - state["fed"] > 15 * 60:
            self.problems.append(f"{method} {path}: token expired")
        self.problems += [f"{method} {path}: {p}" for p in limits.check_message(payload, found, limit)]
        flags = int((payload or {}).get("flags") or 0)
        if method == "POST":
            ephemeral = bool(flags & limits.EPHEMERAL)
            if state.get("loading"):  # the first followup replaces the loading message, keeping its flag
                ephemeral = state["deferred_ephemeral"]
                state["loading"] = False
            state["messages"].append(Message(not ephemeral, state["channel"], payload or {}, found, "followup"))
        elif method == "PATCH" and path.endswith("@original"):
            ephemeral = state.get("deferred_ephemeral", bool(flags & limits.EPHEMERAL))
            state["loading"] = False
            state["messages"].append(Message(not ephemeral, state["channel"], payload or {}, found, "edit"))
        return message_object(state["channel"], payload, limits.EPHEMERAL if flags & limits.EPHEMERAL else 0)

    # -- interactions --------------------------------------------------------------------
    def channel(self, channel_id: int) -> dict[str, Any]:
        if channel_id in self.threads:
            return self.threads[channel_id]
        return text_channel(channel_id)

    def _interaction(self, itype: int, person: Person, channel_id: int, data: dict[str, Any],
                     message: dict[str, Any] | None = None) -> dict[str, Any]:
        interaction_id = snowflake()
        payload = {
            "id": str(interaction_id), "application_id": str(APP), "type": itype, "token": f"token-{interaction_id}",
            "version": 1, "attachment_size_limit": self.attachment_limit, "locale": "en-US", "guild_locale": "en-US",
            "guild_id": str(GUILD), "channel_id": str(channel_id), "channel": self.channel(channel_id),
            "app_permissions": str(self.app_permissions.value), "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD)}, "context": 0,
            "member": person.member(), "data": data,
        }
        if message is not None:
            payload["message"] = message
        return payload

    def dm_channel(self, person: Person) -> int:
        """The id of a person's direct message channel with the bot, the same every time."""
        return self.dms.setdefault(person.id, snowflake())

    def outside(self, payload: dict[str, Any], person: Person, context: int = 1) -> dict[str, Any]:
        """An interaction payload as Discord sends it outside a server: no server, the person as `user`;
        in the bot's direct messages (context 1) or a group message (2) where the person installed Isles."""
        payload = {k: v for k, v in payload.items() if k not in ("guild_id", "guild_locale", "member")}
        payload["data"] = {k: v for k, v in payload["data"].items() if k != "guild_id"}
        channel_id = self.dm_channel(person) if context == 1 else snowflake()
        if context == 1:
            channel = {"id": str(channel_id), "type": 1, "last_message_id": None, "flags": 0,
                       "recipients": [person.user()]}
            owners = {"0": "0", "1": str(person.id)}
        else:
            channel = {"id": str(channel_id), "type": 3, "last_message_id": None, "flags": 0, "name": None,
                       "icon": None, "owner_id": str(person.id), "recipients": [person.user()]}
            owners = {"1": str(person.id)}
        payload.update(channel_id=str(channel_id), channel=channel, user=person.user(), context=context,
                       authorizing_integration_owners=owners,
                       app_permissions=str(discord.Permissions(send_messages=True, attach_files=True,
                                                               embed_links=True).value))
        if "message" in payload:
            payload["message"] = dict(payload["message"], channel_id=str(channel_id))
            payload["message"].pop("guild_id", None)
        return payload

    async def command_outside(self, person: Person, name: str, options: dict[str, Any] | None = None,
                              context: int = 1) -> Exchange:
        return await self.feed(self.outside(self.command_payload(person, name, options), person, context))

    async def press_outside(self, person: Person, message: Message, custom_id: str) -> Exchange:
        shown = message_object(message.channel_id, message.body, 0 if message.public else limits.EPHEMERAL)
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.feed(self.outside(self._interaction(3, person, message.channel_id, data, shown), person))

    def command_payload(self, person: Person, name: str, options: dict[str, Any] | None = None,
                        channel: int = CHANNEL, focused: str | None = None) -> dict[str, Any]:
        opts = []
        for key, value in (options or {}).items():
            option = {"type": 3, "name": key, "value": value}
            if key == focused:
                option["focused"] = True
            opts.append(option)
        if " " in name:  # a group's subcommand, `event create`: its options inside it, as Discord sends them
            name, sub = name.split(" ", 1)
            opts = [{"type": 1, "name": sub, "options": opts}]
        data = {"id": str(snowflake()), "name": name, "type": 1, "guild_id": str(GUILD), "options": opts}
        return self._interaction(4 if focused else 2, person, channel, data)

    async def command(self, person: Person, name: str, options: dict[str, Any] | None = None,
                      channel: int = CHANNEL) -> Exchange:
        return await self.feed(self.command_payload(person, name, options, channel))

    async def autocomplete(self, person: Person, name: str, options: dict[str, Any], focused: str,
                           channel: int = CHANNEL) -> Exchange:
        return await self.feed(self.command_payload(person, name, options, channel, focused))

    async def press(self, person: Person, message: Message, custom_id: str,
                    values: list[str] | None = None) -> Exchange:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        shown = message_object(message.channel_id, message.body, 0 if message.public else limits.EPHEMERAL)
        return await self.feed(self._interaction(3, person, message.channel_id, data, shown))

    async def submit(self, person: Person, channel_id: int, custom_id: str, fields: dict[str, str]) -> Exchange:
        """A form (modal) sent back with what the person typed in its text inputs."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
                for key, value in fields.items()]
        return await self.feed(self._interaction(5, person, channel_id, {"custom_id": custom_id, "components": rows}))

    async def feed(self, payload: dict[str, Any]) -> Exchange:
        loop = asyncio.get_running_loop()
        state = {"payload": payload, "fed": loop.time(), "acked": None, "messages": [],
                 "channel": int(payload["channel_id"])}
        self._interactions[payload["token"]] = state
        self._current = state
        start = len(self.calls)
        self.client._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle()
        calls = self.calls[start:]
        self._current = None
        if state["acked"] is None and not self.expired:
            self.problems.append(f"interaction {payload['data'].get('name') or payload['data'].get('custom_id')} "
                                 "was never answered")
        problems, self.problems = self.problems, []
        assert not problems, problems
        return Exchange(payload, calls, state["messages"])

    async def settle(self, timeout: float = 60.0) -> None:
        """Wait until every handler the interaction started has finished."""
        me = asyncio.current_task()
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            pending = [t for t in asyncio.all_tasks() if t is not me and not t.done()
                       and t.get_name().startswith(("CommandTree-invoker", "discord.py:"))]
            if not pending:
                return
            await asyncio.wait(pending, timeout=end - loop.time())
        raise AssertionError("handlers still running after the timeout")

    # -- gateway events --------------------------------------------------------------------
    def add_guild(self) -> None:
        """The server in the client's cache, with its channel and the threads made so far, as
        GUILD_CREATE leaves it (events about threads and channels are dropped without it)."""
        state = self.client._connection
        state._add_guild_from_data({
            "id": str(GUILD), "name": "Test", "member_count": 2, "owner_id": "1", "large": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "roles": [{"id": str(GUILD), "name": "@everyone", "permissions": str(BOT_PERMISSIONS.value),
                       "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False}],
            "channels": [text_channel()], "threads": list(self.threads.values()), "members": [], "emojis": [],
            "stickers": [], "features": [], "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": []})

    async def event(self, name: str, data: dict[str, Any]) -> None:
        """A gateway event, parsed by discord.py as it comes off the socket; waits for its handlers."""
        self.client._connection.parsers[name](data)
        await self.settle()

    # -- looking at the table ------------------------------------------------------------
    async def table(self, channel_id: int):
        return await self.service.store.open_table(channel_id)

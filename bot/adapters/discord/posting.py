"""The durable public post of every saved change: the outbox's sender.

A table write saves a draft row with the change (db/outbox.py). The reply that the service
composes seals it (text, mentions, buttons, menus); this module posts it in the table's
channel, with the row id as Discord's message nonce (discord.py sends `enforce_nonce`), so
that a post repeated after a crash or a lost answer is shown once. Server errors (5xx), rate
limits (429, Cloudflare's included) and network failures are retried with a growing delay;
what Discord will never accept is not retried: 403 (the bot may not post there) pauses the
channel, 404 (unknown channel) hands the place to `on_gone`, which closes its tables.

A channel's posts keep their order: a post waits for the older ones of its channel. The
board picture is kept in memory until its post is sent; after a restart it is drawn again
from the saved table if the table has not moved on since (an older post then goes without
its picture: a newer one shows the board). A post of no table whose body keeps a `drawing`
(a season's or an event's results) has its picture drawn again by the extension that made it (`redraw_post`).
Public files beside the picture (a game's log) are not kept across a restart.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord

import lang
from bot.adapters.discord.shapes import (
    DEFAULT_UPLOAD_LIMIT,
    Shape,
    message_shape,
    some,
)
from bot.core import failures, marks
from bot.core.metrics import metrics
from bot.core.replies import Button, Card, Menu, Reply, Section
from db.errors import StoreUnavailable
from db.outbox import OutboxRow, OutboxStore, Untold
from games import registry
from lang import ngettext, tr

log = logging.getLogger(__name__)

POST_WAIT = 4.0  # seconds a player's command waits for its post before being told it will follow
BACKOFF = (2, 5, 15, 30, 60, 120, 300)  # seconds before the 1st, 2nd, ... retry; then the last one
MAX_ATTEMPTS = 80  # about six hours of server errors, then the post is given up as failed
REFUSED_PAUSE = 600  # after a 403, posts to that channel are refused without asking for this long
DRAFT_GRACE = 30  # a draft older than this, whose table is not busy, is composed by the sweep
TOLD_LINES = 8  # moves saved before a post's own that it tells at most, the rest by their count
SWEEP_SECONDS = 5.0
KEEP_SETTLED = 7 * 86400  # settled posts are forgotten after a week (the outbox stays small)
KEPT_PICTURES = 512  # pictures of unsent posts held in memory; older ones are drawn again when sent
UNKNOWN_CHANNEL = 10003
THREAD_ARCHIVED = 50083
SENT, RETRYING, REFUSED, GONE, FAILED = "sent", "retrying", "refused", "gone", "failed"
LATER = "later"  # the database went before the post could be saved: the saved change's draft is posted later


def body_of(reply: Reply) -> dict[str, Any]:
    """The public part of a reply as the outbox keeps it (the picture by name only)."""
    picture = reply.image_name or "board.png" if reply.image is not None and not reply.image_private else None
    body = {"text": reply.text, "mentions": list(dict.fromkeys(reply.mentions)), "picture": picture,
            "buttons": [[b.label, b.custom_id, b.style] for b in reply.buttons],
            "menus": [[m.custom_id, m.placeholder, [list(o) for o in m.options]] for m in reply.menus],
            **card_body(reply)}
    if reply.roles:  # only where /settings pings a role: the bodies of every other post stay as they were
        body["roles"] = list(dict.fromkeys(reply.roles))
    public = {name for name, _ in reply.files(private=False)}
    alts = {name: alt for name, alt in reply.descriptions().items() if name in public}
    if alts:  # the pictures' alt texts, for the post sent again from the outbox
        body["alts"] = alts
    return body


def reply_of(body: dict[str, Any]) -> Reply:
    buttons = [Button(*b) for b in body.get("buttons") or []]
    return Reply(text=body.get("text", ""), mentions=list(body.get("mentions") or []),
                 roles=list(body.get("roles") or []), buttons=buttons,
                 menus=[Menu(c, p, [tuple(o) for o in opts]) for c, p, opts in body.get("menus") or []],
                 image_name=body.get("picture") or "board.png", card=card_from(body, buttons))


def card_body(reply: Reply) -> dict[str, Any]:
    """The public card of a reply as the outbox keeps it: its blocks, a block's button by its place
    among the reply's buttons; nothing when the post has no card (its body as before cards)."""
    card = reply.card
    if card is None or card.private:
        return {}
    places = {id(b): n for n, b in enumerate(reply.buttons)}
    return {"card": [[s.text, places.get(id(s.button), -1), s.divider] for s in card.sections]}


def card_from(body: dict[str, Any], buttons: list[Button]) -> Card | None:
    if "card" not in body:
        return None
    return Card([Section(text, buttons[n] if 0 <= n < len(buttons) else None, divider)
                 for text, n, divider in body["card"]])


async def channel_of(client: discord.Client, channel_id: int, fresh: bool = False) -> Any:
    """The channel or thread to post in; a thread Discord archived after a quiet week is unarchived."""
    channel = None if fresh else client.get_channel(channel_id)
    if channel is None:
        channel = await client.fetch_channel(channel_id)
    if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
        log.info("unarchiving thread %s to post in it", channel.id)
        channel = await channel.edit(archived=False)
    return channel


def upload_limit(channel: Any) -> int:
    guild = getattr(channel, "guild", None)
    return guild.filesize_limit if guild is not None else DEFAULT_UPLOAD_LIMIT


async def send_shape(channel: Any, shape: Shape, nonce: str | None = None) -> discord.Message:
    """Post one message in a channel: the only place Isles posts in channels."""
    if not isinstance(channel, discord.abc.Messageable):
        raise discord.DiscordException(f"channel {getattr(channel, 'id', '?')} cannot hold messages")  # verbatim: log
    return await channel.send(shape.content, **some(nonce=nonce), **shape.kwargs())


def nonce_of(row_id: int) -> str:
    return f"isles-{row_id}"  # at most 25 characters, as Discord wants


def backoff(attempts: int, retry_after: float | None = None, delays: tuple[float, ...] = BACKOFF) -> float:
    wait = delays[min(attempts, len(delays) - 1)] * random.uniform(0.8, 1.2)
    return max(wait, retry_after or 0.0)


def retriable(error: BaseException) -> bool:
    """A failure that may pass: a server error, a rate limit or the network."""
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError)


def retry_after_of(error: BaseException) -> float | None:
    if isinstance(error, discord.RateLimited):
        return error.retry_after
    response = getattr(error, "response", None)
    headers = getattr(response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After") or headers.get("retry-after") or 0) or None
    except (TypeError, ValueError):
        return None


@dataclass
class Delivery:
    """What became of a post: sent (with its message), retrying (in the background), refused
    (403), gone (404: the place was deleted) or failed (Discord never takes it)."""

    row_id: int
    state: str
    message: discord.Message | None = None
    later: asyncio.Future | None = field(default=None, repr=False)  # the background sending, when retrying

    @property
    def link(self) -> str:
        return self.message.jump_url if self.message is not None else ""

    async def settled(self, timeout: float) -> Delivery:
        """Follow the retries in the background until the post is sent or given up, within `timeout`."""
        delivery, loop = self, asyncio.get_running_loop()
        end = loop.time() + timeout
        while delivery.state == RETRYING and delivery.later is not None and loop.time() < end:
            done, _ = await asyncio.wait({delivery.later}, timeout=end - loop.time())
            if not done:
                break
            delivery = delivery.later.result()
        return delivery


class Poster:
    def __init__(self, client: discord.Client, service: Any, *, clock: Callable[[], float] = time.time):
        self.client = client
        self.service = service
        self.db = OutboxStore.of(service.store)
        self.clock = clock
        self.on_gone: Callable[[int], Awaitable[Any]] | None = None  # closes the tables of a deleted place
        self._pictures: OrderedDict[int, list[tuple[str, bytes]]] = OrderedDict()
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self._refused_until: dict[int, float] = {}
        self._sent_unmarked: dict[int, int] = {}  # posts sent while the database was away: their message ids
        self._background: set[asyncio.Task] = set()
        self._wake = asyncio.Event()
        self.delays = BACKOFF  # seconds before each retry (tests make them short)
        self.wait = POST_WAIT

    def now(self) -> int:
        return int(self.clock())

    # -- entry points ------------------------------------------------------------------
    async def publish(self, channel_id: int, reply: Reply, *, target: Any = None,
                      wait: float | None = None, limit: int | None = None) -> Delivery:
        """Save the public part of a reply as a pending post (sealing its table's draft) and post
        it. Waits at most `wait` seconds; the post then goes on in the background. Files over
        `limit` bytes (the interaction's upload limit) are left out."""
        try:
            row_id = await self._seal(channel_id, reply)
        except StoreUnavailable as away:
            log.warning("the post of table %s waits for the database: %s", reply.table_id, away)
            return Delivery(0, LATER)
        files = reply.files(private=False)
        if limit is not None:
            for name, data in files:
                if len(data) > limit:
                    log.warning("%s of %d bytes is over the upload limit of %d; not sent", name, len(data), limit)
            files = [(name, data) for name, data in files if len(data) <= limit]
        self._keep(row_id, files)
        task = self._spawn(self._send_through(channel_id, row_id, target))
        wait = self.wait if wait is None else wait
        loop = asyncio.get_running_loop()
        end = loop.time() + wait
        done, _ = await asyncio.wait({task}, timeout=wait)
        if not done:
            return Delivery(row_id, RETRYING, later=task)
        return await task.result().settled(max(0.0, end - loop.time()))

    async def send_saved(self, row_id: int, channel_id: int, files: list[tuple[str, bytes]]) -> Delivery:
        """Send a pending post that a feature saved in its own transaction (a season's results), its
        files kept until it is sent. A stop before it is sent leaves it pending: the sweep sends it
        after the restart, with the same nonce."""
        self._keep(row_id, files)
        return await self._send_through(channel_id, row_id)

    async def shown(self, channel_id: int, reply: Reply, message_id: int | None) -> None:
        """The public part was shown another way (the interaction's own answer): nothing owed for it.
        Moves saved before it that no post told stay in the draft, for the sweep to tell."""
        try:
            row_id = await self.db.seal(table_id=reply.table_id, version=reply.version, channel_id=channel_id,
                                        body=body_of(reply), now=self.now(), since=reply.since)
            if isinstance(row_id, Untold):
                row_id = await self.db.insert(table_id=reply.table_id, version=reply.version, channel_id=channel_id,
                                              body=body_of(reply), now=self.now(), since=reply.since)
                self._wake.set()
            metrics().post_sent()
            await self.db.mark_sent(row_id, message_id, self.now())
        except StoreUnavailable as away:  # the draft stays: the sweep posts the board once the database is back
            log.warning("the shown post of table %s is not recorded: %s", reply.table_id, away)

    async def nothing_public(self, reply: Reply) -> None:
        """A change whose reply had nothing public to say owes no post."""
        if reply.table_id is not None:
            await self.db.settle_draft(reply.table_id, reply.version, self.now(), since=reply.since)

    async def _seal(self, channel_id: int, reply: Reply) -> int:
        """The pending post of a reply: its table's draft, told with the moves saved before the
        reply's own that no post told (their answer never came: a crash, a failed call)."""
        body = body_of(reply)
        sealed = await self.db.seal(table_id=reply.table_id, version=reply.version, channel_id=channel_id,
                                    body=body, now=self.now(), since=reply.since)
        if not isinstance(sealed, Untold):
            return sealed
        loaded = await self.service.table(reply.table_id)
        with lang.using(await self._language_of(loaded)):  # a public post: the server's language
            earlier = await self._told(reply.table_id, sealed.moves, tr("Played since the last post:"))
        told = dict(body, text="\n".join(x for x in (earlier, body["text"]) if x))
        if await self.db.seal_draft(sealed.draft_id, told, channel_id, reply.version, self.now()):
            return sealed.draft_id
        # another process composed the draft meanwhile: it tells those moves
        return await self.db.insert(table_id=reply.table_id, version=reply.version, channel_id=channel_id,
                                    body=body, now=self.now(), since=reply.since)

    async def _language_of(self, loaded: Any) -> str:
        """The language of a table's public posts: its server's (lang/README.md)."""
        guild_id = getattr(getattr(loaded, "row", None), "guild_id", 0) or 0
        try:
            return await self.service.public_language(guild_id)
        except Exception:  # the store away: the post still goes out, in English
            failures.report(log, "the language of server %s could not be read", guild_id)
            return lang.ENGLISH

    async def _told(self, table_id: int, numbers: list[int], heading: str) -> str:
        """The public lines of the moves numbered `numbers`, under a heading; "" for none."""
        loaded = await self.service.table(table_id)
        if loaded is None or not numbers:
            return ""
        wanted = set(numbers)
        said = [entry.public for entry in await self.service.log_of(loaded) if entry.n in wanted]
        if len(said) > TOLD_LINES:
            earlier = len(said) - TOLD_LINES
            said = [ngettext("… {count} earlier move (see /history) …", "… {count} earlier moves (see /history) …",
                             earlier).format(count=earlier), *said[-TOLD_LINES:]]
        return "\n".join([heading, *said]) if said else ""

    async def recover(self, channel_id: int, since: int) -> bool:
        """After a failure in a command: post what it saved in the channel. True if it saved a change."""
        drafts = await self.db.drafts_in(channel_id, since)
        for row in drafts:
            try:
                if await self._compose(row, force=True):
                    self._spawn(self._send_through(row.channel_id, row.id))
            except Exception:
                log.exception("could not compose the post of table %s", row.table_id)
        return bool(drafts)

    # -- the sweep ---------------------------------------------------------------------
    async def sweep(self, *, startup: bool = False) -> int:
        """Compose forgotten drafts and send due posts. Returns how many posts were tried."""
        now = self.now()
        if now - getattr(self, "_pruned", 0) > 3600:
            self._pruned = now
            await self.db.prune(now - KEEP_SETTLED)
        await self.compose_drafts(startup=startup)
        tried = 0
        by_channel: dict[int, int] = {}
        for row in await self.db.due(self.now()):
            by_channel[row.channel_id] = max(row.id, by_channel.get(row.channel_id, 0))
        for channel_id, last in by_channel.items():
            await self._send_through(channel_id, last)
            tried += 1
        return tried

    async def compose_drafts(self, *, startup: bool = False) -> int:
        """Compose the drafts nobody sealed (their answer died with a process, or a store call
        failed) and post them; every process does it, not only the one holding the clocks. At a
        start every draft is composed at once (one whose answer is under way in another process is
        then told twice rather than never). Returns how many were composed."""
        now = self.now()
        composed = 0
        for row in await self.db.drafts(now if startup else now - DRAFT_GRACE):
            try:
                if await self._compose(row, force=startup):
                    composed += 1
                    self._spawn(self._send_through(row.channel_id, row.id))
            except Exception:
                log.exception("could not compose the post of table %s", row.table_id)
        return composed

    async def run_drafts(self, interval: float = DRAFT_GRACE / 2) -> None:
        """compose_drafts for a process that does not hold the clocks (the holder's sweep does it too)."""
        first = True
        while True:
            try:
                await self.compose_drafts(startup=first)
                first = False
            except Exception as error:  # noqa: BLE001 - the database away: tried again at the next round
                log.warning("composing the drafts failed: %r", error)
            await asyncio.sleep(interval)

    async def run_forever(self, interval: float = SWEEP_SECONDS) -> None:
        first = True
        while True:
            try:
                await self.sweep(startup=first)
                first = False
            except Exception:
                failures.report(log, "outbox sweep failed")
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), interval)
            except TimeoutError:
                pass

    async def flush(self, timeout: float) -> None:
        """At shutdown: let posts under way finish, within `timeout`; the rest waits for the next start."""
        pending = [t for t in self._background if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout)

    # -- sending -----------------------------------------------------------------------
    def _spawn(self, work) -> asyncio.Task:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    def _keep(self, row_id: int, files: list[tuple[str, bytes]]) -> None:
        self._pictures[row_id] = files  # even none: a picture left out is not drawn again
        while len(self._pictures) > KEPT_PICTURES:
            self._pictures.popitem(last=False)

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._channel_locks.get(channel_id)
        if lock is None:
            lock = self._channel_locks[channel_id] = asyncio.Lock()
        return lock

    async def _send_through(self, channel_id: int, row_id: int, target: Any = None) -> Delivery:
        """Send the channel's waiting posts up to `row_id`, oldest first, and tell what became of
        `row_id`. A post waiting for its retry holds back the newer ones (the sweep sends them)."""
        lock = self._lock(channel_id)
        try:
            async with lock:
                return await self._send_locked(channel_id, row_id, target)
        except StoreUnavailable as away:  # the post stays pending: the sweep sends it once the database is back
            log.warning("post %s to %s waits for the database: %s", row_id, channel_id, away)
            return Delivery(row_id, LATER)
        finally:
            if not lock.locked() and not getattr(lock, "_waiters", None):
                self._channel_locks.pop(channel_id, None)

    async def _send_locked(self, channel_id: int, row_id: int, target: Any) -> Delivery:
        for row in await self.db.waiting_in(channel_id, row_id):
            if row.id != row_id and row.next_at > self.now():  # after the older one's retry
                later = self._spawn(self._retry(channel_id, row_id, row.next_at - self.now() + 0.5))
                return Delivery(row_id, RETRYING, later=later)
            result = await self._attempt(row, target)
            if row.id == row_id:
                return result
            if result.state == RETRYING:
                older = await self.db.get(row.id)
                wait = (older.next_at if older else self.now()) - self.now() + 0.5
                later = self._spawn(self._retry(channel_id, row_id, wait))
                return Delivery(row_id, RETRYING, later=later)
        current = await self.db.get(row_id)
        state = current.state if current is not None else "dropped"
        return Delivery(row_id, {"sent": SENT, "pending": RETRYING, "refused": REFUSED,
                                 "dropped": GONE}.get(state, FAILED))

    async def _attempt(self, row: OutboxRow, target: Any = None) -> Delivery:
        now = self.now()
        if row.id in self._sent_unmarked:  # in the channel already: the database was away when it went
            await self.db.mark_sent(row.id, self._sent_unmarked.pop(row.id), now)
            self._pictures.pop(row.id, None)
            return Delivery(row.id, SENT)
        if self._refused_until.get(row.channel_id, 0) > now:
            await self.db.give_up(row.id, "refused", "the channel refused an earlier post", now)  # verbatim: the log
            self._pictures.pop(row.id, None)
            return Delivery(row.id, REFUSED)
        body = row.body or {}
        try:
            channel = target if target is not None else await self._channel(row.channel_id)
            files = await self._files(row)
            try:
                message = await self._send(channel, row, body, files)
            except discord.HTTPException as error:
                if error.code != THREAD_ARCHIVED:
                    raise
                message = await self._send(await self._channel(row.channel_id, fresh=True), row, body,
                                           await self._files(row))
        except discord.NotFound as error:
            log.warning("channel %s is gone (%s); its tables close", row.channel_id, error.code)
            metrics().failed("post_channel_gone")
            await self.db.give_up(row.id, "dropped", f"404 {error.code}: {error.text}", self.now())
            await self.db.drop_channel(row.channel_id, self.now())
            self._pictures.pop(row.id, None)
            if self.on_gone is not None:
                try:
                    await self.on_gone(row.channel_id)
                except Exception:
                    log.exception("closing the tables of channel %s failed", row.channel_id)
            return Delivery(row.id, GONE)
        except discord.Forbidden as error:
            log.warning("channel %s refused a post (%s); not retried", row.channel_id, error.code)
            self._refused_until[row.channel_id] = self.now() + REFUSED_PAUSE
            metrics().failed("post_refused")
            await self.db.give_up(row.id, "refused", f"403 {error.code}: {error.text}", self.now())
            self._pictures.pop(row.id, None)
            return Delivery(row.id, REFUSED)
        except Exception as error:  # noqa: BLE001 - every failure is either retried or given up, never raised
            if not retriable(error) or row.attempts + 1 >= MAX_ATTEMPTS:
                log.error("post %s to %s failed for good: %r", row.id, row.channel_id, error)
                metrics().failed("post_failed")
                await self.db.give_up(row.id, "failed", repr(error), self.now())
                self._pictures.pop(row.id, None)
                return Delivery(row.id, FAILED)
            delay = backoff(row.attempts, retry_after_of(error), self.delays)
            log.warning("post %s to %s failed (%r); retrying in %.0fs", row.id, row.channel_id, error, delay)
            metrics().post_retried()
            await self.db.retry_later(row.id, int(self.now() + delay), repr(error))
            later = self._spawn(self._retry(row.channel_id, row.id, delay))
            return Delivery(row.id, RETRYING, later=later)
        metrics().post_sent()
        try:
            await self.db.mark_sent(row.id, message.id, self.now())
        except StoreUnavailable as away:  # sent: marked once the database is back, never sent again from here
            log.warning("post %s is in the channel; its row waits for the database: %s", row.id, away)
            self._sent_unmarked[row.id] = message.id
        self._pictures.pop(row.id, None)
        return Delivery(row.id, SENT, message)

    async def _retry(self, channel_id: int, row_id: int, delay: float) -> Delivery:
        await asyncio.sleep(delay)
        return await self._send_through(channel_id, row_id)  # the sweep sends newer posts held back

    async def _channel(self, channel_id: int, fresh: bool = False) -> Any:
        return await channel_of(self.client, channel_id, fresh)

    async def _send(self, channel: Any, row: OutboxRow, body: dict[str, Any],
                    files: list[tuple[str, bytes]]) -> discord.Message:
        # the body keeps no files, only their alt texts
        shape = message_shape(reply_of(body), upload_limit(channel), files, body.get("alts") or {})
        return await send_shape(channel, shape, nonce=nonce_of(row.id))

    async def _files(self, row: OutboxRow) -> list[tuple[str, bytes]]:
        kept = self._pictures.get(row.id)
        if kept is not None:
            return kept
        picture = (row.body or {}).get("picture")
        if not picture:
            return []
        if row.table_id is None:
            return await self._redrawn(picture, (row.body or {}).get("drawing"))
        loaded = await self.service.table(row.table_id)
        if loaded is None or loaded.version != row.version or loaded.game is None:
            return []  # the table moved on: a newer post shows the board
        with lang.using(await self._language_of(loaded)):  # the words drawn in it: the server's language
            image = await self.service.board_image(loaded)
        return [(picture, image)] if image else []

    async def _redrawn(self, picture: str, drawing: dict[str, Any] | None) -> list[tuple[str, bytes]]:
        """The picture of a post of no table, drawn again by the extension that drew it; none when it
        cannot be (the words still go out)."""
        if not drawing:
            return []
        for extension in getattr(self.service, "extensions", ()):
            try:
                image = await extension.redraw_post(drawing)
            except Exception:
                log.exception("the picture %s could not be drawn again", picture)
                return []
            if image:
                return [(picture, image)]
        return []

    # -- drafts nobody sealed ----------------------------------------------------------
    def _busy(self, table_id: int, channel_id: int) -> bool:
        return self.service.is_busy(table_id, channel_id)

    async def _compose(self, row: OutboxRow, force: bool = False) -> bool:
        """Turn a draft into a post composed from the saved table: the board as it is now, headed
        by the moves saved since the last post."""
        if row.table_id is None or (not force and self._busy(row.table_id, row.channel_id)):
            return False
        service = self.service
        try:  # computer seats a cut-off call left to move move now, and the post tells them too
            await service.play_owed(row.table_id)
        except Exception:
            failures.report(log, "the computer seats of table %s could not move", row.table_id)
        loaded = await service.table(row.table_id)
        if loaded is None or getattr(loaded.row, "closed_reason", None):
            await self.db.settle_draft(row.table_id, None, self.now())
            return False
        with lang.using(await self._language_of(loaded)):  # a post with no caller: the server's language
            reply = await self._composed(row, loaded)
        if await self.db.compose_draft(row.id, body_of(reply), loaded.version, self.now()):
            self._keep(row.id, reply.files(private=False))
            return True
        return False

    async def _composed(self, row: OutboxRow, loaded: Any) -> Reply:
        """The post of a draft, from the saved table, in the language of the moment."""
        service = self.service
        title = registry.get(loaded.row.game).title
        if loaded.row.status == "cancelled":
            reply = Reply(text=tr("The table of {title} was cancelled.").format(title=title), table_id=loaded.row.id)
        elif loaded.row.status == "lobby":
            reply = service.lobby_reply(loaded, tr("The table of **{title}** is waiting for players.").format(
                title=title))
        else:
            # in the moves' public words: the log's exact texts may tell what a hand held
            if row.since is not None:
                numbers = await self.db.untold(row.table_id, row.since, loaded.version)
            else:  # a draft saved before posts knew what they tell: every move since it began
                numbers = [m.n for m in await service.store.moves(loaded.row.id) if m.n > row.first_move]
            headline = await self._told(row.table_id, numbers, tr("Saved moves:"))
            try:
                reply = await service.turn_reply(loaded, headline)
            except Exception:  # the board itself fails (its picture): the words still go out
                log.exception("the board of table %s could not be composed; posting its moves alone", row.table_id)
                acting = loaded.game.to_act() if loaded.game is not None else []
                waiting = [s.user_id for s in loaded.seats
                           if s.user_id and not s.resigned and s.seat is not None and s.seat in acting]
                call = tr("Your move: {players}").format(
                    players=" ".join(marks.person(u) for u in waiting)) if waiting else ""
                text = "\n".join(x for x in (headline, call) if x) or tr("The table of {title} changed.").format(
                    title=title)
                reply = Reply(text=text, mentions=waiting, table_id=loaded.row.id, version=loaded.version)
        return reply

"""What every call of the table service shares: the store, the clock, the locks, the tables kept
in memory, the listeners told of each write, and the answer made true to what a call saved.

The service's collaborators (bot/core/lobby.py, moves.py, seats.py, composing.py, suggestions.py,
logbook.py, pages.py) are given the service as a `Hub`; they reach one another through its
attributes (`service.moves`, `service.composer`, ...) and its public methods.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import weakref
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import lang
from bot.core import calls, caps, failures, metrics
from bot.core.cache import TableCache
from bot.core.extension import Extension
from bot.core.members import Members
from bot.core.replies import SAVED_BUT, SAVED_STORE_AWAY, Outbox, Reply
from bot.core.tables import Loaded
from db.errors import StoreUnavailable
from db.server_settings import ServerSettingsStore
from db.store import SeatRow, StaleVersion, Store, TableRow
from games import registry
from games.base import IllegalMove
from lang import N_, tr

log = logging.getLogger(__name__)

# how long a server's public language is taken from memory before it is read again
LANGUAGE_KEPT_SECONDS = 60.0

MOVED_ON = N_("The table moved on while your move was on its way, so nothing was played. Look at the board and try "
              "again.")


def utcnow() -> datetime:
    return datetime.now(UTC)


def game_title(key: str) -> str:
    try:
        return registry.get(key).title
    except KeyError:
        return key


class Hub:
    # the collaborators, set by TableService (each holds this hub)
    lobby: Any
    moves: Any
    seats: Any
    composer: Any
    suggestions: Any
    logbook: Any
    pages: Any

    def __init__(
        self, store: Store, *, clock: Callable[[], datetime] = utcnow, draw_images: bool = True,
        seeds: Callable[[], int] | None = None,
    ):
        self.store = store
        self.seeds = seeds or (lambda: random.SystemRandom().randrange(1, 2**53))
        self.clock = clock
        self.draw_images = draw_images
        self.tables_per_member = caps.TABLES_PER_MEMBER  # 0: no cap (bot/core/caps.py)
        self._cache = TableCache()  # active tables only, least recently used dropped first
        # a lock lives while a task holds or awaits it, then goes with its table
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._dirty: set[int] = set()  # tables written since listeners were last told
        self._unheard: set[int] = set()  # tables a listener could not take in (the database away)
        self.extensions: list[Extension] = []
        self.outbox: Outbox | None = None  # set by the adapter that runs the service
        self.members = Members()  # who is still in each server, as the chat adapter tells (members.py)
        # async callbacks (event, Loaded) after each write; the event is "changed", the row tells the rest
        self.listeners: list[Callable[[str, Loaded], Any]] = []
        # each server's public language as last read, and when (another process may change it)
        self._languages: dict[int, tuple[str, str | None, float]] = {}

    game_title = staticmethod(game_title)

    async def _emit(self, event: str, loaded: Loaded | None) -> None:
        if loaded is None:
            return
        for listener in self.listeners:
            try:
                await listener(event, loaded)
            except Exception as error:  # a listener's failure must never undo or block a move
                failures.report(log, "listener failed on %s of table %s", event, loaded.row.id)
                if failures.away(error):  # heard again at the next flush: a deadline must not be lost
                    self._unheard.add(loaded.row.id)

    # -- languages (lang/) ----------------------------------------------------------------
    async def public_language(self, guild_id: int) -> str:
        """The language of a server's public posts, the same for everyone at its tables: what
        /settings language: chose, else the server's own locale as Discord told it, else English.
        Read again after LANGUAGE_KEPT_SECONDS, so a change made by another process is seen."""
        kept = self._languages.get(guild_id)
        if kept is not None and time.monotonic() - kept[2] < LANGUAGE_KEPT_SECONDS:
            return kept[0]
        chosen, own = await ServerSettingsStore.of(self.store).public_language(guild_id)
        language = lang.code(chosen or own)
        self._languages[guild_id] = (language, own, time.monotonic())
        return language

    def forget_language(self, guild_id: int) -> None:
        """/settings language: changed it: read it again at the next post."""
        self._languages.pop(guild_id, None)

    async def person_language(self, caller: Any) -> str:
        """The language of the answers only `caller` reads: their own Discord language, else the
        server's. Remembers the server's locale that came with the call when it is new."""
        if caller.guild_locale:
            await self.public_language(caller.guild_id)
            kept = self._languages.get(caller.guild_id)
            if kept is not None and kept[1] != caller.guild_locale:
                try:
                    await ServerSettingsStore.of(self.store).remember_guild_locale(caller.guild_id, caller.guild_locale)
                except Exception:  # a courtesy for later posts: the answer goes on without it
                    failures.report(log, "the locale of server %s was not kept", caller.guild_id)
                self._languages.pop(caller.guild_id, None)
        if caller.locale:
            return lang.code(caller.locale)
        return await self.public_language(caller.guild_id)

    # -- locks and the tables in memory ------------------------------------------------------
    def table_lock(self, table_id: int) -> asyncio.Lock:
        """The lock every change of this table is made under."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        """The lock of a channel's lobby (seats come and go before the table has a game)."""
        return self.table_lock(-channel_id)

    def is_busy(self, table_id: int, channel_id: int) -> bool:
        """Whether a change of this table, or of its channel's lobby, is under way right now."""
        locks = (self._locks.get(table_id), self._locks.get(-channel_id))
        return any(lock.locked() for lock in locks if lock is not None)

    def cached(self, table_id: int) -> Loaded | None:
        """The table as kept in memory, if it is."""
        return self._cache.get(table_id)

    def keep(self, loaded: Loaded) -> None:
        """Keep the table in memory as it is now saved (a move path that wrote it and moved it on)."""
        self._cache[loaded.row.id] = loaded

    def forget(self, table_id: int) -> None:
        """Drop the table from memory: it was changed behind the service's back (a take-back, a move
        to another channel), so the next read comes from the store."""
        self._cache.pop(table_id, None)

    def mark_changed(self, table_id: int) -> None:
        """The table was written outside `write`: listeners hear of it at the next `flush_events`."""
        self._dirty.add(table_id)

    async def flush_events(self) -> None:
        """Tell the listeners about every table written since the last call (outside any lock)."""
        try:
            while self._dirty:
                table_id = self._dirty.pop()
                try:
                    loaded = await self.table(table_id)
                except BaseException:
                    self._dirty.add(table_id)  # told at the next flush: a deadline must not be lost with it
                    raise
                await self._emit("changed", loaded)
        finally:
            self._dirty |= self._unheard
            self._unheard.clear()

    async def _flush_quietly(self) -> None:
        """flush_events at the end of a call, whose answer a failure here must not change."""
        try:
            await self.flush_events()
        except Exception as error:  # noqa: BLE001 - the tables stay marked and are told at the next flush
            log.warning("listeners not yet told of changed tables: %r", error)

    async def answer(self, work: Awaitable[Reply | None], refusals: bool = True) -> Reply | None:
        """Run one call and make its answer true to what it saved: a refusal is a private reason
        (raised instead, unless `refusals`); a failure after the call saved a change says the change
        stands (its post is composed from the saved table), since a person told "nothing was saved"
        plays again; a failure before any save is raised for the adapter to tell. The answer is
        marked with the changes it tells."""
        with calls.calling() as call:
            try:
                reply = await work
            except IllegalMove as why:  # a refusal, even after a write it meant (a daily whose day is over)
                if not refusals:
                    raise
                reply = Reply.error(str(why))
            except Exception as error:
                saved = call.saved()
                if saved is None:
                    raise
                metrics.metrics().failed(metrics.error_kind(error))  # answered, so not counted where it escapes
                reply = self._saved_anyway(*saved, error)
            finally:
                await self._flush_quietly()
            if reply is None:
                return None
            told = call.told(reply)
            for extension in self.extensions:
                try:
                    await extension.on_answer(told)
                except Exception:  # a listener's fault never costs the person their answer
                    log.exception("on_answer of %s failed", type(extension).__name__)
            return told

    def _saved_anyway(self, table_id: int, done: calls.Written, error: Exception) -> Reply:
        if isinstance(error, StoreUnavailable):
            log.warning("table %s: a change is saved, and the database went before it was shown: %s", table_id, error)
            text = tr(SAVED_STORE_AWAY)
        else:
            log.error("table %s: a change is saved, and showing it failed", table_id, exc_info=error)
            text = tr(SAVED_BUT)
        self.forget(table_id)  # read again from the store, which holds what counted
        return Reply(private=text, table_id=table_id, version=done.version, since=done.since, unshown=True)

    # -- loading -----------------------------------------------------------------------
    def kept(self, row: TableRow) -> Loaded | None:
        """The table as kept in memory, when it is at the version of `row`; else None."""
        cached = self._cache.get(row.id)
        return cached if cached and cached.version == row.version else None

    async def load(self, row: TableRow, seats: list[SeatRow] | None = None) -> Loaded:
        """The table of a row just read, from memory when the kept copy is at its version; `seats`:
        its seats read with it (a list of many tables reads them all at once)."""
        cached = self._cache.get(row.id)
        if cached and cached.version == row.version:
            return cached
        if seats is None:
            seats = await self.store.seats(row.id)
        game = registry.get(row.game).load(row.state) if row.state else None
        loaded = Loaded(row, seats, game)
        self._cache[row.id] = loaded
        return loaded

    async def here(self, channel_id: int) -> Loaded | None:
        """The channel's open table."""
        row = await self.store.open_table(channel_id)
        return await self.load(row) if row else None

    async def latest_here(self, channel_id: int) -> Loaded | None:
        """The channel's latest table, open or not."""
        row = await self.store.latest_table(channel_id)
        return await self.load(row) if row else None

    async def nothing_open(self, channel_id: int, otherwise: str) -> str:
        """Why no table takes this here: the channel's game is over, else `otherwise`."""
        row = await self.store.latest_table(channel_id)
        if row is not None and row.status == "finished":
            return (tr("The game of {game} in this channel is over: /board shows the final "
                       "board and /history the moves; /open starts a new table.").format(game=self.game_title(row.game)))
        return otherwise

    async def table(self, table_id: int) -> Loaded | None:
        """The table as it is saved now (from memory when the cached copy is current)."""
        row = await self.store.table(table_id)
        return await self.load(row) if row else None

    async def write(self, loaded: Loaded, method: Callable[..., Awaitable[int]], *args: Any, **kwargs: Any) -> int:
        """Run a store write `method(table_id, version, *args, now=..., **kwargs)` on this table as
        loaded; a table that moved on meanwhile refuses it with IllegalMove. Listeners hear of it."""
        try:
            version = await method(loaded.row.id, loaded.version, *args, now=self.clock(), **kwargs)
            calls.wrote(loaded.row.id, loaded.version, version)
            self._dirty.add(loaded.row.id)
            self._cache.pop(loaded.row.id, None)  # its copy is behind the store now
            return version
        except StaleVersion:
            self._cache.pop(loaded.row.id, None)
            raise IllegalMove(tr(MOVED_ON)) from None


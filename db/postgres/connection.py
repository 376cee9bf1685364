"""A pool of PostgreSQL connections that the stores speak to as they speak to SQLite's.

The stores write their statements once, in the SQL both databases understand, with `?` marks,
and use the connection as `SerialConnection` offers it: `await conn.execute(sql, params)`,
`async with conn.execute(sql, params) as cur`, `async with conn.transaction()`, and explicit
`BEGIN IMMEDIATE` ... `COMMIT` / `ROLLBACK`. Here a transaction holds one pooled connection for
the task that opened it, from BEGIN to its end, so other tasks' statements run beside it on
other connections and never inside it; a statement outside a transaction borrows a connection
for itself (autocommit). What differs in the SQL is translated once per statement text: `$n`
marks, `INSERT OR IGNORE`, and `RETURNING id` where SQLite gives `lastrowid`.
"""

from __future__ import annotations

import asyncio
import re
import ssl
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from db.errors import CannotOpen, PgIntegrityError, StoreUnavailable
from db.notices import TABLES, WAKE

OPENS = ("BEGIN",)
CLOSES = ("COMMIT", "ROLLBACK", "END")
# tables whose rows get their id from the database: an INSERT into one reports it as lastrowid
IDENTITY_TABLES = frozenset({"tables", "timers", "vacations", "outbox"})
INSERT = re.compile(r"^\s*INSERT\s+(OR\s+IGNORE\s+)?INTO\s+(\w+)", re.IGNORECASE)
# a write that adds a timer or moves one earlier or later: the clocks' holder is told (TIMERS)
TIMER_WRITE = re.compile(r"^\s*(INSERT\s+(OR\s+IGNORE\s+)?INTO\s+timers\b|UPDATE\s+timers\s+SET\s+(due_at|offset_s)\b)",
                         re.IGNORECASE)
TIMERS = WAKE
# a write to a table's row: the board pages of every process look at the versions again (TABLES)
TABLE_WRITE = re.compile(r"^\s*UPDATE\s+tables\s+SET\b", re.IGNORECASE)
# errors that mean the server or the way to it is gone, not that the statement was wrong; asyncpg's
# InternalClientError ("cannot switch to state ...") is what a pooled connection the server ended
# (pg_terminate_backend, a restart) raises at its next use
LOST = (OSError, TimeoutError, asyncio.TimeoutError, asyncpg.PostgresConnectionError,
        asyncpg.InterfaceError, asyncpg.CannotConnectNowError, asyncpg.AdminShutdownError,
        asyncpg.CrashShutdownError, asyncpg.ConnectionFailureError, asyncpg.InternalClientError)
ACQUIRE_TIMEOUT = 10.0
CLOSE_TIMEOUT = 10.0


def _first_word(sql: str) -> str:
    words = sql.lstrip().split(None, 1)
    return words[0].upper() if words else ""


def _marks(sql: str) -> str:
    """`?` to `$1`, `$2`, ... outside quoted text."""
    out, n, quoted = [], 0, False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)


class _Plan:
    __slots__ = ("text", "rows", "returns_id", "wakes")

    def __init__(self, sql: str):
        text = _marks(sql)
        word = _first_word(sql)
        found = INSERT.match(text)
        self.returns_id = False
        if found:
            if found.group(1):  # INSERT OR IGNORE: the same as ON CONFLICT DO NOTHING
                text = text[:found.start(1)] + text[found.end(1):] + " ON CONFLICT DO NOTHING"
            if found.group(2).lower() in IDENTITY_TABLES and "RETURNING" not in text.upper():
                text += " RETURNING id"
                self.returns_id = True
        self.text = text
        self.wakes = tuple(channel for channel, write in ((TIMERS, TIMER_WRITE), (TABLES, TABLE_WRITE))
                           if write.match(sql))
        self.rows = word in ("SELECT", "WITH", "VALUES") or "RETURNING" in text.upper()


class PgCursor:
    """The part of a sqlite3 cursor the stores use. Rows are asyncpg Records: row[0], row["name"], dict(row)."""

    def __init__(self, rows: Sequence[asyncpg.Record] = (), rowcount: int = -1, lastrowid: int | None = None):
        self._rows = list(rows)
        self._at = 0
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def fetchone(self) -> asyncpg.Record | None:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    async def fetchall(self) -> list[asyncpg.Record]:
        rest, self._at = self._rows[self._at:], len(self._rows)
        return rest

    async def close(self) -> None:
        pass


class PgConnection:
    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, dsn: str):
        self.pool = pool
        self.dsn = dsn
        self._listener: asyncpg.Connection | None = None  # LISTENs for wait_for, made on first use
        self._heard: dict[str, asyncio.Event] = {}
        self._listening: set[str] = set()  # the channels self._listener LISTENs on
        self._listen_lock = asyncio.Lock()
        self._held: dict[asyncio.Task, asyncpg.Connection] = {}  # the task's open transaction
        self._woken: dict[asyncio.Task, set[str]] = {}  # open transactions: the NOTIFYs owed at their COMMIT
        self._plans: dict[str, _Plan] = {}

    def execute(self, sql: str, parameters: Any = ()) -> _Statement:
        return _Statement(self._run(sql, parameters))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConnection]:
        await self.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException as failed:
            try:
                await self.execute("ROLLBACK")
            except StoreUnavailable:
                if isinstance(failed, StoreUnavailable):
                    raise failed from None  # the server went: its transaction went with it
                raise
            raise
        await self.execute("COMMIT")

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[asyncpg.Connection]:
        """One pooled connection of one's own (advisory locks, LISTEN, scripts)."""
        try:
            held = await self.pool.acquire(timeout=ACQUIRE_TIMEOUT)
        except LOST as error:
            raise StoreUnavailable(str(error) or type(error).__name__) from error
        try:
            yield held
        finally:
            await self.pool.release(held)

    async def fetch_alone(self, sql: str, parameters: Any = ()) -> list[asyncpg.Record]:
        """The rows of one statement that is a transaction of its own: the server commits it as it
        ends, so a way lost while it runs may have kept it (`maybe_saved`). Inside a task's open
        transaction it is one statement of that transaction."""
        if asyncio.current_task() in self._held:
            return await (await self._run(sql, parameters)).fetchall()
        async with self.connection() as conn:
            try:
                cursor = await _on(conn, self._plan(sql), parameters)
            except StoreUnavailable as lost:
                raise StoreUnavailable(str(lost), maybe_saved=True) from lost
        return await cursor.fetchall()

    async def executescript(self, script: str) -> None:
        async with self.connection() as conn:
            await _guarded(conn.execute, script)

    async def wait_for(self, channel: str, timeout: float) -> bool:
        """Up to `timeout` seconds, less when a NOTIFY on `channel` arrives. A notice heard while
        nobody waited wakes the next wait at once. Without a listening connection (the server is
        away) this is a plain sleep, and listening starts again on a later call."""
        heard = self._heard.get(channel)
        if heard is None:
            heard = self._heard[channel] = asyncio.Event()
        try:
            await self.listen(channel)
        except (StoreUnavailable, *LOST):
            self._listener = None
        try:
            await asyncio.wait_for(heard.wait(), timeout)
            return True
        except TimeoutError:
            return False
        finally:
            heard.clear()

    async def listen(self, channel: str) -> None:
        """LISTEN on `channel` from now on (wait_for does it on its first call)."""
        # one listening connection for every channel: waits that start together (the lease's, the
        # clocks', the outbox's at start) must not each open one, or the one left unreferenced is
        # closed by the garbage collector and takes its LISTEN with it
        async with self._listen_lock:
            if self._listener is not None and self._listener.is_closed():
                self._listener = None
            if self._listener is None:
                self._listener = await asyncpg.connect(self.dsn, timeout=ACQUIRE_TIMEOUT)
                self._listening = set()
            if channel not in self._listening:
                await self._listener.add_listener(channel, lambda *_: self._heard[channel].set())
                self._listening.add(channel)

    async def close(self) -> None:
        if self._listener is not None and not self._listener.is_closed():
            await self._listener.close()
        for conn in list(self._held.values()):
            await self.pool.release(conn)
        self._held.clear()
        try:
            await asyncio.wait_for(self.pool.close(), CLOSE_TIMEOUT)
        except TimeoutError:  # a connection still busy (a task stuck on a lost server): closed anyway
            self.pool.terminate()

    def _plan(self, sql: str) -> _Plan:
        plan = self._plans.get(sql)
        if plan is None:
            plan = self._plans[sql] = _Plan(sql)
        return plan

    async def _run(self, sql: str, parameters: Any) -> PgCursor:
        task = asyncio.current_task()
        word = _first_word(sql)
        held = self._held.get(task)
        if held is not None:
            try:
                if word in CLOSES:
                    close = word if word != "END" else "COMMIT"
                    if close == "COMMIT" and self._woken.get(task):
                        # the notices go with the COMMIT, in one round trip (a simple query may hold
                        # several statements); the server delivers them at the COMMIT, as it would anyway
                        close = "".join(f"NOTIFY {channel}; " for channel in sorted(self._woken[task])) + "COMMIT"
                    try:
                        await _guarded(held.execute, close)
                    except StoreUnavailable as lost:
                        raise StoreUnavailable(str(lost), maybe_saved=word != "ROLLBACK") from lost
                    return PgCursor()
                plan = self._plan(sql)
                cursor = await _on(held, plan, parameters, wake=False)
                if plan.wakes:
                    self._woken.setdefault(task, set()).update(plan.wakes)
                return cursor
            finally:
                if word in CLOSES:
                    del self._held[task]
                    self._woken.pop(task, None)
                    await self.pool.release(held)
        if word in OPENS:
            try:
                conn = await self.pool.acquire(timeout=ACQUIRE_TIMEOUT)
            except LOST as error:
                raise StoreUnavailable(str(error) or type(error).__name__) from error
            try:
                await _guarded(conn.execute, "BEGIN")
            except BaseException:
                await self.pool.release(conn)
                raise
            self._held[task] = conn
            return PgCursor()
        if word in CLOSES:
            return PgCursor()  # nothing open (the transaction ended with its connection)
        async with self.connection() as conn:
            return await _on(conn, self._plan(sql), parameters)


async def _guarded(method, *args):
    """`method(*args)`, with asyncpg's errors as the store's (a released connection raises at the call)."""
    try:
        return await method(*args)
    except asyncpg.IntegrityConstraintViolationError as error:
        raise PgIntegrityError(str(error)) from error
    except LOST as error:
        raise StoreUnavailable(str(error) or type(error).__name__) from error


async def _on(conn: asyncpg.Connection, plan: _Plan, parameters: Any, wake: bool = True) -> PgCursor:
    args = tuple(parameters)
    if plan.rows:
        rows = await _guarded(conn.fetch, plan.text, *args)
        cursor = PgCursor(rows, len(rows), rows[0][0] if plan.returns_id and rows else None)
    else:
        status = await _guarded(conn.execute, plan.text, *args)
        last = status.rsplit(" ", 1)[-1]
        cursor = PgCursor((), int(last) if last.isdigit() else -1)
    if plan.wakes and wake:  # after the write (a transaction's notice goes with its COMMIT, and none on ROLLBACK)
        await _guarded(conn.execute, "; ".join(f"NOTIFY {channel}" for channel in plan.wakes))
    return cursor


class _Statement:
    """Awaitable like aiosqlite's: `await conn.execute(...)` or `async with conn.execute(...) as cur`."""

    def __init__(self, run):
        self._run = run

    def __await__(self):
        return self._run.__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._run

    async def __aexit__(self, *exc: object) -> None:
        pass


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it came: the stores set no session state (no SET, no
    LISTEN, no cursor; advisory locks are given back by their holder or end with the transaction),
    so asyncpg's default reset, a round trip on every release, is left out. An open transaction is
    still rolled back by the pool before this is called."""


async def connect(dsn: str, *, min_size: int = 1, max_size: int = 10) -> PgConnection:
    """A pool on the server named by `dsn`. CannotOpen, with the reason in one line, when no server
    answers, the password or the user is refused, the database does not exist, or SSL fails."""
    try:
        parts = urlsplit(dsn)
        where = f"{parts.hostname or 'localhost'}:{parts.port or 5432}"
    except ValueError as error:
        raise CannotOpen(f"not a DSN PostgreSQL understands ({error}). Write e.g. "
                         "postgresql://isles@db.example:5432/isles.") from None
    try:
        pool = await asyncpg.create_pool(dsn, min_size=min_size, max_size=max_size, timeout=ACQUIRE_TIMEOUT,
                                         command_timeout=60, reset=_nothing_to_reset)
    except asyncpg.InvalidPasswordError:
        raise CannotOpen(f"the server at {where} refused the password of user {parts.username or '(none)'}. "
                         "Check the password in the DSN.") from None
    except asyncpg.InvalidCatalogNameError:
        name = parts.path.lstrip("/") or parts.username
        raise CannotOpen(f"the server at {where} has no database {name!r}. Create it "
                         f"(createdb -h {parts.hostname or 'localhost'} {name}) or name another.") from None
    except asyncpg.InvalidAuthorizationSpecificationError as error:
        raise CannotOpen(f"the server at {where} refused the connection ({error}).") from None
    except (ValueError, asyncpg.ClientConfigurationError) as error:
        raise CannotOpen(f"not a DSN PostgreSQL understands ({error}). Write e.g. "
                         "postgresql://isles@db.example:5432/isles.") from None
    except ssl.SSLError as error:  # an OSError, but the server did answer
        raise CannotOpen(f"the SSL handshake with the server at {where} failed ({error.reason or error}). Check "
                         "sslmode and sslrootcert in the DSN against the server's certificate.") from None
    except LOST as error:
        if "rejected SSL upgrade" in str(error):
            raise CannotOpen(f"the server at {where} refused SSL, which this connection requires (sslmode in the "
                             "DSN, or PGSSLMODE). Turn SSL on at the server (ssl = on), or, where the way to it is "
                             "private, write sslmode=prefer in the DSN.") from None
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise CannotOpen(f"no PostgreSQL server answers at {where} ({reason}). Start it, or check the host "
                         "and port.") from None
    except asyncpg.PostgresError as error:
        raise CannotOpen(f"the server at {where} refused to open the database ({error}).") from None
    return PgConnection(pool, dsn)

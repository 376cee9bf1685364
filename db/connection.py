"""One SQLite connection shared safely by every task of the bot.

aiosqlite runs all statements of a connection on one thread, in order, but an explicit
transaction (`BEGIN IMMEDIATE` ... `COMMIT`) spans several awaits. Without care, a statement
of another task (a reminder firing during a move) would land inside that transaction and be
committed or rolled back with it. `SerialConnection` makes other tasks wait while one task
holds a transaction open; statements outside transactions run as they come.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

OPENS = ("BEGIN",)
CLOSES = ("COMMIT", "ROLLBACK", "END")


class _Fetched:
    """A cursor whose rows were all read at once (a write with RETURNING)."""

    def __init__(self, rows: list, rowcount: int, lastrowid: int | None):
        self._rows, self.rowcount, self.lastrowid = rows, rowcount, lastrowid

    async def fetchone(self):
        return self._rows.pop(0) if self._rows else None

    async def fetchall(self) -> list:
        rows, self._rows = self._rows, []
        return rows

    async def close(self) -> None:
        pass


async def _run(conn: aiosqlite.Connection, sql: str, parameters: Any) -> Any:
    cursor = await conn.execute(sql, parameters)
    if "RETURNING" in sql.upper():
        # a write that returns rows stays in progress until they are read: SQLite refuses another
        # task's COMMIT meanwhile, so they are read before the connection is handed on
        rows = list(await cursor.fetchall())
        await cursor.close()
        return _Fetched(rows, len(rows), cursor.lastrowid)
    return cursor


def _first_word(sql: str) -> str:
    words = sql.lstrip().split(None, 1)
    return words[0].upper() if words else ""


class SerialConnection:
    def __init__(self, conn: aiosqlite.Connection):
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task | None = None  # the task whose transaction is open

    def __getattr__(self, name: str) -> Any:  # row_factory, close, commit, ...
        return getattr(self._conn, name)

    def execute(self, sql: str, parameters: Any = ()) -> _Statement:
        return _Statement(self, sql, parameters)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SerialConnection]:
        """`BEGIN IMMEDIATE` ... `COMMIT`, or `ROLLBACK` when the block raises."""
        await self.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            await self.execute("ROLLBACK")
            raise
        await self.execute("COMMIT")

    async def executescript(self, script: str) -> Any:
        async with self._lock:
            return await self._conn.executescript(script)

    async def run_statement(self, sql: str, parameters: Any) -> aiosqlite.Cursor:
        task = asyncio.current_task()
        word = _first_word(sql)
        if self._owner is task:  # a statement of the open transaction
            try:
                return await _run(self._conn, sql, parameters)
            finally:
                if word in CLOSES:
                    self._owner = None
                    self._lock.release()
        await self._lock.acquire()
        if word in OPENS:
            try:
                cursor = await _run(self._conn, sql, parameters)
            except BaseException:
                self._lock.release()
                raise
            self._owner = task  # held until this task commits or rolls back
            return cursor
        try:
            return await _run(self._conn, sql, parameters)
        finally:
            self._lock.release()


class _Statement:
    """Awaitable like aiosqlite's: `await conn.execute(...)` or `async with conn.execute(...) as cur`."""

    def __init__(self, owner: SerialConnection, sql: str, parameters: Any):
        self._run = owner.run_statement(sql, parameters)
        self._cursor: aiosqlite.Cursor | None = None

    def __await__(self):
        return self._run.__await__()

    async def __aenter__(self) -> aiosqlite.Cursor:
        self._cursor = await self._run
        return self._cursor

    async def __aexit__(self, *exc: object) -> None:
        if self._cursor is not None:
            await self._cursor.close()

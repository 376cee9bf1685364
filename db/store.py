"""Every SQL statement of Isles. The rest of the project speaks to the database only through `Store`.

`Store.open` takes what ISLES_DB holds: a path opens a SQLite file, a `postgresql://` DSN a pool on a
PostgreSQL server (db/postgres/). The statements are written once for both; nothing above db/
knows which one it speaks to."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from typing import Any

import aiosqlite

from db.connection import SerialConnection
from db.errors import CannotOpen, IntegrityError, is_postgres
from db.migrations import RECORD, TABLE_NAMES, refusal

OPEN = ("lobby", "active")


class StaleVersion(Exception):
    """The table changed since it was read: another move landed first."""


class ChannelBusy(Exception):
    """The channel already holds an open table."""


@dataclass
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    host_id: int
    version: int
    state: dict[str, Any] | None
    created_at: str
    updated_at: str


@dataclass
class SeatRow:
    position: int
    seat: int | None
    user_id: int | None
    name: str
    is_ai: bool
    resigned: bool


@dataclass
class MoveRow:
    n: int
    seat: int
    user_id: int | None
    move: str
    at: str
    taken_back: bool = False
    version: int | None = None  # the table version its write made (None for moves saved before migration 031)
    played_for: bool = False  # the table played it for the seat's person (a forced move, a standing answer, a plan)


# The table's one outbox draft (migration 020), inserted or moved on to the table's new version:
# every table write runs it in its own transaction, so the post a change owes is saved with the
# change. `since` (the version before the first change the draft covers) and `first_move` (the
# count of moves saved before it) are kept when the draft moves on; `created_at` is the time of
# the last change.
DRAFT_SQL = (
    "INSERT INTO outbox (table_id, channel_id, version, since, first_move, state, next_at, created_at) "
    "SELECT id, channel_id, version, version - 1, (SELECT COUNT(*) FROM moves WHERE table_id = tables.id), 'draft', "
    "CAST(? AS BIGINT), CAST(? AS BIGINT) "
    "FROM tables WHERE id = ? AND true "
    "ON CONFLICT (table_id) WHERE state = 'draft' DO UPDATE SET version = excluded.version, "
    "channel_id = excluded.channel_id, created_at = excluded.created_at"
)


# A move on PostgreSQL in one statement, so one round trip in place of five (BEGIN, the version
# bump, the draft, the move, COMMIT): a statement is a transaction of its own, and the parts of
# a WITH see the moves as they were before it, as the draft and the move's number did when they
# ran one after another. The bump that finds the version moved on returns nothing and writes nothing.
MOVE_PG = (
    "WITH bumped AS (UPDATE tables SET version = version + 1, updated_at = ?, state = ? "
    "WHERE id = ? AND version = ? RETURNING id, channel_id, version), "
    "drafted AS (INSERT INTO outbox (table_id, channel_id, version, since, first_move, state, next_at, created_at) "
    "SELECT id, channel_id, version, version - 1, (SELECT COUNT(*) FROM moves WHERE table_id = bumped.id), 'draft', "
    "CAST(? AS BIGINT), CAST(? AS BIGINT) FROM bumped "
    "ON CONFLICT (table_id) WHERE state = 'draft' DO UPDATE SET version = excluded.version, "
    "channel_id = excluded.channel_id, created_at = excluded.created_at RETURNING 1), "
    "moved AS (INSERT INTO moves (table_id, n, seat, user_id, move, at, version, played_for) "
    "SELECT id, (SELECT COALESCE(MAX(n), 0) + 1 FROM moves WHERE table_id = bumped.id), CAST(? AS BIGINT), "
    "CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT), version, CAST(? AS INTEGER) FROM bumped RETURNING 1) "
    "SELECT version, pg_notify('isles_tables', '') FROM bumped"  # notices.TABLES, sent at the statement's commit
)


def draft_step(table_id: int, now: int) -> tuple[str, tuple]:
    """The statement that records the post a write of this table owes (Unix seconds)."""
    return DRAFT_SQL, (now, now, table_id)


def table_row(row: sqlite3.Row) -> TableRow:
    return TableRow(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
        options=json.loads(row["options"]), seed=row["seed"], status=row["status"], host_id=row["host_id"],
        version=row["version"], state=json.loads(row["state"]) if row["state"] else None,
        created_at=row["created_at"], updated_at=row["updated_at"],
    )


def stamp_text(now: datetime) -> str:
    return now.isoformat(timespec="seconds")


def _json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _scripts(package: str) -> dict[int, str]:
    found = {}
    for entry in resources.files(package).iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found[int(name[:3])] = entry.read_text(encoding="utf-8")
    return found


def migrations(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """The numbered migration scripts shipped in db/migrations, in order. For PostgreSQL, a
    script's copy in db/migrations/postgres replaces it where the SQL differs."""
    found = _scripts("db.migrations")
    if dialect == "postgres":
        found.update(_scripts("db.migrations.postgres"))
    return sorted(found.items())


class Store:
    def __init__(self, conn: SerialConnection):
        self.conn = conn

    @property
    def dialect(self) -> str:
        return getattr(self.conn, "dialect", "sqlite")

    @classmethod
    async def open(cls, path: str, *, migrate: bool = True) -> Store:
        """A SQLite file by its path, or a PostgreSQL database by its DSN; migrated to the newest schema
        (unless `migrate` is False: a copy looks at the target before it changes anything)."""
        if is_postgres(path):
            from db.postgres.connection import connect

            store = cls(await connect(path))
            try:
                if migrate:
                    await store.migrate()
            except BaseException:
                await store.close()
                raise
            return store
        raw = await aiosqlite.connect(path, isolation_level=None)
        raw.row_factory = sqlite3.Row
        store = cls(SerialConnection(raw))
        try:  # a file that is no database fails here: closed, or its thread keeps the process from ending
            await store.conn.execute("PRAGMA journal_mode=WAL")
            await store.conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a commit survives a killed process
            await store.conn.execute("PRAGMA foreign_keys=ON")
            await store.conn.execute("PRAGMA busy_timeout=5000")
            if migrate:
                await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        await self.conn.close()

    # -- wake-ups across processes -----------------------------------------------------
    async def notify(self, channel: str) -> None:
        """Tell the processes waiting on `channel` (PostgreSQL's NOTIFY; SQLite's processes poll)."""
        if self.dialect == "postgres":
            await self.conn.execute("SELECT pg_notify(?, '')", (channel,))

    async def listen(self, channel: str) -> None:
        """Hear `channel` from now on: a notice sent after this returns wakes the next `wait_for`
        even if it comes before that wait begins. Does nothing on SQLite (no notices)."""
        if self.dialect == "postgres":
            await self.conn.listen(channel)

    async def wait_for(self, channel: str, timeout: float) -> bool:
        """Sleep up to `timeout` seconds, or less when a notice on `channel` arrives (from any
        process, on PostgreSQL). True when woken by a notice."""
        if self.dialect == "postgres":
            return await self.conn.wait_for(channel, timeout)
        await asyncio.sleep(timeout)
        return False

    async def migrate(self) -> int:
        if self.dialect == "postgres":
            from db.postgres.migrate import migrate

            return await migrate(self.conn, migrations("postgres"))
        scripts = migrations()
        async with self.conn.execute(TABLE_NAMES["sqlite"]) as cur:
            present = {row[0] for row in await cur.fetchall()}
        applied: set[int] = set()
        if RECORD in present:
            async with self.conn.execute(f"SELECT version FROM {RECORD}") as cur:
                applied = {row[0] for row in await cur.fetchall()}
        reason = refusal(present, applied, scripts)  # a newer schema, another application's tables
        if reason:
            raise CannotOpen(reason)
        await self.conn.execute(
            f"CREATE TABLE IF NOT EXISTS {RECORD} (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        for version, script in scripts:
            if version in applied:
                continue  # every missing one is applied, even below the newest (branches land out of order)
            # executescript commits on its own, so the script and its record go in one explicit transaction
            await self.conn.executescript(
                f"BEGIN;\n{script}\nINSERT INTO schema_migrations VALUES ({version}, datetime('now'));\nCOMMIT;"
            )
            applied.add(version)
        return max(applied, default=0)

    # -- named values ------------------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        async with self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # -- server settings ---------------------------------------------------------------
    async def guild_threads(self, guild_id: int) -> bool:
        async with self.conn.execute("SELECT threads FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return True if row is None else bool(row["threads"])

    async def set_guild_threads(self, guild_id: int, threads: bool) -> None:
        await self.conn.execute(
            "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
            (guild_id, int(threads)),
        )

    # -- tables ------------------------------------------------------------------------
    async def create_table(
        self, *, guild_id: int, channel_id: int, game: str, options: dict[str, Any], seed: int,
        host_id: int, host_name: str, now: datetime,
    ) -> int:
        stamp = stamp_text(now)
        try:
            async with self.conn.transaction():
                cur = await self.conn.execute(
                    "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, version, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?)",
                    (guild_id, channel_id, game, _json(options), seed, host_id, stamp, stamp),
                )
                table_id = cur.lastrowid
                await self.conn.execute(
                    "INSERT INTO seats (table_id, position, user_id, name) VALUES (?, 0, ?, ?)",
                    (table_id, host_id, host_name),
                )
                await self.conn.execute(*draft_step(table_id, int(now.timestamp())))  # the lobby's post
        except IntegrityError:
            raise ChannelBusy() from None
        return table_id

    async def open_table(self, channel_id: int) -> TableRow | None:
        async with self.conn.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        ) as cur:
            row = await cur.fetchone()
        return table_row(row) if row else None

    async def latest_table(self, channel_id: int) -> TableRow | None:
        """The newest table of a channel, open or not."""
        async with self.conn.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status != 'cancelled' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return table_row(row) if row else None

    async def latest_finished_table(self, channel_id: int) -> TableRow | None:
        """The newest finished table of a channel (a rematch opened since does not hide it)."""
        async with self.conn.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status = 'finished' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return table_row(row) if row else None

    async def table(self, table_id: int) -> TableRow | None:
        async with self.conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return table_row(row) if row else None

    async def table_versions(self, table_ids: Sequence[int]) -> dict[int, int]:
        """Each existing table's version, by id: how a watcher sees writes made by other processes."""
        if not table_ids:
            return {}
        marks = ",".join("?" * len(table_ids))
        async with self.conn.execute(f"SELECT id, version FROM tables WHERE id IN ({marks})", list(table_ids)) as cur:
            return {int(row[0]): int(row[1]) for row in await cur.fetchall()}

    async def tables(self, guild_id: int | None = None, statuses: tuple[str, ...] = OPEN) -> list[TableRow]:
        marks = ",".join("?" * len(statuses))
        sql = f"SELECT * FROM tables WHERE status IN ({marks})"
        params: list[Any] = list(statuses)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        async with self.conn.execute(sql + " ORDER BY id", params) as cur:
            return [table_row(row) for row in await cur.fetchall()]

    async def tables_of_person(self, user_id: int, statuses: tuple[str, ...] = OPEN) -> list[TableRow]:
        """The tables where `user_id` holds a seat, in every server (and in direct messages)."""
        marks = ",".join("?" * len(statuses))
        async with self.conn.execute(
            f"SELECT * FROM tables t WHERE t.status IN ({marks}) AND EXISTS "
            "(SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?) ORDER BY t.id",
            (*statuses, user_id),
        ) as cur:
            return [table_row(row) for row in await cur.fetchall()]

    async def seats(self, table_id: int) -> list[SeatRow]:
        async with self.conn.execute(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY COALESCE(seat, position), position", (table_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [
            SeatRow(r["position"], r["seat"], r["user_id"], r["name"], bool(r["is_ai"]), bool(r["resigned"]))
            for r in rows
        ]

    async def _bump(self, table_id: int, version: int, now: datetime, extra: str = "", params: tuple = ()) -> None:
        cur = await self.conn.execute(
            f"UPDATE tables SET version = version + 1, updated_at = ?{extra} WHERE id = ? AND version = ?",
            (stamp_text(now), *params, table_id, version),
        )
        if cur.rowcount != 1:
            raise StaleVersion()

    async def _write(self, table_id: int, version: int, now: datetime, steps, extra: str = "", params=()) -> int:
        """Run `steps` (SQL, params) and the version bump in one transaction."""
        async with self.conn.transaction():
            await self._bump(table_id, version, now, extra, params)
            await self.conn.execute(*draft_step(table_id, int(now.timestamp())))  # the post it owes
            for sql, args in steps:
                await self.conn.execute(sql, args)
        return version + 1

    async def add_seat(self, table_id: int, version: int, *, user_id: int | None, name: str, now: datetime) -> int:
        async with self.conn.execute(
            "SELECT COALESCE(MAX(position), -1) + 1 FROM seats WHERE table_id = ?", (table_id,)
        ) as cur:
            position = (await cur.fetchone())[0]
        step = (
            "INSERT INTO seats (table_id, position, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)",
            (table_id, position, user_id, name, int(user_id is None)),
        )
        return await self._write(table_id, version, now, [step])

    async def remove_seat(self, table_id: int, version: int, position: int, now: datetime) -> int:
        step = ("DELETE FROM seats WHERE table_id = ? AND position = ?", (table_id, position))
        return await self._write(table_id, version, now, [step])

    async def set_status(self, table_id: int, version: int, status: str, now: datetime) -> int:
        return await self._write(table_id, version, now, [], ", status = ?", (status,))

    async def start(
        self, table_id: int, version: int, seat_of_position: dict[int, int], state: dict[str, Any], now: datetime
    ) -> int:
        steps = [
            ("UPDATE seats SET seat = ? WHERE table_id = ? AND position = ?", (seat, table_id, position))
            for position, seat in seat_of_position.items()
        ]
        return await self._write(table_id, version, now, steps, ", status = 'active', state = ?", (_json(state),))

    async def record_move(
        self, table_id: int, version: int, *, seat: int, user_id: int | None, move: str,
        state: dict[str, Any], now: datetime, results: list[tuple[int, int | None, bool, int, float]] | None = None,
        played_for: bool = False,
    ) -> int:
        """Append one move and save the state after it, atomically; with results, finish the table.
        `played_for`: the table made the move for the seat's person (see MoveRow)."""
        if results is None and self.dialect == "postgres":
            moment = int(now.timestamp())
            rows = await self.conn.fetch_alone(MOVE_PG, (
                stamp_text(now), _json(state), table_id, version, moment, moment, seat, user_id, move,
                stamp_text(now), int(played_for)))
            if not rows:
                raise StaleVersion()
            return version + 1
        steps: list[tuple[str, tuple]] = [(
            "INSERT INTO moves (table_id, n, seat, user_id, move, at, version, played_for) "
            "VALUES (?, (SELECT COALESCE(MAX(n), 0) + 1 FROM moves WHERE table_id = ?), ?, ?, ?, ?, ?, ?)",
            (table_id, table_id, seat, user_id, move, stamp_text(now), version + 1, int(played_for)),
        )]
        extra, params = ", state = ?", (_json(state),)
        if results is not None:
            extra += ", status = 'finished'"
            steps += self._result_steps(table_id, results)
        return await self._write(table_id, version, now, steps, extra, params)

    @staticmethod
    def _result_steps(table_id: int, results) -> list[tuple[str, tuple]]:
        return [
            ("INSERT INTO results (table_id, seat, user_id, is_ai, rank, score) VALUES (?, ?, ?, ?, ?, ?)",
             (table_id, seat, user_id, int(is_ai), rank, score))
            for seat, user_id, is_ai, rank, score in results
        ]

    async def resign(
        self, table_id: int, version: int, position: int, now: datetime,
        results: list[tuple[int, int | None, bool, int, float]] | None = None,
    ) -> int:
        steps = [("UPDATE seats SET resigned = 1 WHERE table_id = ? AND position = ?", (table_id, position))]
        extra = ""
        if results is not None:
            extra = ", status = 'finished'"
            steps += self._result_steps(table_id, results)
        return await self._write(table_id, version, now, steps, extra)

    async def moves(self, table_id: int, *, taken_back: bool = False) -> list[MoveRow]:
        """The moves that stand, in order; with `taken_back`, also those taken back (marked)."""
        where = "" if taken_back else " AND taken_back = 0"
        async with self.conn.execute(
            f"SELECT n, seat, user_id, move, at, taken_back, version, played_for FROM moves WHERE table_id = ?{where} "
            "ORDER BY n",
            (table_id,),
        ) as cur:
            return [MoveRow(r["n"], r["seat"], r["user_id"], r["move"], r["at"], bool(r["taken_back"]), r["version"],
                            bool(r["played_for"])) for r in await cur.fetchall()]

    async def take_back(self, table_id: int, version: int, numbers: list[int], state: dict[str, Any],
                        now: datetime) -> int:
        """Mark moves taken back and save the state rebuilt without them, atomically."""
        steps = [("UPDATE moves SET taken_back = 1 WHERE table_id = ? AND n = ?", (table_id, n)) for n in numbers]
        return await self._write(table_id, version, now, steps, ", state = ?", (_json(state),))

    async def results(self, table_id: int) -> list[dict[str, Any]]:
        async with self.conn.execute("SELECT * FROM results WHERE table_id = ? ORDER BY rank, seat", (table_id,)) as cur:
            return [dict(r) for r in await cur.fetchall()]

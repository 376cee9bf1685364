"""SQL an operator's checks read (/healthz, /metrics, the presence line): cheap counts over
tables written elsewhere, and a copy of a SQLite file taken while the bot runs."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Waiting:
    posts: int  # drafts and pending posts the outbox still owes
    oldest: float | None  # Unix seconds the oldest of them was written; None when none waits


@dataclass(frozen=True)
class Lease:
    holder: str
    expires_at: float


class OperationsStore:
    def __init__(self, store: Any):
        """`store`: a db.store.Store."""
        self.conn = store.conn

    async def ping(self) -> None:
        """One round trip to the database; raises when it is away."""
        async with self.conn.execute("SELECT 1") as cur:
            await cur.fetchone()

    async def tables_by_status(self) -> dict[str, int]:
        """Tables in their lobby and under way, by status (both present, 0 when none)."""
        counts = {"lobby": 0, "active": 0}
        async with self.conn.execute(
                "SELECT status, COUNT(*) FROM tables WHERE status IN ('lobby', 'active') GROUP BY status") as cur:
            for row in await cur.fetchall():
                counts[row[0]] = int(row[1])
        return counts

    async def waiting(self) -> Waiting:
        async with self.conn.execute(
                "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE state IN ('draft', 'pending')") as cur:
            row = await cur.fetchone()
        return Waiting(int(row[0] or 0), float(row[1]) if row[1] is not None else None)

    async def lease(self, name: str) -> Lease | None:
        async with self.conn.execute("SELECT holder, expires_at FROM leases WHERE name = ?", (name,)) as cur:
            row = await cur.fetchone()
        return Lease(row[0], float(row[1])) if row else None


def copy_sqlite(source: str, target: Path) -> None:
    """A consistent copy of the SQLite file `source` at `target`, while other connections write:
    `VACUUM INTO` reads one snapshot (a read transaction, which WAL lets writers go on beside) and
    writes a compact file. It is written under a temporary name and renamed, so that `target`
    is either absent or whole. Blocking: run it off the event loop."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    conn = sqlite3.connect(source, timeout=30)
    try:
        conn.execute("VACUUM INTO ?", (str(partial),))
    finally:
        conn.close()
    partial.replace(target)

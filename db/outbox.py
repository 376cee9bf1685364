"""SQL of the outbox (migration 020): the public posts that saved changes owe their channels.

The store's `draft_step` (db/store.py) records a draft inside the transaction of every table
write, so the debt is saved with the change itself; the rest is read and written here, for the
sender (bot/adapters/discord/posting.py).
Times are Unix seconds.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any


@dataclass
class OutboxRow:
    id: int
    table_id: int | None
    channel_id: int
    version: int | None
    first_move: int
    state: str
    body: dict[str, Any] | None
    attempts: int
    next_at: int
    message_id: int | None
    created_at: int


def _row(r: sqlite3.Row) -> OutboxRow:
    return OutboxRow(r["id"], r["table_id"], r["channel_id"], r["version"], r["first_move"], r["state"],
                     json.loads(r["body"]) if r["body"] else None, r["attempts"], r["next_at"], r["message_id"],
                     r["created_at"])


def _json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


class OutboxStore:
    def __init__(self, store: Any):
        """`store`: a db.store.Store (not imported: the store writes drafts, this reads them)."""
        self.store = store
        self.conn = store.conn

    @classmethod
    def of(cls, store: Any) -> OutboxStore:
        return cls(store)

    async def _rows(self, sql: str, params: tuple = ()) -> list[OutboxRow]:
        async with self.conn.execute(sql, params) as cur:
            return [_row(r) for r in await cur.fetchall()]

    async def get(self, row_id: int) -> OutboxRow | None:
        rows = await self._rows("SELECT * FROM outbox WHERE id = ?", (row_id,))
        return rows[0] if rows else None

    async def seal(self, *, table_id: int | None, version: int | None, channel_id: int, body: dict[str, Any],
                   now: int) -> int:
        """The pending post of a reply: the table's draft when the reply shows its version (or a
        later one), else a new row. Returns the row id."""
        # The draft is found and sealed by one statement (a round trip on PostgreSQL, not four); a
        # reply with no draft to seal gets a row of its own, which no other row can conflict with.
        if table_id is not None and version is not None:
            async with self.conn.execute(
                "UPDATE outbox SET state = 'pending', body = ?, channel_id = ?, version = ?, next_at = ? "
                "WHERE id = (SELECT id FROM outbox WHERE table_id = ? AND state = 'draft' AND version <= ?) "
                "RETURNING id", (_json(body), channel_id, version, now, table_id, version),
            ) as cur:
                draft = await cur.fetchone()
            if draft is not None:
                return draft["id"]
        cur = await self.conn.execute(
            "INSERT INTO outbox (table_id, channel_id, version, state, body, next_at, created_at) "
            "VALUES (?, ?, ?, 'pending', ?, ?, ?)", (table_id, channel_id, version, _json(body), now, now))
        return cur.lastrowid

    async def settle_draft(self, table_id: int, version: int | None, now: int) -> None:
        """The reply covering the draft had nothing public to say: the draft owes nothing."""
        await self.conn.execute(
            "UPDATE outbox SET state = 'dropped', sent_at = ? WHERE table_id = ? AND state = 'draft' "
            "AND (CAST(? AS BIGINT) IS NULL OR version <= ?)", (now, table_id, version, version))

    async def draft_of(self, table_id: int) -> OutboxRow | None:
        rows = await self._rows("SELECT * FROM outbox WHERE table_id = ? AND state = 'draft'", (table_id,))
        return rows[0] if rows else None

    async def compose_draft(self, row_id: int, body: dict[str, Any], version: int | None, now: int) -> bool:
        """Give a draft nobody sealed the body composed from the saved table."""
        cur = await self.conn.execute(
            "UPDATE outbox SET state = 'pending', body = ?, version = COALESCE(?, version), next_at = ? "
            "WHERE id = ? AND state = 'draft'", (_json(body), version, now, row_id))
        return cur.rowcount == 1

    async def drafts(self, created_before: int, limit: int = 100) -> list[OutboxRow]:
        return await self._rows("SELECT * FROM outbox WHERE state = 'draft' AND created_at <= ? ORDER BY id LIMIT ?",
                                (created_before, limit))

    async def drafts_in(self, channel_id: int, since: int) -> list[OutboxRow]:
        return await self._rows("SELECT * FROM outbox WHERE state = 'draft' AND channel_id = ? AND created_at >= ?",
                                (channel_id, since))

    async def due(self, now: int, limit: int = 100) -> list[OutboxRow]:
        return await self._rows("SELECT * FROM outbox WHERE state = 'pending' AND next_at <= ? ORDER BY id LIMIT ?",
                                (now, limit))

    async def waiting_in(self, channel_id: int, up_to: int) -> list[OutboxRow]:
        """Pending posts of a channel up to a row, oldest first: a channel's posts keep their order."""
        return await self._rows("SELECT * FROM outbox WHERE channel_id = ? AND state = 'pending' AND id <= ? "
                                "ORDER BY id", (channel_id, up_to))

    async def next_due(self) -> int | None:
        async with self.conn.execute("SELECT MIN(next_at) FROM outbox WHERE state = 'pending'") as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def counts(self) -> dict[str, int]:
        async with self.conn.execute("SELECT state, COUNT(*) FROM outbox GROUP BY state") as cur:
            return {r[0]: r[1] for r in await cur.fetchall()}

    async def mark_sent(self, row_id: int, message_id: int | None, now: int) -> None:
        await self.conn.execute(
            "UPDATE outbox SET state = 'sent', message_id = ?, sent_at = ?, attempts = attempts + 1 WHERE id = ?",
            (message_id, now, row_id))

    async def retry_later(self, row_id: int, next_at: int, error: str) -> int:
        """One more failed attempt; returns the attempts so far."""
        await self.conn.execute("UPDATE outbox SET attempts = attempts + 1, next_at = ?, error = ? WHERE id = ?",
                                (next_at, error[:500], row_id))
        async with self.conn.execute("SELECT attempts FROM outbox WHERE id = ?", (row_id,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else 0

    async def give_up(self, row_id: int, state: str, error: str, now: int) -> None:
        """'refused' (Discord will not take it) or 'failed' (too many server errors)."""
        await self.conn.execute(
            "UPDATE outbox SET state = ?, error = ?, sent_at = ?, attempts = attempts + 1 WHERE id = ?",
            (state, error[:500], now, row_id))

    async def drop_channel(self, channel_id: int, now: int) -> int:
        """Nothing more is posted in a place that is gone."""
        cur = await self.conn.execute(
            "UPDATE outbox SET state = 'dropped', sent_at = ? WHERE channel_id = ? AND state IN ('draft', 'pending')",
            (now, channel_id))
        return cur.rowcount

    async def drop_table(self, table_id: int, now: int) -> int:
        cur = await self.conn.execute(
            "UPDATE outbox SET state = 'dropped', sent_at = ? WHERE table_id = ? AND state IN ('draft', 'pending')",
            (now, table_id))
        return cur.rowcount

    async def prune(self, before: int) -> int:
        """Forget posts settled before `before` (the newest row always stays, so ids are never reused)."""
        cur = await self.conn.execute(
            "DELETE FROM outbox WHERE state IN ('sent', 'refused', 'dropped', 'failed') AND COALESCE(sent_at, 0) < ? "
            "AND id < (SELECT MAX(id) FROM outbox)", (before,))
        return cur.rowcount

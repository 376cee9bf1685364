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
    since: int | None = None  # the version before the first change the post tells (migration 031)


@dataclass
class Untold:
    """A reply could not seal its table's draft alone: the draft holds moves saved before the
    reply's own writes that no post tells yet (numbered `moves`, oldest first). The sender tells
    them with the reply and seals the draft with `seal_draft`."""

    draft_id: int
    moves: list[int]


# Posts that tell something: a row tells the changes after its `since` up to its `version`.
TELLING = "('pending', 'sent', 'refused', 'failed')"
# The standing moves of a table saved after a version and up to another that no post tells yet.
UNTOLD_SQL = (
    "SELECT n FROM moves m WHERE m.table_id = ? AND m.taken_back = 0 AND m.version > ? AND m.version <= ? "
    f"AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.table_id = m.table_id AND o.state IN {TELLING} "
    "AND o.since IS NOT NULL AND o.since < m.version AND o.version >= m.version) ORDER BY n"
)


def _row(r: sqlite3.Row) -> OutboxRow:
    return OutboxRow(r["id"], r["table_id"], r["channel_id"], r["version"], r["first_move"], r["state"],
                     json.loads(r["body"]) if r["body"] else None, r["attempts"], r["next_at"], r["message_id"],
                     r["created_at"], r["since"])


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
                   now: int, since: int | None = None) -> int | Untold:
        """The pending post of a reply that shows the table at `version` and tells the changes made
        after `since` (None: a reply that changed nothing tells nothing but the board): the table's
        draft when the draft holds nothing else to tell, else a row of its own. Returns the row id,
        or `Untold` when the draft holds moves saved before `since` that no post tells yet."""
        if table_id is None or version is None:
            return await self._insert(None, channel_id, None, body, now, None)
        told_from = version if since is None else since
        # The common case in one statement (a round trip on PostgreSQL): a draft of no change older
        # than the reply's own writes is the reply's to seal.
        async with self.conn.execute(
            "UPDATE outbox SET state = 'pending', body = ?, channel_id = ?, version = ?, next_at = ? "
            "WHERE id = (SELECT id FROM outbox WHERE table_id = ? AND state = 'draft' AND version <= ? "
            "AND since >= ?) RETURNING id", (_json(body), channel_id, version, now, table_id, version, told_from),
        ) as cur:
            sealed = await cur.fetchone()
        if sealed is not None:
            return sealed["id"]
        draft = await self.draft_of(table_id)
        if draft is not None and draft.version is not None and draft.version <= version:
            if draft.since is not None and draft.since < told_from:
                untold = await self.untold(table_id, draft.since, told_from)
                if untold:
                    return Untold(draft.id, untold)
            if await self.seal_draft(draft.id, body, channel_id, version, now):
                return draft.id
        # no draft of this reply's: a later change holds it (and its reply tells what is earlier)
        return await self._insert(table_id, channel_id, version, body, now, since)

    async def seal_draft(self, draft_id: int, body: dict[str, Any], channel_id: int, version: int, now: int) -> bool:
        """Seal a draft by its id, if it is a draft still (no other reply or process took it)."""
        cur = await self.conn.execute(
            "UPDATE outbox SET state = 'pending', body = ?, channel_id = ?, version = ?, next_at = ? "
            "WHERE id = ? AND state = 'draft'", (_json(body), channel_id, version, now, draft_id))
        return cur.rowcount == 1

    async def insert(self, *, table_id: int | None, version: int | None, channel_id: int, body: dict[str, Any],
                     now: int, since: int | None = None) -> int:
        """A pending post of its own, sealing no draft."""
        return await self._insert(table_id, channel_id, version, body, now, since)

    async def _insert(self, table_id: int | None, channel_id: int, version: int | None, body: dict[str, Any],
                      now: int, since: int | None) -> int:
        # a reply with no draft to seal gets a row of its own, which no other row can conflict with
        cur = await self.conn.execute(
            "INSERT INTO outbox (table_id, channel_id, version, since, state, body, next_at, created_at) "
            "VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)", (table_id, channel_id, version, since, _json(body), now, now))
        return cur.lastrowid

    async def untold(self, table_id: int, after: int, up_to: int) -> list[int]:
        """The numbers of the standing moves saved after version `after` and up to `up_to` that no
        post tells (a post tells the moves after its `since` up to its version)."""
        async with self.conn.execute(UNTOLD_SQL, (table_id, after, up_to)) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def settle_draft(self, table_id: int, version: int | None, now: int, since: int | None = None) -> None:
        """The reply covering the draft had nothing public to say: the draft owes nothing, unless it
        holds changes from before the reply's own (`since`), whose answer was never posted: the
        sweep composes those."""
        told_from = version if since is None else since
        await self.conn.execute(
            "UPDATE outbox SET state = 'dropped', sent_at = ? WHERE table_id = ? AND state = 'draft' "
            "AND (CAST(? AS BIGINT) IS NULL OR (version <= ? AND (since IS NULL OR since >= ?)))",
            (now, table_id, version, version, told_from))

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

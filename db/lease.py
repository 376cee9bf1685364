"""SQL of leases (migration 021): one row per kind of work that one process may do at a time;
and of the IDENTIFY slots (migration 030) that space gateway sessions across processes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from db.store import Store

LEASES = "isles_leases"  # the channel a given-back lease is announced on (PostgreSQL)


class LeaseStore:
    def __init__(self, store: Store):
        self.store = store
        self.conn = store.conn

    async def take(self, name: str, holder: str, now: float, ttl: float) -> bool:
        """Take or renew the lease until now + ttl; True when `holder` holds it. A lease held by
        another is taken only once it has expired. One statement, so two processes cannot both win."""
        await self.conn.execute(
            "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) "
            "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at "
            "WHERE leases.holder = excluded.holder OR leases.expires_at <= ?",
            (name, holder, now + ttl, now))
        return await self.holder(name) == holder

    async def holder(self, name: str) -> str | None:
        async with self.conn.execute("SELECT holder FROM leases WHERE name = ?", (name,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def release(self, name: str, holder: str) -> None:
        """Give the lease back; the processes waiting for it hear so at once."""
        await self.conn.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))
        await self.store.notify(LEASES)

    async def reserve_identify(self, bucket: int, now: float, spacing: float) -> float:
        """The moment this process may IDENTIFY in `bucket`: now, or `spacing` after the last one
        reserved there, by any process. One statement: two processes never get the same moment."""
        async with self.conn.execute(
            "INSERT INTO identify_slots (bucket, at) VALUES (?, ?) ON CONFLICT (bucket) DO UPDATE SET at = "
            "CASE WHEN identify_slots.at + ? > excluded.at THEN identify_slots.at + ? ELSE excluded.at END "
            "RETURNING at", (bucket, now, spacing, spacing)) as cur:
            return (await cur.fetchone())[0]

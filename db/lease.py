"""SQL of leases (migration 021): one row per kind of work that one process may do at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from db.store import Store


class LeaseStore:
    def __init__(self, store: Store):
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
        await self.conn.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

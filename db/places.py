"""SQL of the places tables live in (bot/adapters/discord/places.py): moving a lobby to another channel, and
closing the tables of a deleted thread, channel or server."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from db.errors import IntegrityError
from db.store import OPEN, ChannelBusy, StaleVersion, TableRow, draft_step, table_row

if TYPE_CHECKING:
    from db.store import Store

PLACE_DELETED = "place deleted"


class PlacesStore:
    def __init__(self, store: Store):
        self.store = store
        self.conn = store.conn

    async def open_in(self, channel_ids: list[int]) -> list[TableRow]:
        if not channel_ids:
            return []
        marks = ",".join("?" * len(channel_ids))
        async with self.conn.execute(
            f"SELECT * FROM tables WHERE status IN ('lobby', 'active') AND channel_id IN ({marks}) ORDER BY id",
            list(channel_ids),
        ) as cur:
            return [table_row(r) for r in await cur.fetchall()]

    async def open_of_guild(self, guild_id: int) -> list[TableRow]:
        return await self.store.tables(guild_id, OPEN)

    async def close(self, table_id: int, reason: str, now: datetime) -> bool:
        """End an open table with no result ('cancelled', with the reason), and drop every post it
        still owes: nothing is posted in a place that is gone. False if it was not open."""
        stamp = now.isoformat(timespec="seconds")
        async with self.conn.transaction():
            cur = await self.conn.execute(
                "UPDATE tables SET status = 'cancelled', closed_reason = ?, version = version + 1, updated_at = ? "
                "WHERE id = ? AND status IN ('lobby', 'active')", (reason, stamp, table_id))
            if cur.rowcount != 1:
                return False
            await self.conn.execute(
                "UPDATE outbox SET state = 'dropped', sent_at = ? WHERE table_id = ? AND state IN ('draft', 'pending')",
                (int(now.timestamp()), table_id))
        return True

    async def closed_reason(self, table_id: int) -> str | None:
        async with self.conn.execute("SELECT closed_reason FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def rebind(self, table_id: int, version: int, channel_id: int, now: datetime) -> int:
        """Move an open table to another channel (its first post was refused where it was made).
        ChannelBusy when that channel holds an open table already."""
        stamp = now.isoformat(timespec="seconds")
        try:
            async with self.conn.transaction():
                cur = await self.conn.execute(
                    "UPDATE tables SET channel_id = ?, version = version + 1, updated_at = ? "
                    "WHERE id = ? AND version = ? AND status IN ('lobby', 'active')",
                    (channel_id, stamp, table_id, version))
                if cur.rowcount != 1:
                    raise StaleVersion()
                await self.conn.execute(*draft_step(table_id, int(now.timestamp())))
        except IntegrityError:
            raise ChannelBusy() from None
        return version + 1

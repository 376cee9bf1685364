"""SQL of the consents to cancel a game under way (migration 046, bot/core/lobby.py): each person
still playing who agreed, kept until the game is cancelled or someone chose to play on."""

from __future__ import annotations

from db.store import Store


class CancelStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    @classmethod
    def of(cls, store: Store) -> CancelStore:
        return cls(store)

    async def agree(self, table_id: int, user_id: int, now: int) -> None:
        await self.conn.execute("INSERT INTO cancel_consents (table_id, user_id, at) VALUES (?, ?, ?) "
                                "ON CONFLICT (table_id, user_id) DO NOTHING", (table_id, user_id, now))

    async def agreed(self, table_id: int) -> set[int]:
        async with self.conn.execute("SELECT user_id FROM cancel_consents WHERE table_id = ?", (table_id,)) as cur:
            return {row["user_id"] for row in await cur.fetchall()}

    async def clear(self, table_id: int) -> bool:
        """Every consent of the table dropped; True when there was one."""
        cur = await self.conn.execute("DELETE FROM cancel_consents WHERE table_id = ?", (table_id,))
        return cur.rowcount > 0

"""The strength of each computer seat (easy, normal, hard); a seat without a row plays at normal."""

from __future__ import annotations

from db.store import Store

NORMAL = "normal"


class LevelStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    async def set_level(self, table_id: int, position: int, level: str) -> None:
        await self.conn.execute(
            "INSERT INTO ai_levels (table_id, position, level) VALUES (?, ?, ?) "
            "ON CONFLICT (table_id, position) DO UPDATE SET level = excluded.level",
            (table_id, position, level),
        )

    async def levels(self, table_id: int) -> dict[int, str]:
        """position -> level of the table's computer seats that were given one."""
        async with self.conn.execute("SELECT position, level FROM ai_levels WHERE table_id = ?", (table_id,)) as cur:
            return {row["position"]: row["level"] for row in await cur.fetchall()}

"""SQL of the open take-back requests (migration 022), one a table."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from db.store import Store


@dataclass
class Request:
    seat: int
    name: str
    version: int  # the table's version when asked; any write ends the request
    numbers: list[int]  # log numbers of the moves that go back (the player's, then computers')
    move: str
    waiting: set[int] = field(default_factory=set)  # people who have not agreed yet


class TakeBackStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    async def put(self, table_id: int, request: Request) -> None:
        """Open `request` at the table, in place of any earlier one."""
        await self.conn.execute(
            "INSERT INTO takeback_requests (table_id, version, seat, name, numbers, move, waiting) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET version = excluded.version, "
            "seat = excluded.seat, name = excluded.name, numbers = excluded.numbers, move = excluded.move, "
            "waiting = excluded.waiting",
            (table_id, request.version, request.seat, request.name, json.dumps(request.numbers), request.move,
             json.dumps(sorted(request.waiting))),
        )

    async def get(self, table_id: int) -> Request | None:
        async with self.conn.execute("SELECT * FROM takeback_requests WHERE table_id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return Request(row["seat"], row["name"], row["version"], json.loads(row["numbers"]), row["move"],
                       set(json.loads(row["waiting"])))

    async def agreed(self, table_id: int, version: int, user_id: int) -> None:
        """`user_id` agreed: they are no longer waited for (only while the request is the same one)."""
        request = await self.get(table_id)
        if request is not None and request.version == version:
            request.waiting.discard(user_id)
            await self.put(table_id, request)

    async def drop(self, table_id: int) -> None:
        await self.conn.execute("DELETE FROM takeback_requests WHERE table_id = ?", (table_id,))

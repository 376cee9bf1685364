"""A member's tables in a server, read at once: for `/games` (bot/features/mygames.py) the open tables
with their seats, running turns, deadlines and vacations, each in one statement for all the tables
(read table by table, a member seated at 1,000 tables waited for 5,000 statements); for the cap of
tables a member may sit at (bot/core/caps.py) how many they hold."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import replace
from typing import Any

from db.store import OPEN, SeatRow, Store, TableRow
from db.timing import TimerRow, TurnRow

STATES_AT_ONCE = 100
_SEATED = "EXISTS (SELECT 1 FROM seats mine WHERE mine.table_id = t.id AND mine.user_id = ?)"


class GamesStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    def _where(self, guild_id: int, user_id: int | None) -> tuple[str, list]:
        """The open tables of a server, only those where `user_id` holds a seat when given."""
        sql = f"t.guild_id = ? AND t.status IN ({','.join('?' * len(OPEN))})"
        params: list = [guild_id, *OPEN]
        if user_id is not None:
            sql += f" AND {_SEATED}"
            params.append(user_id)
        return sql, params

    async def tables(self, guild_id: int, user_id: int | None = None) -> list[tuple[TableRow, list[SeatRow], bool]]:
        """The server's open tables (where `user_id` is seated, when given) with their seats and whether
        their game has begun, by id. Their states are left unread (`states` reads those not in memory)."""
        where, params = self._where(guild_id, user_id)
        found = []
        async with self.conn.execute(
            f"SELECT t.id, t.guild_id, t.channel_id, t.game, t.options, t.seed, t.status, t.host_id, t.version, "
            f"t.state IS NOT NULL AS begun, t.created_at, t.updated_at FROM tables t WHERE {where} ORDER BY t.id",
            params,
        ) as cur:
            for r in await cur.fetchall():
                row = TableRow(id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"], game=r["game"],
                               options=json.loads(r["options"]), seed=r["seed"], status=r["status"],
                               host_id=r["host_id"], version=r["version"], state=None, created_at=r["created_at"],
                               updated_at=r["updated_at"])
                found.append((row, bool(r["begun"])))
        seats: dict[int, list[SeatRow]] = defaultdict(list)
        async with self.conn.execute(
            f"SELECT s.* FROM seats s JOIN tables t ON t.id = s.table_id WHERE {where} "
            "ORDER BY s.table_id, COALESCE(s.seat, s.position), s.position", params,
        ) as cur:
            for r in await cur.fetchall():
                seats[r["table_id"]].append(SeatRow(r["position"], r["seat"], r["user_id"], r["name"],
                                                    bool(r["is_ai"]), bool(r["resigned"])))
        return [(row, seats.get(row.id, []), begun) for row, begun in found]

    async def states(self, rows: list[TableRow]) -> list[TableRow]:
        """The rows with their states, each as saved at the row's version (one read per hundred)."""
        states: dict[int, tuple[int, Any]] = {}
        for start in range(0, len(rows), STATES_AT_ONCE):
            ids = [row.id for row in rows[start:start + STATES_AT_ONCE]]
            async with self.conn.execute(
                f"SELECT id, version, state FROM tables WHERE id IN ({','.join('?' * len(ids))})", ids,
            ) as cur:
                for r in await cur.fetchall():
                    states[r["id"]] = (r["version"], json.loads(r["state"]) if r["state"] else None)
        # a table that moved on since its row was read is shown as it is now
        return [replace(row, version=states[row.id][0], state=states[row.id][1]) for row in rows if row.id in states]

    async def seated_count(self, guild_id: int, user_id: int) -> int:
        """At how many open tables of the server the member holds a seat they have not given up."""
        async with self.conn.execute(
            f"SELECT COUNT(*) FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.user_id = ? AND s.resigned = 0 "
            f"AND t.guild_id = ? AND t.status IN ({','.join('?' * len(OPEN))})", (user_id, guild_id, *OPEN),
        ) as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def turns(self, guild_id: int, user_id: int | None = None) -> dict[int, list[TurnRow]]:
        """The running turns of those tables, by table, each table's by seat."""
        where, params = self._where(guild_id, user_id)
        found: dict[int, list[TurnRow]] = defaultdict(list)
        async with self.conn.execute(
            f"SELECT u.* FROM turns u JOIN tables t ON t.id = u.table_id WHERE {where} ORDER BY u.table_id, u.seat",
            params,
        ) as cur:
            for r in await cur.fetchall():
                found[r["table_id"]].append(TurnRow(r["table_id"], r["seat"], r["guild_id"], r["channel_id"],
                                                    r["user_id"], r["version"], r["started_at"]))
        return found

    async def deadlines(self, guild_id: int, user_id: int | None = None) -> dict[tuple[int, int, int], TimerRow]:
        """The deadlines still to come of those tables, by (table, seat, version)."""
        where, params = self._where(guild_id, user_id)
        found: dict[tuple[int, int, int], TimerRow] = {}
        async with self.conn.execute(
            f"SELECT m.* FROM timers m JOIN tables t ON t.id = m.table_id WHERE {where} AND m.kind = 'deadline' "
            "AND m.state IN ('pending', 'claimed') ORDER BY m.id", params,
        ) as cur:
            for r in await cur.fetchall():
                found[(r["table_id"], r["seat"], r["version"])] = TimerRow(
                    r["id"], r["table_id"], r["seat"], r["version"], r["kind"], r["guild_id"], r["channel_id"],
                    r["user_id"], r["started_at"], r["offset_s"], r["due_at"], r["state"], r["action"], r["fired_at"])
        return found

    async def vacations(self, guild_id: int, after: int) -> dict[int, list[tuple[int, int]]]:
        """Every vacation of the server's members that ends after `after`, by member, in order."""
        found: dict[int, list[tuple[int, int]]] = defaultdict(list)
        async with self.conn.execute(
            "SELECT user_id, starts_at, ends_at FROM vacations WHERE guild_id = ? AND ends_at > ? "
            "ORDER BY user_id, starts_at", (guild_id, after),
        ) as cur:
            for r in await cur.fetchall():
                found[r["user_id"]].append((r["starts_at"], r["ends_at"]))
        return found

"""SQL of substitutes (migrations 041 and 046, bot/features/substitute.py): a seat the computer
plays, offered to someone who never sat at the table, taken by one person (one seat a person),
given to them between turns, or withdrawn when its player comes back or the seating cannot be."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from db.store import StaleVersion, Store, draft_step, stamp_text


@dataclass
class Offer:
    id: int
    table_id: int
    seat: int
    left_user: int | None
    left_name: str
    taker_id: int | None
    taker_name: str | None
    state: str  # offered, taken, seated, withdrawn
    from_move: int | None
    offered_at: int


class NotOffered(Exception):
    """The offer was taken or seated meanwhile."""


def _offer(r: sqlite3.Row) -> Offer:
    return Offer(r["id"], r["table_id"], r["seat"], r["left_user"], r["left_name"], r["taker_id"], r["taker_name"],
                 r["state"], r["from_move"], r["offered_at"])


class SubstituteStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    @classmethod
    def of(cls, store: Store) -> SubstituteStore:
        return cls(store)

    async def _all(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def offers(self, table_id: int, states: tuple[str, ...] = ("offered", "taken", "seated")) -> list[Offer]:
        marks = ", ".join("?" * len(states))
        return [_offer(r) for r in await self._all(
            f"SELECT * FROM substitutes WHERE table_id = ? AND state IN ({marks}) ORDER BY id", (table_id, *states))]

    async def tables_waiting(self) -> list[int]:
        """Tables with a seat taken and not yet given to its taker."""
        return [r["table_id"] for r in await self._all(
            "SELECT DISTINCT table_id FROM substitutes WHERE state = 'taken' ORDER BY table_id")]

    async def get(self, offer_id: int) -> Offer | None:
        rows = await self._all("SELECT * FROM substitutes WHERE id = ?", (offer_id,))
        return _offer(rows[0]) if rows else None

    async def offer(self, table_id: int, seat: int, left_user: int | None, left_name: str, now: int) -> int | None:
        """A new offer of a seat; None when the seat has one open (offered or taken) already."""
        rows = await self._all(
            "INSERT INTO substitutes (table_id, seat, left_user, left_name, offered_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id, seat) WHERE state IN ('offered', 'taken') DO NOTHING RETURNING id",
            (table_id, seat, left_user, left_name, now))
        if not rows:
            return None
        return rows[0]["id"]

    async def take(self, offer_id: int, user_id: int, name: str) -> bool:
        """The one taker of an offer: True for the first, False for every later click, and for a
        person who holds another offer of the table already (one seat a person, in any process)."""
        cur = await self.conn.execute(
            "UPDATE substitutes SET state = 'taken', taker_id = ?, taker_name = ? WHERE id = ? AND state = 'offered' "
            "AND NOT EXISTS (SELECT 1 FROM substitutes AS other WHERE other.table_id = substitutes.table_id "
            "AND other.taker_id = ? AND other.state IN ('taken', 'seated'))",
            (user_id, name, offer_id, user_id))
        return cur.rowcount == 1

    async def withdraw_offer(self, offer_id: int) -> bool:
        """One offer withdrawn before its seat changed hands (its player came back, or the seating
        cannot be); False when it was seated or withdrawn meanwhile."""
        cur = await self.conn.execute(
            "UPDATE substitutes SET state = 'withdrawn' WHERE id = ? AND state IN ('offered', 'taken')", (offer_id,))
        return cur.rowcount == 1

    async def silent_misses(self, table_id: int) -> dict[int, int]:
        """The seats that missed a deadline since their player last moved themselves: seat -> misses."""
        return {r["seat"]: r["count"] - r["answered"] for r in await self._all(
            "SELECT seat, count, answered FROM missed_deadlines WHERE table_id = ? AND count > answered", (table_id,))}

    async def presence(self, table_id: int, seat: int) -> tuple[int, int]:
        """After the seat's player moved: its misses not yet answered, and its offers still open."""
        rows = await self._all(
            "SELECT (SELECT count - answered FROM missed_deadlines WHERE table_id = ? AND seat = ?) AS silent, "
            "(SELECT COUNT(*) FROM substitutes WHERE table_id = ? AND seat = ? AND state IN ('offered', 'taken')) "
            "AS open", (table_id, seat, table_id, seat))
        return rows[0]["silent"] or 0, rows[0]["open"] or 0

    async def answered(self, table_id: int, seat: int) -> bool:
        """The seat's player moved (or kept the seat): the misses so far no longer make it offerable.
        True when some were still counted."""
        cur = await self.conn.execute(
            "UPDATE missed_deadlines SET answered = count WHERE table_id = ? AND seat = ? AND answered < count",
            (table_id, seat))
        return cur.rowcount == 1

    async def seat(self, table_id: int, version: int, offer_id: int, from_move: int, *, now: datetime) -> int:
        """Give the taken seat to its taker, with the table's version bump, in one transaction: the
        seat becomes theirs (a person again, not resigned), its missed deadlines start from zero.
        NotOffered when another process seated it first; StaleVersion when the table moved on."""
        async with self.conn.transaction():
            rows = await self._all(
                "UPDATE substitutes SET state = 'seated', from_move = ? WHERE id = ? AND state = 'taken' "
                "RETURNING seat, taker_id, taker_name", (from_move, offer_id))
            if not rows:
                raise NotOffered()
            seat, taker, name = rows[0]["seat"], rows[0]["taker_id"], rows[0]["taker_name"]
            cur = await self.conn.execute("UPDATE tables SET version = version + 1, updated_at = ? "
                                          "WHERE id = ? AND version = ?", (stamp_text(now), table_id, version))
            if cur.rowcount != 1:
                raise StaleVersion()
            await self.conn.execute(*draft_step(table_id, int(now.timestamp())))  # the post it owes
            await self.conn.execute("UPDATE seats SET user_id = ?, name = ?, is_ai = 0, resigned = 0 "
                                    "WHERE table_id = ? AND seat = ?", (taker, name, table_id, seat))
            await self.conn.execute("DELETE FROM missed_deadlines WHERE table_id = ? AND seat = ?", (table_id, seat))
        return version + 1

    async def withdraw(self, table_id: int) -> None:
        """The table is over: offers whose seat did not change hands are withdrawn."""
        await self.conn.execute("UPDATE substitutes SET state = 'withdrawn' WHERE table_id = ? "
                                "AND state IN ('offered', 'taken')", (table_id,))

"""SQL of a server's Swiss events (migration 053, bot/features/event.py): the event, who signed
up, each round's tables and byes with the points they gave.

A round is opened once: `claim_round` advances the event's round number from the one its
caller read and writes the round's pairing in the same transaction, so of two processes (or a
process and itself after a restart) only one pairs a round. The tables are then opened one by
one and each is recorded against its pairing row (`table_opened`); rows still without a table
are the ones left to open. The final standings' post is written as an outbox row in the same
transaction as the mark that they are posted (`post_results`): the outbox's sender sends it once,
after a restart too. An outbox with no sender of its rows (the offline console) claims the mark,
then prints (`claim_results`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.outbox import OutboxStore
from db.store import Store

SIGNUP, RUNNING, FINISHED = "signup", "running", "finished"


@dataclass(frozen=True)
class EventRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    seats: int
    rounds: int
    round_days: int
    seed: int
    status: str
    round: int
    round_ends_at: int | None
    created_by: int
    created_at: int
    results_at: int | None


@dataclass(frozen=True)
class EntrantRow:
    user_id: int
    name: str
    joined_at: int
    left_at: int | None


@dataclass(frozen=True)
class PairingRow:
    """One table of a round (or a bye): its players in seat order and what it gave once it ended."""

    round: int
    number: int
    players: tuple[int, ...]
    table_id: int | None
    channel_id: int | None
    bye: bool
    points: dict[int, float] | None  # user id -> event points; None while the table plays


@dataclass(frozen=True)
class PlannedTable:
    """A pairing row to write: its players in seat order; a bye has one player and no table."""

    players: tuple[int, ...]
    bye: bool = False
    points: dict[int, float] | None = None


def _event(row) -> EventRow:
    return EventRow(row["id"], row["guild_id"], row["channel_id"], row["game"], row["seats"], row["rounds"],
                    row["round_days"], row["seed"], row["status"], row["round"], row["round_ends_at"],
                    row["created_by"], row["created_at"], row["results_at"])


def _points(text: str | None) -> dict[int, float] | None:
    return None if text is None else {int(user): float(value) for user, value in json.loads(text).items()}


def _points_text(points: dict[int, float] | None) -> str | None:
    return None if points is None else json.dumps({str(user): value for user, value in sorted(points.items())})


def _pairing(row) -> PairingRow:
    return PairingRow(row["round"], row["number"], tuple(json.loads(row["players"])), row["table_id"],
                      row["channel_id"], bool(row["bye"]), _points(row["points"]))


class EventStore:
    def __init__(self, store: Store):
        self.store = store
        self.conn = store.conn

    @classmethod
    def of(cls, store: Store) -> EventStore:
        return cls(store)

    # -- the event -----------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, game: str, seats: int, rounds: int, round_days: int,
                     seed: int, created_by: int, now: int) -> int | None:
        """A new event signing up in this channel; None when the channel has one signing up or running."""
        async with self.conn.transaction():
            async with self.conn.execute(
                "SELECT id FROM events WHERE channel_id = ? AND status <> ?", (channel_id, FINISHED),
            ) as cur:
                if await cur.fetchone() is not None:
                    return None
            async with self.conn.execute(
                "INSERT INTO events (guild_id, channel_id, game, seats, rounds, round_days, seed, status, round, "
                "created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id",
                (guild_id, channel_id, game, seats, rounds, round_days, seed, SIGNUP, created_by, now),
            ) as cur:
                return (await cur.fetchone())["id"]

    async def event(self, event_id: int) -> EventRow | None:
        async with self.conn.execute("SELECT * FROM events WHERE id = ?", (event_id,)) as cur:
            row = await cur.fetchone()
        return _event(row) if row else None

    async def in_channel(self, channel_id: int) -> EventRow | None:
        """The channel's event signing up or running, else its latest finished one."""
        async with self.conn.execute(
            "SELECT * FROM events WHERE channel_id = ? ORDER BY CASE WHEN status = ? THEN 1 ELSE 0 END, id DESC "
            "LIMIT 1", (channel_id, FINISHED),
        ) as cur:
            row = await cur.fetchone()
        return _event(row) if row else None

    async def running(self) -> list[EventRow]:
        """Every event under way, and every finished one whose results are not yet posted."""
        async with self.conn.execute(
            "SELECT * FROM events WHERE status = ? OR (status = ? AND results_at IS NULL) ORDER BY id",
            (RUNNING, FINISHED),
        ) as cur:
            return [_event(row) for row in await cur.fetchall()]

    async def of_table(self, table_id: int) -> tuple[EventRow, PairingRow] | None:
        """The event a table was opened for, with its pairing row."""
        async with self.conn.execute(
            "SELECT * FROM event_tables WHERE table_id = ?", (table_id,),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        event = await self.event(row["event_id"])
        return (event, _pairing(row)) if event else None

    # -- who plays ----------------------------------------------------------------------
    async def join(self, event_id: int, user_id: int, name: str, now: int) -> bool:
        """Sign a person up while the event signs up; False when they are already in, or it started."""
        async with self.conn.transaction():
            async with self.conn.execute("SELECT status FROM events WHERE id = ?", (event_id,)) as cur:
                row = await cur.fetchone()
            if row is None or row["status"] != SIGNUP:
                return False
            cur = await self.conn.execute(
                "INSERT INTO event_entrants (event_id, user_id, name, joined_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (event_id, user_id) DO NOTHING", (event_id, user_id, name, now))
            return cur.rowcount == 1

    async def leave(self, event_id: int, user_id: int, now: int) -> bool:
        """A person leaves: before the start their sign-up goes; later they are paired no more and
        their results stay. False when they were not in it (or left already)."""
        async with self.conn.transaction():
            async with self.conn.execute("SELECT status FROM events WHERE id = ?", (event_id,)) as cur:
                row = await cur.fetchone()
            if row is None or row["status"] == FINISHED:
                return False
            if row["status"] == SIGNUP:
                cur = await self.conn.execute(
                    "DELETE FROM event_entrants WHERE event_id = ? AND user_id = ?", (event_id, user_id))
            else:
                cur = await self.conn.execute(
                    "UPDATE event_entrants SET left_at = ? WHERE event_id = ? AND user_id = ? AND left_at IS NULL",
                    (now, event_id, user_id))
            return cur.rowcount == 1

    async def entrants(self, event_id: int) -> list[EntrantRow]:
        async with self.conn.execute(
            "SELECT user_id, name, joined_at, left_at FROM event_entrants WHERE event_id = ? "
            "ORDER BY joined_at, user_id", (event_id,),
        ) as cur:
            return [EntrantRow(r["user_id"], r["name"], r["joined_at"], r["left_at"]) for r in await cur.fetchall()]

    async def events_of(self, guild_id: int, user_id: int) -> list[EventRow]:
        """The events of a server a person played in (signed up and started), newest first."""
        async with self.conn.execute(
            "SELECT e.* FROM events e JOIN event_entrants p ON p.event_id = e.id "
            "WHERE e.guild_id = ? AND p.user_id = ? AND e.status <> ? ORDER BY e.id DESC",
            (guild_id, user_id, SIGNUP),
        ) as cur:
            return [_event(row) for row in await cur.fetchall()]

    # -- rounds -------------------------------------------------------------------------
    async def claim_round(self, event_id: int, read_round: int, tables: Sequence[PlannedTable], *,
                          ends_at: int, start: bool = False) -> bool:
        """Open round `read_round + 1` with this pairing, once: the event's round moves on from the
        number the caller read, and the pairing is written, in one transaction. False when another
        call opened it first (nothing written). `start`: the event leaves its sign-up with it."""
        async with self.conn.transaction():
            wanted = SIGNUP if start else RUNNING
            cur = await self.conn.execute(
                "UPDATE events SET round = ?, status = ?, round_ends_at = ? WHERE id = ? AND round = ? AND status = ?",
                (read_round + 1, RUNNING, ends_at, event_id, read_round, wanted))
            if cur.rowcount != 1:
                return False
            for number, table in enumerate(tables, 1):
                await self.conn.execute(
                    "INSERT INTO event_tables (event_id, round, number, players, bye, points) VALUES (?, ?, ?, ?, ?, ?)",
                    (event_id, read_round + 1, number, json.dumps(list(table.players)), int(table.bye),
                     _points_text(table.points)))
            return True

    async def pairings(self, event_id: int, round_: int | None = None) -> list[PairingRow]:
        """The pairing rows of one round, or of every round, in order."""
        sql = "SELECT * FROM event_tables WHERE event_id = ?"
        args: tuple = (event_id,)
        if round_ is not None:
            sql += " AND round = ?"
            args += (round_,)
        async with self.conn.execute(sql + " ORDER BY round, number", args) as cur:
            return [_pairing(row) for row in await cur.fetchall()]

    async def claim_opening(self, event_id: int, round_: int, number: int, now: int, stale_before: int) -> bool:
        """Claim the opening of a pairing row's table: False when it is open, or another call claimed
        it since `stale_before` (a claim older than that was left by a process that stopped)."""
        cur = await self.conn.execute(
            "UPDATE event_tables SET opening_at = ? WHERE event_id = ? AND round = ? AND number = ? "
            "AND table_id IS NULL AND bye = 0 AND (opening_at IS NULL OR opening_at < ?)",
            (now, event_id, round_, number, stale_before))
        return cur.rowcount == 1

    async def place_made(self, event_id: int, round_: int, number: int, channel_id: int) -> bool:
        """Record the thread made for a pairing row before its table opens there, so that a restart
        between the two opens the table in that thread instead of making another."""
        cur = await self.conn.execute(
            "UPDATE event_tables SET channel_id = ? WHERE event_id = ? AND round = ? AND number = ? "
            "AND channel_id IS NULL", (channel_id, event_id, round_, number))
        return cur.rowcount == 1

    async def table_opened(self, event_id: int, round_: int, number: int, table_id: int, channel_id: int) -> bool:
        """Record the table opened for a pairing row; False when the row had one already."""
        cur = await self.conn.execute(
            "UPDATE event_tables SET table_id = ?, channel_id = ? WHERE event_id = ? AND round = ? AND number = ? "
            "AND table_id IS NULL", (table_id, channel_id, event_id, round_, number))
        return cur.rowcount == 1

    async def table_scored(self, event_id: int, round_: int, number: int, points: dict[int, float]) -> bool:
        """The points a table gave, once it ended; False when they were written already."""
        cur = await self.conn.execute(
            "UPDATE event_tables SET points = ? WHERE event_id = ? AND round = ? AND number = ? AND points IS NULL",
            (_points_text(points), event_id, round_, number))
        return cur.rowcount == 1

    async def finish(self, event_id: int, read_round: int) -> bool:
        """The last round is over: the event finishes, once."""
        cur = await self.conn.execute(
            "UPDATE events SET status = ?, round_ends_at = NULL WHERE id = ? AND round = ? AND status = ?",
            (FINISHED, event_id, read_round, RUNNING))
        return cur.rowcount == 1

    async def claim_results(self, event_id: int, now: int) -> bool:
        """Claim the one post of the final standings; False when it was claimed already."""
        cur = await self.conn.execute(
            "UPDATE events SET results_at = ? WHERE id = ? AND status = ? AND results_at IS NULL",
            (now, event_id, FINISHED))
        return cur.rowcount == 1

    async def post_results(self, event_id: int, channel_id: int, body: dict[str, Any], now: int) -> int | None:
        """Mark the final standings posted and save their post as an outbox row, due at once, in one
        transaction: the row's id for the one caller that made the mark, None for every other. From
        then on the row is the post, sent by the outbox's sender."""
        async with self.conn.transaction():
            cur = await self.conn.execute(
                "UPDATE events SET results_at = ? WHERE id = ? AND status = ? AND results_at IS NULL",
                (now, event_id, FINISHED))
            if cur.rowcount != 1:
                return None
            return await OutboxStore.of(self.store).insert(table_id=None, version=None, channel_id=channel_id,
                                                           body=body, now=now)

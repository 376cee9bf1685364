"""SQL of turn deadlines, reminders, notification settings and vacations (bot/features/timing.py).

It shares the aiosqlite connection of `Store`; every write that must hold together runs in
one `BEGIN IMMEDIATE ... COMMIT` transaction, as Store does. Times are Unix seconds.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from db.store import Store, TableRow, table_row

TURNS_LOCK = 0x1515  # the advisory lock space of tables' turns (PostgreSQL), keyed by table id


@dataclass
class TimingSettings:
    deadline_s: int | None = 24 * 3600  # None: no deadline
    reminder_s: int = -1  # before the deadline; -1: at half of it; 0: none
    policy: str = "ai"  # "ai" or "forfeit"
    forfeit_after: int = 3

    def reminder_offset(self) -> int | None:
        """Turn time until the reminder is due, or None when there is none."""
        if self.deadline_s is None or self.reminder_s == 0:
            return None
        before = self.deadline_s // 2 if self.reminder_s < 0 else self.reminder_s
        return self.deadline_s - before if 0 < before < self.deadline_s else None


@dataclass
class TurnRow:
    table_id: int
    seat: int
    guild_id: int
    channel_id: int
    user_id: int
    version: int
    started_at: int


@dataclass
class TimerRow:
    id: int
    table_id: int
    seat: int
    version: int
    kind: str
    guild_id: int
    channel_id: int
    user_id: int
    started_at: int
    offset_s: int
    due_at: int
    state: str
    action: str | None
    fired_at: int | None


@dataclass
class NotifyRow:
    mode: str = "mention"
    dm_refused: int | None = None
    told: bool = False


@dataclass
class Observation:
    """What one look at a table changed: turns that ended, turns that began and their timers."""

    table_id: int
    version: int
    last_move: int
    ended: list[int]  # seats
    started: list[TurnRow]
    timers: list[tuple[TurnRow, str, int]]  # (turn, kind, offset_s)
    since: int | None = None  # the watch's version the look started from (None: the table's first look)


def _turn(r: sqlite3.Row) -> TurnRow:
    return TurnRow(r["table_id"], r["seat"], r["guild_id"], r["channel_id"], r["user_id"], r["version"],
                   r["started_at"])


def _timer(r: sqlite3.Row) -> TimerRow:
    return TimerRow(r["id"], r["table_id"], r["seat"], r["version"], r["kind"], r["guild_id"], r["channel_id"],
                    r["user_id"], r["started_at"], r["offset_s"], r["due_at"], r["state"], r["action"],
                    r["fired_at"])


class TimingStore:
    def __init__(self, conn: aiosqlite.Connection):
        self.conn = conn

    @classmethod
    def of(cls, store: Store) -> TimingStore:
        return cls(store.conn)

    async def _take_turns(self, table_id: int) -> None:
        """Inside a transaction: writers of one table's turns take turns, so that a look at the
        table (read, then write) stays whole. SQLite's BEGIN IMMEDIATE already makes every writer
        wait; PostgreSQL lets them run side by side, so they wait on the table's advisory lock."""
        if getattr(self.conn, "dialect", "sqlite") == "postgres":
            await self.conn.execute("SELECT pg_advisory_xact_lock(?, ?)", (TURNS_LOCK, table_id % 2**31))

    async def _transaction(self, steps: Sequence[tuple[str, tuple]]) -> None:
        async with self.conn.transaction():
            for sql, args in steps:
                await self.conn.execute(sql, args)

    async def _all(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _one(self, sql: str, args: tuple = ()) -> sqlite3.Row | None:
        async with self.conn.execute(sql, args) as cur:
            return await cur.fetchone()

    # -- table settings ----------------------------------------------------------------
    async def settings(self, table_id: int) -> TimingSettings | None:
        r = await self._one("SELECT * FROM timing_settings WHERE table_id = ?", (table_id,))
        if r is None:
            return None
        return TimingSettings(r["deadline_s"], r["reminder_s"], r["policy"], r["forfeit_after"])

    async def set_settings(self, table_id: int, s: TimingSettings, *, replace: bool = True) -> bool:
        """Keep a table's settings; with `replace` False, only where it has none yet. Whether they were kept."""
        cur = await self.conn.execute(
            "INSERT INTO timing_settings (table_id, deadline_s, reminder_s, policy, forfeit_after) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id) "
            + ("DO UPDATE SET deadline_s = excluded.deadline_s, reminder_s = excluded.reminder_s, "
               "policy = excluded.policy, forfeit_after = excluded.forfeit_after" if replace else "DO NOTHING"),
            (table_id, s.deadline_s, s.reminder_s, s.policy, s.forfeit_after),
        )
        return cur.rowcount == 1

    # -- turns -------------------------------------------------------------------------
    async def look(self, table_id: int) -> tuple[TableRow | None, tuple[int, int] | None, TimingSettings | None]:
        """The table's row, its watch (as `watch`) and its settings (as `settings`), in one
        statement: the look at a table's turns after each change needs all three."""
        r = await self._one(
            "SELECT tables.*, turn_watch.version AS watch_version, turn_watch.last_move AS watch_last, "
            "timing_settings.table_id AS timed, timing_settings.deadline_s, timing_settings.reminder_s, "
            "timing_settings.policy, timing_settings.forfeit_after FROM tables "
            "LEFT JOIN turn_watch ON turn_watch.table_id = tables.id "
            "LEFT JOIN timing_settings ON timing_settings.table_id = tables.id WHERE tables.id = ?", (table_id,))
        if r is None:
            return None, None, None
        watch = (r["watch_version"], r["watch_last"]) if r["watch_version"] is not None else None
        settings = (TimingSettings(r["deadline_s"], r["reminder_s"], r["policy"], r["forfeit_after"])
                    if r["timed"] is not None else None)
        return table_row(r), watch, settings

    async def watch(self, table_id: int) -> tuple[int, int] | None:
        r = await self._one("SELECT version, last_move FROM turn_watch WHERE table_id = ?", (table_id,))
        return (r["version"], r["last_move"]) if r else None

    async def moves_since(self, table_id: int, after: int) -> list[tuple[int, int, int | None]]:
        """(n, seat, user_id) of the moves after move number `after`, in order."""
        rows = await self._all(
            "SELECT n, seat, user_id FROM moves WHERE table_id = ? AND n > ? ORDER BY n", (table_id, after)
        )
        return [(r["n"], r["seat"], r["user_id"]) for r in rows]

    async def turns(self, table_id: int) -> list[TurnRow]:
        return [_turn(r) for r in await self._all("SELECT * FROM turns WHERE table_id = ? ORDER BY seat", (table_id,))]

    async def turns_in_guild(self, guild_id: int) -> list[TurnRow]:
        return [_turn(r) for r in await self._all("SELECT * FROM turns WHERE guild_id = ?", (guild_id,))]

    async def apply(self, obs: Observation, now: int) -> bool:
        """Write one observation, only over the watch it was worked out from (`since`): False when
        the table's turns were written meanwhile (by another process), so that it is stale."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self._take_turns(obs.table_id)
            # the watch moves first, guarded: a watch moved since the look leaves it, and the turns, as they are
            cur = await self.conn.execute(
                "INSERT INTO turn_watch (table_id, version, last_move) VALUES (?, ?, ?) ON CONFLICT (table_id) "
                "DO UPDATE SET version = excluded.version, last_move = excluded.last_move "
                "WHERE turn_watch.version = ? AND turn_watch.version < excluded.version",
                (obs.table_id, obs.version, obs.last_move, obs.since),
            )
            if cur.rowcount != 1:
                await self.conn.execute("ROLLBACK")
                return False
            for seat in obs.ended:
                await self._end_turn(obs.table_id, seat, now)
            for turn in obs.started:
                await self.conn.execute(
                    "INSERT INTO turns (table_id, seat, guild_id, channel_id, user_id, version, started_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (turn.table_id, turn.seat, turn.guild_id, turn.channel_id, turn.user_id, turn.version,
                     turn.started_at),
                )
            if obs.timers:  # a turn's deadline and reminder in one statement
                await self.conn.execute(
                    "INSERT OR IGNORE INTO timers (table_id, seat, version, kind, guild_id, channel_id, user_id, "
                    "started_at, offset_s, due_at) VALUES " + ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"] * len(obs.timers)),
                    tuple(value for turn, kind, offset in obs.timers for value in _timer_values(turn, kind, offset)),
                )
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        return True

    async def _end_turn(self, table_id: int, seat: int, now: int) -> None:
        await self.conn.execute("DELETE FROM turns WHERE table_id = ? AND seat = ?", (table_id, seat))
        await self.conn.execute(
            "UPDATE timers SET state = 'dropped', fired_at = ? WHERE table_id = ? AND seat = ? AND state = 'pending'",
            (now, table_id, seat),
        )

    async def _add_timer(self, turn: TurnRow, kind: str, offset: int) -> None:
        await self.conn.execute(
            "INSERT OR IGNORE INTO timers (table_id, seat, version, kind, guild_id, channel_id, user_id, "
            "started_at, offset_s, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", _timer_values(turn, kind, offset),
        )

    async def end_table(self, table_id: int, version: int, now: int) -> None:
        """The table is over or gone: no turn runs, no pending timer stays."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self._take_turns(table_id)
            await self.conn.execute("DELETE FROM turns WHERE table_id = ?", (table_id,))
            await self.conn.execute(
                "UPDATE timers SET state = 'dropped', fired_at = ? WHERE table_id = ? AND state = 'pending'",
                (now, table_id),
            )
            await self.conn.execute(
                "INSERT INTO turn_watch (table_id, version, last_move) VALUES (?, ?, 0) ON CONFLICT (table_id) "
                "DO UPDATE SET version = excluded.version", (table_id, version),
            )
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise

    # -- timers ------------------------------------------------------------------------
    async def timers_of_table(self, table_id: int) -> list[TimerRow]:
        return [_timer(r) for r in await self._all("SELECT * FROM timers WHERE table_id = ? ORDER BY id", (table_id,))]

    async def timer(self, timer_id: int) -> TimerRow | None:
        r = await self._one("SELECT * FROM timers WHERE id = ?", (timer_id,))
        return _timer(r) if r else None

    async def due(self, now: int) -> list[TimerRow]:
        """Pending timers due by `now`, and claimed deadlines whose move may not be played yet."""
        rows = await self._all(
            "SELECT * FROM timers WHERE (state = 'pending' AND due_at <= ?) OR state = 'claimed' "
            "ORDER BY due_at, id", (now,),
        )
        return [_timer(r) for r in rows]

    async def next_due(self) -> int | None:
        r = await self._one("SELECT MIN(due_at) AS due FROM timers WHERE state = 'pending'")
        return r["due"] if r else None

    async def set_due(self, timer_id: int, due_at: int) -> None:
        await self.conn.execute("UPDATE timers SET due_at = ? WHERE id = ? AND state = 'pending'", (due_at, timer_id))

    async def drop(self, timer_id: int, now: int) -> bool:
        cur = await self.conn.execute(
            "UPDATE timers SET state = 'dropped', fired_at = ? WHERE id = ? AND state IN ('pending', 'claimed')",
            (now, timer_id),
        )
        return cur.rowcount == 1

    async def mark_done(self, timer_id: int, now: int, from_state: str = "pending") -> bool:
        """pending -> done (a reminder, before it is sent) or claimed -> done (a deadline, after its move)."""
        cur = await self.conn.execute(
            "UPDATE timers SET state = 'done', fired_at = COALESCE(fired_at, ?) WHERE id = ? AND state = ?",
            (now, timer_id, from_state),
        )
        return cur.rowcount == 1

    async def claim_deadline(self, timer: TimerRow, now: int, forfeit_after: int | None) -> str | None:
        """Count the missed deadline and choose what happens, in one transaction: 'play' or
        'forfeit' (with `forfeit_after`, once that many deadlines were missed). None if taken."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            cur = await self.conn.execute(
                "UPDATE timers SET state = 'claimed', fired_at = ? WHERE id = ? AND state = 'pending'",
                (now, timer.id),
            )
            if cur.rowcount != 1:
                await self.conn.execute("ROLLBACK")
                return None
            await self.conn.execute(
                "INSERT INTO missed_deadlines (table_id, seat, count) VALUES (?, ?, 1) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET count = missed_deadlines.count + 1", (timer.table_id, timer.seat),
            )
            r = await self._one("SELECT count FROM missed_deadlines WHERE table_id = ? AND seat = ?",
                                (timer.table_id, timer.seat))
            action = "forfeit" if forfeit_after is not None and r["count"] >= forfeit_after else "play"
            await self.conn.execute("UPDATE timers SET action = ? WHERE id = ?", (action, timer.id))
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        return action

    async def missed(self, table_id: int, seat: int) -> int:
        r = await self._one("SELECT count FROM missed_deadlines WHERE table_id = ? AND seat = ?", (table_id, seat))
        return r["count"] if r else 0

    async def replan(self, table_id: int, plan: Sequence[tuple[TurnRow, str, int | None]], now: int) -> None:
        """New settings: for each running turn and kind, the new offset (None: no such timer).
        Pending timers are moved or dropped, missing ones added; fired ones stay as they are."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self._take_turns(table_id)
            for turn, kind, offset in plan:
                r = await self._one(
                    "SELECT id, state FROM timers WHERE table_id = ? AND seat = ? AND version = ? AND kind = ?",
                    (turn.table_id, turn.seat, turn.version, kind),
                )
                if r is None:
                    if offset is not None:
                        await self._add_timer(turn, kind, offset)
                elif r["state"] == "pending":
                    if offset is None:
                        await self.conn.execute(
                            "UPDATE timers SET state = 'dropped', fired_at = ? WHERE id = ?", (now, r["id"]))
                    else:
                        await self.conn.execute(
                            "UPDATE timers SET offset_s = ?, due_at = started_at + ? WHERE id = ?",
                            (offset, offset, r["id"]),
                        )
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise

    async def reset_due(self, guild_id: int, user_id: int) -> None:
        """Vacations changed: pending timers of that player are worked out again from their start."""
        await self.conn.execute(
            "UPDATE timers SET due_at = started_at + offset_s WHERE guild_id = ? AND user_id = ? AND state = 'pending'",
            (guild_id, user_id),
        )

    # -- notifications -----------------------------------------------------------------
    async def notify(self, guild_id: int, user_id: int) -> NotifyRow:
        r = await self._one("SELECT * FROM notify_settings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        return NotifyRow(r["mode"], r["dm_refused"], bool(r["told"])) if r else NotifyRow()

    async def set_notify(self, guild_id: int, user_id: int, mode: str) -> None:
        await self.conn.execute(
            "INSERT INTO notify_settings (guild_id, user_id, mode) VALUES (?, ?, ?) ON CONFLICT (guild_id, user_id) "
            "DO UPDATE SET mode = excluded.mode, told = 0", (guild_id, user_id, mode),
        )

    async def dm_refused(self, guild_id: int, user_id: int, now: int) -> bool:
        """Note a refused direct message. True when the player has not been told yet (and is now)."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self.conn.execute(
                "INSERT INTO notify_settings (guild_id, user_id, dm_refused) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET dm_refused = excluded.dm_refused",
                (guild_id, user_id, now),
            )
            cur = await self.conn.execute(
                "UPDATE notify_settings SET told = 1 WHERE guild_id = ? AND user_id = ? AND told = 0",
                (guild_id, user_id),
            )
            first = cur.rowcount == 1
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        return first

    # -- vacations ---------------------------------------------------------------------
    async def vacations(self, guild_id: int, user_id: int) -> list[tuple[int, int, int]]:
        """(id, starts_at, ends_at) of a player's vacations in a server, oldest first."""
        rows = await self._all(
            "SELECT id, starts_at, ends_at FROM vacations WHERE guild_id = ? AND user_id = ? ORDER BY starts_at",
            (guild_id, user_id),
        )
        return [(r["id"], r["starts_at"], r["ends_at"]) for r in rows]

    async def vacations_after(self, guild_id: int, user_id: int, since: int) -> list[tuple[int, int]]:
        rows = await self._all(
            "SELECT starts_at, ends_at FROM vacations WHERE guild_id = ? AND user_id = ? AND ends_at > ? "
            "ORDER BY starts_at", (guild_id, user_id, since),
        )
        return [(r["starts_at"], r["ends_at"]) for r in rows]

    async def save_vacation(self, guild_id: int, user_id: int, vacation_id: int | None, starts: int, ends: int) -> None:
        if vacation_id is None:
            await self.conn.execute(
                "INSERT INTO vacations (guild_id, user_id, starts_at, ends_at) VALUES (?, ?, ?, ?)",
                (guild_id, user_id, starts, ends),
            )
        else:
            await self.conn.execute(
                "UPDATE vacations SET starts_at = ?, ends_at = ? WHERE id = ? AND guild_id = ? AND user_id = ?",
                (starts, ends, vacation_id, guild_id, user_id),
            )

    async def delete_vacation(self, vacation_id: int) -> None:
        await self.conn.execute("DELETE FROM vacations WHERE id = ?", (vacation_id,))


def _timer_values(turn: TurnRow, kind: str, offset: int) -> tuple:
    return (turn.table_id, turn.seat, turn.version, kind, turn.guild_id, turn.channel_id, turn.user_id,
            turn.started_at, offset, turn.started_at + offset)

"""Every SQL statement of the daily challenge and the solo board (schema: migrations/005_daily.sql,
006_daily_shared_deals.sql and 048_one_daily_attempt_a_person.sql).

It speaks on the Store's connection. Each write is a single statement, so it is atomic on its
own and never needs a transaction that another task's statements could interleave with.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from db.errors import IntegrityError
from db.store import Store, stamp_text

BUSY_RETRIES = 8


@dataclass
class DealRow:
    guild_id: int
    day: str
    game: str
    seed: int
    difficulty: str
    candidate: int
    line: list[str]
    board_channel: int | None
    final_posted_at: str | None


@dataclass
class DayDeal:
    """The one deal of a UTC day, for every server."""

    day: str
    game: str
    seed: int
    difficulty: str
    candidate: int
    line: list[str]


@dataclass
class AttemptRow:
    guild_id: int
    day: str
    user_id: int
    name: str
    channel_id: int
    table_id: int | None
    claimed_at: str
    table_status: str | None  # the status of its table, None while it has none
    opener: str | None = None  # the call that holds the claim while the table is being opened


@dataclass
class SoloResult:
    table_id: int
    guild_id: int
    user_id: int
    name: str
    game: str
    difficulty: str
    day: str | None
    won: bool
    score: float | None
    ended: str
    hints: int
    moves: int
    finished_at: str
    takebacks: int = 0  # moves taken back (marked in the result, as hints are)


def _deal(row: sqlite3.Row) -> DealRow:
    return DealRow(
        guild_id=row["guild_id"], day=row["day"], game=row["game"], seed=row["seed"],
        difficulty=row["difficulty"], candidate=row["candidate"], line=json.loads(row["line"]),
        board_channel=row["board_channel"], final_posted_at=row["final_posted_at"],
    )


def _attempt(row: sqlite3.Row) -> AttemptRow:
    return AttemptRow(
        guild_id=row["guild_id"], day=row["day"], user_id=row["user_id"], name=row["name"],
        channel_id=row["channel_id"], table_id=row["table_id"], claimed_at=row["claimed_at"],
        table_status=row["status"], opener=row["opener"],
    )


def _result(row: sqlite3.Row) -> SoloResult:
    return SoloResult(
        table_id=row["table_id"], guild_id=row["guild_id"], user_id=row["user_id"], name=row["name"],
        game=row["game"], difficulty=row["difficulty"], day=row["day"], won=bool(row["won"]),
        score=row["score"], ended=row["ended"], hints=row["hints"], moves=row["moves"],
        finished_at=row["finished_at"], takebacks=row["takebacks"],
    )


class DailyStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    async def _write(self, sql: str, params: tuple) -> int:
        """One writing statement; the number of rows it changed. When another connection to the
        file holds the write lock in a way SQLite does not wait for (a stale read snapshot), the
        statement changed nothing and is tried again shortly."""
        for attempt in range(BUSY_RETRIES):
            try:
                cur = await self.conn.execute(sql, params)
                return cur.rowcount
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or attempt == BUSY_RETRIES - 1:
                    raise
                await asyncio.sleep(0.02 * (attempt + 1))
        raise AssertionError("unreachable")

    # -- the deal of a day, for every server ----------------------------------------------
    async def day_deal(self, day: str) -> DayDeal | None:
        async with self.conn.execute("SELECT * FROM daily_days WHERE day = ?", (day,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return DayDeal(day=row["day"], game=row["game"], seed=row["seed"], difficulty=row["difficulty"],
                       candidate=row["candidate"], line=json.loads(row["line"]))

    async def keep_day_deal(self, *, day: str, game: str, seed: int, difficulty: str, candidate: int,
                            line: list[str], now: datetime) -> DayDeal:
        """Keep the day's deal unless one is kept already (another process was first); either way, the kept one."""
        await self._write(
            "INSERT INTO daily_days (day, game, seed, difficulty, candidate, line, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day) DO NOTHING",
            (day, game, seed, difficulty, candidate, json.dumps(line), stamp_text(now)),
        )
        kept = await self.day_deal(day)
        assert kept is not None
        return kept

    # -- a server's day ------------------------------------------------------------------
    async def deal(self, guild_id: int, day: str) -> DealRow | None:
        async with self.conn.execute(
            "SELECT * FROM daily_deals WHERE guild_id = ? AND day = ?", (guild_id, day)
        ) as cur:
            row = await cur.fetchone()
        return _deal(row) if row else None

    async def keep_deal(
        self, *, guild_id: int, day: str, game: str, seed: int, difficulty: str, candidate: int,
        line: list[str], now: datetime,
    ) -> DealRow:
        """A server's copy of the day's deal, made when it first plays the day. A server that has one
        already keeps it (a day begun before the deals were shared); either way, the kept one."""
        await self._write(
            "INSERT INTO daily_deals (guild_id, day, game, seed, difficulty, candidate, line, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, day) DO NOTHING",
            (guild_id, day, game, seed, difficulty, candidate, json.dumps(line), stamp_text(now)),
        )
        kept = await self.deal(guild_id, day)
        assert kept is not None
        return kept

    async def set_board_channel(self, guild_id: int, day: str, channel_id: int) -> int:
        """The first channel given for a day stays its board channel; returns the kept one."""
        await self._write(
            "UPDATE daily_deals SET board_channel = COALESCE(board_channel, ?) WHERE guild_id = ? AND day = ?",
            (channel_id, guild_id, day),
        )
        kept = await self.deal(guild_id, day)
        return kept.board_channel if kept and kept.board_channel is not None else channel_id

    async def days_to_close(self, before: str, max_failures: int) -> list[DealRow]:
        """Days before `before` whose final board has not been posted yet."""
        async with self.conn.execute(
            "SELECT * FROM daily_deals WHERE final_posted_at IS NULL AND day < ? AND final_failures < ? "
            "ORDER BY day, guild_id",
            (before, max_failures),
        ) as cur:
            return [_deal(row) for row in await cur.fetchall()]

    async def claim_final(self, guild_id: int, day: str, now: datetime) -> bool:
        """Mark the day's final board as posted; True for exactly one caller, ever."""
        changed = await self._write(
            "UPDATE daily_deals SET final_posted_at = ? WHERE guild_id = ? AND day = ? AND final_posted_at IS NULL",
            (stamp_text(now), guild_id, day),
        )
        return changed == 1

    async def release_final(self, guild_id: int, day: str) -> None:
        """The final board could not be posted: try again later (a few times)."""
        await self._write(
            "UPDATE daily_deals SET final_posted_at = NULL, final_failures = final_failures + 1 "
            "WHERE guild_id = ? AND day = ?",
            (guild_id, day),
        )

    # -- attempts ----------------------------------------------------------------------
    async def attempt(self, guild_id: int, day: str, user_id: int) -> AttemptRow | None:
        async with self.conn.execute(
            "SELECT a.*, t.status FROM daily_attempts a LEFT JOIN tables t ON t.id = a.table_id "
            "WHERE a.guild_id = ? AND a.day = ? AND a.user_id = ?",
            (guild_id, day, user_id),
        ) as cur:
            row = await cur.fetchone()
        return _attempt(row) if row else None

    async def attempt_of_person(self, guild_id: int, day: str, user_id: int) -> AttemptRow | None:
        """A person's attempt of a day in any server: the one in `guild_id` if there is one, else
        their first elsewhere (one attempt a person and day, wherever it was made)."""
        async with self.conn.execute(
            "SELECT a.*, t.status FROM daily_attempts a LEFT JOIN tables t ON t.id = a.table_id "
            "WHERE a.day = ? AND a.user_id = ? ORDER BY CASE WHEN a.guild_id = ? THEN 0 ELSE 1 END, "
            "a.claimed_at, a.guild_id LIMIT 1",
            (day, user_id, guild_id),
        ) as cur:
            row = await cur.fetchone()
        return _attempt(row) if row else None

    async def attempt_of_table(self, table_id: int) -> AttemptRow | None:
        async with self.conn.execute(
            "SELECT a.*, t.status FROM daily_attempts a LEFT JOIN tables t ON t.id = a.table_id "
            "WHERE a.table_id = ?",
            (table_id,),
        ) as cur:
            row = await cur.fetchone()
        return _attempt(row) if row else None

    async def claim(self, *, guild_id: int, day: str, user_id: int, name: str, channel_id: int,
                    now: datetime, opener: str = "") -> bool:
        """Record an attempt before its table exists. False when the player has one for that day, in
        this server or any other."""
        try:
            await self._write(
                "INSERT INTO daily_attempts (guild_id, day, user_id, name, channel_id, claimed_at, opener, "
                "first_of_day) VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
                (guild_id, day, user_id, name, channel_id, stamp_text(now), opener),
            )
        except IntegrityError:
            return False
        return True

    async def take_over(self, *, guild_id: int, day: str, user_id: int, channel_id: int, older_than: datetime,
                        now: datetime, opener: str = "") -> bool:
        """Continue an attempt whose opening was cut short (no table, claimed before `older_than`), in
        `guild_id` (it moves there when it was claimed in another server)."""
        try:
            changed = await self._write(
                "UPDATE daily_attempts SET guild_id = ?, claimed_at = ?, channel_id = ?, opener = ? WHERE day = ? "
                "AND user_id = ? AND first_of_day = 1 AND table_id IS NULL AND claimed_at < ?",
                (guild_id, stamp_text(now), channel_id, opener, day, user_id, stamp_text(older_than)),
            )
        except IntegrityError:  # an older attempt of this server (kept from before one a person) is in the way
            return False
        return changed == 1

    async def link(self, guild_id: int, day: str, user_id: int, table_id: int, channel_id: int,
                   opener: str | None = None) -> bool:
        """Tie a table to the attempt: only while it has none and, given an opener, only for the call
        that holds the claim. False when the attempt went to another call (its table is not the attempt's)."""
        sql = ("UPDATE daily_attempts SET table_id = ?, channel_id = ? WHERE guild_id = ? AND day = ? AND user_id = ? "
               "AND table_id IS NULL")
        params: tuple = (table_id, channel_id, guild_id, day, user_id)
        if opener is not None:
            sql += " AND opener = ?"
            params += (opener,)
        return await self._write(sql, params) == 1

    async def release(self, guild_id: int, day: str, user_id: int, opener: str) -> None:
        """Forget a claim whose table could not be opened: only the caller's own claim, never one that
        has a table or that another call took over."""
        await self._write(
            "DELETE FROM daily_attempts WHERE guild_id = ? AND day = ? AND user_id = ? AND table_id IS NULL "
            "AND opener = ?",
            (guild_id, day, user_id, opener),
        )

    async def table_of_deal(self, guild_id: int, user_id: int, game: str, seed: int) -> tuple[int, int] | None:
        """(table id, channel id) of a table that a player opened on a deal, if any."""
        async with self.conn.execute(
            "SELECT id, channel_id FROM tables WHERE guild_id = ? AND host_id = ? AND game = ? AND seed = ? "
            "ORDER BY id LIMIT 1",
            (guild_id, user_id, game, seed),
        ) as cur:
            row = await cur.fetchone()
        return (row["id"], row["channel_id"]) if row else None

    async def attempts_of_day(self, guild_id: int, day: str) -> list[AttemptRow]:
        async with self.conn.execute(
            "SELECT a.*, t.status FROM daily_attempts a LEFT JOIN tables t ON t.id = a.table_id "
            "WHERE a.guild_id = ? AND a.day = ? ORDER BY a.claimed_at, a.user_id",
            (guild_id, day),
        ) as cur:
            return [_attempt(row) for row in await cur.fetchall()]

    async def open_attempts_before(self, day: str) -> list[AttemptRow]:
        """Attempts of days before `day` whose table is still open: their day is over."""
        async with self.conn.execute(
            "SELECT a.*, t.status FROM daily_attempts a JOIN tables t ON t.id = a.table_id "
            "WHERE a.day < ? AND t.status IN ('lobby', 'active') ORDER BY a.day, a.guild_id, a.user_id",
            (day,),
        ) as cur:
            return [_attempt(row) for row in await cur.fetchall()]

    async def unrecorded_endings(self) -> list[int]:
        """Daily tables that ended without their result being kept (a process stopped in between)."""
        async with self.conn.execute(
            "SELECT a.table_id FROM daily_attempts a JOIN tables t ON t.id = a.table_id "
            "LEFT JOIN solo_results r ON r.table_id = a.table_id "
            "WHERE t.status IN ('finished', 'cancelled') AND r.table_id IS NULL ORDER BY a.table_id"
        ) as cur:
            return [row[0] for row in await cur.fetchall()]

    # -- hints -------------------------------------------------------------------------
    async def add_hint(self, table_id: int) -> int:
        await self._write(
            "INSERT INTO solo_hints (table_id, hints) VALUES (?, 1) "
            "ON CONFLICT (table_id) DO UPDATE SET hints = solo_hints.hints + 1",
            (table_id,),
        )
        return await self.hints(table_id)

    async def hints(self, table_id: int) -> int:
        async with self.conn.execute("SELECT hints FROM solo_hints WHERE table_id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return row["hints"] if row else 0

    # -- results -----------------------------------------------------------------------
    async def record_result(
        self, *, table_id: int, guild_id: int, user_id: int, name: str, game: str, difficulty: str,
        day: str | None, won: bool, score: float | None, ended: str, moves: int, now: datetime,
    ) -> bool:
        """Keep a solo game's result once, with the hints taken; True when it is new."""
        changed = await self._write(
            "INSERT INTO solo_results (table_id, guild_id, user_id, name, game, difficulty, day, won, score, "
            "ended, hints, moves, finished_at, takebacks) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "(SELECT COALESCE(MAX(hints), 0) FROM solo_hints WHERE table_id = ?), ?, ?, "
            "(SELECT COUNT(*) FROM moves WHERE table_id = ? AND taken_back = 1)) "
            "ON CONFLICT (table_id) DO NOTHING",
            (table_id, guild_id, user_id, name, game, difficulty, day, int(won), score, ended, table_id, moves,
             stamp_text(now), table_id),
        )
        return changed == 1

    async def results_of_day(self, guild_id: int, day: str) -> list[SoloResult]:
        async with self.conn.execute(
            "SELECT * FROM solo_results WHERE guild_id = ? AND day = ? ORDER BY finished_at, table_id",
            (guild_id, day),
        ) as cur:
            return [_result(row) for row in await cur.fetchall()]

    async def results_of_guild(self, guild_id: int, user_id: int | None = None) -> list[SoloResult]:
        sql, params = "SELECT * FROM solo_results WHERE guild_id = ?", [guild_id]
        if user_id is not None:
            sql += " AND user_id = ?"
            params.append(user_id)
        async with self.conn.execute(sql + " ORDER BY finished_at, table_id", params) as cur:
            return [_result(row) for row in await cur.fetchall()]


__all__ = ["AttemptRow", "DailyStore", "DayDeal", "DealRow", "SoloResult"]

"""SQL of quiet hours, the hourly digest and held direct messages (migration 041,
bot/features/notify.py). Times are Unix seconds; it shares the connection of `Store`."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from db.store import Store

HOUR = 3600


@dataclass
class Pacing:
    """How a player wants direct messages paced in one server."""

    quiet_from: int | None = None  # hour of the day, in `zone`
    quiet_to: int | None = None
    zone: str | None = None
    digest: str = "off"  # "off" or "hourly"
    last_dm_at: int | None = None

    @property
    def quiet(self) -> bool:
        return self.quiet_from is not None and self.quiet_to is not None


@dataclass
class Held:
    id: int
    guild_id: int
    user_id: int
    table_id: int
    channel_id: int
    seat: int
    version: int
    text: str
    held_at: int
    due_at: int
    state: str


def _held(r: sqlite3.Row) -> Held:
    return Held(r["id"], r["guild_id"], r["user_id"], r["table_id"], r["channel_id"], r["seat"], r["version"],
                r["text"], r["held_at"], r["due_at"], r["state"])


class NotifyStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    @classmethod
    def of(cls, store: Store) -> NotifyStore:
        return cls(store)

    async def _one(self, sql: str, args: tuple = ()) -> sqlite3.Row | None:
        async with self.conn.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    # -- settings ----------------------------------------------------------------------
    async def pacing(self, guild_id: int, user_id: int) -> Pacing:
        r = await self._one("SELECT quiet_from, quiet_to, zone, digest, last_dm_at FROM notify_settings "
                            "WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        return Pacing(r["quiet_from"], r["quiet_to"], r["zone"], r["digest"], r["last_dm_at"]) if r else Pacing()

    async def set_pacing(self, guild_id: int, user_id: int, pacing: Pacing) -> None:
        await self.conn.execute(
            "INSERT INTO notify_settings (guild_id, user_id, quiet_from, quiet_to, zone, digest) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, user_id) DO UPDATE SET quiet_from = excluded.quiet_from, "
            "quiet_to = excluded.quiet_to, zone = excluded.zone, digest = excluded.digest",
            (guild_id, user_id, pacing.quiet_from, pacing.quiet_to, pacing.zone, pacing.digest),
        )

    # -- held messages -----------------------------------------------------------------
    async def hold(self, held: Held) -> None:
        await self.conn.execute(
            "INSERT INTO held_notices (guild_id, user_id, table_id, channel_id, seat, version, text, held_at, due_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (held.guild_id, held.user_id, held.table_id, held.channel_id, held.seat, held.version, held.text,
             held.held_at, held.due_at),
        )

    async def held(self, guild_id: int, user_id: int) -> list[Held]:
        return [_held(r) for r in await self._all(
            "SELECT * FROM held_notices WHERE guild_id = ? AND user_id = ? ORDER BY id", (guild_id, user_id))]

    async def due_people(self, now: int) -> list[tuple[int, int]]:
        """(guild, user) of every player with a held message due by `now`."""
        rows = await self._all("SELECT DISTINCT guild_id, user_id FROM held_notices WHERE state = 'held' "
                               "AND due_at <= ? ORDER BY guild_id, user_id", (now,))
        return [(r["guild_id"], r["user_id"]) for r in rows]

    async def next_due(self) -> int | None:
        r = await self._one("SELECT MIN(due_at) AS due FROM held_notices WHERE state = 'held'")
        return r["due"] if r else None

    async def claim(self, guild_id: int, user_id: int, now: int, hourly: bool) -> tuple[list[Held], int | None]:
        """Take a player's held messages due by `now`, in one transaction: those whose turn still
        runs become 'sent' (marked before they are sent, so never twice), the others 'dropped'.
        The player's settings row is written first, so two processes claiming for one player take
        turns; with `hourly`, only if no direct message went within the hour. Returns the messages
        to send, and when the hour ends if it had not (nothing taken then)."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            before = await self._one("SELECT last_dm_at FROM notify_settings WHERE guild_id = ? AND user_id = ?",
                                     (guild_id, user_id))
            previous = before["last_dm_at"] if before else None
            cur = await self.conn.execute(
                "UPDATE notify_settings SET last_dm_at = ? WHERE guild_id = ? AND user_id = ?"
                + (" AND (last_dm_at IS NULL OR last_dm_at <= ?)" if hourly else ""),
                (now, guild_id, user_id, *((now - HOUR,) if hourly else ())),
            )
            if hourly and cur.rowcount != 1:
                await self.conn.execute("ROLLBACK")
                later = await self._one("SELECT last_dm_at FROM notify_settings WHERE guild_id = ? AND user_id = ?",
                                        (guild_id, user_id))
                next_at = (later["last_dm_at"] or now) + HOUR if later else now + HOUR
                await self.conn.execute("UPDATE held_notices SET due_at = ? WHERE guild_id = ? AND user_id = ? "
                                        "AND state = 'held' AND due_at < ?", (next_at, guild_id, user_id, next_at))
                return [], next_at
            rows = await self._all(
                "UPDATE held_notices SET sent_at = ?, state = CASE WHEN EXISTS (SELECT 1 FROM turns t "
                "WHERE t.table_id = held_notices.table_id AND t.seat = held_notices.seat "
                "AND t.version = held_notices.version AND t.user_id = held_notices.user_id) "
                "THEN 'sent' ELSE 'dropped' END "
                "WHERE guild_id = ? AND user_id = ? AND state = 'held' AND due_at <= ? RETURNING *",
                (now, guild_id, user_id, now),
            )
            sent = sorted((_held(r) for r in rows if r["state"] == "sent"), key=lambda h: h.id)
            if not sent:  # nothing goes out: the hour is not used up
                await self.conn.execute("UPDATE notify_settings SET last_dm_at = ? WHERE guild_id = ? AND user_id = ?",
                                        (previous, guild_id, user_id))
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        return sent, None

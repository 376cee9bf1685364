"""SQL of ratings and leaderboards (bot/features/ratings.py). Every query names its server: a server
never sees another server's players or ratings.

It shares the aiosqlite connection of `Store`; a rated table is written in one
`BEGIN IMMEDIATE ... COMMIT` transaction, together with the mark that it was rated.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from db.errors import IntegrityError
from db.store import Store

OVERALL = "*"  # the game key of the rating across every game


@dataclass
class RatingRow:
    guild_id: int
    game: str
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        """The shown rating: mu - 3 sigma, a cautious estimate that starts at 0."""
        return self.mu - 3 * self.sigma


@dataclass
class HistoryRow:
    guild_id: int
    game: str
    user_id: int
    table_id: int
    at: str
    rank: int
    humans: int
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def _rating(r: sqlite3.Row) -> RatingRow:
    return RatingRow(r["guild_id"], r["game"], r["user_id"], r["name"], r["mu"], r["sigma"], r["games"], r["wins"])


def _history(r: sqlite3.Row) -> HistoryRow:
    return HistoryRow(r["guild_id"], r["game"], r["user_id"], r["table_id"], r["at"], r["rank"], r["humans"],
                      r["mu"], r["sigma"])


class RatingStore:
    def __init__(self, conn: aiosqlite.Connection):
        self.conn = conn

    @classmethod
    def of(cls, store: Store) -> RatingStore:
        return cls(store.conn)

    async def _all(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def is_rated(self, table_id: int) -> bool:
        async with self.conn.execute("SELECT 1 FROM rated_tables WHERE table_id = ?", (table_id,)) as cur:
            return await cur.fetchone() is not None

    async def unrated_finished(self) -> list[int]:
        """Finished tables the ratings have not looked at yet, in the order they finished."""
        rows = await self._all(
            "SELECT id FROM tables WHERE status = 'finished' "
            "AND id NOT IN (SELECT table_id FROM rated_tables) ORDER BY updated_at, id"
        )
        return [r["id"] for r in rows]

    async def ratings(self, guild_id: int, game: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._all(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {r["user_id"]: _rating(r) for r in rows}

    async def record(self, table_id: int, guild_id: int, at: str, ratings: Sequence[RatingRow],
                     history: Sequence[HistoryRow]) -> bool:
        """Keep the new ratings of one table, or only the mark that it was looked at (no ratings).
        False when the table was rated already: nothing is written twice."""
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            try:
                await self.conn.execute(
                    "INSERT INTO rated_tables (table_id, guild_id, counted, at) VALUES (?, ?, ?, ?)",
                    (table_id, guild_id, int(bool(ratings)), at),
                )
            except IntegrityError:
                await self.conn.execute("ROLLBACK")
                return False
            for r in ratings:
                await self.conn.execute(
                    "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
                    "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
                    "wins = excluded.wins, updated_at = excluded.updated_at",
                    (r.guild_id, r.game, r.user_id, r.name, r.mu, r.sigma, r.games, r.wins, at),
                )
            for h in history:
                await self.conn.execute(
                    "INSERT INTO rating_history (guild_id, game, user_id, table_id, at, rank, humans, mu, sigma) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (h.guild_id, h.game, h.user_id, h.table_id, h.at, h.rank, h.humans, h.mu, h.sigma),
                )
            await self.conn.execute("COMMIT")
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        return True

    async def board(self, guild_id: int, game: str) -> list[RatingRow]:
        """Every rated player of a server in a game, best first."""
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, wins DESC, user_id", (guild_id, game),
        )
        return [_rating(r) for r in rows]

    async def player(self, guild_id: int, user_id: int) -> list[RatingRow]:
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY games DESC, game", (guild_id, user_id)
        )
        return [_rating(r) for r in rows]

    async def history(self, guild_id: int, user_id: int) -> list[HistoryRow]:
        rows = await self._all(
            "SELECT * FROM rating_history WHERE guild_id = ? AND user_id = ? ORDER BY at, table_id",
            (guild_id, user_id),
        )
        return [_history(r) for r in rows]

    async def find(self, guild_id: int, name: str) -> list[tuple[int, str]]:
        """Rated players of a server whose name is `name` (any case), else those it begins."""
        rows = await self._all(
            "SELECT user_id, name FROM (SELECT DISTINCT user_id, name FROM ratings WHERE guild_id = ? AND game = ? "
            "AND (lower(name) = lower(?) OR lower(name) LIKE lower(?) ESCAPE '\\')) AS found "
            "ORDER BY lower(name) != lower(?), name",
            (guild_id, OVERALL, name, name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%", name),
        )
        return [(r["user_id"], r["name"]) for r in rows]

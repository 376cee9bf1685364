"""SQL of a server's seasons (migration 051, bot/features/season.py): the season setting, the
season points of each rated table, the seasons that ended with their results-post mark, and the
divisions. Every query names its server, except the clock's sweeps that go over every server.

Times are ISO texts in UTC (`rated_tables.at`'s form), compared as texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.outbox import OutboxRow, OutboxStore
from db.ratings import OVERALL
from db.store import Store


@dataclass
class SeasonSettings:
    guild_id: int
    length: str  # 'monthly', 'quarterly' or 'off'
    points: str  # 'win' or 'place'
    channel_id: int | None
    epoch_at: str
    base: int
    changed_at: str


@dataclass
class ClosedSeason:
    guild_id: int
    number: int
    length: str
    points: str
    starts_at: str
    ends_at: str
    closed_at: str = ""
    posted_at: str | None = None
    outbox_id: int | None = None


@dataclass
class Placed:
    """One person at one rated table: their rank among the table's people."""

    table_id: int
    guild_id: int
    user_id: int
    rank: int
    at: str


@dataclass
class PointsRow:
    table_id: int
    user_id: int
    guild_id: int
    at: str
    win: float
    place: float
    first: bool


@dataclass
class Totals:
    """A person's sums over a season: both kinds of points, tables, first places, last table's time."""

    user_id: int
    win: float
    place: float
    games: int
    firsts: int
    last_at: str


SETTINGS = "guild_id, length, points, channel_id, epoch_at, base, changed_at"
SEASON = "guild_id, number, length, points, starts_at, ends_at, closed_at, posted_at, outbox_id"


def _settings(r: Any) -> SeasonSettings:
    return SeasonSettings(r["guild_id"], r["length"], r["points"], r["channel_id"], r["epoch_at"], r["base"],
                          r["changed_at"])


def _season(r: Any) -> ClosedSeason:
    return ClosedSeason(r["guild_id"], r["number"], r["length"], r["points"], r["starts_at"], r["ends_at"],
                        r["closed_at"], r["posted_at"], r["outbox_id"])


class SeasonStore:
    def __init__(self, store: Store):
        self.store = store
        self.conn = store.conn

    @classmethod
    def of(cls, store: Store) -> SeasonStore:
        return cls(store)

    async def _all(self, sql: str, args: tuple = ()) -> list[Any]:
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    # -- the setting -----------------------------------------------------------------------
    async def settings(self, guild_id: int) -> SeasonSettings | None:
        rows = await self._all(f"SELECT {SETTINGS} FROM season_settings WHERE guild_id = ?", (guild_id,))
        return _settings(rows[0]) if rows else None

    async def every_settings(self) -> list[SeasonSettings]:
        return [_settings(r) for r in await self._all(f"SELECT {SETTINGS} FROM season_settings ORDER BY guild_id")]

    async def save_settings(self, settings: SeasonSettings, ended: Sequence[ClosedSeason] = ()) -> None:
        """One /season call in one transaction: the setting, and the seasons it ended."""
        async with self.conn.transaction():
            await self.conn.execute(
                f"INSERT INTO season_settings ({SETTINGS}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) "
                "DO UPDATE SET length = excluded.length, points = excluded.points, channel_id = excluded.channel_id, "
                "epoch_at = excluded.epoch_at, base = excluded.base, changed_at = excluded.changed_at",
                (settings.guild_id, settings.length, settings.points, settings.channel_id, settings.epoch_at,
                 settings.base, settings.changed_at))
            for season in ended:
                await self._insert_season(season)

    async def _insert_season(self, s: ClosedSeason) -> None:
        await self.conn.execute(
            "INSERT INTO seasons (guild_id, number, length, points, starts_at, ends_at, closed_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, number) DO NOTHING",
            (s.guild_id, s.number, s.length, s.points, s.starts_at, s.ends_at, s.closed_at))

    # -- seasons that ended ----------------------------------------------------------------
    async def end_seasons(self, ended: Sequence[ClosedSeason]) -> None:
        """Seasons that reached their end, each once."""
        async with self.conn.transaction():
            for season in ended:
                await self._insert_season(season)

    async def season(self, guild_id: int, number: int) -> ClosedSeason | None:
        rows = await self._all(f"SELECT {SEASON} FROM seasons WHERE guild_id = ? AND number = ?", (guild_id, number))
        return _season(rows[0]) if rows else None

    async def last_season(self, guild_id: int) -> ClosedSeason | None:
        rows = await self._all(f"SELECT {SEASON} FROM seasons WHERE guild_id = ? ORDER BY number DESC LIMIT 1",
                               (guild_id,))
        return _season(rows[0]) if rows else None

    async def unposted(self) -> list[ClosedSeason]:
        """Seasons of every server that ended and whose results post is not made yet."""
        return [_season(r) for r in await self._all(
            f"SELECT {SEASON} FROM seasons WHERE posted_at IS NULL ORDER BY guild_id, number")]

    async def posted_pending(self) -> list[ClosedSeason]:
        """Seasons whose results post was saved in the outbox but never sent (a stop between the two)."""
        return [_season(r) for r in await self._all(
            f"SELECT {', '.join('s.' + c.strip() for c in SEASON.split(','))} FROM seasons s "
            "JOIN outbox o ON o.id = s.outbox_id WHERE o.state = 'pending' ORDER BY s.guild_id, s.number")]

    async def close(self, season: ClosedSeason, divisions: dict[int, int], next_divisions: dict[int, int],
                    channel_id: int | None, body: dict[str, Any] | None, now: str, unix_now: int) -> int | None:
        """End a season in one transaction: its row, its divisions and the next season's, and the mark
        that its results were posted with the outbox row of the post, due at once. Returns that row's
        id for the one caller that made the mark with a post to send; None for every other caller (or
        nothing to post). From then on the row is the post: the outbox's sender sends it, after a
        restart too, and nothing else posts those results."""
        async with self.conn.transaction():
            await self._insert_season(season)
            for number, tiers in ((season.number, divisions), (season.number + 1, next_divisions)):
                for user_id, tier in tiers.items():
                    await self.conn.execute(
                        "INSERT INTO season_divisions (guild_id, number, user_id, tier) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (guild_id, number, user_id) DO NOTHING", (season.guild_id, number, user_id, tier))
            marked = await self.conn.execute(
                "UPDATE seasons SET posted_at = ? WHERE guild_id = ? AND number = ? AND posted_at IS NULL",
                (now, season.guild_id, season.number))
            if marked.rowcount != 1 or channel_id is None or body is None:
                return None
            row_id = await OutboxStore.of(self.store).insert(table_id=None, version=None, channel_id=channel_id,
                                                             body=body, now=unix_now)
            await self.conn.execute("UPDATE seasons SET outbox_id = ? WHERE guild_id = ? AND number = ?",
                                    (row_id, season.guild_id, season.number))
            return row_id

    async def take_post(self, outbox_id: int, unix_now: int) -> bool:
        """Claim a saved results post for an outbox that only posts (the offline console has no
        sender of the outbox's rows): True for one caller, who then posts it."""
        cur = await self.conn.execute(
            "UPDATE outbox SET state = 'sent', sent_at = ?, attempts = attempts + 1 WHERE id = ? AND state = 'pending'",
            (unix_now, outbox_id))
        return cur.rowcount == 1

    async def saved_post(self, outbox_id: int) -> OutboxRow | None:
        """The outbox row of a season's results post."""
        return await OutboxStore.of(self.store).get(outbox_id)

    # -- divisions -------------------------------------------------------------------------
    async def divisions(self, guild_id: int, number: int) -> dict[int, int]:
        rows = await self._all("SELECT user_id, tier FROM season_divisions WHERE guild_id = ? AND number = ?",
                               (guild_id, number))
        return {r["user_id"]: r["tier"] for r in rows}

    async def divisions_of(self, guild_id: int, user_id: int) -> dict[int, int]:
        """A person's tier in each season that had divisions, by season number."""
        rows = await self._all("SELECT number, tier FROM season_divisions WHERE guild_id = ? AND user_id = ?",
                               (guild_id, user_id))
        return {r["number"]: r["tier"] for r in rows}

    # -- season points ---------------------------------------------------------------------
    async def unscored(self, limit: int = 500) -> list[int]:
        """Counted rated tables of every server that have no season points yet, oldest first."""
        rows = await self._all(
            "SELECT table_id FROM rated_tables WHERE counted = 1 AND scored = 0 ORDER BY at, table_id LIMIT ?", (limit,))
        return [r["table_id"] for r in rows]

    async def placed(self, table_ids: Sequence[int]) -> list[Placed]:
        """The people of rated tables with their ranks among the table's people (the ratings' own)."""
        if not table_ids:
            return []
        marks = ",".join("?" * len(table_ids))
        rows = await self._all(
            f"SELECT table_id, guild_id, user_id, rank, at FROM rating_history WHERE game = ? "
            f"AND table_id IN ({marks}) ORDER BY table_id, user_id", (OVERALL, *table_ids))
        return [Placed(r["table_id"], r["guild_id"], r["user_id"], r["rank"], r["at"]) for r in rows]

    async def unscored_between(self, guild_id: int, start: str, end: str) -> list[Placed]:
        """The people of a server's counted tables rated between two moments that have no season points
        yet: a board read adds them in memory (a read writes nothing)."""
        rows = await self._all(
            "SELECT h.table_id, h.guild_id, h.user_id, h.rank, h.at FROM rated_tables r "
            "JOIN rating_history h ON h.table_id = r.table_id AND h.game = ? "
            "WHERE r.guild_id = ? AND r.at >= ? AND r.at < ? AND r.counted = 1 AND r.scored = 0 "
            "ORDER BY h.table_id, h.user_id",
            (OVERALL, guild_id, start, end))
        return [Placed(r["table_id"], r["guild_id"], r["user_id"], r["rank"], r["at"]) for r in rows]

    async def add_points(self, table_ids: Sequence[int], rows: Sequence[PointsRow]) -> None:
        """The season points of counted rated tables, once (a second writer of a table changes nothing),
        with the tables' mark that they are scored."""
        if not table_ids:
            return
        async with self.conn.transaction():
            for table_id in table_ids:
                await self.conn.execute("UPDATE rated_tables SET scored = 1 WHERE table_id = ? AND counted = 1",
                                        (table_id,))
            for p in rows:
                await self.conn.execute(
                    "INSERT INTO season_points (table_id, user_id, guild_id, at, win, place, first) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO NOTHING",
                    (p.table_id, p.user_id, p.guild_id, p.at, p.win, p.place, int(p.first)))

    async def totals(self, guild_id: int, start: str, end: str) -> list[Totals]:
        """Each person's sums over the tables of a server rated between two moments (end excluded)."""
        rows = await self._all(
            "SELECT user_id, SUM(win) AS win, SUM(place) AS place, COUNT(*) AS games, SUM(first) AS firsts, "
            "MAX(at) AS last_at FROM season_points WHERE guild_id = ? AND at >= ? AND at < ? GROUP BY user_id",
            (guild_id, start, end))
        return [Totals(r["user_id"], float(r["win"]), float(r["place"]), int(r["games"]), int(r["firsts"]),
                       r["last_at"]) for r in rows]

    async def points_between(self, guild_id: int, start: str, end: str) -> list[PointsRow]:
        """Every season-points row of a server between two moments (the results of one season)."""
        rows = await self._all(
            "SELECT table_id, user_id, guild_id, at, win, place, first FROM season_points "
            "WHERE guild_id = ? AND at >= ? AND at < ? ORDER BY table_id, user_id", (guild_id, start, end))
        return [PointsRow(r["table_id"], r["user_id"], r["guild_id"], r["at"], r["win"], r["place"], bool(r["first"]))
                for r in rows]

    # -- names and idle players ------------------------------------------------------------
    async def names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The name of each person's latest rated game in a server."""
        if not user_ids:
            return {}
        found: dict[int, str] = {}
        ids = list(user_ids)
        for i in range(0, len(ids), 500):  # a bounded number of parameters per statement
            part = ids[i:i + 500]
            rows = await self._all(
                f"SELECT user_id, name FROM ratings WHERE guild_id = ? AND game = ? "
                f"AND user_id IN ({','.join('?' * len(part))})", (guild_id, OVERALL, *part))
            found.update({r["user_id"]: r["name"] for r in rows})
        return found

    async def idle(self, guild_id: int, before: str) -> set[int]:
        """The rated players of a server whose latest rated game was before a moment."""
        rows = await self._all("SELECT user_id FROM ratings WHERE guild_id = ? AND game = ? AND updated_at < ?",
                               (guild_id, OVERALL, before))
        return {r["user_id"] for r in rows}

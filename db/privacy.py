"""SQL of a person's request to be forgotten (/forget-me, bot/features/forget.py).

Everything kept about one person, in every server, goes in one transaction: rows that are theirs
alone are deleted; rows that other people's games need (a seat of a finished game, the moves of
its log, its results) keep their place under a neutral seat name and lose the person's id, so
the other players' /history stays whole.

`PERSON_COLUMNS` names every column of the schema that can hold who a person is, and what
`forget` does with it; tests/db/test_privacy.py reads the live schema and fails when a column
that looks like a person's (an id of a user, a name) is in neither it nor `NOT_A_PERSON`, so a
new table is covered here before it can keep someone forever.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from db.store import Store, stamp_text

# what forget does to each column that names a person: "delete" (the row goes), "anonymise"
# (the id goes, a name becomes the seat's neutral name), "scrub" (a text that may quote them
# loses its body: a post already sent or one not sent yet)
PERSON_COLUMNS: dict[str, dict[str, str]] = {
    "tables": {"host_id": "anonymise"},
    "seats": {"user_id": "anonymise", "name": "anonymise"},
    "moves": {"user_id": "anonymise"},
    "results": {"user_id": "anonymise"},
    "turns": {"user_id": "delete"},
    "timers": {"user_id": "delete"},
    "notify_settings": {"user_id": "delete"},
    "vacations": {"user_id": "delete"},
    "ratings": {"user_id": "delete", "name": "delete"},
    "rating_history": {"user_id": "delete"},
    "daily_attempts": {"user_id": "delete", "name": "delete"},
    "solo_results": {"user_id": "delete", "name": "delete"},
    "takeback_requests": {"name": "delete", "waiting": "delete"},
    "auto_settings": {"user_id": "delete"},
    "planned_moves": {"user_id": "delete"},
    "held_notices": {"user_id": "delete", "text": "delete"},
    "substitutes": {"left_user": "anonymise", "left_name": "anonymise", "taker_id": "anonymise",
                    "taker_name": "anonymise"},
    "cancel_consents": {"user_id": "delete"},
    "season_points": {"user_id": "delete"},
    "season_divisions": {"user_id": "delete"},
    # an event keeps its standings whole: the entrant becomes a former player under an id below
    # zero (nobody's), in the entrants and in every pairing and its points (`_forget_entrant`)
    "event_entrants": {"user_id": "anonymise", "name": "anonymise"},
    "events": {"created_by": "anonymise"},
    "outbox": {"body": "scrub"},
}

# columns that look like a person's but are not, and why
NOT_A_PERSON: dict[str, dict[str, str]] = {
    "leases": {"name": "the name of a lease (the clocks), not of a person"},
}

# the tables whose rows are a person's alone: deleted whole
DELETED = ("turns", "timers", "notify_settings", "vacations", "ratings", "rating_history", "daily_attempts",
           "solo_results", "auto_settings", "planned_moves", "held_notices", "cancel_consents", "season_points",
           "season_divisions")

SETTLED = ("sent", "refused", "dropped", "failed")


@dataclass
class Seat:
    table_id: int
    channel_id: int
    seat: int
    position: int
    resigned: bool


@dataclass
class Forgotten:
    """What the deletion changed beyond the rows themselves, for the service to tell."""

    lobbies_left: list[int] = field(default_factory=list)  # channels of lobbies where a seat came free
    lobbies_closed: list[int] = field(default_factory=list)  # channels of lobbies closed with their host
    tables: list[int] = field(default_factory=list)  # tables where the person sat
    rows: int = 0  # rows deleted or changed


def looks_personal(column: str) -> bool:
    """Whether a column's name says it may hold a person's id or name."""
    name = column.lower()
    return name in ("name", "waiting", "host_id", "text", "body") or "user" in name or name.endswith("_name") \
        or name.startswith("taker")


def quoted(word: str) -> list[str]:
    """`word` as a text may hold it: as typed, and as JSON writes it (non-ASCII escaped)."""
    escaped = json.dumps(word)[1:-1]
    return [word] if escaped == word else [word, escaped]


class PrivacyStore:
    def __init__(self, store: Store):
        self.store = store
        self.conn = store.conn

    @classmethod
    def of(cls, store: Store) -> PrivacyStore:
        return cls(store)

    def _contains(self, column: str) -> str:
        return f"strpos({column}, ?) > 0" if self.store.dialect == "postgres" else f"instr({column}, ?) > 0"

    async def _all(self, sql: str, params: tuple = ()) -> list[Any]:
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def holds(self, user_id: int) -> int:
        """How many rows name `user_id` by their id (0: nothing is kept of them)."""
        total = 0
        for table, columns in PERSON_COLUMNS.items():
            for column in columns:
                if column in ("user_id", "host_id", "left_user", "taker_id"):
                    rows = await self._all(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (user_id,))
                    total += rows[0][0]
        return total

    async def playing(self, user_id: int) -> list[Seat]:
        """The person's seats at games under way that they still play."""
        rows = await self._all(
            "SELECT s.table_id, t.channel_id, s.seat, s.position, s.resigned FROM seats s JOIN tables t "
            "ON t.id = s.table_id WHERE s.user_id = ? AND t.status = 'active' AND s.seat IS NOT NULL "
            "AND s.resigned = 0 ORDER BY s.table_id", (user_id,))
        return [Seat(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    async def rename_seat(self, table_id: int, position: int, name: str) -> None:
        """A seat's name before the seat is handed over, so the post that tells it names nobody."""
        await self.conn.execute("UPDATE seats SET name = ? WHERE table_id = ? AND position = ?",
                                (name, table_id, position))

    async def names(self, user_id: int) -> set[str]:
        """Every name kept with the person's id."""
        found: set[str] = set()
        for sql in ("SELECT name FROM seats WHERE user_id = ?", "SELECT name FROM ratings WHERE user_id = ?",
                    "SELECT name FROM daily_attempts WHERE user_id = ?", "SELECT name FROM solo_results WHERE user_id = ?",
                    "SELECT left_name FROM substitutes WHERE left_user = ?",
                    "SELECT taker_name FROM substitutes WHERE taker_id = ?",
                    "SELECT name FROM event_entrants WHERE user_id = ?"):
            found |= {row[0] for row in await self._all(sql, (user_id,)) if row[0]}
        return found

    async def forget(self, user_id: int, known_names: set[str], neutral: str, now: datetime) -> Forgotten:
        """Delete or anonymise every row that names `user_id`, in one transaction. `neutral` is the
        neutral seat name with a `{number}` placeholder (the seat's number from 1); `known_names`
        are names the person goes by now, besides those kept with their id: a post that quotes any
        of them loses its body."""
        done = Forgotten()
        async with self.conn.transaction():
            names = set(known_names) | await self.names(user_id)
            seats = await self._all(
                "SELECT s.table_id, s.position, s.seat, t.status, t.host_id, t.channel_id FROM seats s "
                "JOIN tables t ON t.id = s.table_id WHERE s.user_id = ?", (user_id,))
            tables = done.tables = sorted({r[0] for r in seats})
            # a take-back request waits on everyone at its table, so one where the person sat ends
            for table_id in tables:
                done.rows += await self._run("DELETE FROM takeback_requests WHERE table_id = ?", (table_id,))
            for table_id, position, seat, status, host, channel in seats:
                if status == "lobby":  # no game yet: the seat comes free, and a host's lobby closes
                    done.rows += await self._run("DELETE FROM seats WHERE table_id = ? AND position = ?",
                                                 (table_id, position))
                    closes = host == user_id
                    await self._run(
                        "UPDATE tables SET version = version + 1, updated_at = ?"
                        + (", status = 'cancelled'" if closes else "") + " WHERE id = ?",
                        (stamp_text(now), table_id))
                    (done.lobbies_closed if closes else done.lobbies_left).append(channel)
                    continue
                number = (seat if seat is not None else position) + 1
                done.rows += await self._run("UPDATE seats SET user_id = NULL, name = ? WHERE table_id = ? "
                                             "AND position = ?", (neutral.format(number=number), table_id, position))
            for column, name_column in (("left_user", "left_name"), ("taker_id", "taker_name")):
                offers = await self._all(f"SELECT id, seat, state FROM substitutes WHERE {column} = ?", (user_id,))
                for offer_id, seat, state in offers:
                    withdraw = ", state = 'withdrawn'" if column == "taker_id" and state == "taken" else ""
                    done.rows += await self._run(
                        f"UPDATE substitutes SET {column} = NULL, {name_column} = ?{withdraw} WHERE id = ?",
                        (neutral.format(number=seat + 1), offer_id))
            done.rows += await self._run("UPDATE moves SET user_id = NULL WHERE user_id = ?", (user_id,))
            done.rows += await self._run("UPDATE results SET user_id = NULL WHERE user_id = ?", (user_id,))
            # 0 is nobody's id: a table keeps a host, and the host's powers pass on (bot/core/seats.py)
            done.rows += await self._run("UPDATE tables SET host_id = 0 WHERE host_id = ?", (user_id,))
            done.rows += await self._run("UPDATE events SET created_by = 0 WHERE created_by = ?", (user_id,))
            done.rows += await self._forget_entrant(user_id, neutral, int(now.timestamp()))
            for table in DELETED:
                done.rows += await self._run(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
            done.rows += await self._scrub_posts(user_id, names, int(now.timestamp()))
        return done

    async def _forget_entrant(self, user_id: int, neutral: str, now: int) -> int:
        """The person's places in events: in each, an id below zero that nobody has (the next free
        one of that event) and a neutral name, written into the entrant and into every pairing's
        players and points, so standings and tie-breaks stay whole; an event still running is left."""
        changed = 0
        for (event_id,) in await self._all("SELECT event_id FROM event_entrants WHERE user_id = ?", (user_id,)):
            lowest = (await self._all("SELECT MIN(user_id) FROM event_entrants WHERE event_id = ?", (event_id,)))[0][0]
            former = min(lowest or 0, 0) - 1
            changed += await self._run(
                "UPDATE event_entrants SET user_id = ?, name = ?, left_at = COALESCE(left_at, ?) "
                "WHERE event_id = ? AND user_id = ?", (former, neutral.format(number=-former), now, event_id, user_id))
            pairings = await self._all("SELECT round, number, players, points FROM event_tables WHERE event_id = ?",
                                       (event_id,))
            for round_, number, players, points in pairings:
                seated = json.loads(players)
                scored = json.loads(points) if points else None
                if user_id not in seated and not (scored and str(user_id) in scored):
                    continue
                seated = [former if player == user_id else player for player in seated]
                if scored is not None and str(user_id) in scored:
                    scored[str(former)] = scored.pop(str(user_id))
                    # written as db/events.py writes points: keys in the order of the ids
                    scored = {key: scored[key] for key in sorted(scored, key=int)}
                changed += await self._run(
                    "UPDATE event_tables SET players = ?, points = ? WHERE event_id = ? AND round = ? AND number = ?",
                    (json.dumps(seated), None if scored is None else json.dumps(scored), event_id, round_, number))
        return changed

    async def _run(self, sql: str, params: tuple) -> int:
        cur = await self.conn.execute(sql, params)
        return max(cur.rowcount, 0)

    async def _scrub_posts(self, user_id: int, names: set[str], now: int) -> int:
        """Posts whose text quotes the person (their mention, one of their names): a settled one
        keeps its row without its body (the sender no longer reads it), one not yet sent is dropped."""
        needles = [f"@{user_id}"] + [form for name in sorted(names) if name.strip() for form in quoted(name)]
        where = " OR ".join(self._contains("body") for _ in needles)
        settled = ", ".join(f"'{s}'" for s in SETTLED)
        changed = await self._run(f"UPDATE outbox SET body = NULL WHERE body IS NOT NULL AND state IN ({settled}) "
                                  f"AND ({where})", tuple(needles))
        changed += await self._run(
            f"UPDATE outbox SET body = NULL, state = 'dropped', sent_at = CAST(? AS BIGINT) "
            f"WHERE body IS NOT NULL AND state IN ('draft', 'pending') AND ({where})", (now, *needles))
        return changed

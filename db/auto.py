"""SQL of what a table plays for a person who is not there (migration 040): /auto settings and plans."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from db.store import Store


@dataclass
class Settings:
    forced: bool = True
    answers: dict[str, str] = field(default_factory=dict)


@dataclass
class Plan:
    user_id: int
    seat: int
    move: str
    version: int
    mark: str
    dropped: str = ""


class AutoStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    # -- settings --------------------------------------------------------------------
    async def settings(self, table_id: int) -> dict[int, Settings]:
        """Every person's settings at a table who changed any, by user id."""
        async with self.conn.execute(
                "SELECT user_id, forced, answers FROM auto_settings WHERE table_id = ?", (table_id,)) as cur:
            rows = await cur.fetchall()
        return {row["user_id"]: Settings(bool(row["forced"]), json.loads(row["answers"])) for row in rows}

    async def put_settings(self, table_id: int, user_id: int, settings: Settings) -> None:
        await self.conn.execute(
            "INSERT INTO auto_settings (table_id, user_id, forced, answers) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (table_id, user_id) DO UPDATE SET forced = excluded.forced, answers = excluded.answers",
            (table_id, user_id, int(settings.forced), json.dumps(settings.answers, sort_keys=True)),
        )

    # -- plans -----------------------------------------------------------------------
    async def plans(self, table_id: int) -> dict[int, Plan]:
        """The plans at a table (standing or dropped and not yet told), by user id."""
        async with self.conn.execute("SELECT * FROM planned_moves WHERE table_id = ?", (table_id,)) as cur:
            rows = await cur.fetchall()
        return {row["user_id"]: Plan(row["user_id"], row["seat"], row["move"], row["version"], row["mark"],
                                     row["dropped"]) for row in rows}

    async def tables_with_plans(self) -> list[int]:
        """Tables holding a standing plan (a restart plays those whose turn came while it was down)."""
        async with self.conn.execute(
                "SELECT DISTINCT table_id FROM planned_moves WHERE dropped = '' ORDER BY table_id") as cur:
            return [row["table_id"] for row in await cur.fetchall()]

    async def put_plan(self, table_id: int, plan: Plan) -> None:
        await self.conn.execute(
            "INSERT INTO planned_moves (table_id, user_id, seat, move, version, mark, dropped) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET seat = excluded.seat, "
            "move = excluded.move, version = excluded.version, mark = excluded.mark, dropped = excluded.dropped",
            (table_id, plan.user_id, plan.seat, plan.move, plan.version, plan.mark, plan.dropped),
        )

    async def claim_plan(self, table_id: int, plan: Plan) -> bool:
        """Take the standing plan out to play it: True for the one caller that removed it as it is,
        False when it is gone or was changed meanwhile (cancelled, replaced, dropped, played by
        another process), so that only a plan that still stands is ever played, and once."""
        cur = await self.conn.execute(
            "DELETE FROM planned_moves WHERE table_id = ? AND user_id = ? AND move = ? AND version = ? "
            "AND dropped = ''", (table_id, plan.user_id, plan.move, plan.version))
        return cur.rowcount == 1

    async def drop_plan(self, table_id: int, user_id: int, why: str = "") -> None:
        """Forget the plan; with `why`, keep that reason until the person is told."""
        if why:
            await self.conn.execute("UPDATE planned_moves SET dropped = ? WHERE table_id = ? AND user_id = ?",
                                    (why, table_id, user_id))
        else:
            await self.conn.execute("DELETE FROM planned_moves WHERE table_id = ? AND user_id = ?",
                                    (table_id, user_id))

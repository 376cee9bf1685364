"""Migrations 048 and 049 over a database with rows, on SQLite and on PostgreSQL: daily attempts of
one person in two servers on a day (made before one attempt a person) are all kept, the earliest as
the day's one; names kept with the core's mark characters lose them."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from db.store import Store, migrations
from tests.helpers import store_target

pytestmark = pytest.mark.usefixtures("store_kind")

BEFORE = 47
ROWS = [
    "INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, version, created_at, "
    "updated_at) VALUES (1, 1, 10, 'sticks', '{}', 1, 'lobby', 1, 1, 't', 't')",
    "INSERT INTO seats (table_id, position, user_id, name) VALUES (1, 0, 1, 'mal\ue000@2\ue001lory'), (1, 1, 2, 'bob')",
    "INSERT INTO daily_deals (guild_id, day, game, seed, difficulty, candidate, line, created_at) VALUES "
    "(1, '2026-01-01', 'hawaii', 4, 'easy', 0, '[]', 't'), (2, '2026-01-01', 'hawaii', 4, 'easy', 0, '[]', 't')",
    "INSERT INTO daily_attempts (guild_id, day, user_id, name, channel_id, claimed_at) VALUES "
    "(1, '2026-01-01', 5, 'ann', 11, '2026-01-01T10:00'), (2, '2026-01-01', 5, 'ann', 12, '2026-01-01T09:00'), "
    "(2, '2026-01-01', 6, 'ben', 12, '2026-01-01T09:00')",
]


async def old_database(path, kind) -> str:
    target = await store_target(path)
    scripts = [(v, s) for v, s in migrations("postgres" if kind == "postgres" else "sqlite") if v <= BEFORE]
    if kind == "postgres":
        raw = await asyncpg.connect(target)
        await raw.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        for version, script in scripts:
            await raw.execute(script)
            await raw.execute("INSERT INTO schema_migrations VALUES ($1, 'then')", version)
        for statement in ROWS:
            await raw.execute(statement)
        await raw.close()
    else:
        raw = sqlite3.connect(target)
        raw.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        for version, script in scripts:
            raw.executescript(script)
            raw.execute("INSERT INTO schema_migrations VALUES (?, 'then')", (version,))
        for statement in ROWS:
            raw.execute(statement)
        raw.commit()
        raw.close()
    return target


async def test_older_attempts_and_marked_names_come_through_the_upgrade(tmp_path, store_kind):
    target = await old_database(tmp_path / "old.db", store_kind)
    store = await Store.open(target)
    async with store.conn.execute("SELECT guild_id, user_id, first_of_day FROM daily_attempts "
                                  "ORDER BY guild_id, user_id") as cur:
        assert [tuple(r) for r in await cur.fetchall()] == [(1, 5, None), (2, 5, 1), (2, 6, 1)]
    async with store.conn.execute("SELECT name FROM seats ORDER BY position") as cur:
        assert [r[0] for r in await cur.fetchall()] == ["mal@2lory", "bob"]
    await store.close()

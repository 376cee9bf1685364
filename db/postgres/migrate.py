"""Migrations on PostgreSQL: the numbered scripts, each with its record in schema_migrations in
one transaction, under an advisory lock so that two processes starting at once never both
migrate (the second waits, then finds nothing left to do)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from db.postgres.connection import PgConnection

MIGRATE_LOCK = 0x15_1E5_0001  # the advisory lock key of migrating an Isles database


async def migrate(conn: PgConnection, scripts: list[tuple[int, str]]) -> int:
    """Apply every script not applied yet; the newest version applied."""
    async with conn.connection() as raw:
        await raw.execute("SELECT pg_advisory_lock($1)", MIGRATE_LOCK)
        try:
            await raw.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
            applied = {row[0] for row in await raw.fetch("SELECT version FROM schema_migrations")}
            for version, script in scripts:
                if version in applied:
                    continue  # every missing one is applied, even below the newest (branches land out of order)
                async with raw.transaction():
                    await raw.execute(script)
                    await raw.execute("INSERT INTO schema_migrations VALUES ($1, to_char(now() AT TIME ZONE 'UTC', "
                                      "'YYYY-MM-DD HH24:MI:SS'))", version)
                applied.add(version)
        finally:
            await raw.execute("SELECT pg_advisory_unlock($1)", MIGRATE_LOCK)
    return max(applied, default=0)

"""Migrations on PostgreSQL: the numbered scripts, each with its record in schema_migrations in
one transaction, under an advisory lock so that two processes starting at once never both
migrate (the second waits, then finds nothing left to do). A database this Isles must not
migrate (db/migrations: a newer schema, another application's tables) and a login that may not
create tables are refused with one line (CannotOpen), before anything is changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import asyncpg

from db.errors import CannotOpen
from db.migrations import RECORD, TABLE_NAMES, refusal

if TYPE_CHECKING:
    from db.postgres.connection import PgConnection

MIGRATE_LOCK = 0x15_1E5_0001  # the advisory lock key of migrating an Isles database


async def migrate(conn: PgConnection, scripts: list[tuple[int, str]]) -> int:
    """Apply every script not applied yet; the newest version applied."""
    async with conn.connection() as raw:
        await raw.execute("SELECT pg_advisory_lock($1)", MIGRATE_LOCK)
        try:
            return await _apply(raw, scripts)
        except asyncpg.InsufficientPrivilegeError:
            user, schema, database = await raw.fetchrow("SELECT current_user, current_schema(), current_database()")
            raise CannotOpen(f"user {user} may not create tables in schema {schema} of database {database}, which "
                             "Isles needs once, to set up or update its schema. Run `isles migrate` once as a user "
                             f"who may (the database's owner), or grant it: GRANT CREATE ON SCHEMA {schema} TO "
                             f"{user};") from None
        except asyncpg.DuplicateTableError as error:
            raise CannotOpen(f"the database holds a table Isles did not make ({error}). Give Isles a database of "
                             "its own, or a schema of its own (CREATE SCHEMA isles, then ?search_path=isles at the "
                             "end of the DSN).") from None
        finally:
            await raw.execute("SELECT pg_advisory_unlock($1)", MIGRATE_LOCK)


async def _apply(raw: asyncpg.Connection, scripts: list[tuple[int, str]]) -> int:
    present = {row[0] for row in await raw.fetch(TABLE_NAMES["postgres"])}
    applied = [row[0] for row in await raw.fetch(f"SELECT version FROM {RECORD}")] if RECORD in present else []
    reason = refusal(present, applied, scripts)
    if reason:
        raise CannotOpen(reason)
    if RECORD not in present:  # created only when missing: a login without CREATE rights runs a made schema
        await raw.execute(f"CREATE TABLE {RECORD} (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
    done = set(applied)
    for version, script in scripts:
        if version in done:
            continue  # every missing one is applied, even below the newest (branches land out of order)
        try:
            async with raw.transaction():
                await raw.execute(script)
                await raw.execute(f"INSERT INTO {RECORD} VALUES ($1, to_char(now() AT TIME ZONE 'UTC', "
                                  "'YYYY-MM-DD HH24:MI:SS'))", version)
        except (asyncpg.InsufficientPrivilegeError, asyncpg.DuplicateTableError):
            raise
        except asyncpg.PostgresError as error:
            raise CannotOpen(f"the schema's migration {version} could not be applied ({error}); nothing of it "
                             "was kept.") from None
        done.add(version)
    return max(done, default=0)

"""Copying one store into another, once, with the bots stopped: the way from a SQLite file to a
PostgreSQL server (`isles copy-store`). Every table is copied row for row, in one transaction of
the target, parents before the rows that refer to them; ids keep their numbers and the target's
id counters go on after them. The target must hold no rows: a copy never merges."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from db.migrations import TABLE_NAMES

if TYPE_CHECKING:
    from db.store import Store

# parents first (foreign keys); a table not named here is copied after these
ORDER = (
    "tables", "seats", "moves", "results", "guild_settings", "meta",
    "timing_settings", "turn_watch", "turns", "timers", "missed_deadlines", "notify_settings", "vacations",
    "ratings", "rating_history", "rated_tables",
    "daily_days", "daily_deals", "daily_attempts", "solo_results", "solo_hints",
    "ai_levels", "outbox", "takeback_requests",
    "events", "event_entrants", "event_tables",
)
# the schema's own record (the target has made its own), and leases, which belong to the
# processes of the old store
NOT_COPIED = ("schema_migrations", "leases")
IDENTITY_TABLES = ("tables", "timers", "vacations", "outbox", "events")
CHUNK = 5000


class CannotCopy(Exception):
    """The copy was refused or did not check out; the message says why."""


async def table_names(store: Store) -> list[str]:
    """The store's tables, in the order they are copied."""
    async with store.conn.execute(TABLE_NAMES[store.dialect]) as cur:
        names = {row[0] for row in await cur.fetchall()}
    known = [n for n in ORDER if n in names]
    return known + sorted(names - set(ORDER))


async def counts(store: Store, names: list[str] | None = None) -> dict[str, int]:
    """Rows per table (of those copied)."""
    found = {}
    for name in names if names is not None else await table_names(store):
        if name in NOT_COPIED:
            continue
        async with store.conn.execute(f'SELECT COUNT(*) FROM "{name}"') as cur:
            found[name] = (await cur.fetchone())[0]
    return found


async def held_lease(store: Store, now: float) -> str | None:
    """The holder of a lease not yet expired: a bot still running on the store."""
    if "leases" not in await table_names(store):
        return None
    async with store.conn.execute("SELECT holder FROM leases WHERE expires_at > ?", (now,)) as cur:
        row = await cur.fetchone()
    return row[0] if row else None


async def copy_rows(source: Store, target: Store, progress: Callable[[str, int], None] | None = None) -> dict[str, int]:
    """Copy every row of `source` into the (empty, migrated) `target`; rows copied per table."""
    copied: dict[str, int] = {}
    names = [n for n in await table_names(source) if n not in NOT_COPIED]
    wanted = set(await table_names(target))
    missing = [n for n in names if n not in wanted]
    if missing:
        raise CannotCopy(f"the target has no table {', '.join(missing)}: its schema is older than the source's.")
    batches: list[tuple[str, list[str], list[tuple]]] = []
    for name in names:
        async with source.conn.execute(f'SELECT * FROM "{name}"') as cur:
            rows = await cur.fetchall()
        columns = list(rows[0].keys()) if rows else []
        batches.append((name, columns, [tuple(r) for r in rows]))
        copied[name] = len(rows)
    if target.dialect == "postgres":
        async with target.conn.connection() as raw, raw.transaction():
            for name, columns, rows in batches:
                for start in range(0, len(rows), CHUNK):
                    await raw.copy_records_to_table(name, records=rows[start:start + CHUNK], columns=columns)
                if progress:
                    progress(name, len(rows))
            for name in IDENTITY_TABLES:
                if name in wanted:  # new rows get ids after the copied ones
                    await raw.execute(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), GREATEST(COALESCE(MAX(id), 0), 1), "
                        f"MAX(id) IS NOT NULL) FROM \"{name}\"")
    else:
        async with target.conn.transaction():
            for name, columns, rows in batches:
                marks = ", ".join("?" * len(columns))
                cols = ", ".join(f'"{c}"' for c in columns)
                for row in rows:
                    await target.conn.execute(f'INSERT INTO "{name}" ({cols}) VALUES ({marks})', row)
                if progress:
                    progress(name, len(rows))
    return copied

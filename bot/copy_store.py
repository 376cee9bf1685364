"""`isles copy-store --from isles.db --to postgresql://...`: a host's move from one store to another,
done once with the bots stopped. The target must be empty (its schema is made here); after the
copy, two checks: the rows per table are the source's, and every table's saved state is what its
seed and move log replay to, on the target. `--check` makes those checks again later, changing
nothing (a copy stopped between its commit and its checks)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from bot.core.replay import replay
from bot.settings import SettingError, shown
from db.copy import CannotCopy, copy_rows, counts, held_lease, table_names
from db.errors import CannotOpen, is_postgres
from db.migrations import check_file
from db.store import Store, migrations


async def copy_store(source_name: str, target_name: str, say: Callable[[str], None] = print) -> dict[str, int]:
    """Copy and check; rows copied per table. CannotCopy (nothing changed in the target when it is
    refused; a copy that does not check out is said so, table by table)."""
    async with _stores(source_name, target_name, migrate_source=True) as (source, target):
        held = {name: n for name, n in (await counts(target)).items() if n}
        if held:
            listed = ", ".join(f"{name} {n}" for name, n in sorted(held.items()))
            raise CannotCopy(f"--to {shown(target_name)} holds rows already ({listed}); copy-store copies "
                             "into a new, empty database only. Nothing was changed.")
        try:
            await target.migrate()
        except CannotOpen as error:  # a schema newer than this Isles, a login that may not create tables
            raise CannotCopy(f"--to {shown(target_name)}: {error}") from None
        copied = await copy_rows(source, target, lambda name, n: say(f"  {name}: {n} rows"))
        await _checked(source, target, copied)
    say(f"Copied {sum(copied.values())} rows of {len(copied)} tables from {shown(source_name)} to "
        f"{shown(target_name)}; the counts agree and every table's state is the replay of its log.")
    return copied


async def check_copy(source_name: str, target_name: str, say: Callable[[str], None] = print) -> dict[str, int]:
    """`copy-store --check`: the checks of a finished copy made again, with both stores as they are
    (neither is migrated or written); the rows per table of the source. CannotCopy when it does not
    check out, or while a bot runs on either (its rows move on)."""
    async with _stores(source_name, target_name, migrate_source=False) as (source, target):
        await _stopped(target, target_name, "--to")
        expected = await counts(source)
        await _checked(source, target, expected)
    say(f"The copy in {shown(target_name)} checks out against {shown(source_name)}: {sum(expected.values())} rows "
        f"of {len(expected)} tables agree and every table's state is the replay of its log.")
    return expected


@asynccontextmanager
async def _stores(source_name: str, target_name: str, *, migrate_source: bool) -> AsyncIterator[tuple[Store, Store]]:
    """The source (no bot may run on it) and the target, the target as it is."""
    if not is_postgres(source_name) and not Path(source_name).is_file():
        raise SettingError(f"--from {source_name}: there is no such database file.")
    if source_name == target_name:
        raise SettingError("--from and --to name the same database.")
    source = await _open(source_name, "--from", migrate=migrate_source)
    try:
        await _stopped(source, source_name, "--from")
        target = await _open(target_name, "--to", migrate=False)
        try:
            yield source, target
        finally:
            await target.close()
    finally:
        await source.close()


async def _open(name: str, option: str, migrate: bool = True) -> Store:
    try:
        if not is_postgres(name):
            check_file(name, migrations())  # PostgreSQL's migration makes the same checks itself
        return await Store.open(name, migrate=migrate)
    except CannotOpen as error:
        raise CannotCopy(f"{option} {shown(name)}: {error}") from None


async def _stopped(store: Store, name: str, option: str) -> None:
    holder = await held_lease(store, time.time())
    if holder:
        raise CannotCopy(f"{option} {shown(name)}: a bot still runs on it (it holds the clocks lease: {holder}). "
                         "Stop every bot first, then copy or check.")


async def _checked(source: Store, target: Store, copied: dict[str, int]) -> None:
    try:
        await check(source, target, copied)
    except CannotCopy as failed:
        raise CannotCopy(f"{failed} The target keeps what was copied: drop that database before copying "
                         "again.") from None


async def check(source: Store, target: Store, copied: dict[str, int]) -> None:
    """The rows per table, then every table's state against the replay of its log."""
    present = set(await table_names(target))
    missing = [name for name in copied if name not in present]
    if missing:
        listed = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        raise CannotCopy(f"the copy has no table {listed}: it was not made, or not finished.")
    found = await counts(target, list(copied))
    wrong = [f"{name} {found.get(name)} of {n}" for name, n in copied.items() if found.get(name) != n]
    if wrong:
        raise CannotCopy("the copy's rows per table differ from the source's: " + ", ".join(wrong))
    problems = []
    async with target.conn.execute("SELECT id FROM tables WHERE state IS NOT NULL ORDER BY id") as cur:
        ids = [row[0] for row in await cur.fetchall()]
    for table_id in ids:
        copied_row, source_row = await target.table(table_id), await source.table(table_id)
        if copied_row.state != source_row.state:
            problems.append(f"table {table_id}: its state differs from the source's")
            continue
        try:
            replayed = (await replay(target, table_id)).dump()
        except Exception as error:  # a game that cannot be replayed is reported, not raised
            problems.append(f"table {table_id} ({copied_row.game}): its log does not replay ({error})")
            continue
        if replayed != copied_row.state:
            problems.append(f"table {table_id} ({copied_row.game}): its state is not the replay of its log")
    if problems:
        raise CannotCopy("the copy does not check out: " + "; ".join(problems[:10])
                         + (f"; and {len(problems) - 10} more" if len(problems) > 10 else ""))

"""Copies of the SQLite file while the bot runs (`isles backup`, and ISLES_BACKUP_EVERY): each a
whole, consistent database (db/operations.py's copy_sqlite), named by the moment it was taken,
the oldest removed past ISLES_BACKUP_KEEP. PostgreSQL has pg_dump for this (docs/operations.md)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path

from bot.settings import BackupSettings
from db.errors import is_postgres
from db.operations import copy_sqlite

log = logging.getLogger(__name__)

PREFIX = "isles-"
SUFFIX = ".db"


def copy_name(now: float) -> str:
    return f"{PREFIX}{time.strftime('%Y%m%d-%H%M%S', time.gmtime(now))}{SUFFIX}"


async def back_up(source: str, target: Path) -> Path:
    """One copy of `source` at `target` (a file, or a folder to name it in), off the event loop."""
    if target.is_dir():
        target = target / copy_name(time.time())
    await asyncio.to_thread(copy_sqlite, source, target)
    return target


class Backups:
    """Copies on a timer into one folder, keeping the newest `keep`."""

    def __init__(self, source: str, settings: BackupSettings, clock: Callable[[], float] = time.time):
        self.source, self.settings, self.clock = source, settings, clock
        self.folder = Path(settings.folder)
        self._task: asyncio.Task | None = None

    async def make(self) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        made = await back_up(self.source, self.folder / copy_name(self.clock()))
        for old in self.copies()[:-self.settings.keep]:
            old.unlink(missing_ok=True)
        return made

    def copies(self) -> list[Path]:
        """The copies in the folder, oldest first (their names sort by time)."""
        return sorted(p for p in self.folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())

    async def run_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.every)
            try:
                made = await self.make()
                log.info("database copied to %s", made)
            except Exception:  # noqa: BLE001 - the next period tries again; the bot plays on
                log.exception("the database copy failed")

    def start(self) -> None:
        self._task = asyncio.create_task(self.run_forever())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None


def timed_backups(db_path: str, settings: BackupSettings | None) -> Backups | None:
    """The timer ISLES_BACKUP_EVERY asks for, started; None when unset or the store is PostgreSQL
    (whose copies pg_dump makes)."""
    if settings is None:
        return None
    if is_postgres(db_path):
        log.warning("ISLES_BACKUP_EVERY is for a SQLite file; back a PostgreSQL database up with pg_dump "
                    "(docs/operations.md)")
        return None
    backups = Backups(db_path, settings)
    backups.start()
    return backups

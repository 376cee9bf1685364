"""What a store raises whichever database is under it, so that code catching a broken
constraint or a lost server does not need to know SQLite from PostgreSQL."""

from __future__ import annotations

import sqlite3


class PgIntegrityError(Exception):
    """A PostgreSQL constraint refused the statement (unique, foreign key, check, not null)."""


class StoreUnavailable(Exception):
    """The database server cannot be reached (down, restarting, the network gone). Nothing of the
    statement, or of the transaction it was in, was kept, unless `maybe_saved`: the way went while
    a COMMIT was under way, so the server may have kept it without saying so."""

    def __init__(self, reason: str, maybe_saved: bool = False):
        super().__init__(reason)
        self.maybe_saved = maybe_saved


class CannotOpen(Exception):
    """The database named cannot be opened: the message says why, in one line, for the host to act on."""


IntegrityError = (sqlite3.IntegrityError, PgIntegrityError)

# What a SQLite store raises when the database itself fails (a file that cannot be opened, a full
# disk); PostgreSQL's failures come as StoreUnavailable or CannotOpen. Named here so that code
# above db/ catches the store's error without importing the database's module.
StoreError = sqlite3.Error


def is_postgres(target: str) -> bool:
    """ISLES_DB names a PostgreSQL server by a DSN, and a SQLite file by its path."""
    return target.startswith(("postgresql://", "postgres://"))

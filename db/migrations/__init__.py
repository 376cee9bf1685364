"""The schema as numbered scripts (SQLite's here, PostgreSQL's copies in postgres/), and what is
checked before any of them is applied: a database this Isles must not migrate is refused with
one line that says what to do (CannotOpen), and nothing in it is changed. That is a schema a
newer Isles made (its record holds versions this one does not know), and tables under Isles'
names that Isles did not make (another application's `tables`, with no record of Isles' own)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from db.errors import CannotOpen

RECORD = "schema_migrations"  # Isles' record of the scripts applied
# the tables of the database a store speaks to (on PostgreSQL, of the first schema of its search path)
TABLE_NAMES = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    "postgres": "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()",
}
_CREATED = re.compile(r"^\s*CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.IGNORECASE | re.MULTILINE)


def made_by(scripts: Sequence[tuple[int, str]]) -> set[str]:
    """The tables the scripts create."""
    return {name.lower() for _, script in scripts for name in _CREATED.findall(script)}


def refusal(present: Iterable[str], applied: Iterable[Any], scripts: Sequence[tuple[int, str]]) -> str | None:
    """Why a database holding the tables `present`, with the versions `applied` in its record, must
    not be migrated by these scripts; None when it may."""
    present = {name.lower() for name in present}
    if RECORD not in present:
        foreign = sorted(present & made_by(scripts))
        if not foreign:
            return None
        named = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        return (f"the database already holds tables that Isles did not make ({named}; no record of Isles' "
                "schema), so nothing was changed. Give Isles a database of its own, or on PostgreSQL a schema "
                "of its own (CREATE SCHEMA isles, then ?search_path=isles at the end of the DSN).")
    applied = list(applied)
    if not all(isinstance(version, int) for version in applied):
        return (f"the database's table {RECORD} is not Isles' record of its schema (another application's?). "
                "Give Isles a database of its own.")
    known = {version for version, _ in scripts}
    unknown = sorted(set(applied) - known)
    if unknown:
        newest = max(known, default=0)
        return (f"the schema is at version {max(applied)}, newer than this Isles knows ({newest}): a newer Isles "
                "has run on this database. Nothing was changed; run the newer Isles (update this copy: git pull, then "
                ".venv/bin/pip install -e .).")
    return None


def check_file(path: str, scripts: Sequence[tuple[int, str]]) -> None:
    """A SQLite file checked before a store opens it and migrates it with `scripts` (the store's
    `migrations()`): CannotOpen when it must not, or when it is no database (a file not there
    yet is made new). Read apart from the store, which opens a file for good."""
    file = Path(path).expanduser()
    if not file.is_file():
        return
    try:
        conn = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
        try:
            present = {row[0] for row in conn.execute(TABLE_NAMES["sqlite"])}
            applied = [row[0] for row in conn.execute(f"SELECT version FROM {RECORD}")] if RECORD in present else []
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise CannotOpen(f"the database cannot be opened ({error}). Name Isles' SQLite file (one this user may "
                         "read and write), or a new path.") from None
    reason = refusal(present, applied, scripts)
    if reason:
        raise CannotOpen(reason)

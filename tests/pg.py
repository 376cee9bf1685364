"""PostgreSQL databases for tests: each test that runs on PostgreSQL gets databases of its own,
created on the server at ISLES_TEST_PG (the machines of the project and CI have one on
127.0.0.1:5432 with trust authentication) and dropped afterwards. Where no server answers, those
tests are skipped with the reason, unless ISLES_REQUIRE_PG is set (CI), where they fail."""

from __future__ import annotations

import itertools
import os
from urllib.parse import urlsplit, urlunsplit

import asyncpg

ADMIN_DSN = os.environ.get("ISLES_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REQUIRED = os.environ.get("ISLES_REQUIRE_PG", "") not in ("", "0")
_numbers = itertools.count(1)
_answer: list[str | None] = []  # the server check, done once: None when it answers, else why not


def dsn_of(name: str) -> str:
    parts = urlsplit(ADMIN_DSN)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, ""))


async def unavailable() -> str | None:
    """Why PostgreSQL tests cannot run here, or None when the server answers."""
    if not _answer:
        try:
            conn = await asyncpg.connect(ADMIN_DSN, timeout=30)  # a busy machine's server answers late
            await conn.close()
            _answer.append(None)
        except Exception as error:  # any failure to reach it means: no server for these tests here
            _answer.append(f"no PostgreSQL server answers at {ADMIN_DSN} ({error or type(error).__name__}); "
                           "set ISLES_TEST_PG to one to run the PostgreSQL tests")
    return _answer[0]


async def create_database() -> str:
    """A new, empty database; its DSN."""
    name = f"isles_test_{os.getpid()}_{next(_numbers)}"
    conn = await asyncpg.connect(ADMIN_DSN)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return dsn_of(name)


async def drop_database(dsn: str) -> None:
    name = urlsplit(dsn).path.lstrip("/")
    conn = await asyncpg.connect(ADMIN_DSN)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()

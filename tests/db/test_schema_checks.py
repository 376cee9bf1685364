"""A database this Isles must not migrate, and a way to the server that cannot work, each end
`isles migrate`, `isles run` and `isles copy-store` with one line that says what to do and a
nonzero exit, never a traceback, and change nothing: a schema a newer Isles made, another
application's tables under Isles' names, a login that may not create tables, a DSN that does not
parse, a server that refuses SSL."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot import cli
from db.errors import CannotOpen
from db.store import Store, migrations

NEWEST = migrations()[-1][0]


@pytest.fixture(params=["sqlite", "postgres"])
def target(request, tmp_path):
    """Where the store goes: a SQLite file, or a database of its own on the PostgreSQL test server."""
    if request.param == "sqlite":
        return str(tmp_path / "isles.db")
    return request.getfixturevalue("database")


@pytest.fixture
def host(tmp_path, monkeypatch):
    """The folder a host runs `isles` from (no .env), with no Isles setting in the environment."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "ISLES_DB", "ISLES_DEV_GUILD", "ISLES_LOG_LEVEL", "ISLES_SHARDS",
                 "ISLES_SHARD_IDS", "ISLES_WEB_URL", "PGSSLMODE"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


async def isles(capsys, *args: str) -> tuple[int, str]:
    """`isles args...` as a host runs it: the exit status and the one line it printed."""
    code = await asyncio.to_thread(cli.main, list(args))
    out = capsys.readouterr()
    lines = [line for line in (out.err + out.out).splitlines() if line.strip()]
    assert "Traceback" not in out.err and len(lines) == 1, out.err + out.out
    return code, lines[0]


async def sql(target: str, statement: str) -> list[tuple]:
    """One statement on the database itself, past every check of the store."""
    if target.startswith("postgresql://"):
        conn = await asyncpg.connect(target)
        try:
            return [tuple(row) for row in await conn.fetch(statement)]
        finally:
            await conn.close()
    with sqlite3.connect(target) as conn:
        return list(conn.execute(statement))


async def tables_of(target: str) -> set[str]:
    if target.startswith("postgresql://"):
        rows = await sql(target, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    else:
        rows = await sql(target, "SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in rows}


async def newer(target: str) -> None:
    """The store as a newer Isles leaves it: its record holds a version this one does not know."""
    store = await Store.open(target)
    await store.close()
    await sql(target, f"INSERT INTO schema_migrations VALUES ({NEWEST + 1}, '2031-01-01 00:00:00')")


# -- a newer schema ------------------------------------------------------------------------------
async def test_a_schema_newer_than_this_isles_is_refused_by_migrate_and_run(target, host, capsys):
    await newer(target)
    before = await tables_of(target)
    host.setenv("ISLES_DB", target)
    host.setenv("DISCORD_TOKEN", "a-token-that-is-never-sent")
    for command in ("migrate", "run"):
        code, line = await isles(capsys, command)
        assert code == cli.FAILED
        assert line.startswith(f"ISLES_DB={target}: the schema is at version {NEWEST + 1}, newer than this Isles "
                               f"knows ({NEWEST})"), line
        assert "run the newer Isles" in line
    assert await tables_of(target) == before
    assert max(row[0] for row in await sql(target, "SELECT version FROM schema_migrations")) == NEWEST + 1


async def test_copy_store_refuses_a_newer_source_and_a_newer_target(tmp_path, database, host, capsys):
    source = str(tmp_path / "isles.db")
    await newer(source)
    code, line = await isles(capsys, "copy-store", "--from", source, "--to", database)
    assert code == cli.FAILED and line.startswith(f"--from {source}: the schema is at version {NEWEST + 1}"), line
    assert await tables_of(database) == set()  # the target was not touched
    other = str(tmp_path / "other.db")
    await (await Store.open(other)).close()
    await newer(database)
    before = await tables_of(database)
    code, line = await isles(capsys, "copy-store", "--from", other, "--to", database)
    assert code == cli.FAILED and line.startswith(f"--to {database}: the schema is at version {NEWEST + 1}"), line
    assert await tables_of(database) == before
    assert await sql(database, "SELECT COUNT(*) FROM tables") == [(0,)]



def test_a_file_that_is_no_database_is_one_line_and_the_command_ends(tmp_path):
    """Run as a host runs it: a store that failed half-open kept a thread that held the process
    after its traceback."""
    (tmp_path / "notes.db").write_text("my notes\n")
    env = {**os.environ, "ISLES_DB": str(tmp_path / "notes.db")}
    done = subprocess.run([sys.executable, "-m", "bot.cli", "migrate"], env=env, capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert done.returncode == cli.FAILED and "Traceback" not in done.stderr
    assert done.stderr.strip() == (f"ISLES_DB={tmp_path / 'notes.db'}: the database cannot be opened (file is not a "
                                   "database). Name Isles' SQLite file (one this user may read and write), or a new "
                                   "path."), done.stderr

# -- tables Isles did not make -------------------------------------------------------------------
async def test_another_applications_table_named_tables_is_one_line_and_left_as_it_was(target, host, capsys):
    await sql(target, "CREATE TABLE tables (name TEXT)")
    await sql(target, "INSERT INTO tables VALUES ('theirs')")
    host.setenv("ISLES_DB", target)
    code, line = await isles(capsys, "migrate")
    assert code == cli.FAILED
    assert line.startswith(f"ISLES_DB={target}: the database already holds tables that Isles did not make "
                           "(tables;"), line
    assert "a database of its own" in line
    assert await tables_of(target) == {"tables"}
    assert await sql(target, "SELECT name FROM tables") == [("theirs",)]


async def test_a_login_that_may_not_create_tables_is_one_line_and_may_run_a_schema_made_for_it(
        database, host, capsys):
    role = f"isles_test_plain_{os.getpid()}"
    parts = urlsplit(database)
    plain = urlunsplit((parts.scheme, f"{role}@{parts.hostname}:{parts.port or 5432}", parts.path, "", ""))
    await sql(database, f'CREATE ROLE "{role}" LOGIN')
    try:
        await sql(database, "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        host.setenv("ISLES_DB", plain)
        code, line = await isles(capsys, "migrate")
        assert code == cli.FAILED
        assert line == (f"ISLES_DB={plain}: user {role} may not create tables in schema public of database "
                        f"{parts.path[1:]}, which Isles needs once, to set up or update its schema. Run `isles "
                        "migrate` once as a user who may (the database's owner), or grant it: GRANT CREATE ON "
                        f"SCHEMA public TO {role};")
        assert await tables_of(database) == set()
        # the owner makes the schema; the login that may only read and write then runs on it
        await (await Store.open(database)).close()
        await sql(database, f'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "{role}"')
        code, line = await isles(capsys, "migrate")
        assert code == 0 and line == f"ISLES_DB={plain}: the schema is at version {NEWEST}.", line
    finally:
        await sql(database, f'DROP OWNED BY "{role}"')
        await sql(database, f'DROP ROLE "{role}"')


# -- the way to the server -----------------------------------------------------------------------
@pytest.mark.parametrize("dsn, shown", [
    ("postgresql://isles@[::1:5432/isles", "postgresql://isles@[::1:5432/isles"),
    ("postgresql://isles:secret@[::1:5432/isles", "postgresql://isles:***@[::1:5432/isles"),
    ("postgresql://isles:secret@db.example:99999/isles", "postgresql://isles:***@db.example:99999/isles"),
])
async def test_a_dsn_that_does_not_parse_is_one_line_without_its_password(host, capsys, dsn, shown):
    host.setenv("ISLES_DB", dsn)
    host.setenv("DISCORD_TOKEN", "a-token-that-is-never-sent")
    for command in ("migrate", "run"):
        code, line = await isles(capsys, command)
        assert code == cli.MISTAKE
        assert line.startswith(f"ISLES_DB={shown}: not a DSN PostgreSQL understands ("), line
        assert "in brackets" in line and "secret" not in line
    code, line = await isles(capsys, "copy-store", "--from", "isles.db", "--to", dsn)
    assert code == cli.MISTAKE and line.startswith(f"--to={shown}: not a DSN"), line
    with pytest.raises(CannotOpen, match="not a DSN PostgreSQL understands"):
        await Store.open(dsn)


async def _server(*answers: bytes):
    """A server that answers a client's SSL request with `answers`, one after the other, then waits
    for the client to hang up."""
    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readexactly(8)  # the SSLRequest
        for part in answers:
            writer.write(part)
            await writer.drain()
            await asyncio.sleep(0.1)
        await reader.read()
        writer.close()

    return await asyncio.start_server(answer, "127.0.0.1", 0)


async def test_a_server_that_refuses_ssl_is_told_as_such_not_as_no_server(host, capsys):
    server = await _server(b"N")  # the server's "no SSL here"
    port = server.sockets[0].getsockname()[1]
    try:
        host.setenv("ISLES_DB", f"postgresql://isles@127.0.0.1:{port}/isles?sslmode=require")
        code, line = await isles(capsys, "migrate")
    finally:
        server.close()
    assert code == cli.FAILED
    assert f"the server at 127.0.0.1:{port} refused SSL, which this connection requires" in line, line
    assert "sslmode=prefer" in line and "no PostgreSQL server answers" not in line


async def test_an_ssl_handshake_that_fails_is_told_as_such():
    server = await _server(b"S", b"not a TLS answer" * 8)  # says yes, then speaks no TLS
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(CannotOpen, match=f"the SSL handshake with the server at 127.0.0.1:{port} failed"):
            await Store.open(f"postgresql://isles@127.0.0.1:{port}/isles?sslmode=require")
    finally:
        server.close()


async def test_the_store_itself_refuses_a_newer_schema_whoever_opens_it(target):
    """Not only the command line: any code that opens the store (a script, a test, the demo) is
    refused by the store, on either database, and nothing is changed."""
    store = await Store.open(target)
    await store.close()
    await sql(target, f"INSERT INTO schema_migrations VALUES ({NEWEST + 1}, '2030-01-01')")
    with pytest.raises(CannotOpen, match="newer than this Isles knows"):
        await Store.open(target)
    assert (NEWEST + 1,) in await sql(target, "SELECT version FROM schema_migrations")


def test_a_store_opened_on_a_file_that_is_no_database_lets_the_process_end(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database, only some bytes " * 64)
    script = ("import asyncio, sys\nfrom db.store import Store\n"
              "async def main():\n    try:\n        await Store.open(sys.argv[1])\n"
              "    except Exception as error:\n        print(type(error).__name__)\n"
              "asyncio.run(main())\n")
    done = subprocess.run([sys.executable, "-c", script, str(junk)], capture_output=True, text=True, timeout=60,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert done.returncode == 0 and done.stdout.strip() in ("DatabaseError", "CannotOpen"), done.stderr

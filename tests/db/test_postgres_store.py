"""What is PostgreSQL's own in the store: the statements' translation, migrating under the
advisory lock, and the one clear line for a server that cannot be used."""

from __future__ import annotations

import asyncio
import os
import socket
import struct
import subprocess
import sys

import pytest

from db.errors import CannotOpen
from db.postgres.connection import _marks, _Plan
from db.store import Store, migrations


def test_marks_are_numbered_outside_quoted_text():
    assert _marks("SELECT ? WHERE a = '?' AND b = ?") == "SELECT $1 WHERE a = '?' AND b = $2"
    assert _marks(r"x LIKE ? ESCAPE '\' AND y = ?") == r"x LIKE $1 ESCAPE '\' AND y = $2"


def test_inserts_are_translated_where_the_dialects_differ():
    plan = _Plan("INSERT OR IGNORE INTO timers (a) VALUES (?)")
    assert plan.text == "INSERT INTO timers (a) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id"
    assert plan.returns_id and plan.rows
    plain = _Plan("INSERT INTO meta (key, value) VALUES (?, ?)")  # no id of its own
    assert not plain.returns_id and not plain.rows


async def test_two_processes_starting_at_once_migrate_once(database):
    stores = await asyncio.gather(*(Store.open(database) for _ in range(3)))
    try:
        async with stores[0].conn.execute("SELECT version FROM schema_migrations ORDER BY version") as cur:
            versions = [row[0] for row in await cur.fetchall()]
        assert versions == [n for n, _ in migrations("postgres")]
        await stores[1].set_meta("k", "v")
        assert await stores[2].get_meta("k") == "v"
    finally:
        for store in stores:
            await store.close()


async def test_ids_are_64_bit_and_lastrowid_is_the_new_row(database):
    store = await Store.open(database)
    try:
        snowflake = 1_234_567_890_123_456_789  # Discord ids do not fit 32 bits
        table = await store.create_table(guild_id=snowflake, channel_id=snowflake + 1, game="sticks", options={},
                                         seed=2**40, host_id=snowflake + 2, host_name="A", now=_now())
        row = await store.table(table)
        assert (row.guild_id, row.channel_id, row.seed) == (snowflake, snowflake + 1, 2**40)
    finally:
        await store.close()


def _now():
    from datetime import UTC, datetime

    return datetime(2026, 1, 1, tzinfo=UTC)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _refusing_server(code: str, message: str) -> asyncio.base_events.Server:
    """A server that speaks PostgreSQL's protocol just far enough to refuse a login with `code`."""
    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        length, kind = struct.unpack("!ii", await reader.readexactly(8))
        if kind == 80877103:  # a request for SSL: not here
            writer.write(b"N")
            length = struct.unpack("!i", await reader.readexactly(4))[0]
            await reader.readexactly(length - 4)
        else:
            await reader.readexactly(length - 8)
        fields = b"".join(tag + text.encode() + b"\0" for tag, text in
                          ((b"S", "FATAL"), (b"V", "FATAL"), (b"C", code), (b"M", message))) + b"\0"
        writer.write(b"E" + struct.pack("!i", len(fields) + 4) + fields)
        await writer.drain()
        writer.close()

    return await asyncio.start_server(answer, "127.0.0.1", 0)


async def test_a_refused_password_is_one_clear_line():
    server = await _refusing_server("28P01", 'password authentication failed for user "isles"')
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(CannotOpen, match="refused the password of user isles"):
            await Store.open(f"postgresql://isles:wrong@127.0.0.1:{port}/isles")
    finally:
        server.close()


async def test_a_server_that_does_not_answer_is_one_clear_line():
    with pytest.raises(CannotOpen, match="no PostgreSQL server answers at 127.0.0.1"):
        await Store.open(f"postgresql://isles@127.0.0.1:{_free_port()}/isles")


async def test_an_unknown_database_is_one_clear_line(database):
    unknown = database.rsplit("/", 1)[0] + "/isles_no_such_database"
    with pytest.raises(CannotOpen, match="has no database 'isles_no_such_database'"):
        await Store.open(unknown)


def _isles(*args: str, db: str, token: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "ISLES_DB": db, "DISCORD_TOKEN": token}
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], env=env, capture_output=True, text=True,
                          timeout=120, cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


async def test_isles_migrate_brings_the_database_to_the_newest_and_may_run_again(database):
    newest = migrations("postgres")[-1][0]
    for _ in range(2):
        done = await asyncio.to_thread(_isles, "migrate", db=database)
        assert done.returncode == 0, done.stderr
        assert f"the schema is at version {newest}" in done.stdout


async def test_commands_name_isles_db_in_one_line_when_the_server_is_down():
    down = f"postgresql://isles:secret@127.0.0.1:{_free_port()}/isles"
    for args in (("migrate",), ("run",), ("demo", "archipels", "--out", "/tmp/isles-demo-unused")):
        done = await asyncio.to_thread(_isles, *args, db=down, token="a-token-that-is-never-sent")
        assert done.returncode != 0
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("ISLES_DB=postgresql://isles:***@127.0.0.1"), done.stderr
        assert "secret" not in done.stderr and "Traceback" not in done.stderr


def _pytest_on(dsn: str, required: bool) -> subprocess.CompletedProcess:
    env = {**os.environ, "ISLES_TEST_PG": dsn, "ISLES_REQUIRE_PG": "1" if required else ""}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "tests/db/test_store.py::test_one_open_table_per_channel"],
                          env=env, capture_output=True, text=True, timeout=120,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


async def test_without_a_server_the_tests_skip_with_the_reason_and_where_required_they_fail():
    nowhere = f"postgresql://postgres@127.0.0.1:{_free_port()}/postgres"
    laptop = await asyncio.to_thread(_pytest_on, nowhere, False)
    assert laptop.returncode == 0, laptop.stdout
    assert "1 passed, 1 skipped" in laptop.stdout and "no PostgreSQL server answers" in laptop.stdout
    ci = await asyncio.to_thread(_pytest_on, nowhere, True)
    assert ci.returncode != 0 and "ISLES_REQUIRE_PG is set" in ci.stdout


@pytest.mark.slow
async def test_local_without_db_and_demo_play_in_the_database_of_isles_db(database, tmp_path):
    env = {**os.environ, "ISLES_DB": database}
    lines = "[#table] ann: /open game:archipels\n[#table] ben: /join\n"
    local = await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "bot.cli", "local", "--no-images", "--out", str(tmp_path / "img")],
        input=lines, env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert local.returncode == 0, local.stderr
    demo = await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "bot.cli", "demo", "archipels", "--players", "2", "--out",
                         str(tmp_path / "demo")], env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert not (tmp_path / "demo" / "demo.db").exists() and not list(tmp_path.glob("*.db"))
    store = await Store.open(database)
    try:
        tables = await store.tables(statuses=("lobby", "finished"))
        assert sorted(t.status for t in tables) == ["finished", "lobby"]  # the console's lobby, the demo's game
        lobby = next(t for t in tables if t.status == "lobby")
        assert [s.name for s in await store.seats(lobby.id)] == ["ann", "ben"]
    finally:
        await store.close()

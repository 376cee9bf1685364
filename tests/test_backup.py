"""`isles backup` and ISLES_BACKUP_EVERY: a copy of the SQLite file taken while moves are being
played opens as a database and holds every move acknowledged before it began, whole (each table's
state and version match its log); the timer keeps the newest copies; PostgreSQL is sent to pg_dump."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot import cli
from bot.backups import Backups, back_up, copy_name
from bot.core.service import TableService
from bot.settings import BackupSettings, SettingError, Settings, backup_settings
from db.store import Store
from tests.helpers import who

TABLES = 3


async def play_until(service: TableService, channel: int, acknowledged: list[tuple[int, int]],
                     stop: asyncio.Event) -> None:
    """Two players take one stick at a time at the table of `channel` until told to stop; each move
    the service acknowledged is listed (table, move number)."""
    alice, bob = who("Alice", 1, channel), who("Bob", 2, channel)
    assert (await service.handle(alice, "open", {"game": "sticks", "options": "sticks=200 most=1"})).ok
    assert (await service.handle(bob, "join")).ok
    assert (await service.handle(alice, "start")).ok
    row = await service.store.open_table(channel)
    seats = {s.seat: s.user_id for s in await service.store.seats(row.id)}
    played = 0
    while not stop.is_set() and played < 190:
        row = await service.store.open_table(channel)
        mover = alice if seats[row.state["state"]["turn"]] == alice.user_id else bob
        answer = await service.handle(mover, "move", {"move": "take 1"})
        assert answer.ok, answer.private
        played += 1
        acknowledged.append((row.id, played))
        await asyncio.sleep(0)


def moves_in(path) -> dict[int, set[int]]:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        found: dict[int, set[int]] = {}
        for table_id, n in conn.execute("SELECT table_id, n FROM moves WHERE taken_back = 0"):
            found.setdefault(table_id, set()).add(n)
        for table_id, state in conn.execute("SELECT id, state FROM tables"):
            pile = json.loads(state)["state"]["pile"]
            assert pile == 200 - len(found.get(table_id, ())), "a table's state and its log disagree"
        return found
    finally:
        conn.close()


async def test_a_copy_taken_while_moves_are_played_holds_every_acknowledged_move(tmp_path, sticks):
    path = tmp_path / "isles.db"
    store = await Store.open(str(path))
    service = TableService(store, draw_images=False, seeds=lambda: 3)
    acknowledged: list[tuple[int, int]] = []
    stop = asyncio.Event()
    players = [asyncio.create_task(play_until(service, 500 + i, acknowledged, stop)) for i in range(TABLES)]
    try:
        copies = []
        for number in range(4):
            while len(acknowledged) < 10 * (number + 1):  # moves under way before each copy
                await asyncio.sleep(0.01)
            before = list(acknowledged)
            made = await back_up(str(path), tmp_path / f"copy-{number}.db")
            copies.append((made, before))
        last = len(acknowledged)
        while len(acknowledged) < last + 5:  # the play went on past the last copy, as it went on between them
            await asyncio.sleep(0.01)
        stop.set()
        await asyncio.gather(*players)
    finally:
        stop.set()
        await store.close()
    for made, before in copies:
        held = moves_in(made)
        missing = [(t, n) for t, n in before if n not in held.get(t, set())]
        assert not missing, f"{made.name} lacks acknowledged moves {missing[:5]}"
        reopened = await Store.open(str(made))  # a store opens it as it would the original
        try:
            assert len(await reopened.tables(statuses=("active",))) == TABLES
        finally:
            await reopened.close()
    assert not list(tmp_path.glob("*.partial"))


async def test_the_timer_keeps_the_newest_copies(tmp_path):
    path = tmp_path / "isles.db"
    await (await Store.open(str(path))).close()
    now = [1_800_000_000.0]
    backups = Backups(str(path), BackupSettings(3600.0, str(tmp_path / "copies"), 2), clock=lambda: now[0])
    names = []
    for _ in range(3):
        names.append((await backups.make()).name)
        now[0] += 3600
    assert [p.name for p in backups.copies()] == names[1:] == [copy_name(1_800_003_600.0), copy_name(1_800_007_200.0)]


def test_backup_settings(monkeypatch, tmp_path):
    for name in ("ISLES_BACKUP_EVERY", "ISLES_BACKUP_DIR", "ISLES_BACKUP_KEEP"):
        monkeypatch.delenv(name, raising=False)
    assert backup_settings() is None
    monkeypatch.setenv("ISLES_BACKUP_EVERY", "6h")
    assert backup_settings() == BackupSettings(21600.0, "backups", 7)
    monkeypatch.setenv("ISLES_BACKUP_KEEP", "3")
    monkeypatch.setenv("ISLES_BACKUP_DIR", str(tmp_path))
    assert backup_settings() == BackupSettings(21600.0, str(tmp_path), 3)
    for name, value in (("ISLES_BACKUP_EVERY", "often"), ("ISLES_BACKUP_EVERY", "10s"), ("ISLES_BACKUP_KEEP", "0")):
        monkeypatch.setenv(name, value)
        with pytest.raises(SettingError, match=name):
            backup_settings()
        monkeypatch.setenv("ISLES_BACKUP_EVERY", "6h")
        monkeypatch.setenv("ISLES_BACKUP_KEEP", "3")


def test_isles_backup_writes_a_copy_and_sends_postgresql_to_pg_dump(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ISLES_BACKUP_DIR", raising=False)
    monkeypatch.setenv("ISLES_DB", str(tmp_path / "isles.db"))

    async def made() -> None:
        store = await Store.open(str(tmp_path / "isles.db"))
        await store.set_meta("kept", "yes")
        await store.close()

    asyncio.run(made())
    assert cli.main(["backup"]) == 0
    (copy,) = (tmp_path / "backups").glob("isles-*.db")
    assert f"copied to {copy.relative_to(tmp_path)}" in capsys.readouterr().out
    assert sqlite3.connect(copy).execute("SELECT value FROM meta WHERE key = 'kept'").fetchone() == ("yes",)
    assert cli.main(["backup", "--to", str(tmp_path / "one.db")]) == 0 and (tmp_path / "one.db").is_file()
    monkeypatch.setenv("ISLES_DB", "postgresql://isles@127.0.0.1:1/isles")
    assert cli.main(["backup"]) == cli.MISTAKE
    assert "pg_dump" in capsys.readouterr().err


async def test_the_timer_starts_beside_the_bot_and_stops_with_it(tmp_path):
    path = tmp_path / "isles.db"
    service = TableService(await Store.open(str(path)), draw_images=False)
    try:
        async def nothing_else(_service, _settings):
            return None

        settings = Settings(token="t", db_path=str(path), dev_guild=None, log_level="INFO",
                            backup=BackupSettings(3600.0, str(tmp_path / "copies"), 2))
        beside = await cli.alongside(nothing_else)(service, settings)
        (backups,) = beside.parts
        assert isinstance(backups, Backups) and not backups._task.done()
        await beside.stop()
        assert backups._task is None
        quiet = Settings(token="t", db_path=str(path), dev_guild=None, log_level="INFO")
        assert await cli.alongside(nothing_else)(service, quiet) is None
        on_postgres = Settings(token="t", db_path="postgresql://isles@127.0.0.1:1/isles", dev_guild=None,
                               log_level="INFO", backup=BackupSettings(3600.0, str(tmp_path), 2))
        assert await cli.alongside(nothing_else)(service, on_postgres) is None  # pg_dump's work, said in the log
    finally:
        await service.store.close()

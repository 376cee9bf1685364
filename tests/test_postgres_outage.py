"""A PostgreSQL server that goes away while the bot runs: what was being written is not half
kept, the caller learns why, and the pool carries on once the server is back. The server's
going is played by a relay between the store and the server, cut and set up again."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.core.service import TableService
from db.errors import StoreUnavailable
from db.postgres import connection as pg_connection
from db.store import Store
from tests import pg
from tests.helpers import ALICE, BOB

CHANNEL = 222


class Relay:
    """127.0.0.1:<port> -> the test server, until cut."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream = upstream
        self.port = 0
        self.server: asyncio.base_events.Server | None = None
        self.open: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def cut(self) -> None:
        self.server.close()
        for writer in list(self.open):
            writer.transport.abort()
        self.open.clear()
        await asyncio.sleep(0.05)  # the store's side sees its connections end

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        self.open |= {writer, up_writer}

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.transport.abort()

        await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))


@pytest.fixture
async def relayed():
    """(a DSN through a relay to a new database, the relay)."""
    reason = await pg.unavailable()
    if reason:
        if pg.REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    dsn = await pg.create_database()
    parts = urlsplit(dsn)
    relay = Relay((parts.hostname, parts.port or 5432))
    await relay.start()
    user = f"{parts.username}@" if parts.username else ""
    yield urlunsplit((parts.scheme, f"{user}127.0.0.1:{relay.port}", parts.path, "", "")), relay
    await relay.cut()
    await pg.drop_database(dsn)


async def test_a_move_while_the_server_is_gone_changes_nothing_and_the_next_one_lands(relayed, sticks):
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        service = TableService(store, draw_images=False, seeds=lambda: 7)
        assert (await service.handle(ALICE, "open", {"game": "sticks", "options": "sticks=10"})).ok
        assert (await service.handle(BOB, "join")).ok
        assert (await service.handle(ALICE, "start")).ok
        row = await store.open_table(CHANNEL)
        first = {s.seat: s for s in await store.seats(row.id)}[row.state["state"]["turn"]]
        mover = ALICE if first.user_id == ALICE.user_id else BOB
        await relay.cut()
        with pytest.raises(StoreUnavailable):
            await service.handle(mover, "move", {"move": "take 2"})
        await relay.start()  # the server is back, on the same address
        after = await store.open_table(CHANNEL)
        assert (after.version, after.state) == (row.version, row.state) and await store.moves(row.id) == []
        played = await service.handle(mover, "move", {"move": "take 2"})
        assert played.ok, played.private
        assert [m.move for m in await store.moves(row.id)] == ["take 2"]
    finally:
        await store.close()


async def test_a_transaction_cut_off_before_its_commit_leaves_nothing(relayed):
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        with pytest.raises(StoreUnavailable) as lost:
            async with store.conn.transaction():
                await store.conn.execute("INSERT INTO meta (key, value) VALUES ('half', 'written')")
                await relay.cut()
                await store.conn.execute("INSERT INTO meta (key, value) VALUES ('other', 'half')")
        assert not lost.value.maybe_saved  # it went before COMMIT: nothing can have been kept
        await relay.start()
        assert await store.get_meta("half") is None and await store.get_meta("other") is None
        await store.set_meta("after", "back")  # the pool opened new connections by itself
        assert await store.get_meta("after") == "back"
    finally:
        await store.close()


async def test_a_lost_connection_is_read_as_the_database_away_whatever_asyncpg_raises(monkeypatch):
    async def broken_state(*args):
        raise asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is in progress")

    with pytest.raises(StoreUnavailable):
        await pg_connection._guarded(broken_state)


async def test_reads_after_the_server_ends_the_connections_raise_nothing_but_the_database_away(relayed):
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        await store.tables()
        admin = await asyncpg.connect(dsn.replace(f"127.0.0.1:{relay.port}", "127.0.0.1:5432"))
        try:
            name = dsn.rsplit("/", 1)[1]
            outcomes: dict[str, int] = {}
            for _ in range(40):
                # each backend waited for until it has ended (up to 60 s): the signal alone lands
                # late on a busy machine, and then in the middle of the read after the loop
                await admin.execute("SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity "
                                    "WHERE datname = $1 AND pid <> pg_backend_pid()", name)
                try:
                    await store.tables()
                    outcomes["read"] = outcomes.get("read", 0) + 1
                except StoreUnavailable:
                    outcomes["away"] = outcomes.get("away", 0) + 1
        finally:
            await admin.close()
        assert set(outcomes) <= {"read", "away"} and sum(outcomes.values()) == 40
        await store.tables()  # and the pool carries on
    finally:
        await store.close()

import pytest

from db.errors import IntegrityError
from db.store import ChannelBusy, StaleVersion, migrations
from tests.helpers import Clock, open_store

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def test_migrations_are_numbered_and_applied_once(tmp_path, store_kind):
    numbers = [n for n, _ in migrations()]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1
    assert [n for n, _ in migrations("postgres")] == numbers  # every step exists in both dialects
    store = await open_store(tmp_path / "a.db")
    assert await store.migrate() == numbers[-1]
    await store.close()
    store = await open_store(tmp_path / "a.db")  # a second start applies nothing again
    async with store.conn.execute("SELECT COUNT(*) FROM schema_migrations") as cur:
        assert (await cur.fetchone())[0] == len(numbers)
    if store_kind == "sqlite":
        async with store.conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
    await store.close()


async def test_one_open_table_per_channel(tmp_path):
    store = await open_store(tmp_path / "a.db")
    clock = Clock()
    kw = dict(guild_id=1, game="sticks", options={}, seed=1, host_id=5, host_name="A", now=clock())
    first = await store.create_table(channel_id=10, **kw)
    with pytest.raises(ChannelBusy):
        await store.create_table(channel_id=10, **kw)
    await store.create_table(channel_id=11, **kw)  # a thread is its own channel
    await store.set_status(first, 0, "cancelled", clock())
    await store.create_table(channel_id=10, **kw)  # free again once the first is closed
    await store.close()


async def test_version_guard_refuses_a_second_write_from_the_same_version(tmp_path):
    store = await open_store(tmp_path / "a.db")
    clock = Clock()
    table = await store.create_table(guild_id=1, channel_id=10, game="sticks", options={}, seed=1,
                                     host_id=5, host_name="A", now=clock())
    version = await store.start(table, 0, {0: 0}, {"s": 1}, clock())
    assert await store.record_move(table, version, seat=0, user_id=5, move="take 1", state={"s": 2}, now=clock())
    with pytest.raises(StaleVersion):
        await store.record_move(table, version, seat=0, user_id=5, move="take 2", state={"s": 3}, now=clock())
    assert [m.move for m in await store.moves(table)] == ["take 1"]
    assert (await store.table(table)).state == {"s": 2}
    await store.close()


async def test_the_log_keeps_which_moves_the_table_played_for_a_person(tmp_path):
    store = await open_store(tmp_path / "a.db")
    clock = Clock()
    table = await store.create_table(guild_id=1, channel_id=10, game="sticks", options={}, seed=1,
                                     host_id=5, host_name="A", now=clock())
    version = await store.start(table, 0, {0: 0}, {"s": 1}, clock())
    version = await store.record_move(table, version, seat=0, user_id=5, move="take 1", state={"s": 2}, now=clock())
    version = await store.record_move(table, version, seat=0, user_id=5, move="take 2", state={"s": 3}, now=clock(),
                                      played_for=True)
    await store.record_move(table, version, seat=0, user_id=5, move="take 1", state={"s": 4}, now=clock(),
                            results=[(0, 5, False, 1, 1.0)], played_for=True)  # the move that ends the game too
    assert [(m.move, m.played_for) for m in await store.moves(table)] == [
        ("take 1", False), ("take 2", True), ("take 1", True)]
    await store.close()


async def test_a_failed_transaction_leaves_nothing_behind(tmp_path):
    store = await open_store(tmp_path / "a.db")
    clock = Clock()
    table = await store.create_table(guild_id=1, channel_id=10, game="sticks", options={}, seed=1,
                                     host_id=5, host_name="A", now=clock())
    version = await store.start(table, 0, {0: 0}, {"s": 1}, clock())
    bad_results = [(0, 5, False, 1, 1.0), (0, 5, False, 1, 1.0)]  # the same seat twice breaks the primary key
    with pytest.raises(IntegrityError):
        await store.record_move(table, version, seat=0, user_id=5, move="take 1", state={"s": 2},
                                now=clock(), results=bad_results)
    row = await store.table(table)
    assert (row.version, row.status, row.state) == (version, "active", {"s": 1})
    assert await store.moves(table) == []
    await store.close()


async def test_a_migration_missing_below_the_newest_is_still_applied(tmp_path):
    store = await open_store(tmp_path / "a.db")
    await store.conn.execute("DROP TABLE meta")
    await store.conn.execute("DELETE FROM schema_migrations WHERE version = 2")
    await store.close()
    store = await open_store(tmp_path / "a.db")
    await store.set_meta("k", "v")  # the meta table is back
    assert await store.get_meta("k") == "v"
    await store.close()


async def test_a_statement_of_another_task_is_not_swept_into_an_open_transaction(tmp_path):
    import asyncio

    store = await open_store(tmp_path / "a.db")
    entered = asyncio.Event()

    async def long_transaction():
        await store.conn.execute("BEGIN IMMEDIATE")
        await store.conn.execute("INSERT INTO meta VALUES ('a', '1')")
        entered.set()
        await asyncio.sleep(0.05)  # another task runs meanwhile
        await store.conn.execute("ROLLBACK")

    async def meanwhile():
        await entered.wait()
        await store.set_meta("b", "2")  # must not be swept into the rolled-back transaction

    await asyncio.gather(long_transaction(), meanwhile())
    assert await store.get_meta("a") is None
    assert await store.get_meta("b") == "2"
    await store.close()

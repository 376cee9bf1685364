"""`isles copy-store`: a SQLite store that has seen real play, copied into a new PostgreSQL
database; every row arrives, the checks hold, and a target that holds rows is refused untouched."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot import cli
from bot.adapters.console.demo import play_demo
from bot.copy_store import check, copy_store
from bot.core.service import TableService
from bot.extensions import install
from db.copy import NOT_COPIED, CannotCopy, copy_rows, counts, table_names
from db.daily import DailyStore
from db.lease import LeaseStore
from db.store import Store
from db.timing import TimingStore
from tests.helpers import ALICE, who

NOW = datetime(2026, 1, 1, 12, tzinfo=UTC)


async def played_store(path, sticks) -> None:
    """A SQLite store with a whole game of Archipels (moves, results, ratings, timers, posts), a
    table of sticks under way, a vacation, a daily deal and settings."""
    store = await Store.open(str(path))
    try:
        service = TableService(store, draw_images=False, seeds=lambda: 3)
        install(service, prepare_daily=False)
        await play_demo(service, "archipels", 2, path.parent)
        alice, bob = who("Alice", 1, channel=333), who("Bob", 2, channel=333)
        assert (await service.handle(alice, "open", {"game": "sticks", "options": "sticks=9"})).ok
        assert (await service.handle(bob, "join")).ok
        assert (await service.handle(alice, "start")).ok
        for _ in range(2):
            row = await store.open_table(333)
            seats = {s.seat: s.user_id for s in await store.seats(row.id)}
            mover = alice if seats[row.state["state"]["turn"]] == ALICE.user_id else bob
            assert (await service.handle(mover, "move", {"move": "take 1"})).ok
        await TimingStore.of(store).save_vacation(ALICE.guild_id, ALICE.user_id, None, 1_800_000_000, 1_800_086_400)
        await DailyStore(store).keep_day_deal(day="2026-01-01", game="hawaii", seed=42, difficulty="easy",
                                              candidate=0, line=["a", "b"], now=NOW)
        await store.set_meta("commands", "abc")
        await store.set_guild_threads(ALICE.guild_id, False)
    finally:
        await store.close()


async def every_row(store: Store) -> dict[str, list[tuple]]:
    found = {}
    for name in await table_names(store):
        if name not in NOT_COPIED:
            async with store.conn.execute(f'SELECT * FROM "{name}"') as cur:
                found[name] = sorted((tuple(r) for r in await cur.fetchall()), key=repr)
    return found


async def test_a_played_store_is_copied_row_for_row_and_checks_out(tmp_path, sticks, database):  # noqa: F811
    source = tmp_path / "isles.db"
    await played_store(source, sticks)
    said: list[str] = []
    copied = await copy_store(str(source), database, said.append)
    assert copied["moves"] > 100 and copied["rating_history"] == 4 and copied["daily_days"] == 1
    assert "every table's state is the replay of its log" in said[-1]
    old, new = await Store.open(str(source)), await Store.open(database)
    try:
        assert await every_row(new) == await every_row(old)  # every value of every row, not only the counts
        # ids go on after the copied ones: a new table does not collide with a copied one
        newest = max(t.id for t in await old.tables(statuses=("lobby", "active", "finished", "cancelled")))
        made = await new.create_table(guild_id=5, channel_id=555, game="sticks", options={}, seed=1, host_id=9,
                                      host_name="Z", now=NOW)
        assert made == newest + 1
    finally:
        await old.close()
        await new.close()


async def test_the_check_finds_a_state_that_is_not_the_replay_of_its_log(tmp_path, sticks, database):  # noqa: F811
    source = tmp_path / "isles.db"
    await played_store(source, sticks)
    copied = await copy_store(str(source), database, lambda line: None)
    old, new = await Store.open(str(source)), await Store.open(database)
    try:
        await new.conn.execute("UPDATE moves SET move = 'take 3' WHERE n = 1 AND table_id = "
                               "(SELECT id FROM tables WHERE game = 'sticks')")
        with pytest.raises(CannotCopy, match=r"\(sticks\): its state is not the replay of its log"):
            await check(old, new, copied)
        await new.conn.execute("DELETE FROM meta")
        with pytest.raises(CannotCopy, match="meta 0 of 1"):
            await check(old, new, copied)
    finally:
        await old.close()
        await new.close()


async def test_a_target_that_holds_rows_is_refused_and_left_as_it_was(tmp_path, sticks, database):  # noqa: F811
    source = tmp_path / "isles.db"
    await played_store(source, sticks)
    target = await Store.open(database)
    await target.set_meta("mine", "keep")
    before = await counts(target)
    await target.close()
    code = await asyncio.to_thread(cli.main, ["copy-store", "--from", str(source), "--to", database])
    assert code != 0
    target = await Store.open(database)
    try:
        assert await counts(target) == before and await target.get_meta("mine") == "keep"
    finally:
        await target.close()


async def test_a_store_a_bot_still_runs_on_is_not_copied(tmp_path, sticks, database, capsys):  # noqa: F811
    source = tmp_path / "isles.db"
    await played_store(source, sticks)
    store = await Store.open(str(source))
    await LeaseStore(store).take("clocks", "host:1:ab", datetime.now(UTC).timestamp(), 45)
    await store.close()
    code = await asyncio.to_thread(cli.main, ["copy-store", "--from", str(source), "--to", database])
    assert code != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "a bot still runs on it" in err[0] and "host:1:ab" in err[0]
    target = await Store.open(database, migrate=False)
    try:
        assert await counts(target) == {}  # not even the schema was made
    finally:
        await target.close()


async def test_a_finished_copy_is_checked_again_later_and_nothing_is_written(tmp_path, sticks, database, capsys):  # noqa: F811
    """A copy stopped between its commit and its checks: `--check` makes the checks, changing nothing."""
    source = tmp_path / "isles.db"
    await played_store(source, sticks)
    old, new = await Store.open(str(source)), await Store.open(database)
    try:
        await copy_rows(old, new)  # the copy, committed; its checks never ran
        before = await every_row(new)
    finally:
        await old.close()
        await new.close()
    args = ["copy-store", "--from", str(source), "--to", database, "--check"]
    assert await asyncio.to_thread(cli.main, args) == 0
    said = capsys.readouterr().out.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"The copy in {database} checks out against {source}: "), said
    new = await Store.open(database, migrate=False)
    try:
        assert await every_row(new) == before
        await new.conn.execute("DELETE FROM meta")
    finally:
        await new.close()
    assert await asyncio.to_thread(cli.main, args) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the copy's rows per table differ from the source's: meta 0 of 1" in err[0], err


async def test_the_check_of_a_copy_that_never_ran_says_so_and_makes_no_schema(tmp_path, sticks, database, capsys):  # noqa: F811
    source = tmp_path / "isles.db"
    await played_store(source, sticks)
    assert await asyncio.to_thread(cli.main, ["copy-store", "--from", str(source), "--to", database, "--check"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("the copy has no table tables, seats, moves"), err
    target = await Store.open(database, migrate=False)
    try:
        assert await table_names(target) == []
    finally:
        await target.close()

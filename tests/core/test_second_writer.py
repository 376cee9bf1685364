"""Two processes on one database: when the other process writes a table between a person's saved
move and the computer seats' moves, the person hears that their move stands (never "nothing was
played"), and the computers play on from the table as it is saved, or leave it to the writer."""

from __future__ import annotations

import pytest

from bot.core.moves import MOVED_ON
from db.errors import StoreUnavailable
from tests.helpers import ALICE, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def a_table_where_alice_plays_a_computer(tmp_path):
    here = await service_at(tmp_path / "t.db")
    there = await service_at(tmp_path / "t.db")  # the other process, on the same database
    assert (await here.handle(ALICE, "open", {"game": "sticks", "options": "sticks=40 most=3"})).ok
    assert (await here.handle(ALICE, "addai")).ok
    assert (await here.handle(ALICE, "start")).ok  # a computer drawn first has moved already
    table = (await here.store.open_table(ALICE.channel_id)).id
    return here, there, table


async def test_a_write_by_another_process_before_the_computers_move_leaves_the_persons_move_standing(
        tmp_path, sticks):
    here, there, table = await a_table_where_alice_plays_a_computer(tmp_path)
    computer = 1 - (await here.table(table)).seat_of(ALICE.user_id).seat
    earlier = [m.move for m in await here.store.moves(table)]
    chosen = here.moves.computer_move
    meddled = []

    async def the_other_process_moves_first(loaded, seat, rng):
        if not meddled:  # the other process plays the computer's turn first (its deadline fired)
            meddled.append(await there.play_for(table, computer, "The deadline passed."))
        return await chosen(loaded, seat, rng)

    here.moves.computer_move = the_other_process_moves_first
    reply = await here.handle(ALICE, "move", {"move": "take 1"})
    assert reply.ok, reply.private
    assert MOVED_ON not in reply.private and "nothing was played" not in reply.text + reply.private
    assert "take 1" in reply.text  # the person's move is told
    logged = [m.move for m in await here.store.moves(table)]
    assert logged[: len(earlier) + 1] == [*earlier, "take 1"]
    assert len(logged) == len(earlier) + 2  # the computer moved once, by the other process
    fresh = await here.table(table)
    assert fresh.game.to_act() == [fresh.seat_of(ALICE.user_id).seat]  # and it is Alice's turn again
    assert reply.version == fresh.version  # the answer shows the table as it is saved


async def test_the_next_move_after_a_second_writer_is_not_refused(tmp_path, sticks):
    here, there, table = await a_table_where_alice_plays_a_computer(tmp_path)
    computer = 1 - (await here.table(table)).seat_of(ALICE.user_id).seat
    chosen, meddled = here.moves.computer_move, []

    async def the_other_process_moves_first(loaded, seat, rng):
        if not meddled:
            meddled.append(await there.play_for(table, computer, ""))
        return await chosen(loaded, seat, rng)

    here.moves.computer_move = the_other_process_moves_first
    assert (await here.handle(ALICE, "move", {"move": "take 1"})).ok
    here.moves.computer_move = chosen
    again = await here.handle(ALICE, "move", {"move": "take 2"})  # the cached table is the saved one
    assert again.ok, again.private


async def test_listeners_that_cannot_reread_the_table_do_not_change_the_answer_and_hear_of_it_later(
        tmp_path, sticks):
    here, _, table = await a_table_where_alice_plays_a_computer(tmp_path)
    heard: list[int] = []

    async def listener(event, loaded):
        heard.append(loaded.version)

    here.listeners.append(listener)
    read = here.table
    failing = [True]

    async def gone_once(table_id):
        if failing:
            failing.clear()
            raise StoreUnavailable("the server went")
        return await read(table_id)

    here.table = gone_once
    reply = await here.handle(ALICE, "move", {"move": "take 1"})
    assert reply.ok and "take 1" in reply.text and not heard  # the move's own answer, unchanged
    here.table = read
    await here.flush_events()
    assert heard == [(await here.table(table)).version]  # told at the next flush, not lost


async def test_a_listener_the_database_failed_hears_of_the_table_again_at_the_next_flush(tmp_path, sticks):
    here, _, table = await a_table_where_alice_plays_a_computer(tmp_path)
    heard: list[int] = []

    async def listener(event, loaded):
        if not heard:
            heard.append(-1)
            raise StoreUnavailable("the server went")
        heard.append(loaded.version)

    here.listeners.append(listener)
    assert (await here.handle(ALICE, "move", {"move": "take 1"})).ok
    assert heard == [-1]
    await here.flush_events()
    assert heard == [-1, (await here.table(table)).version]

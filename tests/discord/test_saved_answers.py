"""Once a move's statement has committed, its answer says the move stands, whatever fails after
it: the database going away before the board is read again, a computer seat's move, the
listeners' re-read. Nobody is told "nothing was saved" about a move that counts (they would send
it again), and its post reaches the channel once the database is back."""

from __future__ import annotations

from bot.adapters.discord import client as discord_app
from bot.core.replies import SAVED_STORE_AWAY
from bot.core.service import TableService
from db.outbox import OutboxStore
from db.store import Store
from tests.discord.conftest import harness_for
from tests.discord.test_flow import PEOPLE, only_private, other, started_table
from tests.test_postgres_outage import relayed  # noqa: F401  (the fixture: a database behind a relay)


def cut_after_the_move(monkeypatch, store: Store, relay, moves: int = 1) -> None:
    """The server goes away right after the `moves`-th move's statement has committed."""
    record, seen = store.record_move, []

    async def record_then_cut(*args, **kwargs):
        version = await record(*args, **kwargs)
        seen.append(version)
        if len(seen) == moves:
            await relay.cut()
        return version

    monkeypatch.setattr(store, "record_move", record_then_cut)


async def test_a_move_saved_just_before_the_database_went_is_told_it_stands_and_posted_later(
        relayed, sticks, monkeypatch, tmp_path):  # noqa: F811
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "unused.db") as bot:
            bot.client.poster.delays = (0.05,)
            thread, _, actor = await started_table(bot)
            table = (await store.open_table(thread)).id
            before = len(bot.posts(thread))
            cut_after_the_move(monkeypatch, store, relay)
            ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
            said = only_private(ex)  # the board could not be read again, or its post not be saved
            assert said in (SAVED_STORE_AWAY, discord_app.POST_LATER) and "nothing" not in said
            await bot.drain()
            await relay.start()
            assert [m.move for m in await store.moves(table)] == ["take 2"]  # it stands, once
            await bot.client.poster.compose_drafts(startup=True)  # the next round of any process
            await bot.drain()
            (post,) = bot.posts(thread)[before:]
            assert "`take 2`" in post.body["content"] and f"<@{other(actor)}>" in post.body["content"]
            assert (await OutboxStore.of(store).counts()).get("draft", 0) == 0
    finally:
        await store.close()


async def test_a_computer_move_cut_off_by_the_database_leaves_the_persons_move_standing(
        relayed, sticks, monkeypatch, tmp_path):  # noqa: F811
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "unused.db") as bot:
            person = PEOPLE[min(PEOPLE)]
            await bot.command(person, "open", {"game": "sticks"})
            thread = list(bot.threads)[-1]
            await bot.command(person, "addai", channel=thread)
            await bot.command(person, "start", channel=thread)
            table = (await store.open_table(thread)).id
            earlier = [m.move for m in await store.moves(table)]  # the computer's, if it drew the first turn
            record = store.record_move

            async def person_saved_then_cut(*args, **kwargs):
                if kwargs.get("user_id") is None:  # the computer's move: the server is gone by now
                    await relay.cut()
                return await record(*args, **kwargs)

            monkeypatch.setattr(store, "record_move", person_saved_then_cut)
            ex = await bot.command(person, "move", {"move": "take 1"}, channel=thread)
            said = only_private(ex)
            assert said == SAVED_STORE_AWAY
            await relay.start()
            assert [m.move for m in await store.moves(table)] == [*earlier, "take 1"]
    finally:
        await store.close()


async def test_a_post_sent_as_the_database_went_is_answered_as_sent_and_never_sent_again(
        relayed, sticks, monkeypatch, tmp_path):  # noqa: F811
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "unused.db") as bot:
            poster = bot.client.poster
            poster.delays = (0.05,)
            thread, _, actor = await started_table(bot)
            mark_sent = poster.db.mark_sent

            async def cut_then_mark(*args, **kwargs):  # the post is in the channel; then the server goes
                await relay.cut()
                return await mark_sent(*args, **kwargs)

            monkeypatch.setattr(poster.db, "mark_sent", cut_then_mark)
            before = len(bot.posts(thread))
            ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
            assert ex.private_text.startswith("Done: https://discord.com/channels/")
            monkeypatch.setattr(poster.db, "mark_sent", mark_sent)
            await relay.start()
            await poster.sweep()
            await bot.drain()
            assert len(bot.posts(thread)) == before + 1  # the post once, not again after the database came back
            assert (await OutboxStore.of(store).counts()).get("pending", 0) == 0
    finally:
        await store.close()


async def test_a_post_the_database_went_before_is_answered_as_saved_and_sent_once_it_is_back(
        relayed, sticks, monkeypatch, tmp_path):  # noqa: F811
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "unused.db") as bot:
            poster = bot.client.poster
            poster.delays = (0.05,)
            thread, _, actor = await started_table(bot)
            waiting_in = poster.db.waiting_in

            async def cut_then_look(*args, **kwargs):  # sealed and saved; the server goes before the sending
                await relay.cut()
                return await waiting_in(*args, **kwargs)

            monkeypatch.setattr(poster.db, "waiting_in", cut_then_look)
            before = len(bot.posts(thread))
            ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
            assert discord_app.POST_LATER in ex.private_text
            monkeypatch.setattr(poster.db, "waiting_in", waiting_in)
            await relay.start()
            await poster.sweep()
            await bot.drain()
            (post,) = bot.posts(thread)[before:]
            assert "`take 2`" in post.body["content"]
    finally:
        await store.close()


async def test_computer_seats_left_to_move_by_a_cut_off_call_move_before_the_next_move_or_post(
        relayed, sticks, monkeypatch, tmp_path):  # noqa: F811
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "unused.db") as bot:
            person = PEOPLE[min(PEOPLE)]
            await bot.command(person, "open", {"game": "sticks", "options": "sticks=40"})
            thread = list(bot.threads)[-1]
            await bot.command(person, "addai", channel=thread)
            await bot.command(person, "start", channel=thread)
            table = (await store.open_table(thread)).id
            earlier = len(await store.moves(table))
            record = store.record_move

            async def person_saved_then_cut(*args, **kwargs):
                if kwargs.get("user_id") is None:
                    await relay.cut()
                return await record(*args, **kwargs)

            monkeypatch.setattr(store, "record_move", person_saved_then_cut)
            assert only_private(await bot.command(person, "move", {"move": "take 1"}, channel=thread)) \
                == SAVED_STORE_AWAY
            monkeypatch.setattr(store, "record_move", record)
            await relay.start()
            ex = await bot.command(person, "move", {"move": "take 1"}, channel=thread)  # it is not the person's turn yet
            assert "had not been played yet" in ex.public[0].content and "was not played" in ex.private_text
            logged = await store.moves(table)
            assert len(logged) == earlier + 2 and logged[-1].user_id is None  # the computer, not the person again
            loaded = await bot.service.table(table)
            assert loaded.game.to_act() == [loaded.seat_of(person.id).seat]
    finally:
        await store.close()

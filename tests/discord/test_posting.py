"""A saved change always reaches its channel, and every interaction gets an answer, whatever
Discord answers back: server errors, Cloudflare's 429, a failure inside the bot after the save,
a restart between the save and the post. The harness plays Discord (harness.fail)."""

from __future__ import annotations

import render
from bot.adapters.discord import client as discord_app
from bot.adapters.discord.posting import Poster
from bot.core.replies import Caller
from db.outbox import OutboxStore
from tests.discord.harness import ALICE, BOB, GUILD
from tests.discord.test_flow import PEOPLE, one_public, open_table, other, started_table


def fast(bot, wait: float = 4.0, delay: float = 0.05) -> Poster:
    poster = bot.client.poster
    poster.delays, poster.wait = (delay,), wait
    return poster


async def states(bot) -> dict[str, int]:
    return await OutboxStore.of(bot.service.store).counts()


async def test_a_move_whose_board_meets_server_errors_is_told_counted_and_its_board_follows(bot):
    fast(bot, wait=0.1, delay=0.4)
    thread, _, actor = await started_table(bot)
    bot.fail("POST", rf"/channels/{thread}/messages", 503, times=2)
    before = len(bot.posts(thread))
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
    assert "counted" in ex.private_text and "will follow" in ex.private_text
    assert "Something went wrong" not in ex.private_text
    await bot.drain()
    tries = bot.posts(thread)[before:]
    assert len(tries) == 3  # two server errors, then the post
    assert len({t.body["nonce"] for t in tries}) == 1  # one message, guarded by one nonce
    assert "`take 1`" in tries[-1].body["content"] and f"<@{other(actor)}>" in tries[-1].body["content"]
    assert tries[-1].files and tries[-1].files[0][0] == "board.png"
    assert any("The board is posted" in m.content for m in ex.private)  # the link, once posted
    assert len(await bot.service.store.moves((await bot.table(thread)).id)) == 1
    assert (await states(bot)).get("pending", 0) == 0


async def test_a_button_whose_board_meets_a_cloudflare_429_is_answered_and_posted_once(bot):
    fast(bot)
    thread, board, actor = await started_table(bot)
    bot.fail("POST", rf"/channels/{thread}/messages", 429)
    before = len(bot.posts(thread))
    ex = await bot.press(PEOPLE[actor], board, board.buttons()["take 1"])
    assert ex.callback["type"] == 5 and "Done: https://discord.com/channels/" in ex.private_text
    tries = bot.posts(thread)[before:]
    assert len(tries) == 2 and tries[0].body["nonce"] == tries[1].body["nonce"]
    assert "`take 1`" in tries[1].body["content"]


async def test_a_failure_inside_the_bot_after_the_save_says_it_counted_and_posts_the_board(bot, monkeypatch):
    fast(bot)
    thread, _, actor = await started_table(bot)

    def broken(*args):
        raise RuntimeError("the picture failed")

    monkeypatch.setattr(render, "draw", broken)
    before = len(bot.posts(thread))
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
    assert ex.private_text == discord_app.SAVED_BUT
    await bot.drain()
    (post,) = bot.posts(thread)[before:]
    assert "`take 2`" in post.body["content"] and f"<@{other(actor)}>" in post.body["content"]
    assert post.body["allowed_mentions"]["users"] == [str(other(actor))] or \
        post.body["allowed_mentions"]["users"] == [other(actor)]


async def test_a_click_that_fails_in_the_adapter_is_still_answered(bot, monkeypatch):
    fast(bot)
    thread, lobby = await open_table(bot)

    async def broken(*args, **kwargs):
        raise RuntimeError("showing failed")

    monkeypatch.setattr(bot.client.adapter, "show", broken)
    before = len(bot.posts(thread))
    ex = await bot.press(BOB, lobby, lobby.buttons()["Join"])  # the harness fails an unanswered click
    assert ex.private_text == discord_app.SAVED_BUT  # Bob's seat is saved
    await bot.drain()
    (post,) = bot.posts(thread)[before:]
    assert "Bob" in post.body["content"] and "Join" in str(post.body["components"])
    ex = await bot.press(ALICE, lobby, "isles:nothing")  # not one of ours: nothing saved, still answered
    assert ex.private_text == discord_app.SOMETHING_BROKE


async def test_a_change_saved_before_a_crash_is_posted_once_after_the_restart(bot, monkeypatch):
    fast(bot)
    thread, _, actor = await started_table(bot)
    person = PEOPLE[actor]  # the service saves the move, then the process dies before any post
    reply = await bot.service.handle(Caller(GUILD, thread, person.id, person.name), "move", {"move": "take 3"})
    assert reply.ok
    before = len(bot.posts(thread))
    restarted = Poster(bot.client, bot.service)  # nothing in memory: the picture is drawn again
    await restarted.sweep(startup=True)
    (post,) = bot.posts(thread)[before:]
    assert "Saved moves" in post.body["content"] and "`take 3`" in post.body["content"]
    assert f"<@{other(actor)}>" in post.body["content"] and post.files[0][0] == "board.png"
    await restarted.sweep(startup=True)
    assert len(bot.posts(thread)) == before + 1  # exactly once


async def test_a_post_left_pending_by_a_crash_is_sent_after_the_restart_with_the_same_nonce(bot):
    poster = fast(bot, wait=0.05, delay=3600)
    thread, _, actor = await started_table(bot)
    bot.fail("POST", rf"/channels/{thread}/messages", 502)
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
    assert "will follow" in ex.private_text
    for task in list(poster._background):  # the process dies: its retry never runs
        task.cancel()
    (failed,) = bot.posts(thread)[-1:]
    restarted = Poster(bot.client, bot.service, clock=lambda: poster.clock() + 7200)
    await restarted.sweep(startup=True)
    (sent,) = bot.posts(thread)[-1:]
    assert sent is not failed and sent.body["nonce"] == failed.body["nonce"]
    assert sent.files and "`take 1`" in sent.body["content"]
    await restarted.sweep(startup=True)
    assert bot.posts(thread)[-1] is sent
    assert (await states(bot)).get("pending", 0) == 0


async def test_no_view_is_kept_in_discord_py_for_the_messages_sent(bot):
    thread, board, actor = await started_table(bot)
    for n in range(3):
        mover = PEOPLE[actor] if n % 2 == 0 else PEOPLE[other(actor)]
        await bot.command(mover, "move", {"move": "take 1"}, channel=thread)
    one_public(await bot.command(ALICE, "board", channel=thread))
    await bot.command(BOB, "addai", channel=thread)
    store = bot.client._connection._view_store
    assert len(store._views) == 0 and len(store._synced_message_views) == 0


async def test_a_command_that_fails_in_the_adapter_is_answered_by_the_trees_error_handler(bot, monkeypatch):
    fast(bot)
    thread, _ = await open_table(bot)

    async def broken(*args, **kwargs):
        raise RuntimeError("showing failed")

    monkeypatch.setattr(bot.client.adapter, "show", broken)
    ex = await bot.command(BOB, "join", channel=thread)
    assert ex.private_text == discord_app.SAVED_BUT and ex.callback["type"] == 5
    await bot.drain()
    assert "Bob" in bot.posts(thread)[-1].body["content"]


async def test_a_move_whose_answer_has_private_words_still_gives_the_link_to_its_post(bot, monkeypatch):
    from tests.sticks import Sticks

    monkeypatch.setattr(Sticks, "private_text", lambda self, seat, names: "You hold a hidden stick.", raising=False)
    thread, _, actor = await started_table(bot)
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
    assert "You hold a hidden stick." in ex.private_text
    assert "https://discord.com/channels/" in ex.private_text  # the words do not hide where the move went

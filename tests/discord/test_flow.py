"""The adapter in process: real discord.py objects fed Discord's payloads, a real service over
a temporary SQLite file, every outgoing request captured and checked against Discord's limits
(the harness fails a test on any payload over a limit, a double answer, a late answer or a
followup before the answer)."""

from __future__ import annotations

import discord

from bot.core.service import TableService
from bot.settings import Settings
from tests.discord.conftest import PICTURE
from tests.discord.harness import (
    ALICE,
    APP,
    BOB,
    BOT_USER,
    CAROL,
    CHANNEL,
    MODERATOR,
    Exchange,
    Message,
    thread_object,
)
from tests.discord.limits import CONTENT_MAX, EPHEMERAL

PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}


def only_private(ex: Exchange) -> str:
    """The exchange answered privately and posted nothing public; returns the private text."""
    assert ex.private, "no private answer"
    assert not ex.public, [m.content for m in ex.public]
    assert not ex.rest("POST", r"/messages$")
    callback = ex.callback
    assert callback["type"] in (4, 5)
    assert callback["data"]["flags"] & EPHEMERAL
    return ex.private_text


def one_public(ex: Exchange) -> Message:
    assert len(ex.public) == 1, [m.content for m in ex.messages]
    return ex.public[0]


async def open_table(bot, options: str | None = None) -> tuple[int, Message]:
    args = {"game": "sticks"}
    if options:
        args["options"] = options
    ex = await bot.command(ALICE, "open", args)
    assert ex.rest("POST", r"/channels/\d+/threads$")
    return list(bot.threads)[-1], one_public(ex)


async def started_table(bot, options: str | None = None) -> tuple[int, Message, int]:
    """Alice's table with Bob seated, started. Returns (thread, start message, user who acts)."""
    thread, _ = await open_table(bot, options)
    await bot.command(BOB, "join", channel=thread)
    ex = await bot.command(ALICE, "start", channel=thread)
    board = one_public(ex)
    (actor,) = board.pinged
    return thread, board, actor


def other(user_id: int) -> int:
    return BOB.id if user_id == ALICE.id else ALICE.id


# -- /open ---------------------------------------------------------------------------------
async def test_open_in_a_text_channel_opens_a_thread_and_posts_the_lobby_there(bot):
    ex = await bot.command(ALICE, "open", {"game": "sticks"})
    assert ex.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    (create,) = ex.rest("POST", rf"/channels/{CHANNEL}/threads$")
    assert create.body["name"] == "Sticks · Alice"
    assert create.body["auto_archive_duration"] == 10080
    assert create.body["type"] == discord.ChannelType.public_thread.value
    (thread,) = bot.threads
    lobby = one_public(ex)
    assert lobby.channel_id == thread and lobby.how == "channel"
    assert "opened a table of **Sticks**" in lobby.content
    assert set(lobby.buttons()) == {"Join", "Add AI", "Start"}
    assert f"<#{thread}>" in ex.private_text
    table = await bot.table(thread)
    assert table.status == "lobby" and table.game == "sticks"
    assert await bot.table(CHANNEL) is None


async def test_open_with_threads_off_keeps_the_table_in_the_channel(bot):
    refused = await bot.command(ALICE, "threads", {"enabled": "off"})
    assert "manage this server" in only_private(refused)
    ex = await bot.command(MODERATOR, "threads", {"enabled": "off"})
    assert "stay in the channel" in only_private(ex)
    ex = await bot.command(ALICE, "open", {"game": "sticks"})
    assert not ex.rest("POST", r"/threads$")
    lobby = one_public(ex)
    assert lobby.channel_id == CHANNEL
    assert (await bot.table(CHANNEL)).status == "lobby"


async def test_open_inside_a_thread_keeps_the_table_there(bot):
    thread = thread_object(CHANNEL, "chat")
    bot.threads[int(thread["id"])] = thread
    ex = await bot.command(ALICE, "open", {"game": "sticks"}, channel=int(thread["id"]))
    assert not ex.rest("POST", r"/threads$")
    assert one_public(ex).channel_id == int(thread["id"])


async def test_open_unknown_game_answers_privately_and_opens_no_thread(bot):
    ex = await bot.command(ALICE, "open", {"game": "chess"})
    assert "No game `chess`" in only_private(ex)
    assert not ex.rest("POST", r"/threads$")


async def test_open_with_bad_options_makes_no_thread(bot):
    ex = await bot.command(ALICE, "open", {"game": "sticks", "options": "most=999"})
    assert "between 1 and 60" in only_private(ex)
    assert not ex.rest("POST", r"/threads$") and not bot.threads


async def test_open_where_threads_are_refused_uses_the_channel(bot):
    bot.refusals.append(("POST", r"/channels/\d+/threads"))
    ex = await bot.command(ALICE, "open", {"game": "sticks"})
    assert one_public(ex).channel_id == CHANNEL
    assert "may not create threads" in ex.private_text


async def test_open_autocomplete_reads_the_typed_game(bot):
    ex = await bot.autocomplete(ALICE, "open", {"game": "sti"}, focused="game")
    assert {"name": "Sticks (1-4 players)", "value": "sticks"} in ex.choices
    ex = await bot.autocomplete(ALICE, "open", {"game": "sticks", "options": ""}, focused="options")
    assert [c["value"] for c in ex.choices] == ["sticks=15", "most=3"]


# -- the lobby -----------------------------------------------------------------------------
async def test_join_by_command_and_by_button(bot):
    thread, lobby = await open_table(bot)
    ex = await bot.command(BOB, "join", channel=thread)
    joined = one_public(ex)
    assert ex.callback["type"] == 4 and not ex.callback["data"].get("flags", 0) & EPHEMERAL
    assert "**Bob** sat down" in joined.content
    again = await bot.press(BOB, lobby, lobby.buttons()["Join"])
    assert "already seated" in only_private(again)


async def test_join_button_from_the_lobby_message(bot):
    thread, lobby = await open_table(bot)
    ex = await bot.press(BOB, lobby, lobby.buttons()["Join"])
    assert "**Bob** sat down" in one_public(ex).content
    assert len(await bot.service.store.seats((await bot.table(thread)).id)) == 2


async def test_addai_then_start_leaves_a_person_to_act(bot):
    thread, _ = await open_table(bot)
    ex = await bot.command(ALICE, "addai", channel=thread)
    assert "computer player" in one_public(ex).content
    ex = await bot.command(ALICE, "start", channel=thread)
    board = one_public(ex)
    assert board.pinged == {ALICE.id}
    assert f"<@{ALICE.id}>" in board.content


async def test_cancel_by_someone_else_is_refused(bot):
    thread, _ = await open_table(bot)
    ex = await bot.command(CAROL, "cancel", channel=thread)
    assert "Only the host" in only_private(ex)
    assert (await bot.table(thread)).status == "lobby"
    ex = await bot.command(MODERATOR, "cancel", channel=thread)
    assert "cancelled" in one_public(ex).content
    assert await bot.table(thread) is None


# -- play ----------------------------------------------------------------------------------
async def test_start_posts_the_board_as_a_new_message_and_pings_who_acts(bot):
    thread, board, actor = await started_table(bot)
    assert board.how == "channel" and board.channel_id == thread
    assert board.files == [("board.png", len(PICTURE))]
    assert set(board.buttons()) == {"take 1", "take 2", "take 3", "My moves"}
    assert board.body["allowed_mentions"]["parse"] == []
    assert board.pinged == {actor}


async def test_move_autocomplete_offers_legal_moves_matching_the_prefix(bot):
    thread, _, actor = await started_table(bot, "most=40 sticks=100")
    ex = await bot.autocomplete(PEOPLE[actor], "move", {"move": "take 1"}, focused="move", channel=thread)
    assert ex.callback["type"] == 8
    values = [c["value"] for c in ex.choices]
    assert values[:2] == ["take 1", "take 10"] and all(v.startswith("take 1") for v in values)
    ex = await bot.autocomplete(PEOPLE[actor], "move", {"move": ""}, focused="move", channel=thread)
    assert len(ex.choices) == 25  # 40 legal moves, Discord shows 25
    ex = await bot.autocomplete(PEOPLE[other(actor)], "move", {"move": ""}, focused="move", channel=thread)
    assert ex.choices == []


async def test_a_move_posts_a_new_public_message_and_acknowledges_privately(bot):
    thread, _, actor = await started_table(bot)
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
    assert ex.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    board = one_public(ex)
    assert board.how == "channel" and board.channel_id == thread
    assert "13 sticks left" in board.content
    assert board.pinged == {other(actor)}
    assert board.files == [("board.png", len(PICTURE))]
    assert ex.private and "Done" in ex.private_text
    assert not ex.rest("PATCH", r"/messages/\d+$")  # old messages are never edited


async def test_an_illegal_move_answers_privately_and_changes_nothing(bot):
    thread, _, actor = await started_table(bot)
    before = (await bot.table(thread)).version
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 9"}, channel=thread)
    assert "take 1 to 3" in only_private(ex)
    ex = await bot.command(PEOPLE[other(actor)], "move", {"move": "take 1"}, channel=thread)
    assert "not your turn" in only_private(ex)
    ex = await bot.command(CAROL, "move", {"move": "take 1"}, channel=thread)
    assert "not seated" in only_private(ex)
    assert (await bot.table(thread)).version == before


async def test_a_stale_button_gets_a_clear_private_answer(bot):
    thread, board, actor = await started_table(bot)
    await bot.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
    version = (await bot.table(thread)).version
    ex = await bot.press(PEOPLE[other(actor)], board, board.buttons()["take 2"])
    assert "earlier turn" in only_private(ex)
    assert (await bot.table(thread)).version == version


async def test_quick_move_button_plays(bot):
    thread, board, actor = await started_table(bot)
    ex = await bot.press(PEOPLE[actor], board, board.buttons()["take 3"])
    assert "12 sticks left" in one_public(ex).content
    ex = await bot.press(PEOPLE[other(actor)], board, board.buttons()["take 3"])
    assert "earlier turn" in only_private(ex)


async def test_a_form_button_opens_a_form_and_its_answer_plays(bot, monkeypatch):
    from games.base import Action
    from tests.sticks import Sticks

    monkeypatch.setattr(Sticks, "public_actions", lambda self: [Action("Take…", "take ", form=True)])
    thread, board, actor = await started_table(bot)
    form_id = board.buttons()["Take…"]
    opened = await bot.press(PEOPLE[actor], board, form_id)
    assert opened.callback["type"] == 9  # a modal, checked against Discord's limits by the harness
    (field,) = [c for row in opened.callback["data"]["components"] for c in row["components"]]
    assert field["value"] == "take " and opened.callback["data"]["custom_id"] == form_id
    wrong = await bot.submit(PEOPLE[other(actor)], thread, form_id, {"move": "take 2"})
    assert "not your turn" in only_private(wrong).lower()
    ex = await bot.submit(PEOPLE[actor], thread, form_id, {"move": "take 2"})
    assert "13 sticks left" in one_public(ex).content


async def test_my_moves_menu_then_a_choice_plays_it(bot):
    thread, board, actor = await started_table(bot, "most=30 sticks=100")
    menu = await bot.press(PEOPLE[actor], board, board.buttons()["My moves"])
    (answer,) = menu.private
    assert menu.callback["type"] == 4 and menu.callback["data"]["flags"] & EPHEMERAL
    selects = answer.selects()
    assert len(selects) == 2  # 30 moves: a page of 25 and a page of 5
    assert [len(s["options"]) for s in selects] == [25, 5]
    ex = await bot.press(PEOPLE[actor], answer, selects[0]["custom_id"], values=["take 7"])
    assert "93 sticks left" in one_public(ex).content
    again = await bot.press(PEOPLE[actor], answer, selects[0]["custom_id"], values=["take 7"])
    assert "earlier turn" in only_private(again)


async def test_buttons_still_work_after_a_restart(bot, store, tmp_path):
    thread, board, actor = await started_table(bot)
    old = bot.client
    await old.close()
    service = TableService(store)
    from bot.adapters.discord.client import create_bot

    client = create_bot(service, Settings("t", str(tmp_path / "t.db"), None, "INFO"))
    async with client:
        client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)
        client._connection.application_id = APP
        bot.client, bot.service = client, service
        ex = await bot.press(PEOPLE[actor], board, board.buttons()["take 1"])
        assert "14 sticks left" in one_public(ex).content


async def test_a_picture_over_the_upload_limit_is_left_out(bot):
    bot.attachment_limit = 1000
    thread, board, actor = await started_table(bot)
    assert board.files == []
    assert "sticks left" in board.content


async def test_the_game_ends_with_standings(bot):
    thread, _, actor = await started_table(bot, "sticks=5 most=5")
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 5"}, channel=thread)
    end = one_public(ex)
    assert "The game is over" in end.content and end.buttons() == {}
    assert end.pinged == set()


# -- information -----------------------------------------------------------------------------
LONG_RULES = "\n".join(
    ["**Sticks** — take turns taking sticks; whoever takes the last one wins.", "```", "/move take 2", "```"]
    + [f"Example {n}: with {n + 4} sticks left, taking {n % 3 + 1} leaves {n + 3 - n % 3}." for n in range(1, 120)]
    + ["```", "A long block", *[f"line {n} of a worked example" for n in range(60)], "```"]
)


async def test_rules_are_split_into_private_messages_within_limits(bot, monkeypatch):
    from tests.sticks import Sticks

    monkeypatch.setattr(Sticks, "rules_help", classmethod(lambda cls: LONG_RULES))
    ex = await bot.command(ALICE, "rules", {"game": "sticks"})
    assert not ex.public
    assert len(ex.private) >= 4
    assert all(len(m.content) <= CONTENT_MAX for m in ex.private)
    assert all(m.content.count("```") % 2 == 0 for m in ex.private)
    assert all(m.body.get("flags", 0) & EPHEMERAL for m in ex.private)
    text = ex.private_text
    for line in Sticks.rules_help().splitlines():
        assert line in text


async def test_private_commands_stay_private(bot):
    thread, _, actor = await started_table(bot)
    for name in ("moves", "hand", "history", "rules"):
        ex = await bot.command(PEOPLE[actor], name, channel=thread)
        assert ex.private and not ex.public, name


async def test_board_and_history(bot):
    thread, _, actor = await started_table(bot)
    await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
    ex = await bot.command(CAROL, "board", channel=thread)
    assert "13 sticks left" in one_public(ex).content
    ex = await bot.command(CAROL, "history", channel=thread)
    assert "`take 2`" in only_private(ex)


# -- Discord's deadlines ---------------------------------------------------------------------
async def test_an_expired_interaction_plays_nothing(bot):
    thread, _, actor = await started_table(bot)
    before = (await bot.table(thread)).version
    bot.expired = True
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
    assert ex.messages == [] and not ex.rest("POST", r"/messages$")
    assert (await bot.table(thread)).version == before


async def test_a_slow_quick_command_is_deferred(bot, monkeypatch):
    from bot.adapters.discord import client as discord_app

    thread, _ = await open_table(bot)
    monkeypatch.setattr(discord_app, "QUICK_WINDOW", 0)
    ex = await bot.command(BOB, "join", channel=thread)
    assert ex.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert "**Bob** sat down" in one_public(ex).content and one_public(ex).how == "channel"
    assert ex.private


async def test_what_landed_after_the_deadline_is_still_posted(bot, monkeypatch):
    from bot.adapters.discord import client as discord_app

    thread, _ = await open_table(bot)
    monkeypatch.setattr(discord_app, "QUICK_WINDOW", 0)
    bot.expired = True
    ex = await bot.command(BOB, "join", channel=thread)
    assert "**Bob** sat down" in one_public(ex).content
    assert len(await bot.service.store.seats((await bot.table(thread)).id)) == 2


async def test_a_failure_inside_the_service_answers_privately(bot, monkeypatch, caplog):
    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    thread, lobby = await open_table(bot)
    monkeypatch.setattr(bot.service, "handle", broken)
    monkeypatch.setattr(bot.service, "press", broken)
    ex = await bot.command(BOB, "join", channel=thread)
    assert "went wrong" in only_private(ex)
    ex = await bot.press(BOB, lobby, lobby.buttons()["Join"])
    assert "went wrong" in only_private(ex)
    assert "boom" in caplog.text

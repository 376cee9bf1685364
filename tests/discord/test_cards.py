"""Components v2 where nobody is pinged: /help, /leaderboard, /stats, /games, the daily board,
results posts and My moves are cards; turn posts that ping stay classic messages. Every payload
passes the harness's check of Discord's limits (40 components, 4,000 characters of text, each
uploaded file shown once, no content beside the v2 flag), and the welcome on joining a server."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from bot.adapters.discord import shapes
from bot.core.service import TableService
from bot.extensions import install
from games import registry
from games.base import OptionSpec
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, BOB, BOT_USER, CAROL, CHANNEL, GUILD, MODERATOR, Message
from tests.discord.limits import COMPONENTS_V2, EPHEMERAL, V2_COMPONENTS_MAX, check_message, walk
from tests.discord.test_flow import PEOPLE, one_public, started_table
from tests.sticks import Sticks


@pytest.fixture
async def full(store, sticks, monkeypatch, tmp_path):
    """The bot with the standard extensions, /help included."""
    service = TableService(store)
    installed = install(service, prepare_daily=False, docs_url="https://example.org/isles")
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        harness.installed = installed
        harness.client.poster.delays = (0.05,)
        harness.client.settings = replace(harness.client.settings, docs_url="https://example.org/isles")
        yield harness


def card(message: Message) -> list[dict]:
    """The message is a card: the v2 flag, no content, no embeds; its components."""
    flags = int(message.body.get("flags") or 0)
    assert flags & COMPONENTS_V2, message.body
    assert not message.body.get("content") and not message.body.get("embeds")
    assert check_message(message.body, message.files) == []
    return message.components


def classic(message: Message) -> None:
    assert not int(message.body.get("flags") or 0) & COMPONENTS_V2
    assert message.body.get("content")


def private_card(ex) -> Message:
    (answer,) = ex.private
    assert not ex.public
    assert int(answer.body.get("flags") or 0) & EPHEMERAL or ex.callback["data"]["flags"] & EPHEMERAL
    card(answer)
    return answer


async def finished_game(bot) -> int:
    thread, _, actor = await started_table(bot, "sticks=5 most=5")
    ex = await bot.command(PEOPLE[actor], "move", {"move": "take 5"}, channel=thread)
    end = one_public(ex)
    assert "The game is over" in end.content
    card(end)
    assert end.pinged == set()
    return thread


# -- /help ----------------------------------------------------------------------------------
async def test_help_is_one_private_card_with_each_game_and_its_rules(full):
    ex = await full.command(ALICE, "help")
    answer = private_card(ex)
    text = answer.content
    for key in registry.available():
        assert registry.get(key).title in text
    assert "/open" in text and "/leaderboard" in text and "/threads" in text
    assert "https://example.org/isles" in text
    buttons = [c for c in walk(answer.components) if c.get("type") == 2]
    games = [b for b in buttons if b.get("custom_id", "").startswith("isles:rules:")]
    assert [b["custom_id"].rsplit(":", 1)[1] for b in games] == list(registry.available())
    sections = [c for c in walk(answer.components) if c.get("type") == 9]
    assert len(sections) == len(games)  # each game's rules button beside its line

    rules = await full.press(ALICE, answer, games[0]["custom_id"])
    assert not rules.public and rules.private
    first = registry.get(list(registry.available())[0]).rules_help()
    assert first[:40] in "\n".join(m.content for m in rules.private)


async def test_help_in_the_console_reads_the_same_words(full):
    from bot.core.replies import Caller

    reply = await full.service.handle(Caller(GUILD, CHANNEL, ALICE.id, "alice"), "help")
    assert reply.ok and reply.card is not None and reply.card.private
    assert "Start a table" in reply.private and "Sticks" in reply.private
    assert [b.label for b in reply.buttons] == [f"Rules of {registry.get(k).title}" for k in registry.available()]


# -- public cards ---------------------------------------------------------------------------
async def test_results_leaderboard_stats_and_games_are_cards(full):
    await finished_game(full)
    board = one_public(await full.command(ALICE, "leaderboard"))
    components = card(board)
    assert "Leaderboard" in board.content
    assert [f for f, _ in board.files] == ["leaderboard.png"]
    assert any(c.get("type") == 12 for c in walk(components))  # the picture in a gallery
    stats = one_public(await full.command(BOB, "stats"))
    card(stats)
    assert "rated game" in stats.content
    thread, board, actor = await started_table(full)
    classic(board)  # a turn post pings who acts: a classic message
    assert board.pinged == {actor}
    games = private_card(await full.command(ALICE, "games"))
    assert "Your tables in this server" in games.content


async def test_a_final_post_that_pings_stays_classic(full, monkeypatch):
    from bot.features.ratings import Ratings

    async def pinging(self, loaded, reply, fresh):
        reply.mentions.append(ALICE.id)

    monkeypatch.setattr(Ratings, "final_reply", pinging)
    thread, _, actor = await started_table(full, "sticks=5 most=5")
    end = one_public(await full.command(PEOPLE[actor], "move", {"move": "take 5"}, channel=thread))
    classic(end)
    assert "The game is over" in end.content


# -- My moves -------------------------------------------------------------------------------
@pytest.fixture
def many_sticks(monkeypatch):
    """Sticks with room for hundreds of moves a turn."""
    monkeypatch.setattr(Sticks, "options", (
        OptionSpec("sticks", int, 15, "How many sticks lie in the pile", min=3, max=2000),
        OptionSpec("most", int, 3, "Most sticks one turn may take", min=1, max=1000)))


async def test_my_moves_lists_every_move_past_125_within_40_components(full, many_sticks):
    thread, board, actor = await started_table(full, "most=300 sticks=1000")
    menu = await full.press(PEOPLE[actor], board, board.buttons()["My moves"])
    answer = private_card(menu)
    selects = answer.selects()
    options = [o["value"] for s in selects for o in s["options"]]
    assert options == [f"take {n}" for n in range(1, 301)]  # all 300, where the classic message showed 125
    assert len(list(walk(answer.components))) <= V2_COMPONENTS_MAX
    assert "Showing" not in answer.content
    ex = await full.press(PEOPLE[actor], answer, selects[-1]["custom_id"], values=["take 300"])
    assert "700 sticks left" in one_public(ex).content


async def test_my_moves_past_what_40_components_hold_says_how_many_it_shows(full, many_sticks):
    thread, board, actor = await started_table(full, "most=600 sticks=1000")
    answer = private_card(await full.press(PEOPLE[actor], board, board.buttons()["My moves"]))
    shown = sum(len(s["options"]) for s in answer.selects())
    assert shown > 125 and len(list(walk(answer.components))) <= V2_COMPONENTS_MAX
    assert f"Showing {shown} of 600; type /move for the rest." in answer.content


async def test_my_moves_of_a_real_opening_lists_more_than_125(store, monkeypatch, tmp_path):
    """Archipels for four: 156 moves to open with, every one in the menus."""
    service = TableService(store, draw_images=False)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as bot:
        ex = await bot.command(ALICE, "open", {"game": "archipels"})
        thread = list(bot.threads)[-1]
        for person in (BOB, CAROL, MODERATOR):
            await bot.command(person, "join", channel=thread)
        start = one_public(await bot.command(ALICE, "start", channel=thread))
        (actor,) = start.pinged
        person = next(p for p in (ALICE, BOB, CAROL, MODERATOR) if p.id == actor)
        loaded = await service.table((await bot.table(thread)).id)
        moves = loaded.game.legal_moves(loaded.game.to_act()[0])
        assert len(moves) > 125
        answer = private_card(await bot.press(person, start, start.buttons()["My moves"]))
        assert sorted(o["value"] for s in answer.selects() for o in s["options"]) == sorted(moves)
        assert ex.public


# -- the daily board ------------------------------------------------------------------------
@pytest.mark.skipif("hawaii" not in registry.available(), reason="Hawaiian Islands not built")
async def test_the_daily_board_is_a_card(store, monkeypatch, tmp_path):
    from bot.features.daily import install as install_daily
    from tests.features.test_daily import Solver

    service = TableService(store, draw_images=False)
    install_daily(service, solver=Solver(), wait_for_deal=True)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as bot:
        await bot.command(ALICE, "daily")
        board = one_public(await bot.command(BOB, "dailyboard"))
        card(board)
        assert "Daily" in board.content or "daily" in board.content


# -- the welcome ------------------------------------------------------------------------------
SEND = 1 << 11
VIEW = 1 << 10


def joined_guild(guild_id: int, system_channel: int | None, permissions: int = SEND | VIEW) -> dict:
    return {
        "id": str(guild_id), "name": "New", "member_count": 2, "owner_id": "1", "large": False,
        "joined_at": "2026-01-01T00:00:00+00:00", "system_channel_id": str(system_channel) if system_channel else None,
        "roles": [{"id": str(guild_id), "name": "@everyone", "permissions": str(permissions), "position": 0,
                   "color": 0, "hoist": False, "managed": False, "mentionable": False}],
        "channels": [{"id": str(CHANNEL + 7), "type": 0, "name": "general", "position": 0,
                      "permission_overwrites": []}],
        "members": [{"user": BOT_USER, "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                     "mute": False, "flags": 0}],
        "threads": [], "emojis": [], "stickers": [], "features": [], "voice_states": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": []}


async def test_joining_a_server_posts_one_welcome_in_its_system_channel(full):
    await full.event("GUILD_CREATE", joined_guild(GUILD + 5, CHANNEL + 7))
    # the server again, back from an outage: Discord says it was unavailable, not newly joined
    await full.event("GUILD_CREATE", {**joined_guild(GUILD + 5, CHANNEL + 7), "unavailable": False})
    (post,) = full.posts()
    assert post.path == f"/channels/{CHANNEL + 7}/messages"
    assert post.body["flags"] & COMPONENTS_V2 and not post.body.get("content")
    assert check_message(post.body, post.files) == []
    assert "/help" in str(post.body["components"]) and "https://example.org/isles" in str(post.body["components"])
    assert full.problems == []


@pytest.mark.parametrize("system_channel, permissions, refused", [
    (None, SEND | VIEW, False),  # no system channel
    (CHANNEL + 7, VIEW, False),  # the bot may not post there
    (CHANNEL + 7, SEND | VIEW, True),  # Discord refuses it anyway (an overwrite): 403
])
async def test_no_welcome_where_the_bot_cannot_post_and_no_traceback(full, caplog, system_channel, permissions,
                                                                      refused):
    if refused:
        full.fail("POST", rf"/channels/{CHANNEL + 7}/messages", 403)
    with caplog.at_level(logging.INFO):
        await full.event("GUILD_CREATE", joined_guild(GUILD + 6, system_channel, permissions))
    assert len(full.posts()) == (1 if refused else 0)  # asked once and refused, or never asked
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert any("no welcome" in r.getMessage() for r in caplog.records)


async def test_the_one_switch_draws_turn_posts_as_cards_once_discord_notifies_their_mentions(full, monkeypatch):
    thread, board, actor = await started_table(full)
    classic(board)
    monkeypatch.setattr(shapes, "CARDS_FOR_PINGS", True)
    ex = await full.press(PEOPLE[actor], board, board.buttons()["take 1"])
    turn = one_public(ex)
    card(turn)
    assert turn.pinged == {next(p for p in PEOPLE if p != actor)} and "14 sticks left" in turn.content
    assert [f for f, _ in turn.files] == ["board.png"]


def test_an_animation_beside_the_picture_is_shown_in_the_gallery_and_a_log_as_a_file():
    from bot.core.replies import Attachment, Card, Reply

    reply = Reply(text="**The game is over.**", image=b"png", card=Card(),
                  attachments=[Attachment("game-1.gif", b"gif"), Attachment("log.txt", b"log")])
    shape = shapes.message_shape(reply, 10 * 1024 * 1024)
    payload = {"flags": COMPONENTS_V2, "components": shape.view.to_components()}
    files = [(f.filename, 3) for f in shape.files]
    assert check_message(payload, files) == []
    kinds = [c["type"] for c in payload["components"][0]["components"]]
    assert kinds == [10, 12, 13]


def test_a_pictures_alt_text_goes_with_it_into_the_gallery():
    from bot.core.replies import Card

    view = shapes.build_card(Card(), "words", ["board.png"], "board.png", [], [],
                             {"board.png": "Archipels, round 3: Ben to play"})
    (gallery,) = [c for c in walk(view.to_components()) if c["type"] == 12]
    assert gallery["items"][0]["description"] == "Archipels, round 3: Ben to play"


def test_help_with_more_commands_than_a_card_holds_keeps_the_docs_link_and_the_limits():
    from bot.core import guide
    from bot.core.commands import Command

    commands = [Command(f"extra{i}", "d" * 100) for i in range(60)]
    reply = guide.help_reply(commands, "https://example.org/isles")
    shape = shapes.card_shape(reply, reply.card, 10 * 1024 * 1024)
    payload = {"flags": COMPONENTS_V2 | EPHEMERAL, "components": shape.view.to_components()}
    assert check_message(payload) == []
    texts = [c["content"] for c in walk(payload["components"]) if c["type"] == 10]
    assert "Documentation: https://example.org/isles" in texts and texts[-1].endswith("…")

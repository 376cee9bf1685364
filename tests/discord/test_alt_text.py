"""Alt text on the pictures Isles uploads, as Discord receives it: each attachment's description
in the message's payload (`attachments[].description`), within Discord's 1,024 characters, and
made of public words only."""

import pytest

from bot.adapters.discord.shapes import MAX_DESCRIPTION
from bot.core.service import TableService
from bot.features.daily import install as install_daily
from bot.features.ratings import Ratings
from games import registry
from tests.discord.conftest import harness_for
from tests.discord.harness import GUILD
from tests.discord.test_flow import ALICE, BOB, one_public, started_table
from tests.features.test_daily import Solver
from tests.features.test_ratings import play
from tests.features.test_timing import rounds  # noqa: F401  (the fixture registers the test game)
from tests.helpers import who


def described(message) -> dict[str, str]:
    """Each uploaded file's description, by file name, from the captured payload."""
    return {a["filename"]: a.get("description", "") for a in message.body.get("attachments", [])}


def check_limits(message) -> None:
    for name, text in described(message).items():
        assert text and len(text) <= MAX_DESCRIPTION, (name, len(text))


async def test_a_board_post_carries_its_status_and_who_acts_as_alt_text(bot):
    thread, board, actor = await started_table(bot)
    check_limits(board)
    (alt,) = described(board).values()
    assert alt.startswith("The board of Sticks.")
    acting = "Alice" if actor == ALICE.id else "Bob"
    assert acting in alt  # who acts, told by the status or after it
    assert "<@" not in alt and "**" not in alt  # words a screen reader reads, not Discord markup

    again = one_public(await bot.command(BOB, "board", channel=thread))
    assert described(again) == described(board)


async def pioneers_table(bot):
    ex = await bot.command(ALICE, "open", {"game": "pioneers"})
    thread = list(bot.threads)[-1]
    await bot.command(BOB, "join", channel=thread)
    one_public(await bot.command(ALICE, "start", channel=thread))
    return thread, await bot.table(thread), ex


async def test_the_alt_text_tells_nothing_hidden_swapping_hands_changes_nothing(bot):
    thread, row, _ = await pioneers_table(bot)
    loaded = await bot.service.table(row.id)
    names = loaded.names()
    loaded.game.hands[0], loaded.game.hands[1] = [2, 0, 1, 0, 0], [0, 1, 0, 0, 2]
    first = one_public(await bot.command(BOB, "board", channel=thread))
    before_hand = loaded.game.private_text(0, names)
    loaded = await bot.service.table(row.id)  # the table in play, as /board read it
    loaded.game.hands[0], loaded.game.hands[1] = loaded.game.hands[1], loaded.game.hands[0]
    assert loaded.game.private_text(0, names) != before_hand  # the hidden cards did change seats
    second = one_public(await bot.command(BOB, "board", channel=thread))
    check_limits(first)
    assert described(first) == described(second)
    (alt,) = described(first).values()
    assert alt.startswith("The board of Pioneer's Isle.") and ("Alice" in alt or "Bob" in alt)


@pytest.fixture
async def rated_bot(store, rounds, monkeypatch, tmp_path):  # noqa: F811  (rounds registers the test game)
    service = TableService(store, draw_images=True)
    service.extend(Ratings(service, images=True))
    install_daily(service, solver=Solver(), wait_for_deal=True)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        yield harness


async def test_leaderboard_stats_and_daily_pictures_have_alt_text(rated_bot):
    await play(rated_bot.service, {who("Alice", ALICE.id, guild=GUILD): 3, who("Bob", BOB.id, guild=GUILD): 1}, guild=GUILD)
    board = one_public(await rated_bot.command(ALICE, "leaderboard"))
    assert described(board) == {"leaderboard.png": "The leaderboard of this server for All games as a picture; "
                                                   "the message lists the same players."}
    stats = one_public(await rated_bot.command(ALICE, "stats"))
    (alt,) = described(stats).values()
    assert alt.startswith("The ratings of ")
    if "hawaii" in registry.available():
        await rated_bot.command(ALICE, "daily")
        day = one_public(await rated_bot.command(ALICE, "dailyboard"))
        (alt,) = described(day).values()
        assert alt.startswith("The daily challenge board of ")
    for message in (board, stats):
        check_limits(message)


def test_an_alt_text_over_discords_limit_is_cut_to_it():
    from bot.adapters.discord.shapes import discord_files

    (file,) = discord_files([("board.png", b"png")], 100, {"board.png": "word " * 400})
    assert len(file.description) == MAX_DESCRIPTION and file.description.endswith("…")
    (bare,) = discord_files([("log.txt", b"text")], 100)
    assert bare.description is None  # no alt text: the payload says nothing rather than an empty one


def test_who_acts_is_told_once():
    from bot.core import alt_text

    assert alt_text.board("Sticks", "12 sticks left.", ["Alice"]) == "The board of Sticks. 12 sticks left. Waiting for Alice."
    assert alt_text.board("Sticks", "**Alice** takes.", ["Alice"]) == "The board of Sticks. Alice takes."

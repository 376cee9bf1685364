"""What people type and are called, through the Discord adapter: every bad /notify zone answered in
words (never "Something went wrong"), and names or typed text that cannot pose as a mention, a
channel link or a masked link in a post."""

from __future__ import annotations

import logging
import re

import pytest

from bot.adapters.discord.shapes import discord_text
from bot.core import suggestions
from bot.core.marks import CLOSE, OPEN
from bot.core.service import TableService
from bot.features.notify import Notify
from bot.features.timing import Timing
from db.notify import NotifyStore
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, BOB, CAROL, CHANNEL, GUILD, Person
from tests.discord.test_flow import one_public, only_private, open_table


def with_notify(store) -> TableService:
    service = TableService(store, draw_images=True)
    timing = Timing(service)
    for extension in (timing, Notify(service, timing)):
        service.extend(extension)
    return service


@pytest.fixture
async def notify_bot(store, sticks, monkeypatch, tmp_path):
    async with harness_for(with_notify(store), monkeypatch, tmp_path / "t.db") as harness:
        yield harness


@pytest.mark.parametrize("zone", ["Europe", "x" * 300, "Europe/Paris/", "../etc/passwd", "America/Argentina",
                                  "a\\b", "Europe/Pa ris"])
async def test_every_bad_zone_is_answered_in_words_and_changes_nothing(notify_bot, caplog, zone):
    caplog.set_level(logging.WARNING)
    text = only_private(await notify_bot.command(ALICE, "notify", {"quiet": "22-08", "zone": zone}))
    assert "not a time zone" in text and "Nothing was changed" in text and "went wrong" not in text
    assert len(text) < 250  # a 300-character zone is not quoted back whole
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not (await NotifyStore.of(notify_bot.service.store).pacing(GUILD, ALICE.id)).quiet


@pytest.mark.parametrize("quiet", ["22", "x" * 300, "25-30", "22-22", "22:30-08"])
async def test_every_bad_range_of_quiet_hours_is_answered_in_words(notify_bot, caplog, quiet):
    caplog.set_level(logging.WARNING)
    text = only_private(await notify_bot.command(ALICE, "notify", {"quiet": quiet}))
    assert "Nothing was changed" in text and len(text) < 250  # a pasted page is not quoted back whole
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_zone_typed_in_small_letters_is_kept_as_the_list_writes_it(notify_bot):
    text = only_private(await notify_bot.command(ALICE, "notify", {"quiet": "22-08", "zone": "europe/paris"}))
    assert "(Europe/Paris)" in text
    assert (await NotifyStore.of(notify_bot.service.store).pacing(GUILD, ALICE.id)).zone == "Europe/Paris"


async def test_the_zone_list_is_read_once_not_at_every_keystroke(notify_bot, monkeypatch):
    reads = []
    listed = suggestions.available_timezones

    def counted():
        reads.append(1)
        return listed()

    monkeypatch.setattr(suggestions, "available_timezones", counted)
    if hasattr(suggestions, "zone_names"):
        suggestions.zone_names.cache_clear()
    for typed in ("p", "pa", "par", "pari", "paris"):
        ex = await notify_bot.autocomplete(ALICE, "notify", {"zone": typed}, "zone")
        assert {"name": "Europe/Paris", "value": "Europe/Paris"} in ex.choices
    assert len(reads) <= 1


# -- names and typed text that pose as markup ------------------------------------------------
POSING_MENTION = Person(1010, f"mallory{OPEN}@{BOB.id}{CLOSE}")  # the core's mark of Bob, pasted into a name
POSING_CHANNEL = Person(1011, f"eve{OPEN}#{CHANNEL}{CLOSE}")
MASKED_LINK = Person(1012, "[free nitro](https://nitro.example/claim)")
RAW_MENTION = Person(1013, f"trent <@{BOB.id}> <#{CHANNEL}> @everyone")


def posing(content: str) -> list[str]:
    """The markup in a message's words that Discord would show as Bob's mention, the channel, a masked
    link or @everyone: nobody here names Bob or the channel but the posing names."""
    return re.findall(rf"<@!?{BOB.id}>|<#{CHANNEL}>|\]\(|@everyone|@here", content)


@pytest.mark.parametrize("person", [POSING_MENTION, POSING_CHANNEL, MASKED_LINK, RAW_MENTION],
                         ids=["mark-of-a-member", "mark-of-a-channel", "masked-link", "discord-markup"])
async def test_a_name_shows_as_written_never_as_a_mention_a_channel_or_a_link(bot, person):
    thread, _ = await open_table(bot)
    ex = await bot.command(person, "join", channel=thread)
    post = one_public(ex)
    assert posing(post.content) == [], post.content
    assert post.pinged <= {ALICE.id, person.id}
    table = await bot.table(thread)
    seats = await bot.service.store.seats(table.id)
    kept = next(s.name for s in seats if s.user_id == person.id)
    assert OPEN not in kept and CLOSE not in kept  # cleaned where it entered the core
    ex = await bot.command(ALICE, "start", channel=thread)
    board = one_public(ex)
    assert posing(board.content) == [], board.content
    assert BOB.id not in board.pinged


async def test_a_mark_typed_in_a_move_is_no_mark_when_it_is_quoted_back(bot):
    thread, _ = await open_table(bot)
    await bot.command(BOB, "join", channel=thread)
    board = one_public(await bot.command(ALICE, "start", channel=thread))
    (actor,) = board.pinged
    mover = ALICE if actor == ALICE.id else BOB
    ex = await bot.command(mover, "move", {"move": f"take {OPEN}@{CAROL.id}{CLOSE} [x](https://x.example)"},
                           channel=thread)
    text = only_private(ex)
    assert f"<@{CAROL.id}>" not in text and "](" not in text, text


FORMATTED = Person(1014, "__big__ ||hidden|| ~~gone~~ \\_x_ *tilted*")
HEADING = Person(1015, "# loud")


def unescaped(content: str) -> list[str]:
    """Discord Markdown signs in a message that are not escaped with a backslash (outside code)."""
    bare = re.sub(r"`[^`]*`", "", content.replace("\\\\", ""))
    signs = re.findall(r"(?<![\\*])(?:__|\|\||~~|\*(?!\*))", bare)
    return signs + re.findall(r"(?m)^[ \t]*(?:#|>|-#)", bare)


async def test_markdown_in_a_name_is_escaped_in_every_post(bot):
    thread, _ = await open_table(bot)
    joined = one_public(await bot.command(FORMATTED, "join", channel=thread))
    assert "\\_\\_Big\\_\\_" in joined.content and "\\|\\|Hidden\\|\\|" in joined.content
    assert unescaped(joined.content) == [], joined.content
    await bot.command(ALICE, "cancel", channel=thread)
    thread, _ = await open_table(bot)
    await bot.command(HEADING, "join", channel=thread)
    board = one_public(await bot.command(ALICE, "start", channel=thread))
    assert "# Loud" in board.content and unescaped(board.content) == [], board.content
    # a line that begins with a name (a move told as "{name} delivers ...") is no heading or quote
    for name in ("# Loud", "> Quoted", "-# small", "  # indented"):
        written = discord_text(f"{name} takes 1.\nOnly **bold** and `code` are the bot's.")
        assert unescaped(written) == [] and "**bold** and `code`" in written, written
    # the core's own Markdown stays: bold, code
    assert "**" in joined.content


LOUD = Person(1016, "**loud** `code` https://nitro.example/claim")


async def test_bold_code_and_an_address_in_a_name_stay_words(bot):
    """The core writes bold and code itself, so those signs in a name are not escaped but replaced
    where the name comes in, by look-alikes; an address in a name is broken so Discord links nothing."""
    thread, _ = await open_table(bot)
    joined = one_public(await bot.command(LOUD, "join", channel=thread))
    table = await bot.table(thread)
    kept = next(s.name for s in await bot.service.store.seats(table.id) if s.user_id == LOUD.id)
    assert "*" not in kept and "`" not in kept and "https://" not in kept, kept
    assert "loud" in kept.lower() and "nitro.example/claim" in kept.lower()
    assert "https://nitro" not in joined.content and "`code`" not in joined.content, joined.content
    assert joined.content.count("**") % 2 == 0  # the core's own bold still pairs up


async def test_past_the_cap_open_makes_no_thread_and_says_why_in_one_line(bot):
    bot.service.tables_per_member = 1
    await open_table(bot)
    ex = await bot.command(ALICE, "open", {"game": "sticks"})
    text = only_private(ex)
    assert "You already sit at 1 open table in this server" in text and "\n" not in text
    assert not ex.rest("POST", r"/threads$")

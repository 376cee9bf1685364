"""The Discord adapter in German and Spanish, against the captured Discord HTTP: the commands synced
with their names, descriptions, options and choices in `de`, `es-ES` and `es-419` within Discord's
rules; each person answered in their own language while the channel's post is in the server's; a
post rebuilt after a restart in the server's language; autocomplete and the adapter's own words in
the person's language; English as it was."""

from __future__ import annotations

import gettext
import json
import re
import unicodedata

import discord
import pytest

import lang
from bot.adapters.discord import translator as commands_translator
from bot.adapters.discord.client import (
    OUTSIDE,
    SYNC_META_KEY,
    command_payload,
    create_bot,
    fingerprint,
    move_form,
    sync_commands,
)
from bot.adapters.discord.posting import Poster
from bot.core.replies import Caller
from bot.core.service import TableService
from bot.extensions import install
from tests.discord.conftest import harness_for, settings_for
from tests.discord.harness import ALICE, APP, BOB, BOT_USER, GUILD, Harness
from tests.discord.test_flow import PEOPLE, one_public, other

LOCALES = ("de", "es-ES", "es-419")
# Discord's rule for the names of commands and options (its \p{L}, \p{N}, Devanagari and Thai)
NAME_CHARS = ("L", "N")
NAMES_DE = {"open": "eröffnen", "moves": "züge", "leaderboard": "rangliste", "forget-me": "vergiss-mich",
            "addai": "computer", "settings": "einstellungen"}
NAMES_ES = {"open": "abrir", "moves": "jugadas", "dailyboard": "clasificación-diaria", "addai": "añadir-ia",
            "forget-me": "olvídame"}


def discord_name(name: str) -> bool:
    return (0 < len(name) <= 32 and name == name.lower()
            and all(ch in "-_'" or unicodedata.category(ch)[0] in NAME_CHARS for ch in name))


def size(command: dict) -> int:
    """Discord's count toward a command's 8,000 characters: every name, description and value,
    in every locale, options and choices included."""
    total = len(command.get("name", "")) + len(command.get("description", ""))
    total += sum(len(v) for v in (command.get("name_localizations") or {}).values())
    total += sum(len(v) for v in (command.get("description_localizations") or {}).values())
    for choice in command.get("choices") or ():
        total += len(choice["name"]) + len(str(choice["value"]))
        total += sum(len(v) for v in (choice.get("name_localizations") or {}).values())
    return total + sum(size(option) for option in command.get("options") or ())


@pytest.fixture
async def everything(store, monkeypatch, tmp_path):
    """The bot with every command the standard extensions add, and its translator set."""
    service = TableService(store, draw_images=False)
    install(service, prepare_daily=False)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        await harness.client.tree.set_translator(commands_translator.translator())
        yield harness


def synced(harness: Harness) -> list[dict]:
    (put,) = [c for c in harness.calls if c.method == "PUT" and c.path == f"/applications/{APP}/commands"][-1:]
    return put.body


# -- the commands ------------------------------------------------------------------------------
async def test_every_command_is_synced_with_german_and_spanish_names_within_discords_rules(everything, store):
    bot = everything
    assert await sync_commands(bot.client, bot.client.tree, store, None) is True
    commands = synced(bot)
    assert len(commands) >= 30

    def check(node: dict, where: str, siblings: dict[str, set[str]]) -> None:
        for locale in LOCALES:
            name = node["name_localizations"][locale]
            assert discord_name(name), f"{where}: {locale} name {name!r}"
            assert name not in siblings.setdefault(locale, set()), f"{where}: {locale} name {name!r} twice"
            siblings[locale].add(name)
            description = node["description_localizations"][locale]
            assert 0 < len(description) <= 100, f"{where}: {locale} description {description!r}"
        inner: dict[str, set[str]] = {}
        for option in node.get("options") or ():
            check(option, f"{where} {option['name']}", inner)
            for choice in option.get("choices") or ():
                shown = choice.get("name_localizations", {})
                for locale, text in shown.items():
                    assert 0 < len(text) <= 100, f"{where} {option['name']}: {locale} choice {text!r}"

    top: dict[str, set[str]] = {}
    for command in commands:
        check(command, "/" + command["name"], top)
        assert size(command) <= 8000, f"/{command['name']} is {size(command)} characters"
    by_name = {c["name"]: c for c in commands}
    for name, german in NAMES_DE.items():
        assert by_name[name]["name_localizations"]["de"] == german
    for name, spanish in NAMES_ES.items():
        assert by_name[name]["name_localizations"]["es-ES"] == spanish
        assert by_name[name]["name_localizations"]["es-419"] == spanish
    on = next(c for o in by_name["threads"]["options"] for c in o.get("choices", ()) if c["value"] == "on")
    assert on["name_localizations"] == {"de": "an", "es-ES": "sí", "es-419": "sí"}
    event = {sub["name"]: sub for sub in by_name["event"]["options"]}
    assert event["standings"]["name_localizations"]["de"] == "tabelle"
    assert not bot.problems


async def test_a_changed_translation_syncs_once_and_an_unchanged_one_never(everything, store, monkeypatch):
    bot = everything
    assert await sync_commands(bot.client, bot.client.tree, store, None) is True
    assert await sync_commands(bot.client, bot.client.tree, store, None) is False  # nothing changed
    plain = lang.pgettext

    def renamed(context: str, message: str) -> str:
        if lang.current() == "de" and (context, message) == (commands_translator.COMMAND_NAME, "moves"):
            return "meine-züge"
        return plain(context, message)

    monkeypatch.setattr(lang, "pgettext", renamed)
    assert await sync_commands(bot.client, bot.client.tree, store, None) is True  # once
    moves = next(c for c in synced(bot) if c["name"] == "moves")
    assert moves["name_localizations"]["de"] == "meine-züge"
    assert await sync_commands(bot.client, bot.client.tree, store, None) is False  # and never again


async def test_without_a_catalogue_the_commands_sync_exactly_as_written(store, monkeypatch, tmp_path, sticks):
    monkeypatch.setattr(lang, "catalogue", lambda language: lang.Catalogue(lang.ENGLISH))
    assert commands_translator.translator() is None
    service = TableService(store, draw_images=False)
    client = create_bot(service, settings_for(tmp_path / "t.db"))
    harness = Harness(client, service, monkeypatch)
    async with client:
        client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)
        client._connection.application_id = APP
        await client.tree.set_translator(commands_translator.translator())
        assert await sync_commands(client, client.tree, store, None) is True
        sent = synced(harness)
        written = command_payload(client.tree)
        assert sent == json.loads(json.dumps(written))  # the payload of before, not a key more
        assert all("name_localizations" not in c for c in sent)
        target = f"{APP}:global"
        assert await store.get_meta(f"{SYNC_META_KEY}:{target}") == fingerprint(written, target)


def test_a_translation_against_discords_rules_is_left_to_english(monkeypatch):
    monkeypatch.setattr(lang, "pgettext", lambda context, message: "Zwei Wörter")
    where = discord.app_commands.TranslationContextLocation
    assert commands_translator.translated("moves", where.command_name, "de") is None
    monkeypatch.setattr(lang, "tr", lambda message: "x" * 101)
    assert commands_translator.translated("Make a move", where.command_description, "de") is None


def test_the_commands_catalogue_is_read_from_the_command_table():
    found = {(context, message) for message, context, _ in commands_translator.command_sentences()}
    assert ("command name", "forget-me") in found and ("command name", "standings") in found
    assert ("option name", "round_days") in found and ("command choice", "quarterly") in found
    assert ("command choice", "English") not in found  # the languages are shown in their own language


# -- whose language ----------------------------------------------------------------------------
class Probe(gettext.NullTranslations):
    """A catalogue that marks each sentence with its language: which language a text was written in
    shows in the text, whatever its sentences are."""

    def __init__(self, language: str):
        super().__init__()
        self.mark = f"⟦{language}⟧"

    def gettext(self, message):
        return self.mark + message

    def ngettext(self, singular, plural, n):
        return self.mark + (singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.mark + message

    def npgettext(self, context, singular, plural, n):
        return self.mark + (singular if n == 1 else plural)

    def find(self, context, message, domain):  # lang.Catalogue's lookup
        return self.mark + message


@pytest.fixture
def probed(monkeypatch):
    for language in lang.LANGUAGES:
        monkeypatch.setitem(lang._loaded, language, Probe(language))


def speaking(payload: dict, locale: str, guild_locale: str = "es-ES") -> dict:
    return dict(payload, locale=locale, guild_locale=guild_locale)


async def opened(bot, locale: str = "de") -> int:
    """Alice's table of sticks with Bob seated, started, every call from a server whose locale is
    Spanish by people whose Discord is in `locale`. Returns the thread."""
    await bot.feed(speaking(bot.command_payload(ALICE, "open", {"game": "sticks"}), locale))
    thread = list(bot.threads)[-1]
    await bot.feed(speaking(bot.command_payload(BOB, "join", channel=thread), locale))
    await bot.feed(speaking(bot.command_payload(ALICE, "start", channel=thread), locale))
    return thread


def acting(bot, thread: int):
    """Who the table's last post calls to move."""
    return next(p for p in (ALICE, BOB) if f"<@{p.id}>" in bot.posts(thread)[-1].body["content"])


def marks(text: str) -> set[str]:
    return set(re.findall(r"⟦(\w+)⟧", text))


def core_writes_posts_in_the_servers_language() -> bool:
    """The core composes a table's post in the server's language (bot/core/composing.py); the
    adapter only passes it on."""
    import inspect

    from bot.core import composing

    return "public_language" in inspect.getsource(composing)


@pytest.mark.skipif(not core_writes_posts_in_the_servers_language(),
                    reason="the core does not yet compose a table's post in the server's language")
async def test_a_refusal_is_in_the_persons_language_and_the_post_of_the_move_in_the_servers(bot, probed):
    thread = await opened(bot)
    assert await bot.service.public_language(GUILD) == "es"  # the server's locale, remembered
    actor = acting(bot, thread)
    waiting = other(actor.id)
    refused = await bot.feed(speaking(bot.command_payload(PEOPLE[waiting], "move", {"move": "take 1"},
                                                          channel=thread), "de"))
    assert not refused.public and refused.private
    assert all(m.body.get("flags", 0) & 64 for m in refused.private if m.body)  # ephemeral
    assert marks(refused.private_text) == {"de"}, refused.private_text
    played = await bot.feed(speaking(bot.command_payload(actor, "move", {"move": "take 1"}, channel=thread), "de"))
    post = one_public(played)
    assert marks(post.content) == {"es"}, post.content  # the table's post: the server's language
    assert marks(played.private_text) == {"de"}, played.private_text  # the mover's own answer: theirs


async def test_a_post_lost_before_a_restart_is_rebuilt_in_the_servers_language(bot, probed):
    thread = await opened(bot, locale="en-US")
    actor = acting(bot, thread)
    # the move is saved, then the process dies before any post; a German player made it
    reply = await bot.service.handle(Caller(GUILD, thread, actor.id, actor.name, locale="de", guild_locale="es-ES"),
                                     "move", {"move": "take 3"})
    assert reply.ok
    before = len(bot.posts(thread))
    bot.service.forget_language(GUILD)  # a new process remembers nothing: the language is read again
    restarted = Poster(bot.client, bot.service)
    await restarted.sweep(startup=True)
    (post,) = bot.posts(thread)[before:]
    assert "⟦es⟧Saved moves:" in post.body["content"]
    assert marks(post.body["content"]) == {"es"} and "`take 3`" in post.body["content"]


async def test_the_adapters_own_words_and_the_move_form_are_in_the_persons_language(bot, probed):
    refused = await bot.command_outside(ALICE, "open", {"game": "sticks"})  # not where Isles is installed
    assert OUTSIDE in refused.private_text and marks(refused.private_text) == set()  # English locale
    payload = bot.outside(bot.command_payload(ALICE, "open", {"game": "sticks"}), ALICE)
    german = await bot.feed(dict(payload, locale="de"))
    assert german.private_text == "⟦de⟧" + OUTSIDE
    with lang.using("es"):
        form = move_form("isles:f:1:1:offer ")
    assert form.title == "⟦es⟧Your move"


async def test_autocomplete_suggests_in_the_persons_language(bot, probed, monkeypatch):
    seen = []

    def games(current):
        seen.append(lang.current())
        return [(lang.tr("Sticks"), "sticks")]

    monkeypatch.setattr(bot.service, "suggest_games", games)
    ex = await bot.feed(speaking(bot.command_payload(ALICE, "open", {"game": "st"}, focused="game"), "es-419"))
    assert seen == ["es"]
    assert ex.choices == [{"name": "⟦es⟧Sticks", "value": "sticks"}]


async def test_a_caller_carries_the_persons_and_the_servers_locale(bot, monkeypatch):
    callers = []
    handle = bot.service.handle

    async def spy(caller, *args, **kwargs):
        callers.append(caller)
        return await handle(caller, *args, **kwargs)

    monkeypatch.setattr(bot.service, "handle", spy)
    await bot.feed(speaking(bot.command_payload(ALICE, "rules", {"game": "sticks"}), "de", "es-419"))
    assert (callers[-1].locale, callers[-1].guild_locale) == ("de", "es-419")


async def test_english_answers_are_as_written(bot, probed):
    """A person and a server in English: no sentence goes through a catalogue."""
    await bot.feed(speaking(bot.command_payload(ALICE, "open", {"game": "sticks"}), "en-US", "en-US"))
    thread = list(bot.threads)[-1]
    joined = await bot.feed(speaking(bot.command_payload(BOB, "join", channel=thread), "en-GB", "en-US"))
    started = await bot.feed(speaking(bot.command_payload(ALICE, "start", channel=thread), "en-US", "en-US"))
    said = " ".join(m.content for ex in (joined, started) for m in ex.messages) + " ".join(
        str(c.body) for c in bot.posts(thread))
    assert "⟦" not in said

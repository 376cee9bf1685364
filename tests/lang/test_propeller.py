"""Propeller Islands in German and Spanish: whole games through the table service, every text a
person gets and every word drawn in the pictures in the table's language; a refusal in the
caller's language; English as it always was."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

import lang
from bot.core.replies import Caller
from games.propeller import ai
from games.propeller import data as D
from games.propeller.game import PropellerGame
from lang import domains, scan, tool
from lang.domains import DOMAINS
from render import common
from render import propeller as R
from tests.helpers import service_at
from tests.lang.leftovers import drawn_texts, english_left, words

GUILD, CHANNEL = 1, 4242
PEOPLE = ("Ann", "Bob", "Cleo")
# the words of the move notation, typed as they are in every language (a picture writes the steps of
# the last turn as typed, without the backticks a text puts around them)
NOTATION = {"character", "die", "reroll", "claim", "discard", "run", "stop", "deploy", "place", "depot", "gain",
            "value", "skip", "blueprint", "keep", "pass", "take", "draw", "goods", "buy", "sell", "steel", "energy",
            "part", "extra", *D.CHARACTERS}


@cache
def untranslated_elsewhere(language: str) -> frozenset[str]:
    """The words of the sentences of the other domains (the core, the adapters, the features) that
    they do not wrap or their catalogues do not translate yet: those are the other domains' to
    translate, not this game's (a word this game shares with one of them is passed over until
    then). Once they are, this set is empty and the check below covers every word."""
    found: set[str] = set()
    for domain in DOMAINS:
        if domain == "propeller":
            continue
        done = tool.read(language, domain)
        for message in tool.template(domain):
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            known = done.get(key, context=message.context)
            strings = known.string if known is not None else ""
            if not any(strings if isinstance(strings, (list, tuple)) else [strings]):
                found |= words(key if isinstance(message.id, str) else " ".join(message.id))
        for path in domains.files(domain):  # and the sentences they have not wrapped yet
            if path.suffix == ".py":
                for sentence in scan.unwrapped(path):
                    found |= words(sentence.text)
    return frozenset(found)


def left(texts, language: str, notation: bool = False, elsewhere: bool = False) -> list[tuple[str, str]]:
    """English words in `texts`; `elsewhere`: texts that other domains compose too (a reply), whose
    untranslated words are theirs."""
    allowed = {*PEOPLE, *(untranslated_elsewhere(language) if elsewhere else ()), *(NOTATION if notation else ())}
    return english_left(texts, language, allowed)


def strings_of(value) -> list[str]:
    """Every text in a reply (its public and private text, buttons, menus, the picture's words for
    people who cannot see it), leaving out ids and files."""
    if dataclasses.is_dataclass(value):
        return [s for f in dataclasses.fields(value) if f.name not in ("custom_id", "url", "image_name")
                for s in strings_of(getattr(value, f.name))]
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_of(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings_of(v)]
    return []


def fresh_sprites() -> None:
    """Words once drawn are pasted from a cache after (render.common.text): emptied, every word is
    drawn again where `drawn_texts` sees it."""
    common._sprites.clear()  # noqa: SLF001 - the test empties the renderer's cache of drawn words
    common._long_sprites.clear()  # noqa: SLF001 - the same


def person(name: str, user_id: int, language: str) -> Caller:
    return Caller(GUILD, CHANNEL, user_id, name, False, locale=language, guild_locale=language)


async def play_whole_game(tmp_path, language: str) -> tuple[list[str], list[str], list[str]]:
    """A three-player game (one person, two computer players) through the service, in `language`:
    what the person got, what was drawn, and the game's own words along the way."""
    service = await service_at(tmp_path / "t.db", seeds=lambda: 7, draw_images=True)
    ann = person("Ann", 1, language)
    got: list[str] = []
    own: list[str] = []
    fresh_sprites()
    with drawn_texts() as drawn:
        for command, args in (("open", {"game": "propeller"}), ("addai", {}), ("addai", {}),
                              ("start", {}), ("rules", {"game": "propeller"})):
            reply = await service.handle(ann, command, args)
            assert reply.ok, reply.private
            got += strings_of(reply)
        table = (await service.store.open_table(CHANNEL)).id
        moves = 0
        while (await service.store.table(table)).status == "active":
            move = await service.ai_suggestion(ann)
            reply = await service.handle(ann, "move", {"move": move})
            assert reply.ok, reply.private
            got += strings_of(reply)
            game = PropellerGame.load((await service.store.table(table)).state)
            with lang.using(language):  # the game's own words, as the service asks for them
                own += [game.describe_move(0, move, list(PEOPLE)), game.status(list(PEOPLE)),
                        game.private_text(0, list(PEOPLE))]
                own += [group for group, _ in game.move_groups(game.to_act()[0])] if game.to_act() else []
            moves += 1
            if moves % 15 == 1:
                for command in ("moves", "hand", "board", "history"):
                    got += strings_of(await service.handle(ann, command, {}))
                refused = await service.handle(ann, "move", {"move": "run t99"})
                assert not refused.ok
                got += strings_of(refused)
        for command in ("history", "board"):
            got += strings_of(await service.handle(ann, command, {}))
        with lang.using(language):
            own += [game.final_text(list(PEOPLE)), game.score_when_stopped(0), PropellerGame.rules_help()]
    await service.store.close()
    return got, list(drawn), own


@pytest.mark.parametrize("language", ["de", "es"])
async def test_a_whole_game_leaves_no_english(tmp_path, language):
    got, drawn, own = await play_whole_game(tmp_path, language)
    assert len(got) > 100 and len(drawn) > 100 and len(own) > 100
    assert left(own, language) == []
    assert left(drawn, language, notation=True) == []
    # buttons and menus name moves by their notation, and a picture's text for people who cannot see
    # it and a long recap cut short lose the backticks around them
    assert left(got, language, notation=True, elsewhere=True) == []


def positions(players: int, seed: int, steps: int) -> PropellerGame:
    game = PropellerGame.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase == "over":
            break
        seat = game.to_act()[0]
        game.play(seat, ai.choose(game, seat, rng))
    return game


@pytest.mark.parametrize("language", ["de", "es"])
def test_every_picture_in_the_language_whole(language):
    """The two-player table, the chat layout, a seat's own picture and the final table, with their
    tips: no English word, no sentence cut short."""
    names = list(PEOPLE)
    fresh_sprites()
    with lang.using(language), drawn_texts() as drawn:
        tips = []
        for players, seed, steps in ((2, 11, 60), (3, 9, 10_000), (2, 4, 10_000), (3, 5, 0), (4, 5, 75)):
            game = positions(players, seed, steps)
            view = game.view(None)
            R.draw(view, names + ["Dan"])
            R.draw(R.page_view(view), names + ["Dan"])
            R.draw_hand(game.view(0), names + ["Dan"])
            tips += [region.get("tip") or "" for region in R.regions(view, names + ["Dan"])]
            tips += [game.status(names + ["Dan"]), game.private_text(0, names + ["Dan"])]
    assert left(drawn, language, notation=True) == []
    assert left(tips, language) == []
    # a tile's short name is cut on a small hex beside a hanging banner, in English too (the key under
    # the forge names every tile); nothing else is
    with lang.using(language):
        shorts = [R.table.short_name(kind) for kind in D.SHORT_NAMES]
    assert [t for t in drawn if t.endswith("…") and not any(s.startswith(t[:-1]) for s in shorts)] == []


@pytest.mark.parametrize(("language", "expected"), [("de", "Wähle einen der ausgeteilten Charaktere"),
                                                   ("es", "Elige uno de los personajes repartidos")])
async def test_a_refusal_comes_in_the_callers_language(tmp_path, language, expected):
    """Ann reads German or Spanish, Bob English: each is refused in their own language."""
    service = await service_at(tmp_path / "t.db", seeds=lambda: 3)
    ann, bob = person("Ann", 1, language), person("Bob", 2, "en")
    assert (await service.handle(ann, "open", {"game": "propeller"})).ok
    assert (await service.handle(bob, "join")).ok
    assert (await service.handle(ann, "start")).ok
    table = (await service.store.open_table(CHANNEL)).id
    seats = {s.seat: s.user_id for s in await service.store.seats(table)}
    by_user = {1: ann, 2: bob}
    told = {}
    for _ in range(2):
        game = service._cache[table].game  # noqa: SLF001 - the test reads the table's game
        caller = by_user[seats[game.to_act()[0]]]
        refused = await service.handle(caller, "move", {"move": "run t99"})
        assert not refused.ok
        told[caller.name] = refused.private
        assert (await service.handle(caller, "move", {"move": await service.ai_suggestion(caller)})).ok
    assert expected in told["Ann"] and "Choose one of the characters dealt" not in told["Ann"]
    assert "Choose one of the characters dealt" in told["Bob"]
    await service.store.close()


def test_english_is_as_it_was():
    game = positions(2, 11, 60)
    names = ["Ann", "Bob"]
    with lang.using("en"):
        assert game.status(names).startswith("Round ")
        assert "Score so far: " in game.status(names)
        assert PropellerGame.rules_help().startswith("**Propeller Islands** — 2 to 4 players")
    with lang.using("de"):
        assert game.status(names).startswith("Runde ")
        assert "Punkte bisher: " in game.status(names)
        assert PropellerGame.rules_help().startswith("**Propeller Islands** — 2 bis 4 Spieler")

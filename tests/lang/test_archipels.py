"""Archipels in German and Spanish: a whole game of computer players and one person played through
the table service in each language; every text the person gets and every word drawn in the pictures
has no English of the game left (player names and move notation aside); a refusal comes in the
language of the one who made the move; English is as written."""

from __future__ import annotations

from functools import cache

import pytest

import lang
from bot.core.replies import Caller, Reply
from games import registry
from lang import tool
from render import common
from tests.helpers import CHANNEL, GUILD, service_at
from tests.lang.leftovers import drawn_texts, english_left, words

# the words of moves as typed (`take r2 c1,c3`, `flower r3c2 octopus`): the same in every language
NOTATION = {"take", "paddle", "place", "dock", "discard", "done", "flower", "seahorse", "manta", "octopus", "fish",
            "turtle", "parrot", "crab", "hut", "tiki", "bottle"}


@cache
def english_of(domain: str) -> frozenset[str]:
    found: set[str] = set()
    for message in tool.template(domain):
        for part in [message.id] if isinstance(message.id, str) else list(message.id or ()):
            found |= words(part)
    return frozenset(found)


@cache
def untranslated_words(domain: str, language: str) -> frozenset[str]:
    """English words of the other catalogues not translated yet into `language` (on a branch where the
    table service's own sentences wait for their catalogue): left to their own check. Once a catalogue
    holds translations, its words count here too."""
    from lang import domains, scan
    from lang.domains import DOMAINS

    out: set[str] = set()
    for other in DOMAINS:
        if other == domain:
            continue
        if not any(m.id and m.string for m in tool.read(language, other)):
            out |= english_of(other)
        for path in domains.files(other):  # sentences not wrapped yet
            if path.suffix == ".py":
                for found in scan.unwrapped(path):
                    out |= words(found.text)
    return frozenset(out)


def texts_of(reply: Reply) -> list[str]:
    out = [reply.text, reply.private, reply.image_alt]
    out += [b.label for b in reply.buttons + reply.private_buttons]
    for menu in reply.menus:
        out += [getattr(menu, "placeholder", "")]
        out += [str(getattr(o, "label", "")) + " " + str(getattr(o, "description", "") or "")
                for o in getattr(menu, "options", [])]
    return [t for t in out if t]


async def play_in(tmp_path, language: str, key: str, players: int, options: str = "", seed: int = 7):
    """A whole game of `key` in `language`: one person (with that locale, on a server of that language)
    and computer players; returns (every text the person got, every text drawn, the service, table)."""
    service = await service_at(tmp_path / f"{language}.db", seeds=lambda: seed, draw_images=True)
    person = Caller(GUILD, CHANNEL, 1, "Alice", locale=language, guild_locale=language)
    got: list[str] = []
    for cache_ in (common._sprites, common._long_sprites):
        cache_.clear()
    with drawn_texts() as drawn:
        args = {"game": key} | ({"options": options} if options else {})
        for command, given in (("open", args), *[("addai", {})] * (players - 1), ("start", {})):
            reply = await service.handle(person, command, given)
            assert reply.ok, reply.private
            got += texts_of(reply)
        table = (await service.store.open_table(CHANNEL)).id
        asked = False
        for _ in range(3000):
            if (await service.store.table(table)).status != "active":
                break
            if not asked:
                for command in ("rules", "moves", "hand", "board", "history"):
                    got += texts_of(await service.handle(person, command))
                asked = True
            move = await service.ai_suggestion(person)
            reply = await service.handle(person, "move", {"move": move})
            assert reply.ok, reply.private
            got += texts_of(reply)
        assert (await service.store.table(table)).status == "finished"
        for command in ("history", "board"):
            got += texts_of(await service.handle(person, command))
    return got, list(drawn), service, table


def found(pairs) -> dict[str, str]:
    """Each English word left, with the first text it stands in (for a readable failure)."""
    out: dict[str, str] = {}
    for word, text in pairs:
        out.setdefault(word, text[:160])
    return out


def leftovers(texts, language: str, domain: str, allowed=()) -> list[tuple[str, str]]:
    return english_left(texts, language, allowed=[*allowed, "Alice", *untranslated_words(domain, language)])


@pytest.mark.parametrize("language", ["de", "es"])
async def test_a_whole_game_has_no_english_left(tmp_path, language):
    if "archipels" not in registry.available():
        pytest.skip("Archipels not built")
    got, drawn, service, table = await play_in(tmp_path, language, "archipels", 3)
    assert len(got) > 50 and len(drawn) > 50
    assert found(leftovers(got, language, "archipels", NOTATION)) == {}
    assert found(leftovers(drawn, language, "archipels", NOTATION)) == {}
    # the game's own words: status and told moves read back in the language
    game = registry.get("archipels").load((await service.store.table(table)).state)
    with lang.using(language):
        assert leftovers([game.status(["Alice", "B", "C"]), game.rules_help()], language, "archipels", NOTATION) == []


@pytest.mark.parametrize("language", ["de", "es"])
async def test_a_refusal_comes_in_the_movers_language(tmp_path, language):
    service = await service_at(tmp_path / "r.db", seeds=lambda: 3)
    person = Caller(GUILD, CHANNEL, 1, "Alice", locale=language, guild_locale="en")
    other = Caller(GUILD, CHANNEL, 2, "Bob", locale="en", guild_locale="en")
    assert (await service.handle(person, "open", {"game": "archipels"})).ok
    assert (await service.handle(other, "join")).ok
    assert (await service.handle(person, "start")).ok
    table = (await service.store.open_table(CHANNEL)).id
    seats = {s.user_id: s.seat for s in await service.store.seats(table)}
    if service._cache[table].game.to_act() != [seats[person.user_id]]:  # Bob plays until it is Alice's turn
        while service._cache[table].game.to_act() != [seats[person.user_id]]:
            assert (await service.handle(other, "move", {"move": await service.ai_suggestion(other)})).ok
    refused = await service.handle(person, "move", {"move": "flower r3c2 octopus"})
    assert not refused.ok
    with lang.using(language):
        expected = lang.tr("Flowers are added after every turn of the day has been played.")
    assert expected != "Flowers are added after every turn of the day has been played."
    assert refused.private == expected
    # the same refusal to an English speaker is in English
    assert (await service.handle(other, "move", {"move": "take r9"})).private.count("It is not your turn") \
        + (await service.handle(other, "move", {"move": "take r9"})).private.count("Name a line") >= 1


def test_english_is_as_written():
    from games.archipels.game import Archipels

    game = Archipels.new(2, seed=1)
    with lang.using("en"):
        assert game.status(["A", "B"]).startswith("Day 1/6, canoe with ")
        assert "Waiting for" in game.status(["A", "B"])
        with pytest.raises(Exception, match="It is not your turn."):
            game.play(1 - game.current(), "take r2 c2")

"""Ramparts in German and Spanish: a whole game played through the service by people whose Discord
speaks the language, every text they get and every text drawn in its pictures read for English left;
a refusal in the caller's language; English as it was.

The sentences of the Ramparts domain are checked at once: every one the game wrote (recorded where
its modules call `tr`, `ngettext` and `pgettext`) holds no English word. The whole texts people read
also hold the base game's and the core's sentences, from their own catalogues: that check runs once
those catalogues are here (`FULL`), after the branches are merged.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import lang
from bot.extensions import install
from games import registry
from games.pioneers import move_values, progress, ramparts, ramparts_data
from games.pioneers import progress as P
from lang.domains import ROOT
from render import common, pioneers_ramparts
from render import pioneers as picture
from tests.helpers import open_table, service_at, who
from tests.lang import leftovers

# the modules of the domain that write sentences, each with the names it calls them by
MODULES = (move_values, progress, ramparts, ramparts_data, pioneers_ramparts)
# the base game's and the core's catalogues: with them the whole texts are read (after the merge)
FULL = all((ROOT / "lang" / language / f"{domain}.po").exists() for language in lang.LANGUAGES
           for domain in ("pioneers", "core", "features"))

NAMES = ("Alice", "Bob")
# move notation, typed the same in every language: its verbs, the cards' and the kinds' keys
NOTATION = {"play", "take", "give", "knight", "promote", "activate", "move", "chase", "wall", "improve", "draw",
            "cistern", "road", "city", "settlement", "trade", "offer", "roll", "end", "discard", "robber",
            "steal", "for", "to", "confirm", "cancel", "accept", "decline", "counter", "track", "done",
            *(word for key in P.CARDS for word in key.split()), *ramparts_data.KINDS, *ramparts_data.TRACKS}
ALLOWED = {name.lower() for name in NAMES} | NOTATION | {word.lower() for key in P.CARDS for word in
                                                      P.TITLES[key].split()}


def person(name: str, user_id: int, language: str):
    return dataclasses.replace(who(name, user_id), locale=language, guild_locale=language)


class Said:
    """Every sentence the domain's modules wrote while installed: the translated text, by language."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, str]] = []
        for module in MODULES:
            for name in ("tr", "ngettext", "pgettext"):
                real = getattr(module, name, None)
                if real is not None:
                    monkeypatch.setattr(module, name, self._recording(real))

    def _recording(self, real):
        def call(*args):
            out = real(*args)
            self.texts.append((lang.current(), out))
            return out

        return call


def texts_of(reply) -> list[str]:
    found = [reply.text, reply.private, reply.image_alt]
    for button in [*reply.buttons, *reply.private_buttons]:
        found.append(button.label)
    for menu in reply.menus:
        found += [str(getattr(menu, "placeholder", ""))]
        found += [str(getattr(option, "label", option)) for option in getattr(menu, "options", ())]
    found += [attachment.alt for attachment in reply.attachments if attachment.alt]
    return [text for text in found if text]


async def play_a_whole_game(tmp_path, language: str) -> tuple[list[str], list[str], object]:
    """Alice and Bob, speaking `language`, and an easy computer play Ramparts to its end; the texts
    they got (moves, /moves, /hand, /history, /rules, refusals) and the texts drawn."""
    service = await service_at(tmp_path / f"{language}.db")
    install(service, prepare_daily=False)
    people = (person("Alice", 1, language), person("Bob", 2, language))
    common._sprites.clear()  # every label drawn again, so that each is seen
    common._long_sprites.clear()
    got: list[str] = []
    with leftovers.drawn_texts() as drawn:
        table = await open_table(service, "pioneers", people, levels=("easy",), options="ramparts=on")
        rng = random.Random(7)
        for person_ in people:
            for command, args in (("rules", {}), ("moves", {}), ("hand", {}), ("board", {})):
                got += texts_of(await service.handle(person_, command, args))
        refused = False
        for step in range(3000):
            loaded = await service.table(table)
            game = loaded.game
            if game.phase == "over" or loaded.row.status != "active":
                break
            seat = (game.awaited_answers() or game.to_act())[0]
            mover = next(p for p in people if p.user_id == loaded.by_seat(seat).user_id)
            if not refused and game.phase == "main":
                reply = await service.handle(mover, "move", {"move": "wall 1"})
                assert not reply.ok
                got.append(reply.private)
                refused = True
            reply = await service.handle(mover, "move", {"move": game.ai_move(seat, rng)})
            assert reply.ok, reply.private
            got += texts_of(reply)
            if step % 40 == 0:
                for command in ("moves", "hand", "history"):
                    got += texts_of(await service.handle(mover, command, {}))
        assert game.phase == "over" or loaded.row.status != "active", "the game did not end"
        for person_ in people:
            got += texts_of(await service.handle(person_, "history", {}))
        final = (await service.table(table)).game
    return got, list(drawn), final


@pytest.mark.parametrize("language", lang.LANGUAGES)
async def test_a_whole_ramparts_game_leaves_no_english(tmp_path, monkeypatch, language):
    said = Said(monkeypatch)
    got, drawn, final = await play_a_whole_game(tmp_path, language)
    assert got
    # the pictures of the game's end, each seat's and the public one, with the seats' hands
    with lang.using(language), leftovers.drawn_texts() as more:
        common._sprites.clear()
        common._long_sprites.clear()
        for seat in (None, 0, 1):
            view = final.view(seat)
            picture.render(view, list(NAMES) + ["Computer"])
            pioneers_ramparts.hand_picture(view, list(NAMES) + ["Computer"])
            pioneers_ramparts.regions(view, list(NAMES) + ["Computer"], [])
    drawn += more
    assert any(leftovers.words(text) for text in drawn)
    ours = [text for spoken, text in said.texts if spoken == language]
    assert ours, "the domain wrote nothing in the language"
    left = leftovers.english_left(ours, language, ALLOWED)
    assert left == [], f"English left in the Ramparts sentences ({language}): {left[:20]}"
    # the words of the domain itself, wherever they show: each card note, each status and line
    assert not any(spoken == lang.ENGLISH for spoken, _ in said.texts)
    if FULL:  # after the merge: the whole texts, the base game's and the core's sentences too
        left = leftovers.english_left(got + drawn, language, ALLOWED | {"computer"})
        assert left == [], f"English left ({language}): {left[:20]}"


@pytest.mark.parametrize(("language", "words"), [("de", "Deine erste Gründung ist eine Siedlung"),
                                              ("es", "Tu primera colocación inicial es un poblado")])
async def test_a_refusal_comes_in_the_callers_language(tmp_path, language, words):
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    # Alice's Discord speaks English in a server that speaks the language; Bob's speaks the language
    people = (dataclasses.replace(person("Alice", 1, language), locale="en-US"), person("Bob", 2, language))
    table = await open_table(service, "pioneers", people, options="ramparts=on")
    loaded = await service.table(table)
    for caller in people:
        seat = next(s.seat for s in loaded.seats if s.user_id == caller.user_id)
        if seat == loaded.game.to_act()[0]:
            break
    reply = await service.handle(caller, "move", {"move": "city 5"})  # the first placement is a settlement
    assert not reply.ok
    if caller.locale != "en-US":
        assert words in reply.private and "`settlement N`" in reply.private
    else:
        assert "Your first starting placement is a settlement: `settlement N`." in reply.private
    with lang.using(language):
        try:
            loaded.game.play(loaded.game.to_act()[0], "city 5")
        except Exception as why:  # noqa: BLE001 - the refusal is what is read
            assert words in str(why)


def test_english_is_as_written():
    """With English every sentence of the domain is the code's own text, byte for byte."""
    game = registry.get("pioneers").new(2, {"ramparts": True}, 3)
    with lang.using("en"):
        assert ramparts_data.knight_word(2) == "seasoned" and ramparts_data.track_word(0) == "commerce"
        assert ramparts_data.metropolis_name(1) == "Citadel" and ramparts_data.kind_word(6) == "sailcloth"
        assert tuple(ramparts_data.RAMPARTS_NOTES)[0].startswith("Ramparts is a lobby option")
        assert "Raiders 0/7: strength 0 against knights 0." in game.status(list(NAMES))
    with lang.using("de"):
        assert "Plünderer 0/7: Stärke 0 gegen Ritter 0." in game.status(list(NAMES))
        assert ramparts_data.knight_word(3) == "Veteran" and ramparts_data.kind_word("silver") == "Silber"
    with lang.using("es"):
        assert ramparts_data.track_word("lore") == "saber" and ramparts_data.kind_word("ink") == "tinta"


@pytest.mark.parametrize("language", lang.LANGUAGES)
def test_the_notes_of_the_rules_help_are_translated(language):
    """The designed readings /rules lists (RAMPARTS_NOTES, CARD_NOTES), in the language asked."""
    with lang.using(language):
        notes = [*ramparts_data.notes(), *P.card_notes()]
    assert len(notes) == len(ramparts_data.RAMPARTS_NOTES) + len(P.CARD_NOTES)
    assert not set(notes) & {*ramparts_data.RAMPARTS_NOTES, *P.CARD_NOTES}
    assert leftovers.english_left(notes, language, ALLOWED) == []
    with lang.using("en"):
        assert ramparts_data.notes() == list(ramparts_data.RAMPARTS_NOTES)

"""Grow Sky in German and Spanish: whole games of computer players and one person (also with
`advanced=on`) played through the table service in each language; every text the person gets and
every word drawn has no English of the game left (player names and move notation aside); the notes a
move leaves in the state stay English and are told in the reader's language; a refusal comes in the
language of the one who made the move; English is as written."""

from __future__ import annotations

import pytest

import lang
from bot.core.replies import Caller
from games import registry
from games.growsky import data
from games.growsky.notes import note_words
from tests.helpers import CHANNEL, GUILD, service_at
from tests.lang.test_archipels import found, leftovers, play_in

# the words of moves as typed (`fly 4 +1`, `grow fuel2`, `pay 1 fuel 1 lv2`, `side a`) and the codes
# the picture draws (`cap`): the same in every language
NOTATION = {"side", "draft", "fly", "develop", "standby", "end", "upgrade", "cube", "grow", "pick", "place", "buy",
            "pass", "pay", "fuel", "fuel2", "rudder", "die", "move", "lv1", "lv2", "lv3", "search", "cap", "off",
            "advanced", "instant", "part"}


@pytest.mark.parametrize(("language", "options"), [("de", ""), ("es", ""), ("de", "advanced=on"),
                                                    ("es", "advanced=on")])
async def test_a_whole_game_has_no_english_left(tmp_path, language, options):
    if "growsky" not in registry.available():
        pytest.skip("Grow Sky not built")
    got, drawn, service, table = await play_in(tmp_path, language, "growsky", 3, options)
    assert len(got) > 50 and len(drawn) > 50
    assert found(leftovers(got, language, "growsky", NOTATION)) == {}
    assert found(leftovers(drawn, language, "growsky", NOTATION)) == {}
    game = registry.get("growsky").load((await service.store.table(table)).state)
    with lang.using(language):
        words = [game.status(["Alice", "B", "C"]), game.rules_help(), game.end_summary(["Alice", "B", "C"])]
        assert found(leftovers(words, language, "growsky", NOTATION)) == {}


def test_the_state_keeps_its_notes_in_english_and_tells_them_in_the_language():
    from games.growsky.game import GrowSky

    game = GrowSky.new(2, {}, 5)
    with lang.using("de"):
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    notes = list(game.last["notes"]) if game.last else []
    english = {lang.ENGLISH: [note_words(n) for n in notes]}
    assert english[lang.ENGLISH] == notes  # English: as kept
    with lang.using("es"):
        told = [note_words(n) for n in notes]
    assert all(t == n for t, n in zip(told, notes, strict=True)) is False or not notes
    with lang.using("de"):
        assert note_words("gained 2 fuel (at the limit)") == "bekam 2 Treibstoff (an der Grenze)"
        assert data.told_bonus("2 victory points or 1 fuel + 1 blue cube") == \
            "2 Siegpunkte oder 1 Treibstoff + 1 blaues Klötzchen"


@pytest.mark.parametrize("language", ["de", "es"])
async def test_a_refusal_comes_in_the_movers_language(tmp_path, language):
    service = await service_at(tmp_path / "r.db", seeds=lambda: 3)
    person = Caller(GUILD, CHANNEL, 1, "Alice", locale=language, guild_locale="en")
    other = Caller(GUILD, CHANNEL, 2, "Bob", locale="en", guild_locale="en")
    assert (await service.handle(person, "open", {"game": "growsky"})).ok
    assert (await service.handle(other, "join")).ok
    assert (await service.handle(person, "start")).ok
    table = (await service.store.open_table(CHANNEL)).id
    seats = {s.user_id: s.seat for s in await service.store.seats(table)}
    for _ in range(20):
        if service._cache[table].game.to_act() == [seats[person.user_id]]:
            break
        assert (await service.handle(other, "move", {"move": await service.ai_suggestion(other)})).ok
    refused = await service.handle(person, "move", {"move": "upgrade s99"})
    assert not refused.ok
    assert found(leftovers([refused.private], language, "growsky", NOTATION)) == {}
    english = await service.handle(other, "move", {"move": "upgrade s99"})
    assert not english.ok and "not" in english.private.lower()


def test_english_is_as_written():
    from games.growsky.game import GrowSky

    game = GrowSky.new(2, {}, 1)
    with lang.using("en"):
        assert game.status(["A", "B"]).startswith("Setup draft: ")
        assert data.bonus_words("vp*2|fuel+cube") == "2 victory points or 1 fuel + 1 blue cube"

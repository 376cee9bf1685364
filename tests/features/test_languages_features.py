"""The features in German and Spanish (lang/): `/settings language:` chooses the language of a
server's public posts (or gives it back to the server's own language from Discord); a reminder and a
deadline post of a table in a Spanish server are Spanish; a person whose Discord speaks German gets
their private answers and refusals in German; the daily boards' pictures draw their words in the
language of the call; English is unchanged (tests/core/test_service_fingerprint.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import lang
from bot.core import marks
from bot.features.settings import ServerSettingsFeature, language_of
from bot.features.timing import Timing
from db.server_settings import ServerSettingsStore
from games.base import IllegalMove
from render import daily as render_daily
from render.daily import daily_board, solo_board
from tests.features.test_timing import FakeOutbox, TravelClock, at, rounds, to_act  # noqa: F401 (a fixture)
from tests.helpers import ALICE, BOB, GUILD, service_at, who
from tests.lang.leftovers import english_left

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")

ADMIN = who("Admin", 9, manage=True)
ADMIN_EN = replace(ADMIN, locale="en-US")  # answered in English whatever the server's language
# names and the test game's title may stand in any language
NAMES = ("Alice", "Bob", "Admin", "Rounds", "score")


async def server(tmp_path, clock=None):
    service = await service_at(tmp_path / "s.db", clock=clock or TravelClock())
    timing = Timing(service)
    service.extend(timing)
    service.extend(ServerSettingsFeature(service))
    service.outbox = FakeOutbox()
    return service, timing


async def chosen(service, guild=GUILD):
    return (await ServerSettingsStore.of(service.store).get(guild)).language


# -- /settings language: ------------------------------------------------------------------
async def test_settings_language_is_set_shown_and_cleared_back_to_the_servers_own(tmp_path):
    service, _ = await server(tmp_path)
    assert await service.public_language(GUILD) == "en"
    saved = await service.handle(ADMIN_EN, "settings", {"language": "de"})
    assert saved.ok and not saved.text, saved.private  # private, as every /settings answer
    assert await chosen(service) == "de"
    assert await service.public_language(GUILD) == "de"  # forgotten and read again at once
    assert "Public posts: in Deutsch." in saved.private  # the admin's own answer: their language (English)
    # the summary shows it
    assert (await service.handle(ADMIN_EN, "settings", {"language": "es"})).ok
    assert await chosen(service) == "es" and await service.public_language(GUILD) == "es"
    shown = await service.handle(ADMIN_EN, "settings")
    assert "Public posts: in Español." in shown.private
    # cleared: the server's own language as Discord tells it (here none: English)
    cleared = await service.handle(ADMIN_EN, "settings", {"clear": "language"})
    assert cleared.ok and await chosen(service) is None
    assert await service.public_language(GUILD) == "en"
    assert "Public posts: in the server's own language from Discord (English)." in cleared.private
    # the server's own locale, told by Discord with a call, is what a cleared setting falls back to
    told = replace(ADMIN, guild_locale="de")
    assert (await service.handle(told, "settings")).ok
    assert await service.public_language(GUILD) == "de"


async def test_settings_language_is_refused_to_a_non_manager_and_for_a_bad_value_with_the_store_unchanged(tmp_path):
    service, _ = await server(tmp_path)
    assert (await service.handle(ADMIN, "settings", {"language": "de"})).ok
    before = await ServerSettingsStore.of(service.store).get(GUILD)
    refused = await service.handle(replace(ALICE, locale="en"), "settings", {"language": "es"})
    assert not refused.ok and "manage this server" in refused.private
    for asked in ({"language": "fr"}, {"language": "Klingon", "threads": "off"},
                  {"language": "es", "clear": "language"}):
        refused = await service.handle(ADMIN_EN, "settings", asked)
        assert not refused.ok and not refused.text, asked
        assert len(refused.private.splitlines()) == 1, refused.private
    assert "`language` is one of: en, de, es." in (
        await service.handle(ADMIN_EN, "settings", {"language": "fr"})).private
    assert await ServerSettingsStore.of(service.store).get(GUILD) == before
    assert await service.public_language(GUILD) == "de"
    # refused in the person's language: a member of this German server whose Discord tells no language
    german = await service.handle(ALICE, "settings", {"language": "es"})
    assert german.private == "Nur Mitglieder, die diesen Server verwalten dürfen, sehen und ändern seine Einstellungen."
    spanish = await service.handle(replace(BOB, locale="es-419"), "settings", {"clear": "language"})
    assert spanish.private == "Solo los miembros que pueden gestionar este servidor ven y cambian sus ajustes."
    assert await ServerSettingsStore.of(service.store).get(GUILD) == before


def test_a_language_is_named_by_its_code_or_its_own_name_and_nothing_else():
    assert [language_of(typed) for typed in ("de", " ES ", "English", "Deutsch", "español")] == [
        "de", "es", "en", "de", "es"]
    with pytest.raises(IllegalMove, match="one of: en \\(English\\), de \\(Deutsch\\), es \\(Español\\)"):
        language_of("fr")


# -- posts with no caller: in the server's language --------------------------------------
async def test_a_reminder_and_a_deadline_of_a_table_in_a_spanish_server_are_spanish(tmp_path):
    clock = TravelClock()
    service, timing = await server(tmp_path, clock)
    assert (await service.handle(ADMIN, "settings", {"language": "es"})).ok
    opened = await service.handle(ALICE, "open", {"game": "rounds", "timeout": "forfeit-3"})
    assert opened.ok, opened.private
    assert "Plazo de turno 24 horas, un recordatorio 12 horas antes" in opened.text
    assert (await service.handle(BOB, "join")).ok
    assert (await service.handle(ALICE, "start")).ok
    await timing.settle()
    first, = await to_act(service)
    assert await timing.tick(at(clock, hours=12)) == 1
    reminder = service.outbox.posts[-1][1]
    assert reminder.text.startswith("Recordatorio: ") and reminder.mentions == [first.user_id]
    assert "el ordenador lo juega por ti (plazos vencidos hasta ahora: 0 de 3" in reminder.text
    assert english_left([reminder.text], "es", NAMES) == []
    clock.advance(hours=24)
    assert await timing.tick() == 1
    missed = service.outbox.posts[-1][1].text.splitlines()[0]
    assert missed == (f"**{first.name}** dejó vencer el plazo del turno, así que el ordenador jugó por {first.name}. "
                      "Plazos vencidos: 1 de 3; con 3 el asiento queda eliminado.")
    assert english_left([missed], "es", NAMES) == []
    # a German-speaking player's own answer at the same table is in German; the table's posts stay Spanish
    german = replace(first, locale="de")
    shown = await service.handle(german, "deadline")
    assert shown.private.startswith("Zugfrist 24 Stunden, eine Erinnerung 12 Stunden davor; ")
    assert english_left([shown.private], "de", NAMES) == []
    changed = await service.handle(replace(ALICE, locale="de"), "deadline", {"deadline": "2d"})
    assert changed.ok and changed.text.startswith("**Alice** ha cambiado los ajustes de turno. Plazo de turno 2 días")


# -- private answers: in the person's language -------------------------------------------
async def test_private_answers_and_refusals_come_in_the_persons_language(tmp_path):
    service, timing = await server(tmp_path)
    german = replace(ALICE, locale="de")
    answers = [
        await service.handle(german, "notify", {"mode": "dm"}),
        await service.handle(german, "vacation"),
        await service.handle(german, "vacation", {"days": "off"}),
        await service.handle(german, "vacation", {"days": "30"}),
        await service.handle(german, "deadline"),
        await service.handle(german, "settings"),
    ]
    texts = [a.private for a in answers]
    assert texts[0] == ("Wenn du am Zug bist, wirst du im Kanal des Tisches erwähnt und bekommst auch eine "
                        "Direktnachricht, und Erinnerungen ebenfalls per Direktnachricht. Das gilt für alle Tische "
                        "dieses Servers.")
    assert texts[1].startswith("Du bist nicht im Urlaub. Übriger Urlaub diesen Monat: 14 Tage ")
    assert "/urlaub tage:5" in texts[1]
    assert texts[2] == "Du bist nicht im Urlaub."
    assert texts[3] == "Ein Urlaub dauert von einer Stunde bis zu 14 Tagen."
    assert texts[4] == "In diesem Kanal gibt es keinen Tisch."
    assert texts[5] == "Nur Mitglieder, die diesen Server verwalten dürfen, sehen und ändern seine Einstellungen."
    assert english_left(texts, "de", NAMES) == []
    # the same answers in English, for a person whose Discord speaks English, are as they were
    english = await service.handle(replace(BOB, locale="en-US"), "vacation", {"days": "off"})
    assert english.private == "You are not on vacation."


# -- pictures: the daily boards draw their words in the language of the call --------------
BOARD = {"day": "2026-03-02", "weekday": "Monday", "difficulty": "very_hard", "final": True, "playing": 2,
         "rows": [{"rank": 1, "name": "Alice", "result": "won", "score": 31, "hints": 2, "moves": 40, "takebacks": 1},
                  {"rank": 2, "name": "Bob", "result": "expired", "score": None, "hints": 0, "moves": 12,
                   "takebacks": 0}]}
SOLO = {"rows": [{"rank": 1, "name": "Alice", "games": 4, "wins": 3, "best": 31, "best_hinted": True, "streak": 2,
                  "longest": 3}]}


@pytest.mark.parametrize("language", lang.LANGUAGES)
def test_the_daily_boards_draw_no_english_word(language, monkeypatch):
    seen: list[str] = []  # every text the boards draw (render.common keeps drawn words as sprites)
    for name in ("text", "pill"):
        drawn = getattr(render_daily, name)
        monkeypatch.setattr(render_daily, name, lambda draw, xy, words, *a, _drawn=drawn, **k: (
            seen.append(words), _drawn(draw, xy, words, *a, **k))[1])
    with lang.using(language):
        board = daily_board({**BOARD, "weekday": lang.tr("Monday")})
        solo = solo_board({**SOLO, "title": lang.tr("Solo board"),
                           "subtitle": lang.tr("Daily challenges and solo games of this server")})
    assert board.startswith(b"\x89PNG") and solo.startswith(b"\x89PNG")
    assert len(seen) > 20 and english_left(seen, language, NAMES) == []


# -- a take-back at a table of a Spanish server, asked by a German-speaking player ----------
async def test_a_take_back_posts_in_the_servers_language_and_answers_the_mover_in_theirs(tmp_path):
    from bot.extensions import install
    from db.server_settings import SettingsChange
    from tests.features.test_takeback import current
    from tests.helpers import open_table

    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    await ServerSettingsStore.of(service.store).change(GUILD, SettingsChange(values={"language": "es"}))
    service.forget_language(GUILD)
    people = (ALICE, BOB)
    await open_table(service, "pioneers", people)
    mover, game, seat, _ = await current(service, people)
    other = BOB if mover is ALICE else ALICE
    german = replace(mover, locale="de")
    moved = await service.handle(german, "move", {"move": game.legal_moves(seat)[0]})
    assert moved.ok and [b.label for b in moved.private_buttons] == ["Zurücknehmen"]
    ask = await service.press(german, moved.private_buttons[0].custom_id)
    assert ask.ok and {b.label for b in ask.buttons} == {"Aceptar", "Rechazar"}
    move = ask.text.split("`")[1]
    assert ask.text == (f"**{mover.name}** pide deshacer `{move}`.\n{marks.person(other.user_id)}: aceptar o "
                        "rechazar. Cualquier jugada termina la petición.")
    assert english_left([ask.text], "es", NAMES) == []
    # the asker may not answer: refused in their own language
    agree = next(b.custom_id for b in ask.buttons if b.label == "Aceptar")
    own = await service.press(german, agree)
    assert not own.ok and own.private == "Du hast darum gebeten: Die anderen Spieler antworten."
    refuse = next(b.custom_id for b in ask.buttons if b.label == "Rechazar")
    refused = await service.press(other, refuse)
    assert refused.text.splitlines()[0] == f"**{other.name}** ha rechazado deshacer `{move}`: la jugada se mantiene."

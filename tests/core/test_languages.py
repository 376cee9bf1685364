"""Whose language: a table's public post (the board message, the headline of a move, the lobby, the
picture and its buttons) in the server's language, a person's own answers (refusals, the private text,
/hand and its picture) in theirs, and a post composed later with nobody asking (the outbox, a post
rebuilt after a restart) in the server's language as it was remembered. English stays as it was.

The test game `sticks` is told here to write its own words with the language it is called in, so
that what is checked is the language the core calls the game in (the games' own sentences are
translated in their own catalogues); the core's sentences are checked as they read."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

import lang
import render
from bot.core import marks
from bot.core.replies import Caller
from db.server_settings import ServerSettingsStore, SettingsChange
from games.base import IllegalMove
from render import common
from tests.helpers import CHANNEL, GUILD, service_at
from tests.lang.leftovers import drawn_texts, english_left
from tests.sticks import Sticks

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

OTHER_GUILD, OTHER_CHANNEL = 333, 444


def person(name: str, user_id: int, locale: str = "", guild: int = GUILD, channel: int = CHANNEL,
           guild_locale: str = "") -> Caller:
    return Caller(guild, channel, user_id, name, locale=locale, guild_locale=guild_locale)


ANNA = person("Anna", 1, locale="de")  # writes German to Discord
BRUNO = person("Bruno", 2)  # tells no language of his own
# what may stand in any language: names, the game's title, its option and the test game's own words
ALLOWED = ("Anna", "Bruno", "Sticks", "sticks", "status", "move", "private", "refused", "take", "most")


@pytest.fixture
def told(sticks, monkeypatch):
    """The test game writes each of its words with the language it is called in; its pictures (a
    fake drawing) draw the core's words for a seat and a place, and note their language."""
    drawn: list[tuple[str, str]] = []

    def status(self, names):
        return f"status[{lang.current()}]"

    def describe_move(self, seat, move, names):
        return f"{names[seat]}: move[{lang.current()}]"

    def private_text(self, seat, names):
        return f"private[{lang.current()}]"

    plain_play = Sticks.play

    def play(self, seat, move):
        if move == "take 9":
            raise IllegalMove(f"refused[{lang.current()}]")
        plain_play(self, seat, move)

    def picture(kind):
        def draw(key, view, names):
            image = Image.new("RGB", (240, 30), "white")
            ImageDraw.Draw(image).text((2, 2), f"{common.seat_name([], 4)} {common.ordinal(1)}", fill="black")
            drawn.append((kind, lang.current()))
            data = io.BytesIO()
            image.save(data, "PNG")
            return data.getvalue()
        return draw

    monkeypatch.setattr(Sticks, "status", status)
    monkeypatch.setattr(Sticks, "describe_move", describe_move)
    monkeypatch.setattr(Sticks, "private_text", private_text)
    monkeypatch.setattr(Sticks, "play", play)
    monkeypatch.setattr(render, "draw", picture("board"))
    monkeypatch.setattr(render, "draw_hand", picture("hand"))
    return drawn


async def spanish_server(tmp_path):
    service = await service_at(tmp_path / "t.db", draw_images=True)
    await ServerSettingsStore.of(service.store).change(GUILD, SettingsChange(values={"language": "es"}))
    return service


async def started(service, first: Caller, second: Caller):
    opened = await service.handle(first, "open", {"game": "sticks", "options": "sticks=12"})
    assert opened.ok, opened.private
    joined = await service.handle(second, "join")
    assert joined.ok, joined.private
    begun = await service.handle(first, "start")
    assert begun.ok, begun.private
    return opened, joined, begun


async def to_act(service, channel: int = CHANNEL) -> int:
    loaded = await service.here(channel)
    return loaded.by_seat(loaded.game.to_act()[0]).user_id


async def test_the_post_is_the_servers_and_the_answer_the_persons(tmp_path, told):
    service = await spanish_server(tmp_path)
    opened, joined, begun = await started(service, ANNA, BRUNO)
    # the lobby and the start: public posts, in Spanish whoever asked
    assert "**Anna** abrió una mesa de **Sticks**." in opened.text and "Unirse" in [b.label for b in opened.buttons]
    assert "**Bruno** se sentó." in joined.text
    assert "Empieza la partida de **Sticks**." in begun.text and "\nTu turno: " in begun.text
    assert "status[es]" in begun.text and "Mis jugadas" in [b.label for b in begun.buttons]
    if await to_act(service) != ANNA.user_id:  # Anna moves first in what follows
        assert (await service.handle(BRUNO, "move", {"move": "take 1"})).ok
    told.clear()

    # Bruno, out of turn, tells no language: the server's
    out_of_turn = await service.handle(BRUNO, "move", {"move": "take 1"})
    assert not out_of_turn.ok and out_of_turn.private.startswith("No es tu turno: la mesa espera a Anna.")
    # Anna's refusals are German: the core's and the game's alike
    refused = await service.handle(ANNA, "move", {"move": "take 9"})
    assert not refused.ok and refused.private == "refused[de]" and not refused.text
    typed = await service.move(ANNA, " ")  # as the console and the board page send a move
    assert typed.private == "Gib einen Zug ein; /züge listet deine auf."
    empty = await service.handle(ANNA, "move", {"move": " "})
    assert empty.private == "/move braucht `move`: dein Zug in der Notation des Spiels."

    # her legal move: the post in Spanish (its headline, status, call, buttons, picture), her own text in German
    with drawn_texts() as words:
        played = await service.handle(ANNA, "move", {"move": "take 2"})
    assert played.ok, played.private
    assert played.text.startswith(f"Anna: move[es]\nstatus[es]\nTu turno: {marks.person(2)}"), played.text
    assert played.private == "private[de]"
    assert [b.label for b in played.buttons][-1] == "Mis jugadas"
    assert told == [("board", "es")] and "Asiento 5 1.º" in words
    assert played.image_alt.startswith("El tablero de Sticks. status[es]")

    # /hand: her own words and her own picture, in German, with what happened since her turn
    assert (await service.handle(BRUNO, "move", {"move": "take 1"})).ok
    told.clear()
    with drawn_texts() as words:
        hand = await service.handle(ANNA, "hand")
    assert hand.private.startswith("Seit deinem letzten Zug:\n- Bruno: move[de]") and "private[de]" in hand.private
    assert told == [("hand", "de")] and "Platz 5 1." in words

    spanish = [opened.text, joined.text, begun.text, out_of_turn.private, played.text, played.image_alt,
               *(b.label for b in [*opened.buttons, *played.buttons])]
    german = [typed.private, empty.private, hand.private, hand.image_alt]
    assert english_left(spanish, "es", ALLOWED) == []
    assert english_left(german, "de", ALLOWED) == []


async def test_a_persons_language_is_the_servers_when_they_tell_none(tmp_path, told):
    service = await spanish_server(tmp_path)
    await started(service, BRUNO, person("Carla", 3))
    nobody = await service.handle(person("Dora", 4), "move", {"move": "take 1"})
    assert nobody.private == "No estás sentado a esta mesa, así que no puedes jugar aquí."
    first = await to_act(service)
    mover = BRUNO if first == BRUNO.user_id else person("Carla", 3)
    played = await service.handle(mover, "move", {"move": "take 1"})
    assert played.private == "private[es]" and "move[es]" in played.text


async def test_the_servers_own_locale_is_remembered_for_posts_nobody_asked_for(tmp_path, told):
    path = tmp_path / "t.db"
    service = await service_at(path, draw_images=True)
    host = person("Eva", 5, guild=OTHER_GUILD, channel=OTHER_CHANNEL, guild_locale="es-ES")
    guest = person("Femi", 6, locale="en-US", guild=OTHER_GUILD, channel=OTHER_CHANNEL, guild_locale="es-ES")
    opened, _, _ = await started(service, host, guest)
    assert "abrió una mesa" in opened.text
    if await to_act(service, OTHER_CHANNEL) != guest.user_id:
        assert (await service.handle(host, "move", {"move": "take 1"})).ok
    played = await service.handle(guest, "move", {"move": "take 2"})
    assert "move[es]" in played.text and played.private == "private[en]"  # Femi reads English

    # a restart: a new service on the same store composes the board with nobody asking (the outbox, a
    # post rebuilt from the saved table) in the language the server's locale left
    again = await service_at(path, draw_images=True)
    told.clear()
    loaded = await again.table(opened.table_id)
    rebuilt = await again.turn_reply(loaded, "")
    assert rebuilt.text.startswith("status[es]\nTu turno: ") and told == [("board", "es")]
    assert lang.current() == lang.ENGLISH


async def test_a_change_saved_and_not_shown_is_said_in_the_persons_language(tmp_path, told, monkeypatch):
    service = await spanish_server(tmp_path)
    await started(service, ANNA, BRUNO)
    mover = ANNA if await to_act(service) == ANNA.user_id else BRUNO

    async def broken(*args, **kwargs):
        raise RuntimeError("the picture failed")

    monkeypatch.setattr(service.composer, "turn_reply", broken)
    said = await service.handle(mover, "move", {"move": "take 1"})
    expected = {ANNA.user_id: "Das zählt und ist gespeichert", BRUNO.user_id: "Eso cuenta y está guardado"}
    assert said.unshown and said.private.startswith(expected[mover.user_id])
    monkeypatch.undo()  # the post itself comes later, from the saved table: the server's language


async def test_english_is_as_it_was(tmp_path, sticks):
    service = await service_at(tmp_path / "t.db")
    alice, bob = person("Alice", 1), person("Bob", 2, locale="en-GB")
    opened, joined, begun = await started(service, alice, bob)
    assert "**Alice** opened a table of **Sticks**." in opened.text
    assert "**Bob** sat down." in joined.text
    assert "The game of **Sticks** begins. Seat order: " in begun.text and "\nYour move: " in begun.text
    waiting = bob if await to_act(service) == alice.user_id else alice
    refused = await service.handle(waiting, "move", {"move": "take 1"})
    assert refused.private.startswith("It is not your turn: the table waits for ")
    assert [b.label for b in begun.buttons][-1] == "My moves"

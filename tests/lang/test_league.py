"""The league (seasons, events, ratings) in German and Spanish: an event's sign-up card, pairings and
final standings with their picture in the server's language with no English left, the picture
drawn again from the saved values in that language; a season's results post likewise; refusals of
/event and /season in the caller's language."""

from datetime import UTC, datetime

import pytest

import lang
from bot.core.replies import Caller, Reply
from bot.extensions import install
from bot.features.event import Event
from bot.features.results_post import redraw
from bot.features.season import Season, Seasons, Standing
from db.events import EventStore
from db.server_settings import ServerSettingsStore
from lang import tool
from tests.helpers import CHANNEL, GUILD, Clock, service_at, who
from tests.lang.leftovers import drawn_texts, english_left, words

NAMES = ("Ana", "Bea", "Cai", "Dov", "Eli", "Fer", "Gus", "Hil")
PLAYERS = [who(name, 101 + n) for n, name in enumerate(NAMES)]
ALLOWED = {"sticks", "utc", "anaz"} | {p.name.lower() for p in PLAYERS}


def league_english() -> set[str]:
    """The English words of the league's own sentences (the core's words around them are its own
    catalogue's business)."""
    found: set[str] = set()
    for message in tool.template("league"):
        for part in [message.id] if isinstance(message.id, str) else list(message.id or ()):
            found |= words(part)
    return found


def left_over(texts, language):
    own = league_english()
    return [(word, text) for word, text in english_left(texts, language, ALLOWED) if word in own]


class Outbox:
    def __init__(self):
        self.posts: list[tuple[int, Reply]] = []
        self.threads: list[tuple[int, str]] = []

    async def post(self, channel_id: int, reply: Reply) -> bool:
        self.posts.append((channel_id, reply))
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        return True

    async def thread(self, channel_id: int, name: str) -> int:
        self.threads.append((channel_id, name))
        return 900_000 + len(self.threads)


async def spanish_server(path):
    service = await service_at(path, clock=Clock(), draw_images=True)
    await ServerSettingsStore.of(service.store).remember_guild_locale(GUILD, "es-ES")
    return service


async def test_an_events_posts_and_results_are_in_the_servers_language(tmp_path, sticks):
    service = await spanish_server(tmp_path / "e.db")
    events = Event(service, images=True)
    service.extend(events)
    outbox = Outbox()
    service.outbox = outbox
    mod = Caller(GUILD, CHANNEL, 9, "Mod", True, locale="de")  # writes in German; the posts are the server's
    texts = []
    with drawn_texts() as drawn:
        created = await service.handle(mod, "event", {"action": "create", "game": "sticks", "seats": "4",
                                                      "rounds": "1", "round_days": "2"})
        assert created.ok, created.private
        assert created.buttons[0].label == "Unirse" and "ha abierto un torneo" in created.text
        texts += [created.text, *(b.label for b in created.buttons)]
        for person in PLAYERS:
            joined = await service.press(person, created.buttons[0].custom_id)
            assert joined.ok, joined.private
        started = await service.handle(mod, "event", {"action": "start"})
        assert started.ok, started.private
        assert "ha empezado el torneo" in started.text
        texts.append(started.text)
        texts += [name for _, name in outbox.threads]
        db = EventStore.of(service.store)
        event = await db.in_channel(CHANNEL)
        for row in await db.pairings(event.id, 1):
            await events._play_out(row.table_id)
        await events.tick()
        results = [r for _, r in outbox.posts if r.text.startswith("**El torneo de Sticks ha terminado.**")]
        assert len(results) == 1 and results[0].image
        texts.append(results[0].text)
    assert results[0].text.startswith("**El torneo de Sticks ha terminado.** Ganador")
    assert left_over(texts, "es") == []
    assert "Jugador" in drawn and left_over(drawn, "es") == []
    # the outbox keeps the values of the picture with its language: drawn again anywhere, it is the same
    _, body = await events.results_post(await db.event(event.id))
    assert body["drawing"]["language"] == "es"
    assert await redraw(body["drawing"]) == results[0].image


async def test_a_seasons_results_post_in_spanish(tmp_path):
    service = await spanish_server(tmp_path / "s.db")
    seasons = Seasons(service, images=True)
    season = Season(GUILD, 3, "quarterly", "place", datetime(2027, 1, 1, tzinfo=UTC), datetime(2027, 4, 1, tzinfo=UTC),
                    True)
    standings = [Standing(100 + n, NAMES[n], 9.5 - n, 12 - n, 3, "2027-02-0{n}", n, "Summit" if n < 4 else "Ridge")
                 for n in range(1, 8)] + [Standing(200, NAMES[0] + "z", 2.0, 2, 1, "2027-03-01")]
    with drawn_texts() as drawn:
        reply, body = await seasons.results_post(season, standings)
    assert reply.text.startswith("**Temporada 3 (1 ene 2027 a 31 mar 2027, UTC) ha terminado.**")
    assert "Cumbre" in reply.text and "Cumbre" in drawn and "Cresta" in drawn
    assert left_over([reply.text], "es") == [] and left_over(drawn, "es") == []
    assert body["drawing"]["language"] == "es"


@pytest.mark.parametrize(("locale", "event_words", "season_words"), [
    ("de", "Nur Mitglieder, die diesen Server verwalten dürfen, erstellen oder starten ein Turnier.",
     "Nur Mitglieder, die diesen Server verwalten dürfen, sehen und ändern seine Saisons."),
    ("es-ES", "Solo los miembros que pueden gestionar este servidor crean o empiezan un torneo.",
     "Solo los miembros que pueden gestionar este servidor ven y cambian sus temporadas."),
])
async def test_refusals_come_in_the_callers_language(tmp_path, locale, event_words, season_words):
    service = await service_at(tmp_path / "r.db")
    install(service, prepare_daily=False)
    person = Caller(GUILD, CHANNEL, 5, "Eva", locale=locale, guild_locale="en-US")
    refused = await service.handle(person, "event", {"action": "start"})
    assert not refused.ok and event_words in refused.private
    refused = await service.handle(person, "season", {"length": "monthly"})
    assert not refused.ok and season_words in refused.private
    nothing = await service.handle(person, "event", {"action": "join"})
    assert not nothing.ok and left_over([nothing.private], lang.code(locale)) == []


def test_english_is_as_written():
    with lang.using("en"):
        season = Season(GUILD, 3, "quarterly", "win", datetime(2027, 1, 1, tzinfo=UTC), datetime(2027, 4, 1, tzinfo=UTC),
                        True)
        assert season.name() == "Season 3 (1 Jan 2027 to 31 Mar 2027, UTC)"
    with lang.using("de"):
        assert season.name() == "Saison 3 (1. Jan. 2027 bis 31. März 2027, UTC)"

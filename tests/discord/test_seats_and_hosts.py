"""Seats and hosts in the Discord adapter: /sub refused for a player who plays again, the seat's
player pinged with Keep my seat, one person pressing two offered seats, and /cancel of a game
others still play (real discord.py objects, captured HTTP, every payload within Discord's limits)."""

from __future__ import annotations

import pytest

from bot.core.service import TableService
from bot.features.substitute import Substitutes
from bot.features.timing import Timing
from db.substitutes import SubstituteStore
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, BOB, CAROL, MODERATOR, Person
from tests.discord.test_flow import one_public, only_private, open_table
from tests.features.test_timing import TravelClock, at, rounds  # noqa: F401 (a fixture)

pytestmark = pytest.mark.usefixtures("rounds")  # the test game of the timing tests

DAN, ERIN, FRANK = Person(1005, "dan"), Person(1006, "erin"), Person(1007, "frank")
PEOPLE = {p.id: p for p in (ALICE, BOB, CAROL, DAN, ERIN, FRANK)}


@pytest.fixture
async def bot(store, sticks, monkeypatch, tmp_path):
    clock = TravelClock()
    service = TableService(store, draw_images=False, clock=clock)
    timing = Timing(service)
    for extension in (timing, Substitutes(service)):
        service.extend(extension)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        harness.clock, harness.timing = clock, timing
        yield harness


async def rounds_table(bot, *people: Person) -> tuple[int, int]:
    """A game of rounds opened by Alice in a thread, `people` seated: (thread, table id)."""
    ex = await bot.command(ALICE, "open", {"game": "rounds", "options": "rounds=6"})
    thread = list(bot.threads)[-1]
    assert one_public(ex)
    for person in people:
        await bot.command(person, "join", channel=thread)
    one_public(await bot.command(ALICE, "start", channel=thread))
    return thread, (await bot.table(thread)).id


async def acting(bot, table_id: int) -> Person:
    loaded = await bot.service.table(table_id)
    seat, = loaded.game.to_act()
    return PEOPLE[loaded.by_seat(seat).user_id]


async def play_until(bot, thread: int, table_id: int, person: Person) -> None:
    for _ in range(20):
        mover = await acting(bot, table_id)
        if mover == person:
            return
        one_public(await bot.command(mover, "move", {"move": "score 1"}, channel=thread))
    raise AssertionError("never their turn")


async def misses_a_deadline(bot, thread: int, table_id: int, person: Person) -> None:
    await play_until(bot, thread, table_id, person)
    assert await bot.timing.tick(at(bot.clock, hours=25)) >= 1  # the computer plays the turn
    bot.clock.advance(hours=25)
    await bot.drain()
    assert await acting(bot, table_id) != person


async def test_sub_is_refused_for_a_player_who_plays_again_and_pings_one_who_is_silent(bot):
    thread, table = await rounds_table(bot, BOB, CAROL)
    await misses_a_deadline(bot, thread, table, BOB)
    for _ in range(3):  # Bob is back: three turns of his own
        await play_until(bot, thread, table, BOB)
        one_public(await bot.command(BOB, "move", {"move": "score 3"}, channel=thread))
    refused = only_private(await bot.command(ALICE, "sub", channel=thread))
    assert "No seat here is played by the computer now" in refused
    await misses_a_deadline(bot, thread, table, BOB)  # silent again: his seat may be offered
    offered = one_public(await bot.command(ALICE, "sub", channel=thread))
    assert offered.pinged == {BOB.id} and f"<@{BOB.id}>" in offered.content
    buttons = offered.buttons()
    assert set(buttons) == {"Take the seat", "Keep my seat"}
    assert "only the player" in only_private(await bot.press(DAN, offered, buttons["Keep my seat"])).lower()
    kept = one_public(await bot.press(BOB, offered, buttons["Keep my seat"]))
    assert "keeps their seat" in kept.content
    assert "withdrawn" in only_private(await bot.press(DAN, offered, buttons["Take the seat"]))
    seats = await bot.service.store.seats(table)
    assert any(s.user_id == BOB.id and not s.resigned for s in seats) and not any(s.user_id == DAN.id for s in seats)


async def test_one_person_pressing_two_offered_seats_takes_one_and_the_other_stays_offered(bot):
    thread, table = await rounds_table(bot, BOB, CAROL, DAN)
    one_public(await bot.command(CAROL, "resign", channel=thread))
    await misses_a_deadline(bot, thread, table, BOB)
    await play_until(bot, thread, table, BOB)  # Bob's turn runs while his seat is offered
    bobs = one_public(await bot.command(ALICE, "sub", {"seat": "bob"}, channel=thread))
    carols = one_public(await bot.command(ALICE, "sub", {"seat": "carol"}, channel=thread))
    took = one_public(await bot.press(ERIN, bobs, bobs.buttons()["Take the seat"]))
    assert "takes over bob's seat" in took.content.lower()
    again = only_private(await bot.press(ERIN, carols, carols.buttons()["Take the seat"]))
    assert "one seat a person" in again
    assert "takes over carol's seat" in one_public(
        await bot.press(FRANK, carols, carols.buttons()["Take the seat"])).content.lower()
    assert await bot.timing.tick(at(bot.clock, hours=25)) >= 1  # Bob stays silent: his seat goes to Erin
    bot.clock.advance(hours=25)
    await bot.drain()
    holders = {s.user_id for s in await bot.service.store.seats(table)}
    assert {ERIN.id, FRANK.id} <= holders and BOB.id not in holders
    offers = await SubstituteStore.of(bot.service.store).offers(table, ("offered", "taken", "seated", "withdrawn"))
    assert sorted(o.state for o in offers) == ["seated", "seated"]


async def test_cancel_of_a_game_others_play_asks_them_and_a_manager_closes_it_at_once(bot):
    thread, _ = await open_table(bot)
    await bot.command(BOB, "join", channel=thread)
    await bot.command(ALICE, "start", channel=thread)
    asked = one_public(await bot.command(ALICE, "cancel", channel=thread))
    assert asked.pinged == {BOB.id} and "still to agree: Bob" in asked.content
    assert (await bot.table(thread)).status == "active"
    buttons = asked.buttons()
    assert set(buttons) == {"Agree to cancel", "Play on"}
    assert "only a channel manager" in only_private(await bot.press(CAROL, asked, buttons["Agree to cancel"])).lower()
    done = one_public(await bot.press(BOB, asked, buttons["Agree to cancel"]))
    assert "Everyone still playing agreed" in done.content and await bot.table(thread) is None
    thread, _ = await open_table(bot)
    await bot.command(BOB, "join", channel=thread)
    await bot.command(ALICE, "start", channel=thread)
    closed = one_public(await bot.command(MODERATOR, "cancel", channel=thread))
    assert "cancelled" in closed.content and await bot.table(thread) is None

"""A substitute for a seat the computer plays: /sub by the host, one taker of the button, the seat
changing hands from its next turn, and the ratings as bot/features/substitute.py documents them."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.replies import parse_custom_id
from bot.features.ratings import Ratings
from bot.features.substitute import SHARE_RATED, Substitutes, rated_people
from bot.features.timing import Timing
from db.ratings import RatingStore
from db.store import MoveRow
from db.substitutes import Offer
from games import registry
from tests.features.test_timing import FakeOutbox, TravelClock, at, rounds  # noqa: F401 (a fixture)
from tests.helpers import ALICE, BOB, CAROL, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")  # rounds: the test game of the timing tests

DAN, ERIN = who("Dan", 4), who("Erin", 5)
EVERYONE = {1: ALICE, 2: BOB, 3: CAROL, 4: DAN, 5: ERIN}


async def game_of(tmp_path, rounds_each=4):
    clock = TravelClock()
    service = await service_at(tmp_path / "s.db", clock=clock)
    timing = Timing(service)
    for extension in (timing, Ratings(service, images=False), Substitutes(service)):
        service.extend(extension)
    service.outbox = FakeOutbox()
    assert (await service.handle(ALICE, "open", {"game": "rounds", "options": f"rounds={rounds_each}"})).ok
    for person in (BOB, CAROL):
        assert (await service.handle(person, "join")).ok
    assert (await service.handle(ALICE, "start")).ok
    await timing.settle()
    return service, timing, clock


async def seat_of(service, user_id):
    seats = await service.store.seats(1)
    return next((s.seat for s in seats if s.user_id == user_id), None)


async def acting(service):
    loaded = await service.table(1)
    seat, = loaded.game.to_act() or [None]
    return None if seat is None else EVERYONE[loaded.by_seat(seat).user_id]


async def play_until(service, timing, person):
    """Everyone but `person` plays until it is `person`'s turn."""
    for _ in range(20):
        mover = await acting(service)
        if mover is None or mover == person:
            return
        assert (await service.handle(mover, "move", {"move": "score 1"})).ok
        await timing.settle()
    raise AssertionError("never their turn")


async def bob_misses_a_deadline(service, timing, clock):
    await play_until(service, timing, BOB)
    assert await timing.tick(at(clock, hours=25)) >= 1  # the computer played Bob's turn
    clock.advance(hours=25)
    assert await acting(service) != BOB


async def offer(service, caller=ALICE):
    reply = await service.handle(caller, "sub")
    assert reply.ok, reply.private
    button, = reply.buttons
    assert button.label == "Take the seat" and len(button.custom_id) <= 100
    assert parse_custom_id(button.custom_id)[0] == "sub"
    return reply, button.custom_id


async def test_the_host_offers_a_seat_that_missed_a_deadline_and_one_of_two_clicks_takes_it(tmp_path):
    service, timing, clock = await game_of(tmp_path)
    refused = await service.handle(ALICE, "sub")
    assert not refused.ok and "No seat here is played by the computer" in refused.private
    await bob_misses_a_deadline(service, timing, clock)
    assert not (await service.handle(CAROL, "sub")).ok  # neither host nor manager
    reply, button = await offer(service)
    assert "Bob's seat" in reply.text
    assert "offered already" in (await service.handle(ALICE, "sub")).private
    seat = await seat_of(service, BOB.user_id)
    # someone at the table cannot take it; of two clicks at once, one wins
    assert "at this table already" in (await service.press(CAROL, button)).private
    first, second = await asyncio.gather(service.press(DAN, button), service.press(ERIN, button))
    won, lost = (first, second) if first.ok else (second, first)
    assert won.ok and not lost.ok and lost.private == "Someone else took this seat first."
    taker = DAN if won is first else ERIN
    assert "from its next turn" in won.text
    # Bob's seat was not to act: it is the taker's now, a person's seat with a clean count of misses
    assert await seat_of(service, taker.user_id) == seat and await seat_of(service, BOB.user_id) is None
    await play_until(service, timing, taker)
    assert not (await service.handle(BOB, "move", {"move": "score 3"})).ok
    assert (await service.handle(taker, "move", {"move": "score 3"})).ok
    # to the end: Bob left the seat and is rated last; the taker played 3 of its 4 moves and is rated
    for _ in range(40):
        mover = await acting(service)
        if mover is None:
            break
        assert (await service.handle(mover, "move", {"move": "score 0"})).ok
    ratings = RatingStore.of(service.store)
    game = registry.get("rounds").key
    ranks = {user: [h.rank for h in await ratings.history(111, user) if h.game == game] for user in (1, 2, 3, 4, 5)}
    bob, = ranks.pop(BOB.user_id)
    assert ranks[taker.user_id] and ranks[(ERIN if taker == DAN else DAN).user_id] == []
    assert all(rank < bob for rs in ranks.values() for rank in rs)  # below everyone who played on


async def test_a_seat_whose_turn_runs_changes_hands_only_when_that_turn_ends(tmp_path):
    service, timing, clock = await game_of(tmp_path)
    await bob_misses_a_deadline(service, timing, clock)
    await play_until(service, timing, BOB)  # Bob's seat is to act: its turn runs now
    _, button = await offer(service)
    taken = await service.press(DAN, button)
    assert taken.ok and "once its current turn ends" in taken.text
    assert await seat_of(service, DAN.user_id) is None  # not mid-turn
    assert not (await service.handle(DAN, "move", {"move": "score 1"})).ok
    assert (await service.handle(BOB, "move", {"move": "score 2"})).ok  # Bob may still finish this turn
    seat = await seat_of(service, DAN.user_id)
    assert seat is not None and await seat_of(service, BOB.user_id) is None
    await play_until(service, timing, DAN)
    assert (await service.handle(DAN, "move", {"move": "score 1"})).ok
    assert "Someone else took this seat first." == (await service.press(ERIN, button)).private


def test_a_substitute_counts_with_half_of_the_seats_moves_and_the_leaver_is_last():
    people = [{"user_id": 1, "rank": 1}, {"user_id": 3, "rank": 2}, {"user_id": 4, "rank": 3}]
    moves = [MoveRow(n, n % 3, None, "score 1", "") for n in range(1, 13)]  # seat 1: moves 1, 4, 7, 10
    late = Offer(1, 1, 1, 2, "Bob", 4, "Dan", "seated", 7, 0)  # Dan played 10 only: 1 of 4
    assert SHARE_RATED == 0.5
    assert rated_people(people, [late], moves) == [{"user_id": 1, "rank": 1}, {"user_id": 3, "rank": 2},
                                                   {"user_id": 2, "rank": 4, "seat": 1, "is_ai": False}]
    early = Offer(1, 1, 1, 2, "Bob", 4, "Dan", "seated", 4, 0)  # Dan played 7 and 10: 2 of 4
    assert [p["user_id"] for p in rated_people(people, [early], moves)] == [1, 3, 4, 2]
    assert rated_people(people, [Offer(1, 1, 1, 2, "Bob", 4, "Dan", "taken", None, 0)], moves) == people

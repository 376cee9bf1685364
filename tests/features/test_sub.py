"""A substitute for a seat the computer plays: /sub by the host, one taker of the button, the seat
changing hands from its next turn, the player who may keep it, nobody coming back in another seat,
one seat a person, and the ratings as bot/features/substitute.py documents them."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.replies import parse_custom_id
from bot.features.ratings import Ratings
from bot.features.substitute import SHARE_RATED, Substitutes, rated_people
from bot.features.timing import Timing
from db.ratings import RatingStore
from db.store import MoveRow
from db.substitutes import Offer, SubstituteStore
from games import registry
from tests.features.test_timing import FakeOutbox, TravelClock, at, rounds  # noqa: F401 (a fixture)
from tests.helpers import ALICE, BOB, CAROL, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")  # rounds: the test game of the timing tests

DAN, ERIN, FRANK = who("Dan", 4), who("Erin", 5), who("Frank", 6)
EVERYONE = {1: ALICE, 2: BOB, 3: CAROL, 4: DAN, 5: ERIN, 6: FRANK}


async def game_of(tmp_path, rounds_each=4, players=(BOB, CAROL)):
    clock = TravelClock()
    service = await service_at(tmp_path / "s.db", clock=clock)
    timing = Timing(service)
    for extension in (timing, Ratings(service, images=False), Substitutes(service)):
        service.extend(extension)
    service.outbox = FakeOutbox()
    assert (await service.handle(ALICE, "open", {"game": "rounds", "options": f"rounds={rounds_each}"})).ok
    for person in players:
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


async def offer(service, caller=ALICE, seat=""):
    reply = await service.handle(caller, "sub", {"seat": seat} if seat else {})
    assert reply.ok, reply.private
    button = reply.buttons[0]
    assert button.label == "Take the seat" and len(button.custom_id) <= 100
    assert parse_custom_id(button.custom_id)[0] == "sub"
    return reply, button.custom_id


def subs(service) -> Substitutes:
    return next(e for e in service.extensions if isinstance(e, Substitutes))


def keep_button(reply):
    button, = [b for b in reply.buttons if b.label == "Keep my seat"]
    return button.custom_id


async def state_of(service, table_id=1):
    return [o.state for o in await SubstituteStore.of(service.store).offers(table_id, ("offered", "taken", "seated",
                                                                                     "withdrawn"))]


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
    assert not (await service.press(BOB, button)).ok  # his own seat, held since the start
    first, second = await asyncio.gather(service.press(DAN, button), service.press(ERIN, button))
    won, lost = (first, second) if first.ok else (second, first)
    assert won.ok and not lost.ok and lost.private == "Someone else took this seat first."
    taker = DAN if won is first else ERIN
    assert "unless Bob plays or keeps it before" in won.text
    assert await seat_of(service, BOB.user_id) == seat  # Bob still has the hour to keep it
    clock.advance(hours=1, seconds=1)
    assert await subs(service).sweep() == 1
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
    assert "You took this seat already" in (await service.press(DAN, button)).private
    assert await seat_of(service, DAN.user_id) is None  # not mid-turn
    assert not (await service.handle(DAN, "move", {"move": "score 1"})).ok
    assert await timing.tick(at(clock, hours=25)) >= 1  # Bob stays silent: the deadline ends the turn
    clock.advance(hours=25)
    seat = await seat_of(service, DAN.user_id)
    assert seat is not None and await seat_of(service, BOB.user_id) is None
    await play_until(service, timing, DAN)
    assert (await service.handle(DAN, "move", {"move": "score 1"})).ok
    assert "Someone else took this seat first." == (await service.press(ERIN, button)).private


async def test_a_player_who_plays_again_after_a_miss_is_not_offered(tmp_path):
    """The attack: Bob missed one deadline, then played three turns himself and led; the host
    offered his seat and another member took it, and Bob was rated last."""
    service, timing, clock = await game_of(tmp_path, rounds_each=6)
    await bob_misses_a_deadline(service, timing, clock)
    for _ in range(3):
        await play_until(service, timing, BOB)
        assert (await service.handle(BOB, "move", {"move": "score 3"})).ok
        await timing.settle()
    refused = await service.handle(ALICE, "sub")
    assert not refused.ok and "No seat here is played by the computer now" in refused.private
    assert await state_of(service) == []
    # a second miss, with no move of his own since, makes the seat offerable again
    await bob_misses_a_deadline(service, timing, clock)
    reply, _ = await offer(service)
    assert "Bob's seat" in reply.text


async def test_the_seated_player_is_told_and_keeps_the_seat_by_a_button_or_a_move(tmp_path):
    service, timing, clock = await game_of(tmp_path)
    await bob_misses_a_deadline(service, timing, clock)
    reply, button = await offer(service)
    assert BOB.user_id in reply.mentions and "Keep my seat" in reply.text
    keep = keep_button(reply)
    assert not (await service.press(DAN, keep)).ok and not (await service.press(CAROL, keep)).ok
    kept = await service.press(BOB, keep)
    assert kept.ok and "keeps their seat" in kept.text
    assert "withdrawn" in (await service.press(DAN, button)).private
    assert await seat_of(service, BOB.user_id) is not None and await seat_of(service, DAN.user_id) is None
    assert not (await service.handle(ALICE, "sub")).ok  # keeping answers the miss
    # taken while his turn runs, then Bob plays it himself: the seat stays his, the taker is told
    await bob_misses_a_deadline(service, timing, clock)
    await play_until(service, timing, BOB)
    _, button = await offer(service)
    assert (await service.press(DAN, button)).ok
    moved = await service.handle(BOB, "move", {"move": "score 2"})
    assert moved.ok and "offer of their seat to a substitute is withdrawn" in moved.text
    assert DAN.user_id in moved.mentions
    await play_until(service, timing, BOB)
    assert await seat_of(service, DAN.user_id) is None
    assert (await service.handle(BOB, "move", {"move": "score 1"})).ok
    assert await state_of(service) == ["withdrawn", "withdrawn"]


async def test_a_leaver_cannot_come_back_in_another_seat(tmp_path):
    service, timing, _ = await game_of(tmp_path, players=(BOB, CAROL, DAN))
    assert (await service.handle(BOB, "resign")).ok
    _, bobs = await offer(service, seat="bob")
    for seated in (BOB, CAROL):  # Bob left that seat; Carol plays one
        assert not (await service.press(seated, bobs)).ok
    assert (await service.press(ERIN, bobs)).ok  # Bob is replaced
    assert await seat_of(service, ERIN.user_id) is not None
    assert (await service.handle(CAROL, "resign")).ok
    _, carols = await offer(service, seat="carol")
    refused = await service.press(BOB, carols)
    assert not refused.ok and "held a seat at this table" in refused.private
    assert await seat_of(service, BOB.user_id) is None
    assert (await service.press(FRANK, carols)).ok


async def test_one_person_takes_one_seat_and_the_other_stays_offered(tmp_path):
    """The attack: one person pressed two offered seats, one of them mid-turn; both were answered
    "takes over", the store refused the second seating and that offer stayed taken for ever."""
    service, timing, clock = await game_of(tmp_path, players=(BOB, CAROL, DAN))
    assert (await service.handle(CAROL, "resign")).ok
    await bob_misses_a_deadline(service, timing, clock)
    await play_until(service, timing, BOB)  # Bob's turn runs
    _, bobs = await offer(service, seat="bob")
    _, carols = await offer(service, seat="carol")
    assert "once its current turn ends" in (await service.press(ERIN, bobs)).text
    second = await service.press(ERIN, carols)
    assert not second.ok and "one seat a person" in second.private and not second.text
    assert await seat_of(service, ERIN.user_id) is None
    assert await timing.tick(at(clock, hours=25)) >= 1  # Bob's turn ends: Erin gets his seat
    clock.advance(hours=25)
    assert await seat_of(service, ERIN.user_id) is not None
    assert (await service.press(FRANK, carols)).ok  # Carol's seat was still offered
    assert await seat_of(service, FRANK.user_id) is not None
    assert sorted(await state_of(service)) == ["seated", "seated"]


async def test_one_person_pressing_two_seats_at_once_gets_one(tmp_path):
    service, _, _ = await game_of(tmp_path, players=(BOB, CAROL, DAN))
    for person in (BOB, CAROL):
        assert (await service.handle(person, "resign")).ok
    _, bobs = await offer(service, seat="bob")
    _, carols = await offer(service, seat="carol")
    answers = await asyncio.gather(service.press(ERIN, bobs), service.press(ERIN, carols))
    assert sorted(a.ok for a in answers) == [False, True]
    assert sum("takes over" in a.text for a in answers) == 1
    assert sorted(await state_of(service)) == ["offered", "seated"]


async def test_a_seating_that_cannot_happen_withdraws_the_offer_and_says_so(tmp_path, monkeypatch, caplog):
    service, timing, clock = await game_of(tmp_path)
    await bob_misses_a_deadline(service, timing, clock)
    await play_until(service, timing, BOB)
    _, button = await offer(service)
    assert (await service.press(DAN, button)).ok  # waits for Bob's turn to end

    async def refused(*args, **kwargs):
        raise RuntimeError("UNIQUE constraint failed: seats.table_id, seats.user_id")

    monkeypatch.setattr(SubstituteStore, "seat", refused)
    assert await timing.tick(at(clock, hours=25)) >= 1
    clock.advance(hours=25)
    monkeypatch.undo()
    assert await state_of(service) == ["withdrawn"]
    assert any("could not be given to Dan" in text and "withdrawn" in text for text in service.outbox.texts())
    caplog.clear()
    await play_until(service, timing, ALICE)  # later changes of the table log nothing more
    assert not [r for r in caplog.records if "substitute" in r.getMessage()]
    assert (await offer(service))[0].ok  # the seat can be offered again


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


async def test_a_turn_past_its_deadline_may_be_offered_before_the_clock_plays_it(tmp_path):
    service, timing, clock = await game_of(tmp_path)
    await play_until(service, timing, BOB)
    assert not (await service.handle(ALICE, "sub")).ok  # his turn runs, within its deadline
    at(clock, hours=25)  # past it, and the computer has not played it yet
    reply, button = await offer(service)
    assert "Bob's seat" in reply.text and BOB.user_id in reply.mentions
    assert "once its current turn ends" in (await service.press(DAN, button)).text
    assert await timing.tick(at(clock, hours=27)) >= 1  # past the hour Bob had to keep it, too
    assert await seat_of(service, DAN.user_id) is not None and await seat_of(service, BOB.user_id) is None


async def test_a_player_still_seated_has_an_hour_to_keep_a_seat_someone_took(tmp_path):
    service, timing, clock = await game_of(tmp_path)
    await bob_misses_a_deadline(service, timing, clock)
    reply, button = await offer(service)
    assert (await service.press(DAN, button)).ok  # at once, before Bob could have read the mention
    clock.advance(minutes=59)
    assert await subs(service).sweep() == 0 and await seat_of(service, DAN.user_id) is None
    kept = await service.press(BOB, keep_button(reply))
    assert kept.ok and "keeps their seat" in kept.text and DAN.user_id in kept.mentions
    clock.advance(hours=2)
    assert await subs(service).sweep() == 0
    assert await seat_of(service, DAN.user_id) is None and await seat_of(service, BOB.user_id) is not None

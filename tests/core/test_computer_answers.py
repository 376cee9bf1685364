"""Computer seats answer a person's trade offer at once, as the heuristic player would, so an
offer at a table with computers is never left waiting on seats that nobody plays."""

from __future__ import annotations

import random

import pytest

from bot.adapters.discord.shapes import discord_text
from bot.core.replay import matches_log
from bot.extensions import install
from games.pioneers.game import PioneersGame
from tests.helpers import ALICE, BOB, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def computer_table(tmp_path, *, person: bool = False):
    """Alice and two computer seats (one normal, one hard), or with `person` Bob in place of the hard one."""
    service = await service_at(tmp_path / "t.db", seeds=lambda: 5)
    install(service, prepare_daily=False)
    assert (await service.handle(ALICE, "open", {"game": "pioneers", "options": "target=10"})).ok
    assert (await service.handle(ALICE, "addai")).ok
    if person:
        assert (await service.handle(BOB, "join")).ok
    else:
        assert (await service.handle(ALICE, "addai", {"level": "hard"})).ok
    assert (await service.handle(ALICE, "start")).ok
    table = (await service.store.open_table(222)).id
    seat = next(s.seat for s in await service.store.seats(table) if s.user_id == ALICE.user_id)
    return service, table, seat


def accepted_offer(game: PioneersGame, seat: int) -> tuple[str, int] | None:
    """An offer `seat` may make now that some other seat's heuristic player would accept."""
    if game.current != seat or game.phase != "main":
        return None
    for move in game.legal_moves(seat):
        if move.startswith("offer "):
            copy = type(game).load(game.dump())
            copy.play(seat, move)
            for other in range(game.n):
                if other != seat and copy.ai_move(other, random.Random(0)).startswith("accept "):
                    return move, other
    return None


async def reach_an_offer_taken(service, table, mine):
    """Alice plays the suggested moves (Bob too, at his turns) until she may make an offer a computer takes."""
    seats = {s.seat: s.user_id for s in await service.store.seats(table)}
    computers = service.computer_seats(service._cache[table])
    for _ in range(600):
        game = service._cache[table].game
        found = accepted_offer(game, mine)
        if found and found[1] in computers:
            return found
        acting = game.to_act()[0]
        assert acting not in computers, "the computers play until a person must act"
        caller = ALICE if seats[acting] == ALICE.user_id else BOB
        assert (await service.handle(caller, "move", {"move": await service.ai_suggestion(caller)})).ok
    raise AssertionError("the seed reaches a turn where a computer wants what Alice can offer")


async def test_computer_seats_answer_a_persons_offer_and_the_person_confirms(tmp_path):
    service, table, mine = await computer_table(tmp_path)
    offer, taker = await reach_an_offer_taken(service, table, mine)
    logged = len(await service.store.moves(table))
    made = await service.handle(ALICE, "move", {"move": offer})
    assert made.ok, made.private
    game = service._cache[table].game
    number = game.offers[-1]["id"]
    computers = [s for s in range(game.n) if s != mine]
    assert sorted(game.offers[-1]["answers"]) == computers and game.awaited_answers() == []
    assert game.offers[-1]["answers"][taker] == ["accept"]
    answers = (await service.store.moves(table))[logged + 1:]
    assert sorted(m.seat for m in answers) == computers  # each answered once, in the log as a move of its own
    names = service._cache[table].names()
    for answer in answers:
        assert game.describe_move(answer.seat, answer.move, names) in made.text
    assert game.to_act() == [mine] and f"<@{ALICE.user_id}>" in discord_text(made.text)  # still the person's turn
    labels = [b.label for b in made.buttons]
    assert any(label.startswith(f"Confirm #{number} with ") for label in labels)
    # only the computers could answer, and they have: no Accept, Decline or Counter for Alice to press in vain
    assert not [label for label in labels if label.startswith(("Accept #", "Decline #", "Counter #"))]
    hand = list(game.hands[mine])
    confirmed = await service.handle(ALICE, "move", {"move": f"confirm {number} {taker + 1}"})
    assert confirmed.ok, confirmed.private
    assert service._cache[table].game.hands[mine] != hand
    assert await matches_log(service.store, table)  # the answers replay as they were played


async def test_a_persons_answer_is_left_to_them(tmp_path):
    service, table, mine = await computer_table(tmp_path, person=True)
    offer, taker = await reach_an_offer_taken(service, table, mine)
    bob = next(s.seat for s in await service.store.seats(table) if s.user_id == BOB.user_id)
    made = await service.handle(ALICE, "move", {"move": offer})
    assert made.ok, made.private
    game = service._cache[table].game
    assert list(game.offers[-1]["answers"]) == [taker]  # the computer answered, Bob was not answered for
    assert game.awaited_answers() == [bob]
    labels = [b.label for b in made.buttons]
    assert {f"Decline #{game.offers[-1]['id']}", f"Counter #{game.offers[-1]['id']}…"} <= set(labels)  # Bob's to press
    assert game.to_act() == [mine]


async def test_a_computers_offer_is_answered_by_the_other_computers_before_it_goes_on(tmp_path):
    service, table, mine = await computer_table(tmp_path)
    assert (await service.handle(ALICE, "auto", {"forced": "off"})).ok  # Alice's every move is her own
    computers = service.computer_seats(service._cache[table])
    for _ in range(600):
        moves = await service.store.moves(table)
        offers = [i for i, m in enumerate(moves) if m.move.startswith("offer ") and m.seat in computers]
        if offers:
            break
        assert service._cache[table].game.to_act() == [mine], "the computers play until Alice must act"
        assert (await service.handle(ALICE, "move", {"move": await service.ai_suggestion(ALICE)})).ok
    else:
        raise AssertionError("the seed reaches an offer by the hard computer")
    at = offers[0]
    offerer = moves[at].seat
    number = moves[at + 1].move.split()[1]
    answerer = next(s for s in computers if s != offerer)
    # the other computer's answer comes next; Alice is not answered for
    assert moves[at + 1].seat == answerer and moves[at + 1].move in (f"accept {number}", f"decline {number}")
    if moves[at + 1].move.startswith("accept"):
        assert moves[at + 2].seat == offerer and moves[at + 2].move == f"confirm {number} {answerer + 1}"
    assert all(m.seat != mine for m in moves[at:])
    assert await matches_log(service.store, table)

"""Take-back by consent where the table plays for people (forced moves, standing answers, plans),
through the service: the request aims at the person's own move and takes every move the table
played after it with it, a move played for someone is never asked for alone, and a refusal leaves
the table as it was and lets it play what it held."""

from __future__ import annotations

import pytest

from bot.extensions import install
from tests.features.test_auto import an_offer, main_phase, person_at
from tests.features.test_auto import table_of as auto_table
from tests.helpers import ALICE, BOB, CAROL, Clock, open_table, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

# Grow Sky, 3 people, seed 82: the moves up to Carol's `pick search`, which ends her turn (the
# table plays her lone `end`); the three `end`s before are played for their seats too
GROWSKY_82 = ("draft p1 s3|draft p3 s10|draft p1 s8|develop 4|buy m2 s3|buy m1 s2|upgrade s3|upgrade s2|develop 4|"
              "buy m1 s3|buy m2 s2|upgrade s10|upgrade s3|develop 4|buy m2 s2|buy m1 s1|upgrade s2|upgrade s3|fly 6")
# Propeller Islands, 2 people, seed 5: Alice's `deploy d2 to t5` is followed by her lone `pass`
PROPELLER_5 = ("character marie|character jacques|die 3|claim f at 1,0|pass|die 5|claim h at -1,1|blueprint 31 keep|"
               "take 26|die 2|claim b at 1,1|blueprint 20 on t1|draw ii|die 2|claim c at -1,2|run t0 deploy|"
               "deploy b2 to t1|run t0 deploy|deploy c3 to t2|die 1|claim a at -2,1|die 1|claim a at 0,1|pass|die 3|"
               "claim d at -1,0|die 3 to 2|claim d at 2,0|pass|run t0 goods|run t0 deploy|deploy b3 to t4|die 2|"
               "claim b at -1,2|blueprint 18 on t5|take 32|die 1|claim b at -2,2|die 6|claim j at 3,-1|die 5|"
               "claim j at -2,3|run t0 deploy|deploy c2 to t6|run t6|run t0 deploy|deploy d3 to t6|run t6|depot t3|"
               "deploy a3 to t5|depot t1|skip|run t2 sell part|die 2|claim b at -2,0|pass|die 2|claim c at -1,3")
# Propeller Islands, 2 people, seed 82: Alice's `pass` is followed by Bob's lone `die 1`
PROPELLER_82 = ("character nicola|character jacques|die 6|claim k at 1,-1|blueprint 4 keep|take 30|die 4|"
                "claim g at -1,1|pass|die 3|claim e at 1,-2|pass|die 1|claim l at -1,2|pass|run t0 deploy|"
                "deploy b2 to t1|run t0 deploy|deploy c3 to t2|run t2 sell steel|die 3|claim e at -2,2|"
                "blueprint 9 on t2|take 33|die 3|claim f at 0,-1|pass|die 4|claim h at -2,3|pass|die 5|"
                "claim h at 2,-3|pass|run t0 deploy|deploy d2 to t3|run t3|depot t2|run t0 deploy|deploy c1 to t4|"
                "run t2 sell part|die 1|claim l at 2,-1|pass|die 2|claim d at -3,3|pass|die 1|claim l at 3,-4|"
                "blueprint 13 on t3|take 34|die 2 to 3|claim e at -4,4|pass|run t3|depot t2|run t0 deploy|"
                "deploy c2 to t4|run t0 deploy|deploy c2 to t5|place -4,3|run t2 sell steel|run t5|die 6 to 5|"
                "claim h at 0,2|blueprint 33 on t5|draw ii|die 4|claim g at 3,-1|die 2 to 3|claim d at -3,2|"
                "deploy b2 to t3")


async def table_at(tmp_path, game: str, people, seed: int):
    service = await service_at(tmp_path / "t.db", seeds=lambda: seed)
    installed = install(service, prepare_daily=False)
    return service, installed, await open_table(service, game, people)


async def acting(service, table_id, people):
    loaded = await service.table(table_id)
    return next(p for p in people if p.user_id == loaded.by_seat(loaded.game.to_act()[0]).user_id)


async def play(service, table_id, people, moves: str):
    """Each move by the person who must act; the answer to the last one and who made it."""
    for move in moves.split("|"):
        person = await acting(service, table_id, people)
        reply = await service.handle(person, "move", {"move": move})
        assert reply.ok, (move, reply.private)
    return reply, person


def button(reply, label: str) -> str:
    return next(b.custom_id for b in [*reply.buttons, *reply.private_buttons] if b.label == label)


async def test_the_button_under_a_move_the_table_ended_takes_back_the_move_and_the_end(tmp_path):
    people = (ALICE, BOB, CAROL)
    service, _, table_id = await table_at(tmp_path, "growsky", people, 82)
    await play(service, table_id, people, GROWSKY_82)
    before = await service.table(table_id)
    state, carol = before.game.dump(), await acting(service, table_id, people)
    assert carol is CAROL and "pick search" in before.game.legal_moves(before.game.to_act()[0])
    picked = await service.handle(CAROL, "move", {"move": "pick search"})
    assert picked.ok and "(played for Carol: the only move)" in picked.text
    log = await service.store.moves(table_id)
    assert [(m.move, m.user_id) for m in log[-2:]] == [("pick search", CAROL.user_id), ("end", CAROL.user_id)]
    asked = await service.press(CAROL, button(picked, "Take back"))
    assert asked.ok and "**Carol** asks to take back `pick search` and the move played after it." in asked.text
    assert "`end`" not in asked.text
    assert "Waiting for" in (await service.press(BOB, button(asked, "Agree"))).text
    done = await service.press(ALICE, button(asked, "Agree"))
    assert done.ok and "Everyone agreed: **Carol** took back `pick search` and the move played after it." in done.text
    logged = await service.store.moves(table_id, taken_back=True)
    assert [(m.move, m.taken_back) for m in logged[-2:]] == [("pick search", True), ("end", True)]
    after = await service.table(table_id)
    assert after.game.dump() == state and await acting(service, table_id, people) is CAROL
    again = await service.press(CAROL, button(picked, "Take back"))  # the button of a move taken back
    assert not again.ok and "already been taken back" in again.private
    assert (await service.handle(CAROL, "move", {"move": "pick search"})).ok  # and the table plays on
    assert [m.played_for for m in logged[-2:]] == [False, True]  # the log tells the table's move apart


async def test_takeback_names_the_persons_move_and_a_refusal_leaves_the_table_as_it_was(tmp_path):
    people = (ALICE, BOB)
    service, _, table_id = await table_at(tmp_path, "propeller", people, 5)
    await play(service, table_id, people, PROPELLER_5)
    deployed = await service.handle(ALICE, "move", {"move": "deploy d2 to t5"})
    assert deployed.ok and [b.label for b in deployed.private_buttons] == ["Take back"]
    log = await service.store.moves(table_id)
    assert [m.move for m in log[-2:]] == ["deploy d2 to t5", "pass"]
    loaded = await service.table(table_id)
    version, state = loaded.version, loaded.game.dump()
    asked = await service.handle(ALICE, "takeback")
    assert asked.ok and "asks to take back `deploy d2 to t5` and the move played after it." in asked.text
    refused = await service.press(BOB, button(asked, "Refuse"))
    assert refused.ok and "refused to take back `deploy d2 to t5`: it stands." in refused.text
    loaded = await service.table(table_id)
    assert (loaded.version, loaded.game.dump()) == (version, state)
    assert await service.store.moves(table_id, taken_back=True) == log
    assert not (await service.press(BOB, button(asked, "Agree"))).ok  # the request is over
    assert [m.played_for for m in log[-2:]] == [False, True]


async def test_a_move_played_for_a_person_is_never_asked_for_alone(tmp_path):
    people = (ALICE, BOB)
    service, _, table_id = await table_at(tmp_path, "propeller", people, 82)
    await play(service, table_id, people, PROPELLER_82)
    before = (await service.table(table_id)).game.dump()
    passed = await service.handle(ALICE, "move", {"move": "pass"})
    log = await service.store.moves(table_id)
    assert [(m.move, m.user_id) for m in log[-2:]] == [("pass", ALICE.user_id), ("die 1", BOB.user_id)]
    refused = await service.handle(BOB, "takeback")  # Bob's lone die, played for him, is not his to take back
    assert not refused.ok and "moved since" in refused.private
    assert await service.store.moves(table_id, taken_back=True) == log
    asked = await service.press(ALICE, button(passed, "Take back"))
    assert asked.ok and "asks to take back `pass` and the move played after it." in asked.text
    done = await service.press(BOB, button(asked, "Agree"))
    assert done.ok and "took back `pass`" in done.text
    assert (await service.table(table_id)).game.dump() == before
    logged = (await service.store.moves(table_id, taken_back=True))[-2:]
    assert [(m.taken_back, m.played_for) for m in logged] == [(True, False), (True, True)]


async def test_a_plan_goes_back_with_the_move_before_it_and_is_never_asked_for_alone(tmp_path):
    service = await service_at(tmp_path / "t.db", clock=Clock())
    installed = install(service, prepare_daily=False)
    people = (ALICE, BOB)
    table_id = await open_table(service, "pioneers", people)
    first = await acting(service, table_id, people)
    second = BOB if first is ALICE else ALICE
    game = (await service.table(table_id)).game
    mine = game.legal_moves(game.current)[0]
    near = {int(mine.split()[1]), *game.NODE_NEIGHBOURS[int(mine.split()[1])]}
    planned = next(m for m in game.legal_moves(game.current) if int(m.split()[1]) not in near)
    assert (await service.handle(second, "plan", {"move": planned})).ok
    assert (await service.handle(first, "move", {"move": mine})).ok
    game = (await service.table(table_id)).game
    before = game.dump()
    road = await service.handle(first, "move", {"move": game.legal_moves(game.current)[0]})
    assert road.ok and [b.label for b in road.private_buttons] == ["Take back"]
    await installed.plans.settle_posts()  # the turn passed: the plan was played for the second player
    log = await service.store.moves(table_id)
    assert (log[-1].user_id, log[-1].move) == (second.user_id, planned)
    refused = await service.handle(second, "takeback")
    assert not refused.ok and "no move to take back" in refused.private
    asked = await service.press(first, button(road, "Take back"))  # the plan came after the answer: still aimed
    assert asked.ok and "and the move played after it." in asked.text
    done = await service.press(second, button(asked, "Agree"))
    assert done.ok and "took back" in done.text
    assert (await service.table(table_id)).game.dump() == before
    assert [m.move for m in await service.store.moves(table_id)] == [mine]
    assert [m.played_for for m in await service.store.moves(table_id, taken_back=True)] == [False, False, True]


async def test_a_standing_answer_goes_back_with_the_offer_and_is_never_asked_for_alone(tmp_path):
    people = (ALICE, BOB)
    service, table_id = await auto_table(tmp_path, people)
    _, game = await main_phase(service, table_id, people)
    offerer = await person_at(service, table_id, game.current, people)
    other = next(p for p in people if p is not offerer)
    assert (await service.handle(other, "auto", {"decline": "all"})).ok
    before = (await service.table(table_id)).game.dump()
    offer = an_offer(game, game.current, 4)
    offered = await service.handle(offerer, "move", {"move": offer})
    log = await service.store.moves(table_id)
    assert (log[-1].user_id, log[-1].move.split()[0]) == (other.user_id, "decline")
    refused = await service.handle(other, "takeback")  # the decline the table sent for them is not theirs to ask
    assert not refused.ok and "moved since" in refused.private
    asked = await service.press(offerer, button(offered, "Take back"))
    assert asked.ok and f"asks to take back `{offer}` and the move played after it." in asked.text
    done = await service.press(other, button(asked, "Agree"))
    assert done.ok and (await service.table(table_id)).game.dump() == before
    assert [m.played_for for m in (await service.store.moves(table_id, taken_back=True))[-2:]] == [False, True]


async def test_a_plan_held_while_a_request_was_open_is_played_once_it_is_refused(tmp_path, monkeypatch):
    service = await service_at(tmp_path / "t.db", clock=Clock())
    installed = install(service, prepare_daily=False)
    people = (ALICE, BOB)
    table_id = await open_table(service, "pioneers", people)
    first = await acting(service, table_id, people)
    second = BOB if first is ALICE else ALICE
    game = (await service.table(table_id)).game
    mine = game.legal_moves(game.current)[0]
    near = {int(mine.split()[1]), *game.NODE_NEIGHBOURS[int(mine.split()[1])]}
    planned = next(m for m in game.legal_moves(game.current) if int(m.split()[1]) not in near)
    assert (await service.handle(second, "plan", {"move": planned})).ok
    assert (await service.handle(first, "move", {"move": mine})).ok
    spawn, held = installed.plans._spawn, []

    def first_kept(work):  # the first try of the plan waits until the request is open
        if held:
            return spawn(work)
        held.append(work)
    monkeypatch.setattr(installed.plans, "_spawn", first_kept)
    game = (await service.table(table_id)).game
    road = await service.handle(first, "move", {"move": game.legal_moves(game.current)[0]})
    assert road.ok and len(held) == 1  # the turn passed: the plan is due, and has not been tried yet
    asked = await service.press(first, button(road, "Take back"))
    assert asked.ok and "and the move played after it" not in asked.text
    log = await service.store.moves(table_id)
    await held[0]  # tried while the request is open: held
    assert await service.store.moves(table_id) == log
    refused = await service.press(second, button(asked, "Refuse"))
    assert refused.ok and "refused" in refused.text
    await installed.plans.settle_posts()
    logged = await service.store.moves(table_id)
    assert len(logged) == len(log) + 1 and (logged[-1].user_id, logged[-1].move) == (second.user_id, planned)


async def test_a_claim_that_drew_a_tile_is_not_taken_back_through_the_pass_played_after_it(tmp_path):
    """The issue's Propeller Islands case: a claim followed by the claimer's lone `pass`. The claim
    drew from the stack, so nothing can be taken back; the pass alone is never offered instead."""
    people = (ALICE, BOB)
    service, _, table_id = await table_at(tmp_path, "propeller", people, 5)
    moves = PROPELLER_5.split("|")
    await play(service, table_id, people, "|".join(moves[:20]))
    claimer = await acting(service, table_id, people)
    claimed = await service.handle(claimer, "move", {"move": moves[20]})
    log = await service.store.moves(table_id)
    assert moves[20] == "claim a at -2,1" and [m.move for m in log[-2:]] == ["claim a at -2,1", "pass"]
    assert claimed.ok and not claimed.private_buttons
    refused = await service.handle(claimer, "takeback")
    assert not refused.ok and "Your move revealed something new" in refused.private
    assert await service.store.moves(table_id, taken_back=True) == log

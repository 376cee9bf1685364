
"""Take-back by consent, through the service as players use it."""

from __future__ import annotations

import random

import pytest

from bot.extensions import install
from db.daily import DailyStore
from games import registry
from tests.helpers import ALICE, BOB, CAROL, open_table, resign, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def table_of(tmp_path, game="pioneers", people=(ALICE, BOB), ai=0):
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    await open_table(service, game, people, computers=ai)
    return service


async def current(service, people):
    row = await service.store.open_table(people[0].channel_id)
    seats = {s.seat: s.user_id for s in await service.store.seats(row.id)}
    game = registry.get(row.game).load(row.state)
    seat = game.to_act()[0]
    return next(p for p in people if p.user_id == seats[seat]), game, seat, row


async def test_all_agree_restores_the_exact_earlier_state(tmp_path):
    people = (ALICE, BOB, CAROL)
    service = await table_of(tmp_path, people=people)
    mover, game, seat, row = await current(service, people)
    before = row.state
    reply = await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    assert reply.ok and [b.label for b in reply.private_buttons] == ["Take back"]
    ask = await service.press(mover, reply.private_buttons[0].custom_id)
    assert ask.ok and {b.label for b in ask.buttons} == {"Agree", "Refuse"}
    others = [p for p in people if p is not mover]
    assert set(ask.mentions) == {p.user_id for p in others}
    agree = next(b.custom_id for b in ask.buttons if b.label == "Agree")
    assert not (await service.press(mover, agree)).ok  # the asker does not answer
    first = await service.press(others[0], agree)
    assert "Waiting for" in first.text
    assert (await service.store.open_table(mover.channel_id)).state != before
    done = await service.press(others[1], agree)
    assert done.ok and "took back" in done.text
    assert (await service.store.open_table(mover.channel_id)).state == before
    logged = await service.store.moves(row.id, taken_back=True)
    assert [m.taken_back for m in logged] == [True]
    assert await service.store.moves(row.id) == []
    # the live table plays on from the rebuilt state
    mover2, game2, seat2, _ = await current(service, people)
    assert mover2 == mover and game2.dump() == before
    assert (await service.handle(mover, "move", {"move": game2.legal_moves(seat2)[1]})).ok


async def test_one_refusal_ends_the_request(tmp_path):
    service = await table_of(tmp_path)
    mover, game, seat, row = await current(service, (ALICE, BOB))
    other = BOB if mover is ALICE else ALICE
    await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    after = (await service.store.open_table(mover.channel_id)).state
    ask = await service.handle(mover, "takeback")
    refuse = next(b.custom_id for b in ask.buttons if b.label == "Refuse")
    agree = next(b.custom_id for b in ask.buttons if b.label == "Agree")
    assert "refused" in (await service.press(other, refuse)).text
    assert not (await service.press(other, agree)).ok
    assert (await service.store.open_table(mover.channel_id)).state == after


async def test_refused_after_a_later_move_and_a_request_ends_with_one(tmp_path):
    service = await table_of(tmp_path)
    people = (ALICE, BOB)
    mover, game, seat, row = await current(service, people)
    await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    ask = await service.handle(mover, "takeback")
    agree = next(b.custom_id for b in ask.buttons if b.label == "Agree")
    # the setup goes on: the same seat places its road, a later move
    nxt, game, seat, _ = await current(service, people)
    await service.handle(nxt, "move", {"move": game.legal_moves(seat)[0]})
    other = BOB if mover is ALICE else ALICE
    late = await service.press(other, agree)
    assert not late.ok and "ended" in late.private
    if nxt is mover:  # the mover's road: now their settlement is no longer their last move
        mover2, game, seat, _ = await current(service, people)
        await service.handle(mover2, "move", {"move": game.legal_moves(seat)[0]})
        if mover2 is not mover:
            refused = await service.handle(mover, "takeback")
            assert not refused.ok and "moved since" in refused.private


async def test_the_deadline_move_ends_the_request(tmp_path):
    service = await table_of(tmp_path)
    people = (ALICE, BOB)
    mover, game, seat, row = await current(service, people)
    await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    ask = await service.handle(mover, "takeback")
    agree = next(b.custom_id for b in ask.buttons if b.label == "Agree")
    _, game, seat, _ = await current(service, people)
    assert await service.play_for(row.id, seat, "Time is up.") is not None
    other = BOB if mover is ALICE else ALICE
    assert not (await service.press(other, agree)).ok


async def test_a_roll_cannot_be_taken_back(tmp_path):
    service = await table_of(tmp_path)
    people = (ALICE, BOB)
    for person in people:  # the players roll themselves (a lone roll is played for them by default)
        assert (await service.handle(person, "auto", {"forced": "off"})).ok
    for _ in range(20):  # the setup, played by its first legal moves
        mover, game, seat, row = await current(service, people)
        if "roll" in game.legal_moves(seat):
            break
        await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    reply = await service.handle(mover, "move", {"move": "roll"})
    assert reply.ok and not reply.private_buttons
    refused = await service.handle(mover, "takeback")
    assert not refused.ok and "revealed" in refused.private


def test_games_refuse_draws_and_dice_and_allow_plain_moves():
    """At the engine: rolls, steals, bought cards, played cards and a new day's tiles are refused."""
    rng = random.Random(3)
    seen = {"pioneers": set(), "archipels": set(), "hawaii": set()}
    for key, players in (("pioneers", 3), ("archipels", 2), ("hawaii", 1)):
        cls = registry.get(key)
        game = cls.new(players, {}, 5)
        for _ in range(600):
            if game.is_over():
                break
            seat = game.to_act()[0]
            move = rng.choice(game.legal_moves(seat))
            before = cls.load(game.dump())
            game.play(seat, move)
            allowed = game.can_take_back(before, seat, move)
            drew = game.rng.counter != before.rng.counter
            if key == "pioneers":
                drew |= len(game.deck) != len(before.deck) or move.split()[0] in ("knight", "year", "monopoly")
            if key == "archipels":
                drew |= len(game.stack) != len(before.stack)
            assert not (allowed and drew), (key, move)
            seen[key].add(allowed)
    assert all(found == {True, False} for found in seen.values()), seen


async def test_solo_take_back_needs_no_consent_and_marks_the_result(tmp_path):
    service = await table_of(tmp_path, game="hawaii", people=(ALICE,))
    _, game, seat, row = await current(service, (ALICE,))
    before = row.state
    move = game.legal_moves(0)[0]
    trial = registry.get("hawaii").load(before)
    trial.play(0, move)
    assert trial.can_take_back(registry.get("hawaii").load(before), 0, move)
    await service.handle(ALICE, "move", {"move": move})
    done = await service.handle(ALICE, "takeback")
    assert done.ok and not done.buttons[:0] and "took back" in done.text
    assert "The result of this game is now marked: 1 move taken back." in done.text
    assert "Agree" not in [b.label for b in done.buttons]
    assert (await service.store.open_table(ALICE.channel_id)).state == before
    await resign(service, ALICE)
    results = await DailyStore(service.store).results_of_guild(ALICE.guild_id)
    assert [r.takebacks for r in results] == [1]


async def test_a_game_that_proves_nothing_takes_nothing_back(tmp_path, sticks):
    service = await table_of(tmp_path, game="sticks")
    mover, game, seat, row = await current(service, (ALICE, BOB))
    reply = await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    assert reply.ok and not reply.private_buttons
    refused = await service.handle(mover, "takeback")
    assert not refused.ok and "does not say" in refused.private


async def test_propeller_and_growsky_take_back_a_first_choice_by_consent(tmp_path):
    """A character choice (Propeller Islands) and a draft pick (Grow Sky) draw nothing: all agree, it goes back."""
    people = (ALICE, BOB, CAROL)
    for game_key in ("propeller", "growsky"):
        (tmp_path / game_key).mkdir()
        service = await table_of(tmp_path / game_key, game=game_key, people=people)
        mover, game, seat, row = await current(service, people)
        reply = await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
        assert reply.ok and [b.label for b in reply.private_buttons] == ["Take back"], game_key
        ask = await service.handle(mover, "takeback")
        agree = next(b.custom_id for b in ask.buttons if b.label == "Agree")
        for other in (p for p in people if p is not mover):
            done = await service.press(other, agree)
        assert done.ok and "took back" in done.text
        assert (await service.store.open_table(mover.channel_id)).state == row.state


async def test_a_request_and_its_agreements_outlive_a_restart(tmp_path):
    people = (ALICE, BOB, CAROL)
    service = await table_of(tmp_path, people=people)
    mover, game, seat, row = await current(service, people)
    before = row.state
    moved = await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    ask = await service.press(mover, moved.private_buttons[0].custom_id)
    agree = next(b.custom_id for b in ask.buttons if b.label == "Agree")
    others = [p for p in people if p is not mover]
    assert "Waiting for" in (await service.press(others[0], agree)).text
    await service.store.close()

    restarted = await service_at(tmp_path / "t.db")  # a new process on the same database
    install(restarted, prepare_daily=False)
    assert not (await restarted.press(others[0], agree)).ok  # the first yes was kept: not asked twice
    done = await restarted.press(others[1], agree)
    assert done.ok and "took back" in done.text
    assert (await restarted.store.open_table(mover.channel_id)).state == before
    assert not (await restarted.press(others[1], agree)).ok  # the request is over


async def test_a_request_made_before_a_later_move_is_dead_after_a_restart(tmp_path):
    people = (ALICE, BOB, CAROL)
    service = await table_of(tmp_path, people=people)
    mover, game, seat, _ = await current(service, people)
    moved = await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
    ask = await service.press(mover, moved.private_buttons[0].custom_id)
    agree = next(b.custom_id for b in ask.buttons if b.label == "Agree")
    nxt, game2, seat2, _ = await current(service, people)  # any later move ends the request
    assert (await service.handle(nxt, "move", {"move": game2.legal_moves(seat2)[0]})).ok
    await service.store.close()
    restarted = await service_at(tmp_path / "t.db")
    install(restarted, prepare_daily=False)
    after = await restarted.store.open_table(mover.channel_id)
    for person in people:
        if person is not mover:
            refused = await restarted.press(person, agree)
            assert not refused.ok and "ended" in refused.private
    assert (await restarted.store.open_table(mover.channel_id)).state == after.state


async def test_taking_back_and_playing_again_meets_the_same_computer_answer(tmp_path):
    """The computer answers the position, not the table's version: taking a move back and making it
    again cannot fish for a weaker answer."""
    for game_key in ("pioneers", "propeller", "growsky"):
        (tmp_path / game_key).mkdir()
        service = await table_of(tmp_path / game_key, game=game_key, people=(ALICE,), ai=1)
        table = (await service.store.open_table(ALICE.channel_id)).id
        for _ in range(80):  # Alice's moves until one that the computer answers
            done_before = len(await service.store.moves(table))
            move = await service.ai_suggestion(ALICE)
            assert (await service.handle(ALICE, "move", {"move": move})).ok
            answered = (await service.store.moves(table))[done_before + 1:]
            if any(m.user_id is None for m in answered) and (await service.handle(ALICE, "takeback")).ok:
                break  # an answer that revealed nothing, so the move could be taken back
        else:
            raise AssertionError(f"{game_key}: the computer never answered a move that could be taken back")
        answers = [tuple(m.move for m in answered)]
        for _ in range(4):
            assert (await service.handle(ALICE, "move", {"move": move})).ok
            logged = await service.store.moves(table)
            answers.append(tuple(m.move for m in logged[done_before + 1:]))
            done = await service.handle(ALICE, "takeback")
            assert done.ok and "took back" in done.text, (game_key, done.private)
        assert len(set(answers)) == 1 and answers[0], (game_key, answers)

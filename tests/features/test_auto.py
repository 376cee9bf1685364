"""What the table plays for a person who is away (bot/features/auto.py), through the table service:
forced moves, `/auto forced:off`, never during a take-back request, standing answers."""

from __future__ import annotations

import pytest

from bot.core import marks
from bot.extensions import install
from games import registry
from games.pioneers import data as D
from games.pioneers.auto import AUTO
from tests.helpers import ALICE, BOB, CAROL, open_table, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def table_of(tmp_path, people=(ALICE, BOB), game="pioneers"):
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    table_id = await open_table(service, game, people)
    return service, table_id


async def state(service, table_id):
    loaded = await service.table(table_id)
    return loaded, loaded.game


async def person_at(service, table_id, seat, people):
    loaded = await service.table(table_id)
    return next(p for p in people if p.user_id == loaded.by_seat(seat).user_id)


async def through_setup(service, table_id, people):
    """Play the setup with each seat's first listed move; the replies, last one last."""
    replies = []
    for _ in range(40):
        loaded, game = await state(service, table_id)
        if game.phase != "setup":
            return replies
        seat = game.to_act()[0]
        mover = await person_at(service, table_id, seat, people)
        reply = await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
        assert reply.ok, reply.private
        replies.append((mover, reply))
    raise AssertionError("the setup did not end")


async def test_a_forced_roll_is_played_for_the_person_and_logged_as_theirs(tmp_path):
    people = (ALICE, BOB)
    service, table_id = await table_of(tmp_path, people)
    replies = await through_setup(service, table_id, people)
    mover, last = replies[-1]
    loaded, game = await state(service, table_id)
    roller = await person_at(service, table_id, game.current, people)
    assert game.phase != "roll"  # nobody sent the roll: the table made it
    assert f"(played for {roller.name}: the only move)" in last.text
    log = await service.store.moves(table_id)
    rolls = [m for m in log if m.move == "roll"]
    assert len(rolls) == 1 and rolls[0].user_id == roller.user_id and rolls[0].seat == game.current
    # the post names whose turn it is after the chain: the roller's, to build or end
    assert f"Your move: {marks.person(roller.user_id)}" in last.text.split("(played for")[-1]


async def test_forced_off_leaves_the_roll_to_the_person(tmp_path):
    people = (ALICE, BOB)
    service, table_id = await table_of(tmp_path, people)
    for person in people:
        answer = await service.handle(person, "auto", {"forced": "off"})
        assert answer.ok and "forced moves: off" in answer.private and not answer.text
    replies = await through_setup(service, table_id, people)
    _, game = await state(service, table_id)
    assert game.phase == "roll" and game.legal_moves(game.current) == ["roll"]
    assert not any("the only move" in reply.text for _, reply in replies)
    assert not [m for m in await service.store.moves(table_id) if m.move == "roll"]


async def test_nothing_is_played_while_a_take_back_request_is_open(tmp_path):
    people = (ALICE, BOB)
    service, table_id = await table_of(tmp_path, people)
    for person in people:
        assert (await service.handle(person, "auto", {"forced": "off"})).ok
    replies = await through_setup(service, table_id, people)
    mover, _ = replies[-1]
    asked = await service.handle(mover, "takeback")
    assert asked.ok and any(b.label == "Agree" for b in asked.buttons), asked.private
    version = (await service.table(table_id)).version
    for person in people:  # forced moves on again while the request waits for an answer
        assert (await service.handle(person, "auto", {"forced": "on"})).ok
    assert await service.play_owed(table_id) == []
    loaded, game = await state(service, table_id)
    assert loaded.version == version and game.phase == "roll"
    refuse = next(b.custom_id for b in asked.buttons if b.label == "Refuse")
    other = next(p for p in people if p is not mover)
    refused = await service.press(other, refuse)
    # the request is over, the table as it was: the roll it held is played with the refusal, and told
    assert refused.ok and "refused" in refused.text and "the only move" in refused.text
    assert await service.play_owed(table_id) == []
    log = await service.store.moves(table_id)
    assert log[-1].move == "roll" and log[-1].played_for and log[-1].user_id == mover.user_id
    assert (await service.table(table_id)).game.phase != "roll"


async def test_standing_answers_are_private_and_checked(tmp_path):
    people = (ALICE, BOB)
    service, _ = await table_of(tmp_path, people)
    saved = await service.handle(BOB, "auto", {"decline": "ore, wool", "discard": "wool grain"})
    assert saved.ok and not saved.text
    assert "decline: ore wool" in saved.private and "discard: wool grain" in saved.private
    listed = await service.handle(BOB, "auto")
    assert "decline: ore wool" in listed.private and "forced moves: on" in listed.private
    assert "decline: off" in (await service.handle(ALICE, "auto")).private  # each person their own
    bad = await service.handle(BOB, "auto", {"decline": "gold"})
    assert not bad.ok and "`gold` is not a resource" in bad.private
    other_game = await service.handle(BOB, "auto", {"bonus": "stop"})
    assert not other_game.ok and "no standing answer `bonus:`" in other_game.private


async def main_phase(service, table_id, people):
    await through_setup(service, table_id, people)
    for _ in range(20):
        loaded, game = await state(service, table_id)
        if game.phase == "main" and sum(game.hands[game.current]) > 0:
            return loaded, game
        seat = (game.to_act())[0]
        mover = await person_at(service, table_id, seat, people)
        move = "end" if game.phase == "main" else game.legal_moves(seat)[0]
        assert (await service.handle(mover, "move", {"move": move})).ok
    raise AssertionError("no main phase with cards in hand")


def an_offer(game, seat, asking: int) -> str:
    give = next(k for k in range(5) if game.hands[seat][k])
    return f"offer 1 {D.RESOURCES[give]} for 1 {D.RESOURCES[asking if asking != give else (give + 1) % 5]}"


async def test_declines_offers_asking_for_the_kinds_set(tmp_path):
    people = (ALICE, BOB, CAROL)
    service, table_id = await table_of(tmp_path, people)
    loaded, game = await main_phase(service, table_id, people)
    offerer = await person_at(service, table_id, game.current, people)
    others = [p for p in people if p is not offerer]
    decliner, asked = others
    assert (await service.handle(decliner, "auto", {"decline": "ore"})).ok
    ore, grain = D.RESOURCES.index("ore"), D.RESOURCES.index("grain")
    give = next(k for k in range(5) if game.hands[game.current][k])
    if give == ore:
        pytest.skip("the offerer holds ore only")
    reply = await service.handle(offerer, "move", {"move": f"offer 1 {D.RESOURCES[give]} for 1 ore"})
    assert reply.ok, reply.private
    log = await service.store.moves(table_id)
    assert log[-1].user_id == decliner.user_id and log[-1].move.startswith("decline ")
    assert "the only move" not in reply.text  # a standing answer is told as the move alone
    _, game = await state(service, table_id)
    waiting = {(await person_at(service, table_id, s, people)).user_id for s in game.awaited_answers()}
    assert waiting == {asked.user_id}
    if give != grain:  # an offer asking grain, which the decliner did not name, waits for them
        reply = await service.handle(offerer, "move", {"move": f"offer 1 {D.RESOURCES[give]} for 1 grain"})
        assert reply.ok, reply.private
        _, game = await state(service, table_id)
        waiting = {(await person_at(service, table_id, s, people)).user_id for s in game.awaited_answers()}
        assert decliner.user_id in waiting


async def test_decline_all_answers_every_offer(tmp_path):
    people = (ALICE, BOB)
    service, table_id = await table_of(tmp_path, people)
    loaded, game = await main_phase(service, table_id, people)
    offerer = await person_at(service, table_id, game.current, people)
    other = next(p for p in people if p is not offerer)
    assert (await service.handle(other, "auto", {"decline": "all"})).ok
    reply = await service.handle(offerer, "move", {"move": an_offer(game, game.current, 4)})
    assert reply.ok, reply.private
    _, game = await state(service, table_id)
    assert game.awaited_answers() == []
    log = await service.store.moves(table_id)
    assert log[-1].user_id == other.user_id and log[-1].move.startswith("decline ")


def discarding(seed=3):
    """A Pioneer's Isle game at a 7 with seat 1 to discard 4 of 8 cards (2 of each kind but ore)."""
    cls = registry.get("pioneers")
    game = cls.new(3, {}, seed)
    game.hands[1] = [2, 2, 2, 2, 0]
    game.phase, game.discards = "discard", {1: 4}
    return game


def test_discard_by_priority_is_legal_and_follows_the_order():
    game = discarding()
    move = AUTO.standing(game, 1, {"discard": "wool grain"})
    assert move == "discard 2 wool 2 grain"
    game.play(1, move)
    assert game.hands[1] == [2, 2, 0, 0, 0]
    short = discarding()
    # kinds left out of the order follow it: ore first but none held, then lumber
    assert AUTO.standing(short, 1, {"discard": "ore lumber"}) == "discard 2 lumber 2 brick"
    assert AUTO.standing(discarding(), 1, {"decline": "all"}) is None  # no discard order set: asked


def test_a_roll_is_forced_in_public_only_without_development_cards():
    """Holding a development card that cannot be played (a victory point) leaves `roll` the only
    legal move, yet it is not played for the seat: that would tell the table the card is no Knight."""
    cls = registry.get("pioneers")
    game = cls.new(2, {}, 5)
    while game.phase == "setup":
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    seat = game.current
    assert game.phase == "roll" and AUTO.forced(game, seat) == "roll"
    game.devs[seat][D.VICTORY] += 1
    assert game.legal_moves(seat) == ["roll"] and AUTO.forced(game, seat) is None
    game.devs[seat][D.VICTORY] -= 1
    game.devs[seat][D.KNIGHT] += 1
    assert AUTO.forced(game, seat) is None


def main_of(seed=5):
    """A 2-player Pioneer's Isle game in its first main phase, after the roll."""
    cls = registry.get("pioneers")
    game = cls.new(2, {}, seed)
    while game.phase != "main":
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        game.play(seat, "roll" if "roll" in moves else moves[0])
    return game


def test_an_empty_handed_end_is_forced_only_when_no_card_could_be_played():
    """With no resource card the only move is `end` whatever the development cards are, but it is
    played for the seat only when public facts say no card could be played now."""
    game = main_of()
    seat = game.current
    game.hands[seat] = [0] * 5
    game.devs[seat] = [0] * len(game.devs[seat])
    assert game.legal_moves(seat) == ["end"] and AUTO.forced(game, seat) == "end"
    game.devs[seat][D.VICTORY] += 1  # an old card: it might as well be a Knight to the others
    assert game.legal_moves(seat) == ["end"] and AUTO.forced(game, seat) is None
    game.new_devs[D.VICTORY] += 1  # bought this turn: it cannot be played, as everyone saw
    assert AUTO.forced(game, seat) == "end"
    game.new_devs[D.VICTORY] -= 1
    game.dev_played = True  # one card already played this turn: no second one
    assert AUTO.forced(game, seat) == "end"
    game.hands[seat][0] = 1
    assert AUTO.forced(game, seat) is None  # a card in hand: trading it is a choice


def test_an_empty_handed_seat_declines_an_offer_without_being_asked():
    """A seat holding no resource card can neither accept nor counter an offer: its decline is
    forced in public (its card count is public); with one card it is asked as before."""
    game = main_of()
    seat, other = game.current, 1 - game.current
    game.hands[seat] = [1, 1, 1, 1, 1]
    game.hands[other] = [0] * 5
    game.devs[other][D.KNIGHT] += 1  # development cards play no part in answering offers
    game.play(seat, "offer 1 brick for 1 ore")
    number = game.offers[0]["id"]
    assert game.awaited_answers() == [other]
    assert AUTO.forced(game, other) == f"decline {number}"
    game.hands[other][0] = 1
    assert AUTO.forced(game, other) is None
    assert AUTO.forced(game, seat) is None  # the offerer answers nothing


async def test_the_table_declines_for_an_empty_handed_person(tmp_path):
    """Through the table service: an offer to a person holding no resource card is declined for
    them at once, told as the only move, and the offerer is not kept waiting."""
    import random
    people = (ALICE, BOB)
    service, table_id = await table_of(tmp_path, people)
    rng = random.Random(7)
    for _ in range(600):
        loaded, game = await state(service, table_id)
        seat = game.to_act()[0]
        other = 1 - seat
        mover = await person_at(service, table_id, seat, people)
        if game.phase == "main" and sum(game.hands[seat]) and not sum(game.hands[other]) and not game.offers:
            break
        move = game.ai_move(seat, rng)
        if move.startswith("offer"):
            move = "end"
        assert (await service.handle(mover, "move", {"move": move})).ok
    else:
        raise AssertionError("no main phase found with an empty-handed other seat")
    reply = await service.handle(mover, "move", {"move": an_offer(game, seat, 4)})
    assert reply.ok, reply.private
    answerer = await person_at(service, table_id, other, people)
    assert f"(played for {answerer.name}: the only move)" in reply.text
    _, game = await state(service, table_id)
    assert game.awaited_answers() == []
    log = await service.store.moves(table_id)
    assert log[-1].user_id == answerer.user_id and log[-1].move.startswith("decline ")


def test_roll_on_rolls_whatever_the_hand_holds():
    """`roll:on` is the player's own order: followed with a Knight in hand as without one."""
    cls = registry.get("pioneers")
    game = cls.new(2, {}, 5)
    while game.phase == "setup":
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    seat = game.current
    game.devs[seat][D.KNIGHT] += 1
    assert game.legal_moves(seat) == ["roll", "knight"] and AUTO.forced(game, seat) is None
    assert AUTO.standing(game, seat, {"roll": "on"}) == "roll"
    assert AUTO.standing(game, 1 - seat, {"roll": "on"}) is None  # only as the seat's own turn starts


async def test_a_forced_move_left_by_a_crash_is_played_by_the_next_call(tmp_path):
    """The person's move was saved, then the process went before the forced roll after it: the
    next call (here the outbox composing the post it owes) plays it, logged as the roller's."""
    people = (ALICE, BOB)
    bare = await service_at(tmp_path / "t.db")  # without the table's extensions: it plays nothing for anyone
    table_id = await open_table(bare, "pioneers", people)
    await through_setup(bare, table_id, people)
    _, game = await state(bare, table_id)
    assert game.phase == "roll"
    restarted = await service_at(tmp_path / "t.db")
    install(restarted, prepare_daily=False)
    owed = await restarted.play_owed(table_id)
    roller = await person_at(restarted, table_id, game.current, people)
    assert owed and f"(played for {roller.name}: the only move)" in owed[-1]
    log = await restarted.store.moves(table_id)
    assert (log[-1].move, log[-1].user_id) == ("roll", roller.user_id)


async def test_forced_off_said_through_another_process_is_heeded(tmp_path):
    people = (ALICE, BOB)
    service, table_id = await table_of(tmp_path, people)
    other = await service_at(tmp_path / "t.db")  # a second process on the same store
    install(other, prepare_daily=False)
    for person in people:
        assert "forced moves: on" in (await other.handle(person, "auto")).private  # the other has read them
        assert (await service.handle(person, "auto", {"forced": "off"})).ok
    replies = await through_setup(other, table_id, people)
    _, game = await state(other, table_id)
    assert game.phase == "roll" and game.legal_moves(game.current) == ["roll"]
    assert not any("the only move" in reply.text for _, reply in replies)

"""Ramparts around the table (bot/features/auto.py, games/pioneers/auto.py): the choices the
table makes for a person and never asks (a tie's deck at a won raid by `track:`, the Cistern's
resource by `cistern:`), `give:` and `discard:` answers, `roll:on` past a Stargazer, through the
table service."""

from __future__ import annotations

import copy

import pytest

from bot.extensions import install
from games import registry
from games.base import IllegalMove, Rng
from games.pioneers import ramparts_data as RD
from games.pioneers.auto import RAMPARTS_AUTO
from tests.helpers import ALICE, BOB, open_table, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL
PEOPLE = (ALICE, BOB)


async def ramparts_table(tmp_path, *, forced_off=True):
    """A 2-person Ramparts table past its setup, the first roll not yet made."""
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    table_id = await open_table(service, "pioneers", PEOPLE, options="ramparts=on")
    if forced_off:  # nobody's roll is made for them: the test rolls when the position is set
        for person in PEOPLE:
            assert (await service.handle(person, "auto", {"forced": "off"})).ok
    for _ in range(40):
        loaded = await service.table(table_id)
        game = loaded.game
        if game.phase != "setup":
            break
        seat = game.to_act()[0]
        mover = person_of(loaded, seat)
        reply = await service.handle(mover, "move", {"move": game.legal_moves(seat)[0]})
        assert reply.ok, reply.private
    assert game.variant == "ramparts" and (game.phase == "roll" or not forced_off)
    return service, table_id


def person_of(loaded, seat):
    return next(p for p in PEOPLE if p.user_id == loaded.by_seat(seat).user_id)


def event_rng(faces: tuple[str, ...]) -> Rng:
    """A generator whose next event die (the dice being set) shows one of `faces`."""
    for seed in range(1000):
        if RD.EVENT_FACES[copy.deepcopy(Rng(seed)).randint(0, 5)] in faces:
            return Rng(seed)
    raise AssertionError("no seed found")


def quiet_total(game, seat: int) -> int:
    """A total (not 7) that brings the seat nothing: no hex of it touches the seat's buildings."""
    for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        touched = {node for h in game.number_hexes.get(total, ()) for node in game.HEX_NODES[h]}
        if not any(game.node_owner[node] == seat for node in touched):
            return total
    raise AssertionError("every total pays the seat")


async def test_the_cistern_is_never_asked_the_persons_cistern_answer_is_what_the_table_takes(tmp_path):
    service, table_id = await ramparts_table(tmp_path)
    loaded = await service.table(table_id)
    game = loaded.game
    roller = game.current
    other = 1 - roller
    assert (await service.handle(person_of(loaded, other), "auto", {"cistern": "brick wool"})).ok
    game.levels[other][RD.LORE] = 3
    total = quiet_total(game, other)
    game.turn_effects["dice"] = [1, total - 1] if total <= 7 else [6, total - 6]
    before = game.hands[other][1]
    reply = await service.handle(person_of(loaded, roller), "move", {"move": "roll"})
    assert reply.ok, reply.private
    game = (await service.table(table_id)).game
    assert not game.pending and game.phase == "main"
    assert game.hands[other][1] == before + 1  # brick, the person's first choice
    last = (await service.store.moves(table_id))[-1]
    assert last.move == "cistern brick" and last.seat == other
    assert last.user_id == person_of(loaded, other).user_id
    assert "takes 1 brick from the Cistern" in reply.text


async def test_a_cistern_without_an_answer_takes_the_default_and_forced_off_does_not_stop_it(tmp_path):
    service, table_id = await ramparts_table(tmp_path)
    loaded = await service.table(table_id)
    game = loaded.game
    roller, other = game.current, 1 - game.current
    game.levels[other][RD.LORE] = 3
    total = quiet_total(game, other)
    game.turn_effects["dice"] = [1, total - 1] if total <= 7 else [6, total - 6]
    game.bank[4] = 0  # no ore in the bank: the default's next, grain
    reply = await service.handle(person_of(loaded, roller), "move", {"move": "roll"})
    assert reply.ok, reply.private
    log = await service.store.moves(table_id)
    assert log[-1].move == "cistern grain" and log[-1].seat == other


async def test_a_tie_at_a_won_raid_draws_by_each_persons_track_answer_told_by_deck_alone(tmp_path):
    service, table_id = await ramparts_table(tmp_path)
    loaded = await service.table(table_id)
    game = loaded.game
    roller, other = game.current, 1 - game.current
    assert (await service.handle(person_of(loaded, other), "auto", {"track": "lore"})).ok
    game.raiders = RD.RAIDERS_STEPS - 1
    empty = [node for node in range(len(game.node_owner)) if game.node_owner[node] == -1]
    for seat, node in ((roller, empty[0]), (other, empty[1])):
        game.knight_at[node] = [seat, 1, 1, 0, 0, 0]  # one active young knight each: a tie
    game.levels[roller] = [0, 2, 0]  # the roller set nothing: their highest level, council
    game.turn_effects["dice"] = [2, 2]
    game.rng = event_rng(("sail",))
    lore_top = game.decks["lore"][0]
    reply = await service.handle(person_of(loaded, roller), "move", {"move": "roll"})
    assert reply.ok, reply.private
    game = (await service.table(table_id)).game
    log = await service.store.moves(table_id)
    assert [(m.seat, m.move) for m in log[-2:]] == [(roller, "draw council"), (other, "draw lore")]
    assert not game.pending and game.phase == "main"
    if lore_top not in ("star chart",):
        assert game.progress[other] == [lore_top]
    # the public words tell the deck, never the card
    assert "draws a lore card" in reply.text and "draws a council card" in reply.text
    for key in game.progress[other] + game.progress[roller]:
        assert key.title() not in reply.text


def test_the_table_answers_a_choice_only_for_the_seat_asked():
    game = registry.get("pioneers").new(2, {"ramparts": True}, 4)
    game.pending[1] = {"ask": "track", "then": []}
    assert RAMPARTS_AUTO.decided(game, 0, {}) is None
    assert RAMPARTS_AUTO.decided(game, 1, {}) == "draw commerce"  # levels all 0: commerce first
    assert RAMPARTS_AUTO.decided(game, 1, {"track": "council"}) == "draw council"
    game.decks["council"] = []
    assert RAMPARTS_AUTO.decided(game, 1, {"track": "council"}) == "draw commerce"  # an empty deck: default


def test_a_firebrands_discards_are_answered_by_discard():
    game = registry.get("pioneers").new(3, {"ramparts": True}, 4)
    game.hands[1] = [2, 0, 2, 0, 0, 2, 0, 0]
    game.pending[1] = {"ask": "discard", "count": 3, "by": 0}
    move = RAMPARTS_AUTO.standing(game, 1, {"discard": "ink wool"})
    assert move == "discard 1 wool 2 ink"
    assert RAMPARTS_AUTO.standing(game, 1, {"give": "ore"}) is None  # no discard order: asked


def ramparts_at_roll(seed=4):
    game = registry.get("pioneers").new(2, {"ramparts": True}, seed)
    while game.phase == "setup":
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    return game


def test_roll_on_rolls_past_a_stargazer_and_a_held_card_is_never_forced():
    game = ramparts_at_roll()
    seat = game.current
    assert game.phase == "roll" and RAMPARTS_AUTO.forced(game, seat) == "roll"  # no card held: public
    game.progress[seat] = ["stargazer"]
    assert "roll" in game.legal_moves(seat)
    assert RAMPARTS_AUTO.forced(game, seat) is None  # holding a card: rolling at once would tell it
    assert RAMPARTS_AUTO.standing(game, seat, {"roll": "on"}) == "roll"
    game.progress[seat] = ["mason"]  # a card that cannot be played before the roll: still not forced
    assert RAMPARTS_AUTO.forced(game, seat) is None


def test_a_knight_or_a_wall_may_be_planned_a_roll_or_a_draw_not():
    game = ramparts_at_roll()
    seat = 1 - game.current
    assert RAMPARTS_AUTO.plannable(game, seat, "knight 23") is None
    assert RAMPARTS_AUTO.plannable(game, seat, "wall 17") is None
    assert RAMPARTS_AUTO.plannable(game, seat, "roll") is not None
    assert RAMPARTS_AUTO.plannable(game, seat, "draw lore") is not None
    mark = RAMPARTS_AUTO.plan_mark(game, seat, "knight 23")
    empty = next(n for n in game.NODE_NEIGHBOURS[22] if n not in game.knight_at)
    game.knight_at[empty] = [game.current, 1, 0, 0, 0, 0]  # a knight beside the planned corner
    assert RAMPARTS_AUTO.plan_mark(game, seat, "knight 23") != mark


async def test_auto_lists_the_tables_choices_with_their_defaults_and_the_island_refuses_them(tmp_path):
    service, table_id = await ramparts_table(tmp_path, forced_off=False)
    shown = await service.handle(BOB, "auto")
    assert "- track: highest" in shown.private and "- cistern: ore grain wool brick lumber" in shown.private
    assert "- give: off" in shown.private and not shown.text
    saved = await service.handle(BOB, "auto", {"track": "council", "cistern": "wool, brick", "give": "ink wool"})
    assert saved.ok and "- track: council" in saved.private and "- cistern: wool brick" in saved.private
    assert "- give: ink wool" in saved.private
    wrong = await service.handle(BOB, "auto", {"track": "ships"})
    assert not wrong.ok and "`track:` is commerce, council, lore or highest." in wrong.private
    reset = await service.handle(BOB, "auto", {"track": "off", "cistern": "off"})
    assert reset.ok and "- track: highest" in reset.private
    assert "- cistern: ore grain wool brick lumber" in reset.private
    island = await service_at(tmp_path / "island.db")
    install(island, prepare_daily=False)
    await open_table(island, "pioneers", PEOPLE)
    refused = await island.handle(ALICE, "auto", {"track": "lore"})
    assert not refused.ok and "has no standing answer `track:`" in refused.private


def test_a_seat_asked_for_a_deck_is_refused_any_other_move_in_one_line():
    game = ramparts_at_roll()
    seat = game.current
    game.pending[seat] = {"ask": "track", "then": [1 - seat]}
    for move in ("knight 23", "discard 1 wool", "give 1 wool", "end", "roll", "cistern ore"):
        with pytest.raises(IllegalMove) as refused:
            game.play(seat, move)
        assert "`draw commerce`" in str(refused.value) or "Nothing asks you" in str(refused.value), move
    with pytest.raises(IllegalMove):
        game.play(1 - seat, "draw lore")  # not yet asked: the tied seats choose in turn order
    game.play(seat, "draw council")
    assert game.pending == {1 - seat: {"ask": "track", "then": []}} and len(game.progress[seat]) == 1


def test_the_view_still_tells_the_roll_once_the_tie_is_drawn_by_deck_alone():
    game = ramparts_at_roll()
    roller, other = game.current, 1 - game.current
    game.raiders = RD.RAIDERS_STEPS - 1
    empty = [node for node in range(len(game.node_owner)) if game.node_owner[node] == -1]
    game.knight_at[empty[0]] = [roller, 1, 1, 0, 0, 0]
    game.knight_at[empty[1]] = [other, 1, 1, 0, 0, 0]
    game.turn_effects["dice"] = [2, 2]
    game.rng = event_rng(("sail",))
    game.decks["lore"][0] = "hoist"
    game.play(roller, "roll")
    assert sorted(game.pending) == [roller] and game.view(None)["last"]["raid"]["tied"] == [roller, other]
    game.play(roller, "draw lore")
    game.play(other, "draw commerce")
    last = game.view(None)["last"]
    assert last["event"] == "sail" and last["roll"] == [2, 2]
    assert last["raid"]["draws"] == [[roller, "lore", ""], [other, "commerce", ""]]  # decks, no card
    assert "hoist" not in str(game.view(None)) and "hoist" in game.view(roller)["progress_hand"]


async def test_a_festivals_ask_is_answered_by_give_and_otherwise_waits_for_the_person(tmp_path):
    service, table_id = await ramparts_table(tmp_path)
    loaded = await service.table(table_id)
    roller = loaded.game.current
    other = 1 - roller
    assert (await service.handle(person_of(loaded, roller), "move", {"move": "roll"})).ok
    game = (await service.table(table_id)).game
    while game.pending:  # a Cistern or a tie the roll asked for: answered already, or answer it
        seat = min(game.pending)
        assert (await service.handle(person_of(loaded, seat), "move", {"move": game.legal_moves(seat)[0]})).ok
    if game.phase == "discard" or game.phase == "robber":
        pytest.skip("the roll was a 7")
    assert game.phase == "main"
    assert (await service.handle(person_of(loaded, other), "auto", {"give": "ink wool"})).ok
    game.progress[roller] = ["festival"]
    game.decks["council"].remove("festival")
    game.shields[other] = 3  # more points than the player of the Festival
    game.hands[other] = [1, 1, 1, 1, 1, 1, 0, 0]
    reply = await service.handle(person_of(loaded, roller), "move", {"move": "play festival"})
    assert reply.ok, reply.private
    log = await service.store.moves(table_id)
    assert log[-1].seat == other and log[-1].move == "give 1 wool 1 ink"
    game = (await service.table(table_id)).game
    assert game.hands[other] == [1, 1, 0, 1, 1, 0, 0, 0] and not game.pending

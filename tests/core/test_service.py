import asyncio

import pytest

from bot.adapters.discord.shapes import discord_text
from bot.core.replay import matches_log
from bot.core.replies import parse_custom_id
from tests.helpers import ALICE, BOB, CAROL, Clock, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def started(tmp_path, sticks, *, pile=10, ai=False, players=(ALICE, BOB), **kw):
    service = await service_at(tmp_path / "t.db", **kw)
    reply = await service.handle(players[0], "open", {"game": "sticks", "options": f"sticks={pile}"})
    assert reply.ok, reply.private
    for caller in players[1:]:
        assert (await service.handle(caller, "join")).ok
    if ai:
        assert (await service.handle(players[0], "addai")).ok
    reply = await service.handle(players[0], "start")
    assert reply.ok, reply.private
    return service, reply


async def seat_order(service, channel=222):
    row = await service.store.open_table(channel)
    return {s.seat: s.user_id for s in await service.store.seats(row.id)}


async def test_open_join_start_and_a_move_that_lands(tmp_path, sticks):
    service, reply = await started(tmp_path, sticks)
    order = await seat_order(service)
    first = {1: ALICE, 2: BOB}[order[0]]
    assert reply.mentions == [first.user_id] and f"<@{first.user_id}>" in discord_text(reply.text)
    row = await service.store.open_table(222)
    played = await service.handle(first, "move", {"move": "Take  2"})
    assert played.ok, played.private
    after = await service.store.open_table(222)
    assert after.version == row.version + 1 and after.state["state"]["pile"] == 8
    assert await matches_log(service.store, row.id)


async def test_bad_input_is_private_and_changes_nothing(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks)
    order = await seat_order(service)
    first, second = ({1: ALICE, 2: BOB}[order[s]] for s in (0, 1))
    before = await service.store.open_table(222)
    for caller, command, args in [
        (first, "move", {"move": "take 4"}),
        (first, "move", {"move": ""}),
        (second, "move", {"move": "take 1"}),
        (CAROL, "move", {"move": "take 1"}),
        (first, "frobnicate", {}),
        (first, "move", {"bogus": "x"}),
        (first, "join", {}),
        (first, "open", {"game": "sticks"}),
    ]:
        reply = await service.handle(caller, command, args)
        assert not reply.ok and reply.private and not reply.text and reply.image is None, (command, args)
    after = await service.store.open_table(222)
    assert (after.version, after.state) == (before.version, before.state)
    not_yours = await service.handle(second, "move", {"move": "take 1"})
    assert "not your turn" in not_yours.private.lower()


async def test_lobby_rules(tmp_path, sticks):
    service = await service_at(tmp_path / "t.db")
    assert "sticks" in (await service.handle(ALICE, "open", {"game": "sticks", "options": "sticks=x"})).private
    assert not (await service.handle(ALICE, "open", {"game": "nope"})).ok
    assert (await service.handle(ALICE, "open", {"game": "sticks"})).ok
    assert not (await service.handle(BOB, "start")).ok  # only the host starts
    assert not (await service.handle(ALICE, "leave")).ok  # the host cancels instead
    assert (await service.handle(BOB, "join")).ok
    assert (await service.handle(BOB, "leave")).ok
    assert not (await service.handle(BOB, "cancel")).ok  # neither host nor manager
    assert (await service.handle(who("Mod", 9, manage=True), "cancel")).ok
    assert await service.store.open_table(222) is None


async def test_seat_order_is_drawn_from_the_table_seed(tmp_path, sticks):
    orders = set()
    for seed in range(8):
        (tmp_path / str(seed)).mkdir()
        service, _ = await started(tmp_path / str(seed), sticks, players=(ALICE, BOB, CAROL), seeds=lambda s=seed: s)
        orders.add(tuple((await seat_order(service)).values()))
    assert len(orders) > 1


async def test_computer_seats_play_at_once_and_results_are_recorded(tmp_path, sticks):
    service, reply = await started(tmp_path, sticks, players=(ALICE,), ai=True, pile=9)
    for _ in range(20):
        row = await service.store.table(1)
        if row.status == "finished":
            break
        move = await service.ai_suggestion(ALICE)
        reply = await service.handle(ALICE, "move", {"move": move})
        assert reply.ok, reply.private
    assert row.status == "finished"
    results = await service.store.results(1)
    assert sorted(r["rank"] for r in results) == [1, 2]
    assert "game is over" in reply.text.lower()
    assert await matches_log(service.store, 1)


async def test_stale_button_and_two_clicks_at_once(tmp_path, sticks):
    service, reply = await started(tmp_path, sticks)
    order = await seat_order(service)
    first = {1: ALICE, 2: BOB}[order[0]]
    take1 = next(b.custom_id for b in reply.buttons if b.custom_id.endswith("take 1"))
    take2 = next(b.custom_id for b in reply.buttons if b.custom_id.endswith("take 2"))
    a, b = await asyncio.gather(service.press(first, take1), service.press(first, take2))
    assert sorted([a.ok, b.ok]) == [False, True]
    loser = a if not a.ok else b
    assert "moved on" in loser.private
    assert len(await service.store.moves(1)) == 1
    stale = await service.press(first, take1)
    assert not stale.ok and "moved on" in stale.private


async def test_two_processes_cannot_both_write_the_same_version(tmp_path, sticks):
    one, _ = await started(tmp_path, sticks)
    other = await service_at(tmp_path / "t.db")
    order = await seat_order(one)
    first = {1: ALICE, 2: BOB}[order[0]]
    assert (await other.handle(first, "board")).ok  # the second process caches the table too
    assert (await one.handle(first, "move", {"move": "take 1"})).ok
    # the other process still holds the old version in memory; its write must be refused
    late = await other.handle(first, "move", {"move": "take 1"})
    assert not late.ok
    assert len(await one.store.moves(1)) == 1 and await matches_log(one.store, 1)


async def test_a_restarted_service_continues_every_table(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks)
    order = await seat_order(service)
    first, second = ({1: ALICE, 2: BOB}[order[s]] for s in (0, 1))
    assert (await service.handle(first, "move", {"move": "take 3"})).ok
    await service.store.close()  # as if the process died right after acknowledging
    again = await service_at(tmp_path / "t.db")
    assert (await again.handle(second, "move", {"move": "take 2"})).ok
    row = await again.store.open_table(222)
    assert row.state["state"]["pile"] == 5
    assert [m.move for m in await again.store.moves(row.id)] == ["take 3", "take 2"]


async def test_resign_hands_the_seat_to_the_computer_and_ranks_it_last(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks, players=(ALICE, BOB, CAROL), pile=30)
    reply = await service.handle(BOB, "resign")
    assert reply.ok and "resigned" in reply.text
    assert not (await service.handle(BOB, "move", {"move": "take 1"})).ok
    for _ in range(60):
        row = await service.store.table(1)
        if row.status == "finished":
            break
        game = service._cache[1].game
        seat = game.to_act()[0]
        user = (await seat_order(service))[seat]
        caller = {1: ALICE, 3: CAROL}[user]
        assert (await service.handle(caller, "move", {"move": await service.ai_suggestion(caller)})).ok
    ranks = {r["user_id"]: r["rank"] for r in await service.store.results(1)}
    assert ranks[BOB.user_id] == 3


async def test_last_human_resigning_ends_the_game(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks)
    ask = await service.handle(ALICE, "resign")  # two players: it ends the game, so it asks first
    assert ask.ok and not ask.text and "Bob wins" in ask.private and [b.label for b in ask.buttons] == ["Resign"]
    assert (await service.store.table(1)).status == "active"
    reply = await service.press(ALICE, ask.buttons[0].custom_id)
    assert "over" in reply.text.lower() and "1. Bob" in reply.text and "2. Alice (resigned)" in reply.text
    ranks = {r["user_id"]: r["rank"] for r in await service.store.results(1)}
    assert ranks == {BOB.user_id: 1, ALICE.user_id: 2}


async def test_autocomplete_offers_legal_moves_matching_the_text(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks)
    order = await seat_order(service)
    first, second = ({1: ALICE, 2: BOB}[order[s]] for s in (0, 1))
    assert await service.suggest_moves(first, "") == ["take 1", "take 2", "take 3"]
    assert await service.suggest_moves(first, "TAKE 2") == ["take 2"]
    assert await service.suggest_moves(second, "") == []
    assert await service.suggest_moves(CAROL, "") == []


async def test_menus_page_legal_moves(tmp_path, sticks):
    service, reply = await started(tmp_path, sticks)
    order = await seat_order(service)
    first = {1: ALICE, 2: BOB}[order[0]]
    ls = next(b.custom_id for b in reply.buttons if parse_custom_id(b.custom_id)[0] == "ls")
    menus = await service.press(first, ls)
    assert [v for _, v in menus.menus[0].options] == ["take 1", "take 2", "take 3"]
    chosen = await service.press(first, menus.menus[0].custom_id, ["take 3"])
    assert chosen.ok and (await service.store.open_table(222)).state["state"]["pile"] == 7


@pytest.mark.parametrize("command", ["board", "hand", "history", "moves", "rules"])
async def test_information_commands_answer_without_a_table(tmp_path, sticks, command):
    service = await service_at(tmp_path / "t.db", clock=Clock())
    reply = await service.handle(ALICE, command)
    assert reply.private and not reply.text


def test_custom_ids_round_trip_with_and_without_a_version():
    from bot.core.replies import custom_id

    assert parse_custom_id(custom_id("m", 12, 5, "take r2 c1,c3")) == ("m", 12, 5, "take r2 c1,c3")
    assert parse_custom_id(custom_id("f", 12, None, "offer ")) == ("f", 12, None, "offer ")
    assert parse_custom_id(custom_id("join", 12, 3)) == ("join", 12, 3, "")
    # the core states no platform's limit: the Discord adapter leaves out an id past its 100 characters
    assert parse_custom_id(custom_id("m", 12, 5, "x" * 100)) == ("m", 12, 5, "x" * 100)
    assert parse_custom_id("other:thing") is None


async def test_public_actions_and_forms_play_as_the_pressing_seat(tmp_path, sticks, monkeypatch):
    from games.base import Action

    monkeypatch.setattr(sticks, "public_actions", lambda self: [Action("Take one", "take 1"),
                                                                 Action("Take…", "take ", form=True)])
    service, reply = await started(tmp_path, sticks)
    order = await seat_order(service)
    first, second = ({1: ALICE, 2: BOB}[order[s]] for s in (0, 1))
    take_one = next(b.custom_id for b in reply.buttons if b.label == "Take one")
    form = next(b.custom_id for b in reply.buttons if b.label == "Take…")
    assert not (await service.press(second, take_one)).ok  # not the second seat's turn
    assert (await service.press(first, take_one)).ok
    assert not (await service.press(second, form, [""])).ok
    assert (await service.press(second, form, ["take 3"])).ok
    assert (await service.store.open_table(222)).state["state"]["pile"] == 6


async def test_a_failing_computer_player_leaves_the_table_whole_and_waiting(tmp_path, sticks, monkeypatch):
    service, _ = await started(tmp_path, sticks, players=(ALICE,), ai=True, pile=20)
    seats = {s.seat: s for s in await service.store.seats(1)}  # the computer has moved if it was first

    def broken(self, seat, rng):
        raise RuntimeError("bug in the computer player")

    monkeypatch.setattr(sticks, "ai_move", broken)
    reply = await service.handle(ALICE, "move", {"move": "take 1"})
    assert reply.ok  # Alice's move landed; the computer's turn waits
    row = await service.store.table(1)
    assert await matches_log(service.store, 1)
    game = service._cache[1].game
    assert seats[game.to_act()[0]].is_ai and row.state["state"]["pile"] == game.pile


async def test_the_picture_of_a_game_ended_by_resignation_names_nobody_to_play(tmp_path, monkeypatch):
    import render
    from bot.extensions import install

    drawn = []
    real = render.draw

    def spy(key, view, names):
        drawn.append(view)
        return real(key, view, names)

    monkeypatch.setattr(render, "draw", spy)
    service = await service_at(tmp_path / "t.db", draw_images=True)
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "pioneers"})
    await service.handle(BOB, "join")
    await service.handle(ALICE, "start")
    assert drawn and drawn[-1]["to_act"] and "ended" not in drawn[-1]
    ask = await service.handle(ALICE, "resign")
    reply = await service.press(ALICE, ask.buttons[0].custom_id)
    assert reply.image is not None
    final = next(v for v in reversed(drawn) if "ended" in v)
    assert final["to_act"] == [] and final["ended"] == "Game over: Alice resigned"


async def test_a_game_may_be_named_by_its_title_where_a_game_is_asked(tmp_path):
    from bot.extensions import install

    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    assert (await service.handle(ALICE, "open", {"game": "Pioneer's Isle"})).ok
    assert (await service.store.open_table(ALICE.channel_id)).game == "pioneers"
    assert "Grow Sky" in (await service.handle(ALICE, "rules", {"game": "grow sky"})).private
    board = await service.handle(ALICE, "leaderboard", {"game": "Propeller Islands"})
    assert board.ok and "Propeller Islands" in (board.private or board.text)
    unknown = await service.handle(ALICE, "rules", {"game": "chess"})
    assert not unknown.ok and "Games here" in unknown.private


async def test_one_move_path_bound_to_a_table_and_its_version(tmp_path, sticks):
    """`move` is what buttons, the board page and the console call: a move for a table that the
    channel no longer plays, or for an earlier version of it, changes nothing."""
    service, _ = await started(tmp_path, sticks)
    first = {1: ALICE, 2: BOB}[(await seat_order(service))[0]]
    old = await service.store.open_table(222)
    stale = await service.move(first, "take 1", old.version - 1, table_id=old.id)
    assert not stale.ok and "earlier turn" in stale.private
    for player in (ALICE, BOB):  # a game under way closes once both players agree
        assert (await service.handle(player, "cancel")).ok
    assert (await service.handle(BOB, "open", {"game": "sticks"})).ok
    assert (await service.handle(ALICE, "join")).ok
    assert (await service.handle(BOB, "start")).ok
    new = await service.store.open_table(222)
    for caller in (ALICE, BOB):  # the old table's page, at the new table's version: nothing is played
        gone = await service.move(caller, "take 1", new.version, table_id=old.id)
        assert not gone.ok and gone.private == "This table is cancelled; its buttons do nothing now."
    assert (await service.store.open_table(222)).version == new.version
    first = {1: ALICE, 2: BOB}[(await seat_order(service))[0]]
    played = await service.move(first, "take 1", new.version, table_id=new.id)
    assert played.ok and (await service.store.open_table(222)).version == new.version + 1

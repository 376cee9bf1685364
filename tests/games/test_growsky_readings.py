"""Grow Sky readings checked against the rulebook line by line: the instant win within a move,
the cleanup order, Lv. 0 cubes at the end, parts bonuses showing two parts, the victory track
without a limit, and the two readings the rules help decides (upgrade steps, `grow die`)."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.growsky.data import TILES
from tests.games.test_growsky_helpers import check_invariants, clear_route, ready
from tests.games.test_growsky_rules import finish_now, put, take


def test_an_instant_win_passed_through_in_the_middle_of_a_search_ends_the_game_there():
    game = ready(2, instant=True)
    seat = game.current()
    leader = 1 - seat
    game.boards[leader].vp = 10
    game.boards[seat].vp, game.boards[seat].search = 4, 37  # squares 38 and 40 both pay a victory point
    game.dice = [5, 5]
    game.play(seat, "develop 5")  # a 5 develops one search: 3 steps
    assert game.is_over() and game.outcome().ranks[leader] == 1
    assert game.boards[seat].vp == 5 and game.boards[seat].search == 38  # stopped at 10 vs 5
    assert "instant win" in game.describe_move(seat, "develop 5", ["Ann", "Ben"])


def test_the_cleanup_discards_the_bottom_row_before_the_tiles_slide_down():
    game = ready(2)
    seat = game.current()
    market = list(game.market)
    game.market[0] = None  # m1 was bought in the round's last turn
    game.bag.append(market[0])
    game.bag.sort()
    game.dice = [4]
    game.die_used = True
    game.play(seat, "end")
    assert market[1] in game.removed  # m2, still in the bottom row, is discarded
    assert market[2] not in game.removed and game.market[0] == market[2]  # m3 survives and comes down
    check_invariants(game)


def test_lv0_cubes_left_over_give_no_search_step_at_the_end():
    game = ready(2)
    for index, b in enumerate(game.boards):
        b.grow = b.fuel = 0
        b.search = 0
        clear_route(game, index)
    game.boards[0].cubes = [2, 0, 0, 1]
    game.boards[1].cubes = [0, 1, 1, 1]
    outcome = finish_now(game)
    assert outcome.details[0]["cube_steps"] == 0
    assert outcome.details[1]["cube_steps"] == 1


def test_a_parts_tile_gives_one_of_each_of_the_two_parts_it_shows():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    clear_route(game, seat)
    kind = next(k for k, t in enumerate(TILES) if "part:" in t["front"][1])
    bolt = take(game, TILES[kind]["kind"])
    game.bag.append(game.market[0])
    game.bag.sort()
    game.market[0] = bolt
    board.fuel, board.cubes = 0, [0, 0, 0, 0]
    game.queue = ["buy:1"]
    game.play(seat, "buy m1 s2")
    assert game.waiting_part() == 1
    game.play(seat, "place i2 o1 a1")
    assert game.waiting_part() == 2
    game.play(seat, "place v3 o1 c1")
    assert [shape for shape, _ in board.parts] == ["i2", "v3"] and not game.queue


def test_the_victory_track_has_no_limit():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.vp = 24
    game.queue = ["vp*2", "vp*2"]
    game._drain(seat)
    assert board.vp == 28


def test_no_upgraded_tile_takes_no_place_in_the_upgrade_steps():
    game = ready(3)
    for index, b in enumerate(game.boards):
        b.grow = b.fuel = 0
        b.cubes = [0, 0, 0, 0]
        b.search = 0
        clear_route(game, index)
    for seat, ups in enumerate([2, 1, 0]):
        for space in range(ups):
            put(game, seat, space, 0, upgraded=1)
    outcome = finish_now(game)
    assert [d["upgrade_steps"] for d in outcome.details] == [4, 2, 0]  # third, with none: not 1
    assert "takes no part in the most upgraded tiles" in game.rules_help()


def test_grow_die_may_change_a_die_after_the_players_own_die_is_placed():
    game = ready(2)
    seat = game.current()
    game.boards[seat].grow = 4
    game.play(seat, f"standby {game.dice[0]}")
    assert game.die_used
    face = game.dice[0]
    to = 6 if face != 6 else 1
    game.play(seat, f"grow die {face} {to}")
    assert to in game.dice and game.boards[seat].grow == 0
    assert "A grow die action may be used after your own die" in game.rules_help()


def test_the_player_chooses_what_fuel_is_paid_from():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 3, [0, 2, 2, 1]
    game.dice = [3, 3]
    moves = game.legal_moves(seat)
    assert {"fly 3", "fly 3 pay 2 lv1", "fly 3 pay 1 lv2", "fly 3 pay 1 lv3"} <= set(moves)  # the flight costs 1
    assert "fly 3 pay 1 fuel" not in moves  # the usual order already starts with the gauge
    twin = game.copy()
    twin.play(seat, "fly 3")
    assert (twin.boards[seat].fuel, twin.boards[seat].cubes) == (2, [0, 2, 2, 1])
    assert game.canonical(seat, "fly 3 pay lv2") == "fly 3 pay 1 lv2"  # Lv. 2 cubes first, as much as they pay
    game.play(seat, "fly 3 pay lv2")
    assert (board.fuel, board.cubes) == (3, [0, 2, 1, 1])
    assert game.last["move"] == "fly 3 pay 1 lv2"
    line = game.describe_move(seat, "fly 3 pay 1 lv2", ["Ann", "Ben"])
    assert line.startswith("Ann flew with a 3:") and "paid 1 fuel (1 Lv. 2 cube)" in line


def test_a_payment_order_that_pays_as_the_usual_one_is_logged_without_it_and_a_bad_one_is_refused():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 3, [0, 0, 2, 0]
    game.dice = [3, 3]
    assert game.canonical(seat, "fly 3 pay lv3") == "fly 3"  # no Lv. 3 cube: the usual order
    assert game.canonical(seat, "standby 3 pay lv2") == "standby 3"  # standing by costs nothing
    before = game.dump()
    with pytest.raises(IllegalMove, match="lv1, lv2 or lv3"):
        game.play(seat, "fly 3 pay cubes")
    assert game.dump() == before

"""Grow Sky rules, one test per rule of the rulebook (and of our designed readings)."""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove
from games.growsky import GAME
from games.growsky.data import (
    CELL_BIT,
    DICE,
    FLAGS,
    FLIGHT_COST,
    ROOM_CARD_MASKS,
    ROW_BONUS,
    SEARCH_TRACK,
    TILES,
)
from tests.games.test_growsky_helpers import check_invariants, clear_route, ready, record_atoms

NAMES = ["Ann", "Ben", "Cy", "Di"]


def take(game, kind: int) -> int:
    """A tile of that kind out of the bag (so that every tile stays counted)."""
    tile = next(t for t in game.bag if TILES[t]["kind"] == kind)
    game.bag.remove(tile)
    return tile


def put(game, seat: int, space: int, kind: int, upgraded: int = 0) -> int:
    tile = take(game, kind)
    game.boards[seat].route[space].append([tile, upgraded])
    return tile


def automatic(atoms):
    return [a for a in atoms if not a.startswith("fly:") and a != "step"]


# -- setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_fuel_by_seat_four_cubes_a_full_market_and_a_draft_pool(players):
    game = GAME.new(players, seed=3)
    assert [b.fuel for b in game.boards] == [2, 3, 4, 5][:players]
    assert all(b.cubes == [0, 2, 2, 0] for b in game.boards)
    assert all(t is not None for t in game.market)
    assert len(game.pool) == players + 1
    assert all(b.search == 0 and b.vp == 0 and b.grow == 0 and b.pos == 0 for b in game.boards)
    check_invariants(game)


def test_the_draft_goes_from_the_last_seat_back_and_pays_no_bonus():
    game = GAME.new(3, seed=1)
    lightning = next(i for i, t in enumerate(game.pool) if TILES[t]["bolt"]) if any(
        TILES[t]["bolt"] for t in game.pool) else None
    order = []
    while game.phase == "draft":
        seat = game.current()
        order.append(seat)
        before = game.boards[seat].to_dict()
        pick = lightning if lightning is not None and len(order) == 1 else 0
        game.play(seat, f"draft p{pick + 1} s5")
        after = game.boards[seat].to_dict()
        assert len(after["route"][4]) == 1
        for gauge in ("vp", "grow", "fuel", "search", "cubes"):
            assert after[gauge] == before[gauge]
    assert order == [2, 1, 0]
    assert game.pool == [] and len(game.bag) == 64 - 8 - 3  # the leftover tile went back
    assert len(game.dice) == DICE[3] and game.current() == 0
    check_invariants(game)


# -- flight -----------------------------------------------------------------------------
def test_the_rulebooks_flight_example_pays_in_the_order_passed(monkeypatch):
    """Checkpoint, yellow, (blue passed: nothing), yellow, checkpoint, then the route space stopped on."""
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    clear_route(game, seat)
    board.pos = 15  # on route space 12, just before the start corner
    put(game, seat, 0, 0)  # yellow: 1 fuel
    put(game, seat, 1, 9)  # blue: 1 victory point, only where the airship stops
    put(game, seat, 2, 3)  # yellow: 1 grow
    game.dice = [4]
    atoms = record_atoms(game, monkeypatch)
    game.play(seat, "fly 4")
    assert automatic(atoms) == ["vp", "fuel", "grow"]
    assert game.queue[0] == "rudder|search"  # the second checkpoint waits for a choice
    game.play(seat, "pick rudder")
    assert automatic(atoms) == ["vp", "fuel", "grow", "rudder", "search"]  # printed space 4 pays last
    assert board.pos == 5 and board.flown == 4
    assert board.search == 1


def test_flight_costs_the_leftmost_space_and_boost_costs_four_a_space():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 10, [0, 0, 0, 0]
    game.dice = [2, 3, 5]
    game.play(seat, "fly 2 +1")
    assert board.fuel == 10 - FLIGHT_COST[0] - 4
    assert board.flown == 3
    assert game.flight == [2]
    game.play(seat, "pick search") if game.queue and "|" in game.queue[0] else None
    game.play(seat, "end")
    other = game.current()
    game.boards[other].fuel, game.boards[other].cubes = 2, [0, 0, 0, 0]
    assert "fly 3" in game.legal_moves(other) and "fly 3 +1" not in game.legal_moves(other)
    game.play(other, "fly 3")
    assert game.boards[other].fuel == 2 - FLIGHT_COST[1]


def test_the_flight_spaces_run_out():
    game = ready(2)
    game.flight = [1, 2, 3]
    seat = game.current()
    assert not [m for m in game.legal_moves(seat) if m.startswith("fly")]
    with pytest.raises(IllegalMove, match="flight space"):
        game.play(seat, f"fly {game.dice[0]}")


def test_a_boost_tile_flies_on_and_keeps_paying_in_order(monkeypatch):
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    clear_route(game, seat)
    board.pos, board.fuel, board.cubes = 1, 10, [0, 0, 0, 0]  # on route space 1
    put(game, seat, 1, 10)  # blue: pay 5 fuel to fly 3 more, or 2 fuel
    put(game, seat, 2, 3)  # yellow grow, passed during the extra flight
    game.dice = [1]
    atoms = record_atoms(game, monkeypatch)
    game.play(seat, "fly 1")
    assert game.queue[0] == "boost:5:3|fuel*2"
    game.play(seat, "pick boost")
    assert "grow" in automatic(atoms)
    assert board.flown == 2 and game.queue[0] == "rudder|search"  # the corner's choice waits mid-flight
    game.play(seat, "pick search")
    assert board.flown == 4 and board.fuel == 10 - 1 - 5 and board.pos == 6


# -- develop ----------------------------------------------------------------------------
def test_develop_does_rudder_then_search_then_purchase():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.cubes = [0, 0, 0, 0]
    board.search = 40  # squares 41-43: only a victory point on 42
    game.dice = [1, 6]
    game.play(seat, "develop 1")
    assert board.cubes == [0, 2, 0, 0]  # 2 cubes to Lv. 0, then the rudder turned
    assert board.search == 43 and board.vp == 1
    assert game.queue == ["buy:2"]


def test_develop_spaces_cost_more_from_the_third():
    game = ready(2)
    seat = game.current()
    game.develop = [5, 5]
    board = game.boards[seat]
    board.fuel, board.cubes = 3, [0, 0, 0, 0]
    game.dice = [5]
    game.play(seat, "develop 5")
    assert board.fuel == 2


def test_standby_always_gives_a_cube_a_search_step_and_a_fuel():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 0, [0, 0, 0, 0]
    game.standby = [1] * 9
    game.dice = [6]
    game.play(seat, "standby 6")
    assert (board.cubes[0], board.search, board.fuel) == (1, 1, 1)


def test_buying_pays_the_row_and_a_new_tile_replaces_the_space_bonus():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    clear_route(game, seat)
    board.fuel, board.cubes = 5, [0, 0, 0, 0]
    game.queue = ["buy:2"]
    top = game.market[6]
    game.play(seat, "buy m7 s3")
    assert board.fuel == 3 and board.route[2][-1] == [top, 0]
    assert game.market[6] is None  # the slot empties; tiles slide down at the end of the turn
    assert game.queue == ["buy:1"]
    low = game.market[0]
    game.play(seat, "buy m1 s3")
    assert board.fuel == 3 and board.route[2] == [[top, 0], [low, 0]]
    assert game.space_bonus(seat, 2) == TILES[low]["front"]
    game.die_used = True
    game.play(seat, "end")
    assert game.market[:5] == [t for t in game.market if t is not None][:5] and game.market[-2:] == [None, None]


def test_a_lightning_tile_pays_once_on_placement_and_not_when_moved(monkeypatch):
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    clear_route(game, seat)
    bolt = take(game, 11)  # blue lightning: 2 cubes and 2 search steps
    game.bag.append(game.market[0])
    game.market[0] = bolt
    board.cubes = [0, 0, 0, 0]
    game.queue = ["buy:1"]
    game.play(seat, "buy m1 s2")
    assert board.cubes[0] == 2 and board.search == 2
    board.grow = 4
    game.die_used = True
    game.play(seat, "grow move s2 s6")
    assert board.route[5][-1][0] == bolt and not board.route[1]
    assert board.cubes[0] == 2 and board.search == 2


def test_cleanup_discards_the_bottom_two_slides_down_and_refills():
    game = ready(2)
    seat = game.current()
    market = list(game.market)
    game.market[3] = None
    game.bag.append(market[3])
    game.bag.sort()
    game.dice = [4]
    game.die_used = True
    game.play(seat, "end")
    assert set(market[:2]) <= set(game.removed)
    assert game.market[:5] == [market[2], market[4], market[5], market[6], market[7]]
    assert all(t is not None for t in game.market)
    assert game.round == 2 and game.first == 1 and game.current() == 1
    check_invariants(game)


# -- rudder and fuel -------------------------------------------------------------------
def test_cubes_pay_at_their_level_and_the_gauge_first():
    game = ready(2)
    board = game.boards[0]
    board.fuel, board.cubes = 1, [2, 3, 1, 2]
    assert board.spendable() == 1 + 1 + 1 + 2
    paid = board.pay(4)
    assert paid == [0, 2, 1, 1] and board.fuel == 0 and board.cubes == [2, 1, 0, 1]


def test_the_rudder_ages_cubes_and_lv3_cubes_stay():
    game = ready(2)
    board = game.boards[0]
    board.cubes = [1, 2, 3, 4]
    board.turn_rudder()
    assert board.cubes == [0, 1, 2, 7]
    board.turn_rudder()
    assert board.cubes == [0, 0, 1, 9]


def test_lv0_storage_cap_discards_extra_cubes():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.cubes = [1, 0, 0, 0]
    supply = game.cube_supply
    game.queue = ["cube*3"]
    game._drain(seat)
    assert board.cubes[0] == 2 and game.cube_supply == supply - 1


# -- search -------------------------------------------------------------------------------
def test_search_pays_every_space_landed_on_or_passed_and_flags_first_arrivals():
    game = ready(2)
    seat = game.current()
    other = 1 - seat
    board = game.boards[seat]
    board.search = 8
    game.queue = ["search*3"]
    game._drain(seat)
    assert board.search == 11
    assert game.flags == {11: seat}
    assert game.queue == [FLAGS[11][0]]  # the first arrival's part waits to be placed
    game.queue = []
    game.boards[other].search = 10
    game.queue = ["search"]
    game.boards[seat], game.boards[other] = game.boards[other], game.boards[seat]
    game._drain(seat)
    assert game.queue == [FLAGS[11][1]]  # a later arrival gets the other part
    assert SEARCH_TRACK[10] == "vp" and SEARCH_TRACK[9] == "fuel"


def test_the_search_track_stops_at_44_and_triggers_the_final_round():
    game = ready(2)
    seat = game.current()
    game.boards[seat].search = 43
    game.queue = ["search*3"]
    game._drain(seat)
    assert game.boards[seat].search == 44 and game.trigger == seat


# -- free actions -----------------------------------------------------------------------
def test_upgrade_flips_a_top_tile_for_a_lv3_cube():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    clear_route(game, seat)
    tile = put(game, seat, 4, 4)  # blue 3 fuel -> yellow 2 fuel
    board.cubes = [0, 0, 0, 1]
    assert "upgrade s5" in game.legal_moves(seat)
    game.play(seat, "upgrade s5")
    assert board.route[4][-1] == [tile, 1] and board.cubes[3] == 0
    assert game.space_bonus(seat, 4) == ("Y", "fuel*2")
    assert "upgrade s5" not in game.legal_moves(seat)


def test_grow_actions_cost_what_the_rulebook_says():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.grow = 0, 8
    game.play(seat, "grow fuel")
    assert (board.grow, board.fuel) == (6, 1)
    game.play(seat, "grow fuel2")
    assert (board.grow, board.fuel) == (3, 3)
    game.play(seat, "grow rudder")
    assert board.grow == 0
    board.grow = 4
    game.dice = [2, 3]
    game.play(seat, "grow die 2 6")
    assert game.dice == [3, 6] and board.grow == 0
    assert not [m for m in game.legal_moves(seat) if m.startswith("grow")]


def test_moving_a_top_tile_uncovers_the_one_beneath():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    clear_route(game, seat)
    under = put(game, seat, 0, 0)
    put(game, seat, 0, 9)
    board.grow = 4
    game.play(seat, "grow move s1 s2")
    assert board.route[0] == [[under, 0]] and game.space_bonus(seat, 0) == TILES[under]["front"]


def test_free_actions_wait_while_a_choice_is_pending():
    game = ready(2)
    seat = game.current()
    game.boards[seat].grow = 8
    game.queue = ["rudder|search"]
    assert game.legal_moves(seat) == ["pick rudder", "pick search"]
    with pytest.raises(IllegalMove, match="choose"):
        game.play(seat, "grow fuel")


# -- the engine room ------------------------------------------------------------------------
def test_gravity_parts_rest_on_the_floor_or_on_a_filled_square():
    game = ready(2)
    seat = game.current()
    game.queue = ["part:1"]
    moves = game.legal_moves(seat)
    assert "place i2 o1 a1" in moves  # flat on the floor
    assert "place i2 o1 a2" not in moves  # floating
    assert "place i2 o2 a1" in moves  # standing on the floor
    game.play(seat, "place i2 o2 a1")  # fills a1 and a2
    game.queue = ["part:1"]
    moves = game.legal_moves(seat)
    assert "place i2 o1 a3" in moves  # a3 rests on a2
    assert "place i2 o1 b2" not in moves  # b1 is empty beneath
    with pytest.raises(IllegalMove, match="i2 o1 c3: it would not rest on the floor"):
        game.play(seat, "place i2 o1 c3")


def test_covering_icons_pays_them():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.cubes = [0, 0, 0, 0]
    game.queue = ["part:1"]
    game.play(seat, "place i2 o1 d1")  # covers e1: 2 blue cubes
    assert board.cubes[0] == 2


def test_row_bonuses_come_whenever_a_row_fills_even_out_of_order():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 0, [0, 0, 0, 4]
    for cell in ("a1", "c1", "f1", "h1"):  # row 1 stays open (b1, d1, e1 and g1 empty)
        game.play(seat, f"cube {cell}")
    fuel = board.fuel
    for anchor in ("a2", "c2", "e2"):
        game.queue = ["part:1"]
        game.play(seat, f"place i2 o1 {anchor}")
    game.queue = ["part:1"]
    game.play(seat, "place i2 o1 g2")
    assert board.full_rows() == [1]
    assert ROW_BONUS[1] == "fuel*2"
    assert board.fuel == fuel + 2 + 2  # b2's icon (2 fuel) and the row bonus
    cap = board.cap
    board.cubes[3] = 4
    for cell in ("b1", "d1", "g1"):
        game.play(seat, f"cube {cell}")
    game.play(seat, "cube e1")
    assert board.full_rows() == [0, 1] and board.cap == cap + 1


def test_a_part_may_be_upgraded_by_one_tier_for_1_fuel_or_two_for_3():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 3, [0, 0, 0, 0]
    game.queue = ["part:1"]
    moves = game.legal_moves(seat)
    assert any(m.startswith("place v3") for m in moves) and any(m.startswith("place l4") for m in moves)
    assert not any(m.startswith("place p5") for m in moves)
    game.play(seat, "place l4 o1 a1")
    assert board.fuel == 0 and game.part_supply[2] == 17


def test_a_part_that_fits_nowhere_is_lost_and_an_empty_tier_needs_an_upgrade():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 0, [0, 0, 0, 0]
    game.part_supply[0] = 0
    game.queue = ["part:1", "vp"]
    game._drain(seat)
    assert game.queue == [] and board.vp == 1  # no tier-1 part left and no fuel to upgrade
    board.fuel = 1
    game.queue = ["part:1"]
    game._drain(seat)
    assert game.legal_moves(seat) and all(m.startswith("place v3") for m in game.legal_moves(seat))
    game.part_supply[0] = 5
    board.fuel = 0
    board.filled = (1 << 56) - 1 - CELL_BIT["h7"]  # a single hole: no domino fits
    game.queue = ["part:1"]
    game._drain(seat)
    assert game.queue == [] and game.part_supply[0] == 5


def test_a_full_engine_room_triggers_the_final_round():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.filled = (1 << 56) - 1 - CELL_BIT["h7"]
    board.cubes = [0, 0, 0, 1]
    game.play(seat, "cube h7")
    assert game.trigger == seat


# -- gauges ---------------------------------------------------------------------------------
def test_gauges_stop_at_their_limits():
    game = ready(2)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.grow, board.vp = 9, 7, 24
    game.queue = ["fuel*3", "grow*2", "vp*2"]
    game._drain(seat)
    assert (board.fuel, board.grow, board.vp) == (10, 8, 26)  # victory points have no limit


# -- the final round and the end ------------------------------------------------------------
def play_round_out(game):
    """Finish the round: every seat stands by with its lowest die, then ends its turn."""
    round_ = game.round
    while game.round == round_ and not game.is_over():
        seat = game.current()
        if game.queue:
            game.play(seat, game.legal_moves(seat)[-1 if game.queue[0].startswith("buy") else 0])
        elif game.die_used:
            game.play(seat, "end")
        else:
            game.play(seat, f"standby {game.dice[0]}")


def test_the_trigger_player_goes_first_in_the_final_round_and_the_game_then_ends():
    game = ready(3)
    assert game.current() == 0
    game.play(0, f"standby {game.dice[0]}")
    game.play(0, "end")
    game.boards[1].vp = 9
    game.queue = ["vp"]
    game._drain(1)  # Ben reaches 10 during the first round
    assert game.trigger == 1 and not game.final
    play_round_out(game)
    assert game.final and game.round == 2 and game.start == 1
    order = []
    while not game.is_over():
        seat = game.current()
        if not order or order[-1] != seat:
            order.append(seat)
        if game.queue:
            game.play(seat, game.legal_moves(seat)[-1 if game.queue[0].startswith("buy") else 0])
        elif game.die_used:
            game.play(seat, "end")
        else:
            game.play(seat, f"standby {game.dice[0]}")
    assert order == [1, 2, 0, 1, 2, 0]
    assert game.to_act() == [] and game.outcome() is not None
    final = game.describe_move(game.last["seat"], game.last["move"], NAMES[:3])
    assert "End of the game" in final
    for seat, name in enumerate(NAMES[:3]):
        rec = game.outcome().details[seat]
        assert f"{name}: {rec['blanks']} blank squares +{rec['blank_steps']}" in final


def finish_now(game):
    game.final = True
    game.start = 0
    game._finish()
    return game.outcome()


def test_end_steps_reward_fewest_blanks_and_most_upgrades_with_ties_to_the_earlier_turn():
    game = ready(4)
    for b in game.boards:
        b.grow = b.fuel = 0
        b.cubes = [0, 0, 0, 0]
        b.search = 0
        clear_route(game, game.boards.index(b))
    fills = [10, 20, 20, 5]  # seats 1 and 2 tie on blanks: seat 1 played earlier
    for seat, count in enumerate(fills):
        game.boards[seat].filled = (1 << count) - 1
    for seat, ups in enumerate([0, 2, 1, 1]):
        for space in range(ups):
            put(game, seat, space, 0, upgraded=1)
    outcome = finish_now(game)
    steps = [(d["blank_steps"], d["upgrade_steps"]) for d in outcome.details]
    assert steps == [(1, 0), (4, 4), (2, 2), (0, 1)]  # no upgraded tile: no upgrade steps
    assert [d["blanks"] for d in outcome.details] == [46, 36, 36, 51]


def test_leftovers_give_a_step_per_three_and_the_end_pays_only_victory_points():
    game = ready(2)
    board = game.boards[0]
    for b in game.boards:
        b.filled = 0
        b.fuel = b.grow = 0
        b.cubes = [0, 0, 0, 0]
    clear_route(game, 0)
    clear_route(game, 1)
    board.grow, board.cubes, board.fuel = 7, [1, 1, 1, 2], 3  # 2 + 1 + 1 steps
    board.search, board.vp = 0, 0
    game.boards[1].filled = 1  # seat 1 has fewer blanks: seat 0 is second (2 steps)
    outcome = finish_now(game)
    rec = outcome.details[0]
    assert (rec["grow_steps"], rec["cube_steps"], rec["fuel_steps"], rec["blank_steps"]) == (2, 1, 1, 2)
    assert rec["search"] == 6
    assert board.vp == 1  # square 5's victory point; squares 2 and 4 (cube, fuel) pay nothing now
    assert board.cubes == [1, 1, 1, 2]


def test_most_victory_points_wins_then_distance_flown_then_the_earlier_final_turn():
    game = ready(3)
    for b, vp, flown in zip(game.boards, [12, 12, 9], [30, 40, 50], strict=True):
        b.vp, b.flown = vp, flown
        b.search = 44  # no more victory points from the end steps
    outcome = finish_now(game)
    assert outcome.ranks == [2, 1, 3] and outcome.tiebreak == "distance flown"
    game = ready(3)
    for b in game.boards:
        b.vp, b.flown, b.search = 12, 30, 44
    game.final, game.start = True, 2
    game._finish()
    outcome = game.outcome()
    assert outcome.ranks == [2, 3, 1]
    assert outcome.tiebreak == "distance flown, then the earlier turn in the final round"
    assert "distance flown" in game.status(NAMES[:3])


def test_the_outcome_details_tell_every_end_step():
    game = ready(2)
    outcome = finish_now(game)
    for rec in outcome.details:
        for key in ("blanks", "upgraded", "blank_steps", "upgrade_steps", "grow_steps", "cube_steps",
                    "fuel_steps", "search_before", "search", "vp_before", "vp", "flown", "final_position"):
            assert key in rec
    assert game.view(None)["end"] == outcome.details
    assert game.status(NAMES[:2]).startswith("Game over")


# -- options ----------------------------------------------------------------------------
def test_instant_win_ends_the_game_on_a_five_point_lead():
    game = ready(2, instant=True)
    seat = game.current()
    game.boards[1 - seat].vp = 5
    game.boards[seat].vp = 9
    game.dice = [4, 4]
    game.boards[seat].search = 4  # standby's search step lands on square 5: a victory point
    game.play(seat, "standby 4")
    assert game.is_over() and game.outcome().ranks[seat] == 1
    assert game.outcome().tiebreak == ""  # no tie was broken: the lead itself ended the game
    assert game.score_breakdown(seat).startswith("instant win") and "no end steps" in game.score_breakdown(1 - seat)
    plain = ready(2)
    plain.boards[1 - seat].vp, plain.boards[seat].vp, plain.boards[seat].search = 5, 9, 4
    plain.play(seat, f"standby {plain.dice[0]}")
    assert not plain.is_over()


def test_advanced_mode_lays_each_room_card_on_the_chosen_side():
    game = GAME.new(2, {"advanced": "on"}, seed=4)
    assert game.phase == "room" and game.to_act() == [0, 1]
    game.play(1, "side b")
    assert game.to_act() == [0]
    with pytest.raises(IllegalMove):
        game.play(1, "side a")
    game.play(0, "side a")
    assert game.phase == "draft"
    assert game.boards[1].filled == ROOM_CARD_MASKS[game.cards[1]][1]
    assert game.boards[0].filled == ROOM_CARD_MASKS[game.cards[0]][0]


# -- protocol ---------------------------------------------------------------------------
def test_a_garbled_move_changes_nothing():
    game = ready(2)
    seat = game.current()
    before = json.dumps(game.dump(), sort_keys=True)
    for bad in ("", "fly", "fly 9", "develop x", "buy m1 s3", "place i2 o9 a1", "grow die 1", "upgrade s99",
                "cube z9", "pick", "end", "draft p1 s1", "side a", "jump"):
        with pytest.raises(IllegalMove):
            game.play(seat, bad)
    with pytest.raises(IllegalMove, match="not your turn"):
        game.play(1 - seat, f"standby {game.dice[0]}")
    assert json.dumps(game.dump(), sort_keys=True) == before


def test_lenient_spellings_play_their_canonical_move():
    game = ready(2)
    seat = game.current()
    game.boards[seat].fuel = 10
    face = game.dice[0]
    game.play(seat, f"FLY {face} 1")
    assert game.last["move"] == f"fly {face} +1"


def test_a_misspelt_die_move_gets_the_notation_s_reason_a_die_not_rolled_the_rules():
    game = ready(2, 1)
    seat = game.current()
    face = game.dice[0]
    with pytest.raises(IllegalMove, match=f"^`develop {face} xyzzy` is not a Grow Sky move"):
        game.play(seat, f"develop {face} xyzzy")
    missing = next(f for f in range(1, 7) if f not in game.dice)
    with pytest.raises(IllegalMove, match=f"^No die shows {missing}"):
        game.play(seat, f"develop {missing}")

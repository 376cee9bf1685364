"""Ramparts' rules, one test per rule of the design page (../shared/rules/pioneers-ramparts.md),
each failing when its rule breaks. Positions are built on the beginner board:
A ore 10, B wool 2, C lumber 9, D grain 12, E brick 6, F wool 4, G brick 10, H grain 9, I lumber 11,
J desert, K lumber 3, L ore 8, M lumber 8, N ore 3, O grain 4, P wool 5, Q brick 5, R grain 6, S wool 11.
"""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove
from games.pioneers import GAME, RampartsGame
from games.pioneers import board as B
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD
from tests.games.pioneers_helpers import FixedDice, hold, knight, road, settle
from tests.games.pioneers_helpers import give_kinds as give
from tests.games.pioneers_helpers import ramparts_blank as blank

NAMES = ["ann", "ben", "cleo", "dee"]
INK, SAILCLOTH, SILVER = RD.INK, RD.SAILCLOTH, RD.SILVER
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def dice(red: int, other: int) -> int:
    return (red - 1) * 6 + other - 1


SAIL, COMMERCE, COUNCIL, LORE = 0, 3, 4, 5


def roll(game, red: int, other: int, event: int, *more: int) -> None:
    game.phase = "roll"
    game.rng = FixedDice(dice(red, other), event, *more)
    game.play(game.current, "roll")


# -- the lobby -------------------------------------------------------------------------------
def test_the_option_picks_ramparts_with_target_13_and_the_host_may_set_another():
    game = GAME.new(3, {"ramparts": "on"}, 1)
    assert isinstance(game, RampartsGame) and game.opts["target"] == 13
    assert GAME.new(3, {"ramparts": "on", "target": "11"}, 1).opts["target"] == 11
    plain = GAME.new(3, {}, 1)
    assert type(plain) is GAME and plain.opts["target"] == 10 and "ramparts" not in plain.opts
    loaded = GAME.load(json.loads(json.dumps(game.dump())))
    assert isinstance(loaded, RampartsGame) and loaded.dump() == game.dump()


def test_ramparts_is_refused_with_a_sea_layout_in_one_line():
    with pytest.raises(IllegalMove) as refused:
        GAME.new(3, {"ramparts": "on", "board": "shores"}, 1)
    assert "sea layout" in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players):
    game = GAME.new(players, {"ramparts": "on"}, 1)
    assert game.n == players and len(game.hands[0]) == 8


# -- setup and production --------------------------------------------------------------------
def test_second_placement_is_a_city_collecting_resources_never_a_commodity():
    game = GAME.new(2, {"ramparts": "on", "board": "beginner"}, 1)
    game.play(0, "settlement 1")
    game.play(0, "road 1-4")
    assert "places a starting settlement" in game.status(NAMES)
    game.play(1, "settlement 3")
    game.play(1, "road 3-7")
    assert all(move.startswith("city ") for move in game.legal_moves(1))
    assert "places a starting city" in game.status(NAMES)  # the status names what is placed
    with pytest.raises(IllegalMove):
        game.play(1, "settlement 19")
    game.play(1, "city 20")  # touches F wool, G brick, K lumber
    assert game.node_level[19] == 2 and game.pieces[1][2] == 1
    assert game.hands[1] == [1, 1, 1, 0, 0, 0, 0, 0]
    assert "collected" in game.describe_move(1, "city 20", NAMES)


def test_city_production_gives_a_commodity_on_forest_pasture_and_mountains_and_two_on_hills_and_fields():
    game = blank()
    settle(game, 0, 11, level=2)  # C lumber 9, G brick 10, on corner 11
    settle(game, 1, 17, level=2)  # D grain 12, H grain 9
    settle(game, 2, 6)  # B wool 2, C lumber 9
    roll(game, 4, 5, SAIL)  # 9: C (lumber) and H (grain)
    assert game.hands[0][LUMBER] == 1 and game.hands[0][INK] == 1
    assert game.hands[1][GRAIN] == 2 and sum(game.hands[1]) == 2
    assert game.hands[2] == [1, 0, 0, 0, 0, 0, 0, 0]
    assert game.bank[INK] == RD.COMMODITY_BANK - 1


def test_the_robber_blocks_commodities_too():
    game = blank()
    settle(game, 0, 11, level=2)
    game.robber = B.HEX_LABELS.index("C")
    game.raided = True
    roll(game, 4, 5, SAIL)
    assert game.hands[0][INK] == 0 and game.hands[0][LUMBER] == 0


# -- trade -----------------------------------------------------------------------------------
def test_commodities_trade_four_to_one_and_three_to_one_at_a_generic_harbour_never_at_a_resource_one():
    game = blank()
    settle(game, 0, 11, level=2)
    give(game, 0, silver=4)
    assert "trade 4 silver for 1 ink" in game.legal_moves(0)
    game.play(0, "trade 4 silver for 1 ink")
    assert game.hands[0][INK] == 1 and game.hands[0][SILVER] == 0
    settle(game, 0, 2)  # the generic harbour 2-6
    give(game, 0, silver=3)
    assert "trade 3 silver for 1 wool" in game.legal_moves(0)
    settle(game, 0, 7)  # the grain harbour 7-11: 2:1 grain only
    give(game, 0, grain=2)
    assert "trade 2 grain for 1 silver" in game.legal_moves(0)
    assert game.rate(0, SILVER) == 3


def test_the_chandlery_trades_any_commodity_two_to_one():
    game = blank()
    settle(game, 0, 11, level=2)
    give(game, 0, sailcloth=6, ink=2)
    for _ in range(3):
        game.play(0, "improve commerce")
    assert game.levels[0][RD.COMMERCE] == 3
    assert "trade 2 ink for 1 ore" in game.legal_moves(0)
    game.play(0, "trade 2 ink for 1 ore")
    assert game.hands[0][ORE] == 1


def test_offers_carry_commodities():
    game = blank()
    settle(game, 0, 11, level=2)
    give(game, 0, ink=1)
    give(game, 1, ore=1)
    game.play(0, "offer 1 ink for 1 ore")
    game.play(1, "accept 1")
    game.play(0, "confirm 1 2")
    assert game.hands[0][ORE] == 1 and game.hands[1][INK] == 1


# -- the event die ---------------------------------------------------------------------------
def test_a_sail_face_moves_the_raiders_and_the_seventh_step_attacks_at_once():
    game = blank()
    settle(game, 0, 11, level=2)
    game.raiders = 5
    roll(game, 1, 2, SAIL)
    assert game.raiders == 6 and not game.raided
    game.play(0, "end")
    game.current = 0
    roll(game, 1, 2, SAIL)
    assert game.raided and game.raiders == 0
    assert "raiders attack" in game.describe_move(0, "roll", NAMES)


@pytest.mark.parametrize("level", range(6))
@pytest.mark.parametrize("red", range(1, 7))
def test_the_red_die_draw_table(level, red):
    """Level 1 draws on red 1-2, level 2 on 1-3, ... level 5 on any; level 0 never."""
    game = blank()
    settle(game, 1, 11, level=2)
    game.levels[1][RD.LORE] = level
    roll(game, red, 1 if red != 6 else 2, LORE)
    drew = len(game.progress[1]) + len(game.point_cards[1])
    assert drew == (1 if level >= 1 and red <= level + 1 else 0)


def test_gate_draws_go_in_turn_order_from_the_roller_and_a_full_hand_draws_nothing():
    game = blank()
    for seat in range(3):
        game.levels[seat][RD.COUNCIL] = 5
    game.current = 1
    game.decks["council"] = ["plot", "muster", "envoy", "firebrand"]
    game.progress[2] = ["hoist", "mason", "stargazer", "terraces"]
    roll(game, 2, 1, COUNCIL)
    assert game.progress[1] == ["plot"] and game.progress[0] == ["muster"]
    assert len(game.progress[2]) == 4 and game.decks["council"] == ["envoy", "firebrand"]
    words = game.describe_move(1, "roll", NAMES)
    assert "council card" in words and "plot" not in words.lower() and "muster" not in words.lower()


def test_a_point_card_is_shown_and_scored_when_drawn_and_leaves_the_deck():
    game = blank()
    game.levels[0][RD.LORE] = 1
    game.decks["lore"] = ["star chart", "hoist"]
    before = game.visible_points(0)
    roll(game, 1, 2, LORE)
    assert game.point_cards[0] == ["star chart"] and game.progress[0] == []
    assert game.visible_points(0) == before + 1 and game.decks["lore"] == ["hoist"]
    assert "Star Chart" in game.describe_move(0, "roll", NAMES)


def test_an_empty_deck_gives_nothing():
    game = blank()
    game.levels[0][RD.LORE] = 5
    game.decks["lore"] = []
    roll(game, 1, 2, LORE)
    assert game.progress[0] == []


# -- the raiders -----------------------------------------------------------------------------
def raid_position() -> RampartsGame:
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 1, 17, level=2)
    settle(game, 2, 40, level=2)
    return game


def test_raid_lost_the_weakest_defender_loses_a_city_and_its_wall_goes():
    game = raid_position()
    knight(game, 0, 12, 2)
    knight(game, 1, 18, 1)  # ben and cleo tie weakest? cleo has 0: only cleo is weakest
    game.walls.append(39)
    report = game._raid()
    assert report["strength"] == 3 and report["defence"] == 3
    assert report["pillaged"] == []  # equal: defence holds
    game = raid_position()
    knight(game, 0, 12, 1)
    game.walls.append(39)
    report = game._raid()
    assert report["strength"] == 3 and report["defence"] == 1
    assert [(seat, node) for seat, node, _ in report["pillaged"]] == [(1, 16), (2, 39)]
    game.last = {"seat": 0, "move": "roll", "roll": [3, 4], "event": "sail", "raid": report}
    assert game.view(None)["last"]["raid"]["pillaged"] == [[1, 17, "settlement"], [2, 40, "settlement"]]
    assert game.node_level[39] == 1 and game.node_level[16] == 1 and 39 not in game.walls
    assert game.pieces[2] == [0, 1, 0] and game.raided and game.raiders == 0


def test_raid_lost_picks_a_city_without_a_wall_then_the_fewest_pips_then_the_lowest_corner():
    game = blank()
    settle(game, 0, 11, level=2)  # C 9 (4 pips) + G 10 (3) = 7
    settle(game, 0, 20, level=2)  # F 4 (3) + G 10 (3) + K 3 (2) = 8
    settle(game, 0, 42, level=2)  # O 4 (3) + P 5 (4) + S 11 (2) = 9
    assert game._city_to_pillage(0, set()) == 10
    game.walls.append(10)
    assert game._city_to_pillage(0, set()) == 19
    game.walls += [19, 41]
    assert game._city_to_pillage(0, set()) == 10
    game.node_level[19] = 1
    game.walls.remove(19)
    game.node_level[10] = 1
    game.walls.remove(10)
    settle(game, 0, 40, level=2)  # M 8 (5) + N 3 (2) + Q 5 (4) = 11, tied with none: fewest pips win
    assert game._city_to_pillage(0, set()) == 39


def test_a_metropolis_is_never_pillaged_and_its_owner_is_not_among_the_weakest():
    game = raid_position()
    game.metropolis["council"] = 10  # ann's city holds the Citadel
    knight(game, 1, 18, 1)
    report = game._raid()
    assert [seat for seat, _node, _ in report["pillaged"]] == [2]
    assert game.node_level[10] == 2


def test_raid_won_the_single_strongest_defender_takes_an_isle_shield():
    game = raid_position()
    knight(game, 0, 12, 3)
    knight(game, 1, 18, 1)
    knight(game, 2, 41, 1, active=False)
    report = game._raid()
    assert report["shield"] == 0 and game.shields == [1, 0, 0]
    assert game.visible_points(0) == 3
    assert all(not record[2] for record in game.knight_at.values())  # every knight rests


def test_raid_won_tied_strongest_each_draw_from_their_highest_level_or_their_track_answer():
    game = raid_position()
    knight(game, 0, 12, 2)
    knight(game, 1, 18, 2)
    game.levels[0] = [1, 2, 1]  # highest: council
    game.levels[1] = [1, 1, 1]  # all equal: commerce first
    game.decks["council"] = ["plot"]
    game.decks["commerce"] = ["levy", "broker"]
    game.standing[1] = {"track": "commerce"}
    report = game._raid()
    answer_choices(game)
    assert report["shield"] == -1 and game.shields == [0, 0, 0]
    assert game.progress[0] == ["plot"] and game.progress[1] == ["levy"]
    assert game.progress[2] == []
    game = raid_position()
    knight(game, 0, 12, 2)
    knight(game, 1, 18, 2)
    game.standing[0] = {"track": "lore"}
    game.decks["lore"] = ["mason"]
    game._raid()
    answer_choices(game)
    assert game.progress[0] == ["mason"]


def answer_choices(game):
    """The table's choices (a tie's deck, the Cistern's resource) answered by their first listed
    answer, the seat's standing answer or its default, one seat after another."""
    while game.pending:
        seat = min(game.pending)
        game.play(seat, game.legal_moves(seat)[0])


def test_nobody_with_no_active_knight_gets_anything():
    game = blank()
    game._raid()  # no city, no knight: strength 0, defence 0
    assert game.shields == [0, 0, 0] and all(not hand for hand in game.progress)


def test_a_city_pillaged_with_no_settlement_in_supply_is_a_ruin_until_rebuilt():
    game = blank()
    settle(game, 1, 40, level=2)
    for node in (1, 3, 20, 27, 47):
        settle(game, 1, node)
    assert game.pieces[1][1] == 5
    points = game.visible_points(1)
    report = game._raid()
    assert report["pillaged"] == [[1, 39, "ruin"]]
    assert game.ruins == [39] and game.visible_points(1) == points - 1
    assert game.raiders_strength() == 0
    # it produces as a settlement: Q brick 5 gives 1 and no commodity, P wool 5 gives 47 its card
    game.current = 1
    roll(game, 2, 3, SAIL)
    assert game.hands[1][BRICK] == 1 and game.hands[1][WOOL] == 1 and sum(game.hands[1]) == 2
    give(game, 1, grain=2, ore=3)
    assert game.legal_moves(1).count("city 40") == 1 and "city 1" not in game.legal_moves(1)
    with pytest.raises(IllegalMove):
        game.play(1, "city 1")
    game.play(1, "city 40")
    assert game.ruins == [] and game.node_level[39] == 2 and game.visible_points(1) == points


# -- knights ---------------------------------------------------------------------------------
def test_build_promote_activate_and_the_stronghold():
    game = blank()
    settle(game, 0, 11, level=2)
    road(game, 0, "11-16")
    give(game, 0, wool=3, ore=3, grain=1)
    assert "knight 16" in game.legal_moves(0)
    game.play(0, "knight 16")
    assert game.knight_at[15] == [0, 1, 0, 0, 0, 0]
    game.play(0, "promote knight 16")
    assert game.knight_at[15][1] == 2
    with pytest.raises(IllegalMove):
        game.play(0, "promote knight 16")  # once a turn
    game.play(0, "activate knight 16")
    assert game.knight_at[15][2] == 1 and game.active_strength(0) == 2
    game.play(0, "end")
    game.current = 0
    game.phase = "main"
    assert "promote knight 16" not in game.legal_moves(0)  # veteran needs the Stronghold
    game.levels[0][RD.COUNCIL] = 3
    game.play(0, "promote knight 16")
    assert game.knight_at[15][1] == 3 and game.knight_at[15][2] == 1  # its state is kept


def test_a_knight_activated_this_turn_does_not_act_and_one_that_acted_turns_inactive():
    game = blank()
    settle(game, 0, 11, level=2)
    road(game, 0, "11-16")
    road(game, 0, "16-21")
    give(game, 0, wool=1, ore=1, grain=2)
    game.play(0, "knight 16")
    game.play(0, "activate knight 16")
    assert not [m for m in game.legal_moves(0) if m.startswith("move knight")]
    game.play(0, "end")
    game.current, game.phase = 0, "main"
    game.play(0, "move knight 16 to 21")
    assert game.knight_at[20][2] == 0 and game.knight_at[20][4] == 1
    game.play(0, "activate knight 21")
    assert not [m for m in game.legal_moves(0) if m.startswith("move knight")]


def test_displacement_and_the_retreat_rule():
    game = blank()
    # ann's road 11-16-21; ben's roads from 21: 21-26, 21-27 and on 26-32
    settle(game, 0, 11, level=2)
    road(game, 0, "11-16")
    road(game, 0, "16-21")
    settle(game, 1, 33)
    road(game, 1, "27-33")
    road(game, 1, "21-27")
    road(game, 1, "21-26")
    knight(game, 0, 16, 2)
    knight(game, 1, 21, 1)
    assert "move knight 16 to 21" in game.legal_moves(0)
    game.play(0, "move knight 16 to 21")
    # from 21, ben's free corners one road away are 26 and 27: the lowest number
    assert game.knight_at[20][0] == 0 and game.knight_at[25] == [1, 1, 1, 0, 0, 0]
    assert "retreats to 26" in game.describe_move(0, "move knight 16 to 21", NAMES)
    # a knight as strong is never displaced
    game = blank()
    settle(game, 0, 11, level=2)
    road(game, 0, "11-16")
    road(game, 0, "16-21")
    knight(game, 0, 16, 1)
    knight(game, 1, 21, 1)
    assert "move knight 16 to 21" not in game.legal_moves(0)
    # with no free corner on its roads the displaced knight goes to its supply
    knight(game, 0, 16, 2)
    game.play(0, "move knight 16 to 21")
    assert [record[0] for record in game.knight_at.values()] == [0]


def test_chasing_the_robber_waits_for_the_first_raid():
    game = blank()
    settle(game, 0, 31, level=2)
    settle(game, 1, 37)
    give(game, 1, wool=1)
    road(game, 0, "25-31")
    knight(game, 0, 25, 1)  # on J, the desert, where the robber waits
    assert not [m for m in game.legal_moves(0) if m.startswith("chase")]
    with pytest.raises(IllegalMove):
        game.play(0, "chase 25 robber K steal 2")
    game.raided = True
    assert "chase 25 robber K steal 2" in game.legal_moves(0)
    game.rng = FixedDice(0)
    game.play(0, "chase 25 robber K steal 2")
    assert game.robber == B.HEX_LABELS.index("K") and game.hands[0][WOOL] == 1
    assert game.knight_at[24][2] == 0


def test_a_knight_blocks_other_players_roads_cuts_their_longest_road_and_takes_no_settlement():
    game = blank()
    settle(game, 0, 1)
    for label in ("1-4", "4-8", "8-12", "12-17", "17-22"):
        road(game, 0, label)
    assert game.road_holder == 0 and game.road_len[0] == 5
    give(game, 0, lumber=2, brick=2, wool=1, grain=1)
    assert "road 8-13" in game.legal_moves(0) and "settlement 22" in game.legal_moves(0)
    knight(game, 1, 8, 1, active=False)  # ben's knight on corner 8, in the middle of ann's road
    game._recount_roads()
    assert game.road_len[0] == 3 and game.road_holder == -1
    assert "road 8-13" not in game.legal_moves(0)
    knight(game, 0, 22, 1)  # ann's own knight: still no settlement on its corner
    assert "settlement 22" not in game.legal_moves(0)
    with pytest.raises(IllegalMove):
        game.play(0, "settlement 22")


# -- walls, hands and the robber -------------------------------------------------------------
def test_walls_raise_the_hand_limit_and_commodities_count():
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 0, 40, level=2)
    give(game, 0, brick=4, ink=5, silver=4)  # 13 cards
    game.play(0, "wall 11")
    assert game.hand_limit(0) == 9
    roll(game, 3, 4, SAIL)  # a 7: 11 cards against 9
    assert game.discards == {0: 5}
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 0, 40, level=2)
    give(game, 0, brick=4, ink=5, silver=4)
    game.play(0, "wall 11")
    game.play(0, "wall 40")
    assert game.hand_limit(0) == 11 and sum(game.hands[0]) == 9
    give(game, 0, ink=2)
    roll(game, 3, 4, SAIL)
    assert game.discards == {}
    with pytest.raises(IllegalMove):
        game.play(0, "wall 40")  # one a city


def test_the_robber_is_locked_until_the_first_raid():
    game = blank()
    roll(game, 3, 4, SAIL)
    assert game.phase == "main" and game.robber == game.terrain.index(5)
    assert "desert" in game.describe_move(0, "roll", NAMES)
    game.raided = True
    roll(game, 3, 4, COMMERCE)
    assert game.phase == "robber"


# -- improvements and metropolises -----------------------------------------------------------
def test_improvements_cost_the_level_in_the_tracks_commodity_and_need_a_city():
    game = blank()
    settle(game, 0, 11)
    give(game, 0, ink=3)
    assert not [m for m in game.legal_moves(0) if m.startswith("improve")]
    with pytest.raises(IllegalMove):
        game.play(0, "improve lore")
    game.node_level[10] = 2
    game.play(0, "improve lore")
    game.play(0, "improve lore")
    assert game.levels[0][RD.LORE] == 2 and game.hands[0][INK] == 0


def test_a_metropolis_is_taken_at_level_4_onto_a_named_city_and_at_level_5_from_a_holder_at_4():
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 1, 40, level=2)
    game.levels[0][RD.COUNCIL] = 3
    game.levels[1][RD.COUNCIL] = 3
    give(game, 0, silver=9)
    assert "improve council 11" in game.legal_moves(0) and "improve council" not in game.legal_moves(0)
    with pytest.raises(IllegalMove):
        game.play(0, "improve council")
    game.play(0, "improve council 11")
    assert game.metropolis["council"] == 10 and game.visible_points(0) == 4
    # ben reaches 4 too: no metropolis for him, plain `improve council`
    game.current = 1
    give(game, 1, silver=9)
    assert "improve council" in game.legal_moves(1)
    game.play(1, "improve council")
    assert game.metropolis["council"] == 10
    # ben reaches 5 first: he takes it from ann, who is at 4
    assert "improve council 40" in game.legal_moves(1)
    game.play(1, "improve council 40")
    assert game.metropolis["council"] == 39 and game.visible_points(0) == 2 and game.visible_points(1) == 4
    assert "from ann" in game.describe_move(1, "improve council 40", NAMES)
    # ann at 5 later takes nothing: a holder at 5 keeps it for good
    game.current = 0
    assert "improve council" in game.legal_moves(0)
    game.play(0, "improve council")
    assert game.metropolis["council"] == 39


def test_levels_4_and_5_need_a_city_without_a_metropolis_and_a_city_holds_one_at_most():
    game = blank()
    settle(game, 0, 11, level=2)
    game.metropolis["lore"] = 10
    game.levels[0] = [3, 0, 4]
    give(game, 0, sailcloth=4)
    assert not [m for m in game.legal_moves(0) if m.startswith("improve commerce")]
    settle(game, 0, 40, level=2)
    assert game.legal_moves(0).count("improve commerce 40") == 1


def test_the_cistern_gives_a_resource_to_who_got_nothing_by_its_priority():
    game = blank()
    settle(game, 0, 11, level=2)
    game.levels[0][RD.LORE] = 3
    game.levels[1][RD.LORE] = 3
    game.standing[1] = {"cistern": "brick"}
    game.bank[ORE] = 0
    roll(game, 2, 1, SAIL)  # 3: K lumber, N ore: nobody there
    answer_choices(game)
    assert game.hands[0][GRAIN] == 1 and game.hands[1][BRICK] == 1
    assert game.hands[2] == [0] * 8
    assert "Cistern" in game.describe_move(1, "cistern brick", NAMES)
    game = blank()
    settle(game, 0, 11, level=2)
    game.levels[0][RD.LORE] = 3
    roll(game, 4, 5, SAIL)  # 9: ann produces, the Cistern gives nothing
    assert game.hands[0][ORE] == 0 and game.hands[0][INK] == 1


# -- points and victory ----------------------------------------------------------------------
def test_points_and_the_win_at_13_on_ones_own_turn():
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 0, 40, level=2)
    settle(game, 0, 1)
    game.metropolis["lore"] = 10
    game.shields[0] = 2
    game.point_cards[0] = ["charter"]
    game.peddler_holder, game.peddler = 0, B.HEX_LABELS.index("C")
    assert game.visible_points(0) == 2 + 2 + 1 + 2 + 2 + 1 + 1 == game.total_points(0)
    # ben reaches the target out of turn: he wins as his turn begins
    settle(game, 1, 20, level=2)
    game.shields[1] = 11
    assert game.phase == "main"
    give(game, 0, lumber=1, brick=1)
    road(game, 0, "1-4")
    game.play(0, "end")
    assert game.phase == "over" and game.winner == 1
    assert "Isle Shield" in game.score_breakdown(1)


def test_progress_cards_are_told_to_their_holder_alone():
    game = blank()
    game.progress[1] = ["hoist", "plot"]
    assert "Hoist" in game.private_text(1, NAMES) and "Hoist" not in game.private_text(0, NAMES)
    public = json.dumps(game.view(None)) + json.dumps(game.view(0)) + game.status(NAMES)
    assert "hoist" not in public.lower() and "plot" not in public
    assert game.view(1)["progress_hand"] == ["hoist", "plot"]
    assert game.view(None)["players"][1]["progress_cards"] == 2
    assert "progress_hand" not in game.view(None)


def test_the_view_carries_the_contract_keys():
    game = raid_position()
    knight(game, 0, 12, 2)
    game.walls.append(10)
    view = game.view(None)["ramparts"]
    assert view["knights"] == [{"node": 12, "seat": 0, "strength": 2, "active": True}]
    assert view["walls"] == [11] and view["raiders_strength"] == 3 and view["defence"] == 2
    assert set(view) == {"raiders", "raiders_strength", "defence", "raided", "event", "red", "knights", "walls",
                         "ruins", "metropolises", "peddler", "peddler_holder", "deck_counts"}
    assert view["deck_counts"] == {"commerce": 18, "council": 18, "lore": 18}
    player = game.view(None)["players"][0]
    assert {"levels", "shields", "progress_cards", "active_strength", "point_cards"} <= set(player)


def test_the_decks_hold_the_54_cards():
    assert sum(count for _track, count in P.CARDS.values()) == 54
    game = GAME.new(3, {"ramparts": "on"}, 4)
    for track in RD.TRACKS:
        assert sorted(game.decks[track]) == sorted(P.deck_cards(track)) and len(game.decks[track]) == 18


# -- the rules help --------------------------------------------------------------------------
def test_every_example_of_the_rules_help_is_a_real_move():
    from games.pioneers.help import RAMPARTS_EXAMPLES, RULES_HELP

    for examples in RAMPARTS_EXAMPLES.values():
        for move in examples:
            assert f"`{move}`" in RULES_HELP, move
    game = GAME.new(2, {"ramparts": "on", "board": "beginner"}, 1)
    for seat, move in ((0, "settlement 1"), (0, "road 1-4"), (1, "settlement 3"), (1, "road 3-7")):
        game.play(seat, move)
    for move in RAMPARTS_EXAMPLES["setup"]:
        assert move in game.legal_moves(1)
        game.play(1, move)
    game = blank(2)
    settle(game, 0, 11, level=2)
    road(game, 0, "11-16")
    road(game, 0, "16-21")
    settle(game, 1, 37)
    give(game, 0, wool=2, ore=2, grain=1, brick=2, ink=1, silver=8)
    give(game, 1, wool=1)
    for move in RAMPARTS_EXAMPLES["knights"]:
        assert move in game.legal_moves(0), move
        game.play(0, move)
    game.play(0, "end")
    game.current, game.phase = 0, "main"
    knight(game, 0, 25, 1)
    game.raided = True
    game.rng = FixedDice(0)
    for move in RAMPARTS_EXAMPLES["act"]:
        assert move in game.legal_moves(0), move
        game.play(0, move)
    game.levels[0][RD.COUNCIL] = 3
    for move in RAMPARTS_EXAMPLES["build"]:
        assert move in game.legal_moves(0), move
        game.play(0, move)
    assert game.metropolis["council"] == 10 and 10 in game.walls


def card_position(card: str) -> RampartsGame:
    """A position on the beginner board where the rules help's example of `card` is legal: ann
    (3 points: a city on 11, a settlement on 26, roads 11-16 and 16-21) holding the card after her
    roll, ben with 4 points, cleo with 1, the robber free."""
    game = blank(3)
    settle(game, 0, 11, level=2)
    settle(game, 0, 26)  # G brick, K lumber, L ore
    road(game, 0, "11-16")
    road(game, 0, "16-21")
    settle(game, 1, 30, level=2)
    settle(game, 1, 40)
    settle(game, 1, 52)
    road(game, 1, "29-34")
    settle(game, 2, 46)
    road(game, 2, "42-46")
    knight(game, 2, 42, 1)
    game.raided = True
    give(game, 0, wool=2, ore=2, grain=1)
    give(game, 1, wool=1, brick=2, ink=1)
    give(game, 2, silver=1, ore=1, ink=1, brick=1)
    setups = {
        "stargazer": lambda: setattr(game, "phase", "roll"),
        "hoist council": lambda: (settle(game, 0, 23, level=2), game.levels[0].__setitem__(RD.COUNCIL, 3),
                                  give(game, 0, silver=3)),
        "mason": lambda: settle(game, 0, 17, level=2),
        "terraces": lambda: settle(game, 0, 23),  # D and H, both fields
        "herbalist": lambda: settle(game, 0, 12),
        "armourer": lambda: (knight(game, 0, 23, 1), knight(game, 0, 31, 1)),
        "turncoat": lambda: road(game, 0, "17-23"),
        "envoy": lambda: (road(game, 0, "12-17"), road(game, 0, "17-23")),  # 12 touches nothing of ann's
        "plot": lambda: (road(game, 0, "17-23"), knight(game, 1, 23, 3)),
        "informer": lambda: hold(game, 2, "hoist", "plot"),
        "muster": lambda: knight(game, 0, 25, 1, active=False),
        "broker": lambda: game.shields.__setitem__(2, 3),  # cleo now ahead of ann
    }
    setup = setups.get("hoist council" if P.form(card) == "play hoist council 23" else card)
    if setup:
        setup()
    hold(game, 0, card)
    return game


@pytest.mark.parametrize("card", [card for card in P.CARDS if card not in P.POINT_CARDS])
def test_every_card_example_of_the_rules_help_is_a_real_move(card):
    from games.pioneers.help import CARD_ANSWERS, RULES_HELP

    example = P.form(card)
    assert f"`{example}`" in RULES_HELP, example
    game = card_position(card)
    assert example in game.legal_moves(0), (example, [m for m in game.legal_moves(0) if m.startswith("play")])
    game.play(0, example)
    assert game.decks[P.CARDS[card][0]][-1] == card
    if card in CARD_ANSWERS:
        answer = CARD_ANSWERS[card]
        assert f"`{answer}`" in RULES_HELP, answer
        seat = min(game.pending)
        assert answer in game.legal_moves(seat), (answer, game.legal_moves(seat))
        game.play(seat, answer)


def test_the_table_s_choices_in_the_rules_help_are_real_moves():
    from games.pioneers.help import RAMPARTS_EXAMPLES, RULES_HELP

    tie, cistern = RAMPARTS_EXAMPLES["choices"]
    assert f"`{tie}`" in RULES_HELP and f"`{cistern}`" in RULES_HELP
    assert "`track:`" in RULES_HELP and "`cistern:`" in RULES_HELP
    game = raid_position()
    knight(game, 0, 12, 2)
    knight(game, 1, 18, 2)
    game.levels[0] = [1, 1, 2]  # lore highest: the default `track:` answer
    game._raid()
    assert game.legal_moves(0)[0] == tie
    game.play(0, tie)
    assert len(game.progress[0]) == 1 or game.point_cards[0]
    game = blank()
    settle(game, 0, 11, level=2)
    game.levels[0][RD.LORE] = 3
    roll(game, 2, 1, SAIL)  # 3: K lumber, N ore: nothing for ann
    assert game.legal_moves(0)[0] == cistern
    game.play(0, cistern)
    assert game.hands[0][ORE] == 1


def test_ramparts_is_rated_apart_from_the_base_game():
    from bot.features.ratings import Ratings

    assert GAME.rating_key({"ramparts": "on"}) == "pioneers:ramparts"
    assert GAME.rating_key({"board": "shores"}) == GAME.rating_key({}) == "pioneers"
    assert Ratings._rating_key("pioneers", {"ramparts": "on", "target": "12"}) == "pioneers:ramparts"
    assert Ratings._rating_key("pioneers", {"board": "beginner"}) == "pioneers"
    assert Ratings._title("pioneers:ramparts") == "Pioneer's Isle: Ramparts"
    assert Ratings._game("pioneers:ramparts") == ("pioneers:ramparts", "Pioneer's Isle: Ramparts")


def test_texts_are_kept_as_the_engine_writes_them():
    game = blank()
    settle(game, 0, 11, level=2)
    game.raided = True
    give(game, 0, silver=4)
    assert game.canonical(0, "trade 4 silver for 1 ore") == "trade 4 silver for 1 ore"
    assert game.canonical(0, "give ink 2 wool") == "give 2 wool 1 ink"
    assert game.canonical(0, "chase 25 robber k") == "chase 25 robber K"


def test_every_designed_value_is_in_the_rules_help():
    from games.pioneers.help import RULES_HELP

    for note in (*RD.RAMPARTS_NOTES, *P.CARD_NOTES):
        assert note in RULES_HELP, note


def test_levels_stay_when_the_cities_are_lost_but_the_next_level_waits_for_a_city():
    game = blank()
    settle(game, 0, 11, level=2)
    game.levels[0] = [2, 1, 3]
    give(game, 0, ink=4, sailcloth=3)
    game._raid()  # strength 1 against no knight: ann's only city falls
    assert game.node_level[10] == 1 and game.levels[0] == [2, 1, 3]
    assert not [m for m in game.legal_moves(0) if m.startswith("improve")]
    roll(game, 2, 1, SAIL)  # 3: nothing for ann, so her Cistern still gives (levels kept, powers too)
    answer_choices(game)
    assert game.hands[0][ORE] == 1

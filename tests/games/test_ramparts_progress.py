"""Ramparts' progress cards (../shared/rules/pioneers-ramparts.md, "Progress cards" and
"Asynchronous play"): one test per card that fails when its effect breaks, on positions built on
the beginner board:
A ore 10, B wool 2, C lumber 9, D grain 12, E brick 6, F wool 4, G brick 10, H grain 9, I lumber 11,
J desert, K lumber 3, L ore 8, M lumber 8, N ore 3, O grain 4, P wool 5, Q brick 5, R grain 6, S wool 11.
The texts, legal lists against brute force, hidden information and conservation are in
test_ramparts_progress_rules.py.
"""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.pioneers import board as B
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD
from tests.games.pioneers_helpers import FixedDice, hold, knight, road, settle
from tests.games.pioneers_helpers import give_kinds as give
from tests.games.pioneers_helpers import ramparts_blank as blank

NAMES = ["ann", "ben", "cleo", "dee"]
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
INK, SAILCLOTH, SILVER = RD.INK, RD.SAILCLOTH, RD.SILVER
SEAT, STRENGTH, ACTIVE, ACTIVATED = range(4)


def told(game, seat: int, move: str) -> str:
    game.play(seat, move)
    return game.describe_move(seat, move, NAMES[:game.n])


def under_its_deck(game, card: str) -> bool:
    return game.decks[P.CARDS[card][0]][-1] == card


# -- lore ------------------------------------------------------------------------------------------
def test_stargazer_sets_both_production_dice_before_the_roll_and_the_event_die_is_still_thrown():
    game = blank()
    settle(game, 0, 13)  # A ore 10, D grain 12, E brick 6
    hold(game, 0, "stargazer")
    game.phase = "roll"
    moves = game.legal_moves(0)
    assert moves[0] == "roll" and "play stargazer 6 4" in moves and len(moves) == 1 + 36
    words = told(game, 0, "play stargazer 6 4")
    assert "red 6 and 4" in words and game.phase == "roll" and under_its_deck(game, "stargazer")
    assert game.legal_moves(0) == ["roll"]  # before the roll only a Stargazer, and the dice are set
    game.rng = FixedDice(3)  # the event die alone is thrown: the commerce gate
    game.play(0, "roll")
    assert game.dice == [6, 4] and game.red == 6 and game.event == "commerce"
    assert game.hands[0][ORE] == 1  # A's 10 produced


def test_stargazer_is_never_played_after_the_roll():
    game = blank()
    hold(game, 0, "stargazer")
    assert not [m for m in game.legal_moves(0) if m.startswith("play")]
    with pytest.raises(IllegalMove, match="before your roll"):
        game.play(0, "play stargazer 3 4")


def test_hoist_raises_a_track_for_one_commodity_less_and_level_one_free():
    game = blank()
    settle(game, 0, 13, level=2)
    hold(game, 0, "hoist", "hoist")
    assert "play hoist lore" in game.legal_moves(0)
    game.play(0, "play hoist lore")
    assert game.levels[0][RD.LORE] == 1 and game.hands[0][INK] == 0
    give(game, 0, ink=1)
    game.play(0, "play hoist lore")  # level 2 costs 2 ink, 1 with the Hoist
    assert game.levels[0][RD.LORE] == 2 and game.hands[0][INK] == 0 and game.progress[0] == []


def test_hoist_names_the_city_taking_a_metropolis():
    game = blank()
    settle(game, 0, 13, level=2)
    game.levels[0][RD.COUNCIL] = 3
    give(game, 0, silver=3)
    hold(game, 0, "hoist")
    assert [m for m in game.legal_moves(0) if m.startswith("play hoist council")] == ["play hoist council 13"]
    game.play(0, "play hoist council 13")
    assert game.levels[0][RD.COUNCIL] == 4 and game.metropolis["council"] == 12 and game.hands[0][SILVER] == 0


def test_mason_builds_a_free_wall_under_a_city():
    game = blank()
    settle(game, 0, 13, level=2)
    settle(game, 0, 17)
    hold(game, 0, "mason")
    assert [m for m in game.legal_moves(0) if m.startswith("play")] == ["play mason 13"]
    with pytest.raises(IllegalMove):
        game.play(0, "play mason 17")  # a settlement takes no wall
    game.play(0, "play mason 13")
    assert 12 in game.walls and game.hands[0][BRICK] == 0 and game.hand_limit(0) == 9


def test_surveyor_swaps_two_numbers_and_production_follows():
    game = blank()
    settle(game, 0, 15)  # C lumber 9, F wool 4, G brick 10
    hold(game, 0, "surveyor")
    moves = [m for m in game.legal_moves(0) if m.startswith("play")]
    assert "play surveyor C K" in moves
    kept = {B.HEX_LABELS[h] for h, number in enumerate(game.numbers) if number in (2, 12, 6, 8, 0)}
    assert kept == {"B", "D", "E", "L", "M", "R", "J"}
    assert not [m for m in moves if kept & set(m.split()[2:])]
    with pytest.raises(IllegalMove, match="neither a 2, 12, 6 nor 8"):
        game.play(0, "play surveyor C E")
    game.play(0, "play surveyor K C")
    c, k = B.HEX_INDEX["c"], B.HEX_INDEX["k"]
    assert game.numbers[c] == 3 and game.numbers[k] == 9
    assert c in game.number_hexes[3] and c not in game.number_hexes[9]
    game.phase = "roll"
    game.rng = FixedDice((1 - 1) * 6 + 2 - 1, 0)  # red 1, 2: total 3, sail
    game.play(0, "roll")
    assert game.hands[0][LUMBER] == 1  # C now answers 3


@pytest.mark.parametrize(("card", "kind", "hexes"), [("terraces", GRAIN, 2), ("deep shaft", ORE, 1)])
def test_terraces_and_deep_shaft_pay_two_per_hex_touched(card, kind, hexes):
    game = blank()
    settle(game, 0, 13)  # A ore, D grain, E brick
    settle(game, 0, 23, level=2)  # D grain, H grain, I lumber: D counts once
    game.robber = B.HEX_INDEX["h"]  # the robber's hex counts
    hold(game, 0, card)
    game.play(0, f"play {card}")
    assert game.hands[0][kind] == 2 * hexes
    assert f"ann takes {2 * hexes} " in game.describe_move(0, f"play {card}", NAMES[:3])


def test_herbalist_makes_a_city_for_two_ore_and_a_grain():
    game = blank()
    settle(game, 0, 13)
    give(game, 0, ore=2, grain=1)
    hold(game, 0, "herbalist")
    assert "play herbalist 13" in game.legal_moves(0)
    game.play(0, "play herbalist 13")
    assert game.node_level[12] == 2 and sum(game.hands[0]) == 0 and game.visible_points(0) == 2
    game2 = blank()
    settle(game2, 0, 13)
    give(game2, 0, ore=1, grain=1)
    hold(game2, 0, "herbalist")
    with pytest.raises(IllegalMove, match="2 ore and 1 grain"):
        game2.play(0, "play herbalist 13")


def test_causeway_places_two_free_roads():
    game = blank()
    settle(game, 0, 13)
    road(game, 0, "13-18")
    hold(game, 0, "causeway")
    game.play(0, "play causeway")
    assert game.phase == "roads"
    game.play(0, "road 18-23")
    game.play(0, "road 23-29")
    assert game.phase == "main" and game.pieces[0][0] == 3 and sum(game.hands[0]) == 0


def test_armourer_promotes_two_knights_free_within_the_promotion_rules():
    game = blank()
    knight(game, 0, 18, 1)
    knight(game, 0, 23, 2)
    hold(game, 0, "armourer")
    moves = [m for m in game.legal_moves(0) if m.startswith("play")]
    assert moves == ["play armourer 18"]  # a veteran needs the Stronghold
    game.levels[0][RD.COUNCIL] = 3
    assert "play armourer 18 23" in game.legal_moves(0)
    game.play(0, "play armourer 23 18")
    assert game.knight_at[17][STRENGTH] == 2 and game.knight_at[22][STRENGTH] == 3 and sum(game.hands[0]) == 0


def test_armourer_needs_a_free_piece_of_the_next_strength():
    game = blank()
    knight(game, 0, 18, 1)
    knight(game, 0, 23, 1)
    knight(game, 0, 29, 2)
    hold(game, 0, "armourer")
    # one seasoned piece is free: one young knight may rise, not both
    assert [m for m in game.legal_moves(0) if m.startswith("play")] == ["play armourer 18", "play armourer 23"]
    with pytest.raises(IllegalMove, match="next strength"):
        game.play(0, "play armourer 18 23")
    assert game.knight_at[17][STRENGTH] == 1 and game.progress[0] == ["armourer"]


# -- council ---------------------------------------------------------------------------------------
def test_tax_collector_moves_the_robber_and_takes_a_card_from_each_player_there():
    game = blank()
    settle(game, 1, 9)  # A B E
    settle(game, 2, 19)  # E F J
    give(game, 1, wool=2)
    give(game, 2, ink=1)
    hold(game, 0, "tax collector")
    assert not [m for m in game.legal_moves(0) if m.startswith("play")]  # the robber is locked
    with pytest.raises(IllegalMove, match="desert"):
        game.play(0, "play tax collector E")
    game.raided = True
    game.rng = FixedDice(1, 0)
    words = told(game, 0, "play tax collector E")
    assert game.robber == B.HEX_INDEX["e"]
    assert game.hands[0][WOOL] == 1 and game.hands[0][INK] == 1 and game.hands[1][WOOL] == 1
    assert "ben and cleo" in words and "wool" not in words and "ink" not in words
    assert "You took 1 wool from ben." in game.private_text(0, NAMES[:3])
    assert "ann took 1 ink from you." in game.private_text(2, NAMES[:3])
    assert "ink" not in game.private_text(1, NAMES[:3])


def test_turncoat_takes_the_weakest_knight_and_places_one_of_its_strength():
    game = blank()
    knight(game, 1, 30, 2, active=True)
    knight(game, 1, 35, 2, active=False)  # as weak, inactive: it goes
    settle(game, 0, 13)
    road(game, 0, "13-18")
    hold(game, 0, "turncoat")
    moves = [m for m in game.legal_moves(0) if m.startswith("play")]
    assert "play turncoat 2" in moves and "play turncoat 2 18" in moves and "play turncoat 3" not in moves
    words = told(game, 0, "play turncoat 2 18")
    assert 34 not in game.knight_at and game.knight_at[29][SEAT] == 1
    assert game.knight_at[17][:3] == [0, 2, 0]  # seasoned, inactive as it was
    assert "ben loses the seasoned knight on 35" in words


def test_turncoat_places_the_strongest_weaker_knight_when_none_of_that_strength_is_free():
    game = blank()
    knight(game, 1, 30, 3)
    knight(game, 0, 40, 3)
    knight(game, 0, 45, 3)
    settle(game, 0, 13)
    road(game, 0, "13-18")
    hold(game, 0, "turncoat")
    game.play(0, "play turncoat 2 18")
    assert game.knight_at[17][:3] == [0, 2, 1] and 29 not in game.knight_at


def test_envoy_removes_an_open_road_and_the_player_may_rebuild_their_own():
    game = blank()
    settle(game, 1, 29)
    road(game, 1, "29-34")
    road(game, 1, "23-29")
    settle(game, 0, 13)
    road(game, 0, "13-18")
    hold(game, 0, "envoy", "envoy")
    moves = [m for m in game.legal_moves(0) if m.startswith("play")]
    assert "play envoy 29-34" in moves and "play envoy 13-18 to 8-13" in moves
    assert "play envoy 29-34 to 8-13" not in moves  # another player's road is not rebuilt
    words = told(game, 0, "play envoy 29-34")
    assert game.edge_owner[B.EDGE_INDEX["29-34"]] == -1 and game.pieces[1][0] == 1
    assert "ben's road on 29-34 is removed" in words
    game.play(0, "play envoy 13-18 to 8-13")
    assert game.edge_owner[B.EDGE_INDEX["13-18"]] == -1 and game.edge_owner[B.EDGE_INDEX["8-13"]] == 0
    assert game.pieces[0][0] == 1 and sum(game.hands[0]) == 0


def test_envoy_leaves_a_road_with_both_ends_held():
    game = blank()
    settle(game, 1, 29)
    settle(game, 1, 23, level=1)
    road(game, 1, "23-29")
    hold(game, 0, "envoy")
    with pytest.raises(IllegalMove, match="open end"):
        game.play(0, "play envoy 23-29")


def test_plot_displaces_a_knight_of_any_strength_from_a_corner_the_player_s_roads_touch():
    game = blank()
    settle(game, 1, 30)
    road(game, 1, "24-30")
    road(game, 1, "18-24")
    knight(game, 1, 18, 3)
    settle(game, 0, 13)
    road(game, 0, "13-18")
    hold(game, 0, "plot")
    assert [m for m in game.legal_moves(0) if m.startswith("play")] == ["play plot 18"]
    words = told(game, 0, "play plot 18")
    assert 17 not in game.knight_at and game.knight_at[23][:3] == [1, 3, 1]
    assert "retreats to 24" in words


def test_firebrand_asks_players_with_at_least_your_points_to_discard_half_out_of_turn():
    game = blank(4)
    settle(game, 0, 13)
    settle(game, 1, 30)
    settle(game, 1, 40)
    give(game, 1, wool=3, ink=2)
    give(game, 2, ore=5)  # no points: not asked
    settle(game, 3, 46)
    give(game, 3, grain=1)  # a card alone: half of it is nothing
    hold(game, 0, "firebrand")
    words = told(game, 0, "play firebrand")
    assert game.pending == {1: {"ask": "discard", "count": 2, "by": 0}} and game.to_act() == [1]
    assert "ben 2" in words and "Waiting for ben" in words
    assert game.legal_moves(0) == [] and game.legal_moves(2) == []
    with pytest.raises(IllegalMove, match="Waiting for answers"):
        game.play(0, "end")
    assert "discard 1 wool 1 ink" in game.legal_moves(1)
    with pytest.raises(IllegalMove, match="exactly 2"):
        game.play(1, "discard 1 wool")
    assert told(game, 1, "discard 2 wool") == "ben discarded 2 cards."
    assert game.hands[1][WOOL] == 1 and game.hands[2][ORE] == 5 and game.pending == {}
    assert game.to_act() == [0] and "end" in game.legal_moves(0)


def test_informer_shows_a_hand_to_its_player_alone_who_takes_one_card():
    game = blank()
    hold(game, 0, "informer")
    hold(game, 1, "hoist", "mason")
    assert "play informer 2" in game.legal_moves(0) and "play informer 3" not in game.legal_moves(0)
    words = told(game, 0, "play informer 2")
    assert "hoist" not in words.lower() and "mason" not in words.lower()
    assert game.legal_moves(0) == ["take hoist", "take mason"] and game.to_act() == [0]
    assert "ben's progress cards: Hoist, Mason." in game.private_text(0, NAMES[:3])
    assert "Hoist" not in game.private_text(2, NAMES[:3])
    assert game.view(0)["shown"] == {"seat": 1, "progress_hand": ["hoist", "mason"]}
    assert "shown" not in game.view(None) and "shown" not in game.view(2)
    with pytest.raises(IllegalMove, match="First answer"):
        game.play(0, "end")
    assert told(game, 0, "take mason") == "ann took a progress card from ben."
    assert game.progress == [["mason"], ["hoist"], []]
    assert "You took Mason from ben." in game.private_text(0, NAMES[:3])


def test_an_informer_takes_a_lone_progress_card_at_once_without_asking():
    game = blank()
    hold(game, 0, "informer")
    hold(game, 1, "mason")
    words = told(game, 0, "play informer 2")
    assert game.pending == {} and game.progress == [["mason"], [], []]
    assert "only progress card" in words and "Mason" not in words
    assert "You took Mason from ben." in game.private_text(0, NAMES[:3])
    assert "ann took Mason from you." in game.private_text(1, NAMES[:3])
    assert "Mason" not in game.private_text(2, NAMES[:3])


def test_muster_activates_every_knight_free_as_activated_this_turn():
    game = blank()
    knight(game, 0, 18, 1, active=False)
    knight(game, 0, 23, 2, active=False)
    knight(game, 1, 30, 1, active=False)
    hold(game, 0, "muster")
    game.play(0, "play muster")
    assert game.active_strength(0) == 3 and game.active_strength(1) == 0
    assert game.knight_at[17][ACTIVATED] == 1 and sum(game.hands[0]) == 0
    assert not [m for m in game.legal_moves(0) if m.startswith("move knight 18")]  # it acts next turn


def test_festival_each_richer_player_gives_two_cards_of_their_choice():
    game = blank(4)
    settle(game, 1, 30)
    settle(game, 1, 40)
    give(game, 1, wool=2, ink=3)
    settle(game, 2, 46)
    give(game, 2, ore=1)  # holds fewer than 2: gives it at once
    hold(game, 0, "festival")
    words = told(game, 0, "play festival")
    assert game.hands[0][ORE] == 1 and game.hands[2][ORE] == 0
    assert game.pending == {1: {"ask": "give", "count": 2, "by": 0, "card": "festival"}}
    assert "Given at once: cleo 1." in words and "Waiting for ben" in words and " ore" not in words
    assert sorted(game.legal_moves(1)) == ["give 1 wool 1 ink", "give 2 ink", "give 2 wool"]
    assert told(game, 1, "give 1 wool 1 ink") == "ben gave ann 2 cards."
    assert game.hands[0][WOOL] == 1 and game.hands[0][INK] == 1 and game.pending == {}


# -- commerce --------------------------------------------------------------------------------------
def test_peddler_gives_a_point_and_two_for_one_and_another_peddler_moves_it():
    game = blank()
    settle(game, 0, 13)  # A ore, D grain, E brick
    settle(game, 1, 30)  # I lumber, J desert, N ore
    hold(game, 0, "peddler")
    hold(game, 1, "peddler")
    moves = [m for m in game.legal_moves(0) if m.startswith("play")]
    assert moves == ["play peddler A", "play peddler D", "play peddler E"]
    game.play(0, "play peddler A")
    assert game.peddler_holder == 0 and game.visible_points(0) == 2 and game.rate(0, ORE) == 2
    game.current = 1
    assert "play peddler J" not in game.legal_moves(1)  # never the desert
    game.play(1, "play peddler N")
    assert game.peddler_holder == 1 and game.visible_points(0) == 1 and game.rate(0, ORE) == 4
    assert game.rate(1, ORE) == 2


def test_hoarder_takes_two_of_a_resource_from_each_other_player_and_tells_the_amounts():
    game = blank(4)
    give(game, 1, wool=3)
    give(game, 2, wool=1)
    hold(game, 0, "hoarder")
    words = told(game, 0, "play hoarder wool")
    assert game.hands[0][WOOL] == 3 and game.hands[1][WOOL] == 1 and game.hands[2][WOOL] == 0
    assert "ben 2, cleo 1, dee 0" in words


def test_levy_takes_one_of_a_commodity_from_each_other_player():
    game = blank()
    give(game, 1, silver=2)
    give(game, 2, ink=1)
    hold(game, 0, "levy")
    assert [m for m in game.legal_moves(0) if m.startswith("play")] == [
        "play levy ink", "play levy sailcloth", "play levy silver"]
    words = told(game, 0, "play levy silver")
    assert game.hands[0][SILVER] == 1 and game.hands[1][SILVER] == 1 and "ben 1, cleo 0" in words


def test_trade_winds_trades_a_kind_two_for_one_until_the_turn_ends():
    game = blank()
    give(game, 0, wool=2, ink=2)
    hold(game, 0, "trade winds", "trade winds")
    game.play(0, "play trade winds wool")
    assert game.rate(0, WOOL) == 2 and game.rate(0, INK) == 4 and game.rate(1, WOOL) == 4
    assert "play trade winds wool" not in game.legal_moves(0)
    game.play(0, "play trade winds ink")
    game.play(0, "trade 2 wool for 1 ore")
    assert game.hands[0][ORE] == 1 and game.rate(0, INK) == 2
    game.play(0, "end")
    assert game.rate(0, WOOL) == 4 and game.rate(0, INK) == 4


def test_customs_house_gives_resources_and_each_named_player_gives_back_a_commodity():
    game = blank(3)
    give(game, 0, wool=1, ore=1)
    give(game, 1, ink=1, silver=1, brick=2)
    give(game, 2, grain=1)  # no commodity: takes nothing
    hold(game, 0, "customs house")
    moves = [m for m in game.legal_moves(0) if m.startswith("play")]
    assert "play customs house 2 wool 3 ore" in moves and "play customs house 2 wool 3 wool" not in moves
    words = told(game, 0, "play customs house 3 ore 2 wool")  # read in any order
    assert game.hands[1][WOOL] == 1 and game.hands[0][ORE] == 1 and game.hands[2][ORE] == 0
    assert game.pending == {1: {"ask": "give", "count": 1, "by": 0, "card": "customs house"}}
    assert "wool" not in words and "cleo holds no commodity and takes nothing" in words
    assert game.legal_moves(1) == ["give 1 ink", "give 1 silver"]
    with pytest.raises(IllegalMove, match="1 commodity"):
        game.play(1, "give 1 brick")
    assert told(game, 1, "give 1 silver") == "ben gave ann 1 card."
    assert game.hands[0][SILVER] == 1 and game.hands[0][WOOL] == 0


def test_broker_shows_a_richer_player_s_cards_to_its_player_who_takes_two():
    game = blank()
    settle(game, 1, 30)
    give(game, 1, ore=2, ink=1)
    give(game, 2, ore=5)  # no more points than ann: not a choice
    hold(game, 0, "broker")
    assert [m for m in game.legal_moves(0) if m.startswith("play")] == ["play broker 2"]
    words = told(game, 0, "play broker 2")
    assert "ore" not in words and "take 2" in words
    assert game.legal_moves(0) == ["take 2 ore", "take 1 ore 1 ink"]
    assert "ben's cards: 2 ore 1 ink." in game.private_text(0, NAMES[:3])
    assert "ben's cards" not in game.private_text(2, NAMES[:3])
    assert game.view(0)["shown"]["hand"] == [0, 0, 0, 0, 2, 1, 0, 0]
    assert told(game, 0, "take 1 ore 1 ink") == "ann took 2 cards from ben."
    assert game.hands[0][ORE] == 1 and game.hands[0][INK] == 1 and game.hands[1] == [0, 0, 0, 0, 1, 0, 0, 0]


def test_a_broker_takes_a_hand_of_two_or_fewer_at_once():
    game = blank()
    settle(game, 1, 30)
    give(game, 1, ore=1, ink=1)
    hold(game, 0, "broker")
    words = told(game, 0, "play broker 2")
    assert game.pending == {} and game.hands[0][ORE] == 1 and game.hands[0][INK] == 1 and sum(game.hands[1]) == 0
    assert "takes all 2 of ben's cards" in words and "ore" not in words.replace("more", "")


# -- point cards and the deck -----------------------------------------------------------------------
def test_point_cards_are_scored_when_drawn_and_leave_the_deck():
    game = blank()
    settle(game, 0, 13, level=2)
    game.levels[0][RD.LORE] = 5
    deck = game.decks["lore"]
    deck.remove("star chart")
    deck.insert(0, "star chart")
    game.phase = "roll"
    game.rng = FixedDice(0, 5)  # red 1, 1; the lore gate
    game.play(0, "roll")
    assert game.point_cards[0] == ["star chart"] and "star chart" not in deck and game.progress[0] == []
    assert game.visible_points(0) == 3
    with pytest.raises(IllegalMove, match="never played"):
        game.play(0, "play star chart")


def test_a_played_card_is_never_taken_back():
    game = blank()
    settle(game, 0, 13, level=2)
    hold(game, 0, "mason")
    before = game.copy()
    game.play(0, "play mason 13")
    assert not game.can_take_back(before, 0, "play mason 13")


def test_a_card_not_held_is_refused_and_changes_nothing():
    game = blank()
    settle(game, 0, 13, level=2)
    before = game.dump()
    with pytest.raises(IllegalMove, match="You hold no Mason"):
        game.play(0, "play mason 13")
    assert game.dump() == before

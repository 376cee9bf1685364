"""Pioneer's Isle: one test (or more) for every rule, on the fixed beginner board.

Beginner board, for reading the tests (hex: resource number, corners):
  A ore 10 (1 5 9 13 8 4)      E brick 6 (9 14 19 24 18 13)   J desert (19 25 31 36 30 24)
  L ore 8 (21 27 33 38 32 26)  R grain 6 (41 46 50 53 49 45)  D grain 12 (8 13 18 23 17 12)
Harbours: 2-6 3:1, 7-11 grain, 21-27 ore, 43-47 3:1, 50-54 wool, 49-52 3:1, 34-39 3:1,
17-22 brick, 4-8 lumber.
"""

from __future__ import annotations

import json
import random

import pytest

from games.base import IllegalMove, fill_names
from games.pioneers import GAME
from games.pioneers import board as B
from games.pioneers import data as D
from tests.games.pioneers_helpers import FixedDice, blank, road, settle

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
NAMES = ["Alice", "Bob", "Carol", "Dave"]


# -- helpers ---------------------------------------------------------------------------
def give(game, seat: int, *amounts: int) -> None:
    """Move cards from the bank into a hand (lumber, brick, wool, grain, ore)."""
    for res, count in enumerate(amounts):
        game.bank[res] -= count
        game.hands[seat][res] += count


def empty_hand(game, seat: int) -> None:
    for res in range(5):
        game.bank[res] += game.hands[seat][res]
        game.hands[seat][res] = 0


def roll(game, total: int, seat: int = 0) -> None:
    d1 = max(1, total - 6)
    game.rng = FixedDice((d1 - 1) * 6 + (total - d1 - 1))
    game.phase = "roll"
    game.play(seat, "roll")


def path(start: int, length: int) -> list[str]:
    """`length` consecutive coast edges starting at coast position `start`."""
    return [B.EDGE_LABELS[B.COAST[(start + i) % len(B.COAST)]] for i in range(length)]


def path_nodes(start: int, length: int) -> list[int]:
    """The corners (1-based) along `path(start, length)`, in order."""
    edges = [B.EDGE_NODES[B.COAST[(start + i) % len(B.COAST)]] for i in range(length)]
    first = [n for n in edges[0] if n not in edges[1]][0]
    nodes = [first]
    for a, b in edges:
        nodes.append(b if a == nodes[-1] else a)
    return [n + 1 for n in nodes]


# -- components and board ---------------------------------------------------------------
def test_components():
    game = GAME.new(4, {}, seed=7)
    assert sorted(game.terrain) == sorted(r for r, c in enumerate(D.HEX_COUNTS) for _ in range(c))
    assert [game.terrain.count(r) for r in range(6)] == [4, 3, 4, 4, 3, 1]
    assert sorted(x for x in game.numbers if x) == sorted(D.NUMBER_TOKENS)
    assert game.numbers[game.terrain.index(D.DESERT)] == 0
    assert game.robber == game.terrain.index(D.DESERT)
    assert game.bank == [19] * 5
    assert sorted(game.deck) == sorted([0] * 14 + [1] * 5 + [2] * 2 + [3] * 2 + [4] * 2)
    assert sorted(game.harbours) == sorted(["any"] * 4 + list(D.RESOURCES))
    assert (B.HEX_COUNT, B.NODE_COUNT, B.EDGE_COUNT, len(B.COAST)) == (19, 54, 72, 30)
    assert B.HEX_LABELS[0] == "A" and B.HEX_LABELS[-1] == "S"
    assert all(B.parse_edge(label) == index for index, label in enumerate(B.EDGE_LABELS))
    # harbours never share a corner
    corners = [n for e in B.HARBOUR_EDGES for n in B.EDGE_NODES[e]]
    assert len(corners) == len(set(corners)) == 18


@pytest.mark.parametrize("seed", range(60))
def test_random_boards_keep_six_and_eight_apart(seed):
    game = GAME.new(3, {}, seed=seed)
    assert not B.hot_numbers_touch(game.numbers)


def test_beginner_board_is_fixed_and_keeps_six_and_eight_apart():
    one, two = GAME.new(2, {"board": "beginner"}, 1), GAME.new(4, {"board": "beginner"}, 99)
    assert one.terrain == two.terrain and one.numbers == two.numbers and one.harbours == two.harbours
    assert not B.hot_numbers_touch(one.numbers)
    assert one.terrain[B.HEX_INDEX["j"]] == D.DESERT


def test_random_boards_differ_by_seed():
    boards = {tuple(GAME.new(4, {}, seed).numbers) for seed in range(10)}
    assert len(boards) > 5


def test_options():
    game = GAME.new(2, {"target": "12", "discard_limit": "9", "friendly_robber": "on", "board": "beginner"})
    assert game.opts == {"target": 12, "discard_limit": 9, "friendly_robber": True, "board": "beginner"}
    with pytest.raises(IllegalMove):
        GAME.new(2, {"board": "voyages"})
    with pytest.raises(IllegalMove):
        GAME.new(5)
    with pytest.raises(IllegalMove):
        GAME.new(1)


# -- setup ------------------------------------------------------------------------------
def test_setup_snake_order_and_second_settlement_collects():
    game = GAME.new(4, {"board": "beginner"}, seed=3)
    order = []
    while game.phase == "setup":
        seat = game.to_act()[0]
        order.append(seat)
        spot = game.legal_moves(seat)[0]
        assert spot.startswith("settlement ")
        before = list(game.hands[seat])
        game.play(seat, spot)
        node = int(spot.split()[1]) - 1
        gained = [a - b for a, b in zip(game.hands[seat], before, strict=True)]
        expected = [0] * 5
        for hex_index in B.NODE_HEXES[node]:
            if game.terrain[hex_index] != D.DESERT:
                expected[game.terrain[hex_index]] += 1
        assert gained == (expected if len(order) > 4 else [0] * 5)
        roads = game.legal_moves(seat)
        assert roads and all(r.startswith("road ") for r in roads)
        assert all(str(node + 1) in r.split()[1].split("-") for r in roads)
        game.play(seat, roads[-1])
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert game.phase == "roll" and game.to_act() == [0] and game.turn == 1
    assert sum(map(sum, game.hands)) + sum(game.bank) == 95


def test_setup_distance_rule_and_road_beside_settlement():
    game = GAME.new(2, {"board": "beginner"}, seed=3)
    game.play(0, "settlement 19")
    with pytest.raises(IllegalMove):
        game.play(0, "settlement 25")  # a second settlement before the road
    with pytest.raises(IllegalMove):
        game.play(0, "road 30-35")  # not touching the new settlement
    with pytest.raises(IllegalMove):
        game.play(1, "road 19-25")  # not this seat's turn
    game.play(0, "road 19-25")
    for neighbour in (14, 24, 25):
        with pytest.raises(IllegalMove, match="next to a building"):
            game.play(1, f"settlement {neighbour}")
    assert "settlement 14" not in game.legal_moves(1)
    with pytest.raises(IllegalMove, match="taken"):
        game.play(1, "settlement 19")


# -- production ---------------------------------------------------------------------------
def test_production_settlement_one_city_two_robber_blocks():
    game = blank()
    settle(game, 0, 9)  # A, B, E
    settle(game, 1, 24, level=2)  # E, I, J
    roll(game, 6)  # E brick 6, R grain 6
    assert game.hands[0][BRICK] == 1 and game.hands[1][BRICK] == 2
    game.robber = B.HEX_INDEX["e"]
    roll(game, 6)
    assert game.hands[0][BRICK] == 1 and game.hands[1][BRICK] == 2
    assert game.phase == "main"


def test_bank_shortage_nobody_unless_one_player_owed():
    game = blank()
    settle(game, 0, 41)  # R grain 6
    settle(game, 1, 50)  # R grain 6
    give(game, 3, 0, 0, 0, 18, 0)  # the bank keeps 1 grain
    roll(game, 6)
    assert game.hands[0][GRAIN] == 0 and game.hands[1][GRAIN] == 0 and game.bank[GRAIN] == 1
    # a single player owed more than the bank holds takes what is left
    game2 = blank()
    settle(game2, 2, 41, level=2)
    give(game2, 3, 0, 0, 0, 18, 0)
    roll(game2, 6)
    assert game2.hands[2][GRAIN] == 1 and game2.bank[GRAIN] == 0


# -- the seven, discards and the robber ----------------------------------------------------
def test_seven_everyone_over_limit_discards_at_once():
    game = blank()
    settle(game, 1, 24)
    give(game, 1, 3, 3, 2, 0, 0)  # 8 cards -> 4
    give(game, 2, 2, 2, 2, 2, 1)  # 9 cards -> 4
    give(game, 3, 2, 2, 2, 1, 0)  # 7 cards, keeps all
    roll(game, 7)
    assert game.phase == "discard" and game.to_act() == [1, 2]
    assert all(m.startswith("discard ") for m in game.legal_moves(2))
    assert "discard 2 lumber 2 brick" in game.legal_moves(1)
    with pytest.raises(IllegalMove, match="exactly 4"):
        game.play(1, "discard 1 lumber")
    with pytest.raises(IllegalMove, match="do not hold"):
        game.play(1, "discard 4 ore")
    with pytest.raises(IllegalMove):
        game.play(3, "discard 3 lumber")
    with pytest.raises(IllegalMove):
        game.play(0, "robber e steal 2")
    game.play(2, "discard 1 lumber 1 brick 1 wool 1 grain")
    assert game.to_act() == [1]
    game.play(1, "discard 3 lumber 1 brick")
    assert game.describe_move(1, "discard 3 lumber 1 brick", NAMES) == "Bob discarded 4 cards."
    assert game.hands[1] == [0, 2, 2, 0, 0] and game.hands[2] == [1, 1, 1, 1, 1]
    assert game.phase == "robber" and game.to_act() == [0]


def test_discard_limit_option():
    game = blank(discard_limit=9)
    give(game, 1, 3, 3, 3, 0, 0)
    roll(game, 7)
    assert game.phase == "robber"


def test_robber_moves_and_steals_one_card():
    game = blank()
    settle(game, 1, 24)  # beside E, I, J
    settle(game, 2, 14)  # beside B, E, F
    give(game, 1, 0, 0, 0, 0, 2)
    roll(game, 7)
    moves = game.legal_moves(0)
    assert "robber E steal 2" in moves and "robber E steal 3" not in moves  # player 3 has no card
    assert not any(m.startswith("robber J") for m in moves)  # must move
    assert "robber A" in moves
    with pytest.raises(IllegalMove, match="another hex"):
        game.play(0, "robber j")
    with pytest.raises(IllegalMove, match="rob"):
        game.play(0, "robber e")
    with pytest.raises(IllegalMove):
        game.play(0, "robber e steal 4")
    game.rng = FixedDice(0)
    game.play(0, "robber e steal 2")
    assert game.robber == B.HEX_INDEX["e"]
    assert game.hands[0][ORE] == 1 and game.hands[1][ORE] == 1
    assert game.phase == "main"
    assert "stole a card from Bob" in game.describe_move(0, "robber e steal 2", NAMES)
    assert game.private_text(0, NAMES).startswith("You stole 1 ore from Bob.")
    assert game.private_text(1, NAMES).startswith("Alice stole 1 ore from you.")
    assert "stole" not in game.private_text(2, NAMES)
    assert "stolen" not in json.dumps(game.view(None)) and "ore" not in json.dumps(game.view(2)["last"])


def test_robber_without_victims():
    game = blank()
    roll(game, 7)
    game.play(0, "robber A")
    assert game.robber == 0 and game.phase == "main"


def test_friendly_robber_protects_players_under_three_points():
    game = blank(friendly_robber=True)
    settle(game, 1, 24)  # 1 point, protected: E, I, J closed
    settle(game, 2, 14)
    settle(game, 2, 41)
    settle(game, 2, 49)  # 3 points: not protected
    give(game, 1, 1, 0, 0, 0, 0)
    give(game, 2, 1, 0, 0, 0, 0)
    roll(game, 7)
    moves = game.legal_moves(0)
    assert not any(m.startswith(("robber E", "robber I")) for m in moves)
    assert "robber F steal 3" in moves
    with pytest.raises(IllegalMove, match="friendly"):
        game.play(0, "robber i")
    view = game.view(None)
    assert view["players"][1]["protected"] and not view["players"][2]["protected"]


def test_friendly_robber_stays_when_every_hex_is_protected():
    game = blank(friendly_robber=True)
    for seat, nodes in ((1, (9, 15)), (2, (23, 32)), (3, (40, 46))):
        for node in nodes:
            settle(game, seat, node)
        give(game, seat, 1, 0, 0, 0, 0)
    assert game.robber_hexes() == []
    roll(game, 7)
    assert game.phase == "main" and game.robber == B.HEX_INDEX["j"]
    assert sum(game.hands[0]) == 0
    assert "stays" in game.describe_move(0, "roll", NAMES)
    # a knight in that position is played, and the robber still stays
    game.devs[0][D.KNIGHT] = 1
    game.deck.remove(D.KNIGHT)
    game.play(0, "knight")
    assert game.phase == "main" and game.knights[0] == 1 and game.robber == B.HEX_INDEX["j"]


# -- building ---------------------------------------------------------------------------
def test_costs_are_paid_to_the_bank():
    game = blank()
    settle(game, 0, 24)
    road(game, 0, "24-30")
    give(game, 0, 3, 3, 1, 3, 3)
    game.play(0, "road 30-35")
    game.play(0, "road 35-40")
    assert game.hands[0][:2] == [1, 1]
    game.play(0, "settlement 40")
    assert game.hands[0] == [0, 0, 0, 2, 3]
    game.play(0, "city 40")
    assert game.hands[0] == [0, 0, 0, 0, 0]
    assert game.bank == [19] * 5
    assert game.node_level[39] == 2 and game.pieces[0] == [3, 1, 1]
    with pytest.raises(IllegalMove, match="costs"):
        game.play(0, "road 40-45")


def test_city_replaces_own_settlement_only():
    game = blank()
    settle(game, 0, 24)
    settle(game, 1, 9)
    give(game, 0, 0, 0, 0, 4, 6)
    with pytest.raises(IllegalMove, match="no settlement"):
        game.play(0, "city 9")
    with pytest.raises(IllegalMove, match="no settlement"):
        game.play(0, "city 30")
    game.play(0, "city 24")
    assert game.pieces[0][1:] == [0, 1]  # the settlement went back to the supply
    with pytest.raises(IllegalMove, match="no settlement"):
        game.play(0, "city 24")
    assert game.view(None)["players"][0]["settlements_left"] == 5


def test_settlement_needs_own_road_and_distance():
    game = blank()
    settle(game, 0, 24)
    road(game, 0, "24-30")
    give(game, 0, 3, 3, 3, 3, 0)
    with pytest.raises(IllegalMove, match="next to a building"):
        game.play(0, "settlement 30")
    with pytest.raises(IllegalMove, match="does not touch"):
        game.play(0, "settlement 41")
    road(game, 0, "30-35")
    game.play(0, "settlement 35")
    assert game.node_owner[34] == 0


def test_roads_continue_the_network_and_stop_at_other_buildings():
    game = blank()
    settle(game, 0, 24)
    road(game, 0, "24-30")
    settle(game, 1, 30 + 5)  # corner 35, two steps on
    road(game, 0, "30-35")
    give(game, 0, 5, 5, 0, 0, 0)
    with pytest.raises(IllegalMove, match="continue"):
        game.play(0, "road 45-49")
    with pytest.raises(IllegalMove, match="continue"):
        game.play(0, "road 35-40")  # through the other player's settlement on 35
    assert "road 35-40" not in game.legal_moves(0)
    game.play(0, "road 30-36")
    with pytest.raises(IllegalMove, match="already"):
        game.play(0, "road 30-36")


def test_piece_limits():
    game = blank()
    for node in (1, 3, 12, 14, 16):
        settle(game, 0, node)
    road(game, 0, "24-30")
    road(game, 0, "30-35")
    give(game, 0, 1, 1, 1, 1, 0)
    with pytest.raises(IllegalMove, match="All 5"):
        game.play(0, "settlement 35")
    game2 = blank()
    for node in (1, 3, 12, 14):
        settle(game2, 0, node, level=2)
    settle(game2, 0, 16)
    give(game2, 0, 0, 0, 0, 2, 3)
    with pytest.raises(IllegalMove, match="All 4"):
        game2.play(0, "city 16")
    game3 = blank()
    for label in path(0, 15):
        road(game3, 0, label)
    give(game3, 0, 1, 1, 0, 0, 0)
    with pytest.raises(IllegalMove, match="All 15"):
        game3.play(0, "road " + path(15, 1)[0])
    assert not any(m.startswith("road") for m in game3.legal_moves(0))


# -- development cards ------------------------------------------------------------------
def deal_card(game, seat: int, card: int, new: bool = False) -> None:
    game.deck.remove(card)
    game.devs[seat][card] += 1
    if new:
        game.new_devs[card] += 1


def test_buying_a_card_and_not_playing_it_the_same_turn():
    game = blank()
    give(game, 0, 0, 0, 1, 1, 1)
    game.deck.append(D.KNIGHT)  # the top card
    game.deck.pop(0)
    game.play(0, "buy card")
    assert game.devs[0][D.KNIGHT] == 1 and len(game.deck) == 24 and game.hands[0] == [0] * 5
    assert "knight" not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="next turn"):
        game.play(0, "knight")
    game.play(0, "end")
    for seat in (1, 2, 3):
        game.play(seat, "roll") if game.phase == "roll" else None
        while game.phase != "main":
            seat_now = game.to_act()[0]
            game.play(seat_now, game.legal_moves(seat_now)[0])
        game.play(game.current, "end")
    assert game.current == 0
    assert "knight" in game.legal_moves(0)


def test_card_needs_money_and_cards_left():
    game = blank()
    with pytest.raises(IllegalMove, match="costs"):
        game.play(0, "buy card")
    give(game, 0, 0, 0, 1, 1, 1)
    game.deck = []
    with pytest.raises(IllegalMove, match="gone"):
        game.play(0, "buy card")


def test_one_card_a_turn_knight_before_roll_others_after():
    game = blank()
    deal_card(game, 0, D.KNIGHT)
    deal_card(game, 0, D.KNIGHT)
    deal_card(game, 0, D.MONOPOLY)
    game.phase = "roll"
    assert game.legal_moves(0) == ["roll", "knight"]
    with pytest.raises(IllegalMove):
        game.play(0, "monopoly wool")
    game.play(0, "knight")
    assert game.phase == "robber"
    game.play(0, "robber A")
    assert game.phase == "roll"
    assert game.legal_moves(0) == ["roll"]
    roll(game, 5)
    with pytest.raises(IllegalMove, match="already played"):
        game.play(0, "monopoly wool")
    with pytest.raises(IllegalMove, match="already played"):
        game.play(0, "knight")


def test_road_building_places_two_free_roads():
    game = blank()
    settle(game, 0, 24)
    road(game, 0, "24-30")
    deal_card(game, 0, D.ROAD_BUILDING)
    game.play(0, "road building")
    assert game.phase == "roads"
    assert not any(m.startswith(("end", "buy")) for m in game.legal_moves(0))
    game.play(0, "road 30-35")
    game.play(0, "road 35-40")
    assert game.phase == "main" and game.pieces[0][0] == 3 and game.bank == [19] * 5


def test_year_of_plenty_bank_permitting():
    game = blank()
    deal_card(game, 0, D.PLENTY)
    give(game, 1, 0, 0, 0, 0, 18)  # one ore left in the bank
    moves = game.legal_moves(0)
    assert "year of plenty wool ore" in moves and "year of plenty ore ore" not in moves
    with pytest.raises(IllegalMove):
        game.play(0, "year of plenty ore ore")
    game.play(0, "year of plenty wool ore")
    assert game.hands[0] == [0, 0, 1, 0, 1]
    # with one card left in the whole bank, it takes that one
    game2 = blank()
    deal_card(game2, 0, D.PLENTY)
    give(game2, 1, 19, 19, 19, 18, 0)
    give(game2, 2, 0, 0, 0, 0, 19)
    assert [m for m in game2.legal_moves(0) if m.startswith("year")] == ["year of plenty grain"]
    game2.play(0, "year of plenty grain")
    assert game2.hands[0][GRAIN] == 1


def test_monopoly_takes_every_card_of_a_kind():
    game = blank()
    deal_card(game, 0, D.MONOPOLY)
    give(game, 1, 0, 0, 3, 0, 1)
    give(game, 2, 0, 0, 2, 0, 0)
    give(game, 0, 0, 0, 1, 0, 0)
    game.play(0, "monopoly wool")
    assert game.hands[0][WOOL] == 6 and game.hands[1] == [0, 0, 0, 0, 1] and game.hands[2] == [0] * 5
    assert "took 5" in game.describe_move(0, "monopoly wool", NAMES)


def test_victory_cards_are_hidden_from_others():
    game = blank()
    deal_card(game, 1, D.VICTORY)
    for seat in (None, 0, 2, 3):
        view = game.view(seat)
        assert view["players"][1]["points"] == 0
        assert "dev_hand" not in view or seat != 1 and not view.get("dev_hand")
    assert game.view(1)["dev_hand"] == {"victory point": 1}
    assert "victory point" in game.private_text(1, NAMES)
    assert "victory" not in game.private_text(0, NAMES)


# -- titles -----------------------------------------------------------------------------
def test_largest_army_three_knights_and_strictly_more():
    game = blank()
    game.knights = [0, 3, 0, 0]
    game.army = 1
    game.knights[2] = 2
    for _ in range(2):
        deal_card(game, 0, D.KNIGHT)
    for count in (1, 2):
        game.dev_played = False
        game.play(0, "knight")
        game.play(0, "robber " + ("A" if game.robber != 0 else "B"))
        assert game.knights[0] == count and game.army == 1
    game.knights[0] = 3
    assert game.army == 1  # a tie does not take it
    deal_card(game, 0, D.KNIGHT)
    game.dev_played = False
    game.play(0, "knight")
    assert game.army == 0 and game.visible_points(0) == 2 and game.visible_points(1) == 0
    # the first player to 3 takes it
    game2 = blank()
    game2.knights[0] = 2
    deal_card(game2, 0, D.KNIGHT)
    game2.play(0, "knight")
    assert game2.army == 0


def test_longest_road_five_and_strictly_more():
    game = blank()
    for label in path(0, 4):
        road(game, 0, label)
    assert game.road_len[0] == 4 and game.road_holder == -1
    road(game, 0, path(4, 1)[0])
    assert game.road_len[0] == 5 and game.road_holder == 0
    for label in path(10, 5):
        road(game, 1, label)
    assert game.road_len[1] == 5 and game.road_holder == 0  # a tie does not take it
    road(game, 1, path(15, 1)[0])
    assert game.road_holder == 1
    assert game.visible_points(1) == 2 and game.visible_points(0) == 0


def test_longest_road_counts_a_loop():
    game = blank()
    ring = B.HEX_NODES[B.HEX_INDEX["j"]]
    for i in range(6):
        a, b = ring[i] + 1, ring[(i + 1) % 6] + 1
        road(game, 0, f"{min(a, b)}-{max(a, b)}")
    assert game.road_len[0] == 6 and game.road_holder == 0
    road(game, 0, "18-24")  # a tail off the loop
    assert game.road_len[0] == 7


def build_road_through(game, seat, start, length):
    for label in path(start, length):
        road(game, seat, label)


def break_with_settlement(game, breaker: int, node: int) -> None:
    """`breaker` builds a settlement on `node` (1-based) from a road of its own."""
    spur = next(e for e in B.NODE_EDGES[node - 1] if game.edge_owner[e] == -1)
    game.edge_owner[spur] = breaker
    game.pieces[breaker][0] += 1
    game.current = breaker
    game.phase = "main"
    give(game, breaker, 1, 1, 1, 1, 0)
    game.play(breaker, f"settlement {node}")


def test_longest_road_broken_passes_to_the_single_longest():
    game = blank()
    build_road_through(game, 0, 0, 8)
    build_road_through(game, 2, 10, 6)
    assert game.road_holder == 0
    middle = path_nodes(0, 8)[4]
    break_with_settlement(game, 1, middle)
    assert game.road_len[0] == 4
    assert game.road_holder == 2


def test_longest_road_set_aside_when_several_tie_after_a_break():
    game = blank()
    build_road_through(game, 0, 0, 8)
    build_road_through(game, 2, 10, 5)
    build_road_through(game, 3, 20, 5)
    assert game.road_holder == 0
    break_with_settlement(game, 1, path_nodes(0, 8)[4])
    assert game.road_len == [4, 0, 5, 5]
    assert game.road_holder == -1
    assert all(not p["longest_road"] for p in game.view(None)["players"])
    # the next strictly longest road takes it
    game.current = 3
    give(game, 3, 1, 1, 0, 0, 0)
    game.play(3, "road " + path(25, 1)[0])
    assert game.road_holder == 3


def test_longest_road_holder_keeps_it_while_still_tied():
    game = blank()
    build_road_through(game, 0, 0, 11)
    build_road_through(game, 2, 15, 6)
    break_with_settlement(game, 1, path_nodes(0, 11)[6])
    assert game.road_len[0] == 6 and game.road_holder == 0


# -- trade ------------------------------------------------------------------------------
def test_bank_and_harbour_rates():
    game = blank()
    give(game, 0, 4, 0, 3, 2, 0)
    with pytest.raises(IllegalMove, match="4:1"):
        game.play(0, "trade 3 wool for 1 ore")
    game.play(0, "trade 4 lumber for 1 ore")
    assert game.hands[0] == [0, 0, 3, 2, 1]
    settle(game, 0, 2)  # generic harbour 2-6
    assert "trade 3 wool for 1 brick" in game.legal_moves(0)
    settle(game, 0, 11)  # grain harbour 7-11
    game.play(0, "trade 2 grain for 1 brick")
    assert game.hands[0] == [0, 1, 3, 0, 1]
    with pytest.raises(IllegalMove, match="both sides"):
        game.play(0, "trade 3 wool for 1 wool")
    give(game, 1, 0, 18, 0, 0, 0)
    with pytest.raises(IllegalMove, match="no brick"):
        game.play(0, "trade 3 wool for 1 brick")


def test_offers_answers_and_confirm():
    game = blank()
    give(game, 0, 0, 0, 2, 1, 0)
    give(game, 1, 0, 0, 0, 0, 2)
    give(game, 2, 0, 0, 0, 0, 3)
    game.phase = "roll"
    with pytest.raises(IllegalMove):
        game.play(0, "offer 1 wool for 1 ore")  # not before the roll
    game.phase = "main"
    with pytest.raises(IllegalMove, match="do not hold"):
        game.play(0, "offer 3 wool for 1 ore")
    with pytest.raises(IllegalMove, match="both sides"):
        game.play(0, "offer 1 wool for 1 wool 1 ore")
    game.play(0, "offer 1 wool 1 grain for 1 ore")
    assert game.to_act() == [0]
    for seat in (1, 2, 3):
        assert "decline 1" in game.legal_moves(seat)
    assert "accept 1" in game.legal_moves(1) and "accept 1" not in game.legal_moves(3)
    with pytest.raises(IllegalMove, match="own offer"):
        game.play(0, "accept 1")
    with pytest.raises(IllegalMove, match="do not hold"):
        game.play(3, "accept 1")
    game.play(3, "decline 1")
    game.play(1, "accept 1")
    game.play(2, "counter 1 2 ore for 1 wool")
    assert "confirm 1 2" in game.legal_moves(0) and "confirm 1 3" in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="not accepted"):
        game.play(0, "confirm 1 4")
    with pytest.raises(IllegalMove, match="Only the player"):
        game.play(1, "confirm 1 2")
    game.play(0, "confirm 1 3")  # the counter: 2 ore for 1 wool
    assert game.hands[0] == [0, 0, 1, 1, 2] and game.hands[2] == [0, 0, 1, 0, 1]
    with pytest.raises(IllegalMove, match="closed"):
        game.play(1, "accept 1")
    assert "traded 1 wool" in game.describe_move(0, "confirm 1 3", NAMES)


def test_the_seats_that_owe_an_answer_are_those_that_have_not_answered_an_open_offer():
    game = blank()
    give(game, 0, 0, 0, 2, 0, 0)
    give(game, 1, 0, 0, 0, 0, 1)
    assert game.awaited_answers() == []
    game.play(0, "offer 1 wool for 1 ore")
    assert game.awaited_answers() == [1, 2, 3]  # not the offerer, and not only those who could pay
    game.play(2, "decline 1")
    game.play(1, "accept 1")
    assert game.awaited_answers() == [3]
    game.play(0, "offer 1 wool for 1 grain")
    assert game.awaited_answers() == [1, 2, 3]  # a second offer is owed its own answers
    game.play(0, "end")
    assert game.awaited_answers() == []  # the turn's end closed both


def test_confirm_checks_both_hands_at_that_moment():
    game = blank()
    give(game, 0, 0, 0, 1, 0, 0)
    give(game, 1, 0, 0, 0, 0, 1)
    game.play(0, "offer 1 wool for 1 ore")
    game.play(1, "accept 1")
    game.hands[1][ORE] -= 1  # the ore went elsewhere meanwhile
    game.bank[ORE] += 1
    with pytest.raises(IllegalMove, match="no longer holds"):
        game.play(0, "confirm 1 2")
    assert "confirm 1 2" not in game.legal_moves(0)
    give(game, 1, 0, 0, 0, 0, 1)
    game.hands[0][WOOL] = 0
    game.bank[WOOL] += 1
    with pytest.raises(IllegalMove, match="no longer hold"):
        game.play(0, "confirm 1 2")


def test_answer_after_the_offerers_turn_ended():
    game = blank()
    give(game, 0, 0, 0, 1, 0, 0)
    give(game, 1, 0, 0, 0, 0, 1)
    game.play(0, "offer 1 wool for 1 ore")
    game.play(0, "end")
    with pytest.raises(IllegalMove) as info:
        game.play(1, "accept 1")
    assert fill_names(str(info.value), ["ann", "ben"]) == "offer #1 closed when ann's turn ended."
    assert not any(m.endswith(" 1") and m.startswith("accept") for m in game.legal_moves(1))
    with pytest.raises(IllegalMove, match="no offer #7"):
        game.play(1, "decline 7")


def test_offers_limited_and_cancelled():
    game = blank()
    give(game, 0, 3, 0, 0, 0, 0)
    for _ in range(D.MAX_OFFERS_PER_TURN):
        game.play(0, "offer 1 lumber for 1 ore")
    with pytest.raises(IllegalMove, match="At most"):
        game.play(0, "offer 1 lumber for 1 ore")
    game.play(0, "cancel 2")
    assert [o["id"] for o in game.offers] == [1, 3]
    with pytest.raises(IllegalMove, match="cancelled"):
        game.play(1, "decline 2")


# -- victory ----------------------------------------------------------------------------
def test_win_the_moment_the_target_is_reached_hidden_points_count():
    game = blank()
    for node in (1, 3, 12, 14):
        settle(game, 0, node, level=2)  # 8 points
    deal_card(game, 0, D.VICTORY)  # 9 with the hidden card
    give(game, 0, 0, 0, 1, 1, 1)
    game.deck.append(D.VICTORY)
    game.deck.remove(D.VICTORY)
    game.deck.append(D.VICTORY)
    assert game.outcome() is None
    game.play(0, "buy card")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == [0] and outcome.scores[0] == 10
    assert game.to_act() == [] and game.legal_moves(0) == []
    assert game.view(None)["players"][0]["final_points"] == 10
    with pytest.raises(IllegalMove, match="over"):
        game.play(1, "roll")


def test_win_as_the_turn_begins_after_gaining_points_on_another_turn():
    game = blank()
    for node in (1, 3, 12, 14):
        settle(game, 1, node, level=2)  # player 2: 8 points
    build_road_through(game, 2, 10, 6)  # player 3 holds Longest Road
    build_road_through(game, 1, 22, 5)
    assert game.road_holder == 2
    # player 1 cuts player 3's road: the title passes to player 2, who reaches 10
    break_with_settlement(game, 0, path_nodes(10, 6)[4])
    assert game.road_holder == 1 and game.total_points(1) == 10
    assert game.outcome() is None  # not on someone else's turn
    game.play(0, "end")
    assert game.outcome().winners == [1]
    assert "wins" in game.describe_move(0, "end", NAMES)


def test_outcome_ranks_others_by_points():
    game = blank(target=8)
    settle(game, 1, 1)
    settle(game, 2, 3)
    settle(game, 2, 12)
    for node in (14, 16, 41, 45):
        settle(game, 0, node, level=2)
    game.current = 0
    game._check_win()
    outcome = game.outcome()
    assert outcome.ranks == [1, 3, 2, 4]
    assert outcome.tiebreak == ""


def test_players_level_on_points_share_a_place_without_a_tie_break():
    game = blank(target=8)
    settle(game, 1, 1)
    settle(game, 2, 3)
    for node in (14, 16, 41, 45):
        settle(game, 0, node, level=2)
    game.current = 0
    game._check_win()
    outcome = game.outcome()
    assert outcome.ranks == [1, 2, 2, 4] and outcome.tiebreak == ""


# -- hidden information, words and menus ---------------------------------------------------
def test_views_hide_hands_and_cards():
    game = blank()
    give(game, 1, 1, 2, 3, 0, 0)
    deal_card(game, 1, D.MONOPOLY)
    public = game.view(None)
    assert "hand" not in public and "dev_hand" not in public
    assert public["players"][1]["cards"] == 6 and public["players"][1]["dev_cards"] == 1
    own = game.view(1)
    assert own["hand"] == [1, 2, 3, 0, 0] and own["dev_hand"] == {"monopoly": 1}
    assert game.view(2)["hand"] == [0] * 5
    json.dumps(public)


def test_words_and_menus():
    game = GAME.new(3, {"board": "beginner"}, seed=4)
    assert "Alice" in game.status(NAMES) and "settlement" in game.status(NAMES)
    groups = dict(game.move_groups(0))
    assert "Setup settlement" in groups
    game = blank()
    settle(game, 0, 24)
    road(game, 0, "24-30")
    give(game, 0, 2, 2, 1, 1, 1)
    groups = dict(game.move_groups(0))
    assert "Build road" in groups and "Development cards" in groups and "Offer to players" in groups
    # buy card is legal, but a public button would tell the channel the hand holds wool, grain and ore
    assert "buy card" in game.legal_moves(0) and game.quick_moves(0) == ["end"]
    assert "buy card" in dict(game.move_groups(0))["Development cards"]
    flat = [m for _, moves in game.move_groups(0) for m in moves]
    assert sorted(flat) == sorted(game.legal_moves(0))
    game.phase = "roll"
    assert game.quick_moves(0) == ["roll"]
    assert "lumber" in game.private_text(0, NAMES)
    help_text = GAME.rules_help()
    for word in ("robber K steal 2", "confirm 1 3", "12-17", "designed", "Longest Road"):
        assert word in help_text
    game.phase = "main"
    game.play(0, "road 30-35")
    assert game.describe_move(0, "road 30-35", NAMES).startswith("Alice")


def test_bad_input_is_refused_without_change():
    game = blank()
    before = json.dumps(game.dump(), sort_keys=True)
    for text in ("", "fly", "road", "road 1-54", "road x-y", "settlement 99", "city", "robber Z",
                 "trade wool", "offer for", "accept x", "confirm 1", "discard 1 wool", "year of plenty",
                 "monopoly gold", "roll twice", "end now", "buy house"):
        with pytest.raises(IllegalMove):
            game.play(0, text)
    with pytest.raises(IllegalMove):
        game.play(9, "end")
    assert json.dumps(game.dump(), sort_keys=True) == before


def test_offers_and_counters_are_told_from_the_offerers_side():
    """Bob offers 1 lumber for 1 brick; a counter that asks for the opposite must not read like it."""
    game = blank(3)
    give(game, 0, 1, 0, 0, 0, 0)
    give(game, 1, 1, 1, 0, 0, 0)
    game.play(0, "offer 1 lumber for 1 brick")
    assert "Alice gives 1 lumber, gets 1 brick" in game.describe_move(0, "offer 1 lumber for 1 brick", NAMES)
    # Bob gives his lumber and asks for Alice's brick... she has none: the opposite trade
    assert game.canonical(1, "counter 1 1 lumber for 1 brick") == "counter 1 give 1 lumber get 1 brick"
    game.play(1, "counter 1 give 1 lumber get 1 brick")
    told = game.describe_move(1, "counter 1 give 1 lumber get 1 brick", NAMES)
    assert told == "Bob counters offer #1: Alice gives 1 brick, gets 1 lumber."
    status = game.status(NAMES)
    assert "#1 Alice gives 1 lumber, gets 1 brick (counter by Bob: Alice gives 1 brick, gets 1 lumber)" in status
    with pytest.raises(IllegalMove, match="give <your cards> get"):
        game.play(1, "counter 1 give 1 lumber")
    # the older notation means the same as before: the answerer's cards first
    older = blank(3)
    give(older, 0, 1, 0, 0, 0, 0)
    give(older, 1, 1, 1, 0, 0, 0)
    older.play(0, "offer 1 lumber for 1 brick")
    older.play(1, "counter 1 1 lumber for 1 brick")
    assert older.offers[0]["answers"] == game.offers[0]["answers"]


def test_refusals_name_seats_for_the_service_to_fill():
    game = blank(3)
    with pytest.raises(IllegalMove) as info:
        game.play(1, "roll")
    assert fill_names(str(info.value), NAMES) == "It is Alice's turn."
    give(game, 0, 0, 0, 1, 0, 0)
    give(game, 1, 0, 0, 0, 0, 1)
    game.play(0, "offer 1 wool for 1 ore")
    game.play(1, "accept 1")
    game.play(0, "confirm 1 2")
    with pytest.raises(IllegalMove) as info:
        game.play(2, "accept 1")
    assert fill_names(str(info.value), NAMES) == "offer #1 closed when Alice traded it with Bob."


def test_the_end_reveals_each_players_points_by_source():
    rng = random.Random(3)
    game = GAME.new(3, {}, 9)
    while not game.is_over():
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    view = game.view(None)
    for seat, info in enumerate(view["players"]):
        assert sum(points for _, points in info["final_sources"]) == info["final_points"] == game.total_points(seat)
        cards = game.devs[seat][D.VICTORY]
        assert (["VP cards", cards] in info["final_sources"]) == bool(cards)
    winner = game.winner
    assert game.score_breakdown(winner).startswith(f"{game.pieces[winner][1]} settlement")
    assert "victory point card" in " ".join(game.score_breakdown(s) for s in range(3))  # this seed has some


def test_a_text_played_before_meets_the_same_checks_as_a_new_one():
    """`play` takes a text it has read before straight to its move; the seat and the end of the
    game are still checked first, and the move's own checks still refuse it out of turn."""
    game = GAME.new(2, {}, 3)
    while game.phase == "setup":
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, random.Random(0)))
    other = 1 - game.current
    before = game.dump()
    for seat, reason in ((other, "turn"), (5, "no such seat"), (-1, "no such seat")):
        with pytest.raises(IllegalMove, match=reason):
            game.play(seat, "roll")
    assert game.dump() == before
    game.play(game.current, "roll")  # read before, played now
    game.phase, game.winner = "over", 0
    with pytest.raises(IllegalMove, match="The game is over"):
        game.play(game.current, "end")


def test_an_offer_number_typed_with_its_hash_is_kept_as_the_engine_writes_it():
    """`cancel #1` plays as `cancel 1`, and the log keeps `cancel 1`: the text `legal_moves` lists."""
    game = blank(3)
    give(game, 0, 1, 0, 0, 0, 0)
    give(game, 1, 0, 1, 0, 0, 0)
    game.play(0, "offer 1 lumber for 1 brick")
    assert game.canonical(1, "accept #1") == "accept 1" and "accept 1" in game.legal_moves(1)
    assert game.canonical(1, "decline #1") == "decline 1"
    assert game.canonical(0, "cancel #1") == "cancel 1" and "cancel 1" in game.legal_moves(0)
    game.play(1, "accept #1")
    assert game.canonical(0, "confirm #1 2") == "confirm 1 2" and "confirm 1 2" in game.legal_moves(0)

"""The sea layouts of Pioneer's Isle (../shared/rules/pioneers-voyages.md), scenario by scenario:
each test names the bullet of the design it holds to, and fails if that rule breaks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.base import IllegalMove
from games.pioneers import GAME, IslesGame, PioneersGame, ShoresGame
from games.pioneers import board as B
from games.pioneers import data as D
from games.pioneers.sea import SeaGame
from tests.games.pioneers_sea_helpers import (
    after_setup,
    bare,
    coast_start,
    edge,
    give,
    hex_edges,
    node,
    path,
    settle,
    ship,
)

NAMES = ["ann", "ben", "cleo", "dmitri"]


# -- the lobby -------------------------------------------------------------------------------
def test_the_layouts_are_choices_of_the_board_option_off_by_default():
    assert GAME.new(3, {}, 1).LAYOUT == ""
    assert type(GAME.new(3, {"board": "shores"}, 1)) is ShoresGame
    assert type(GAME.new(2, {"board": "isles"}, 1)) is IslesGame
    spec = next(spec for spec in GAME.options if spec.name == "board")
    assert spec.default == "random" and {"random", "beginner", "shores", "isles"} <= set(spec.choices)


def test_shores_takes_three_or_four_players_and_isles_two_to_four():
    with pytest.raises(IllegalMove, match="3 to 4"):
        GAME.new(2, {"board": "shores"}, 1)
    for players in (3, 4):
        GAME.new(players, {"board": "shores"}, 1)
    for players in (2, 3, 4):
        GAME.new(players, {"board": "isles"}, 1)


def test_the_target_is_14_on_a_sea_layout_unless_the_host_sets_it():
    assert GAME.new(3, {"board": "shores"}, 1).opts["target"] == 14
    assert GAME.new(3, {"board": "isles"}, 1).opts["target"] == 14
    assert GAME.new(3, {"board": "shores", "target": "10"}, 1).opts["target"] == 10
    assert GAME.new(3, {"board": "isles", "Target": "12"}, 1).opts["target"] == 12
    assert GAME.new(3, {}, 1).opts["target"] == 10  # the island keeps its 10


def test_the_other_lobby_options_hold_on_a_sea_layout():
    game = GAME.new(3, {"board": "shores", "discard_limit": "9", "friendly_robber": "on"}, 1)
    assert game.opts["discard_limit"] == 9 and game.opts["friendly_robber"] is True
    assert game.protected(0)


def test_the_stored_options_load_as_the_same_layout():
    game = after_setup("isles", 2)
    loaded = PioneersGame.load(game.dump())
    assert type(loaded) is IslesGame and loaded.dump() == game.dump()
    assert type(ShoresGame.load(game.dump())) is IslesGame


@pytest.mark.parametrize("board", D.SEA_BOARDS)
def test_each_group_of_islands_is_dealt_its_own_mix_and_six_and_eight_never_touch(board):
    layout = D.SEA_LAYOUTS[board]
    geometry = B.SEA_GEOMETRY[board]
    for seed in range(30):
        game = GAME.new(4, {"board": board}, seed)
        for group, mix in layout["mix"].items():
            hexes = [h for h in geometry.land_hexes if layout["groups"][geometry.island[h]] == group]
            dealt = Counter(game.terrain[h] for h in hexes)
            assert [dealt[kind] for kind in (0, 1, 2, 3, 4, D.DESERT, D.GOLD)] == list(mix)
        assert sorted(n for n in game.numbers if n) == sorted(layout["tokens"])
        for h in range(geometry.hex_count):
            if game.numbers[h] in (6, 8):
                assert all(game.numbers[o] not in (6, 8) for o in geometry.hex_neighbours[h])


def test_gold_fields_stand_on_outer_islands():
    for seed in range(20):
        game = GAME.new(3, {"board": "shores"}, seed)
        gold = [h for h, kind in enumerate(game.terrain) if kind == D.GOLD]
        assert len(gold) == 2 and all(game.GEOMETRY.island[h] != "h" for h in gold)


# -- sea hexes and ships ------------------------------------------------------------------
def test_sea_hexes_produce_nothing_and_never_hold_a_number():
    game = GAME.new(3, {"board": "shores"}, 3)
    for h in game.GEOMETRY.sea_hexes:
        assert game.terrain[h] == D.SEA and game.numbers[h] == 0


def test_a_ship_costs_lumber_and_wool_and_continues_from_a_coastal_settlement():
    game = bare()
    corner, first, second = coast_start(game)
    settle(game, 0, corner)
    assert f"ship {first}" not in game.legal_moves(0)  # no lumber, no wool
    give(game, 0, lumber=1, wool=1)
    assert f"ship {first}" in game.legal_moves(0)
    assert f"ship {second}" not in game.legal_moves(0)  # not yet joined to anything of the seat's
    game.play(0, f"ship {first}")
    assert game.hands[0] == [0] * 5 and game.ship_owner[edge(game, first)] == 0
    give(game, 0, lumber=1, wool=1)
    game.play(0, f"ship {second}")  # a ship continues from the seat's ship
    with pytest.raises(IllegalMove, match="costs 1 lumber and 1 wool"):
        game.play(0, "ship " + game.EDGE_LABELS[game.ship_spots(0)[0]])


def test_a_ship_never_continues_a_road_and_a_road_never_continues_a_ship():
    game = bare()
    corner, first, second = coast_start(game)
    geometry = game.GEOMETRY
    far = next(x for x in geometry.edge_nodes[edge(game, first)] if x != node(corner))
    settle(game, 0, corner)
    give(game, 0, lumber=5, wool=5, brick=5)
    game.play(0, f"ship {first}")
    # a road on a coastal edge at the far end of the ship would continue the ship: refused
    coastal = [e for e in geometry.node_edges[far] if geometry.land_edges[e] and game.ship_owner[e] == -1]
    for e in coastal:
        assert f"road {game.EDGE_LABELS[e]}" not in game.legal_moves(0)
    # from a road's end (no building there), no ship may leave
    other = bare()
    n = next(n for n in geometry.land_nodes if geometry.node_island[n] == "h"
             and any(geometry.sea_edges[e] and not geometry.land_edges[e] for e in geometry.node_edges[n])
             and any(geometry.land_edges[e] for e in geometry.node_edges[n]))
    land_edge = next(e for e in geometry.node_edges[n] if geometry.land_edges[e])
    other.edge_owner[land_edge] = 0
    give(other, 0, lumber=1, wool=1)
    assert not any(m.startswith("ship ") for m in other.legal_moves(0))


def test_a_ship_needs_water_and_a_road_land_and_a_coastal_edge_holds_one_of_them():
    game = bare()
    geometry = game.GEOMETRY
    inland = next(e for e in range(geometry.edge_count) if not geometry.sea_edges[e])
    open_sea = next(e for e in range(geometry.edge_count) if not geometry.land_edges[e])
    give(game, 0, lumber=3, wool=3, brick=3)
    with pytest.raises(IllegalMove, match="inland"):
        game.play(0, f"ship {game.EDGE_LABELS[inland]}")
    with pytest.raises(IllegalMove, match="open sea"):
        game.play(0, f"road {game.EDGE_LABELS[open_sea]}")
    corner, _first, _second = coast_start(game)
    settle(game, 0, corner)
    coastal = next(e for e in geometry.node_edges[node(corner)] if geometry.land_edges[e] and geometry.sea_edges[e])
    label = game.EDGE_LABELS[coastal]
    assert f"road {label}" in game.legal_moves(0) and f"ship {label}" in game.legal_moves(0)
    game.play(0, f"ship {label}")
    assert f"road {label}" not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="ship"):
        game.play(0, f"road {label}")


def test_each_player_has_15_ships():
    game = bare()
    corner, first, _second = coast_start(game)
    settle(game, 0, corner)
    spare = [e for e in range(game.EDGE_COUNT) if not game.GEOMETRY.land_edges[e] and e != edge(game, first)]
    for e in spare[:14]:
        game.ship_owner[e] = 0
    give(game, 0, lumber=2, wool=2)
    game.play(0, f"ship {first}")  # the 15th
    assert game.view(None)["players"][0]["ships_left"] == 0
    assert not any(m.startswith("ship ") for m in game.legal_moves(0))
    with pytest.raises(IllegalMove, match="All 15"):
        game.play(0, "ship " + game.EDGE_LABELS[game.ship_spots(0)[0]])


def test_setup_may_place_a_ship_beside_a_coastal_starting_settlement():
    game = GAME.new(3, {"board": "shores"}, 2)
    corner, first, _second = coast_start(game)
    game.play(0, f"settlement {corner}")
    assert f"ship {first}" in game.legal_moves(0)
    game.play(0, f"ship {first}")
    assert game.ship_owner[edge(game, first)] == 0 and game.current == 1


def test_starts_on_shores_are_on_the_home_island_and_on_isles_anywhere():
    shores = GAME.new(3, {"board": "shores"}, 1)
    islands = {shores.GEOMETRY.node_island[int(m.split()[1]) - 1] for m in shores.legal_moves(0)}
    assert islands == {"h"}
    outer = next(n for n in shores.GEOMETRY.land_nodes if shores.GEOMETRY.node_island[n] == "1")
    with pytest.raises(IllegalMove, match="home island"):
        shores.play(0, f"settlement {outer + 1}")
    isles = GAME.new(2, {"board": "isles"}, 1)
    islands = {isles.GEOMETRY.node_island[int(m.split()[1]) - 1] for m in isles.legal_moves(0)}
    assert islands == {"a", "b", "c", "d", "e"}


# -- moving ships ----------------------------------------------------------------------------
def _two_ships(game: SeaGame) -> tuple[int, str, str]:
    corner, first, second = coast_start(game)
    settle(game, 0, corner)
    ship(game, 0, first)
    ship(game, 0, second)
    return corner, first, second


def test_one_open_ended_ship_moves_once_a_turn_to_where_a_ship_could_be_built():
    game = bare()
    _corner, first, second = _two_ships(game)
    moves = [m for m in game.legal_moves(0) if m.startswith("move ship")]
    assert moves and all(m.startswith(f"move ship {second} to ") for m in moves)  # the open end only
    target = moves[0].split()[-1]
    game.play(0, moves[0])
    assert game.ship_owner[edge(game, second)] == -1 and game.ship_owner[edge(game, target)] == 0
    assert not any(m.startswith("move ship") for m in game.legal_moves(0))
    with pytest.raises(IllegalMove, match="already moved"):
        game.play(0, f"move ship {target} to {second}")
    game.play(0, "end")
    game.phase, game.current = "main", 0  # the seat's next turn, after its roll
    assert any(m.startswith("move ship") for m in game.legal_moves(0))


def test_a_ship_linking_two_of_the_owners_pieces_or_built_this_turn_does_not_move():
    game = bare()
    corner, first, second = _two_ships(game)
    with pytest.raises(IllegalMove, match="both ends"):
        game.play(0, f"move ship {first} to {game.EDGE_LABELS[game.ship_spots(0)[0]]}")
    give(game, 0, lumber=1, wool=1)
    third = game.EDGE_LABELS[next(e for e in game.ship_spots(0)
                                  if set(game.EDGE_NODES[e]) & set(game.EDGE_NODES[edge(game, second)]))]
    game.play(0, f"ship {third}")
    assert not any(m.startswith(f"move ship {third}") for m in game.legal_moves(0))
    with pytest.raises(IllegalMove, match="built this turn"):
        game.play(0, f"move ship {third} to {game.EDGE_LABELS[game.ship_spots(0)[0]]}")
    assert not any(m.startswith(f"move ship {second}") for m in game.legal_moves(0))  # no longer an end


def test_a_ship_may_not_move_before_the_roll():
    game = bare()
    _two_ships(game)
    move = next(m for m in game.legal_moves(0) if m.startswith("move ship"))
    game.phase = "roll"
    assert not any(m.startswith("move ship") for m in game.legal_moves(0))
    with pytest.raises(IllegalMove, match="Not now"):
        game.play(0, move)


# -- Road Building and the trade route ------------------------------------------------------------
def test_road_building_places_any_two_of_roads_and_ships():
    game = bare()
    corner, first, second = coast_start(game)
    settle(game, 0, corner)
    game.devs[0][D.ROAD_BUILDING] = 1
    game.play(0, "road building")
    moves = game.legal_moves(0)
    assert f"ship {first}" in moves and any(m.startswith("road ") for m in moves)
    game.play(0, f"ship {first}")
    assert game.phase == "roads"
    game.play(0, f"ship {second}")
    assert game.phase == "main" and game.hands[0] == [0] * 5


def test_road_building_with_only_ships_to_place_is_playable():
    game = bare()
    corner, first, _second = coast_start(game)
    settle(game, 0, corner)
    game.pieces[0][0] = D.ROADS  # every road on the board
    game.devs[0][D.ROAD_BUILDING] = 1
    assert "road building" in game.legal_moves(0)


def test_the_longest_route_counts_roads_and_ships_joined_at_the_owners_settlement():
    game = bare()
    corner, first, second = coast_start(game)
    settle(game, 0, corner)
    ship(game, 0, first)
    ship(game, 0, second)
    # three roads in a line from the same corner
    for step in path(game, node(corner), 3):
        game.edge_owner[step] = 0
    assert game.longest_road_of(0) == 5
    game._route_changed(0)
    assert game.road_holder == 0 and game.visible_points(0) == 1 + D.TITLE_POINTS
    # without the settlement between them, the road and the ship do not join
    game.node_owner[node(corner)] = -1
    assert game.longest_road_of(0) == 3


def test_a_ship_at_the_end_of_a_road_does_not_lengthen_it():
    game = bare()
    corner, first, second = coast_start(game)
    for step in path(game, node(corner), 2):
        game.edge_owner[step] = 0
    ship(game, 0, first)
    ship(game, 0, second)
    assert game.longest_road_of(0) == 2
    settle(game, 0, corner)
    assert game.longest_road_of(0) == 4


# -- the pirate ------------------------------------------------------------------------------
def test_the_pirate_starts_on_the_layouts_sea_hex_and_the_robber_on_land():
    for board in D.SEA_BOARDS:
        game = GAME.new(4, {"board": board}, 5)
        row, col = D.SEA_LAYOUTS[board]["pirate"]
        assert game.pirate == row * len(D.SEA_LAYOUTS[board]["rows"][0].split()) + col
        assert game.GEOMETRY.sea[game.pirate] and not game.GEOMETRY.sea[game.robber]
        assert game.view(None)["pirate"].startswith("S")


def test_a_seven_moves_the_robber_on_land_or_the_pirate_at_sea():
    game = bare()
    game.phase = "robber"
    moves = game.legal_moves(0)
    robber = {m.split()[1] for m in moves if m.startswith("robber")}
    pirate = {m.split()[1] for m in moves if m.startswith("pirate")}
    labels = game.HEX_LABELS
    assert robber == {labels[h] for h in game.GEOMETRY.land_hexes if h != game.robber}
    assert pirate == {labels[h] for h in game.GEOMETRY.sea_hexes if h != game.pirate}
    with pytest.raises(IllegalMove, match="stays on land"):
        game.play(0, f"robber {labels[game.GEOMETRY.sea_hexes[0]]}")
    with pytest.raises(IllegalMove, match="sails the sea"):
        game.play(0, f"pirate {labels[game.GEOMETRY.land_hexes[0]]}")
    game.play(0, sorted(pirate)[0].join(["pirate ", ""]))
    assert game.phase == "main" and game.robber == GAME.new(3, {"board": "shores"}, 1).robber


def test_no_ship_is_built_or_moved_on_the_pirates_edges():
    game = bare()
    corner, first, second = coast_start(game)
    settle(game, 0, corner)
    give(game, 0, lumber=2, wool=2)
    hex_index = next(h for h in game.GEOMETRY.edge_hexes[edge(game, first)] if game.GEOMETRY.sea[h])
    game.pirate = hex_index
    assert f"ship {first}" not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="pirate"):
        game.play(0, f"ship {first}")
    # an open-ended ship on its edges stays put, and no ship moves onto them
    ship(game, 0, first)
    elsewhere = next(h for h in game.GEOMETRY.sea_hexes if h != hex_index
                     and first not in hex_edges(game, h) and second not in hex_edges(game, h))
    game.pirate = elsewhere
    away = next(m for m in game.legal_moves(0) if m.startswith(f"move ship {first} to "))
    game.pirate = hex_index
    assert not any(m.startswith(f"move ship {first}") for m in game.legal_moves(0))
    with pytest.raises(IllegalMove, match="pirate"):
        game.play(0, away)
    ship(game, 0, second)
    game.pirate = elsewhere
    aways = [m for m in game.legal_moves(0) if m.startswith(f"move ship {second} to ")]
    away, game.pirate = next((m, h) for m in aways for h in game.GEOMETRY.sea_hexes
                             if m.split()[-1] in hex_edges(game, h) and second not in hex_edges(game, h))
    assert away not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="could not be built"):
        game.play(0, away)


def test_the_pirate_steals_from_a_ship_owner_beside_it_and_the_owner_is_chosen():
    game = bare()
    sea_hex = next(h for h in game.GEOMETRY.sea_hexes if h != game.pirate)
    edges = hex_edges(game, sea_hex)
    ship(game, 1, edges[0])
    ship(game, 2, edges[3])
    give(game, 1, ore=1)
    give(game, 2, grain=1)
    game.phase = "robber"
    label = game.HEX_LABELS[sea_hex]
    moves = [m for m in game.legal_moves(0) if m.split()[:2] == ["pirate", label]]
    assert moves == [f"pirate {label} steal 2", f"pirate {label} steal 3"]
    with pytest.raises(IllegalMove, match="Choose whom to rob"):
        game.play(0, f"pirate {label}")
    game.play(0, f"pirate {label} steal 3")
    assert game.hands[0] == [0, 0, 0, 1, 0] and game.hands[2] == [0] * 5 and game.pirate == sea_hex
    words = game.describe_move(0, f"pirate {label} steal 3", NAMES)
    assert "pirate" in words and "cleo" in words and "grain" not in words


def test_the_friendly_robber_protects_the_same_players_from_the_pirate():
    game = bare(options={"friendly_robber": "on"})
    sea_hex = next(h for h in game.GEOMETRY.sea_hexes if h != game.pirate)
    ship(game, 1, hex_edges(game, sea_hex)[0])
    give(game, 1, ore=1)
    game.phase = "robber"
    label = game.HEX_LABELS[sea_hex]
    assert not any(m.split()[:2] == ["pirate", label] for m in game.legal_moves(0))
    with pytest.raises(IllegalMove, match="friendly"):
        game.play(0, f"pirate {label} steal 2")
    settle(game, 1, 1)  # three visible points: no longer protected
    game.pieces[1][1] += 2
    assert f"pirate {label} steal 2" in game.legal_moves(0)


# -- gold ------------------------------------------------------------------------------------
def _gold_game() -> tuple[SeaGame, int]:
    game = bare()
    gold = next(h for h, kind in enumerate(game.terrain) if kind == D.GOLD)
    return game, gold


def test_gold_pays_a_settlement_one_card_and_a_city_two_of_the_owners_choice_in_turn_order():
    game, gold = _gold_game()
    corners = game.HEX_NODES[gold]
    settle(game, 2, corners[0] + 1)
    settle(game, 1, corners[3] + 1, level=2)
    game.phase = "roll"
    number = game.numbers[gold]
    while True:  # a roll of the gold field's number, drawn by the game's own dice
        trial = game.copy()
        trial.play(0, "roll")
        if sum(trial.dice) == number:
            game = trial
            break
        game.rng.randint(0, 35)
    assert game.phase == "gold" and game.to_act() == [1]  # after the roller, in turn order
    assert game.legal_moves(2) == []
    moves = game.legal_moves(1)
    assert "gold 2 ore" in moves and "gold 1 lumber 1 ore" in moves and all(m.startswith("gold ") for m in moves)
    with pytest.raises(IllegalMove, match="exactly 2"):
        game.play(1, "gold 1 ore")
    game.play(1, "gold 1 lumber 1 ore")
    assert "ben took 1 lumber 1 ore" in game.describe_move(1, "gold 1 lumber 1 ore", NAMES)  # public
    assert game.to_act() == [2] and len(game.legal_moves(2)) == 5
    game.play(2, "gold 1 wool")
    assert game.phase == "main" and game.hands[1][4] == 1 and game.hands[2][2] == 1


def test_a_robber_on_a_gold_field_stops_it():
    game, gold = _gold_game()
    settle(game, 1, game.HEX_NODES[gold][0] + 1)
    game.robber = gold
    game._produce(game.numbers[gold])
    assert game.gold_owed == {}


# -- discovery -----------------------------------------------------------------------------------
def test_the_first_settlement_on_a_new_island_gives_two_public_points_once():
    game = bare()
    game.starts = [["h"], ["h"], ["h"]]
    outer = [n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] == "1"]
    far = [n for n in outer if all(abs(n - o) > 0 for o in outer[:1])
           and all(x not in game.NODE_NEIGHBOURS[outer[0]] for x in (n,)) and n != outer[0]]
    coast = next(e for e in game.NODE_EDGES[outer[0]] if game.GEOMETRY.sea_edges[e])
    game.ship_owner[coast] = 0
    give(game, 0, lumber=2, brick=2, wool=2, grain=2)
    before = game.visible_points(0)
    game.play(0, f"settlement {outer[0] + 1}")
    assert game.visible_points(0) == before + 1 + D.DISCOVERY_POINTS
    assert game.view(None)["players"][0]["discovery_points"] == D.DISCOVERY_POINTS
    assert game.view(None)["discoveries"] == [[outer[0] + 1, 0, "1"]]
    assert "discover" in game.describe_move(0, f"settlement {outer[0] + 1}", NAMES)
    second = next(n for n in far if game._free_spot(n))
    game.ship_owner[next(e for e in game.NODE_EDGES[second] if game.GEOMETRY.sea_edges[e])] = 0
    game.play(0, f"settlement {second + 1}")
    assert game.visible_points(0) == before + 2 + D.DISCOVERY_POINTS  # once per island


def test_the_discovery_flag_stays_beside_the_settlement_that_earned_it():
    """A later settlement of the same seat on that island, on a lower corner, does not take the
    flag; a table stored before the corner was kept shows it where it was drawn then."""
    game = bare()
    game.starts = [["h"], ["h"], ["h"]]
    coastal = [n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] == "1"
               and any(game.GEOMETRY.sea_edges[e] for e in game.NODE_EDGES[n])]
    high = coastal[-1]
    low = next(n for n in coastal if n < high and n not in game.NODE_NEIGHBOURS[high])
    for corner in (high, low):
        game.ship_owner[next(e for e in game.NODE_EDGES[corner] if game.GEOMETRY.sea_edges[e])] = 0
    give(game, 0, lumber=2, brick=2, wool=2, grain=2)
    game.play(0, f"settlement {high + 1}")
    game.play(0, f"settlement {low + 1}")
    assert game.view(None)["discoveries"] == [[high + 1, 0, "1"]]
    again = type(game).load(game.dump())
    assert again.view(None)["discoveries"] == [[high + 1, 0, "1"]]
    stored = game.dump()
    del stored["state"]["discovered_at"]
    assert GAME.load(stored).view(None)["discoveries"] == [[low + 1, 0, "1"]]


def test_on_isles_an_island_is_new_to_a_player_who_did_not_start_there():
    game = after_setup("isles", 2, seed=4)
    for seat in range(2):
        islands = {game.GEOMETRY.node_island[n] for n in range(game.NODE_COUNT) if game.node_owner[n] == seat}
        assert set(game.starts[seat]) == islands
    assert all(not found for found in game.discovered)


def test_discovery_points_count_toward_the_target():
    game = bare(options={"target": "4"})
    game.starts = [["h"], ["h"], ["h"]]
    settle(game, 0, next(n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] == "h") + 1)
    outer = next(n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] == "2")
    game.ship_owner[next(e for e in game.NODE_EDGES[outer] if game.GEOMETRY.sea_edges[e])] = 0
    give(game, 0, lumber=1, brick=1, wool=1, grain=1)
    game.play(0, f"settlement {outer + 1}")
    assert game.is_over() and game.winner == 0 and game.total_points(0) == 4
    assert "discovered" in game.score_breakdown(0)


# -- what players see ------------------------------------------------------------------------
def test_the_view_shows_ships_the_pirate_gold_and_unclaimed_islands():
    game = after_setup("shores", 3)
    view = game.view(None)
    assert {h["res"] for h in view["board"]["hexes"]} >= {"sea", "gold"}
    assert view["islands"] == {"1": False, "2": False, "3": False, "4": False, "h": True}
    assert all(len(pair) == 2 for pair in view["ships"])


def test_random_games_on_each_layout_finish():
    for board, players in (("shores", 3), ("isles", 2)):
        rng = random.Random(players)
        game = GAME.new(players, {"board": board}, players)
        for _ in range(30000):
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
        assert game.is_over()


# -- the notation ----------------------------------------------------------------------------
def test_the_sea_examples_of_the_rules_help_are_real_moves():
    from games.pioneers.help import SEA_EXAMPLES

    text = GAME.rules_help()
    for examples in SEA_EXAMPLES.values():
        for example in examples:
            assert f"`{example}`" in text
    for value in (D.SHIPS, D.DISCOVERY_POINTS, "14", "shores", "isles"):
        assert str(value) in text
    for note in D.SEA_NOTES:
        assert note in text
    game = GAME.new(3, {"board": "shores"}, 1)
    for move in SEA_EXAMPLES["setup"]:
        assert move in game.legal_moves(0)
        game.play(0, move)
    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    give(game, 0, lumber=1, wool=1)
    (build,) = SEA_EXAMPLES["build"]
    assert build in game.legal_moves(0)
    game.play(0, build)
    game.built_ships = []  # a turn later
    (move,) = SEA_EXAMPLES["move"]
    assert move in game.legal_moves(0)
    game.play(0, move)
    ship(game, 1, "13-23")
    give(game, 1, ore=1)
    game.phase = "robber"
    for pirate in SEA_EXAMPLES["pirate"]:
        assert pirate in game.legal_moves(0)
    game.play(0, SEA_EXAMPLES["pirate"][0])
    gold = bare()
    gold.phase, gold.gold_owed = "gold", {0: 2}
    (choice,) = SEA_EXAMPLES["gold"]
    assert choice in gold.legal_moves(0)
    gold.play(0, choice)


def test_sea_moves_read_leniently_and_are_logged_canonically():
    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    ship(game, 0, "2-12")
    give(game, 0, lumber=1, wool=1)
    assert game.canonical(0, "SHIP  22-32") == "ship 22-32"
    assert game.canonical(0, "ship 32-22") == "ship 22-32"
    assert game.canonical(0, "move ship 12-2 to 12-3") == "move ship 2-12 to 3-12"
    game.phase = "robber"
    assert game.canonical(0, "pirate s25") == "pirate S25"
    for text in ("ship", "ship 1-99", "move ship 2-12", "move ship 2-12 3-12", "pirate", "pirate Q9",
                 "pirate S3 steal x", "gold", "gold 1 mud"):
        with pytest.raises(IllegalMove):
            game.play(0, text)
    with pytest.raises(IllegalMove, match="is not a move"):
        PioneersGame.new(3, {}, 1).play(0, "ship 1-2")  # the island has no ships


# -- hidden information and take-back -------------------------------------------------------------
def test_a_ship_built_or_moved_may_be_taken_back_and_a_pirate_steal_may_not():
    game = bare()
    settle(game, 0, 22)
    give(game, 0, lumber=2, wool=2)
    before = game.copy()
    game.play(0, "ship 12-22")
    assert game.can_take_back(before, 0, "ship 12-22")
    ship(game, 0, "2-12")
    before = game.copy()
    game.play(0, "move ship 2-12 to 3-12")
    assert game.can_take_back(before, 0, "move ship 2-12 to 3-12")
    ship(game, 1, "13-23")
    give(game, 1, ore=1)
    game.phase = "robber"
    before = game.copy()
    game.play(0, "pirate S3 steal 2")
    assert not game.can_take_back(before, 0, "pirate S3 steal 2")  # a card was drawn from a hand
    game.phase = "robber"
    before = game.copy()
    game.play(0, "pirate S24")
    assert game.can_take_back(before, 0, "pirate S24")  # nobody robbed: nothing drawn


def test_a_pirate_steal_shows_the_card_to_the_thief_and_the_robbed_alone():
    seen = []
    for card in ("ore", "grain"):
        game = bare()
        ship(game, 1, "13-23")
        give(game, 1, **{card: 1})
        game.phase = "robber"
        game.play(0, "pirate S3 steal 2")
        seen.append([game.describe_move(0, "pirate S3 steal 2", NAMES), game.status(NAMES), game.view(None),
                     game.view(2), game.private_text(2, NAMES)])
        assert f"stole 1 {card}" in game.private_text(0, NAMES) and f"stole 1 {card}" in game.private_text(1, NAMES)
    assert seen[0] == seen[1]  # what a robber steal shows, and no more


def test_a_ship_move_shows_nothing_hidden():
    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    ship(game, 0, "2-12")
    give(game, 0, lumber=1, brick=2, ore=3)
    other = game.copy()
    other.hands[0] = [2, 0, 0, 3, 1]  # another hand of the same size
    for position in (game, other):
        position.play(0, "move ship 2-12 to 3-12")
    assert game.describe_move(0, "move ship 2-12 to 3-12", NAMES) == \
        other.describe_move(0, "move ship 2-12 to 3-12", NAMES)
    assert game.view(None) == other.view(None) and game.status(NAMES) == other.status(NAMES)


def test_a_settlement_joining_a_road_to_a_ship_lengthens_the_owners_route_at_once():
    game = bare()
    corner, first, second = coast_start(game)
    for step in path(game, node(corner), 3):
        game.edge_owner[step] = 0
    ship(game, 0, first)
    ship(game, 0, second)
    game._route_changed(0)
    assert game.road_len[0] == 3
    give(game, 0, lumber=1, brick=1, wool=1, grain=1)
    game.play(0, f"settlement {corner}")
    assert game.road_len[0] == 5 and game.road_holder == 0


def test_the_rules_help_names_each_layouts_pirate_start():
    text = GAME.rules_help()
    for board in D.SEA_BOARDS:
        geometry = B.SEA_GEOMETRY[board]
        assert f"({geometry.hex_labels[geometry.pirate_start]})" in text


# -- the frontiers against a brute-force search ------------------------------------------------
def _brute_route(game: SeaGame, seat: int) -> int:
    """The longest line by trying every line from every corner side: roads and ships apart save
    at the seat's buildings, another player's building ending a line."""
    own = game.node_owner
    pieces = [(e, 0) for e in range(game.EDGE_COUNT) if game.edge_owner[e] == seat]
    pieces += [(e, 1) for e in range(game.EDGE_COUNT) if game.ship_owner[e] == seat]
    links: dict[int, list[tuple[int, int]]] = {}
    for index, (e, kind) in enumerate(pieces):
        a, b = game.EDGE_NODES[e]
        pa, pb = 2 * a + (kind if own[a] != seat else 0), 2 * b + (kind if own[b] != seat else 0)
        links.setdefault(pa, []).append((index, pb))
        links.setdefault(pb, []).append((index, pa))
    cut = {p for p in links if own[p // 2] not in (-1, seat)}

    def walk(port: int, used: frozenset) -> int:
        return max([0] + [1 if other in cut else 1 + walk(other, used | {i})
                          for i, other in links[port] if i not in used])

    return max([0] + [walk(port, frozenset()) for port in links])


def test_the_route_length_and_the_ship_spots_agree_with_a_brute_force_search():
    checked = 0
    for seed in range(4):
        board = ("shores", "isles")[seed % 2]
        rng = random.Random(seed)
        game = GAME.new(3, {"board": board}, seed)
        moves = 0
        while not game.is_over():
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
            moves += 1
            if moves % 150 == 0 and game.phase == "main":
                for other in range(3):
                    assert game.longest_road_of(other) == _brute_route(game, other)
                current = game.current
                trial = game.copy()
                trial.hands[current] = [5] * 5
                listed = {m for m in trial.legal_moves(current) if m.startswith("ship ")}
                playable = set()
                for e in range(game.EDGE_COUNT):
                    attempt = trial.copy()
                    try:
                        attempt.play(current, f"ship {game.EDGE_LABELS[e]}")
                    except IllegalMove:
                        continue
                    playable.add(f"ship {game.EDGE_LABELS[e]}")
                assert listed == playable or trial._ships_left(current) == 0
                checked += 1
    assert checked > 10


def test_harbours_stand_on_coasts_and_trade_as_on_the_island():
    for board in D.SEA_BOARDS:
        game = bare(board, 3)
        geometry = game.GEOMETRY
        assert len(game.HARBOUR_EDGES) == len(B.sea_harbour_kinds(board)) == len(game.harbours)
        for harbour in game.HARBOUR_EDGES:
            assert geometry.land_edges[harbour] and geometry.sea_edges[harbour]
        index = game.harbours.index("any")
        corner = geometry.edge_nodes[game.HARBOUR_EDGES[index]][0]
        game.starts = [[geometry.node_island[corner]]] * 3
        game.ship_owner[next(e for e in game.NODE_EDGES[corner] if geometry.sea_edges[e])] = 0
        give(game, 0, lumber=1, brick=1, wool=1, grain=1)
        game.play(0, f"settlement {corner + 1}")
        assert game.rates[0] == [3] * 5


def test_the_route_drawn_is_one_of_the_longest_and_only_the_seats_pieces():
    checked = 0
    for seed, board in ((1, "shores"), (2, "isles"), (3, "shores"), (4, "isles")):
        game = GAME.new(3 + seed % 2, {"board": board}, seed)
        rng = random.Random(seed)
        for step in range(3000):
            if game.phase == "over":
                break
            seat = (game.awaited_answers() or game.to_act())[0]
            game.play(seat, game.ai_move(seat, rng) if step % 3 else rng.choice(game.legal_moves(seat)))
            if step % 40 == 0:
                for other in range(game.n):
                    route = game.longest_route(other)
                    assert len(route) == game.longest_road_of(other)
                    assert all((game.ship_owner if ship else game.edge_owner)[edge] == other for edge, ship in route)
                    checked += 1
        holder = game.road_holder
        view = game.view(None)
        assert (view["route"] == []) == (holder < 0)
    assert checked > 100

"""The computer players on the sea layouts: they pick gold toward their next build, build ships
toward islands worth settling, move a ship that stands off the way, and use the pirate."""

from __future__ import annotations

import math
import random

import pytest

from games.pioneers import ai as A
from games.pioneers import data as D
from tests.games.pioneers_sea_helpers import bare, give, settle, ship


def sea_steps(game, start: int, island_nodes: set[int]) -> int:
    """Edges at sea from corner `start` to the nearest corner of `island_nodes`."""
    frontier, seen, steps = [start], {start}, 0
    while frontier:
        if any(node in island_nodes for node in frontier):
            return steps
        following = []
        for node in frontier:
            for edge in game.NODE_EDGES[node]:
                if game.GEOMETRY.sea_edges[edge]:
                    for other in game.EDGE_NODES[edge]:
                        if other not in seen:
                            seen.add(other)
                            following.append(other)
        frontier, steps = following, steps + 1
    return 99


def test_gold_is_taken_toward_the_next_build():
    game = bare()
    settle(game, 0, 22)
    give(game, 0, lumber=1, brick=1, wool=1)
    game.ship_owner[game.GEOMETRY.edge_index["12-22"]] = 0
    game.phase, game.gold_owed = "gold", {0: 1}
    assert A.choose(game, 0, random.Random(1)) == "gold 1 grain"  # the settlement's missing card


def test_ships_are_built_toward_an_island_nobody_has_settled():
    game = bare()
    settle(game, 0, 22)
    give(game, 0, lumber=1, wool=1)
    for seat in range(3):
        game.starts[seat] = ["h"]
    game.pieces[0][1] = 2  # as if a second settlement stood elsewhere
    move = A.choose(game, 0, random.Random(1))
    assert move.startswith("ship ")
    edge = game.GEOMETRY.edge_index[move.split()[1]]
    outer = {n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] not in ("h", "")}
    far = max(game.EDGE_NODES[edge], key=lambda n: n != 21)
    assert sea_steps(game, far, outer) < sea_steps(game, 21, outer)


def test_a_ship_standing_off_the_way_is_moved_toward_an_island():
    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    ship(game, 0, "2-12")  # up into the corner of the map, away from every island
    for seat in range(3):
        game.starts[seat] = ["h"]
    move = A.choose(game, 0, random.Random(1))
    assert move.startswith("move ship 2-12 to "), move


def test_the_pirate_is_used_where_it_robs_best():
    game = bare()
    ship(game, 1, "13-23")
    give(game, 1, ore=2)
    game.phase = "robber"
    assert A.choose(game, 0, random.Random(1)) == "pirate S3 steal 2"


def test_the_discovery_of_an_island_weighs_in_a_corner_s_worth():
    game = bare()
    for seat in range(3):
        game.starts[seat] = ["h"]
    home = next(n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] == "h")
    outer = next(n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] == "1")
    plain = game.copy()
    plain.starts = [["h", "1"] for _ in range(3)]
    assert A.node_score(game, 0, outer) - A.node_score(plain, 0, outer) == A.DISCOVERY_WEIGHT
    assert A.node_score(game, 0, home) == A.node_score(plain, 0, home)
    assert D.DISCOVERY_POINTS > 0


def two_ships_from_corner_22():
    """Seat 0 with a settlement on the home island's coast at 22, a line of two ships leaving it
    and a ship's cost in hand; every seat started on the home island."""
    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    ship(game, 0, "2-12")
    game.road_len[0] = game.longest_road_of(0)
    give(game, 0, lumber=1, wool=1)
    for seat in range(3):
        game.starts[seat] = ["h"]
    return game


def test_the_hard_player_weighs_ship_builds_and_moves():
    from games.pioneers import search as S

    game = two_ships_from_corner_22()
    moves = game.legal_moves(0)
    found = S.candidates(game, 0, moves, "end")
    lengthening = S._lengthening(game, 0, [m for m in moves if m.startswith("ship ")])
    assert sum(m.startswith("ship ") for m in found if m not in lengthening) == S.TOP_SHIPS
    assert sum(m.startswith("move ship ") for m in found) == S.TOP_SHIPS


def test_the_hard_player_weighs_the_ship_that_lengthens_its_trade_route_most():
    """A line of two ships from a settlement: the ship at the line's open end makes it three long,
    though it leads nowhere the reach over the water cares for. The race for the title is run with
    ships at sea, so it is weighed; finding it leaves the position as it was."""
    from games.pioneers import search as S

    game = two_ships_from_corner_22()
    moves = game.legal_moves(0)
    before = game.dump()
    assert S._lengthening(game, 0, [m for m in moves if m.startswith("ship ")]) == ["ship 2-11"]
    assert game.dump() == before
    reach = A.sea_reach(game, 0)
    by_reach = sorted((m for m in moves if m.startswith("ship ")),
                      key=lambda m: -A.ship_score(game, 0, game.notation.parse(m).edge, reach))
    assert "ship 2-11" not in by_reach[:S.TOP_SHIPS]
    assert "ship 2-11" in S.candidates(game, 0, moves, "end")


def test_road_building_at_sea_weighs_ships_beside_roads():
    from games.pioneers import search as S

    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    for seat in range(3):
        game.starts[seat] = ["h"]
    game.phase = "roads"
    game.free_roads = 2
    moves = game.legal_moves(0)
    assert any(m.startswith("road ") for m in moves) and any(m.startswith("ship ") for m in moves)
    reach = A.sea_reach(game, 0)
    best = max((m for m in moves if m.startswith("ship ")),
               key=lambda m: A.ship_score(game, 0, game.notation.parse(m).edge, reach))
    normal = next(m for m in moves if m.startswith("road "))
    assert best in S.candidates(game, 0, moves, normal)


def test_the_hard_player_s_judgement_credits_a_ship_nearer_an_unsettled_island():
    from games.pioneers import value as V

    game = bare()
    settle(game, 0, 34)  # on the home island's coast, four edges at sea from the nearest island
    for seat in range(3):
        game.starts[seat] = ["h"]
    outer = {n for n in game.GEOMETRY.land_nodes if game.GEOMETRY.node_island[n] not in ("h", "")}
    judged = {}
    for label in ("25-34", "24-34"):  # toward the island, and off along the coast
        ship(game, 0, label)
        far = next(n for n in game.EDGE_NODES[game.GEOMETRY.edge_index[label]] if n != 33)
        judged[label] = (sea_steps(game, far, outer), V.sea_reach(game, 0), V.win_chance(game, 0))
        game.ship_owner[game.GEOMETRY.edge_index[label]] = -1
    assert judged["25-34"][0] < judged["24-34"][0]
    # one ship nearer the same corner: its worth faded once less
    assert math.isclose(judged["25-34"][1] * V.SEA_FADE, judged["24-34"][1])
    assert judged["25-34"][2] > judged["24-34"][2]


def test_on_the_island_alone_the_judgement_has_no_sea_term(monkeypatch):
    from games.pioneers import value as V
    from games.pioneers.game import PioneersGame

    game = PioneersGame.new(3, {}, 5)
    assert not game.LAYOUT
    calls = []
    monkeypatch.setattr(V, "sea_reach", lambda *args: calls.append(args) or 0.0)
    V.win_chance(game, 0)
    assert calls == []


def _rich_sea_position():
    """Seat 0 on Shores with a settlement, a ship and a hand for many builds, trades and offers."""
    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    settle(game, 1, 45)
    give(game, 0, lumber=4, grain=5, ore=2)
    give(game, 1, lumber=2, grain=2)
    for seat in range(3):
        game.starts[seat] = ["h"]
    return game


def test_on_sea_the_hard_player_weighs_three_offers_and_trades_toward_the_build():
    from games.pioneers import search as S

    game = _rich_sea_position()
    moves = game.legal_moves(0)
    assert sum(m.startswith("offer ") for m in moves) > S.SEA_TOP_OFFERS
    found = S.candidates(game, 0, moves, "end")
    assert sum(m.startswith("offer ") for m in found) == S.SEA_TOP_OFFERS
    _, cost = A.goal(game, 0)
    hand = game.hands[0]
    trades = [A.trade_kinds(m)[1] for m in found if m.startswith("trade ")]
    assert trades and all(hand[get] < cost[get] for get in trades)


def test_on_sea_the_hard_player_stops_judging_when_its_time_is_spent(monkeypatch):
    from games.pioneers import search as S

    judged = []

    def counted(world, seat, move, seed):
        judged.append(move)
        return 0.0

    monkeypatch.setattr(S, "judge", counted)
    monkeypatch.setattr(S, "winning_line", lambda game, seat: None)
    game = _rich_sea_position()
    normal = game.ai_move(0, random.Random(1))
    assert len(S.candidates(game, 0, game.legal_moves(0), normal)) > 2
    assert S.hard_move(game, 0, random.Random(1), budget=0.0) == normal
    assert judged == [normal]  # the heuristic move is always judged; the rest dropped out
    judged.clear()
    S.hard_move(game, 0, random.Random(1), budget=60.0)
    assert len(judged) == len(S.candidates(game, 0, game.legal_moves(0), normal))


def test_on_sea_the_next_turn_is_played_for_a_seven_a_six_and_an_eight():
    from games.pioneers import search as S

    sums = sorted(roll // 6 + roll % 6 + 2 for _, roll in S.SEA_ROLLS)
    assert sums == [6, 7, 8] and sum(chance for chance, _ in S.SEA_ROLLS) == 36
    game = _rich_sea_position()
    turns = []
    original = S._finish_turn
    S._finish_turn = lambda world, turn, rng: (turns.append(turn), original(world, turn, rng))
    try:
        S.judge(game.copy(), 0, "end", 5)
    finally:
        S._finish_turn = original
    assert len(turns) == 1 + len(S.SEA_ROLLS)


def reach_from_each_target(game, seat: int) -> list[float]:
    """The heuristic player's reach as first written: a search of the water from each free corner."""
    geometry = game.GEOMETRY
    owned = A.production(game, seat)
    reach = [0.0] * game.NODE_COUNT
    built = {geometry.node_island[n] for n in range(game.NODE_COUNT) if game.node_owner[n] == seat}
    for target in geometry.land_nodes:
        if geometry.node_island[target] in built or not game._free_spot(target) \
                or not any(geometry.sea_edges[e] for e in game.NODE_EDGES[target]):
            continue
        frontier, seen, value = [target], {target}, A.node_score(game, seat, target, owned)
        while frontier and value > A.REACH_FLOOR:
            for node in frontier:
                reach[node] = max(reach[node], value)
            following = []
            for node in frontier:
                for edge in game.NODE_EDGES[node]:
                    if geometry.sea_edges[edge] and game.edge_owner[edge] == -1 \
                            and game.ship_owner[edge] in (-1, seat):
                        for other in game.EDGE_NODES[edge]:
                            if other not in seen:
                                seen.add(other)
                                following.append(other)
            frontier, value = following, value * A.SEA_FADE
    return reach


@pytest.mark.parametrize("board", ["shores", "isles"])
def test_the_reach_over_the_water_is_the_best_corner_faded_by_the_ships_on_the_way(board):
    """One pass over the water gives every corner what a search from each free corner gave,
    to the last digit, at every seat of positions from whole games with ships about."""
    from games.pioneers.game import PioneersGame

    compared = 0
    for seed in range(3):
        game = PioneersGame.new(3 + seed % 2, {"board": board}, seed)
        rng = random.Random(seed)
        moves = 0
        while game.phase != "over" and moves < 600:
            seat = (game.awaited_answers() or game.to_act())[0]
            game.play(seat, game.ai_move(seat, rng))
            moves += 1
            if moves % 20 == 0:
                for other in range(game.n):
                    assert A.sea_reach(game, other) == reach_from_each_target(game, other)
                    compared += 1
        assert sum(game.ship_owner[e] != -1 for e in range(len(game.ship_owner))) > 0
    assert compared > 100

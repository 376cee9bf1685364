"""The computer players on the sea layouts: they pick gold toward their next build, build ships
toward islands worth settling, move a ship that stands off the way, and use the pirate."""

from __future__ import annotations

import random

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


def test_the_hard_player_weighs_ship_builds_and_moves():
    from games.pioneers import search as S

    game = bare()
    settle(game, 0, 22)
    ship(game, 0, "12-22")
    ship(game, 0, "2-12")
    give(game, 0, lumber=1, wool=1)
    for seat in range(3):
        game.starts[seat] = ["h"]
    moves = game.legal_moves(0)
    found = S.candidates(game, 0, moves, "end")
    assert sum(m.startswith("ship ") for m in found) == S.TOP_SHIPS
    assert sum(m.startswith("move ship ") for m in found) == S.TOP_SHIPS

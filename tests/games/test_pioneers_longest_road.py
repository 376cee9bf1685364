"""The longest road, which the engine searches only from the corners where a road can start,
equals the longest trail found by trying every corner, on random networks with rings, forks
and other players' buildings cutting them."""

from __future__ import annotations

import random

from games.pioneers import GAME
from games.pioneers import board as B


def every_corner(game, seat: int) -> int:
    """The longest trail over `seat`'s roads, tried from every corner: a road may end at another
    player's building but not pass through it."""

    def walk(node: int, used: frozenset) -> int:
        best = 0
        for edge in B.NODE_EDGES[node]:
            if game.edge_owner[edge] == seat and edge not in used:
                a, b = B.EDGE_NODES[edge]
                other = b if a == node else a
                holder = game.node_owner[other]
                length = 1 if holder not in (-1, seat) else 1 + walk(other, used | {edge})
                best = max(best, length)
        return best

    corners = {node for edge in range(B.EDGE_COUNT) if game.edge_owner[edge] == seat for node in B.EDGE_NODES[edge]}
    return max((walk(node, frozenset()) for node in corners), default=0)


def ring(game, seat: int, hex_index: int) -> None:
    corners = B.HEX_NODES[hex_index]
    for index in range(6):
        game.edge_owner[B.edge_between(corners[index], corners[(index + 1) % 6])] = seat


def test_random_networks_match_a_search_from_every_corner():
    rng = random.Random(3)
    empty = GAME.new(4, {}, 1).dump()
    for _ in range(400):
        game = GAME.load(empty)
        seat = rng.randrange(4)
        edge = rng.randrange(B.EDGE_COUNT)
        for _ in range(rng.randrange(2, 20)):
            game.edge_owner[edge] = seat
            if rng.random() < 0.85:  # mostly grow the road from one of its ends
                edge = rng.choice(B.NODE_EDGES[rng.choice(B.EDGE_NODES[edge])])
            else:
                edge = rng.randrange(B.EDGE_COUNT)
        for _ in range(rng.randrange(0, 6)):
            game.node_owner[rng.randrange(B.NODE_COUNT)] = rng.randrange(4)
        assert game.longest_road_of(seat) == every_corner(game, seat)


def test_rings_alone_joined_and_cut():
    game = GAME.new(4, {}, 1)
    ring(game, 0, 9)
    assert game.longest_road_of(0) == 6  # a ring with no end is walked all round
    ring(game, 1, 0)
    game.node_owner[B.HEX_NODES[0][2]] = 3
    assert game.longest_road_of(1) == every_corner(game, 1) == 6  # cut once: still all of it
    ring(game, 0, 10)  # two rings sharing an edge
    assert game.longest_road_of(0) == every_corner(game, 0)
    game.node_owner[B.HEX_NODES[10][3]] = 2
    assert game.longest_road_of(0) == every_corner(game, 0)

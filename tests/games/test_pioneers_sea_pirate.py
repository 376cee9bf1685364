"""Every computer level moves the pirate where it pays (pioneers-voyages.md, Computer players):
the robber already on the leader's best hex stays there, and the pirate robs a rival beside its
ships and blocks the line they lead toward the islands."""

from __future__ import annotations

import random

from games import levels as L
from games.pioneers import ai as A
from games.pioneers import search as S
from games.pioneers.sea import SeaGame
from tests.games.pioneers_sea_helpers import bare, edge, give, node, settle, ship


def _inland(game: SeaGame, n: int) -> bool:
    """No sea beside the corner: no ship leaves a building there."""
    return not any(game.GEOMETRY.sea_edges[e] for e in game.NODE_EDGES[n])


def _robber_on_a_rivals_city(game: SeaGame, keep_clear: set[int]) -> int:
    """A city of seat 1 inland on a 6 or 8 of the home island, with the robber on that hex, the
    city's other hexes worth less; its corner."""
    for hex_index in game.LAND_HEXES:
        if game.numbers[hex_index] not in (6, 8) or game.GEOMETRY.island[hex_index] != "h":
            continue
        for n in game.HEX_NODES[hex_index]:
            others = [h for h in game.NODE_HEXES[n] if h != hex_index]
            if n in keep_clear or any(x in keep_clear for x in game.NODE_NEIGHBOURS[n]):
                continue
            if all(game.numbers[h] not in (6, 8) for h in others) and game._free_spot(n) and _inland(game, n):
                settle(game, 1, n + 1, level=2)
                game.robber = hex_index
                return n
    raise AssertionError("no rich hex for the robber")


def _line_out_to_sea(game: SeaGame) -> tuple[int, str, str]:
    """A coastal corner of the home island (its label) and two sea edges in a line from it, the
    far end of the second in open water: three sea edges and three sea hexes round it."""
    geometry = game.GEOMETRY
    for n in geometry.land_nodes:
        if geometry.node_island[n] != "h":
            continue
        for first in game.NODE_EDGES[n]:
            if geometry.land_edges[first]:
                continue
            middle = next(x for x in game.EDGE_NODES[first] if x != n)
            for second in game.NODE_EDGES[middle]:
                far = next(x for x in game.EDGE_NODES[second] if x != middle)
                if second != first and len(game.NODE_EDGES[far]) == 3 and len(game.NODE_HEXES[far]) == 3 \
                        and all(geometry.sea[h] for h in game.NODE_HEXES[far]) \
                        and not any(geometry.land_edges[e] for e in game.NODE_EDGES[far]):
                    return n + 1, game.EDGE_LABELS[first], game.EDGE_LABELS[second]
    raise AssertionError("no line out to sea")


def pirate_position() -> tuple[SeaGame, list[int]]:
    """Seat 0 to move a thief. Seat 2 (a settlement and the largest army) has two ships leading
    from its settlement on the coast out to sea, and cards; the robber sits on the city of seat 1,
    the leader, on a 6 or 8, and the pirate far off. The two sea hexes beside the ships' open end:
    the pirate on either robs seat 2, holds its ship and blocks the line. Those hexes."""
    game = bare()
    for seat in range(game.n):
        game.starts[seat] = ["h"]
    corner, first, second = _line_out_to_sea(game)
    settle(game, 2, corner)
    ship(game, 2, first)
    ship(game, 2, second)
    lead = edge(game, second)
    front = next(n for n in game.EDGE_NODES[lead] if n not in game.EDGE_NODES[edge(game, first)])
    ahead = [h for h in game.NODE_HEXES[front] if lead in game.GEOMETRY.hex_edges[h]]
    used = {node(corner), front, *game.EDGE_NODES[edge(game, first)]}
    near = used | {x for u in used for x in game.NODE_NEIGHBOURS[u]}
    near |= {x for u in set(near) for x in game.NODE_NEIGHBOURS[u]}
    game.pirate = next(h for h in game.GEOMETRY.sea_hexes if not near & set(game.HEX_NODES[h]))
    used.add(_robber_on_a_rivals_city(game, used))
    for _ in range(2):  # and two settlements of seat 1 off the 6s and 8s: more land hexes to rob
        spot = next(n for n in game.GEOMETRY.land_nodes
                    if game.GEOMETRY.node_island[n] == "h" and game._free_spot(n)
                    and all(n != u and n not in game.NODE_NEIGHBOURS[u] for u in used)
                    and all(game.numbers[h] not in (6, 8) for h in game.NODE_HEXES[n]))
        settle(game, 1, spot + 1)
        used.add(spot)
    game.army, game.knights[2] = 2, 3
    give(game, 2, lumber=2, wool=2, grain=2, ore=1)
    give(game, 1, brick=1)
    game.phase = "robber"
    assert game.visible_points(1) > game.visible_points(2) > game.visible_points(0)
    return game, ahead


def test_the_normal_player_leaves_the_robber_on_the_leaders_city_and_moves_the_pirate_onto_a_rivals_ships():
    game, ahead = pirate_position()
    move = A.choose(game, 0, random.Random(1))
    assert move in [f"pirate {game.HEX_LABELS[h]} steal 3" for h in ahead]


def test_the_easy_player_does_so_too_but_where_it_lapses():
    game, ahead = pirate_position()
    moves = [L.choose(game, 0, "easy", random.Random(seed)) for seed in range(40)]
    pirate = sum(move in [f"pirate {game.HEX_LABELS[h]} steal 3" for h in ahead] for move in moves)
    assert pirate >= 24 and all(m.startswith(("pirate", "robber")) for m in moves)


def test_the_hard_player_moves_the_pirate_there_too():
    game, ahead = pirate_position()
    move = S.hard_move(game, 0, random.Random(3), budget=5.0)
    assert move in [f"pirate {game.HEX_LABELS[h]} steal 3" for h in ahead]


def test_the_pirate_goes_where_it_blocks_a_rivals_line_toward_an_island():
    """Among the sea hexes with nobody's ship to rob or hold, the one that scores best closes an
    edge that seat 2's line would take next, and only hexes closing a rival's next edges score
    above nothing."""
    game, _ahead = pirate_position()
    line = set(game.ship_spots(2))
    onward = line | set(game.ship_spots(1))
    empty = [h for h in game.GEOMETRY.sea_hexes
             if h != game.pirate and all(game.ship_owner[e] == -1 for e in game.GEOMETRY.hex_edges[h])]
    scores = {h: A.robber_score(game, 0, f"pirate {game.HEX_LABELS[h]}") for h in empty}
    blocking = [h for h in empty if onward & set(game.GEOMETRY.hex_edges[h])]
    best = max(scores, key=scores.get)
    assert line & set(game.GEOMETRY.hex_edges[best]) and scores[best] > 0
    assert all(scores[h] <= 0 for h in empty if h not in blocking)

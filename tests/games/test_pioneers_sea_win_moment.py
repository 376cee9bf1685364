"""Pioneer's Isle at sea: the player in turn wins the moment a move brings them to the target,
whatever brought the points (a settlement joining a road line to a ship line or cutting a
rival's line of ships); points reached on another's turn count as that player's turn begins
(pioneers-isle.txt, Victory)."""

from __future__ import annotations

from games.pioneers.sea import SeaGame
from tests.games.pioneers_sea_helpers import bare, coast_start, give, node, path, settle, ship


def points_elsewhere(game: SeaGame, seat: int, points: int, away: set[int]) -> None:
    """Cities (and a settlement for an odd point) for `seat` on free corners of the home island
    two steps or more from every corner in `away`."""
    near = set(away)
    for n in away:
        near.update(game.NODE_NEIGHBOURS[n])
    while points:
        spot = next(n for n in game.GEOMETRY.land_nodes
                    if game.GEOMETRY.node_island[n] == "h" and n not in near and game._free_spot(n))
        level = 2 if points >= 2 else 1
        settle(game, seat, spot + 1, level)
        points -= level
        near.add(spot)
        near.update(game.NODE_NEIGHBOURS[spot])


def home_game() -> SeaGame:
    """A bare Shores game to a target of 6, every seat started on the home island."""
    game = bare(options={"target": "6"})
    game.starts = [["h"] for _ in range(game.n)]
    return game


def corners_of(game: SeaGame, edges: list[int]) -> set[int]:
    return {n for e in edges for n in game.EDGE_NODES[e]}


def test_a_settlement_joining_a_road_line_to_a_ship_line_wins_with_the_route_title_it_takes():
    game = home_game()
    corner, first, second = coast_start(game)
    roads = path(game, node(corner), 3)
    for step in roads:
        game.edge_owner[step] = 0
        game.pieces[0][0] += 1
    ship(game, 0, first)
    ship(game, 0, second)
    game._route_changed(0)
    ships = [game.GEOMETRY.edge_index[first], game.GEOMETRY.edge_index[second]]
    points_elsewhere(game, 0, 3, corners_of(game, roads + ships))
    assert game.total_points(0) == 3 and game.road_holder == -1
    give(game, 0, lumber=1, brick=1, wool=1, grain=1)
    game.play(0, f"settlement {corner}")
    assert game.road_holder == 0 and game.total_points(0) == 6
    assert game.is_over() and game.winner == 0


def _ship_line_through(game: SeaGame) -> tuple[int, list[int]]:
    """A free coastal corner of the home island and six sea edges in one line through it, three
    on each side, none on the pirate's hex."""
    geometry = game.GEOMETRY
    blocked = set(geometry.hex_edges[game.pirate])

    def onward(at: int, seen: set[int], count: int) -> list[int] | None:
        if not count:
            return []
        for e in game.NODE_EDGES[at]:
            other = next(x for x in game.EDGE_NODES[e] if x != at)
            if geometry.sea_edges[e] and e not in blocked and other not in seen:
                rest = onward(other, seen | {other}, count - 1)
                if rest is not None:
                    return [e, *rest]
        return None

    for x in geometry.land_nodes:
        if geometry.node_island[x] != "h" or not game._free_spot(x):
            continue
        sea = [e for e in game.NODE_EDGES[x] if geometry.sea_edges[e] and e not in blocked]
        if len(sea) < 2 or not any(geometry.land_edges[e] and e not in sea[:2] for e in game.NODE_EDGES[x]):
            continue
        ends = [next(y for y in game.EDGE_NODES[e] if y != x) for e in sea[:2]]
        left = onward(ends[0], {x, ends[0], ends[1]}, 2)
        right = onward(ends[1], {x, ends[0], ends[1]} | corners_of(game, left or []), 2)
        if left is not None and right is not None:
            return x, [sea[0], *left, sea[1], *right]
    raise AssertionError("no coast for a line of six ships")


def cut_position(cutter: int, cut: int, gainer: int) -> tuple[SeaGame, int]:
    """`cut` holds the title with six ships through a free corner that `cutter` reaches by road;
    `gainer` has a line of five roads and the points that the title (and the cutter's settlement,
    when the gainer cuts) bring to the target of 6."""
    game = home_game()
    corner, line = _ship_line_through(game)
    for e in line:
        game.ship_owner[e] = cut
    reach = path(game, corner, 1 if cutter != gainer else 5)
    for e in reach:
        game.edge_owner[e] = cutter
        game.pieces[cutter][0] += 1
    used = corners_of(game, line + reach)
    if gainer != cutter:
        far = next(n for n in game.GEOMETRY.land_nodes
                   if game.GEOMETRY.node_island[n] == "h" and all(
                       n not in game.NODE_NEIGHBOURS[u] and n != u for u in used))
        roads = path(game, far, 5)
        for e in roads:
            game.edge_owner[e] = gainer
            game.pieces[gainer][0] += 1
        used |= corners_of(game, roads)
    short = 3 if gainer == cutter else 2
    points_elsewhere(game, gainer, 6 - short, used)
    for seat in range(game.n):
        game.road_len[seat] = game.longest_road_of(seat)
    game._settle_road_title()
    assert game.road_holder == cut and game.road_len[gainer] == 5 and game.total_points(gainer) == 6 - short
    game.current = cutter
    give(game, cutter, lumber=1, brick=1, wool=1, grain=1)
    return game, corner


def test_a_settlement_cutting_a_rivals_ship_line_wins_with_the_route_title_it_takes():
    game, corner = cut_position(cutter=0, cut=1, gainer=0)
    game.play(0, f"settlement {corner + 1}")
    assert game.road_holder == 0 and game.total_points(0) == 6
    assert game.is_over() and game.winner == 0


def test_points_reached_on_anothers_turn_win_as_that_players_turn_begins():
    """Seat 0 cuts seat 2's ships and seat 1 takes the title and its target: seat 1 wins only
    when its own turn begins, after seat 0 ends."""
    game, corner = cut_position(cutter=0, cut=2, gainer=1)
    game.play(0, f"settlement {corner + 1}")
    assert game.road_holder == 1 and game.total_points(1) == 6
    assert not game.is_over() and game.legal_moves(0)[-1] == "end"
    game.play(0, "end")
    assert game.is_over() and game.winner == 1

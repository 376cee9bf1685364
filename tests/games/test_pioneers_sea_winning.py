"""Pioneer's Isle at sea: the win within a turn counts ships and the points of a discovery."""

from __future__ import annotations

import random

from games.pioneers import search as S
from games.pioneers import winning as W
from tests.games.pioneers_sea_helpers import bare, give, hex_edges, settle, ship

# on Shores, corner 75 is on the home island's coast; a ship on 75-85 stands one edge of water
# from corner 96 on island 2
HOME_COAST, FIRST_SHIP, ACROSS, FAR_CORNER = 75, "75-85", "85-96", 96


def eleven_points_on_the_home_island():
    """Seat 0 at 11 of 14 points, all on the home island, with a settlement on its coast at 75 and
    a ship leaving it toward island 2."""
    game = bare()
    for seat in range(game.n):
        game.starts[seat] = ["h"]
    for corner in (HOME_COAST, 43, 53):
        settle(game, 0, corner)
    for corner in (23, 31, 33, 41):
        settle(game, 0, corner, level=2)
    ship(game, 0, FIRST_SHIP)
    clear = {ACROSS, FIRST_SHIP}
    game.pirate = next(h for h in range(len(game.terrain))
                       if game.GEOMETRY.sea[h] and not clear & set(hex_edges(game, h)))
    assert game.total_points(0) == 11 and game.opts["target"] == 14
    return game


def test_a_ship_and_a_settlement_on_a_new_island_win_at_eleven_points():
    game = eleven_points_on_the_home_island()
    give(game, 0, lumber=2, wool=2, brick=1, grain=1)
    line = W.winning_line(game, 0)
    assert line == [f"ship {ACROSS}", f"settlement {FAR_CORNER}"]
    for move in line:
        game.play(0, move)
    assert game.phase == "over" and game.winner == 0
    assert game.discovery_points(0) == 2


def test_the_hard_player_plays_the_line_from_its_first_trade():
    """One lumber short of the ship and the settlement, with four ore: the line found is played
    as found, its trade first."""
    game = eleven_points_on_the_home_island()
    give(game, 0, lumber=1, wool=2, brick=1, grain=1, ore=4)
    line = W.winning_line(game, 0)
    assert line == ["trade 4 ore for 1 lumber", f"ship {ACROSS}", f"settlement {FAR_CORNER}"]
    assert S.hard_move(game, 0, random.Random(2)) == line[0]


def test_no_discovery_is_counted_where_no_island_is_left_to_discover():
    """Where every island counts as one the seat started on, a settlement across the water is one
    point: the same cards are no line."""
    game = eleven_points_on_the_home_island()
    game.starts[0] = sorted(set(game.GEOMETRY.island) - {""})
    give(game, 0, lumber=2, wool=2, brick=1, grain=1)
    assert W.winning_line(game, 0) is None


def test_a_ship_that_takes_the_route_title_wins():
    """Twelve points and a line of four ships: one more ship makes the longest route (two points),
    so the title's bound at sea must let the search look for it."""
    game = eleven_points_on_the_home_island()
    settle(game, 0, 63)
    game.ship_owner[game.GEOMETRY.edge_index[FIRST_SHIP]] = -1
    while game.road_len[0] < 4:
        give(game, 0, lumber=1, wool=1)
        game.play(0, next(move for move in game.legal_moves(0) if move.startswith("ship ") and _lengthens(game, move)))
    assert game.total_points(0) == 12 and game.road_holder == -1
    give(game, 0, lumber=1, wool=1)
    line = W.winning_line(game, 0)
    assert line is not None and all(move.startswith("ship ") for move in line)
    for move in line:
        game.play(0, move)
    assert game.winner == 0 and game.road_holder == 0


def _lengthens(game, move: str) -> bool:
    copy = type(game).load(game.dump())
    copy.play(0, move)
    return copy.road_len[0] > game.road_len[0]

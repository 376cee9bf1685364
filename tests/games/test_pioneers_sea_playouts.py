"""Pioneer's Isle on the sea layouts: random games with invariants checked along the way (pieces,
the bank, points recounted from the board). A few games run with the normal suite; the thousand
per layout are marked slow. A sea game is long (4,000-5,000 random moves): CI plays
`ISLES_SEA_PLAYOUTS` games per layout (100 unless set), so the whole suite keeps within its time;
`ISLES_SEA_PLAYOUTS=1000` is the full run, made before a change to the sea rules lands."""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from games.pioneers import GAME
from games.pioneers import data as D
from tests.games.test_pioneers_playouts import random_move

MOVE_CAP = 60_000
LAYOUTS = {"shores": (3, 4), "isles": (2, 3, 4)}


def check_invariants(game, full: bool) -> None:
    for res in range(5):
        assert sum(hand[res] for hand in game.hands) + game.bank[res] == D.BANK_PER_RESOURCE
        assert all(hand[res] >= 0 for hand in game.hands) and game.bank[res] >= 0
    assert len(game.deck) + sum(map(sum, game.devs)) + sum(game.played) == 25
    for seat in range(game.n):
        assert 0 <= game.ship_owner.count(seat) <= D.SHIPS
    if not full:
        return
    geometry = game.GEOMETRY
    view = game.view(None)
    assert geometry.sea[game.pirate] and not geometry.sea[game.robber]
    for edge in range(game.EDGE_COUNT):
        assert game.edge_owner[edge] == -1 or game.ship_owner[edge] == -1  # one piece an edge
        assert game.edge_owner[edge] == -1 or geometry.land_edges[edge]
        assert game.ship_owner[edge] == -1 or geometry.sea_edges[edge]
    for seat in range(game.n):
        mine = [n for n in range(game.NODE_COUNT) if game.node_owner[n] == seat]
        settlements = sum(1 for n in mine if game.node_level[n] == 1)
        cities = sum(1 for n in mine if game.node_level[n] == 2)
        assert game.pieces[seat] == [game.edge_owner.count(seat), settlements, cities]
        assert all(n in geometry.land_nodes_set for n in mine)
        islands = {geometry.node_island[n] for n in mine}
        assert set(game.discovered[seat]) <= islands - set(game.starts[seat])
        assert len(set(game.discovered[seat])) == len(game.discovered[seat])
        if not game.LAYOUT == "isles":
            assert game.starts[seat] == ["h"] or game.phase == "setup"
        points = (settlements + 2 * cities + 2 * (game.road_holder == seat) + 2 * (game.army == seat)
                  + D.DISCOVERY_POINTS * len(game.discovered[seat]))
        assert view["players"][seat]["points"] == points
        assert game.road_len[seat] == game.longest_road_of(seat)
    if game.road_holder != -1:
        assert game.road_len[game.road_holder] >= 5 and game.road_len[game.road_holder] == max(game.road_len)
    for node in range(game.NODE_COUNT):  # the distance rule
        if game.node_owner[node] != -1:
            assert all(game.node_owner[o] == -1 for o in game.NODE_NEIGHBOURS[node])


def play_random(board: str, players: int, seed: int, check_every: int = 50) -> dict:
    game = GAME.new(players, {"board": board, "friendly_robber": seed % 3 == 0}, seed)
    rng = random.Random(seed * 7919 + players)
    moves = 0
    heads: set[str] = set()
    while not game.is_over():
        seat, move = random_move(game, rng)
        game.play(seat, move)
        heads.add(move.split()[0])
        moves += 1
        check_invariants(game, moves % check_every == 0)
        assert moves < MOVE_CAP, f"{board} {players}p seed {seed} did not finish"
    check_invariants(game, True)
    assert game.outcome().winners == [game.winner]
    assert game.total_points(game.winner) >= game.opts["target"] == D.SEA_TARGET
    return {"moves": moves, "heads": sorted(heads)}


def run_batch(args: tuple[str, list[tuple[int, int]]]) -> list:
    board, games = args
    return [play_random(board, players, seed) for players, seed in games]


def games_of(board: str, count: int) -> list[tuple[int, int]]:
    sizes = LAYOUTS[board]
    return [(sizes[seed % len(sizes)], seed) for seed in range(count)]


@pytest.mark.parametrize("board", sorted(LAYOUTS))
def test_a_few_random_games_finish_with_invariants(board):
    for players, seed in games_of(board, 3):
        play_random(board, players, seed, check_every=10)


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(LAYOUTS))
def test_a_thousand_random_games_per_layout_finish_with_invariants(board):
    count = int(os.environ.get("ISLES_SEA_PLAYOUTS", "100"))
    games = games_of(board, count)
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = [r for batch in pool.map(run_batch, [(board, games[0::2]), (board, games[1::2])]) for r in batch]
    assert len(results) == count
    heads = set().union(*(r["heads"] for r in results))
    for head in ("settlement", "city", "road", "ship", "move", "pirate", "robber", "gold", "knight", "discard",
                 "trade", "offer", "accept", "confirm", "buy", "year", "monopoly", "end"):
        assert head in heads, head

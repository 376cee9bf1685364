"""Pioneer's Isle: many random games, with invariants checked along the way.

The random player picks uniformly among the legal moves of a seat that must act, except that
`end` is picked less often (its weight is a third of a normal move's) so turns do something
and games finish; now and then a seat that is not asked to act answers an open offer, so that
acceptances and confirmations happen too. The games run in two worker processes.
"""

from __future__ import annotations

import copy
import json
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from games.pioneers import GAME
from games.pioneers import board as B
from games.pioneers import data as D

MOVE_CAP = 40_000


def random_move(game, rng: random.Random) -> tuple[int, str]:
    seats = game.to_act()
    if game.offers and rng.random() < 0.15:
        seat = rng.randrange(game.n)
        moves = game.legal_moves(seat)
        if moves and seat not in seats:
            return seat, rng.choice(moves)
    seat = rng.choice(seats)
    moves = game.legal_moves(seat)
    if len(moves) > 1 and "end" in moves:
        if rng.random() < 1 / (3 * len(moves) - 2):  # `end` weighs a third of another move
            return seat, "end"
        moves = [m for m in moves if m != "end"]
    return seat, rng.choice(moves)


def check_invariants(game, full: bool) -> None:
    for res in range(5):
        assert sum(hand[res] for hand in game.hands) + game.bank[res] == D.BANK_PER_RESOURCE
        assert all(hand[res] >= 0 for hand in game.hands) and game.bank[res] >= 0
    assert len(game.deck) + sum(map(sum, game.devs)) + sum(game.played) == 25
    assert game.played[D.KNIGHT] == sum(game.knights)
    for seat in range(game.n):
        roads, settlements, cities = game.pieces[seat]
        assert 0 <= roads <= D.ROADS and 0 <= settlements <= D.SETTLEMENTS and 0 <= cities <= D.CITIES
    if not full:
        return
    view = game.view(None)
    for seat in range(game.n):
        settlements = sum(1 for n in range(B.NODE_COUNT) if game.node_owner[n] == seat and game.node_level[n] == 1)
        cities = sum(1 for n in range(B.NODE_COUNT) if game.node_owner[n] == seat and game.node_level[n] == 2)
        roads = game.edge_owner.count(seat)
        assert game.pieces[seat] == [roads, settlements, cities]
        points = settlements + 2 * cities + 2 * (game.road_holder == seat) + 2 * (game.army == seat)
        assert view["players"][seat]["points"] == points
        assert game.road_len[seat] == game.longest_road_of(seat)
    # the road title sits with a single longest road of 5 or more, or nowhere
    if game.road_holder != -1:
        assert game.road_len[game.road_holder] >= 5
        assert game.road_len[game.road_holder] == max(game.road_len)
    if game.army != -1:
        assert game.knights[game.army] >= 3
        assert all(game.knights[game.army] >= k for k in game.knights)
    for node in range(B.NODE_COUNT):  # the distance rule
        if game.node_owner[node] != -1:
            assert all(game.node_owner[o] == -1 for o in B.NODE_NEIGHBOURS[node])


def play_random(players: int, seed: int, check_every: int = 50) -> dict:
    game = GAME.new(players, {"friendly_robber": seed % 3 == 0, "board": "beginner" if seed % 5 == 0 else "random"},
                    seed)
    rng = random.Random(seed * 7919 + players)
    moves = 0
    heads: set[str] = set()
    while not game.is_over():
        seat, move = random_move(game, rng)
        game.play(seat, move)
        heads.add(move.split()[0])
        moves += 1
        check_invariants(game, moves % check_every == 0)
        assert moves < MOVE_CAP, f"game {players}p seed {seed} did not finish"
    check_invariants(game, True)
    outcome = game.outcome()
    assert outcome.winners == [game.winner]
    assert game.total_points(game.winner) >= game.opts["target"]
    return {"moves": moves, "turns": game.turn, "heads": sorted(heads)}


def run_batch(args: tuple[int, list[int]]) -> list:
    players, seeds = args
    return [play_random(players, seed) for seed in seeds]


@pytest.mark.parametrize("players,games", [(4, 1000), (3, 300), (2, 300)])
def test_random_games_finish_with_invariants(players, games):
    seeds = list(range(games))
    halves = [(players, seeds[0::2]), (players, seeds[1::2])]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = [r for batch in pool.map(run_batch, halves) for r in batch]
    assert len(results) == games
    heads = set().union(*(r["heads"] for r in results))
    for head in ("settlement", "city", "road", "knight", "robber", "discard", "trade", "offer", "accept",
                 "confirm", "counter", "decline", "buy", "year", "monopoly", "cancel", "end"):
        assert head in heads, head


def replay(players: int, seed: int, limit: int | None = None):
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    log = []
    while not game.is_over() and (limit is None or len(log) < limit):
        seat, move = random_move(game, rng)
        game.play(seat, move)
        log.append((seat, move))
    return game, log


def test_determinism_same_seed_same_moves_same_state():
    one, log = replay(4, 11)
    two, _ = replay(4, 11)
    assert json.dumps(one.dump(), sort_keys=True) == json.dumps(two.dump(), sort_keys=True)
    fresh = GAME.new(4, {}, 11)
    for seat, move in log:
        fresh.play(seat, move)
    assert fresh.dump() == one.dump()
    other, _ = replay(4, 12)
    assert other.dump() != one.dump()


def test_dump_load_round_trip_at_every_step():
    game = GAME.new(3, {"friendly_robber": True}, 5)
    rng = random.Random(5)
    twin = GAME.load(json.loads(json.dumps(game.dump())))
    steps = 0
    while not game.is_over():
        seat, move = random_move(game, rng)
        game.play(seat, move)
        twin.play(seat, move)
        steps += 1
        if steps % 7 == 0:
            text = json.dumps(game.dump(), sort_keys=True)
            loaded = GAME.load(json.loads(text))
            assert json.dumps(loaded.dump(), sort_keys=True) == text
            assert loaded.legal_moves(seat) == game.legal_moves(seat)
            twin = loaded
    assert twin.dump() == game.dump()
    with pytest.raises(ValueError):
        GAME.load({"game": "other", "format": 1, "state": {}})


def shuffle_hidden(game, seat: int, rng: random.Random):
    """The same game with `seat`'s hand and unplayed cards swapped for others of equal count."""
    other = copy.deepcopy(game)
    total = sum(other.hands[seat])
    pool = [r for r in range(5) for _ in range(other.bank[r] + other.hands[seat][r])]
    new = [0] * 5
    for r in rng.sample(pool, total):
        new[r] += 1
    for r in range(5):
        other.bank[r] += other.hands[seat][r] - new[r]
    other.hands[seat] = new
    cards = sum(other.devs[seat])
    other.devs[seat] = [0] * 5
    for _ in range(cards):
        other.devs[seat][rng.randrange(5)] += 1
    if seat == other.current:
        other.new_devs = [0] * 5
    return other


def test_public_views_show_no_hidden_cards():
    """Changing one seat's hidden cards changes neither the public view nor another seat's."""
    rng = random.Random(3)
    for seed in range(6):
        game = GAME.new(4, {}, seed)
        drive = random.Random(seed)
        while not game.is_over():
            seat, move = random_move(game, drive)
            game.play(seat, move)
            if rng.random() < 0.05 and not game.is_over():
                for hidden in range(4):
                    changed = shuffle_hidden(game, hidden, rng)
                    assert changed.view(None) == game.view(None)
                    for viewer in range(4):
                        if viewer != hidden:
                            assert changed.view(viewer) == game.view(viewer)
                    public = json.dumps(game.view(None))
                    assert '"hand"' not in public and '"dev_hand"' not in public

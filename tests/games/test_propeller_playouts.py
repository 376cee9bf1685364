"""Propeller Islands: random games with invariants, an independent final count, pinned move counts.

The random player picks uniformly among the legal moves of a seat asked to act (any of them
in the simultaneous bonus round). `bench/propeller_bench.py --playouts 1000` runs the same
games at the acceptance size.
"""

from __future__ import annotations

import json
import random

import pytest

from games.propeller import GAME
from games.propeller import data as D
from tests.games.test_conformance import perft
from tests.games.test_propeller_helpers import conserved_tiles

MOVE_CAP = 5_000


def check_invariants(game) -> None:
    assert conserved_tiles(game) == D.TILE_COUNT
    placed = [e[0] for island in game.islands for e in island[1:]]
    assert len(placed) == len(set(placed))
    for seat in range(game.n):
        on_island = sum(1 for e in game.islands[seat] if e[3])
        assert sum(game.dock[seat]) + on_island == D.WORKERS
        assert all(value >= 0 for value in game.res[seat])
        # fame comes from guild links (counted again here) and from clearing dock row 1
        assert game.fame[seat] == game.links_total(seat) + 3 * ("row 1" in game.cleared[seat])
        cells = [(e[1], e[2]) for e in game.islands[seat]]
        assert len(cells) == len(set(cells))
    if game.phase in ("turn", "bonus"):
        assert sum(game.forge) + sum(len(d) for d in game.drafted) == D.DICE_BY_PLAYERS[game.n]
        assert max(game.forge) <= D.MAX_PER_FACE
    cards = [c for pile in (*game.hands, *game.done, *game.bp_stacks, *game.bp_offer) for c in pile]
    assert sorted(cards) == list(range(1, 39))
    # every upgrade is on a card not yet completed, on a tile, or kept aside
    upgrades: dict[str, int] = {}
    for pile in (*game.hands, *game.bp_stacks, *game.bp_offer):
        for card in pile:
            code = D.BLUEPRINT_BY_ID[card].upgrade
            upgrades[code] = upgrades.get(code, 0) + 1
    for seat in range(game.n):
        for code in game.unused[seat]:
            upgrades[code] = upgrades.get(code, 0) + 1
        for e in game.islands[seat]:
            for code in (("P" + e[4]) if e[4] else "", ("B" + e[5]) if e[5] else "", "W" if e[6] else ""):
                if code:
                    upgrades[code] = upgrades.get(code, 0) + 1
    expected: dict[str, int] = {}
    for card in D.BLUEPRINTS:
        expected[card.upgrade] = expected.get(card.upgrade, 0) + 1
    if game.phase == "over" or not any(game.tasks):
        # a production upgrade's resource letter maps back to its code
        upgrades = {("P" + k[1:] if k.startswith("P") else k): v for k, v in upgrades.items()}
        assert upgrades == expected


def recount(game) -> list[int]:
    """Final scores worked out again from the state, without the game's scoring code."""
    totals = []
    for seat in range(game.n):
        island = game.islands[seat]
        at = {(e[1], e[2]): e for e in island}
        numbers = [D.tile(e[0]).number for e in island
                   if 5 <= D.tile(e[0]).kind <= 13 and D.tile(e[0]).number > 0 and not e[6]]

        def banners(entry):
            return [b for b in (D.tile(entry[0]).banner, entry[5]) if b]

        every = [b for e in island for b in banners(e)]
        points = game.fame[seat] + game.res[seat][0] // 3 + game.res[seat][1] // 2 + game.res[seat][2]
        points += len(game.unused[seat]) // 2
        points += sum(D.BLUEPRINT_BY_ID[c].vp for c in game.done[seat])
        for e in island:
            kind = D.tile(e[0]).kind
            around = [at[(e[1] + dq, e[2] + dr)] for dq, dr in D.DIRECTIONS if (e[1] + dq, e[2] + dr) in at]
            if kind == 14:
                points += 3 * (sum(1 for x in island if x[3]) // 6)
            elif kind == 15:
                points += 5 * (sum(1 for x in island if D.tile(x[0]).kind in (2, 3, 4)) // 3)
            elif kind == 16:
                points += 5 * (len(around) == 6)
            elif kind == 17:
                near = [b for x in around for b in banners(x)]
                points += 5 * min(near.count(g) for g in "ISC")
            elif kind in (18, 19, 20):
                points += 4 * (every.count({18: "S", 19: "C", 20: "I"}[kind]) // 3)
            elif kind == 21:
                pool = [numbers.count(v) for v in range(1, 7)]
                sets = 0
                while True:  # greedily take the four most plentiful numbers
                    order = sorted(range(6), key=lambda v: -pool[v])[:4]
                    if pool[order[3]] == 0:
                        break
                    for v in order:
                        pool[v] -= 1
                    sets += 1
                points += 5 * sets
            elif kind == 22:
                points += 5 * min(numbers.count(2), numbers.count(4), numbers.count(6))
            elif kind == 23:
                points += 5 * min(numbers.count(1), numbers.count(3), numbers.count(5))
        totals.append(points)
    return totals


def random_game(players: int, seed: int, check_every: int = 1):
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    moves = 0
    while not game.is_over():
        seat = rng.choice(game.to_act())
        legal = game.legal_moves(seat)
        assert legal, (seed, game.phase, game.step)
        game.play(seat, rng.choice(legal))
        moves += 1
        assert moves < MOVE_CAP
        if moves % check_every == 0:
            check_invariants(game)
    check_invariants(game)
    outcome = game.outcome()
    assert [int(s) for s in outcome.scores] == recount(game)
    assert game.to_act() == [] and game.legal_moves(0) == []
    return game, moves


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_with_every_invariant(players):
    for seed in range(15):
        random_game(players, 1000 * players + seed, check_every=1 if seed < 3 else 20)


def test_a_game_replays_from_its_seed_and_survives_json():
    game, _ = random_game(3, 77, check_every=1000)
    rng = random.Random(77)
    again = GAME.new(3, {}, 77)
    mid = None
    while not again.is_over():
        seat = rng.choice(again.to_act())
        again.play(seat, rng.choice(again.legal_moves(seat)))
        if mid is None and again.round == 3:
            mid = again.dump()
            loaded = GAME.load(json.loads(json.dumps(mid)))
            assert loaded.dump() == mid and loaded.legal_moves(loaded.to_act()[0]) == \
                again.legal_moves(again.to_act()[0])
    assert again.dump() == game.dump()


def advanced(players: int, seed: int, plies: int):
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
    return game


@pytest.mark.parametrize(("players", "seed", "plies", "counts"), [
    (2, 1, 0, (3, 6)),  # the character draft
    (3, 2, 3, (12, 276)),  # the first die of the game
    (4, 3, 32, (13, 27)),  # a deploy inside the bonus round
    (4, 3, 68, (42, 514)),  # claim, discard or activate
    (2, 4, 44, (49, 147)),
])
def test_pinned_move_counts(players, seed, plies, counts):
    game = advanced(players, seed, plies)
    assert (perft(game, 1), perft(game, 2)) == counts

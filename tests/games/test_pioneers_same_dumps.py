"""Pioneer's Isle plays exactly as it did before its engine was made faster.

The digest below was recorded from the engine as it stood before the speed work: seeded random
playouts (offers included), the JSON dump after every move hashed in turn. Any change of
behaviour (a different legal move list, its order, a different state after a move) changes it.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.pioneers import GAME


def playout_digest(seed: int, players: int = 4, limit: int = 3000, computer: bool = False) -> str:
    """sha256 over (legal moves, move, dump) of every step of one seeded game: random play, or
    the computer player at every seat."""
    rng = random.Random(seed)
    game = GAME.new(players, {}, seed)
    digest = hashlib.sha256()
    for _ in range(limit):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        moves = game.legal_moves(seat)
        move = game.ai_move(seat, rng) if computer else rng.choice(moves)
        game.play(seat, move)
        digest.update("\n".join(moves).encode())
        digest.update(move.encode())
        digest.update(json.dumps(game.dump(), sort_keys=True, separators=(",", ":")).encode())
    digest.update(json.dumps(game.view(None), sort_keys=True).encode())
    return digest.hexdigest()


# recorded before the speed work; (seed, players, computer at every seat) -> digest
RECORDED = {
    (1, 4, False): "6ed01e8fdcdf3257d3f3f792f1997f61051d159d837a29e40563aeae60e79ad5",
    (2, 3, False): "8ae9f7540ae34c6a0873b46fe8a7a33ef9ee7c0e6bf70eeae7d0262a1107cf7d",
    (3, 2, False): "4b760cc8a2b2d84309a227e88c5a705d1806776d1b5757910f23b7ed31f36d4f",
    (4, 4, False): "70b1a17a6dd56dc85f858c27025df4eb56c1c2b821032552239c839a7622da6a",
    (5, 4, True): "b69faa0ad78d37b7313fdd4aeb9cb13389afe3bb2bfb9f33e01d0a4ec981a900",
    (6, 3, True): "cbe825021234b53be822a77422c2ca3d01dc6b5299ad0065a2ce0a8e58e52ce7",
}


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_same_moves_and_dumps_as_before(key):
    seed, players, computer = key
    assert playout_digest(seed, players, computer=computer) == RECORDED[key]


def test_a_copy_plays_on_like_the_original():
    game = GAME.new(4, {}, 11)
    rng = random.Random(11)
    for _ in range(300):
        seat = rng.choice(game.to_act())
        game.play(seat, rng.choice(game.legal_moves(seat)))
    twin = GAME.load(game.dump())
    for _ in range(300):
        if game.is_over():
            break
        seat = game.to_act()[0]
        move = game.legal_moves(seat)[0]
        assert twin.legal_moves(seat)[0] == move
        game.play(seat, move)
        twin.play(seat, move)
    assert twin.dump() == game.dump()

"""Pioneer's Isle plays exactly as it did before its engine was made faster.

The digest below was recorded from the engine as it stood before the speed work: seeded random
playouts (offers included), the JSON dump after every move hashed in turn. Any change of
behaviour (a different legal move list, its order, a different state after a move) changes it.
The games are played as a table stored before new tables drew their dice from the digest
(`Rng.hashed`): such a table draws as it always did, so the digests still hold.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.base import Rng
from games.pioneers import GAME


def stored_before(game):  # noqa: ANN001, ANN201
    """The new game as a table stored before hashed draws: its Rng dumps as two numbers."""
    assert game.rng.hashed
    game.rng = Rng(game.rng.seed, game.rng.counter)
    return game


def playout_digest(seed: int, players: int = 4, limit: int = 3000, computer: bool = False) -> str:
    """sha256 over (legal moves, move, dump) of every step of one seeded game: random play, or
    the computer player at every seat."""
    rng = random.Random(seed)
    game = stored_before(GAME.new(players, {}, seed))
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


# recorded from the engine on main before any speed work (re-recorded when main's Pioneer's Isle
# changed its canonical texts); (seed, players, computer at every seat) -> digest
RECORDED = {
    (1, 4, False): "c0bff06f54ccb1a4f82c7859db70cea81e66736ec1f5aca57959b592f2ea9d02",
    (2, 3, False): "c858b7d841dd0563472e2c67e4b4ef89bfdd324a2f817e12d5cdb34dcb144b23",
    (3, 2, False): "1d665091c5a020a34c0a98ad09b29ccf942fc86a04c4f73062ccf39ff60c05d3",
    (4, 4, False): "86c3904fcd66e7ae43178770fa024e80367e8c5bdfdd488c61372cc10ca02689",
    (5, 4, True): "1cb816ad63647ce1b47e2dc9a41b7f37f8e5761705fd99641acd237efd877478",
    (6, 3, True): "ea0420b860e8de7f68a734e2f875288c856b1cee6ab0d8021a1b26b88632638b",
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

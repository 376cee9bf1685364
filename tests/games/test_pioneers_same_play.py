"""Pioneer's Isle answers exactly as it did before its engine was made faster, with options too.

`test_pioneers_same_dumps.py` guards the default game; this guards the options the faster code
treats apart (the friendly robber, the beginner board, a small discard limit, 2 and 3 players)
and the answers to offers, and the refusals: at every step a few wrong moves (an earlier move, a move of another seat, a
move cut short or lengthened, a move in capitals) are tried on a copy and their reason or
resulting state is hashed with the legal moves of every seat and the state after the move.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.base import IllegalMove
from games.pioneers import GAME
from tests.games.test_pioneers_same_dumps import stored_before


def answers_digest(seed: int, players: int, options: dict, limit: int) -> str:
    rng = random.Random(seed)
    game = stored_before(GAME.new(players, options, seed))
    digest = hashlib.sha256()
    earlier: list[str] = []
    for _ in range(limit):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        answering = [other for other in range(players) if other != seat and game.legal_moves(other)]
        if answering and rng.random() < 0.5:  # someone answers an open offer
            seat = rng.choice(answering)
        moves = game.legal_moves(seat)
        for other in range(players):
            digest.update("|".join(game.legal_moves(other)).encode())
        move = rng.choice(moves)
        tries = [((seat + 1) % players, move), (seat, " ".join(move.split()[:-1]) or "x"),
                 (seat, move + " 1"), (seat, f"  {move.upper()} ")]
        if earlier:
            tries.append((seat, rng.choice(earlier)))
        for who, text in tries:
            copy = GAME.load(game.dump())
            try:
                copy.play(who, text)
                digest.update(json.dumps(copy.dump(), sort_keys=True).encode())
            except IllegalMove as refusal:
                digest.update(str(refusal).encode())
        digest.update(game.canonical(seat, move.upper()).encode())
        game.play(seat, move)
        digest.update(json.dumps(game.dump(), sort_keys=True).encode())
        digest.update(game.describe_move(seat, move, ["a", "b", "c", "d"]).encode())
        earlier = moves
    digest.update(json.dumps(game.view(None), sort_keys=True).encode())
    return digest.hexdigest()


# recorded from the engine before the speed work: (seed, players, options) -> digest of 400 steps
RECORDED = [
    (21, 4, {"friendly_robber": True}, "89dc65d5bc747fec11669e324ed21f06c28afaf689f1c6c091a2d10aeb7d33bc"),
    (22, 3, {"friendly_robber": True, "board": "beginner"},
     "f3e9241c8fac940f0681f9d99efe23b504361bc53c0c6599dbb5c99631c602fd"),
    (23, 2, {"discard_limit": 3}, "f8585a676820ec153986aa60c957c76b45e68e50d8936e1b9b0458f6bbd8e398"),
    (24, 4, {"discard_limit": 3, "friendly_robber": True},
     "17c7203a429082fd770d875fe9b08184e7dd2796a4c1b76059174cbfd985eb27"),
]


@pytest.mark.parametrize(("seed", "players", "options", "recorded"), RECORDED)
def test_same_answers_as_before(seed, players, options, recorded):
    assert answers_digest(seed, players, options, 400) == recorded

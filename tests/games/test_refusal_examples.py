"""A refusal's examples are moves legal now: a player who copies one is not refused again.

At positions of random playouts of Grow Sky and Propeller Islands, near misses of legal moves
(another number, another slot or space, another tile) are typed; every backquoted text of the
refusal that reads as a move of the game must be one of the seat's legal moves.
"""

from __future__ import annotations

import random
import re

import pytest

from games import registry
from games.base import IllegalMove
from tests.games.test_conformance import positions

VERBS = {
    "growsky": {"fly", "develop", "standby", "upgrade", "cube", "grow", "pick", "place", "buy", "draft"},
    "propeller": {"die", "claim", "discard", "run", "deploy", "place", "depot", "value", "blueprint", "take",
                  "character", "draw"},
}


def near_misses(move: str, rng: random.Random) -> list[str]:
    out = [re.sub(r"\d+", lambda m: str(int(m.group()) + 3), move, count=1),
           re.sub(r"-?\d+,-?\d+", "5,5", move), re.sub(r"\bt\d+", "t9", move),
           re.sub(r"^(\w+) (\w)\b", lambda m: f"{m.group(1)} {rng.choice('abcdefghijkl')}", move)]
    return [text for text in dict.fromkeys(out) if text != move]


def reads(cls, text: str) -> bool:
    """Whether a text reads as a move of the game (a refusal also quotes what the player typed)."""
    try:
        cls.notation.parse_steps(text)
    except IllegalMove:
        return False
    return True


@pytest.mark.parametrize("key", sorted(VERBS))
def test_every_example_in_a_refusal_is_legal_now(key):
    cls = registry.get(key)
    rng = random.Random(6)
    checked = 0
    for game, _last in positions(cls, 10, seed=4):
        for seat in game.to_act():
            legal = set(game.legal_moves(seat))
            for move in rng.sample(sorted(legal), min(12, len(legal))):
                for text in near_misses(move, rng):
                    if text in legal:
                        continue
                    trial = cls.load(game.dump())
                    try:
                        trial.play(seat, text)
                    except IllegalMove as error:
                        for example in re.findall(r"`([^`]+)`", str(error)):
                            if example.split(" ")[0] in VERBS[key] and example != text and reads(cls, example):
                                checked += 1
                                assert example in legal, (key, text, str(error))
    assert checked > 20

"""A refusal's examples are moves legal now: a player who copies one is not refused again.

At positions of random playouts of Archipels, Grow Sky and Propeller Islands, near misses of legal moves
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
    "archipels": {"take", "paddle", "place", "dock", "discard", "flower"},
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


def probes(key: str) -> list[str]:
    """Texts a player half-types: each verb alone, with a word it cannot take, and a few wrong steps."""
    verbs = sorted(VERBS[key])
    return [*verbs, *(f"{verb} x" for verb in verbs), *PROBES.get(key, ())]


PROBES = {
    "archipels": ("place t57 2,-1", "place t57", "take r2", "dock t57", "flower r3c2 octopus", "done"),
    "propeller": ("die 1 to 2", "die 3 to 5", "die 4 to 6", "die 2 reroll", "die 2 to 2", "run t0", "run t1 extra",
                  "stop", "skip", "pass", "gain steel", "blueprint 1 keep", "deploy a1 to t2", "take 3", "draw i"),
    "growsky": ("fly 3 +1", "develop 2", "standby 6", "grow die 3 5", "grow move s2 s5", "upgrade s3", "cube c1",
                "buy m6 s3", "pass", "end", "pick search", "place v3 o1 a1", "place l4 o3 c1"),
}


@pytest.mark.parametrize("key", sorted(VERBS))
def test_a_half_typed_move_is_answered_with_legal_examples_each_given_once(key):
    """`die` with no 4 on the forge once answered "Write `die 6` (the value on the forge), `die 6` to
    change it by one": an example stood in for another of another form."""
    cls = registry.get(key)
    checked = 0
    for game, _last in positions(cls, 12, seed=7):
        for seat in game.to_act():
            legal = set(game.legal_moves(seat))
            for text in probes(key):
                if text in legal:
                    continue
                trial = cls.load(game.dump())
                try:
                    trial.play(seat, text)
                except IllegalMove as error:
                    examples = [e for e in re.findall(r"`([^`]+)`", str(error))
                                if e.split(" ")[0] in VERBS[key] and e != text and reads(cls, e)]
                    assert all(e in legal for e in examples), (key, text, str(error))
                    assert len(examples) == len(set(examples)), (key, text, str(error))
                    checked += len(examples)
    assert checked > 20

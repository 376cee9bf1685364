"""Every notation example of the Grow Sky rules help plays, in a position where it is legal, and a
lenient spelling is logged as listed. The move table itself (moves.py) is checked with every
game's in the conformance suite (tests/games/test_conformance_notation.py)."""

from __future__ import annotations

import re

import pytest

from games.growsky import GAME
from tests.games.test_growsky_helpers import clear_route, ready


def examples() -> set[str]:
    return set(re.findall(r"`([a-z][a-z0-9 +]*)`", GAME.rules_help()))


def position_for(move: str):
    """A game in which `move` is legal (the help's examples need dice, fuel, tiles, cubes ...)."""
    if move.startswith("side"):
        return GAME.new(2, {"advanced": True}, seed=1), 0
    if move.startswith("draft"):
        game = GAME.new(2, seed=1)
        return game, game.current()
    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.grow, board.cubes = 10, 8, [0, 2, 2, 1]
    game.dice = [2, 3, 4, 5]
    clear_route(game, seat)
    for space in (1, 2):
        tile = game.bag.pop(0)
        board.route[space].append([tile, 0])
    if move == "end":
        game.die_used = True
    elif move.startswith("pick"):
        game.queue = ["rudder|search"]
    elif move.startswith(("buy", "pass")):
        game.queue = ["buy:2"]
    elif move.startswith("place"):
        game.queue = ["part:2"]
    return game, seat


HELP_EXAMPLES = sorted(examples() - {"advanced=on", "instant=on"})


def test_the_help_gives_examples_of_every_verb():
    verbs = {m.split(" ")[0] for m in HELP_EXAMPLES}
    assert {"fly", "develop", "standby", "end", "upgrade", "cube", "grow", "pick", "buy", "pass", "place",
            "side", "draft"} <= verbs


@pytest.mark.parametrize("move", HELP_EXAMPLES)
def test_each_example_of_the_rules_help_plays(move):
    game, seat = position_for(move)
    before = game.dump()
    game.play(seat, move)
    assert game.dump() != before


def test_a_lenient_spelling_is_logged_as_listed():
    game = ready(2, 1)
    seat = game.current()
    game.boards[seat].fuel = 10
    face = game.dice[0]
    for typed, listed in ((f"fly {face} +0", f"fly {face}"), (f"FLY {face}  1", f"fly {face} +1"),
                          (f"fly {face} +1 pay fuel", f"fly {face} +1")):
        assert game.canonical(seat, typed) == listed
        trial = game.copy()
        trial.play(seat, typed)
        assert trial.last["move"] == listed

"""Grow Sky refusals of parts, cubes, upgrades, purchases and grow: what is wrong with the move
typed, and an example that is legal now."""

from __future__ import annotations

import re

import pytest

from games.base import IllegalMove
from tests.games.test_growsky_helpers import clear_route, ready


def refusal(game, seat: int, move: str) -> str:
    before = game.dump()
    with pytest.raises(IllegalMove) as error:
        game.play(seat, move)
    assert game.dump() == before
    return str(error.value)


def examples_in(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def assert_legal_examples(game, seat: int, text: str, verb: str, typed: str = "") -> None:
    """At least one example of that verb, and every move example (not the move typed) legal now."""
    legal = set(game.legal_moves(seat))
    moves = [e for e in examples_in(text)
             if e.split(" ")[0] in ("place", "cube", "upgrade", "buy", "grow", "pass", "fly", "standby", "develop")
             and e != typed]
    assert any(e.startswith(verb) for e in moves), text
    assert all(e in legal for e in moves), text


def waiting(kind: str, fuel: int = 0, cubes=(0, 0, 0, 0)):
    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = fuel, list(cubes)
    game.queue = [kind]
    return game, seat


@pytest.mark.parametrize(("move", "why"), [
    ("place l4 o1 a1", "costs 1 fuel"),  # an upgrade the seat cannot pay
    ("place i2 o1 a1", "tier 2"),  # a smaller part than the one gained
    ("place v3 o1 a3", "rest on the floor"),
])
def test_a_wrong_part_says_what_is_wrong_with_it(move, why):
    game, seat = waiting("part:2")
    text = refusal(game, seat, move)
    assert why in text and not text.startswith("First"), text
    assert_legal_examples(game, seat, text, "place v3")


def test_a_part_on_a_filled_square_names_the_square():
    game, seat = waiting("part:2")
    game.play(seat, "place v3 o1 a1")
    game.queue = ["part:2"]
    text = refusal(game, seat, "place v3 o1 a1")
    assert "a1" in text and "filled" in text, text
    assert_legal_examples(game, seat, text, "place v3")


def test_a_part_of_a_tier_that_ran_out():
    game, seat = waiting("part:2", fuel=3)
    game.part_supply[2] = 0  # no l4 left
    text = refusal(game, seat, "place l4 o1 a1")
    assert "no l4" in text.lower() or "none is left" in text, text
    assert_legal_examples(game, seat, text, "place")


def cube_seat(lv3: int = 1):
    game = ready(2, 1)
    seat = game.current()
    game.boards[seat].cubes = [0, 0, 0, lv3]
    return game, seat


def test_a_cube_refused_says_why():
    game, seat = cube_seat(0)
    assert "no Lv. 3" in refusal(game, seat, "cube a1")
    game, seat = cube_seat(2)
    game.play(seat, "cube a1")
    text = refusal(game, seat, "cube a1")
    assert "a1" in text and "filled" in text, text
    assert_legal_examples(game, seat, text, "cube")
    text = refusal(game, seat, "cube c3")
    assert "rest on the floor" in text, text
    assert_legal_examples(game, seat, text, "cube")


def test_an_upgrade_refused_says_why():
    game, seat = cube_seat(1)
    board = game.boards[seat]
    clear_route(game, seat)
    board.route[1].append([game.bag.pop(0), 0])
    board.route[2].append([game.bag.pop(0), 1])
    text = refusal(game, seat, "upgrade s5")
    assert "s5 has no route tile" in text, text
    assert_legal_examples(game, seat, text, "upgrade s2")
    text = refusal(game, seat, "upgrade s3")
    assert "already" in text, text
    text = refusal(game, seat, "upgrade s13")
    assert "s1 to s12" in text, text
    board.cubes[3] = 0
    assert "no Lv. 3" in refusal(game, seat, "upgrade s2")


def test_a_purchase_refused_says_why():
    game, seat = waiting("buy:2", fuel=1)
    game.market[2] = None
    text = refusal(game, seat, "buy m3 s1")
    assert "m3 is empty" in text, text
    assert_legal_examples(game, seat, text, "buy")
    text = refusal(game, seat, "buy m6 s1")
    assert "costs 2 fuel" in text and "you can pay 1" in text, text
    assert_legal_examples(game, seat, text, "buy")
    text = refusal(game, seat, "buy m1 s13")
    assert "s1 to s12" in text, text
    text = refusal(game, seat, "buy m9 s1")
    assert "m1 to m8" in text, text


def test_a_purchase_with_none_waiting_says_so():
    game = ready(2, 1)
    seat = game.current()
    text = refusal(game, seat, "buy m1 s1")
    assert "purchase" in text, text


def test_grow_refused_says_why():
    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.grow = 2
    text = refusal(game, seat, "grow fuel2")
    assert "costs 3 grow" in text and "you have 2" in text, text
    assert_legal_examples(game, seat, text, "grow fuel", "grow fuel2")
    board.grow = 4
    missing = next(f for f in range(1, 7) if f not in game.dice)
    text = refusal(game, seat, f"grow die {missing} 5")
    assert f"no die shows {missing}" in text.lower(), text
    assert_legal_examples(game, seat, text, "grow die")
    clear_route(game, seat)
    board.route[0].append([game.bag.pop(0), 0])
    text = refusal(game, seat, "grow move s2 s5")
    assert "s2 has no route tile" in text, text
    assert_legal_examples(game, seat, text, "grow move s1")
    text = refusal(game, seat, "grow move s1 s1")
    assert "another space" in text, text


def test_a_flight_too_dear_says_its_cost_and_gives_one_that_can_be_paid():
    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 2, [0, 0, 0, 0]
    face = game.dice[0]
    text = refusal(game, seat, f"fly {face} +1")
    assert "costs 5" in text and "you can pay 2" in text, text
    assert_legal_examples(game, seat, text, "fly", f"fly {face} +1")
    missing = next(f for f in range(1, 7) if f not in game.dice)
    text = refusal(game, seat, f"standby {missing}")
    assert f"No die shows {missing}" in text, text
    assert_legal_examples(game, seat, text, "standby", f"standby {missing}")

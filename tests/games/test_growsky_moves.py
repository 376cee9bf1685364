"""Grow Sky's one move parser (games/growsky/moves.py): every listed move reads back as itself,
the table of verbs covers every kind of move, and text outside the notation is refused."""

from __future__ import annotations

import random

import pytest

import games.growsky.moves as notation
from games.base import IllegalMove
from games.growsky import GAME
from games.growsky.moves import NOTATION, Fly, Move, Pay, Pick, PickNth, Place, parse, text
from tests.games.test_growsky_helpers import ready


def test_every_listed_move_parses_and_is_written_back_as_listed():
    kinds = set()
    for seed in range(6):
        game = GAME.new(2 + seed % 3, {"advanced": seed % 2 == 0}, seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            moves = game.legal_moves(seat)
            for move in moves:
                value = parse(move)
                kinds.add(type(value) if not isinstance(value, Pay) else (Pay, type(value.move)))
                assert text(value) == move
                assert parse(text(value)) == value
            game.play(seat, rng.choice(moves))
    # a playout meets nearly every kind of move (a lenient `pick 2` is never listed)
    assert len({k for k in kinds if not isinstance(k, tuple)}) >= len(NOTATION.verbs) - 3, kinds


def test_the_verb_table_covers_every_kind_of_move():
    assert set(NOTATION.verbs) == set(Move.__args__)


@pytest.mark.parametrize(("typed", "value"), [
    ("fly 3 +0", Fly(3)),
    ("fly 3 1", Fly(3, 1)),
    ("fly 3 +2", Fly(3, 2)),
    ("pick 2", PickNth(2)),
    ("pick fuel", Pick("fuel")),
    ("place v3 o1 a1 pay lv2", Pay(Place("v3", "v3 o1 a1"), "lv2")),
])
def test_lenient_spellings_parse_to_the_values_the_game_resolves(typed, value):
    assert parse(typed) == value


@pytest.mark.parametrize("typed", [
    "", "xyzzy", "fly", "fly 03", "fly 3 +x", "fly 3 +", "fly ３", "draft p01 s1", "buy m1", "buy m1 s5 s6",
    "grow", "grow die 1", "grow move 1 2", "grow sky", "place v3", "place cube a1", "cube z9", "side c",
    "end now", "fly 3 pay lv9", "upgrade s²",
])
def test_text_outside_the_notation_is_refused_in_words(typed):
    with pytest.raises(IllegalMove, match="not a Grow Sky move"):
        parse(typed)


def test_steps_joined_with_a_semicolon_parse_to_a_tuple():
    assert NOTATION.parse_steps("buy m1 s5 ;  pass") == (notation.Buy(1, 5), notation.Pass())


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

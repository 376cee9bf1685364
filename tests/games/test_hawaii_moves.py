"""The Hawaiian Islands' move values: one parser and one writer that agree with the rules, a
computer player apart from game.py, and no import circle among the game's modules."""

from __future__ import annotations

import random
from pathlib import Path
from typing import get_args

import pytest

from games.base import IllegalMove
from games.hawaii import GAME, ai
from games.hawaii import moves as M
from games.hawaii.players import COMPUTER

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "hawaii"


def positions(seeds: range, by_ai: bool = False):
    for seed in seeds:
        game = GAME.new(1, {"difficulty": ("easy", "standard", "very_hard")[seed % 3]}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            yield game
            legal = game.legal_moves(0)
            game.play(0, game.ai_move(0, rng) if by_ai and rng.random() < 0.7 else rng.choice(legal))


def test_every_legal_move_reads_into_a_value_that_writes_it_back():
    kinds = set()
    for game in positions(range(40)):
        for move in game.legal_moves(0):
            value = M.parse(move)
            kinds.add(type(value))
            assert M.text(value) == move
            assert M.parse(M.text(value)) == value
    for game in positions(range(3), by_ai=True):
        for move in game.legal_moves(0):
            kinds.add(type(M.parse(move)))
    assert kinds == set(get_args(M.Move))


def test_the_table_of_verbs_covers_every_kind_of_move_once():
    assert set(M.NOTATION.verbs) == set(get_args(M.Move))
    assert len(M.NOTATION.readers) == len(M.NOTATION.verbs)


@pytest.mark.parametrize("text", ["", "fly", "shares x", "shares 1 2", "action fly", "connect oahu",
                                  "connect oahu-lanai", "urbanize atlantis red", "done now", "deliver pink oahu-maui",
                                  "deliver red oahu", "deliver red oahu-x", "place red 9,9", "place red 1,x",
                                  "place red ²,1", "shares ④"])
def test_a_text_outside_the_notation_is_refused_by_the_parser(text):
    with pytest.raises(IllegalMove):
        M.parse(text)


def test_the_parser_reads_the_notation_not_the_state():
    # a move that is not allowed now still has its value: the rules refuse it with a reason
    assert M.parse("connect maui-oahu") == M.Connect(M.parse("connect oahu-maui").route)
    assert M.parse("urbanize maui black") == M.Urbanize(1, "black")
    assert M.parse("place pink 2,3") == M.Place("pink", 1, 2)


def test_copy_is_a_full_and_independent_copy():
    for n, game in enumerate(positions(range(6))):
        if n % 5:
            continue
        copy = game.copy()
        assert copy.dump() == game.dump()
        legal = copy.legal_moves(0)
        copy.play(0, legal[-1])
        assert GAME.load(game.dump()).dump() == game.dump()


def test_the_computer_player_lives_apart_from_the_rules():
    assert GAME.computer is COMPUTER
    game = GAME.new(1, {}, seed=3)
    assert game.ai_move(0, random.Random(1)) == COMPUTER.normal(game, 0, random.Random(1))


def test_a_planner_that_finds_no_plan_fails_instead_of_playing_some_move(monkeypatch):
    game = GAME.new(1, {}, seed=3)
    monkeypatch.setattr(ai, "best_plan", lambda game, rng=None, w=ai.DEFAULT_WEIGHTS: None)
    with pytest.raises(RuntimeError):
        game.ai_move(0, random.Random(1))

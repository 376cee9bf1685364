"""Propeller Islands: one parser and one writer of the notation, and players that never hide a bug."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalMove
from games.propeller import GAME, ai
from games.propeller import moves as M
from tests.helpers import random_positions


def positions(players: int, seed: int):
    return random_positions(GAME, players, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_parses_to_values_written_back_as_the_same_text(players):
    kinds = set()
    for game in positions(players, 60 + players):
        for seat in game.to_act():
            for move in game.legal_moves(seat):
                steps = M.NOTATION.parse_steps(move)
                kinds.update(type(step) for step in steps)
                assert M.NOTATION.steps_text(steps) == move
                assert all(M.parse(M.text(step)) == step for step in steps)
                assert M.group(move) in {verb.group for verb in M.NOTATION.verbs.values()}
    assert kinds >= {M.Character, M.Die, M.Claim, M.Discard, M.Run, M.Stop, M.Blueprint, M.Pass, M.Take}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("die 4", M.Die(4)),
        ("die 4 to 5", M.Die(4, 5)),
        ("die 4 reroll", M.Die(4, reroll=True)),
        ("claim b at 1,-1", M.Claim("b", 1, -1)),
        ("run t0 goods", M.Run(0, "goods")),
        ("run t13 buy steel extra", M.Run(13, "buy steel", True)),
        ("run t3 extra", M.Run(3, extra=True)),
        ("deploy a2 to t3", M.Deploy("a2", 3)),
        ("place 1,0", M.Place(1, 0)),
        ("blueprint 12 on t3", M.Blueprint(12, 3)),
        ("blueprint 12 keep", M.Blueprint(12)),
        ("draw ii", M.Draw("ii")),
        ("value 5", M.Value(5)),
    ],
)
def test_each_notation_reads_as_its_value_and_back(text, value):
    assert M.parse(text) == value
    assert M.text(value) == text


def test_steps_sent_together_read_in_order():
    assert M.NOTATION.parse_steps("die 5; run t0 goods ;; stop") == (M.Die(5), M.Run(0, "goods"), M.Stop())


@pytest.mark.parametrize(
    "text",
    ["", "fly 2", "die 7", "die ٣", "die 4 to", "claim b 1,-1", "claim z at 1,1", "claim b at 1,x", "run 3",
     "run t3 dance", "deploy e9 to t1", "place 1", "gain wool", "blueprint 12 on 3", "draw iii", "stop now",
     "take x"],
)
def test_a_text_outside_the_notation_is_refused(text):
    with pytest.raises(IllegalMove):
        M.parse(text)


def test_every_move_class_has_one_verb():
    assert set(M.NOTATION.verbs) == set(M.Move.__args__)
    assert {verb.word for verb in M.NOTATION.verbs.values()} == set(M.NOTATION.readers)


def test_the_player_has_no_move_to_invent_when_none_is_legal():
    game = GAME.new(2, {}, 1)
    other = [s for s in range(2) if s not in game.to_act()][0]
    with pytest.raises(ValueError, match="no move"):
        ai.choose(game, other, random.Random(0))


def test_the_hard_player_has_no_move_to_invent_either():
    game = GAME.new(2, {}, 1)
    other = [s for s in range(2) if s not in game.to_act()][0]
    with pytest.raises(ValueError, match="no move"):
        game.computer.hard(game, other, random.Random(0), 1.0)

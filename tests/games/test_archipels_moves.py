"""Archipels: one parser and one writer of the notation, and a player that never hides a bug."""

from __future__ import annotations

import random

import pytest

from games.archipels import GAME, ai
from games.archipels import moves as M
from games.base import IllegalMove
from tests.helpers import random_positions


def positions(players: int, seed: int):
    return random_positions(GAME, players, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_parses_to_a_value_written_back_as_the_same_text(players):
    kinds = set()
    for game in positions(players, 40 + players):
        for move in game.legal_moves(game.to_act()[0]):
            parsed = M.parse(move)
            kinds.add(type(parsed))
            assert M.text(parsed) == move
            assert M.parse(M.text(parsed)) == parsed
    assert kinds >= {M.Take, M.Place, M.Dock, M.Done, M.Flower}


def test_lenient_spellings_read_as_the_canonical_value():
    assert M.parse("take r2 3,c1") == M.Take("r2", ("c1", "c3"))
    assert M.text(M.parse("take c4 r5, r2")) == "take c4 r2,r5"
    assert M.parse("place 057 +2,-1") == M.Place(57, 2, -1)
    assert M.parse("dock t09") == M.Dock(9)
    assert M.parse("done") == M.Done()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("hop r2", "Unknown move `hop r2`."),
        ("take r9 c1", "Name a line"),
        ("paddle r2 c1", "Write `paddle r2`"),
        ("take r2", "Say which tiles of row 2"),
        ("take r2 c1,c1", "Each tile can be taken once."),
        ("take r2 c7", "`c7` is not a column (1 to 5)."),
        ("place t5 2", "Give a position"),
        ("place t5 ٣,1", "Give a position"),
        ("place", "Name a tile"),
        ("dock x5", "`x5` is not a tile"),
        ("done now", "Write `done`."),
        ("flower r3c2", "Write `flower r3c2 octopus`"),
        ("flower r9c2 octopus", "There is no space r9c2 on the board."),
    ],
)
def test_a_text_outside_the_notation_is_refused_with_its_reason(text, reason):
    with pytest.raises(IllegalMove, match=reason.replace("(", r"\(").replace(")", r"\)")):
        M.parse(text)


def test_every_move_class_has_one_verb_with_text_description_and_group():
    assert set(M.NOTATION.verbs) == set(M.Move.__args__)
    assert len({verb.word for verb in M.NOTATION.verbs.values()}) == len(M.NOTATION.verbs)


def test_the_player_raises_rather_than_playing_a_random_move_when_its_choice_is_not_legal(monkeypatch):
    game = GAME.new(2, {}, 3)
    seat = game.to_act()[0]
    monkeypatch.setattr(ai, "_choose_take", lambda *args: "take r9 c9")
    with pytest.raises(ValueError, match="may not play"):
        ai.choose(game, seat, random.Random(0))

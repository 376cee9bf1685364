"""Every text `play` accepts has one canonical form: in `legal_moves`, playing the same.

The log keeps `canonical(seat, text)` and never the text as typed, so a lenient spelling that
`play` accepts (`settlement 044`, `fly 2 +0`, `character marie ;`) must come back as the legal
move it stands for. Checked for every registered game on spellings a player might type:
case, spaces, leading zeros, a `+` before a number, a trailing `;` or `+0`.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from games.base import Game, IllegalMove
from tests.games.test_conformance import GAMES, game_class, positions

PER_POSITION = 40  # legal moves respelled at one position (a sample when there are more)


def respellings(move: str) -> list[str]:
    """Texts a player might type for `move`: some the game accepts, some it refuses."""
    out = [move.upper(), f"  {move}  ", move.replace(" ", "  "), f"{move} ;", f"{move};", f"{move} +0"]
    out.append(re.sub(r"(?<![\w.])(\d+)", r"0\1", move))  # every number with a leading zero
    out.append(re.sub(r"(?<![\w.+-])(\d+)", r"+\1", move, count=1))
    out.append(re.sub(r"(\d+)", r"0\1", move, count=1))  # a zero inside a name too (`t03`, `m01`)
    out.append(move.replace(",", ", "))
    if " " in move:
        out.append(move.rsplit(" ", 1)[0] + " 0" + move.rsplit(" ", 1)[1])
    return [text for text in dict.fromkeys(out) if text != move]


def state(game: Game) -> str:
    return json.dumps(game.dump(), sort_keys=True)


@pytest.mark.parametrize("key", GAMES)
def test_every_accepted_spelling_is_logged_as_a_legal_move_that_plays_the_same(key):
    cls = game_class(key)
    rng = random.Random(8)
    tried = accepted = 0
    for game, _last in positions(cls, 8, seed=3):
        for seat in game.to_act():
            legal = game.legal_moves(seat)
            sample = legal if len(legal) <= PER_POSITION else rng.sample(legal, PER_POSITION)
            for move in sample:
                for text in respellings(move):
                    tried += 1
                    typed = game.copy() if hasattr(game, "copy") else cls.load(game.dump())
                    try:
                        typed.play(seat, text)
                    except IllegalMove:
                        continue
                    accepted += 1
                    canonical = game.canonical(seat, text)
                    assert canonical in legal, (key, text, canonical)
                    played = cls.load(game.dump())
                    played.play(seat, canonical)
                    assert state(played) == state(typed), (key, text, canonical)
    assert tried and accepted  # some spellings are accepted (case at least), so the check ran

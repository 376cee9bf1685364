"""A computer seat decides from what it may see.

The computer's generator is seeded by the table's seed and what its seat sees (`position_rng`),
so another seat's card, or the dice to come, cannot steer it.
"""

from __future__ import annotations

import random

import pytest

from bot.core.service import position_rng
from games import registry
from games.base import Game, Rng
from tests.helpers import random_positions


def unseen_twins(game: Game, seat: int, index: int) -> list[Game]:
    """The game with what `seat` cannot see drawn afresh: the dice and draws to come, and where the
    game can draw them, the others' cards and the piles' order too."""
    dice = game.copy()
    dice.rng = Rng(10_000 + index)
    redraw = getattr(game, "redraw_hidden", None)
    return [dice] + ([redraw(seat, random.Random(index))] if redraw else [])


@pytest.mark.parametrize("key", registry.available())
def test_the_generator_reads_what_the_seat_sees(key):
    """Everything a seat cannot see drawn afresh leaves its generator as it was; another seat,
    another position or another table's seed changes it."""
    cls = registry.get(key)
    players = min(cls.max_players, 3)
    spots = [game.copy() for index, game in enumerate(random_positions(cls, players, 5)) if index % 4 == 0]
    firsts, redrawn = [], 0
    for index, game in enumerate(spots):
        for seat in range(players):
            for twin in unseen_twins(game, seat, index):
                redrawn += twin.dump() != game.dump()
                assert position_rng(5, twin, seat).random() == position_rng(5, game, seat).random(), (index, seat)
        draws = [position_rng(5, game, seat).random() for seat in range(players)]
        assert len(set(draws)) == players, index  # seat to seat
        assert position_rng(6, game, 0).random() != draws[0]  # table to table
        firsts.append(draws[0])
    assert redrawn >= len(firsts) * players  # the twins differed indeed
    assert len(set(firsts)) == len(firsts)  # position to position

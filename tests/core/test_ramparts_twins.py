"""The hidden-information twins (tests/core/test_computer_twins.py) at a Ramparts table: two
tables dealt alike but for one progress card in the person's hand log the same moves for every
computer seat and for what the table plays for the person, so nothing the table decides depends
on a progress card it cannot see."""

from __future__ import annotations

import pytest

from games.base import Game
from games.pioneers import progress as P
from tests.core import test_computer_twins as twins
from tests.helpers import ALICE, BOB


def swap_progress(game: Game, seat: int) -> bool:
    """One progress card of the seat's hand traded with the deepest card of another name in its
    deck (drawn last); point cards stay out of it, as they never reach a hand."""
    for index, card in enumerate(game.progress[seat]):
        deck = game.decks[P.CARDS[card][0]]
        for place in range(len(deck) - 1, -1, -1):
            other = deck[place]
            if other != card and other not in P.POINT_CARDS:
                game.progress[seat][index], deck[place] = other, card
                return True
    return False


@pytest.fixture
def ramparts_twins(monkeypatch):
    opened = twins.open_table

    async def ramparts_table(service, key, people, **kw):
        table = await opened(service, key, people, options="ramparts=on", **kw)
        for person in people:  # standing answers of every kind set, so each is compared too
            assert (await service.handle(person, "auto", {"discard": "ink wool", "give": "silver grain",
                                                          "track": "lore", "cistern": "brick"})).ok
        return table

    monkeypatch.setattr(twins, "open_table", ramparts_table)
    monkeypatch.setitem(twins.SWAPS, "pioneers", swap_progress)


@pytest.mark.slow
async def test_a_progress_card_in_a_persons_hand_steers_nothing_the_table_plays(tmp_path, ramparts_twins):
    run = await twins.play_twins(tmp_path, "pioneers", 13, 160, people=(ALICE, BOB), levels=("easy", "normal"),
                                 played_for=ALICE)
    assert run.swapped_at is not None, "Bob never held a progress card to swap"
    assert not run.differed, run
    assert sum(run.compared.values()) >= 20, run

"""The hidden-information twins (tests/core/test_computer_twins.py) with standing answers and a
plan set for every person: two tables dealt alike but for one hidden card still log the same
moves, so what the table plays for a person never depends on a card the table cannot see."""

from __future__ import annotations

import pytest

from bench.calls import STANDING
from bot.features.plans import Plans
from tests.core import test_computer_twins as twins
from tests.helpers import ALICE, BOB


def then_settle(call, plans: Plans):
    async def settled(*args, **kwargs):
        reply = await call(*args, **kwargs)
        await plans.settle_posts()
        return reply
    return settled


@pytest.fixture
def with_answers_and_plans(monkeypatch):
    opened = twins.open_table
    tried = []  # the plans checked when their turn came (played or dropped)
    checked = Plans._try

    async def counted(self, loaded, plan):
        tried.append(plan.move)
        await checked(self, loaded, plan)

    monkeypatch.setattr(Plans, "_try", counted)

    async def open_with_auto(service, key, people, **kw):
        table_id = await opened(service, key, people, **kw)
        if not getattr(service, "settled", False):  # a plan's move lands before the next look at the tables
            service.settled = True
            plans = next(e for e in service.extensions if isinstance(e, Plans))
            for name in ("handle", "play_for"):  # a person's move, and a missed turn's
                monkeypatch.setattr(service, name, then_settle(getattr(service, name), plans))
        answers = STANDING.get(key, {})
        for person in people:
            if answers:
                assert (await service.handle(person, "auto", answers)).ok
            loaded = await service.table(table_id)
            game = loaded.game
            if loaded.seat_of(person.user_id).seat not in game.to_act():
                planned = game.legal_moves(game.to_act()[0])[-1]
                await service.handle(person, "plan", {"move": planned})  # kept if it may be planned
        return table_id

    monkeypatch.setattr(twins, "open_table", open_with_auto)
    return tried


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(twins.SWAPS))
async def test_a_card_in_a_persons_hand_steers_nothing_played_for_anyone(tmp_path, key, with_answers_and_plans):
    run = await twins.play_twins(tmp_path, key, 13, 2 * twins.PERSON_MOVES[key], people=(ALICE, BOB),
                                 levels=("easy",), played_for=ALICE)
    assert run.swapped_at is not None, "Bob never held a card to swap"
    assert not run.differed, run
    assert run.compared["easy"] >= 20, run
    assert with_answers_and_plans, "no plan came to be tried"

"""/plan quotes back what was typed as /move does: cut short, never a pasted page whole."""

from __future__ import annotations

import pytest

from bot.extensions import install
from tests.helpers import Clock, open_table, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")


async def players(tmp_path):
    service = await service_at(tmp_path / "t.db", clock=Clock())
    install(service, prepare_daily=False)
    people = (who("Alice", 1), who("Bob", 2))
    table_id = await open_table(service, "pioneers", people)
    loaded = await service.table(table_id)
    first = next(p for p in people if p.user_id == loaded.by_seat(loaded.game.current).user_id)
    return service, first, next(p for p in people if p is not first)


@pytest.mark.parametrize("typed", ["settle " + "9" * 6000, "x" * 390 + " nonsense"])
async def test_a_long_plan_is_quoted_back_cut_as_a_move_is(tmp_path, typed):
    service, first, second = await players(tmp_path)
    planned = await service.handle(second, "plan", {"move": typed})
    moved = await service.handle(first, "move", {"move": typed})
    assert not planned.ok and not moved.ok
    assert len(planned.private) < 700, len(planned.private)
    assert typed[:60] not in planned.private and typed[:60] not in moved.private
    await service.store.close()

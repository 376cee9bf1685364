"""The service's memory stays bounded however many tables it has seen: active tables only, the
least recently used dropped past the bound, locks gone with their tables. (The 12,000-table
figure is measured in bench/load.py.)"""

from __future__ import annotations

import gc

from bot.core.cache import TableCache
from bot.extensions import install
from tests.helpers import service_at, who


async def test_finished_and_cancelled_tables_leave_the_cache_and_the_bound_holds(tmp_path, sticks):
    service = await service_at(tmp_path / "t.db")
    installed = install(service, prepare_daily=False)
    service._cache.size = 5
    for n in range(20):
        host, guest = who("Ann", 1, channel=1000 + n), who("Ben", 2, channel=1000 + n)
        assert (await service.handle(host, "open", {"game": "sticks", "options": "sticks=4 most=4"})).ok
        assert (await service.handle(guest, "join")).ok
        assert (await service.handle(host, "start")).ok
        if n % 3 == 0:
            ask = await service.handle(host, "resign")  # two players: it asks to confirm first
            assert (await service.press(host, ask.buttons[0].custom_id)).ok  # finished by resigning
        elif n % 3 == 1:
            row = await service.store.open_table(1000 + n)
            seat = service._cache[row.id].game.to_act()[0]
            mover = host if next(s for s in await service.store.seats(row.id) if s.seat == seat).user_id == 1 else guest
            assert (await service.handle(mover, "move", {"move": "take 4"})).ok  # finished by winning
        assert len(service._cache) <= 5
    await installed.timing.settle()
    active = {row.id for row in await service.store.tables(None, ("active",))}
    assert len(active) == 6  # n % 3 == 2
    assert set(service._cache._items) <= active  # never a finished table
    gc.collect()
    assert len(service._locks) == 0 and len(installed.timing._locks) == 0  # no lock outlives its use


def test_the_cache_drops_the_least_recently_used_and_tables_that_ended():
    class Row:
        def __init__(self, status):
            self.status = status

    class Item:
        def __init__(self, status="active"):
            self.row = Row(status)

    cache = TableCache(size=2)
    a, b, c = Item(), Item(), Item()
    cache[1], cache[2] = a, b
    assert cache.get(1) is a  # 1 is now the most recently used
    cache[3] = c
    assert 2 not in cache and cache.get(1) is a and cache.get(3) is c
    a.row.status = "finished"  # a move ended it while cached
    assert cache.get(1) is None and 1 not in cache
    cache[4] = Item("cancelled")
    assert 4 not in cache

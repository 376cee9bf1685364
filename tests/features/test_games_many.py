"""/games reads a member's tables all at once: the statements it sends to the database do not grow with
the number of tables (one round trip each on PostgreSQL). Its speed at 1,000 tables is measured in
bench/games_list.py."""

from __future__ import annotations

import pytest

from bot.extensions import install
from tests.discord.test_statements import counting
from tests.helpers import open_table, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")


async def statements_of_games(service, installed, monkeypatch, asker) -> tuple[int, str]:
    await installed.timing.settle()
    with monkeypatch.context() as patch:
        counter = counting(service.store, patch)
        reply = await service.handle(asker, "games")
    assert reply.ok, reply.private
    return counter.count, reply.private


async def test_games_asks_the_database_as_often_for_thirty_tables_as_for_three(tmp_path, monkeypatch):
    service = await service_at(tmp_path / "t.db")
    installed = install(service, prepare_daily=False)
    asker = who("Alice", 1, channel=5)
    counts = []
    for first, last in ((100, 103), (103, 130)):
        for channel in range(first, last):
            await open_table(service, "pioneers", (who("Alice", 1, channel=channel), who("Bob", 2, channel=channel)))
        count, text = await statements_of_games(service, installed, monkeypatch, asker)
        assert f"Your tables in this server ({last - 100})" in text
        counts.append(count)
    assert counts[1] == counts[0], counts
    bob = who("Bob", 2, channel=5)
    count, text = await statements_of_games(service, installed, monkeypatch, bob)
    assert "Your tables in this server (30)" in text and count == counts[0]
    await service.store.close()

"""A PostgreSQL server gone while people play: their commands are answered privately with the
reason, nothing is posted or saved, and play goes on once the server is back."""

from __future__ import annotations

from bot.core.service import TableService
from db.store import Store
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, BOB
from tests.discord.test_flow import one_public, only_private, started_table
from tests.test_postgres_outage import relayed  # noqa: F401  (the fixture: a database behind a relay)


async def test_a_move_while_the_database_is_away_is_refused_privately_and_lands_once_it_is_back(
        relayed, sticks, monkeypatch, tmp_path):  # noqa: F811
    dsn, relay = relayed
    store = await Store.open(dsn)
    try:
        async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "unused.db") as bot:
            thread, _, actor = await started_table(bot)
            person = {ALICE.id: ALICE, BOB.id: BOB}[actor]
            before = await store.open_table(thread)
            await relay.cut()
            refused = await bot.command(person, "move", {"move": "take 2"}, channel=thread)
            assert "cannot reach its database" in only_private(refused)
            await relay.start()
            after = await store.open_table(thread)
            assert after.version == before.version and await store.moves(after.id) == []
            landed = await bot.command(person, "move", {"move": "take 2"}, channel=thread)
            one_public(landed)  # the board after the move, once
            assert [m.move for m in await store.moves(after.id)] == ["take 2"]
    finally:
        await store.close()

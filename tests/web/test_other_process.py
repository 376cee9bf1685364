"""A move made by another process on the same database (another shard's bot) reaches the board
pages this process serves, without a reload: on PostgreSQL its notice wakes them at once, on
SQLite their look at the versions every WATCH seconds finds it."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient, TestServer

from bot.adapters.web import server, tokens
from bot.adapters.web.server import WebPages
from tests.helpers import ALICE, BOB, service_at
from tests.web.conftest import NOW, start_table
from tests.web.test_pages import read_event


async def test_a_move_made_by_another_process_reaches_an_open_page(store_kind, tmp_path, monkeypatch):
    # on PostgreSQL the look waits longer than the test does: only the notice can wake it in time
    monkeypatch.setattr(server, "WATCH", 600.0 if store_kind == "postgres" else 0.2)
    if store_kind == "postgres":  # a slow way to the server: the page must be heard before its first event
        import asyncpg

        connect = asyncpg.connect

        async def slowly(*args, **kwargs):
            await asyncio.sleep(0.5)
            return await connect(*args, **kwargs)

        monkeypatch.setattr(asyncpg, "connect", slowly)
    here = await service_at(tmp_path / "shared.db", seeds=lambda: 5)  # serves the pages
    there = await service_at(tmp_path / "shared.db", seeds=lambda: 5)  # plays the move
    pages = WebPages(here, secret="test secret", clock=lambda: NOW)
    here.extend(pages)
    client = TestClient(TestServer(pages.app()))
    await client.start_server()
    try:
        await start_table(there, "pioneers")
        table = (await there.store.open_table(ALICE.channel_id)).id
        states = {}
        for caller in (ALICE, BOB):
            token = tokens.sign(pages.secret, caller.user_id, table, int(NOW + 3600))
            states[caller] = (token, await (await client.get(f"/t/{token}/state")).json())
        mover = next(caller for caller, (_, state) in states.items() if state["your_turn"])
        token, state = states[mover]
        events = await client.get(f"/t/{token}/events")
        assert await read_event(events) == str(state["version"])
        reply = await there.handle(mover, "move", {"move": state["moves"][0]})
        assert reply.ok, reply.private
        saved = (await there.store.table(table)).version
        assert saved > state["version"]
        assert int(await asyncio.wait_for(read_event(events), 60)) == saved
        assert (await (await client.get(f"/t/{token}/state")).json())["version"] == saved
        events.close()
    finally:
        await client.close()

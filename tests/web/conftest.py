"""A served table for the board-page tests: a service on SQLite, the web adapter on an aiohttp test
server, and the helpers to seat Alice and Bob at a started game."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.adapters.console.console import Console, stable_id
from bot.adapters.web import tokens
from bot.adapters.web.server import WebPages
from tests.helpers import ALICE, BOB, open_table, service_at

NOW = 1_800_000_000.0  # the pages' clock, in unix seconds


class Served:
    def __init__(self, service, pages, client):
        self.service, self.pages, self.client = service, pages, client

    def token(self, user_id: int, table_id: int, expires: float | None = None) -> str:
        return tokens.sign(self.pages.secret, user_id, table_id, int(expires or NOW + 3600))

    async def table_id(self) -> int:
        row = await self.service.store.open_table(ALICE.channel_id)
        return row.id

    async def state(self, token: str) -> dict:
        answer = await self.client.get(f"/t/{token}/state")
        assert answer.status == 200, await answer.text()
        return await answer.json()


async def start_table(service, game: str) -> None:
    await open_table(service, game, (ALICE, BOB))


@pytest.fixture
async def served(tmp_path):
    service = await service_at(tmp_path / "web.db", seeds=lambda: 5)
    pages = WebPages(service, secret="test secret", clock=lambda: NOW)
    service.extend(pages)
    client = TestClient(TestServer(pages.app()))
    await client.start_server()
    try:
        yield Served(service, pages, client)
    finally:
        await client.close()


async def console_table(served, tmp_path) -> tuple[Console, int]:
    """A Pioneer's Isle table opened and started by console lines in #web (alice and bob): the
    console and the table's id."""
    console = Console(served.service, tmp_path / "images")
    for line in ("alice: /open game:pioneers", "bob: /join", "alice: /start"):
        said = await console.run_line(f"[#web] {line}")
        assert not any(x.startswith("  !") for x in said), said
    return console, (await served.service.store.open_table(stable_id("#web"))).id

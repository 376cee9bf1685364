"""Fixtures for the Discord adapter's tests: a small game, a real service over a temporary
SQLite file, and the real discord.py client driven in process (harness.py)."""

from __future__ import annotations

from contextlib import asynccontextmanager

import discord
import pytest

import render
from bot.adapters.discord.client import create_bot
from bot.core.service import TableService
from bot.settings import Settings
from db.store import Store
from games import registry
from tests.discord.harness import APP, BOT_USER, Harness

PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(4096)  # stands in for a board picture of the test game


@pytest.fixture
def sticks(monkeypatch):
    """The test game `sticks`, listed in the registry for this test only."""
    monkeypatch.setitem(registry.MODULES, "sticks", "tests.sticks")
    drawn = render.draw
    monkeypatch.setattr(render, "draw", lambda key, view, names: PICTURE if key == "sticks" else drawn(key, view, names))
    return "sticks"


def settings_for(path, dev_guild: int | None = None) -> Settings:
    return Settings(token="test-token", db_path=str(path), dev_guild=dev_guild, log_level="INFO")


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(str(tmp_path / "t.db"))
    yield store
    await store.close()


@asynccontextmanager
async def harness_for(service: TableService, monkeypatch, db_path):
    """A harness around the real client of `service`, logged in as far as interactions need."""
    client = create_bot(service, settings_for(db_path))
    harness = Harness(client, service, monkeypatch)
    async with client:
        state = client._connection
        state.user = discord.ClientUser(state=state, data=BOT_USER)
        state.application_id = APP
        yield harness


@pytest.fixture
async def bot(store, sticks, monkeypatch, tmp_path):
    async with harness_for(TableService(store, draw_images=True), monkeypatch, tmp_path / "t.db") as harness:
        yield harness

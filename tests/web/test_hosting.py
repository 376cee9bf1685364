"""The board pages' settings, and the pages beside the Discord bot only when ISLES_WEB_URL is set."""

from __future__ import annotations

import pytest

from bot.adapters.web.hosting import serve_pages
from bot.settings import SettingError, Settings, WebSettings, web_settings
from tests.helpers import ALICE, service_at
from tests.web.conftest import start_table


def test_the_pages_are_off_until_a_public_url_is_set(monkeypatch):
    for name in ("ISLES_WEB_URL", "ISLES_WEB_HOST", "ISLES_WEB_PORT", "ISLES_WEB_SECRET"):
        monkeypatch.delenv(name, raising=False)
    assert Settings.from_env(env_file=None).web is None
    monkeypatch.setenv("ISLES_WEB_URL", "https://isles.example.org/")
    assert Settings.from_env(env_file=None).web == WebSettings("https://isles.example.org", "127.0.0.1", 8080, "")
    monkeypatch.setenv("ISLES_WEB_PORT", "eighty")
    with pytest.raises(SettingError, match="ISLES_WEB_PORT=eighty"):
        web_settings()
    monkeypatch.setenv("ISLES_WEB_PORT", "9000")
    monkeypatch.setenv("ISLES_WEB_URL", "isles.example.org")
    with pytest.raises(SettingError, match="ISLES_WEB_URL"):
        web_settings()


async def test_the_bot_serves_pages_and_web_only_with_a_url(tmp_path):
    service = await service_at(tmp_path / "a.db")
    assert await serve_pages(service, None) is None
    assert "web" not in {c.name for c in service.commands()}
    pages = await serve_pages(service, WebSettings("https://isles.example.org", "127.0.0.1", 0, "s"))
    try:
        assert "web" in {c.name for c in service.commands()}
        await start_table(service, "pioneers")
        reply = await service.handle(ALICE, "web")
        assert reply.ok and "https://isles.example.org/t/" in reply.private and not reply.text
    finally:
        await pages.stop()


async def test_the_secret_is_made_once_and_kept_in_the_store(tmp_path):
    from bot.adapters.web.tokens import installation_secret

    service = await service_at(tmp_path / "b.db")
    first = await installation_secret(service.store)
    assert len(first) == 64 and await installation_secret(service.store) == first
    assert await installation_secret(service.store, "configured") == b"configured"

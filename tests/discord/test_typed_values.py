"""What people type and are called, through the Discord adapter: every bad /notify zone answered in
words (never "Something went wrong"), and names or typed text that cannot pose as a mention, a
channel link or a masked link in a post."""

from __future__ import annotations

import logging

import pytest

from bot.core import suggestions
from bot.core.service import TableService
from bot.features.notify import Notify
from bot.features.timing import Timing
from db.notify import NotifyStore
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, GUILD
from tests.discord.test_flow import only_private


def with_notify(store) -> TableService:
    service = TableService(store, draw_images=True)
    timing = Timing(service)
    for extension in (timing, Notify(service, timing)):
        service.extend(extension)
    return service


@pytest.fixture
async def notify_bot(store, sticks, monkeypatch, tmp_path):
    async with harness_for(with_notify(store), monkeypatch, tmp_path / "t.db") as harness:
        yield harness


@pytest.mark.parametrize("zone", ["Europe", "x" * 300, "Europe/Paris/", "../etc/passwd", "America/Argentina",
                                  "a\\b", "Europe/Pa ris"])
async def test_every_bad_zone_is_answered_in_words_and_changes_nothing(notify_bot, caplog, zone):
    caplog.set_level(logging.WARNING)
    text = only_private(await notify_bot.command(ALICE, "notify", {"quiet": "22-08", "zone": zone}))
    assert "not a time zone" in text and "Nothing was changed" in text and "went wrong" not in text
    assert len(text) < 400  # a 300-character zone is not quoted back whole
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not (await NotifyStore.of(notify_bot.service.store).pacing(GUILD, ALICE.id)).quiet


async def test_a_zone_typed_in_small_letters_is_kept_as_the_list_writes_it(notify_bot):
    text = only_private(await notify_bot.command(ALICE, "notify", {"quiet": "22-08", "zone": "europe/paris"}))
    assert "(Europe/Paris)" in text
    assert (await NotifyStore.of(notify_bot.service.store).pacing(GUILD, ALICE.id)).zone == "Europe/Paris"


async def test_the_zone_list_is_read_once_not_at_every_keystroke(notify_bot, monkeypatch):
    reads = []
    listed = suggestions.available_timezones

    def counted():
        reads.append(1)
        return listed()

    monkeypatch.setattr(suggestions, "available_timezones", counted)
    if hasattr(suggestions, "zone_names"):
        suggestions.zone_names.cache_clear()
    for typed in ("p", "pa", "par", "pari", "paris"):
        ex = await notify_bot.autocomplete(ALICE, "notify", {"zone": typed}, "zone")
        assert {"name": "Europe/Paris", "value": "Europe/Paris"} in ex.choices
    assert len(reads) <= 1

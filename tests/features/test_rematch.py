"""Rematch: same game, options and computer seats (with their levels), players invited, order drawn anew."""

from __future__ import annotations

import pytest

from bot.adapters.discord.shapes import discord_text
from bot.extensions import install
from bot.features.levels import ComputerLevels
from tests.helpers import ALICE, BOB, CAROL, resign, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL


async def test_rematch_keeps_game_options_and_computer_seats(tmp_path):
    seeds = iter([11, 12, 13])
    service = await service_at(tmp_path / "t.db", seeds=lambda: next(seeds))
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "archipels", "options": ""})
    await service.handle(BOB, "join")
    await service.handle(ALICE, "addai", {"level": "hard"})
    await service.handle(BOB, "addai")
    await service.handle(ALICE, "start")
    await resign(service, ALICE)
    final = await resign(service, BOB)
    assert "over" in final.text
    rematch = next(b for b in final.buttons if b.label == "Rematch")
    old = await service.store.latest_table(ALICE.channel_id)
    assert (await service.handle(CAROL, "rematch")).ok is False  # not a player of that game

    reply = await service.press(BOB, rematch.custom_id)
    assert reply.ok and reply.mentions == [ALICE.user_id] and f"<@{ALICE.user_id}>" in discord_text(reply.text)
    new = await service.store.open_table(ALICE.channel_id)
    assert new.id != old.id and new.game == old.game and new.options == old.options and new.host_id == BOB.user_id
    seats = await service.store.seats(new.id)
    assert [(s.name, s.is_ai) for s in seats] == [("Bob", False), ("Bot 1 (hard)", True), ("Bot 2", True)]
    levels = next(e for e in service.extensions if isinstance(e, ComputerLevels))
    assert list((await levels.levels(new.id)).values()) == ["hard"]
    assert not (await service.handle(ALICE, "start")).ok  # the host starts
    assert (await service.handle(ALICE, "join")).ok
    started = await service.handle(BOB, "start")
    assert started.ok and "begins" in started.text
    order_old = [s.name for s in sorted(await service.store.seats(old.id), key=lambda s: s.seat)]
    order_new = [s.name for s in sorted(await service.store.seats(new.id), key=lambda s: s.seat)]
    assert sorted(order_new) == sorted(order_old)


async def test_no_rematch_of_a_game_still_running(tmp_path):
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "archipels"})
    await service.handle(BOB, "join")
    await service.handle(ALICE, "start")
    reply = await service.handle(ALICE, "rematch")
    assert not reply.ok and "not over" in reply.private


async def test_rematch_keeps_non_default_options(tmp_path):
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "pioneers", "options": "target=8"})
    await service.handle(ALICE, "addai", {"level": "easy"})
    await service.handle(ALICE, "start")
    final = await resign(service, ALICE)
    old = await service.store.latest_table(ALICE.channel_id)
    assert old.status == "finished" and any(b.label == "Rematch" for b in final.buttons)
    assert (await service.handle(ALICE, "rematch")).ok
    new = await service.store.open_table(ALICE.channel_id)
    assert new.options == old.options and new.options["target"] == 8
    assert [s.name for s in await service.store.seats(new.id)] == ["Alice", "Bot 1 (easy)"]

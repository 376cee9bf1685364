"""A user option (bot/core/commands.py kind USER) is Discord's own user picker: it is declared as
type 6, Discord sends the picked user's id with the user resolved, and the service reads a
mention `<@id>`."""

from __future__ import annotations

import pytest

from bot.adapters.discord.client import command_payload, create_bot
from bot.core.commands import USER, Param
from bot.core.service import TableService
from bot.features.ratings import Ratings
from tests.discord import limits
from tests.discord.conftest import harness_for, settings_for
from tests.discord.harness import ALICE, BOB


@pytest.fixture
async def rated_bot(store, monkeypatch, tmp_path):
    service = TableService(store, draw_images=False)
    service.extend(Ratings(service, images=False))
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        yield harness


def picked(harness, person, command: str, option: str, whom) -> dict:
    """The payload Discord sends when `person` picks `whom` in a user option."""
    payload = harness.command_payload(person, command)
    payload["data"]["options"] = [{"type": 6, "name": option, "value": str(whom.id)}]
    payload["data"]["resolved"] = {"users": {str(whom.id): whom.user()},
                                   "members": {str(whom.id): {k: v for k, v in whom.member().items() if k != "user"}}}
    return payload


async def test_stats_user_is_discords_user_picker(store, tmp_path):
    service = TableService(store, draw_images=False)
    service.extend(Ratings(service, images=False))
    stats = next(c for c in command_payload(create_bot(service, settings_for(tmp_path / "t.db")).tree)
                 if c["name"] == "stats")
    option = stats["options"][0]
    assert option["name"] == "user" and option["type"] == 6 and not option.get("autocomplete")
    assert limits.check_command(stats) == []


async def test_a_picked_user_reaches_the_service_as_a_mention(rated_bot):
    exchange = await rated_bot.feed(picked(rated_bot, ALICE, "stats", "user", BOB))
    assert f"<@{BOB.id}> has no rated game" in exchange.private_text
    assert not exchange.public


async def test_stats_without_a_user_is_about_the_caller(rated_bot):
    exchange = await rated_bot.command(ALICE, "stats")
    assert "You have no rated game" in exchange.private_text


def test_only_text_options_have_suggestions():
    with pytest.raises(ValueError):
        Param("who", "Whom", kind=USER, autocomplete="game")
    with pytest.raises(ValueError):
        Param("who", "Whom", kind="colour")

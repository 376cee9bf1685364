"""/auto and /plan through the Discord adapter (captured HTTP): within Discord's limits, answered
privately, a forced roll told in the public post, and a plan posted in the channel as a move is."""

from __future__ import annotations

import pytest

from bot.adapters.discord.client import command_payload, create_bot
from bot.core.service import TableService
from bot.features.auto import FORCED_NOTE, Auto
from bot.features.plans import Plans
from tests.discord import limits
from tests.discord.conftest import harness_for, settings_for
from tests.discord.harness import ALICE, BOB
from tests.discord.test_flow import one_public, only_private

PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}


async def loaded_at(bot, channel_id):
    """The channel's table as the service holds it (seats, names, the live game)."""
    return await bot.service.table((await bot.table(channel_id)).id)


def with_auto(service: TableService) -> Plans:
    service.extend(Auto(service))
    plans = Plans(service)
    service.extend(plans)
    return plans


@pytest.fixture
async def auto_bot(store, monkeypatch, tmp_path):
    service = TableService(store, draw_images=False, seeds=lambda: 7)
    plans = with_auto(service)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        harness.plans = plans
        yield harness


async def test_auto_and_plan_are_within_discords_limits(store, tmp_path):
    service = TableService(store, draw_images=False)
    with_auto(service)
    payload = {c["name"]: c for c in command_payload(create_bot(service, settings_for(tmp_path / "t.db")).tree)}
    for name in ("auto", "plan"):
        assert limits.check_command(payload[name]) == [], name
    options = {o["name"]: o for o in payload["auto"]["options"]}
    assert {"forced", "decline", "discard", "bonus", "side"} <= set(options)
    assert [c["value"] for c in options["forced"]["choices"]] == ["on", "off"]
    assert not any(o.get("required") for o in options.values())  # /auto alone lists your settings


async def setup_moves(bot, thread):
    """The setup played by first listed moves through /move; the last public post."""
    last = None
    for _ in range(40):
        loaded = await loaded_at(bot, thread)
        if loaded.game.phase != "setup":
            return last
        seat = loaded.game.to_act()[0]
        person = PEOPLE[loaded.by_seat(seat).user_id]
        last = one_public(await bot.command(person, "move", {"move": loaded.game.legal_moves(seat)[0]},
                                            channel=thread))
    raise AssertionError("the setup did not end")


async def test_settings_are_private_and_a_forced_roll_is_told_in_public(auto_bot):
    bot = auto_bot
    one_public(await bot.command(ALICE, "open", {"game": "pioneers"}))
    thread = list(bot.threads)[-1]
    one_public(await bot.command(BOB, "join", channel=thread))
    one_public(await bot.command(ALICE, "start", channel=thread))
    listed = only_private(await bot.command(BOB, "auto", channel=thread))
    assert "forced moves: on" in listed and "decline: off" in listed
    saved = only_private(await bot.command(BOB, "auto", {"decline": "all", "discard": "wool grain"}, channel=thread))
    assert "decline: all" in saved and "discard: wool grain" in saved
    refused = only_private(await bot.command(BOB, "auto", {"side": "a"}, channel=thread))
    assert "no standing answer `side:`" in refused
    last = await setup_moves(bot, thread)
    roller = (await loaded_at(bot, thread)).game.current
    name = (await loaded_at(bot, thread)).names()[roller]
    assert FORCED_NOTE.format(name=name) in last.content
    assert (await loaded_at(bot, thread)).game.phase != "roll"


async def test_a_plan_is_private_and_posted_as_a_move_when_its_turn_comes(auto_bot):
    bot = auto_bot
    one_public(await bot.command(ALICE, "open", {"game": "pioneers"}))
    thread = list(bot.threads)[-1]
    one_public(await bot.command(BOB, "join", channel=thread))
    one_public(await bot.command(ALICE, "start", channel=thread))
    game = (await loaded_at(bot, thread)).game
    first = PEOPLE[(await loaded_at(bot, thread)).by_seat(game.current).user_id]
    second = BOB if first is ALICE else ALICE
    mine = game.legal_moves(game.current)[0]
    node = int(mine.split()[1])
    near = {node, *game.NODE_NEIGHBOURS[node]}
    planned = next(m for m in game.legal_moves(game.current) if int(m.split()[1]) not in near)
    answer = only_private(await bot.command(second, "plan", {"move": planned}, channel=thread))
    assert planned in answer
    assert planned in only_private(await bot.command(second, "plan", channel=thread))
    one_public(await bot.command(first, "move", {"move": mine}, channel=thread))
    game = (await loaded_at(bot, thread)).game
    gave = one_public(await bot.command(first, "move", {"move": game.legal_moves(game.current)[0]}, channel=thread))
    assert f"<@{second.id}>" in gave.content  # the turn passes to the planner, as without a plan
    await bot.plans.settle_posts()
    await bot.drain()
    log = await bot.service.store.moves((await loaded_at(bot, thread)).row.id)
    assert (log[-1].user_id, log[-1].move) == (second.id, planned)
    posted = [c.body.get("content", "") for c in bot.posts(thread)]
    assert any(f"built a settlement on {planned.split()[1]}." in text for text in posted), posted

"""/forget-me in the Discord adapter: real discord.py objects, captured HTTP. The question is
private with Confirm and Keep; nothing is deleted without Confirm; on Confirm a game under way
goes on with the computer in the person's seat and its thread is told, naming nobody."""

from __future__ import annotations

import pytest

from bot.adapters.discord.client import command_payload, create_bot
from bot.core.service import TableService
from bot.features import forget
from bot.features.forget import Forget
from db.privacy import PrivacyStore
from tests.discord import limits
from tests.discord.conftest import harness_for, settings_for
from tests.discord.harness import ALICE, BOB, CAROL
from tests.discord.test_flow import one_public, only_private, open_table


def with_forget(store) -> TableService:
    service = TableService(store, draw_images=True)
    service.extend(Forget(service))
    return service


@pytest.fixture
async def bot(store, sticks, monkeypatch, tmp_path):
    async with harness_for(with_forget(store), monkeypatch, tmp_path / "t.db") as harness:
        yield harness


async def three_at_a_table(bot) -> int:
    thread, _ = await open_table(bot, "sticks=40")
    for person in (BOB, CAROL):
        await bot.command(person, "join", channel=thread)
    one_public(await bot.command(ALICE, "start", channel=thread))
    return thread


async def ask(bot):
    ex = await bot.command(ALICE, "forget-me")
    assert only_private(ex) == forget.ASK.format(minutes=10)
    (question,) = ex.private
    assert set(question.buttons()) == {"Confirm", "Keep"}
    assert all(len(custom_id) <= 100 for custom_id in question.buttons().values())
    return question


async def test_forget_me_is_within_discords_limits(store, sticks, tmp_path):
    payload = command_payload(create_bot(with_forget(store), settings_for(tmp_path / "t.db")).tree)
    (found,) = [c for c in payload if c["name"] == "forget-me"]
    assert limits.check_command(found) == [] and "options" not in found or not found["options"]


async def test_keep_deletes_nothing_and_confirm_hands_the_seat_to_the_computer_and_tells_the_table(bot):
    thread = await three_at_a_table(bot)
    store = bot.service.store
    table = (await store.open_table(thread)).id
    question = await ask(bot)
    kept = await bot.press(ALICE, question, question.buttons()["Keep"])
    assert forget.KEPT in kept.private_text and not kept.public
    assert await PrivacyStore.of(store).holds(ALICE.id) > 0
    assert any(s.user_id == ALICE.id and not s.resigned for s in await store.seats(table))

    question = await ask(bot)
    posted = len(bot.posts(thread))
    done = await bot.press(ALICE, question, question.buttons()["Confirm"])
    assert forget.DONE in done.private_text
    assert all(m.channel_id == thread and m.how == "channel" for m in done.public)  # only the table is told
    await bot.drain()
    told = [call.body.get("content") or "" for call in bot.posts(thread)[posted:]]
    assert told and "has left Isles" in told[0] and "The computer plays that seat" in told[0]
    assert not any("alice" in text.lower() or str(ALICE.id) in text for text in told)
    seats = await store.seats(table)
    former = [s for s in seats if s.name.startswith("Former player")]
    assert len(former) == 1 and former[0].resigned and former[0].user_id is None
    assert (await store.table(table)).status == "active"  # Bob and Carol play on
    assert await PrivacyStore.of(store).holds(ALICE.id) == 0

    again = await bot.press(ALICE, question, question.buttons()["Confirm"])
    assert forget.ALREADY in again.private_text and not again.public


async def test_someone_elses_press_deletes_nothing(bot):
    await three_at_a_table(bot)
    question = await ask(bot)
    ex = await bot.press(BOB, question, question.buttons()["Confirm"])
    assert forget.NOT_YOURS in ex.private_text and not ex.public
    assert await PrivacyStore.of(bot.service.store).holds(ALICE.id) > 0


async def test_forget_me_asked_in_a_direct_message_forgets_the_person_in_every_server(bot):
    """What Isles keeps is the person's in every server, so the question may come from a direct
    message with the bot (or a person's own install) as well as from a server."""
    thread = await three_at_a_table(bot)
    store = bot.service.store
    ex = await bot.command_outside(ALICE, "forget-me")
    assert only_private(ex) == forget.ASK.format(minutes=10) and not ex.public
    (question,) = ex.private
    done = await bot.press_outside(ALICE, question, question.buttons()["Confirm"])
    assert forget.DONE in done.private_text
    await bot.drain()
    assert await PrivacyStore.of(store).holds(ALICE.id) == 0
    table = (await store.open_table(thread)).id
    assert any(s.name.startswith("Former player") and s.resigned for s in await store.seats(table))

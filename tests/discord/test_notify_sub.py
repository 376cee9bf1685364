"""/notify's quiet hours and digest, its time zones as typed, and /sub's button in the Discord adapter:
real discord.py objects, captured HTTP, every payload within Discord's limits."""

from __future__ import annotations

import pytest

from bot.adapters.discord.client import command_payload, create_bot
from bot.core.service import TableService
from bot.features.notify import Notify
from bot.features.substitute import Substitutes
from bot.features.timing import Timing
from db.notify import NotifyStore
from tests.discord import limits
from tests.discord.conftest import harness_for, settings_for
from tests.discord.harness import ALICE, BOB, CAROL, GUILD, Person
from tests.discord.test_flow import one_public, only_private, open_table

DAN, ERIN = Person(1005, "dan"), Person(1006, "erin")


def with_features(store) -> TableService:
    service = TableService(store, draw_images=True)
    timing = Timing(service)
    for extension in (timing, Notify(service, timing), Substitutes(service)):
        service.extend(extension)
    return service


@pytest.fixture
async def bot(store, sticks, monkeypatch, tmp_path):
    async with harness_for(with_features(store), monkeypatch, tmp_path / "t.db") as harness:
        yield harness


async def test_notify_and_sub_are_within_discords_limits(store, sticks, tmp_path):
    payload = command_payload(create_bot(with_features(store), settings_for(tmp_path / "t.db")).tree)
    found = {c["name"]: c for c in payload if c["name"] in ("notify", "sub")}
    assert set(found) == {"notify", "sub"}
    assert all(limits.check_command(c) == [] for c in found.values())
    options = {o["name"]: o for o in found["notify"]["options"]}
    assert set(options) == {"mode", "quiet", "zone", "digest"} and options["zone"]["autocomplete"]
    assert [c["value"] for c in options["digest"]["choices"]] == ["off", "hourly"]


async def test_zones_are_offered_as_typed_and_a_bad_one_changes_nothing(bot):
    ex = await bot.autocomplete(ALICE, "notify", {"zone": "paris"}, "zone")
    assert {"name": "Europe/Paris", "value": "Europe/Paris"} in ex.choices and len(ex.choices) <= 25
    assert len((await bot.autocomplete(ALICE, "notify", {"zone": ""}, "zone")).choices) == 25
    text = only_private(await bot.command(ALICE, "notify", {"quiet": "22-08", "zone": "Moon/Base"}))
    assert "not a time zone" in text and "Nothing was changed" in text
    assert not (await NotifyStore.of(bot.service.store).pacing(GUILD, ALICE.id)).quiet
    text = only_private(await bot.command(ALICE, "notify", {"quiet": "22-08", "zone": "Europe/Paris",
                                                            "digest": "hourly"}))
    assert "22:00 to 08:00 (Europe/Paris)" in text and "at most one direct message an hour" in text
    pacing = await NotifyStore.of(bot.service.store).pacing(GUILD, ALICE.id)
    assert (pacing.quiet_from, pacing.quiet_to, pacing.zone, pacing.digest) == (22, 8, "Europe/Paris", "hourly")


async def test_sub_posts_a_button_and_one_of_two_people_takes_the_seat(bot):
    thread, _ = await open_table(bot)
    for person in (BOB, CAROL):
        await bot.command(person, "join", channel=thread)
    await bot.command(ALICE, "start", channel=thread)
    await bot.command(BOB, "resign", channel=thread)  # Bob left: the computer plays his seat
    assert "only the host" in only_private(await bot.command(CAROL, "sub", channel=thread)).lower()
    offered = one_public(await bot.command(ALICE, "sub", channel=thread))
    assert "offers bob's seat" in offered.content.lower()
    label, custom_id = next(iter(offered.buttons().items()))
    assert label == "Take the seat" and len(custom_id) <= 100
    assert "at this table already" in only_private(await bot.press(CAROL, offered, custom_id))
    took = await bot.press(DAN, offered, custom_id)
    assert "takes over bob's seat" in one_public(took).content.lower()
    assert only_private(await bot.press(ERIN, offered, custom_id)) == "Someone else took this seat first."
    seats = await bot.service.store.seats((await bot.table(thread)).id)
    assert [s.name for s in seats if s.user_id == DAN.id] and not [s for s in seats if s.user_id == BOB.id]


async def test_the_private_answer_of_a_move_tells_the_turns_played_since(bot):
    thread, _ = await open_table(bot, "sticks=20")
    for _ in range(2):
        await bot.command(ALICE, "addai", channel=thread)
    await bot.command(ALICE, "start", channel=thread)
    table = (await bot.table(thread)).id
    await bot.command(ALICE, "move", {"move": "take 1"}, channel=thread)  # the computers play after it
    ex = await bot.command(ALICE, "move", {"move": "take 1"}, channel=thread)
    loaded = await bot.service.table(table)
    mine = loaded.seat_of(ALICE.id).seat
    after = [loaded.names()[(mine + k) % 3] for k in (1, 2)]  # the two computers, in the order they played
    moves = [m.move for m in await bot.service.store.moves(table)]
    told = [f"- {after[0]}: `{moves[-2]}`", f"- {after[1]}: `{moves[-1]}`"]  # played after her move
    assert ex.private_text.splitlines()[:3] == ["Since your last turn:", *told]
    assert not any("Since your last turn" in m.content for m in ex.public)  # the mover's alone

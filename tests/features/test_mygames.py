"""/games: your tables in this server, your turns first; stalled tables for server managers."""

from __future__ import annotations

import re

import pytest

from bot.adapters.discord.shapes import discord_text
from bot.features.mygames import MyGames
from bot.features.timing import Timing
from games import registry
from tests.features.test_timing import FakeOutbox, rounds  # noqa: F401  (the fixture registers the test game)
from tests.helpers import ALICE, BOB, CAROL, Clock, service_at, who

pytestmark = pytest.mark.usefixtures("rounds", "store_kind")  # each test on SQLite and on PostgreSQL
MANAGER = who("Mod", 9, manage=True)


async def setup(tmp_path):
    clock = Clock()
    service = await service_at(tmp_path / "t.db", clock=clock)
    timing = Timing(service)
    service.extend(timing)
    service.extend(MyGames(service, timing))
    service.outbox = FakeOutbox()
    return service, timing, clock


async def started(service, people, channel, guild=111, start=True, **args):
    at = [who(p.name, p.user_id, channel=channel, guild=guild) for p in people]
    assert (await service.handle(at[0], "open", {"game": "rounds", **args})).ok
    for caller in at[1:]:
        assert (await service.handle(caller, "join")).ok
    if start:
        assert (await service.handle(at[0], "start")).ok
    row = await service.store.open_table(channel)
    return row.id, at


async def acting_user(service, table_id):
    row = await service.store.table(table_id)
    seat = registry.get(row.game).load(row.state).to_act()[0]
    return next(s.user_id for s in await service.store.seats(table_id) if s.seat == seat)


async def test_your_tables_your_turns_first(tmp_path):
    service, timing, clock = await setup(tmp_path)
    one, _ = await started(service, (ALICE, BOB), 301)
    two, people = await started(service, (BOB, ALICE, CAROL), 302)
    await started(service, (CAROL, ALICE), 303, start=False)
    await started(service, (ALICE, BOB), 304, guild=999)  # another server: never listed here
    # make sure table two waits for someone other than Alice, and table one for Alice
    for table, channel in ((one, 301), (two, 302)):
        for _ in range(3):
            user = await acting_user(service, table)
            if (user == ALICE.user_id) == (table == one):
                break
            mover = who("x", user, channel=channel)
            assert (await service.handle(mover, "move", {"move": "score 1"})).ok
    clock.advance(hours=2)
    reply = await service.handle(ALICE, "games")
    lines = discord_text(reply.private).splitlines()
    assert lines[0].startswith("Your tables in this server (3); your turn at 1")
    assert "<#301>" in lines[1] and "**your turn** since <t:" in lines[1] and "deadline <t:" in lines[1]
    assert "<#302>" in lines[2] and "waiting for" in lines[2] and "deadline <t:" in lines[2]
    assert "<#303>" in lines[3] and "in the lobby, 2/4 seated" in lines[3]
    assert "<#304>" not in lines
    # the deadline shown is the turn's: 24 hours after it began
    since, deadline = map(int, re.findall(r"<t:(\d+):R>", lines[1]))
    assert deadline - since == 24 * 3600
    assert "not seated" in (await service.handle(who("Eve", 5), "games")).private


async def test_vacation_shows_in_the_list(tmp_path):
    service, timing, clock = await setup(tmp_path)
    table, _ = await started(service, (ALICE, BOB), 301)
    user = await acting_user(service, table)
    person = ALICE if user == ALICE.user_id else BOB
    other = BOB if person == ALICE else ALICE
    assert (await service.handle(person, "vacation", {"days": "3"})).ok
    assert "you are on vacation until" in (await service.handle(person, "games")).private
    assert f"waiting for {person.name} (on vacation)" in (await service.handle(other, "games")).private


async def test_stalled_tables_for_managers(tmp_path):
    service, timing, clock = await setup(tmp_path)
    refused = await service.handle(ALICE, "games", {"view": "stalled"})
    assert not refused.ok and "manage" in refused.private
    await started(service, (ALICE, BOB), 301, deadline="none")
    await started(service, (ALICE, CAROL), 302)  # 24 h deadline
    await started(service, (BOB, CAROL), 303, deadline="14d")
    await started(service, (CAROL,), 304, start=False)
    fresh = await service.handle(MANAGER, "games", {"view": "stalled"})
    assert "No table of this server is stalled (4 open)" in fresh.private
    clock.advance(days=4)  # nobody ticked: 302 is past its deadline; 301 has none but waits 4 days
    reply = await service.handle(MANAGER, "games", {"view": "stalled"})
    text = discord_text(reply.private)
    assert "<#301>" in text and "no deadline" in text
    assert "<#302>" in text and "(passed)" in text
    assert "<#303>" not in text and "<#304>" not in text
    clock.advance(days=4)  # a week: every waiting table, whatever its deadline, and the idle lobby
    text = discord_text((await service.handle(MANAGER, "games", {"view": "stalled"})).private)
    assert all(f"<#{c}>" in text for c in (301, 302, 303, 304))
    elsewhere = await service.handle(who("Mod", 9, guild=999, manage=True), "games", {"view": "stalled"})
    assert "(0 open)" in elsewhere.private


async def test_outside_a_server_games_lists_your_tables_of_every_server(tmp_path):
    service, _timing, _clock = await setup(tmp_path)
    await started(service, (ALICE, BOB), 401, guild=111)
    await started(service, (BOB, ALICE), 402, guild=222)
    await started(service, (BOB, CAROL), 403, guild=222)  # Alice is not seated there
    await started(service, (ALICE, CAROL), 404, guild=333, start=False)
    here = (await service.handle(who("Alice", ALICE.user_id, channel=401, guild=111), "games")).private
    assert "this server (1)" in here
    everywhere = (await service.handle(who("Alice", ALICE.user_id, channel=9, guild=0), "games")).private
    assert "every server (3)" in everywhere
    assert all(place in everywhere for place in ("401", "402", "404")) and "403" not in everywhere
    alone = (await service.handle(who("Dave", 77, channel=9, guild=0), "games")).private
    assert "not seated at any table in any server" in alone

"""Quiet hours and the hourly digest (/notify quiet:… zone:… digest:…): direct messages held, sent as
one digest, kept across a restart and sent once by two processes; the channel's mention unchanged."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.features.notify import Notify, parse_quiet, quiet_until
from bot.features.timing import Timing
from db.notify import NotifyStore
from tests.features.test_timing import FakeOutbox, TravelClock, at, rounds, to_act  # noqa: F401 (a fixture)
from tests.helpers import ALICE, BOB, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")  # rounds: the test game of the timing tests

OTHER = 333  # a second channel of the same server


async def bot_at(path, clock):
    service = await service_at(path, clock=clock)
    timing = Timing(service)
    notify = Notify(service, timing)
    service.extend(timing)
    service.extend(notify)
    service.outbox = FakeOutbox()
    return service, timing, notify


async def table_waiting_for_bob(service, timing, channel):
    """A table in `channel` whose turn is Bob's."""
    alice, bob = who("Alice", 1, channel=channel), who("Bob", 2, channel=channel)
    assert (await service.handle(alice, "open", {"game": "rounds"})).ok
    assert (await service.handle(bob, "join")).ok
    started = await service.handle(alice, "start")
    assert started.ok
    table = (await service.here(channel)).row.id
    if (await to_act(service, table)) == [ALICE]:
        moved = await service.handle(alice, "move", {"move": "score 1"})
        assert moved.ok and moved.mentions == [BOB.user_id]  # the channel's mention stays as it is
    await timing.settle()
    assert await to_act(service, table) == [BOB]
    return table


def dms_to(service, user=BOB.user_id):
    return [text for whom, text in service.outbox.dms if whom == user]


def test_quiet_hours_read_and_end_in_the_players_zone():
    assert parse_quiet("22-08") == (22, 8) and parse_quiet("22:00-8:00") == (22, 8) and parse_quiet("off") is None
    for bad in ("25-03", "8", "22-22", "late"):
        with pytest.raises(ValueError):
            parse_quiet(bad)
    paris_midnight = int(datetime(2026, 1, 1, 23, tzinfo=UTC).timestamp())  # 00:00 in Paris (UTC+1)
    assert quiet_until(paris_midnight, 22, 8, "Europe/Paris") == int(datetime(2026, 1, 2, 7, tzinfo=UTC).timestamp())
    assert quiet_until(paris_midnight - 3 * 3600, 22, 8, "Europe/Paris") is None  # 21:00 in Paris
    summer = int(datetime(2026, 7, 1, 21, tzinfo=UTC).timestamp())  # 23:00 in Paris (UTC+2)
    assert quiet_until(summer, 22, 8, "Europe/Paris") == int(datetime(2026, 7, 2, 6, tzinfo=UTC).timestamp())


async def test_a_bad_zone_or_range_is_one_private_line_and_changes_nothing(tmp_path):
    service, _, notify = await bot_at(tmp_path / "z.db", TravelClock())
    for args in ({"quiet": "22-08", "zone": "Mars/Olympus"}, {"quiet": "25-3", "zone": "Europe/Paris"},
                 {"zone": "../etc/passwd"}):
        reply = await service.handle(BOB, "notify", args)
        assert not reply.ok and "Nothing was changed" in reply.private and "\n" not in reply.private
    pacing = await notify.db.pacing(BOB.guild_id, BOB.user_id)
    assert not pacing.quiet and pacing.zone is None and pacing.digest == "off"
    assert "Europe/Paris" in service.suggest_zones("paris") and len(service.suggest_zones("")) == 25


async def test_quiet_hours_hold_direct_messages_and_one_digest_comes_at_their_end_after_a_restart(tmp_path):
    clock = TravelClock(datetime(2026, 1, 1, 22, 30, tzinfo=UTC))  # 23:30 in Paris
    service, timing, notify = await bot_at(tmp_path / "q.db", clock)
    reply = await service.handle(BOB, "notify", {"mode": "dm", "quiet": "22-08", "zone": "Europe/Paris"})
    assert reply.ok and "22:00 to 08:00 (Europe/Paris)" in reply.private
    first = await table_waiting_for_bob(service, timing, ALICE.channel_id)
    clock.advance(minutes=40)
    second = await table_waiting_for_bob(service, timing, OTHER)
    assert dms_to(service) == []  # held, not sent
    held = await NotifyStore.of(service.store).held(BOB.guild_id, BOB.user_id)
    assert [(h.table_id, h.state) for h in held] == [(first, "held"), (second, "held")]
    # a restart, and a second process on the same database: the held messages are still there
    again, _, notify_again = await bot_at(tmp_path / "q.db", clock)
    assert await notify.tick(at(clock, hours=7, minutes=49)) == 0  # 06:59 UTC, 07:59 in Paris
    assert await notify_again.tick(at(clock, hours=7, minutes=49)) == 0
    ends = at(clock, hours=7, minutes=50)  # 07:00 UTC, 08:00 in Paris
    assert sum(await asyncio.gather(notify_again.tick(ends), notify.tick(ends))) == 1  # both at once
    sent = dms_to(service) + dms_to(again)
    assert len(sent) == 1
    digest, = sent
    assert digest.startswith("Your quiet hours are over: 2 tables wait for you.")
    assert "discord.com/channels/111/222" in digest and f"discord.com/channels/111/{OTHER}" in digest
    assert len(digest) <= 2000
    assert await notify.tick(ends + timedelta(hours=1)) == 0 and len(dms_to(service) + dms_to(again)) == 1


async def test_the_hourly_digest_sends_at_most_one_direct_message_an_hour(tmp_path):
    clock = TravelClock()
    service, timing, notify = await bot_at(tmp_path / "h.db", clock)
    reply = await service.handle(BOB, "notify", {"digest": "hourly"})
    assert reply.ok and "at most one direct message an hour" in reply.private
    sent_at: list[datetime] = []

    def count() -> int:
        while len(sent_at) < len(dms_to(service)):
            sent_at.append(clock.now)
        return len(sent_at)

    first = await table_waiting_for_bob(service, timing, ALICE.channel_id)
    assert count() == 1  # the first of the hour goes at once
    clock.advance(minutes=10)
    second = await table_waiting_for_bob(service, timing, OTHER)
    clock.advance(minutes=10)
    bob_here = who("Bob", 2, channel=ALICE.channel_id)
    alice_here = who("Alice", 1, channel=ALICE.channel_id)
    assert (await service.handle(bob_here, "move", {"move": "score 1"})).ok
    assert (await service.handle(alice_here, "move", {"move": "score 1"})).ok  # Bob's turn again: held
    await timing.settle()
    clock.advance(minutes=10)
    assert (await service.handle(who("Bob", 2, channel=OTHER), "move", {"move": "score 1"})).ok  # no longer waits
    await timing.settle()
    assert count() == 1
    assert await notify.tick(at(clock, minutes=29)) == 0 and count() == 1  # 59 minutes after the first
    assert await notify.tick(at(clock, minutes=30)) == 1 and count() == 2
    digest = dms_to(service)[-1]
    assert digest.startswith("Your hourly digest: 1 table waits for you.")
    assert "channels/111/222" in digest and f"channels/111/{OTHER}" not in digest  # only what still waits
    assert first != second
    # never two within an hour
    assert all(later - earlier >= timedelta(hours=1) for earlier, later in zip(sent_at, sent_at[1:], strict=False))


async def test_notify_outside_a_server_sets_every_server_where_you_sit(tmp_path):
    service, timing, notify = await bot_at(tmp_path / "e.db", TravelClock())
    dm = who("Bob", BOB.user_id, channel=9, guild=0)
    assert "no table in any server" in (await service.handle(dm, "notify", {"mode": "dm"})).private
    await table_waiting_for_bob(service, timing, 401)
    elsewhere = who("Alice", 1, channel=402, guild=222)
    assert (await service.handle(elsewhere, "open", {"game": "rounds"})).ok
    assert (await service.handle(who("Bob", BOB.user_id, channel=402, guild=222), "join")).ok
    told = await service.handle(dm, "notify", {})  # no option: says what it would do, sets nothing
    assert "(2)" in told.private and (await timing.db.notify(222, BOB.user_id)).mode != "dm"
    bad = await service.handle(dm, "notify", {"zone": "Mars/Olympus"})
    assert not bad.ok and "Nothing was changed" in bad.private
    done = await service.handle(dm, "notify", {"mode": "dm", "quiet": "22-08"})
    assert done.ok and "every server where you sit at a table now (2)" in done.private
    for guild in (BOB.guild_id, 222):
        assert (await timing.db.notify(guild, BOB.user_id)).mode == "dm"
        assert (await notify.db.pacing(guild, BOB.user_id)).quiet
    assert (await timing.db.notify(333, BOB.user_id)).mode != "dm"  # a server where Bob sits nowhere

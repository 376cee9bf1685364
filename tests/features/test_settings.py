"""/settings through the table service (bot/features/settings.py), on SQLite and PostgreSQL: the
server's defaults that /open gives a table, the channels where tables may open, the role pinged
when a new table seeks players, the results channel; refusals that change nothing."""

from __future__ import annotations

import pytest

from bot.core import marks
from bot.features.settings import ServerSettingsFeature
from bot.features.timing import DAY, HOUR, Timing
from db.server_settings import ServerSettingsStore
from db.timing import TimingStore
from tests.features.test_timing import FakeOutbox, TravelClock, rounds  # noqa: F401 (a fixture)
from tests.helpers import ALICE, GUILD, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")

ADMIN = who("Admin", 9, manage=True)
LOBBY, RESULTS, ROLE = 500, 900, 4444


async def server(tmp_path):
    service = await service_at(tmp_path / "s.db", clock=TravelClock())
    service.extend(Timing(service))
    feature = ServerSettingsFeature(service)
    service.extend(feature)
    service.outbox = FakeOutbox()
    return service, feature


async def stored(service):
    return await ServerSettingsStore.of(service.store).get(GUILD)


async def test_settings_alone_shows_every_value_privately_and_only_to_managers(tmp_path):
    service, _ = await server(tmp_path)
    shown = await service.handle(ADMIN, "settings")
    assert shown.ok and not shown.text  # private: nothing posted in the channel
    for words in ("Threads: on", "each game's own timing", "Tables open in: any channel",
                  "posted at their table only", "pings nobody"):
        assert words in shown.private
    for asked in ({}, {"deadline": "2d"}, {"seek_role": marks.role(ROLE)}):
        refused = await service.handle(ALICE, "settings", asked)
        assert not refused.ok and "manage this server" in refused.private
    assert await stored(service) == await ServerSettingsStore.of(service.store).get(GUILD + 1)  # nothing saved


async def test_the_default_deadline_reminder_and_timeout_go_to_a_table_opened_without_them(tmp_path):
    service, _ = await server(tmp_path)
    saved = await service.handle(ADMIN, "settings", {"deadline": "2d", "reminder": "6h", "timeout": "forfeit-2"})
    assert saved.ok and "Turn deadline 2 days, a reminder 6 hours before it" in saved.private
    opened = await service.handle(ALICE, "open", {"game": "rounds"})
    assert opened.ok and "Turn deadline 2 days, a reminder 6 hours before it" in opened.text
    assert "misses 2 deadlines forfeits" in opened.text
    timing = await TimingStore.of(service.store).settings(opened.table_id)
    assert (timing.deadline_s, timing.reminder_s, timing.policy, timing.forfeit_after) == (2 * DAY, 6 * HOUR,
                                                                                           "forfeit", 2)
    # what /open names wins; the server's reminder, longer than a 1-hour turn, gives way to the game's own
    other = who("Bob", 2, channel=333)
    opened = await service.handle(other, "open", {"game": "rounds", "deadline": "1h", "timeout": "ai"})
    assert opened.ok, opened.private
    timing = await TimingStore.of(service.store).settings(opened.table_id)
    assert (timing.deadline_s, timing.reminder_s, timing.policy) == (HOUR, -1, "ai")
    # cleared, a new table has the game's own timing again
    assert (await service.handle(ADMIN, "settings", {"clear": "all"})).ok
    opened = await service.handle(who("Carol", 3, channel=334), "open", {"game": "rounds"})
    assert "Turn deadline 24 hours" in opened.text
    assert (await stored(service)).default_deadline is None


async def test_a_bad_value_is_refused_in_one_private_line_and_nothing_of_the_call_is_saved(tmp_path):
    service, _ = await server(tmp_path)
    assert (await service.handle(ADMIN, "settings", {"deadline": "2d"})).ok
    before = await stored(service)
    for asked in ({"deadline": "5m", "results": marks.place(RESULTS)},  # too short: the channel is not saved
                  {"reminder": "3d", "threads": "off"},  # after the 2-day deadline it reminds of
                  {"timeout": "sometimes", "seek_role": marks.role(ROLE)},
                  {"deadline": "soon"},
                  {"results": "general"},  # a name, not a channel picked in the list
                  {"deadline": "3d", "clear": "deadline"},
                  {"open_in_add": marks.place(LOBBY), "clear": "open_in"}):
        refused = await service.handle(ADMIN, "settings", asked)
        assert not refused.ok, asked
        assert refused.private and "\n" not in refused.private.strip(), refused.private
        assert await stored(service) == before, asked
    assert (await service.handle(ADMIN, "settings", {"clear": "nonsense"})).private.startswith("`clear` is one of")


async def test_open_is_refused_outside_the_listed_channels_and_their_threads(tmp_path):
    service, _ = await server(tmp_path)
    assert (await service.handle(ADMIN, "settings", {"open_in_add": marks.place(LOBBY)})).ok
    refused = await service.handle(ALICE, "open", {"game": "rounds"})
    assert not refused.ok and marks.place(LOBBY) in refused.private
    assert await service.store.open_table(ALICE.channel_id) is None
    assert (await service.handle(who("Alice", 1, channel=LOBBY), "open", {"game": "rounds"})).ok
    in_thread = who("Bob", 2, channel=777)
    thread = type(in_thread)(GUILD, 777, 2, "Bob", parent_id=LOBBY)  # a thread of the listed channel
    assert (await service.handle(thread, "open", {"game": "rounds"})).ok
    assert (await service.handle(ADMIN, "settings", {"open_in_add": marks.place(600)})).ok
    assert (await stored(service)).open_channels == [LOBBY, 600]
    assert (await service.handle(ADMIN, "settings", {"open_in_remove": marks.place(LOBBY)})).ok
    assert not (await service.handle(who("Carol", 3, channel=LOBBY + 1), "open", {"game": "rounds"})).ok
    assert (await service.handle(ADMIN, "settings", {"clear": "open_in"})).ok
    assert (await service.handle(ALICE, "open", {"game": "rounds"})).ok  # none listed: anywhere


async def test_the_role_is_pinged_once_when_a_new_table_seeks_players(tmp_path):
    service, _ = await server(tmp_path)
    plain = await service.handle(ALICE, "open", {"game": "rounds"})
    assert plain.roles == [] and marks.role(ROLE) not in plain.text  # nothing set: as before
    assert (await service.handle(ADMIN, "settings", {"seek_role": marks.role(ROLE)})).ok
    opened = await service.handle(who("Bob", 2, channel=333), "open", {"game": "rounds"})
    assert opened.roles == [ROLE] and opened.text.count(marks.role(ROLE)) == 1
    joined = await service.handle(who("Carol", 3, channel=333), "join")
    assert joined.ok and joined.roles == [] and marks.role(ROLE) not in joined.text
    assert (await service.handle(ADMIN, "settings", {"clear": "seek_role"})).ok
    assert (await service.handle(who("Dan", 4, channel=334), "open", {"game": "rounds"})).roles == []


async def finish(service, channel=222):
    """A game of two turns between Alice and Bob, played to its end."""
    alice, bob = who("Alice", 1, channel=channel), who("Bob", 2, channel=channel)
    assert (await service.handle(alice, "open", {"game": "rounds", "options": "rounds=1"})).ok
    assert (await service.handle(bob, "join")).ok
    assert (await service.handle(alice, "start")).ok
    for _ in range(2):
        loaded = await service.here(channel)
        seat, = loaded.game.to_act()
        mover = alice if loaded.by_seat(seat).user_id == 1 else bob
        assert (await service.handle(mover, "move", {"move": "score 2"})).ok
    loaded = await service.table(loaded.row.id)
    assert loaded.row.status == "finished"
    return loaded


async def test_a_finished_games_result_is_posted_once_in_the_results_channel(tmp_path):
    service, feature = await server(tmp_path)
    await finish(service, channel=222)
    await feature.settle_posts()
    assert service.outbox.posts == []  # nothing set: the result is told at its table only
    assert (await service.handle(ADMIN, "settings", {"results": marks.place(RESULTS)})).ok
    finished = await finish(service, channel=223)
    await feature.settle_posts()
    posted = [(channel, reply) for channel, reply in service.outbox.posts if channel == RESULTS]
    assert len(posted) == 1
    text = posted[0][1].text
    assert "Rounds" in text and marks.place(223) in text and "Alice" in text and "Bob" in text
    assert posted[0][1].mentions == [] and posted[0][1].roles == []  # told, nobody pinged
    await feature.on_event("changed", finished)  # heard again (another process, a later write)
    await feature.settle_posts()
    assert len([c for c, _ in service.outbox.posts if c == RESULTS]) == 1


async def test_threads_is_one_of_the_settings_and_threads_still_sets_it(tmp_path):
    service, _ = await server(tmp_path)
    assert (await service.handle(ADMIN, "threads", {"enabled": "off"})).ok
    assert "Threads: off" in (await service.handle(ADMIN, "settings")).private
    assert not await service.wants_thread(GUILD)
    assert (await service.handle(ADMIN, "settings", {"threads": "on"})).ok
    assert await service.wants_thread(GUILD)
    assert (await service.handle(ADMIN, "settings", {"threads": "off"})).ok
    assert (await service.handle(ADMIN, "settings", {"clear": "threads"})).ok
    assert await service.wants_thread(GUILD)

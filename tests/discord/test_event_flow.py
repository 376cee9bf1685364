"""An event through the Discord adapter: real discord.py objects, every request captured. Eight
people sign up with the card's button, each round's tables open in threads of the event's channel,
the computer plays the turns of those who sleep through their deadlines, and the final standings
are posted once in the event's channel, every payload within Discord's limits."""

from __future__ import annotations

import pytest

from bot.core.service import TableService
from bot.extensions import install
from db.events import EventStore
from db.store import Store
from tests.discord.conftest import harness_for
from tests.discord.harness import APP, CHANNEL, MODERATOR, Person
from tests.discord.test_flow import one_public, only_private
from tests.helpers import Clock

PEOPLE = [Person(2001 + n, f"player{n}") for n in range(8)]
CREATE = {"game": "sticks", "seats": "4", "rounds": "3", "round_days": "2"}


@pytest.fixture
async def league(sticks, monkeypatch, tmp_path):
    store = await Store.open(str(tmp_path / "t.db"))
    clock = Clock()
    service = TableService(store, clock=clock, draw_images=True, seeds=lambda: 7)
    installed = install(service, prepare_daily=False)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        yield harness, installed, clock
    await store.close()


async def test_an_event_of_eight_at_fours_runs_through_discord(league):
    bot, installed, clock = league
    card = one_public(await bot.command(MODERATOR, "event create", CREATE))
    assert "opened an event of **Sticks**" in card.text
    join = card.buttons()["Join"]
    for person in PEOPLE:
        assert "You are signed up" in only_private(await bot.press(person, card, join))
    started = await bot.command(MODERATOR, "event start")
    answer = [m for m in started.public if m.how == "response"]
    assert len(answer) == 1 and "round 1 of 3 is paired" in answer[0].text
    assert {m.channel_id for m in started.public if m.how == "channel"} == set(bot.threads)
    await bot.drain()
    made = [c for c in bot.calls if c.method == "POST" and c.path == f"/channels/{CHANNEL}/threads"]
    assert len(made) == 2 and all(c.body["type"] == 11 for c in made)  # public threads of the event's channel
    for thread in bot.threads:  # each table's first post: its players pinged in its thread
        first = bot.posts(thread)[0]
        assert "round 1 of 3" in first.body["content"] or "round 1 of 3" in str(first.body)
    db = EventStore.of(bot.service.store)
    event = await db.in_channel(CHANNEL)
    for _ in range(300):
        clock.advance(hours=13)
        await installed.tick()
        await bot.drain()
        if (await db.event(event.id)).status == "finished":
            break
    for _ in range(3):
        clock.advance(hours=13)
        await installed.tick()
        await bot.drain()
    assert (await db.event(event.id)).status == "finished"
    assert len(bot.threads) == 6
    over = [c for c in bot.posts(CHANNEL) if "is over" in str(c.body)]
    assert len(over) == 1 and over[0].files and over[0].files[0][0] == "event.png"
    assert over[0].files[0][1] < 1024 * 1024 and "Place 1:" in str(over[0].body)  # the picture, told in words
    assert any("let the turn deadline pass" in str(c.body) for c in bot.posts())
    assert bot.problems == []


async def test_a_member_who_may_not_manage_the_server_is_refused_privately(league):
    bot, _, _ = league
    text = only_private(await bot.command(PEOPLE[0], "event create", CREATE))
    assert text == "Only members who may manage this server create or start an event."
    assert await EventStore.of(bot.service.store).in_channel(CHANNEL) is None


async def test_a_deleted_event_channel_is_told_at_the_start_and_by_event(league):
    """Discord answers 404 to each thread of the round: the start says the round waits and why, and
    so does /event afterwards; nothing fails unanswered."""
    from bot.adapters.discord.client import CHANNEL_GONE

    bot, installed, clock = league
    card = one_public(await bot.command(MODERATOR, "event create", CREATE))
    for person in PEOPLE:
        await bot.press(person, card, card.buttons()["Join"])
    bot.fail("POST", rf"/channels/{CHANNEL}/threads", 404, times=10)
    started = await bot.command(MODERATOR, "event start")
    answer = [m for m in started.public if m.how == "response"]
    assert len(answer) == 1 and CHANNEL_GONE in answer[0].text
    assert not bot.threads and bot.problems == []
    shown = only_private(await bot.command(PEOPLE[0], "event standings"))
    assert f"Round 1 waits for a place where its tables can open. {CHANNEL_GONE}" in shown


async def test_event_is_a_group_of_subcommands_within_discords_limits(league):
    """/event create, start, join, leave and standings, as the issue writes them: Discord cannot run a
    group by its name alone, so the standings have a subcommand of their own."""
    from bot.adapters.discord.client import command_payload
    from tests.discord import limits

    bot, _, _ = league
    (event,) = [c for c in command_payload(bot.client.tree) if c["name"] == "event"]
    assert limits.check_command(event) == []
    subs = {o["name"]: o for o in event["options"]}
    assert list(subs) == ["create", "start", "join", "leave", "standings"] and {o["type"] for o in subs.values()} == {1}
    create = subs["create"]["options"]
    assert [(o["name"], o.get("required", False)) for o in create] == [
        ("game", True), ("seats", False), ("rounds", False), ("round_days", False)]
    assert create[0]["autocomplete"] and event["contexts"] == [0]
    text = only_private(await bot.command(PEOPLE[0], "event standings"))
    assert text == "There is no event in this channel. Someone who may manage the server creates one with /event create."
    one_public(await bot.command(MODERATOR, "event create", CREATE))
    assert "You are signed up" in only_private(await bot.command(PEOPLE[0], "event join"))
    assert "signs up: 1 so far (Player0)" in only_private(await bot.command(PEOPLE[1], "event standings"))
    assert only_private(await bot.command(PEOPLE[0], "event leave")) == "You left the event's sign-up."


async def test_a_thread_made_before_a_stop_is_the_one_its_table_opens_in(league, monkeypatch):
    """The process stops after Discord made a table's thread and before it was recorded: after the
    restart (the gateway tells the open threads again) the table opens in that thread, not a second."""
    from games.base import IllegalMove

    bot, installed, clock = league
    card = one_public(await bot.command(MODERATOR, "event create", CREATE))
    for person in PEOPLE:
        await bot.press(person, card, card.buttons()["Join"])
    record, stopped = EventStore.place_made, []

    async def stop_once(self, event_id, round_, number, channel_id):
        if not stopped:
            stopped.append(number)
            raise IllegalMove("The process stopped here.")  # nothing recorded, as after a stop
        return await record(self, event_id, round_, number, channel_id)

    monkeypatch.setattr(EventStore, "place_made", stop_once)
    await bot.command(MODERATOR, "event start")
    await bot.drain()
    assert stopped == [1] and len(bot.threads) == 2
    bot.add_guild()  # the restart: the server's open threads, as the gateway's GUILD_CREATE tells them
    clock.advance(minutes=6)  # the stopped opening has gone stale
    await installed.tick()
    await bot.drain()
    made = [c for c in bot.calls if c.method == "POST" and c.path == f"/channels/{CHANNEL}/threads"]
    assert len(made) == 2 and len(bot.threads) == 2  # one thread for each table
    rows = await EventStore.of(bot.service.store).pairings((await EventStore.of(bot.service.store).in_channel(CHANNEL)).id, 1)
    assert all(row.table_id is not None for row in rows) and {row.channel_id for row in rows} == set(bot.threads)


async def test_a_members_thread_of_the_same_name_is_never_taken_for_a_table(league, monkeypatch):
    """As above, but the thread of the table's name belongs to a member: the table opens in a
    thread of the bot's own, never in a stranger's."""
    from games.base import IllegalMove

    bot, installed, clock = league
    card = one_public(await bot.command(MODERATOR, "event create", CREATE))
    for person in PEOPLE:
        await bot.press(person, card, card.buttons()["Join"])
    record, stopped = EventStore.place_made, []

    async def stop_once(self, event_id, round_, number, channel_id):
        if not stopped:
            stopped.append(number)
            raise IllegalMove("The process stopped here.")  # nothing recorded, as after a stop
        return await record(self, event_id, round_, number, channel_id)

    monkeypatch.setattr(EventStore, "place_made", stop_once)
    await bot.command(MODERATOR, "event start")
    await bot.drain()
    assert stopped == [1] and len(bot.threads) == 2
    for thread in bot.threads.values():
        thread["owner_id"] = str(PEOPLE[0].id)
    bot.add_guild()  # the restart: the server's open threads, as the gateway's GUILD_CREATE tells them
    clock.advance(minutes=6)  # the stopped opening has gone stale
    await installed.tick()
    await bot.drain()
    made = [c for c in bot.calls if c.method == "POST" and c.path == f"/channels/{CHANNEL}/threads"]
    assert len(made) == 3 and len(bot.threads) == 3  # the stopped table's thread made again, the bot's own
    rows = await EventStore.of(bot.service.store).pairings((await EventStore.of(bot.service.store).in_channel(CHANNEL)).id, 1)
    assert all(row.table_id is not None for row in rows)
    assert bot.threads[next(row.channel_id for row in rows if row.number == 1)]["owner_id"] == str(APP)

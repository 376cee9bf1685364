"""Turn deadlines, reminders, notices and vacations, with a clock the tests move by hand."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.adapters.discord.shapes import discord_text
from bot.core.extension import Extension
from bot.core.replies import Reply
from bot.features.timing import (
    DAY,
    HOUR,
    Timing,
    load_table,
    over_month_limit,
    parse_duration,
    parse_settings,
    paused_due,
    turn_restarted,
)
from db.outbox import OutboxStore
from db.timing import TimingSettings, TimingStore
from games import registry
from games.base import Game, IllegalMove, OptionSpec, Outcome, parse_options, rank_by
from tests.helpers import ALICE, BOB, CAROL, CHANNEL, Clock, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

MOD = who("Mod", 9, manage=True)
PEOPLE = {1: ALICE, 2: BOB, 3: CAROL}


class FakeOutbox:
    """Records what the bot says unprompted. `refuse` holds users whose direct messages are closed."""

    def __init__(self, refuse: Sequence[int] = ()):
        self.posts: list[tuple[int, Reply]] = []
        self.dms: list[tuple[int, str]] = []
        self.refuse = set(refuse)

    async def post(self, channel_id: int, reply: Reply) -> bool:
        self.posts.append((channel_id, reply))
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        self.dms.append((user_id, text))
        return user_id not in self.refuse

    def texts(self) -> list[str]:
        return [reply.text for _, reply in self.posts]


class Rounds(Game):
    """A test game: in turn, each seat scores 0 to 3 points per move, `steps` moves a turn, for
    `rounds` turns each; the highest total wins (ties share a rank)."""

    key = "rounds"
    title = "Rounds"
    min_players = 1
    max_players = 4
    options = (OptionSpec("steps", int, 1, "Moves in a turn", min=1, max=3),
               OptionSpec("rounds", int, 20, "Turns of each seat", min=1, max=100))

    def __init__(self, players: int, steps: int = 1, rounds: int = 20, turn: int = 0, step: int = 0,
                 played: int = 0, score: list[int] | None = None):
        self._players, self.steps, self.rounds = players, steps, rounds
        self.turn, self.step, self.played = turn, step, played
        self.score = score or [0] * players

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Rounds:
        values = parse_options(cls.options, options)
        return cls(players, values["steps"], values["rounds"])

    @property
    def players(self) -> int:
        return self._players

    def to_dict(self) -> dict[str, Any]:
        return {"players": self._players, "steps": self.steps, "rounds": self.rounds, "turn": self.turn,
                "step": self.step, "played": self.played, "score": self.score}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rounds:
        return cls(**{k: (list(v) if k == "score" else v) for k, v in data.items() if k != "players"},
                   players=data["players"])

    def to_act(self) -> list[int]:
        return [] if self.played >= self.rounds * self._players else [self.turn]

    def legal_moves(self, seat: int) -> list[str]:
        return [f"score {n}" for n in range(4)] if seat in self.to_act() else []

    def play(self, seat: int, move: str) -> None:
        if self.normalize(move) not in self.legal_moves(seat):
            raise IllegalMove("Not now, or not a move: score 0 to score 3.")
        self.score[seat] += int(move.split()[1])
        self.step += 1
        if self.step == self.steps:
            self.step, self.played = 0, self.played + 1
            self.turn = (self.turn + 1) % self._players

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_dict()

    def outcome(self) -> Outcome | None:
        if self.to_act():
            return None
        return Outcome(rank_by([(s,) for s in self.score]), [float(s) for s in self.score])

    def ai_move(self, seat: int, rng: random.Random) -> str:
        return "score 1"

    @classmethod
    def rules_help(cls) -> str:
        return "Score 0 to 3 points a move; the highest total wins."

    def status(self, names: Sequence[str]) -> str:
        return f"{names[self.turn]} scores next." if self.to_act() else "Over."


GAME = Rounds


@pytest.fixture
def rounds(monkeypatch):
    monkeypatch.setitem(registry.MODULES, "rounds", "tests.features.test_timing")
    registry._load.cache_clear()
    yield Rounds
    registry._load.cache_clear()


async def table(tmp_path, game="rounds", players=(ALICE, BOB), clock=None, refuse=(), ai=False, **open_args):
    clock = clock or TravelClock()
    service = await service_at(tmp_path / "t.db", clock=clock)
    timing = Timing(service)
    service.extend(timing)
    service.outbox = FakeOutbox(refuse)
    args = {"game": game, **open_args}
    opened = await service.handle(players[0], "open", args)
    assert opened.ok, opened.private
    for caller in players[1:]:
        assert (await service.handle(caller, "join")).ok
    if ai:
        assert (await service.handle(players[0], "addai")).ok
    started = await service.handle(players[0], "start")
    assert started.ok, started.private
    await timing.settle()
    return service, timing, clock


async def to_act(service, table_id=1):
    row = await service.store.table(table_id)
    seats = await service.store.seats(table_id)
    game = registry.get(row.game).load(row.state)
    acting = game.to_act()
    return [PEOPLE[s.user_id] for s in seats if s.seat in acting and s.user_id in PEOPLE]


async def moves(service, table_id=1):
    return [(m.seat, m.user_id, m.move) for m in await service.store.moves(table_id)]


class TravelClock(Clock):
    """`advance` moves the clock and the mark; `at` travels relative to the mark without moving it."""

    def __init__(self, start: datetime | None = None):
        super().__init__(start)
        self.mark = self.now

    def advance(self, **kw) -> None:
        self.mark += timedelta(**kw)
        self.now = self.mark


def at(clock: TravelClock, **kw) -> datetime:
    clock.now = clock.mark + timedelta(**kw)
    return clock.now


# -- pure parts --------------------------------------------------------------------------------
def test_durations_and_settings():
    assert parse_duration("90m") == 90 * 60
    assert parse_duration("1d 12h") == 36 * HOUR
    assert parse_duration("36 hours") == 36 * HOUR
    assert parse_duration("5", unit=DAY) == 5 * DAY
    for bad in ("soon", "3 fortnights", "", "h"):
        with pytest.raises(IllegalMove):
            parse_duration(bad)
    base = TimingSettings()
    assert base.reminder_offset() == 12 * HOUR  # the default reminder: at half of the deadline
    s = parse_settings(base, "2h", "30m", "forfeit-2")
    assert (s.deadline_s, s.reminder_s, s.policy, s.forfeit_after) == (2 * HOUR, 1800, "forfeit", 2)
    assert s.reminder_offset() == 90 * 60
    assert parse_settings(base, "none").deadline_s is None and parse_settings(base, "none").reminder_offset() is None
    assert parse_settings(base, timeout="forfeit").forfeit_after == 3
    assert parse_settings(base, reminder="none").reminder_offset() is None
    for bad in ({"deadline": "5m"}, {"deadline": "15d"}, {"deadline": "1h", "reminder": "2h"},
                {"timeout": "explode"}, {"timeout": "forfeit-0"}):
        with pytest.raises(IllegalMove):
            parse_settings(base, **bad)


def test_paused_clock_and_turn_boundaries():
    assert paused_due(0, 100, []) == 100
    assert paused_due(0, 100, [(50, 80)]) == 130  # paused 30 seconds in the middle
    assert paused_due(0, 100, [(-10, 20)]) == 120  # on vacation when the turn began
    assert paused_due(0, 100, [(150, 200)]) == 100  # after the deadline: no effect
    assert paused_due(0, 100, [(10, 20), (30, 40)]) == 120
    assert not turn_restarted(0, [0, 0])  # two moves of one turn
    assert turn_restarted(0, [0, 1])  # moved, then others moved: a new turn
    assert not turn_restarted(0, [1])  # someone else acted (a simultaneous phase)


def test_vacation_month_limit():
    jan1 = int(datetime(2026, 1, 1, tzinfo=UTC).timestamp())
    assert over_month_limit([], (jan1, jan1 + 14 * DAY)) is None
    assert over_month_limit([], (jan1, jan1 + 15 * DAY)) is not None
    assert over_month_limit([(jan1, jan1 + 10 * DAY)], (jan1 + 20 * DAY, jan1 + 25 * DAY))[1] == 4 * DAY
    # across a month boundary each month counts its own days
    jan25 = jan1 + 24 * DAY
    assert over_month_limit([(jan1, jan1 + 7 * DAY)], (jan25, jan25 + 14 * DAY)) is None


# -- reminders and deadlines -------------------------------------------------------------------
async def test_reminder_then_deadline_each_fire_exactly_once(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    outbox = service.outbox
    first, = await to_act(service)
    assert await timing.tick(at(clock, hours=11, minutes=59)) == 0
    assert await timing.tick(at(clock, hours=12)) == 1
    assert await timing.tick(at(clock, hours=12)) == 0
    assert await timing.tick(at(clock, hours=20)) == 0
    reminders = [r for _, r in outbox.posts if r.text.startswith("Reminder")]
    assert len(reminders) == 1 and reminders[0].mentions == [first.user_id]
    assert f"<@{first.user_id}>" in discord_text(reminders[0].text)
    clock.advance(hours=24)
    assert await timing.tick() == 1
    assert await timing.tick() == 0
    assert await timing.tick(at(clock, minutes=1)) == 0
    assert [(user, move) for _, user, move in await moves(service)] == [(None, "score 1")]  # the computer played
    missed = outbox.posts[-1][1]
    assert "let the turn deadline pass" in missed.text
    second, = await to_act(service)
    assert second != first and missed.mentions == [second.user_id]  # the turn message calls the next player
    # the next player's turn began at the deadline: its reminder comes 12 hours later
    assert await timing.tick(at(clock, hours=11)) == 0
    assert await timing.tick(at(clock, hours=12)) == 1
    assert [r.mentions for _, r in outbox.posts if r.text.startswith("Reminder")][-1] == [second.user_id]


async def test_a_missed_turn_of_several_moves_is_one_post_that_tells_each_move_once(tmp_path, rounds):
    service, timing, clock = await table(tmp_path, options="steps=3")
    first_version = (await service.store.table(1)).version
    clock.advance(hours=24)
    assert await timing.tick() == 1
    missed = service.outbox.posts[-1][1]
    assert missed.text.count("`score") == 3  # the three computer moves, each told once
    assert missed.since == first_version  # the post tells every change from the first of them on
    sealed = await OutboxStore.of(service.store).seal(table_id=1, version=missed.version, channel_id=CHANNEL,
                                                      body={"text": missed.text}, now=0, since=missed.since)
    assert isinstance(sealed, int)  # the draft is the post's alone: no move told again above it


async def test_a_move_in_time_cancels_the_timers_and_starts_the_next_turn(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    first, = await to_act(service)
    clock.advance(hours=20)
    assert (await service.handle(first, "move", {"move": "score 1"})).ok
    second, = await to_act(service)
    assert await timing.tick(at(clock, hours=4)) == 0  # the first turn's deadline means nothing now
    assert await timing.tick(at(clock, hours=12)) == 1  # the second turn's reminder, 12 h after it began
    assert await timing.tick(at(clock, hours=24)) == 1
    assert [(user, move) for _, user, move in await moves(service)] == [(first.user_id, "score 1"), (None, "score 1")]
    assert second != first


async def test_several_moves_of_one_turn_keep_its_clock(tmp_path, rounds):
    service, timing, clock = await table(tmp_path, options="steps=2")
    first, = await to_act(service)
    clock.advance(hours=20)
    assert (await service.handle(first, "move", {"move": "score 3"})).ok
    assert await to_act(service) == [first]
    # the turn began at the start: its deadline stays at 24 h, and the computer finishes the turn
    assert await timing.tick(at(clock, hours=4)) == 1
    log = await moves(service)
    assert [(user, move) for _, user, move in log] == [(first.user_id, "score 3"), (None, "score 1")]
    second, = await to_act(service)
    assert second != first
    # a whole missed turn of two moves: the computer plays both, once
    assert await timing.tick(at(clock, hours=4 + 24)) == 1
    assert [(user, move) for _, user, move in (await moves(service))[2:]] == [(None, "score 1"), (None, "score 1")]
    assert await to_act(service) == [first]
    # one message for the whole missed turn, telling both moves, that calls the next player
    missed = service.outbox.posts[-1][1]
    assert len(service.outbox.posts) == 2
    assert missed.text.count(f"{second.name}: `score 1`") == 2 and missed.mentions == [first.user_id]


async def test_a_restart_fires_what_is_due_once(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    first, = await to_act(service)
    await service.store.close()  # the process dies
    clock.advance(hours=12)
    again = await service_at(tmp_path / "t.db", clock=clock)
    timing2 = Timing(again)
    again.extend(timing2)
    again.outbox = FakeOutbox()
    await timing2.catch_up()
    assert await timing2.tick() == 1  # the reminder survived the restart
    assert await timing2.tick() == 0
    clock.advance(hours=12)
    assert await timing2.tick() == 1
    assert await timing2.tick() == 0
    assert [user for _, user, _ in await moves(again)] == [None]
    assert [r.text.split(":")[0] for _, r in again.outbox.posts][0] == "Reminder"


async def test_downtime_fires_an_overdue_deadline_once_and_drops_its_reminder(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    first, = await to_act(service)
    clock.advance(days=3)  # the bot was down for three days
    assert await timing.tick() == 1
    assert await timing.tick() == 0
    texts = service.outbox.texts()
    assert not any(t.startswith("Reminder") for t in texts)  # the reminder lost its meaning
    assert len(await moves(service)) == 1
    # the next turn starts at the catch-up, not three days ago: nothing else is overdue
    assert await timing.tick(at(clock, hours=11)) == 0
    timers = await timing.db.timers_of_table(1)
    assert sorted((t.kind, t.state) for t in timers if t.version == timers[0].version) == [
        ("deadline", "done"), ("remind", "dropped")]


async def test_a_crash_between_playing_and_marking_does_not_play_twice(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    clock.advance(hours=24)

    async def crash(*args, **kwargs):
        raise RuntimeError("killed")

    timing.db.mark_done = crash
    assert await timing.tick() == 0  # the move was played, the timer not marked
    assert len(await moves(service)) == 1
    claimed = [t for t in await timing.db.timers_of_table(1) if t.state == "claimed"]
    assert len(claimed) == 1
    del timing.db.mark_done
    timing2 = Timing(service)  # as after a restart
    assert await timing2.tick() == 0
    assert len(await moves(service)) == 1
    assert (await timing.db.timer(claimed[0].id)).state == "dropped"


async def test_a_crash_after_claiming_plays_the_missed_turn_at_the_next_tick(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    clock.advance(hours=24)

    async def crash(*args, **kwargs):
        raise RuntimeError("killed")

    service.play_for = crash
    assert await timing.tick() == 0
    assert await moves(service) == []
    del service.play_for
    assert await timing.tick() == 1
    assert await timing.tick() == 0
    assert len(await moves(service)) == 1
    assert await timing.db.missed(1, (await service.store.moves(1))[0].seat) == 1  # counted once


# -- policies ----------------------------------------------------------------------------------
async def test_forfeit_after_n_missed_deadlines(tmp_path, rounds):
    service, timing, clock = await table(tmp_path, players=(ALICE, BOB, CAROL), timeout="forfeit-2",
                                         deadline="2h", reminder="none")
    sleeper, = await to_act(service)
    clock.advance(hours=2)
    assert await timing.tick() == 1
    assert "Missed deadlines: 1 of 2" in service.outbox.texts()[-1]
    while sleeper not in await to_act(service):  # the others play at once
        mover, = await to_act(service)
        assert (await service.handle(mover, "move", {"move": "score 1"})).ok
    clock.advance(hours=2)
    assert await timing.tick() == 1
    assert "forfeits" in service.outbox.texts()[-1]
    seats = {s.user_id: s for s in await service.store.seats(1)}
    assert seats[sleeper.user_id].resigned
    while (await service.store.table(1)).status == "active":  # the computer plays the seat from now on
        assert sleeper not in await to_act(service)
        mover, = await to_act(service)
        assert (await service.handle(mover, "move", {"move": "score 1"})).ok
    ranks = {r["user_id"]: r["rank"] for r in await service.store.results(1)}
    assert ranks[sleeper.user_id] == 3
    assert await timing.db.turns(1) == []


async def test_forfeit_after_one_ends_a_two_player_game(tmp_path, rounds):
    service, timing, clock = await table(tmp_path, timeout="forfeit 1")
    sleeper, = await to_act(service)
    clock.advance(hours=24)
    assert await timing.tick() == 1
    row = await service.store.table(1)
    assert row.status == "finished"
    ranks = {r["user_id"]: r["rank"] for r in await service.store.results(1)}
    assert ranks[sleeper.user_id] == 2
    assert await timing.tick(at(clock, days=30)) == 0


async def test_no_deadline_means_no_timer(tmp_path, rounds):
    service, timing, clock = await table(tmp_path, deadline="none")
    assert await timing.tick(at(clock, days=30)) == 0
    assert service.outbox.posts == []
    assert await timing.db.timers_of_table(1) == []


async def test_bad_open_options_are_refused_before_anything_is_written(tmp_path, rounds):
    service = await service_at(tmp_path / "t.db", clock=Clock())
    service.extend(Timing(service))
    reply = await service.handle(ALICE, "open", {"game": "rounds", "deadline": "3 weeks"})
    assert not reply.ok and "14 days" in reply.private
    assert await service.store.open_table(222) is None
    reply = await service.handle(ALICE, "open", {"game": "rounds", "deadline": "1h", "timeout": "forfeit-2"})
    assert reply.ok and "Turn deadline 1 hour" in reply.text and "misses 2 deadlines" in reply.text


async def test_settings_written_while_a_table_opens_are_not_overwritten_by_its_open(tmp_path, rounds):
    """The table's row is visible from its creation on; a /deadline from another process that lands
    before the /open has kept its own settings came later, and stays."""
    service = await service_at(tmp_path / "t.db", clock=Clock())

    class Elsewhere(Extension):  # runs between the table's creation and Timing's after_open
        async def after_open(self, table_id: int, values: Any) -> str:
            await TimingStore.of(service.store).set_settings(table_id, TimingSettings(2 * HOUR, 0))
            return ""

    service.extend(Elsewhere())
    timing = Timing(service)
    service.extend(timing)
    opened = await service.handle(ALICE, "open", {"game": "rounds", "deadline": "1h"})
    assert opened.ok and "2 hours" in opened.text, opened.text
    assert await timing.db.settings(1) == TimingSettings(2 * HOUR, 0)

async def test_two_processes_looking_at_one_table_write_its_turns_once_without_error(tmp_path, sticks):
    """Each process works a table's turns out from the watch it read; one that wrote meanwhile (an
    older version of the table) makes the other's look stale: it looks again rather than starting
    the same turn a second time (a duplicate key on `turns`)."""
    player = await service_at(tmp_path / "t.db", clock=Clock())
    assert (await player.handle(ALICE, "open", {"game": "sticks", "options": "sticks=30"})).ok
    assert (await player.handle(ALICE, "start")).ok
    assert (await player.handle(ALICE, "move", {"move": "take 1"})).ok
    one = Timing(await service_at(tmp_path / "t.db", clock=Clock()))  # two processes: a store each
    two = Timing(await service_at(tmp_path / "t.db", clock=Clock()))
    gates = {}
    for timing in (one, two):
        reached, go = asyncio.Event(), asyncio.Event()
        gates[timing] = reached, go

        async def held(obs, now, apply=timing.db.apply, reached=reached, go=go):
            reached.set()
            await go.wait()
            return await apply(obs, now)

        timing.db.apply = held
    # the second process looks at one version and is held before writing; the first looks at the next
    late = asyncio.create_task(two.observe(await load_table(player.store, 1)))
    await gates[two][0].wait()
    assert (await player.handle(ALICE, "move", {"move": "take 2"})).ok
    early = asyncio.create_task(one.observe(await load_table(player.store, 1)))
    await gates[one][0].wait()
    gates[two][1].set()  # the older version's turns are written first
    await late
    gates[one][1].set()
    await early
    turns = await one.db.turns(1)
    assert [(t.seat, t.version) for t in turns] == [(0, 2)]  # the turn began at the first look, once
    timers = await one.db.timers_of_table(1)
    assert sorted((t.kind, t.version, t.state) for t in timers) == [("deadline", 2, "pending"),
                                                                     ("remind", 2, "pending")]
    assert await one.db.watch(1) == (3, 2)

async def test_deadline_command_host_or_manager_and_replanning(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    shown = await service.handle(BOB, "deadline")
    assert shown.ok and "24 hours" in shown.private
    refused = await service.handle(BOB, "deadline", {"deadline": "1h"})
    assert not refused.ok and "host" in refused.private
    changed = await service.handle(MOD, "deadline", {"deadline": "2h", "reminder": "none"})
    assert changed.ok and "2 hours" in changed.text and "no reminder" in changed.text
    # the running turn now ends 2 hours after it began, without a reminder
    assert await timing.tick(at(clock, hours=1, minutes=59)) == 0
    assert await timing.tick(at(clock, hours=2)) == 1
    assert not any(t.startswith("Reminder") for t in service.outbox.texts())
    assert (await service.handle(ALICE, "deadline", {"deadline": "none"})).ok
    assert await timing.tick(at(clock, days=20)) == 0


# -- vacation ----------------------------------------------------------------------------------
async def test_vacation_pauses_deadlines_in_every_table_and_turn_messages_show_it(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    first, = await to_act(service)
    other = BOB if first == ALICE else ALICE
    # a second table in another channel of the same server
    elsewhere = lambda c: who(c.name, c.user_id, channel=333)  # noqa: E731
    assert (await service.handle(elsewhere(first), "open", {"game": "rounds"})).ok
    assert (await service.handle(elsewhere(other), "join")).ok
    assert (await service.handle(elsewhere(first), "start")).ok
    clock.advance(hours=6)
    went = await service.handle(first, "vacation", {"days": "2"})
    assert went.ok and "every table" in went.private
    loaded = await service.table(1)
    note = await timing.turn_note(loaded)
    assert "on vacation" in note and first.name in note
    assert await timing.tick(at(clock, hours=18)) == 0  # 24 h after the start: paused
    assert await timing.tick(at(clock, days=2, hours=5)) == 0
    # 6 h before the vacation + 2 days away: the reminder at 12 h of turn time comes 6 h after it
    assert await timing.tick(at(clock, days=2, hours=6)) == 2  # both tables remind
    assert await timing.tick(at(clock, days=2, hours=18)) == 2  # and both deadlines fire
    assert await timing.tick(at(clock, days=2, hours=18)) == 0
    assert [user for _, user, _ in await moves(service, 1)] == [None]
    assert [user for _, user, _ in await moves(service, 2)] == [None]


async def test_coming_back_early_restores_the_deadline(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    first, = await to_act(service)
    assert (await service.handle(first, "vacation", {"days": "5d"})).ok
    assert await timing.tick(at(clock, hours=30)) == 0  # would have been due, but paused (and due_at moved on)
    clock.advance(hours=30)
    back = await service.handle(first, "vacation", {"days": "off"})
    assert back.ok and "Welcome back" in back.private
    # 30 hours away; the 24 hours of turn time run from now
    assert await timing.tick(at(clock, hours=23)) == 1  # the reminder (12 h of turn time) is long due
    assert await timing.tick(at(clock, hours=24)) == 1


async def test_vacation_is_limited_to_14_days_a_month(tmp_path, rounds):
    clock = TravelClock(datetime(2026, 3, 2, tzinfo=UTC))
    service, timing, _ = await table(tmp_path, clock=clock)
    assert (await service.handle(ALICE, "vacation", {"days": "10"})).ok
    clock.advance(days=10)  # it is over
    refused = await service.handle(ALICE, "vacation", {"days": "5"})
    assert not refused.ok and "March" in refused.private and "4 days" in refused.private
    assert (await service.handle(ALICE, "vacation", {"days": "4"})).ok
    assert not (await service.handle(ALICE, "vacation", {"days": "15"})).ok
    status = await service.handle(ALICE, "vacation")
    assert "on vacation until" in status.private
    clock.advance(days=30)  # a new month
    assert (await service.handle(ALICE, "vacation", {"days": "14"})).ok
    # vacations are per server: another server does not see them
    assert "not on vacation" in (await service.handle(who("Alice", 1, guild=999), "vacation")).private


# -- notices -----------------------------------------------------------------------------------
async def test_direct_message_when_it_becomes_your_turn(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    first, = await to_act(service)
    other = BOB if first == ALICE else ALICE
    assert (await service.handle(other, "notify", {"mode": "dm"})).ok
    assert (await service.handle(first, "move", {"move": "score 1"})).ok
    await timing.settle()
    assert [user for user, _ in service.outbox.dms] == [other.user_id]
    assert "your turn" in service.outbox.dms[0][1] and "discord.com/channels/111/222" in service.outbox.dms[0][1]
    # a reminder goes by direct message too
    assert await timing.tick(at(clock, hours=12)) == 1
    assert [user for user, _ in service.outbox.dms] == [other.user_id] * 2
    assert (await service.handle(other, "notify", {"mode": "quiet"})).ok
    assert (await service.handle(other, "move", {"move": "score 1"})).ok
    assert (await service.handle(first, "move", {"move": "score 1"})).ok
    assert await timing.tick(at(clock, hours=24)) == 1
    quiet = service.outbox.posts[-1][1]
    assert quiet.mentions == [] and f"**{other.name}**" in quiet.text
    assert len(service.outbox.dms) == 2


async def test_a_direct_message_when_the_game_starts_but_not_after_a_restart(tmp_path, rounds):
    clock = TravelClock()
    service = await service_at(tmp_path / "t.db", clock=clock)
    timing = Timing(service)
    service.extend(timing)
    service.outbox = FakeOutbox()
    assert (await service.handle(ALICE, "open", {"game": "rounds"})).ok
    assert (await service.handle(BOB, "join")).ok
    for person in (ALICE, BOB):
        assert (await service.handle(person, "notify", {"mode": "dm"})).ok
    assert (await service.handle(ALICE, "start")).ok
    await timing.settle()
    first, = await to_act(service)
    assert [user for user, _ in service.outbox.dms] == [first.user_id]
    # a table started before deadlines were looked after: the first look, a day later, wakes nobody
    older = await service_at(tmp_path / "older.db", clock=clock)
    older.outbox = FakeOutbox()
    assert (await older.handle(ALICE, "open", {"game": "rounds"})).ok
    assert (await older.handle(BOB, "join")).ok
    assert (await older.handle(ALICE, "start")).ok
    clock.advance(hours=20)
    later = Timing(older)
    for person in (ALICE, BOB):
        await later.db.set_notify(111, person.user_id, "dm")
    await later.catch_up()
    await later.settle()
    assert older.outbox.dms == [] and len(await later.db.turns(1)) == 1


async def test_closed_direct_messages_never_block_and_the_player_is_told_once(tmp_path, rounds):
    service, timing, clock = await table(tmp_path, refuse=[1, 2])
    for person in (ALICE, BOB):
        assert (await service.handle(person, "notify", {"mode": "dm"})).ok
    for _ in range(4):
        mover, = await to_act(service)
        assert (await service.handle(mover, "move", {"move": "score 1"})).ok
    await timing.settle()
    assert len(service.outbox.dms) == 4  # tried each time
    told = [r for _, r in service.outbox.posts if "could not send you a direct message" in r.text]
    assert sorted(r.mentions[0] for r in told) == [1, 2]  # once each
    assert len(await moves(service)) == 4



async def test_turn_messages_show_the_deadline_and_vacations(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    first, = await to_act(service)
    other = BOB if first == ALICE else ALICE
    assert (await service.handle(other, "notify", {"mode": "dm"})).ok
    assert (await service.handle(other, "vacation", {"days": "2"})).ok
    back = clock.now + timedelta(days=2)
    clock.advance(hours=1)
    reply = await service.handle(first, "move", {"move": "score 2"})
    await timing.settle()
    text = discord_text(reply.text)
    assert f"{other.name} is on vacation until <t:" in text
    deadline = int(text.split("Turn deadline <t:")[1].split(":")[0])
    assert deadline == int((back + timedelta(hours=24)).timestamp())  # the turn's 24 hours run after the vacation
    assert [user for user, _ in service.outbox.dms] == [other.user_id]  # the notice went out once
    board = await service.handle(first, "board")
    assert "Turn deadline" in board.text


async def test_run_forever_catches_up_at_start_then_keeps_ticking(tmp_path, rounds):
    service, timing, clock = await table(tmp_path)
    clock.advance(hours=30)  # down past a deadline
    task = asyncio.create_task(timing.run_forever(interval=0.02))
    try:
        for _ in range(6000):  # up to 60 s: each tick is quick, but a busy machine runs it late
            if len(await moves(service)) == 1:
                break
            await asyncio.sleep(0.01)
        assert len(await moves(service)) == 1
        clock.advance(hours=24)  # the next player's deadline, while running
        for _ in range(6000):
            if len(await moves(service)) == 2:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        assert [user for _, user, _ in await moves(service)] == [None, None]
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

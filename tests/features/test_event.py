"""Swiss events: sign-up, rounds opened through the normal /open path in threads, idle seats played
by the computer after deadlines, the next round opened once, final standings posted once."""

from __future__ import annotations

import pytest

from bot.core import marks
from bot.core.replies import Reply
from bot.core.service import TableService
from bot.extensions import Installed, install
from bot.features.event import Event, seat_keeping_seed, standings, turn_deadline
from db.events import EventStore, PairingRow
from db.timing import TimingStore
from tests.helpers import CHANNEL, Clock, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

MOD = who("Mod", 9, manage=True)
PLAYERS = [who(f"P{n}", 100 + n) for n in range(1, 9)]
CREATE = {"action": "create", "game": "sticks", "seats": "4", "rounds": "3", "round_days": "2"}


class Outbox:
    """Records what the bot says unprompted, and makes a channel id for each thread asked for."""

    def __init__(self):
        self.posts: list[tuple[int, Reply]] = []
        self.threads: list[tuple[int, str, int]] = []

    async def post(self, channel_id: int, reply: Reply) -> bool:
        self.posts.append((channel_id, reply))
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        return True

    async def thread(self, channel_id: int, name: str) -> int:
        made = 900_000 + len(self.threads)
        self.threads.append((channel_id, name, made))
        return made

    def results(self) -> list[tuple[int, Reply]]:
        return [(c, r) for c, r in self.posts if "is over" in r.text and "event" in r.text]


async def running(path, clock: Clock) -> tuple[TableService, Installed, Outbox]:
    service = await service_at(path, clock=clock)
    installed = install(service, prepare_daily=False)
    outbox = Outbox()
    service.outbox = outbox
    return service, installed, outbox


async def signed_up(service: TableService, players=PLAYERS) -> int:
    created = await service.handle(MOD, "event", CREATE)
    assert created.ok and created.buttons[0].label == "Join", created.private
    event = await EventStore.of(service.store).in_channel(CHANNEL)
    for person in players:
        answer = await service.press(person, created.buttons[0].custom_id)
        assert answer.ok, answer.private
    return event.id


async def snapshot(service: TableService) -> list:
    """Every row of the event tables and the tables, to show a refusal changed nothing."""
    rows = []
    for name in ("events", "event_entrants", "event_tables", "tables", "seats"):
        async with service.store.conn.execute(f"SELECT * FROM {name} ORDER BY 1") as cur:
            rows.append([tuple(r) for r in await cur.fetchall()])
    return rows


async def test_an_event_of_eight_at_fours_runs_three_rounds_with_idle_seats_played_by_the_computer(tmp_path, sticks):
    clock = Clock()
    service, installed, outbox = await running(tmp_path / "e.db", clock)
    event_id = await signed_up(service)
    started = await service.handle(MOD, "event", {"action": "start"})
    assert started.ok, started.private
    db = EventStore.of(service.store)
    event = await db.event(event_id)
    assert (event.status, event.round) == ("running", 1)
    first = await db.pairings(event_id, 1)
    assert [len(r.players) for r in first] == [4, 4] and not any(r.bye for r in first)
    assert sorted(u for r in first for u in r.players) == sorted(p.user_id for p in PLAYERS)
    for row in first:  # the normal path: a table in a thread of the event's channel, seats in pairing order
        loaded = await service.table(row.table_id)
        assert loaded.row.status == "active" and loaded.row.channel_id == row.channel_id
        assert [s.user_id for s in sorted(loaded.seats, key=lambda s: s.seat)] == list(row.players)
        settings = await TimingStore.of(service.store).settings(row.table_id)
        assert settings.deadline_s == turn_deadline(2) and settings.policy == "ai"
    assert [t[0] for t in outbox.threads] == [CHANNEL, CHANNEL]
    # one person plays a turn by hand; everyone else sleeps through the deadlines
    mover = next(p for p in PLAYERS if p.user_id == first[0].players[0])
    moved = await service.move(who(mover.name, mover.user_id, channel=first[0].channel_id), "take 1")
    assert moved.ok, moved.private
    for _ in range(400):
        clock.advance(hours=13)
        await installed.tick()
        if (await db.event(event_id)).status == "finished":
            break
    event = await db.event(event_id)
    assert event.status == "finished" and event.round == 3
    rows = await db.pairings(event_id)
    assert len(rows) == 6 and all(r.points is not None for r in rows)
    for row in rows:  # every table ended by the game's own end, the computer playing idle seats
        assert (await service.table(row.table_id)).row.status == "finished"
        assert sum(row.points.values()) == pytest.approx(2.0)  # by place, a table of four gives out 2
    said = [reply.text for _, reply in outbox.posts]
    assert any("let the turn deadline pass, so the computer played" in text for text in said)
    assert any(text.startswith("The round's time is up") for text in said)  # the round's end played out the rest
    for _ in range(3):
        clock.advance(hours=13)
        await installed.tick()
    results = outbox.results()
    assert len(results) == 1 and results[0][0] == CHANNEL
    table = standings({p.user_id: (p.name, False) for p in PLAYERS}, rows)
    assert results[0][1].text.splitlines()[1].startswith(f"1. {table[0].name}")
    assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)
    assert sum(s.points for s in table) == pytest.approx(12.0)
    mine = await service.handle(who(PLAYERS[0].name, PLAYERS[0].user_id), "stats")
    assert "Event of Sticks (final)" in mine.private


async def test_two_services_and_a_restart_open_each_round_once(tmp_path, sticks):
    clock = Clock()
    path = tmp_path / "shared.db"
    service, installed, outbox = await running(path, clock)
    event_id = await signed_up(service)
    assert (await service.handle(MOD, "event", {"action": "start"})).ok
    other, other_installed, other_outbox = await running(path, clock)
    db = EventStore.of(service.store)
    for _ in range(40):
        clock.advance(hours=13)
        await installed.tick()
        await other_installed.tick()
        if (await db.event(event_id)).round == 2:
            break
    assert (await db.event(event_id)).round == 2
    await service.store.close()  # a restart: a new process on the same store
    again, again_installed, again_outbox = await running(path, clock)
    again_db = EventStore.of(again.store)
    for _ in range(200):
        clock.advance(hours=13)
        await again_installed.tick()
        await other_installed.tick()
        if (await again_db.event(event_id)).status == "finished":
            break
    for _ in range(3):
        await again_installed.tick()
        await other_installed.tick()
    rows = await again_db.pairings(event_id)
    assert sorted({r.round for r in rows}) == [1, 2, 3] and len(rows) == 6
    assert len({r.table_id for r in rows}) == 6  # no round was paired or opened twice
    async with again.store.conn.execute("SELECT COUNT(*) FROM tables") as cur:
        assert (await cur.fetchone())[0] == 6
    assert len(outbox.results() + other_outbox.results() + again_outbox.results()) == 1


async def test_a_two_seat_event_gives_byes_and_balances_first_seats_through_the_normal_start(tmp_path, sticks):
    clock = Clock()
    service, installed, _ = await running(tmp_path / "e.db", clock)
    created = await service.handle(MOD, "event", dict(CREATE, seats="2", rounds="4"))
    for person in PLAYERS[:5]:  # five at twos: two tables and a bye each round
        assert (await service.press(person, created.buttons[0].custom_id)).ok
    assert (await service.handle(MOD, "event", {"action": "start"})).ok
    db = EventStore.of(service.store)
    event = await db.in_channel(CHANNEL)
    for _ in range(400):
        clock.advance(hours=13)
        await installed.tick()
        if (await db.event(event.id)).status == "finished":
            break
    rows = await db.pairings(event.id)
    byes = [r for r in rows if r.bye]
    assert len(byes) == 4 and len({r.players for r in byes}) == 4  # nobody sits out twice while others have not
    assert all(r.points == {r.players[0]: 0.5} for r in byes)  # by place at two seats, an average seat's
    first, second = {p.user_id: 0 for p in PLAYERS[:5]}, {p.user_id: 0 for p in PLAYERS[:5]}
    for row in rows:
        if row.bye:
            continue
        loaded = await service.table(row.table_id)
        seated = [s.user_id for s in sorted(loaded.seats, key=lambda s: s.seat)]
        assert seated == list(row.players)  # the table sat them as paired
        first[seated[0]] += 1
        second[seated[1]] += 1
    assert all(abs(first[u] - second[u]) <= 1 for u in first), (first, second)


@pytest.mark.parametrize("args, said", [
    ({"action": "create", "game": "no such game", "seats": "4", "rounds": "3", "round_days": "2"}, "game"),
    ({"action": "create", "game": "sticks", "seats": "4", "rounds": "3", "round_days": "0"}, "at least one day"),
    ({"action": "create", "game": "sticks", "seats": "9", "rounds": "3", "round_days": "2"}, "seats"),
])
async def test_bad_creations_say_one_private_line_and_change_nothing(tmp_path, sticks, args, said):
    service, _, outbox = await running(tmp_path / "e.db", Clock())
    before = await snapshot(service)
    answer = await service.handle(MOD, "event", args)
    assert not answer.ok and said in answer.private and "\n" not in answer.private and not answer.text
    assert await snapshot(service) == before and outbox.posts == []


async def test_no_event_where_the_server_lets_no_table_open(tmp_path, sticks):
    from db.server_settings import ServerSettingsStore, SettingsChange

    service, _, _ = await running(tmp_path / "e.db", Clock())
    await ServerSettingsStore.of(service.store).change(MOD.guild_id, SettingsChange(add_channels=[CHANNEL + 1]))
    before = await snapshot(service)
    answer = await service.handle(MOD, "event", CREATE)
    assert not answer.ok and "create the event in one of those" in answer.private and not answer.text
    assert await snapshot(service) == before
    assert (await service.handle(who("Mod", 9, channel=CHANNEL + 1, manage=True), "event", CREATE)).ok


async def test_a_member_who_may_not_manage_the_server_creates_no_event(tmp_path, sticks):
    service, _, _ = await running(tmp_path / "e.db", Clock())
    before = await snapshot(service)
    answer = await service.handle(PLAYERS[0], "event", CREATE)
    assert not answer.ok and "manage this server" in answer.private and not answer.text
    assert await snapshot(service) == before


async def test_too_few_players_to_start_and_leaving_twice_change_nothing(tmp_path, sticks):
    service, _, _ = await running(tmp_path / "e.db", Clock())
    await signed_up(service, PLAYERS[:5])
    before = await snapshot(service)
    answer = await service.handle(MOD, "event", {"action": "start"})
    assert not answer.ok and "at least 6 players" in answer.private and not answer.text
    assert await snapshot(service) == before
    left = await service.handle(PLAYERS[0], "event", {"action": "leave"})
    assert left.ok
    before = await snapshot(service)
    again = await service.handle(PLAYERS[0], "event", {"action": "leave"})
    assert not again.ok and again.private == "You are not in this event." and not again.text
    assert await snapshot(service) == before
    twice = await service.handle(PLAYERS[1], "event", {"action": "join"})
    assert not twice.ok and "already" in twice.private


async def test_rules_event_explains_the_pairing(tmp_path, sticks):
    from bot.core.pairing import PAIRING_EXPLAINED

    service, _, _ = await running(tmp_path / "e.db", Clock())
    answer = await service.handle(PLAYERS[0], "rules", {"game": "event"})
    assert answer.ok and answer.private == PAIRING_EXPLAINED
    game = await service.handle(PLAYERS[0], "rules", {"game": "sticks"})
    assert "sticks" in game.private.lower()


async def test_the_event_shows_standings_and_pairings_privately(tmp_path, sticks):
    service, _, _ = await running(tmp_path / "e.db", Clock())
    service.seeds = lambda: 2**53 - 1  # the largest seed a service draws: each table's own stays storable
    await signed_up(service)
    await service.handle(MOD, "event", {"action": "start"})
    shown = await service.handle(PLAYERS[2], "event")
    assert shown.ok and not shown.text
    assert "round 1 of 3" in shown.private and "Table 1 in" in shown.private and "Table 2 in" in shown.private


def test_the_seat_keeping_seed_keeps_the_order_the_start_draws():
    import random

    for players in (2, 3, 4):
        seed = seat_keeping_seed(12345, players)
        order = list(range(players))
        random.Random(seed).shuffle(order)
        assert order == list(range(players))


def test_standings_break_ties_by_opponents_points():
    rows = [PairingRow(1, 1, (1, 2), 10, 20, False, {1: 1.0, 2: 0.0}),
            PairingRow(1, 2, (3, 4), 11, 21, False, {3: 1.0, 4: 0.0}),
            PairingRow(2, 1, (1, 3), 12, 22, False, {1: 0.0, 3: 1.0}),
            PairingRow(2, 2, (2, 4), 13, 23, False, {2: 1.0, 4: 0.0})]
    names = {1: ("A", False), 2: ("B", False), 3: ("C", False), 4: ("D", False)}
    table = standings(names, rows)
    assert [s.user_id for s in table] == [3, 1, 2, 4]
    # A and B both have 1 point; A met B (1) and C (2): a mean of 1.5, B met A (1) and D (0): 0.5
    assert (table[1].opponents, table[2].opponents) == (1.5, 0.5)


def test_event_is_installed():
    assert Event.commands[0].name == "event"


async def test_who_leaves_is_paired_no_more_and_the_results_go_to_the_servers_results_channel(tmp_path, sticks):
    from db.server_settings import ServerSettingsStore, SettingsChange

    clock = Clock()
    service, installed, outbox = await running(tmp_path / "e.db", clock)
    await ServerSettingsStore.of(service.store).change(MOD.guild_id, SettingsChange(values={"results_channel": 777}))
    event_id = await signed_up(service, PLAYERS[:7])
    assert (await service.handle(MOD, "event", {"action": "start"})).ok
    gone = PLAYERS[0]
    left = await service.handle(gone, "event", {"action": "leave"})
    assert left.ok and "will not be paired again" in left.private
    db = EventStore.of(service.store)
    for _ in range(400):
        clock.advance(hours=13)
        await installed.tick()
        if (await db.event(event_id)).status == "finished":
            break
    later = [r for r in await db.pairings(event_id) if r.round > 1]
    assert later and all(gone.user_id not in r.players for r in later)
    assert any(gone.user_id in r.players for r in await db.pairings(event_id, 1))
    results = outbox.results()
    assert len(results) == 1 and results[0][0] == 777
    assert f"{gone.name} (left the event)" in results[0][1].text


async def test_a_table_left_unstarted_by_a_stopped_process_is_started_later(tmp_path, sticks):
    clock = Clock()
    service, installed, _ = await running(tmp_path / "e.db", clock)
    event_id = await signed_up(service)
    start = service.lobby.cmd_start
    calls = []

    async def stops_once(caller):
        calls.append(caller)
        if len(calls) == 1:
            raise RuntimeError("the process stopped")
        return await start(caller)

    service.lobby.cmd_start = stops_once
    assert (await service.handle(MOD, "event", {"action": "start"})).ok
    db = EventStore.of(service.store)
    rows = await db.pairings(event_id, 1)
    states = [(await service.table(r.table_id)).row.status for r in rows]
    assert states == ["lobby", "active"]
    clock.advance(minutes=1)
    await installed.tick()  # still within another process's reach: left alone
    assert (await service.table(rows[0].table_id)).row.status == "lobby"
    clock.advance(minutes=10)
    await installed.tick()
    loaded = await service.table(rows[0].table_id)
    assert loaded.row.status == "active"
    assert [s.user_id for s in sorted(loaded.seats, key=lambda s: s.seat)] == list(rows[0].players)
    async with service.store.conn.execute("SELECT COUNT(*) FROM tables") as cur:
        assert (await cur.fetchone())[0] == 2


async def test_a_start_and_another_process_s_tick_at_once_open_each_table_once(tmp_path, sticks):
    import asyncio

    clock = Clock()
    path = tmp_path / "shared.db"
    service, _, outbox = await running(path, clock)
    other, other_installed, other_outbox = await running(path, clock)
    event_id = await signed_up(service)
    for _ in range(3):  # the tick lands before, during or after the start's opening
        started, _ = await asyncio.gather(service.handle(MOD, "event", {"action": "start"}), other_installed.tick())
    rows = await EventStore.of(service.store).pairings(event_id)
    assert len(rows) == 2 and all(r.table_id for r in rows)
    async with service.store.conn.execute("SELECT COUNT(*) FROM tables") as cur:
        assert (await cur.fetchone())[0] == 2
    assert len(outbox.threads) + len(other_outbox.threads) == 2


async def test_every_round_is_paired_off_the_event_loop(tmp_path, sticks, monkeypatch):
    """A hard round keeps pair_round busy a tenth of a second or more: the start and the clock both
    pair on a worker thread, never on the loop that answers everyone."""
    import asyncio
    import threading

    import bot.features.event as feature

    pair, where = feature.pair_round, []

    def watched(*args, **kwargs):
        try:
            asyncio.get_running_loop()
            where.append("loop")
        except RuntimeError:
            where.append(threading.current_thread().name)
        return pair(*args, **kwargs)

    monkeypatch.setattr(feature, "pair_round", watched)
    clock = Clock()
    service, installed, _ = await running(tmp_path / "e.db", clock)
    event_id = await signed_up(service)
    assert (await service.handle(MOD, "event", {"action": "start"})).ok
    db = EventStore.of(service.store)
    for _ in range(200):
        clock.advance(hours=13)
        await installed.tick()
        if (await db.event(event_id)).round == 3:
            break
    assert len(where) == 3 and "loop" not in where and threading.main_thread().name not in where, where


class GoneChannel(Outbox):
    """The event's channel was deleted: every thread asked for is refused, as the Discord adapter
    refuses it on a 404; direct messages are recorded."""

    def __init__(self):
        super().__init__()
        self.directs: list[tuple[int, str]] = []

    async def thread(self, channel_id: int, name: str) -> int:
        from games.base import IllegalMove
        raise IllegalMove("The event's channel is gone.")

    async def direct(self, user_id: int, text: str) -> bool:
        self.directs.append((user_id, text))
        return True


async def test_a_round_that_cannot_open_its_tables_says_why_to_who_can_fix_it(tmp_path, sticks):
    clock = Clock()
    service, installed, _ = await running(tmp_path / "e.db", clock)
    outbox = service.outbox = GoneChannel()
    event_id = await signed_up(service)
    started = await service.handle(MOD, "event", {"action": "start"})
    assert started.ok and "Round 1 waits for a place where its tables can open. The event's channel is gone." in started.text
    for _ in range(12):  # an hour of the clock's ticks: the openings are tried again, the creator told once
        clock.advance(minutes=5)
        await installed.tick()
    assert outbox.directs == [(MOD.user_id, f"Round 1 of your event of Sticks in {marks.place(CHANNEL)} cannot open "
                                            "its tables. The event's channel is gone.")]
    shown = await service.handle(PLAYERS[0], "event", {})
    assert "Round 1 waits for a place where its tables can open. The event's channel is gone." in shown.private
    # another process, which never tried to open them, tells from the store that the round waits
    other = await service_at(tmp_path / "e.db", clock=clock)
    install(other, prepare_daily=False)
    said = (await other.handle(PLAYERS[0], "event", {})).private
    assert "Round 1 waits: tables of it could not open in threads of" in said
    assert (await EventStore.of(service.store).event(event_id)).round == 1


def test_help_lists_each_event_subcommand_among_the_server_commands():
    from bot.core.commands import Command, Param
    from bot.core.guide import help_reply
    from bot.features.event import COMMANDS

    text = help_reply(COMMANDS).private
    server = text[text.index("Server"):]
    for name in ("create", "start", "join", "leave", "standings"):
        assert f"`/event {name}`" in server
    assert "`/event` A Swiss" not in text
    with pytest.raises(ValueError):  # a subcommand's option the command's handler does not read
        Command("x", "x", (Param("action", "a", choices=("a",)),), subcommands=(Command("a", "a", (Param("b", "b"),)),))

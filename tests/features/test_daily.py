"""The daily challenge: one deal per UTC day for every server, prepared ahead; one attempt per player,
ending with its day; boards, streaks."""

from __future__ import annotations

import asyncio
import os
from datetime import UTC, date, datetime, timedelta

import pytest

import bot.features.daily as daily_mod
from bot import extensions
from bot.adapters.discord.shapes import discord_text
from bot.core.replies import Reply
from bot.features.daily import (
    choose_deal,
    day_difficulty,
    derive_seed,
    hawaii_solver,
    install,
    replay_wins,
    streaks,
)
from bot.features.solving import SolverPool
from db.daily import DailyStore
from games import registry
from render.common import open_png
from render.daily import daily_board, solo_board
from tests.helpers import Clock, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

GUILD, OTHER_GUILD = 111, 999
LOBBY = 500  # the channel where /daily is typed; each player's table gets its own thread
THURSDAY = datetime(2026, 1, 1, 12, tzinfo=UTC)  # an easy day


def thread_of(user_id: int, day: int = 0, guild: int = GUILD) -> int:
    return 10_000 + 1000 * day + user_id + (100 if guild != GUILD else 0)


def player(name: str, user_id: int, day: int = 0, guild: int = GUILD):
    return who(name, user_id, channel=thread_of(user_id, day, guild), guild=guild)


class Outbox:
    def __init__(self):
        self.posts: list[tuple[int, Reply]] = []

    async def post(self, channel_id: int, reply: Reply) -> bool:
        self.posts.append((channel_id, reply))
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        return True


class Solver:
    """Accepts every seed unless told otherwise; remembers what it was asked."""

    def __init__(self, reject=(), line=None):
        self.asked: list[tuple[int, str]] = []
        self.reject = reject
        self.line = line

    def __call__(self, seed: int, difficulty: str):
        self.asked.append((seed, difficulty))
        rejected = self.reject(seed, difficulty) if callable(self.reject) else seed in self.reject
        return None if rejected else list(self.line or [])


def solver_in_worker(seed: int, difficulty: str) -> list[str]:
    """A stand-in solver that wins everything and says which process it ran in."""
    return [str(os.getpid())]


async def setup(tmp_path, clock=None, solver=None, outbox=True, draw=False, wait=True):
    clock = clock or Clock(THURSDAY)
    service = await service_at(tmp_path / "t.db", clock=clock, draw_images=draw)
    daily = install(service, solver=solver or Solver(), wait_for_deal=wait)
    if outbox:
        service.outbox = Outbox()
    return service, daily, clock


async def start(service, daily, caller, board_channel=LOBBY, made=None):
    """What the Discord adapter does on /daily: typed in a channel, the player's thread made once the
    attempt is theirs (here: the caller's own channel stands for it)."""
    in_lobby = who(caller.name, caller.user_id, channel=board_channel, guild=caller.guild_id)

    async def make_place(name):
        if made is not None:
            made.append(name)
        return caller.channel_id

    return await daily.begin(in_lobby, {}, make_place)


async def table_in(service, channel):
    return await service.store.latest_table(channel)


async def lose(service, caller):
    """Play the plainest moves until the game ends (a bankrupt loss)."""
    for _ in range(300):
        row = await service.store.open_table(caller.channel_id)
        if row is None:
            return
        game = registry.get("hawaii").load(row.state)
        moves = game.legal_moves(0)
        pick = next((m for m in ("pass", "done", "shares 0") if m in moves), moves[0])
        reply = await service.handle(caller, "move", {"move": pick})
        assert reply.ok, reply.private
    raise AssertionError("the game did not end")


async def play_line(service, caller, line):
    for move in line:
        reply = await service.handle(caller, "move", {"move": move})
        assert reply.ok, (move, reply.private)
    row = await service.store.latest_table(caller.channel_id)
    assert row.status == "finished"


# -- the deal ------------------------------------------------------------------------------
async def test_same_deal_for_everyone_of_a_server_on_a_day(tmp_path):
    service, daily, clock = await setup(tmp_path)
    tables = []
    for name, uid in (("Alice", 1), ("Bob", 2), ("Carol", 3)):
        reply = await start(service, daily, player(name, uid))
        assert reply.ok, reply.private
        assert "Daily challenge" in reply.text
        tables.append(await table_in(service, thread_of(uid)))
    day = clock().date()
    assert {t.seed for t in tables} == {derive_seed(day, 0, await daily.secret())}
    assert {t.options["difficulty"] for t in tables} == {day_difficulty(day)} == {"easy"}
    assert all(t.status == "active" and t.game == "hawaii" for t in tables)
    assert len({t.channel_id for t in tables}) == 3  # each in the player's own thread
    # the same deal again from a fresh process over the same file
    again = await service_at(tmp_path / "t.db", clock=clock)
    other = install(again, solver=Solver())
    assert (await other.deal_of(GUILD, day)).seed == tables[0].seed
    assert await other.secret() == await daily.secret()
    # another installation (its own data) deals otherwise
    (tmp_path / "elsewhere").mkdir()
    _, stranger, _ = await setup(tmp_path / "elsewhere", clock=clock)
    assert (await stranger.deal_of(GUILD, day)).seed != tables[0].seed


async def test_the_same_deal_in_every_server_and_another_the_next_day(tmp_path):
    solver = Solver()
    service, daily, clock = await setup(tmp_path, solver=solver)
    assert (await start(service, daily, player("Alice", 1))).ok
    first = await table_in(service, thread_of(1))
    assert (await start(service, daily, player("Zed", 9, guild=OTHER_GUILD))).ok
    elsewhere = await table_in(service, thread_of(9, guild=OTHER_GUILD))
    assert (elsewhere.seed, elsewhere.options) == (first.seed, first.options)
    assert len(solver.asked) == 1  # solved once for every server
    # each server keeps its own board
    await lose(service, player("Zed", 9, guild=OTHER_GUILD))
    assert "Zed" not in (await service.handle(player("Alice", 1), "dailyboard")).text
    assert "Zed — lost" in (await service.handle(player("Zed", 9, guild=OTHER_GUILD), "dailyboard")).text
    clock.advance(days=1)  # Friday
    assert (await start(service, daily, player("Alice", 1, day=1))).ok
    second = await table_in(service, thread_of(1, day=1))
    assert second.seed != first.seed
    assert (first.options["difficulty"], second.options["difficulty"]) == ("easy", "standard")
    seeds = {derive_seed(date(2026, 1, 1) + timedelta(days=n)) for n in range(120)}
    assert len(seeds) == 120  # stable and spread
    assert derive_seed(date(2026, 1, 1), 0, "a") != derive_seed(date(2026, 1, 1), 0, "b") != derive_seed(
        date(2026, 1, 1), 1, "b")
    assert [day_difficulty(date(2026, 1, 5) + timedelta(days=n)) for n in range(7)] == list(
        daily_mod.WEEKDAY_DIFFICULTY)


async def test_the_winnability_check_chooses_the_next_seed(tmp_path):
    day = THURSDAY.date()
    solver = Solver(reject=lambda seed, level: len(solver.asked) == 1)  # the first seed is not won
    service, daily, _ = await setup(tmp_path, solver=solver)
    assert (await start(service, daily, player("Alice", 1))).ok
    row = await table_in(service, thread_of(1))
    secret = await daily.secret()
    assert row.seed == derive_seed(day, 1, secret)
    assert solver.asked == [(derive_seed(day, 0, secret), "easy"), (row.seed, "easy")]
    assert (await start(service, daily, player("Bob", 2))).ok
    assert (await table_in(service, thread_of(2))).seed == row.seed and len(solver.asked) == 2  # kept, not searched again
    # a day whose difficulty is never won falls back to an easier one
    saturday = date(2026, 1, 3)
    deal = await choose_deal(saturday, Solver(reject=lambda seed, level: level != "standard"))
    assert (deal.difficulty, deal.candidate) == ("standard", daily_mod.PER_LEVEL)

    async def in_a_worker(seed, level):  # a solver may be a coroutine (a solve in a worker process)
        return None if level == "very_hard" else ["pass"]

    assert (await choose_deal(saturday, in_a_worker)).difficulty == "standard"
    with pytest.raises(LookupError):
        await choose_deal(saturday, Solver(reject=lambda seed, level: True), per_level=2, last_level=2)


async def test_no_winnable_deal_refuses_and_records_no_attempt(tmp_path, monkeypatch):
    monkeypatch.setattr(daily_mod, "LAST_LEVEL", 3)
    monkeypatch.setattr(daily_mod, "PER_LEVEL", 2)
    service, daily, _ = await setup(tmp_path, solver=Solver(reject=lambda seed, level: True))
    reply = await start(service, daily, player("Alice", 1))
    assert not reply.ok and "could not be prepared" in reply.private
    reply = await service.handle(player("Alice", 1), "daily")
    assert not reply.ok
    assert await DailyStore(service.store).attempt(GUILD, "2026-01-01", 1) is None
    assert await table_in(service, thread_of(1)) is None


# -- one attempt -----------------------------------------------------------------------------
async def test_one_attempt_per_player_and_day_by_any_path(tmp_path):
    service, daily, clock = await setup(tmp_path)
    alice = player("Alice", 1)
    assert (await start(service, daily, alice)).ok
    again = await start(service, daily, player("Alice", 1, day=5))  # another thread
    assert not again.ok and "under way" in again.private
    direct = await service.handle(player("Alice", 1, day=6), "daily")  # past the adapter's check
    assert not direct.ok and await table_in(service, thread_of(1, day=6)) is None
    assert (await service.handle(alice, "resign")).ok
    done = await service.handle(player("Alice", 1, day=7), "daily")
    assert not done.ok and "already" in done.private and "next deal comes in 12 h" in done.private
    # a restarted bot over the same file still refuses
    await service.store.close()
    clock.advance(hours=3)
    restarted = await service_at(tmp_path / "t.db", clock=clock)
    daily2 = install(restarted, solver=Solver(), wait_for_deal=True)
    later = await start(restarted, daily2, player("Alice", 1, day=8))
    assert not later.ok and "already" in later.private
    assert not (await restarted.handle(player("Alice", 1, day=9), "daily")).ok
    rows = await restarted.store.tables(GUILD, statuses=("lobby", "active", "finished", "cancelled"))
    assert [r.host_id for r in rows] == [1]
    # the next day she plays again
    clock.advance(days=1)
    assert (await start(restarted, daily2, player("Alice", 1, day=10))).ok


async def test_cancelling_the_table_does_not_give_a_second_attempt(tmp_path):
    service, daily, _ = await setup(tmp_path)
    alice = player("Alice", 1)
    assert (await start(service, daily, alice)).ok
    assert (await service.handle(alice, "cancel")).ok
    assert not (await start(service, daily, player("Alice", 1, day=3))).ok
    board = await service.handle(alice, "dailyboard")
    assert "Alice — abandoned" in board.text


async def test_two_daily_commands_at_once_open_exactly_one_table(tmp_path):
    service, daily, _ = await setup(tmp_path)
    other = await service_at(tmp_path / "t.db", clock=service.clock)  # a second process
    daily2 = install(other, solver=Solver(), wait_for_deal=True)
    replies = await asyncio.gather(
        service.handle(player("Alice", 1, day=1), "daily"),
        service.handle(player("Alice", 1, day=2), "daily"),
        other.handle(player("Alice", 1, day=3), "daily"),
        start(service, daily, player("Alice", 1, day=4)),
        start(other, daily2, player("Alice", 1, day=5)),
    )
    assert sum(1 for r in replies if r.ok) == 1
    rows = await service.store.tables(GUILD, statuses=("lobby", "active", "finished", "cancelled"))
    assert len(rows) == 1 and rows[0].host_id == 1
    attempt = await DailyStore(service.store).attempt(GUILD, "2026-01-01", 1)
    assert attempt.table_id == rows[0].id and attempt.channel_id == rows[0].channel_id


async def test_racing_daily_calls_while_a_table_is_slow_to_open_make_one_place_and_one_table(tmp_path, monkeypatch):
    service, daily, _ = await setup(tmp_path)
    opening = service.cmd_open

    async def slow_open(*args, **kwargs):  # the table takes a while to open (a busy database, a slow disk)
        await asyncio.sleep(0.2)
        return await opening(*args, **kwargs)

    monkeypatch.setattr(service, "cmd_open", slow_open)
    made: list[str] = []
    replies = await asyncio.gather(*(start(service, daily, player("Alice", 1, day=n), made=made) for n in range(4)))
    assert [r.ok for r in replies].count(True) == 1
    assert made == ["Daily 2026-01-01 · Alice"]  # one thread asked for, by the call that holds the attempt
    refused = [r.private for r in replies if not r.ok]
    assert all("being set up" in text and "One attempt per day" in text for text in refused)
    rows = await service.store.tables(GUILD, statuses=("lobby", "active", "finished", "cancelled"))
    assert [(r.status, r.host_id) for r in rows] == [("active", 1)]


async def test_a_claim_taken_over_while_its_table_opens_leaves_one_live_table(tmp_path, monkeypatch):
    """The first call stalls for longer than a claim lives (its thread took minutes); the second takes the
    attempt over and opens its table; the first, waking up, may not tie its table to the attempt."""
    service, daily, clock = await setup(tmp_path)
    woken = asyncio.Event()
    stalled: list[int] = []

    async def stall(name):
        stalled.append(1)
        await woken.wait()
        return thread_of(1, day=1)

    first = asyncio.create_task(daily.begin(who("Alice", 1, channel=LOBBY), {}, stall))
    while not stalled:
        await asyncio.sleep(0.01)
    clock.advance(minutes=5)
    second = await start(service, daily, player("Alice", 1, day=2))
    assert second.ok, second.private
    woken.set()
    late = await first
    assert not late.ok and "under way" in late.private
    rows = await service.store.tables(GUILD, statuses=("lobby", "active", "finished", "cancelled"))
    assert [(r.channel_id, r.status) for r in rows] == [(thread_of(1, day=2), "active")]
    # overtaken later, between opening its table and tying it: the overtaking call finds that table
    # (opened on the day's deal) and ties it to the attempt instead of opening a second one
    clock.advance(days=1)
    tying = daily.db.link
    overtaking: list[Reply] = []

    async def overtaken(*args, opener=None):
        if opener == "late":
            clock.advance(minutes=5)
            overtaking.append(await start(service, daily, player("Alice", 1, day=4)))
        return await tying(*args, opener=opener)

    daily.db.link = overtaken
    daily_mod.secrets.token_hex, token = (lambda n: "late"), daily_mod.secrets.token_hex
    try:
        late = await start(service, daily, player("Alice", 1, day=3))
    finally:
        daily_mod.secrets.token_hex = token
    assert late.ok and not overtaking[0].ok and f"<#{thread_of(1, day=3)}>" in discord_text(overtaking[0].private)
    rows = await service.store.tables(GUILD, statuses=("lobby", "active", "finished", "cancelled"))
    assert [(r.channel_id, r.status) for r in rows[1:]] == [(thread_of(1, day=3), "active")]
    assert (await daily.db.attempt(GUILD, "2026-01-02", 1)).table_id == rows[-1].id
    attempt = await daily.db.attempt(GUILD, "2026-01-01", 1)
    assert attempt.table_id == rows[0].id
    assert await daily.db.results_of_guild(GUILD) == []  # nothing was cancelled after it started


async def test_a_place_that_cannot_be_made_gives_the_attempt_back(tmp_path):
    service, daily, _ = await setup(tmp_path)

    async def refused(name):
        raise PermissionError("missing access")

    reply = await daily.begin(who("Alice", 1, channel=LOBBY), {}, refused)
    assert not reply.ok and "could not make its private thread" in reply.private
    assert await daily.db.attempt(GUILD, "2026-01-01", 1) is None
    assert (await start(service, daily, player("Alice", 1))).ok


async def test_an_attempt_cut_short_before_its_table_continues(tmp_path):
    service, daily, clock = await setup(tmp_path)
    db = DailyStore(service.store)
    await daily.deal_of(GUILD, clock().date())
    assert await db.claim(guild_id=GUILD, day="2026-01-01", user_id=1, name="Alice", channel_id=77, now=clock())
    soon = await service.handle(player("Alice", 1), "daily")
    assert not soon.ok and "being set up" in soon.private
    clock.advance(minutes=5)  # the process that claimed it died before opening the table
    assert (await service.handle(player("Alice", 1), "daily")).ok
    assert not (await service.handle(player("Alice", 1, day=2), "daily")).ok


async def test_a_busy_channel_gives_the_attempt_back(tmp_path, sticks):
    service, daily, _ = await setup(tmp_path)
    alice = player("Alice", 1)
    assert (await service.handle(alice, "open", {"game": "sticks"})).ok
    busy = await service.handle(alice, "daily")
    assert not busy.ok and "already has a table" in busy.private
    assert (await service.handle(player("Alice", 1, day=1), "daily")).ok


async def test_the_day_seed_reaches_only_the_daily_table(tmp_path, sticks):
    service, daily, _ = await setup(tmp_path)
    bob = who("Bob", 2, channel=42)
    replies = await asyncio.gather(
        service.handle(player("Alice", 1), "daily"),
        service.handle(bob, "open", {"game": "sticks"}),
        service.handle(player("Carol", 3), "daily"),
    )
    assert all(r.ok for r in replies)
    assert (await table_in(service, 42)).seed == 7  # the service's own seeds
    assert (await table_in(service, thread_of(1))).seed == derive_seed(THURSDAY.date(), 0, await daily.secret())


# -- results and boards ------------------------------------------------------------------------
async def test_a_finished_result_appears_on_the_board_and_moves_stay_hidden(tmp_path):
    service, daily, clock = await setup(tmp_path)
    alice, bob = player("Alice", 1), player("Bob", 2)
    assert (await start(service, daily, alice)).ok
    assert (await start(service, daily, bob, board_channel=LOBBY + 1)).ok  # the first channel is kept
    assert (await service.handle(bob, "move", {"move": "shares 1"})).ok
    early = await service.handle(alice, "dailyboard")
    assert "No finished attempt yet" in early.text and "2 still playing" in early.text
    assert "shares" not in early.text
    await lose(service, alice)
    posts = service.outbox.posts
    assert len(posts) == 1 and posts[0][0] == LOBBY
    text = posts[0][1].text
    assert "1. Alice — lost (score" in text and "1 still playing" in text
    assert "Bob" not in text  # unfinished: neither moves nor result
    board = await service.handle(bob, "dailyboard", {"date": "2026-01-01"})
    assert board.text == text
    assert not (await service.handle(bob, "dailyboard", {"date": "2026-01-02"})).ok
    assert not (await service.handle(bob, "dailyboard", {"date": "2025-12-31"})).ok
    assert not (await service.handle(bob, "dailyboard", {"date": "1st of May"})).ok
    results = await DailyStore(service.store).results_of_day(GUILD, "2026-01-01")
    assert [(r.name, r.won, r.ended, r.hints) for r in results] == [("Alice", False, "finished", 0)]
    assert results[0].moves == len(await service.store.moves(results[0].table_id))


async def test_the_final_board_is_posted_once_after_a_restart_and_after_downtime(tmp_path):
    service, daily, clock = await setup(tmp_path)
    alice, bob = player("Alice", 1), player("Bob", 2)
    assert (await start(service, daily, alice)).ok
    assert (await start(service, daily, bob)).ok
    await lose(service, alice)
    posts = service.outbox.posts
    assert await daily.tick() == 0  # the day is not over
    clock.now = datetime(2026, 1, 1, 23, 59, 59, tzinfo=UTC)
    assert await daily.tick() == 0
    clock.now = datetime(2026, 1, 2, 0, 0, 5, tzinfo=UTC)
    assert await daily.tick() == 1
    final = posts[-1]
    assert final[0] == LOBBY and "final board" in final[1].text and "still playing" not in final[1].text
    assert "Bob — out of time (unfinished at 00:00 UTC)" in final[1].text
    assert posts[-2][0] == bob.channel_id and "ended with its day" in posts[-2][1].text  # told at the table
    count = len(posts)
    assert await daily.tick() == 0 and len(posts) == count
    # restart: the new process does not post it again
    await service.store.close()
    restarted = await service_at(tmp_path / "t.db", clock=clock)
    daily2 = install(restarted, solver=Solver(), wait_for_deal=True)
    restarted.outbox = Outbox()
    assert await daily2.tick() == 0 and restarted.outbox.posts == []
    # Bob's attempt ended with its day, as a loss; the final board says so, and nothing changes it
    final_text = final[1].text
    assert (await restarted.handle(bob, "resign")).ok is False
    assert restarted.outbox.posts == []
    assert (await restarted.handle(bob, "dailyboard", {"date": "2026-01-01"})).text == final_text
    # a day played, then the bot is down for three days: its final board comes once on return
    clock.now = datetime(2026, 1, 3, 9, tzinfo=UTC)
    assert (await start(restarted, daily2, player("Alice", 1, day=3))).ok
    clock.now = datetime(2026, 1, 6, 15, tzinfo=UTC)
    before = len(restarted.outbox.posts)
    assert await daily2.tick() == 1
    assert "2026-01-03" in restarted.outbox.posts[-1][1].text and len(restarted.outbox.posts) == before + 2
    assert "Alice — out of time" in restarted.outbox.posts[-1][1].text  # unfinished when its day ended
    assert await daily2.tick() == 0


async def test_a_result_missed_by_a_stopped_process_is_kept_by_tick(tmp_path):
    service, daily, clock = await setup(tmp_path)
    alice = player("Alice", 1)
    assert (await start(service, daily, alice)).ok
    service.listeners.clear()  # the process stops between the last move and its listeners
    assert (await service.handle(alice, "resign")).ok
    db = DailyStore(service.store)
    assert await db.results_of_day(GUILD, "2026-01-01") == []
    await daily.tick()
    assert [r.ended for r in await db.results_of_day(GUILD, "2026-01-01")] == ["resigned"]


async def test_deals_are_prepared_ahead_and_a_daily_never_waits_for_a_solve(tmp_path):
    solver = Solver()
    solved = asyncio.Event()

    async def slow_solver(seed, level):  # a solve that takes as long as the test wants
        await solved.wait()
        return solver(seed, level)

    service, daily, clock = await setup(tmp_path, solver=slow_solver, wait=False)
    # the very first start: nothing prepared yet; /daily says so at once, starts nothing, and the preparation begins
    first = await asyncio.wait_for(start(service, daily, player("Alice", 1), made=(made := [])), 60)
    assert not first.ok and "still being prepared" in first.private and made == []
    again = await asyncio.wait_for(start(service, daily, player("Alice", 1)), 60)
    assert not again.ok and "still being prepared" in again.private
    assert await daily.db.attempt(GUILD, "2026-01-01", 1) is None
    assert len(daily._preparing) == 1  # one preparation, however many ask
    solved.set()
    await asyncio.gather(*daily._preparing.values())
    assert (await start(service, daily, player("Alice", 1))).ok
    assert len(solver.asked) == 1
    # the job prepares tomorrow's deal today, once
    assert await daily.prepare_deals() == ["2026-01-02"]
    assert await daily.prepare_deals() == [] and len(solver.asked) == 2
    # one second after midnight: the new day's deal, at once, in a thread named with that day
    clock.now = datetime(2026, 1, 2, 0, 0, 1, tzinfo=UTC)
    made = []
    reply = await start(service, daily, player("Bob", 2, day=1), made=made)
    assert reply.ok and "2026-01-02" in reply.text and made == ["Daily 2026-01-02 · Bob"]
    assert len(solver.asked) == 2  # nothing was solved for it
    tomorrow = await daily.db.day_deal("2026-01-02")
    assert (await table_in(service, thread_of(2, day=1))).seed == tomorrow.seed
    assert await daily.prepare_deals() == ["2026-01-03"]


async def test_the_preparation_runs_the_solver_in_a_worker_process(tmp_path):
    pool = SolverPool(workers=1, timeout=60)
    try:
        clock = Clock(THURSDAY)
        service = await service_at(tmp_path / "t.db", clock=clock)
        daily = install(service, solver=solver_in_worker, pool=pool)
        assert await daily.prepare_deals() == ["2026-01-01", "2026-01-02"]
        deal = await daily.db.day_deal("2026-01-01")
        assert deal.line and deal.line[0] != str(os.getpid())  # solved in another process
        assert deal.seed == derive_seed(date(2026, 1, 1), 0, await daily.secret())
    finally:
        pool.close()



async def test_the_clocks_fire_a_deadline_while_the_days_deal_is_being_solved(tmp_path, sticks):
    """The clocks and the daily's preparation run as tasks of their own: a deadline that falls due
    while a solve runs (here one that never ends) is played and posted all the same."""
    solving = asyncio.Event()

    async def endless_solver(seed, level):
        solving.set()
        await asyncio.Event().wait()

    clock = Clock(THURSDAY)
    service = await service_at(tmp_path / "t.db", clock=clock)
    installed = extensions.install(service)  # as the bot: this process prepares the daily deals
    installed.daily.solver, installed.daily.pool = endless_solver, None
    service.outbox = outbox = Outbox()
    alice, bob = who("Alice", 1, channel=700), who("Bob", 2, channel=700)
    assert (await service.handle(alice, "open", {"game": "sticks", "deadline": "10m"})).ok
    assert (await service.handle(bob, "join")).ok
    assert (await service.handle(alice, "start")).ok
    clock.advance(minutes=11)
    try:
        await asyncio.wait_for(installed.start(), 30)
        await asyncio.wait_for(solving.wait(), 30)
        for _ in range(1200):
            if any("let the turn deadline pass" in reply.text for _, reply in outbox.posts):
                break
            await asyncio.sleep(0.05)
        assert [channel for channel, reply in outbox.posts if "let the turn deadline pass" in reply.text] == [700]
        assert installed.daily._deal_locks["2026-01-01"].locked()  # the day's solve is still under way
    finally:
        await installed.stop()

# -- winning, hints, streaks and bests -------------------------------------------------------------
@pytest.fixture(scope="module")
def winning_deal():
    """An easy deal that the real solver wins, with its line (proof that the check works end to end)."""
    for seed in (3, 1010):  # deals its first, narrowest search already wins, whatever the machine's speed
        line = hawaii_solver(seed, "easy")
        if line is not None:
            return seed, line
    raise AssertionError("the solver won neither of two easy deals it is known to win")


def test_the_default_solver_proves_its_line_by_replaying_it(winning_deal):
    seed, line = winning_deal
    assert replay_wins(seed, "easy", line)
    assert not replay_wins(seed, "easy", line[:-1])  # one move short: not over
    assert not replay_wins(seed, "easy", ["pass"] + line)  # illegal at once
    assert not replay_wins(seed, "standard", line)


async def test_hints_streaks_and_personal_bests(tmp_path, monkeypatch, winning_deal):
    seed, line = winning_deal
    monkeypatch.setattr(daily_mod, "derive_seed", lambda day, candidate=0, secret="": seed)
    monkeypatch.setattr(daily_mod, "day_difficulty", lambda day: "easy")
    service, daily, clock = await setup(tmp_path, solver=Solver(line=line))
    # day 0: Alice wins; Bob loses
    alice = player("Alice", 1)
    assert (await start(service, daily, alice)).ok
    await play_line(service, alice, line)
    assert (await start(service, daily, player("Bob", 2))).ok
    await lose(service, player("Bob", 2))
    text = service.outbox.posts[-1][1].text
    assert text.index("Alice — won") < text.index("Bob — lost")
    # day 1: Alice asks for a hint (on the proven line), then wins; the result is marked
    clock.advance(days=1)
    alice = player("Alice", 1, day=1)
    assert (await start(service, daily, alice)).ok
    assert (await service.handle(alice, "move", {"move": line[0]})).ok
    hint = await service.handle(alice, "hint")
    assert hint.ok and f"`{line[1]}`" in hint.private and "proved" in hint.private and not hint.text
    assert not (await service.handle(who("Bob", 2, channel=alice.channel_id), "hint")).ok  # not his table
    assert not (await service.handle(who("Bob", 2, channel=4242), "hint")).ok  # no table there
    await play_line(service, alice, line[1:])
    board = service.outbox.posts[-1][1].text
    assert "Alice — won" in board and "(1 hint)" in board
    # day 2: Alice resigns, and her streak ends; day 3 she strays from the line, then gives up
    clock.advance(days=1)
    assert (await start(service, daily, player("Alice", 1, day=2))).ok
    assert (await service.handle(player("Alice", 1, day=2), "resign")).ok
    clock.advance(days=1)
    alice = player("Alice", 1, day=3)
    assert (await start(service, daily, alice)).ok
    assert (await service.handle(alice, "move", {"move": line[0]})).ok
    assert (await service.handle(alice, "move", {"move": next(m for m in (await service.suggest_moves(alice, ""))
                                                            if m != line[1])})).ok
    off_line = await service.handle(alice, "hint")  # off the proven line: the computer player's move
    assert off_line.ok and "computer player" in off_line.private
    assert (await service.handle(alice, "cancel")).ok
    solo = await service.handle(alice, "solo")
    assert solo.ok
    lines = solo.text.splitlines()
    score = (await DailyStore(service.store).results_of_day(GUILD, "2026-01-01"))[0].score
    assert lines[1] == f"1. Alice — 2 won of 4, best {score:g}, streak 0 (longest 2)"
    assert lines[2].startswith("2. Bob — 0 won of 1") and "streak 0 (longest 0)" in lines[2]
    assert f"Easy: {score:g} points, daily of 2026-01-01" in solo.private
    assert "Daily challenges: 2 won of 4; streak 0, longest 2." in solo.private


def test_streaks_count_consecutive_days_won():
    d = date(2026, 3, 10)
    days = {d - timedelta(days=n): True for n in (1, 2, 3)} | {d - timedelta(days=4): False,
                                                               d - timedelta(days=9): True,
                                                               d - timedelta(days=8): True}
    assert streaks(days, d) == (3, 3)  # today not played yet: the run stands
    assert streaks(days | {d: True}, d) == (4, 4)
    assert streaks(days | {d: False}, d) == (0, 3)
    assert streaks(days, d + timedelta(days=2)) == (0, 3)
    assert streaks({}, d) == (0, 0)


# -- help, refusals, pictures -----------------------------------------------------------------------
async def test_help_and_empty_boards(tmp_path):
    service, daily, _ = await setup(tmp_path)
    help_reply = await service.handle(player("Alice", 1), "daily", {"help": "on"})
    assert help_reply.ok and "Saturday" in help_reply.private and "SHA-256" in help_reply.private
    assert (await daily.begin(player("Alice", 1), {"help": "on"}, None)).private == help_reply.private
    assert "every server" in help_reply.private and "ends with its day" in help_reply.private
    assert await table_in(service, thread_of(1)) is None
    assert "Nobody has started" in (await service.handle(player("Alice", 1), "dailyboard")).private
    assert not (await service.handle(player("Alice", 1), "solo")).ok
    assert {c.name for c in service.commands()} >= {"daily", "hint", "dailyboard", "solo"}


async def test_board_pictures(tmp_path):
    service, daily, clock = await setup(tmp_path, draw=True)
    for name, uid in (("Alice", 1), ("Bob", 2), ("A player with a very long display name indeed", 3)):
        assert (await start(service, daily, player(name, uid))).ok
    await lose(service, player("Alice", 1))
    assert (await service.handle(player("Bob", 2), "resign")).ok
    board = await service.handle(player("Bob", 2), "dailyboard")
    image = open_png(board.image)
    assert image.width == 1000 and image.height > 300
    (tmp_path / "daily_board.png").write_bytes(board.image)
    solo = await service.handle(player("Bob", 2), "solo")
    assert open_png(solo.image).width == 1000
    rows = [{"rank": i + 1, "name": f"Player {i}", "result": r, "score": s, "hints": h, "moves": 50 + i}
            for i, (r, s, h) in enumerate([("won", 119, 0), ("won", 87, 2), ("lost", -81, 0),
                                           ("resigned", None, 1), ("cancelled", None, 0)])]
    full = daily_board({"day": "2026-01-03", "weekday": "Saturday", "difficulty": "very_hard", "final": True,
                        "playing": 2, "rows": rows})
    empty = solo_board({"rows": []})
    assert open_png(full).width == open_png(empty).width == 1000


async def test_with_the_other_extensions(tmp_path):
    from bot.features.ratings import Ratings
    from bot.features.timing import Timing

    service, daily, clock = await setup(tmp_path)
    for extension in (Timing(service), Ratings(service)):
        service.extend(extension)
    alice = player("Alice", 1)
    reply = await start(service, daily, alice)
    assert reply.ok, reply.private
    await lose(service, alice)
    assert "Alice — lost" in service.outbox.posts[-1][1].text
    assert not (await start(service, daily, player("Alice", 1, day=1))).ok


# -- an attempt ends with its day ---------------------------------------------------------------------
async def test_a_move_after_the_day_is_refused_and_ends_the_attempt_as_a_loss(tmp_path):
    service, daily, clock = await setup(tmp_path)
    alice, bob = player("Alice", 1), player("Bob", 2)
    clock.now = datetime(2026, 1, 1, 23, 50, tzinfo=UTC)
    opened = await start(service, daily, alice)
    assert opened.ok and "ends at 00:00 UTC, in 10 min" in opened.text
    assert (await start(service, daily, bob)).ok
    clock.now = datetime(2026, 1, 1, 23, 59, 59, tzinfo=UTC)
    assert (await service.handle(alice, "move", {"move": "shares 1"})).ok  # the last second still counts
    clock.now = datetime(2026, 1, 2, 0, 0, 1, tzinfo=UTC)  # before any tick has run
    late = await service.handle(alice, "move", {"move": "shares 0"})
    assert not late.ok and "ended with its day at 00:00 UTC" in late.private and "counts as a loss" in late.private
    row = await table_in(service, alice.channel_id)
    assert row.status == "finished" and len(await service.store.moves(row.id)) == 1
    told = service.outbox.posts[-1]
    assert told[0] == alice.channel_id and "ended with its day" in told[1].text and "The game is over" in told[1].text
    again = await service.handle(alice, "move", {"move": "shares 0"})
    assert not again.ok and "is over" in again.private.lower()  # the game of this channel ended
    assert not (await service.handle(bob, "hint")).ok  # a hint after the end: refused too, and the end comes
    results = {r.name: r for r in await daily.db.results_of_day(GUILD, "2026-01-01")}
    assert {n: (r.won, r.ended, r.score) for n, r in results.items()} == {
        "Alice": (False, "expired", None), "Bob": (False, "expired", None)}
    # the day's final board: every attempt ended, none still playing; it is posted once and stays
    assert await daily.tick() == 1
    final = service.outbox.posts[-1][1].text
    assert "final board" in final and "still playing" not in final
    assert "Alice — out of time (unfinished at 00:00 UTC), 1 moves" in final
    assert (await service.handle(alice, "dailyboard", {"date": "yesterday"})).text == final
    # the new day: a new attempt
    assert (await start(service, daily, player("Alice", 1, day=1))).ok


async def test_the_tick_ends_what_is_unfinished_when_the_day_ends(tmp_path):
    service, daily, clock = await setup(tmp_path, draw=True)
    alice, bob = player("Alice", 1), player("Bob", 2)
    assert (await start(service, daily, alice)).ok
    assert (await start(service, daily, bob)).ok
    await lose(service, bob)
    clock.now = datetime(2026, 1, 1, 23, 59, tzinfo=UTC)
    assert await daily.tick() == 0 and (await table_in(service, alice.channel_id)).status == "active"
    clock.now = datetime(2026, 1, 2, 0, 1, tzinfo=UTC)
    posted = len(service.outbox.posts)
    assert await daily.tick() == 1
    news = service.outbox.posts[posted:]
    assert [channel for channel, _ in news] == [alice.channel_id, LOBBY]  # the end at her table, then the board
    assert (await table_in(service, alice.channel_id)).status == "finished"
    board = news[-1][1]
    assert "1. Bob — lost" in board.text and "Alice — out of time" in board.text
    (tmp_path / "final_board.png").write_bytes(board.image)
    assert await daily.tick() == 0 and len(service.outbox.posts) == posted + 2


# -- cancelling a started solo game --------------------------------------------------------------------
async def test_cancelling_a_started_solo_game_counts_as_a_loss(tmp_path):
    service, daily, _ = await setup(tmp_path)
    carol = who("Carol", 3, channel=77)
    # a free game cancelled before it starts: nothing kept
    assert (await service.handle(carol, "open", {"game": "hawaii"})).ok
    cancelled = await service.handle(carol, "cancel")
    assert cancelled.ok and "counts as lost" not in cancelled.text
    assert not (await service.handle(carol, "solo")).ok
    # started, then cancelled: a loss in her record
    assert (await service.handle(carol, "open", {"game": "hawaii"})).ok
    assert (await service.handle(carol, "start")).ok
    assert (await service.handle(carol, "move", {"move": "shares 1"})).ok
    cancelled = await service.handle(carol, "cancel")
    assert cancelled.ok and "counts as lost in the solo record" in cancelled.text
    solo = await service.handle(carol, "solo")
    assert "1. Carol — 0 won of 1, streak 0" in solo.text
    assert [(r.won, r.ended, r.day) for r in await daily.db.results_of_guild(GUILD, 3)] == [
        (False, "cancelled", None)]
    # the daily, cancelled mid-way: a loss too
    alice = player("Alice", 1)
    assert (await start(service, daily, alice)).ok
    assert (await service.handle(alice, "cancel")).ok
    assert "Alice — 0 won of 1" in (await service.handle(alice, "solo")).text


# -- the same dice for the same actions ----------------------------------------------------------------
def _dice_by_round(seed: int, actions: list[str], busy: bool = False) -> list[list[int]]:
    """The dice after each round of a player who takes `actions`, one a round. A plain player issues one
    share a round, builds nothing and ships nothing; a busy one issues the most shares it may, builds,
    urbanizes and ships whatever it can first, and places its cubes elsewhere."""
    game = registry.get("hawaii").new(1, {"difficulty": "easy"}, seed)
    dice: list[list[int]] = []
    while game.phase != "over" and len(dice) < len(actions):
        moves = game.legal_moves(0)
        if game.phase == "shares":
            move = max(moves, key=lambda m: int(m.split()[1])) if busy else ("shares 1" if "shares 1" in moves
                                                                             else moves[0])
        elif game.phase == "action":
            move = f"action {actions[len(dice)]}"
        elif game.phase in ("build", "move"):
            doing = [m for m in moves if m.split()[0] in ("connect", "urbanize", "deliver", "locomotive")]
            move = doing[0] if busy and doing else ("done" if "done" in moves else "pass")
        else:
            move = moves[0] if busy else moves[-1]
        before = game.round
        game.play(0, move)
        if game.round != before and game.phase != "over":
            dice.append(list(game.dice))
    return dice


def test_the_same_seed_and_actions_give_the_same_dice_whatever_else_is_played():
    compared = 0
    plan = ["engineer", "production", "urbanize", "locomotive", "production", "engineer"]
    for seed in (5, 77, 4242, 9):
        busy, plain = _dice_by_round(seed, plan, busy=True), _dice_by_round(seed, plan)
        n = min(len(busy), len(plain))
        assert busy[:n] == plain[:n]  # other shares, builds, deliveries, placements: the same dice
        compared += n
    assert compared >= 12
    # what the dice of a round depend on: how many rounds with Production there were up to it
    differ = 0
    for seed in (5, 77, 4242, 9, 11):
        early = _dice_by_round(seed, ["production", "engineer", "locomotive", "urbanize"])
        late = _dice_by_round(seed, ["engineer", "locomotive", "production", "urbanize"])
        assert len(early) == len(late) == 4
        differ += early[:2] != late[:2]  # one Production behind: other draws
        assert early[2:] == late[2:]  # as many Productions again: the same dice
    assert differ >= 4
    assert "Same dice for the same actions" in daily_mod.HELP and "Production" in daily_mod.HELP


# -- the schema of the shared deals ---------------------------------------------------------------------
async def test_a_database_of_the_old_schema_upgrades_and_keeps_its_rows(tmp_path, store_kind):
    """A database made before deals were shared (migrations up to 005), with a day in progress."""
    import sqlite3

    if store_kind == "postgres":
        pytest.skip("the old schema upgraded here is a SQLite file; PostgreSQL databases began after 006")

    from db.store import Store, migrations

    path = tmp_path / "old.db"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
    for version, script in migrations():
        if version <= 5:
            raw.executescript(script)
            raw.execute("INSERT INTO schema_migrations VALUES (?, datetime('now'))", (version,))
    raw.execute("INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, version, "
                "created_at, updated_at) VALUES (1, ?, ?, 'hawaii', '{\"difficulty\":\"easy\"}', 4242, 'finished', 1, "
                "3, '2026-01-01T10:00:00+00:00', '2026-01-01T11:00:00+00:00')", (GUILD, thread_of(1)))
    raw.execute("INSERT INTO daily_deals (guild_id, day, game, seed, difficulty, candidate, line, created_at) "
                "VALUES (?, '2026-01-01', 'hawaii', 4242, 'easy', 0, '[]', '2026-01-01T09:00:00+00:00')", (GUILD,))
    raw.execute("INSERT INTO daily_attempts (guild_id, day, user_id, name, channel_id, table_id, claimed_at) "
                "VALUES (?, '2026-01-01', 1, 'Alice', ?, 1, '2026-01-01T10:00:00+00:00')", (GUILD, thread_of(1)))
    raw.execute("INSERT INTO solo_results VALUES (1, ?, 1, 'Alice', 'hawaii', 'easy', '2026-01-01', 0, -12, "
                "'finished', 0, 40, '2026-01-01T11:00:00+00:00')", (GUILD,))
    raw.commit()
    with pytest.raises(sqlite3.IntegrityError):  # the old schema knows no expired attempt
        raw.execute("UPDATE solo_results SET ended = 'expired'")
    raw.close()

    clock = Clock(THURSDAY)
    store = await Store.open(str(path))
    service = await service_at(path, clock=clock)
    service.outbox = Outbox()
    daily = install(service, solver=Solver(), wait_for_deal=True)
    async with store.conn.execute("SELECT version FROM schema_migrations WHERE version = 6") as cur:
        assert await cur.fetchone() is not None
    # what was there stays: the server keeps its own deal for the day it had begun
    results = await daily.db.results_of_day(GUILD, "2026-01-01")
    assert [(r.name, r.score, r.ended) for r in results] == [("Alice", -12, "finished")]
    assert (await daily.deal_of(GUILD, date(2026, 1, 1))).seed == 4242
    assert (await daily.db.attempt(GUILD, "2026-01-01", 1)).table_id == 1
    assert (await start(service, daily, player("Bob", 2))).ok
    assert (await table_in(service, thread_of(2))).seed == 4242  # the same deal as Alice's, that day
    # from the next day on, the shared deal; and the new columns and values work
    clock.advance(days=1)
    assert (await start(service, daily, player("Bob", 2, day=1))).ok
    assert (await table_in(service, thread_of(2, day=1))).seed == (await daily.db.day_deal("2026-01-02")).seed
    clock.advance(days=1)
    await daily.tick()
    ended = {r.day: r.ended for r in await daily.db.results_of_guild(GUILD, 2)}
    assert ended == {"2026-01-01": "expired", "2026-01-02": "expired"}
    await store.close()


async def test_rules_at_a_daily_table_say_how_the_daily_works(tmp_path):
    service, daily, _ = await setup(tmp_path)
    alice = player("Alice", 1)
    assert (await start(service, daily, alice)).ok
    rules = await service.handle(alice, "rules")
    assert rules.private.startswith("**This table is the daily challenge of 2026-01-01**")
    assert "ends at 00:00 UTC" in rules.private and "Age of Steam: Hawaiian Islands" in rules.private
    free = who("Carol", 3, channel=77)
    assert (await service.handle(free, "open", {"game": "hawaii"})).ok
    assert "daily challenge" not in (await service.handle(free, "rules")).private


async def test_the_days_seed_reaches_nobody_before_the_days_end(tmp_path):
    """After losing (or resigning) the daily, the log file still keeps the seed out: others play the
    same deal until 00:00 UTC. Once the day is over the file replays the game."""
    service, daily, clock = await setup(tmp_path)
    alice = player("Alice", 1)
    made: list[str] = []
    seen = [await start(service, daily, alice, made=made)]
    await lose(service, alice)
    row = await table_in(service, alice.channel_id)
    assert row.status == "finished"
    seed = str(row.seed)
    seen.append(await service.handle(alice, "history"))
    download = next(b for b in seen[-1].buttons if b.label == "Download the log")
    seen.append(await service.press(alice, download.custom_id))
    seen += [await service.handle(alice, "board"), await daily.cmd_dailyboard(alice),
             await daily.cmd_solo(alice)]
    texts = made + [r.text + r.private for r in seen]
    texts += [b.custom_id + b.label for r in seen for b in r.buttons + r.private_buttons]
    files = [a.data.decode() for r in seen for a in r.attachments]
    assert files and "seed:" in files[0]
    assert not [t for t in texts + files if seed in t]
    clock.advance(days=1)
    after = await service.press(alice, download.custom_id)
    assert f"seed: {seed}" in after.attachments[0].data.decode()


async def test_one_attempt_per_person_and_day_across_servers(tmp_path):
    """The deal is the same in every server: a second server is no second attempt (no practice run),
    and the day's result stays on the board of the server where it was played."""
    service, daily, clock = await setup(tmp_path)
    assert (await start(service, daily, player("Alice", 1))).ok
    elsewhere = player("Alice", 1, guild=OTHER_GUILD)
    under_way = await start(service, daily, elsewhere)
    assert not under_way.ok and "another server" in under_way.private and "same everywhere" in under_way.private
    direct = await service.handle(player("Alice", 1, day=3, guild=OTHER_GUILD), "daily")
    assert not direct.ok and await table_in(service, thread_of(1, guild=OTHER_GUILD)) is None
    await lose(service, player("Alice", 1))
    done = await service.handle(player("Alice", 1, day=4, guild=OTHER_GUILD), "daily")
    assert not done.ok and "another server" in done.private and "next deal comes in" in done.private
    assert "Alice — lost" in (await service.handle(player("Alice", 1), "dailyboard")).text
    assert not (await service.handle(player("Zed", 9, guild=OTHER_GUILD), "dailyboard")).ok  # nobody played there
    assert "every server" in (await service.handle(elsewhere, "daily", {"help": "on"})).private
    clock.advance(days=1)
    assert (await start(service, daily, player("Alice", 1, day=1, guild=OTHER_GUILD))).ok  # the next day, anywhere


async def test_an_attempt_cut_short_in_one_server_continues_in_another(tmp_path):
    service, daily, clock = await setup(tmp_path)
    db = DailyStore(service.store)
    await daily.deal_of(GUILD, clock().date())
    assert await db.claim(guild_id=GUILD, day="2026-01-01", user_id=1, name="Alice", channel_id=77, now=clock())
    soon = await service.handle(player("Alice", 1, guild=OTHER_GUILD), "daily")
    assert not soon.ok and "being set up" in soon.private
    clock.advance(minutes=5)
    assert (await service.handle(player("Alice", 1, guild=OTHER_GUILD), "daily")).ok
    assert (await db.attempt_of_person(GUILD, "2026-01-01", 1)).guild_id == OTHER_GUILD
    assert not (await service.handle(player("Alice", 1, day=2), "daily")).ok

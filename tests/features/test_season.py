"""Seasons of a server's league (bot/features/season.py): standings against a recomputation from
the finished tables, on SQLite and PostgreSQL; the previous season after the boundary; the results
post made once by two processes and across a restart; divisions; idle players; bad input; and a
board read that writes nothing."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.core.placement import placement_points
from bot.features import season as season_module
from bot.features.ratings import Ratings, human_ranks
from bot.features.season import MIN_GAMES, Seasons, first_tiers, next_tiers, order_key
from db.seasons import SeasonStore
from tests.features.test_ratings import play
from tests.features.test_timing import Rounds, rounds  # noqa: F401  (the fixture registers the test game)
from tests.helpers import Clock, service_at, who

pytestmark = pytest.mark.usefixtures("rounds", "store_kind")  # each test on SQLite and on PostgreSQL

GUILD = 111
BOSS = who("Boss", 900, manage=True)
PEOPLE = [who(name, 10 + n) for n, name in enumerate(
    ("Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo", "Ned", "Oz", "Pia",
     "Quin", "Rui"))]
RESULTS = 7777  # the channel where season results go


class Outbox:
    """What a process posts on its own, kept for the test."""

    def __init__(self):
        self.posts: list[tuple[int, object]] = []

    async def post(self, channel_id, reply) -> bool:
        self.posts.append((channel_id, reply))
        return True

    async def direct(self, user_id, text) -> bool:
        return True


class Unscored(Seasons):
    """Seasons that never score a table as it finishes: boards read the rated tables in memory."""

    async def on_event(self, event, loaded) -> None:
        return None


async def league(tmp_path, clock, name="t.db", kind=Seasons, images=False):
    service = await service_at(tmp_path / name, clock=clock)
    service.outbox = Outbox()
    ratings = Ratings(service, images=False)
    seasons = kind(service, images=images)
    ratings.seasons = seasons
    service.extend(ratings)
    service.extend(seasons)
    return service, ratings, seasons


def start(month=3, day=2) -> Clock:
    return Clock(datetime(2026, month, day, 12, tzinfo=UTC))


async def play_many(service, clock, tables: int, seed: int, guild: int = GUILD) -> list[tuple[int, datetime]]:
    """Tables of 2 to 4 people with seeded scores (ties among them), some with a computer seat."""
    import random

    rng = random.Random(seed)
    played = []
    for n in range(tables):
        seated = rng.sample(PEOPLE[:8], rng.randint(2, 3 if n % 5 == 0 else 4))
        scores = {who(p.name, p.user_id, guild=guild): rng.randint(0, 2) for p in seated}
        table = await play(service, scores, ai=int(n % 5 == 0), guild=guild)
        played.append((table, clock()))
        clock.advance(hours=rng.randint(5, 40))
    return played


async def recomputed(service, played, starts: datetime, ends: datetime, by_place=False) -> dict[int, tuple]:
    """Each person's (points, games) from the results of the tables that finished in [starts, ends)."""
    totals: dict[int, list] = {}
    for table, finished in played:
        if not starts <= finished < ends:
            continue
        people = human_ranks(await service.store.results(table))
        if len(people) < 2:
            continue
        for person, points in zip(people, placement_points([p["rank"] for p in people], by_place), strict=True):
            got = totals.setdefault(person["user_id"], [0.0, 0])
            got[0] += points
            got[1] += 1
    return {user: (round(p, 9), g) for user, (p, g) in totals.items()}


def as_found(standings) -> dict[int, tuple]:
    return {s.user_id: (round(s.points, 9), s.games) for s in standings}


async def snapshot(store) -> dict[str, list]:
    """Every row of the tables a board could write."""
    out = {}
    for name in ("season_settings", "season_points", "seasons", "season_divisions", "outbox", "ratings",
                 "rating_history", "rated_tables"):
        async with store.conn.execute(f"SELECT * FROM {name}") as cur:
            out[name] = sorted(tuple(r) for r in await cur.fetchall())
    return out


async def test_season_standings_equal_a_recomputation_from_the_finished_tables(tmp_path):
    clock = start(month=2, day=20)
    service, _, seasons = await league(tmp_path, clock)
    assert (await service.handle(BOSS, "season", {"length": "monthly"})).ok
    played = await play_many(service, clock, 24, seed=3)
    now = clock()
    assert now.month == 3  # the tables straddle the end of February
    for which, starts, ends in (("previous", datetime(2026, 2, 1, tzinfo=UTC), datetime(2026, 3, 1, tzinfo=UTC)),
                                ("current", datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC))):
        chosen = await seasons.season(GUILD, which)
        assert (chosen.starts, chosen.ends) == (starts, ends)
        standings = await seasons.standings(chosen)
        expected = await recomputed(service, played, starts, ends)
        assert expected and as_found(standings) == expected
        # ranked first in the tie-break's order, then the provisional ones
        ranked = [s for s in standings if s.games >= MIN_GAMES]
        assert [s.place for s in ranked] == list(range(1, len(ranked) + 1))
        assert ranked == sorted(ranked, key=order_key)
        assert all(s.provisional for s in standings[len(ranked):])
    # points by place, the other kind
    assert (await service.handle(BOSS, "season", {"points": "place"})).ok
    current = await seasons.season(GUILD, "current")
    expected = await recomputed(service, played, current.starts, current.ends, by_place=True)
    assert as_found(await seasons.standings(current)) == expected


async def test_tables_not_scored_yet_count_the_same_and_the_read_writes_nothing(tmp_path):
    clock = start()
    service, _, seasons = await league(tmp_path, clock, kind=Unscored)
    assert (await service.handle(BOSS, "season", {"length": "quarterly"})).ok
    played = await play_many(service, clock, 12, seed=5)
    assert await SeasonStore.of(service.store).points_between(GUILD, "2026", "2027") == []
    before = await snapshot(service.store)
    current = await seasons.season(GUILD, "current")
    assert as_found(await seasons.standings(current)) == await recomputed(service, played, current.starts,
                                                                           current.ends)
    for args in ({}, {"all": "on"}, {"season": "current"}, {"season": "1"}):
        reply = await service.handle(PEOPLE[0], "leaderboard", args)
        assert reply.ok and reply.text
    await service.handle(PEOPLE[0], "stats")
    assert await snapshot(service.store) == before
    # the clock scores them, and the standings stay the same
    await seasons.tick()
    assert len(await SeasonStore.of(service.store).points_between(GUILD, "2026", "2027")) > 0
    assert as_found(await seasons.standings(current)) == await recomputed(service, played, current.starts,
                                                                           current.ends)


async def test_the_previous_season_after_the_boundary(tmp_path):
    clock = start(month=3, day=25)
    service, _, _ = await league(tmp_path, clock)
    assert (await service.handle(BOSS, "season", {"length": "monthly"})).ok
    for _ in range(MIN_GAMES):
        await play(service, {PEOPLE[0]: 2, PEOPLE[1]: 1})
        clock.advance(hours=20)
    clock.now = datetime(2026, 4, 1, 0, 0, 5, tzinfo=UTC)
    await play(service, {PEOPLE[1]: 2, PEOPLE[0]: 0})  # April's first table
    previous = await service.handle(PEOPLE[1], "leaderboard", {"season": "previous"})
    assert "Season 1 (1 Mar 2026 to 31 Mar 2026, UTC)" in previous.text
    assert "1. Ana — 5.0 points · 5 games" in previous.text and "2. **Ben** (you) — 0.0 points · 5 games" in previous.text
    current = await service.handle(PEOPLE[1], "leaderboard", {"season": "current"})
    assert "Season 2 (1 Apr 2026 to 30 Apr 2026, UTC)" in current.text
    assert "**Ben** (you) — 1.0 points · 1 game (provisional)" in current.text
    assert (await service.handle(PEOPLE[1], "leaderboard", {"season": "1"})).text == previous.text
    # the all-time board is the ratings' own, untouched by seasons
    assert "rating" in (await service.handle(PEOPLE[1], "leaderboard")).text


async def test_the_results_are_posted_once_by_two_processes_and_across_a_restart(tmp_path):
    clock = start(month=3, day=20)
    first, _, seasons_a = await league(tmp_path, clock, "shared.db")
    second, _, seasons_b = await league(tmp_path, clock, "shared.db")  # a second process, the same store
    assert (await first.handle(BOSS, "season", {"length": "monthly", "channel": str(RESULTS)})).ok
    for n in range(MIN_GAMES + 1):
        await play(first if n % 2 else second, {PEOPLE[0]: n % 3, PEOPLE[1]: 1, PEOPLE[2]: 2})
        clock.advance(hours=30)
    assert await seasons_a.tick() == 0 and await seasons_b.tick() == 0  # March is not over
    await first.store.close()  # the first process stops before the boundary
    clock.now = datetime(2026, 4, 1, 0, 1, tzinfo=UTC)
    restarted, _, seasons_c = await league(tmp_path, clock, "shared.db")
    made = await asyncio.gather(seasons_b.tick(), seasons_c.tick())
    assert sorted(made) == [0, 1]
    posts = second.outbox.posts + restarted.outbox.posts
    assert len(posts) == 1 and posts[0][0] == RESULTS
    assert "**Season 1 (1 Mar 2026 to 31 Mar 2026, UTC) is over.**" in posts[0][1].text
    assert "1. " in posts[0][1].text and "Most games:" in posts[0][1].text
    # later ticks, in either process, and one more restart: nothing more
    again, _, seasons_d = await league(tmp_path, clock, "shared.db")
    clock.advance(hours=5)
    assert await seasons_b.tick() == 0 and await seasons_c.tick() == 0 and await seasons_d.tick() == 0
    assert len(second.outbox.posts + restarted.outbox.posts + again.outbox.posts) == 1
    closed = await SeasonStore.of(second.store).season(GUILD, 1)
    assert closed.posted_at is not None and closed.outbox_id is not None


async def test_a_stop_between_the_mark_and_the_post_is_posted_once_after_the_restart(tmp_path):
    clock = start(month=3, day=28)
    service, _, seasons = await league(tmp_path, clock, "shared.db")
    assert (await service.handle(BOSS, "season", {"length": "monthly", "channel": str(RESULTS)})).ok
    await play(service, {PEOPLE[0]: 1, PEOPLE[1]: 0})

    async def stopped(*args) -> int:  # the process stops once the mark and the outbox row are saved
        return 0

    seasons._send = stopped
    clock.now = datetime(2026, 4, 1, 0, 1, tzinfo=UTC)
    assert await seasons.tick() == 0 and service.outbox.posts == []
    restarted, _, after = await league(tmp_path, clock, "shared.db")
    other, _, beside = await league(tmp_path, clock, "shared.db")
    assert sorted(await asyncio.gather(after.tick(), beside.tick())) == [0, 1]
    assert len(restarted.outbox.posts + other.outbox.posts) == 1
    assert await after.tick() == 0 and await beside.tick() == 0


async def test_divisions_from_sixteen_ranked_players_move_a_fifth_up_and_down(tmp_path):
    from render.common import open_png

    clock = start(month=3, day=2)
    service, _, seasons = await league(tmp_path, clock, images=True)
    assert (await service.handle(BOSS, "season", {"length": "monthly"})).ok
    players = PEOPLE[:16]
    for round_ in range(MIN_GAMES):
        for t in range(4):
            four = players[t * 4:(t + 1) * 4] if round_ % 2 == 0 else players[t::4]
            await play(service, {p: (p.user_id * (round_ + 3)) % 4 for p in four})
            clock.advance(hours=3)
    march = await seasons.season(GUILD, "current")
    standings = await seasons.standings(march)
    ranked = [s for s in standings if not s.provisional]
    assert len(ranked) == 16
    clock.now = datetime(2026, 4, 1, 0, 1, tzinfo=UTC)
    await seasons.tick()
    db = SeasonStore.of(service.store)
    tiers = await db.divisions(GUILD, 1)
    assert tiers == first_tiers(ranked) and sorted(set(tiers.values())) == [1, 2]
    assert [tiers[s.user_id] for s in ranked] == [1] * 8 + [2] * 8  # the top half by points is tier 1
    after = await db.divisions(GUILD, 2)
    moved_up = [u for u, t in after.items() if t < tiers[u]]
    moved_down = [u for u, t in after.items() if t > tiers[u]]
    assert moved_up == [ranked[8].user_id] and moved_down == [ranked[7].user_id]  # a fifth of 8 is 1
    board = await service.handle(PEOPLE[0], "leaderboard", {"season": "1"})
    assert "· Summit" in board.text and "· Ridge" in board.text
    assert open_png(board.image).height > 600  # sixteen rows under two division headings
    (tmp_path / "season-divisions.png").write_bytes(board.image)
    stats = await service.handle(next(p for p in PEOPLE if p.user_id == ranked[0].user_id), "stats")
    assert "Season 1 (1 Mar 2026 to 31 Mar 2026, UTC): place 1 of 16" in stats.private
    assert "Division in that season: Summit." in stats.private


async def test_bad_input_gets_one_private_line_and_changes_nothing(tmp_path):
    clock = start()
    service, _, _ = await league(tmp_path, clock)
    await play(service, {PEOPLE[0]: 1, PEOPLE[1]: 0})
    before = await snapshot(service.store)
    refused = await service.handle(PEOPLE[0], "season", {"length": "monthly"})  # not a manager
    assert not refused.ok and refused.private == season_module.NOT_MANAGER and not refused.text
    assert "\n" not in refused.private
    no_seasons = await service.handle(PEOPLE[0], "leaderboard", {"season": "current"})
    assert not no_seasons.ok and no_seasons.private == season_module.NO_SEASONS
    assert await snapshot(service.store) == before
    assert (await service.handle(BOSS, "season", {"length": "quarterly"})).ok
    before = await snapshot(service.store)
    shown = await service.handle(BOSS, "season")  # alone: shown, privately, and nothing changed
    assert not shown.text and shown.private.splitlines()[:2] == [
        "Seasons are calendar quarters in UTC. Underway: Season 1 (1 Jan 2026 to 31 Mar 2026, UTC).",
        "Season points: a win 1 point, everyone else 0, winners who tie split it; 5 games rank a player."]
    for bad, why in (("99", "This server has no season 99"), ("0", "This server has no season 0"),
                     ("first", "`season` is current, previous"), ("-1", "`season` is current, previous"),
                     ("previous", "no previous season yet")):
        reply = await service.handle(PEOPLE[0], "leaderboard", {"season": bad})
        assert not reply.ok and why in reply.private and "\n" not in reply.private and not reply.text
    for args in ({"length": "weekly"}, {"points": "goals"}, {"channel": "nowhere"}):
        reply = await service.handle(BOSS, "season", args)
        assert not reply.ok and "\n" not in reply.private and not reply.text
    game = await service.handle(PEOPLE[0], "leaderboard", {"season": "current", "game": "rounds"})
    assert not game.ok and game.private == season_module.SEASON_GAME
    assert await snapshot(service.store) == before


async def test_idle_players_leave_the_default_board(tmp_path):
    clock = start()
    service, _, _ = await league(tmp_path, clock)
    await play(service, {PEOPLE[0]: 2, PEOPLE[1]: 1})
    clock.advance(days=181)
    await play(service, {PEOPLE[2]: 2, PEOPLE[3]: 1})
    board = await service.handle(PEOPLE[2], "leaderboard")
    assert "Ana" not in board.text and "Ben" not in board.text and "Cy" in board.text
    assert "Players left out for having no rated game in 180 days: 2." in board.text
    everyone = await service.handle(PEOPLE[2], "leaderboard", {"all": "on"})
    assert all(name in everyone.text for name in ("Ana", "Ben", "Cy", "Di"))
    assert "Players left out" not in everyone.text
    mine = await service.handle(PEOPLE[0], "leaderboard")
    assert "You are left out" in mine.text
    clock.advance(days=-2)  # 179 days after their last table: on the board again
    assert "Ana" in (await service.handle(PEOPLE[2], "leaderboard")).text


def test_tiers_move_a_fifth_of_each_tier():
    from bot.features.season import Standing

    ranked = [Standing(u, str(u), 40 - u, 5, 0, "", place=u + 1) for u in range(40)]
    tiers = first_tiers(ranked)
    assert [sum(1 for t in tiers.values() if t == n) for n in (1, 2, 3, 4)] == [10, 10, 10, 10]
    after = next_tiers(ranked, tiers)
    for tier in (1, 2, 3, 4):
        members = [s.user_id for s in ranked if tiers[s.user_id] == tier]
        assert [after[u] for u in members[:2]] == [max(1, tier - 1)] * 2
        assert [after[u] for u in members[-2:]] == [min(4, tier + 1)] * 2
        assert all(after[u] == tier for u in members[2:-2])
    assert first_tiers(ranked[:15]) == {} and next_tiers(ranked[:15], tiers) == {}


async def test_the_results_post_and_the_season_board_carry_their_pictures(tmp_path):
    from render.common import open_png

    clock = start(month=2, day=3)
    service, _, seasons = await league(tmp_path, clock, images=True)
    assert (await service.handle(BOSS, "season", {"length": "monthly", "channel": str(RESULTS)})).ok
    for month in (2, 3):  # two seasons, so that someone climbs
        for n in range(MIN_GAMES):
            await play(service, {PEOPLE[0]: (n + month) % 3, PEOPLE[1]: 1, PEOPLE[2]: (month * 2) % 3})
            clock.advance(hours=30)
        clock.now = datetime(2026, month + 1, 1, 0, 1, tzinfo=UTC)
        await seasons.tick()
    board = await service.handle(PEOPLE[0], "leaderboard", {"season": "previous"})
    assert open_png(board.image).width > 500 and "Season 2" in board.image_alt
    (channel, post), = service.outbox.posts[-1:]
    assert channel == RESULTS and post.image and open_png(post.image).width > 500
    assert "Biggest climber" in post.text and "Biggest climber" in post.image_alt
    (tmp_path / "season-results.png").write_bytes(post.image)
    (tmp_path / "season-board.png").write_bytes(board.image)


async def test_a_change_of_length_ends_the_season_underway_and_numbers_stay(tmp_path):
    clock = start(month=5, day=3)
    service, _, seasons = await league(tmp_path, clock)
    assert (await service.handle(BOSS, "season", {"length": "monthly", "channel": str(RESULTS)})).ok
    await play(service, {PEOPLE[0]: 1, PEOPLE[1]: 0})  # in season 1 (May)
    clock.now = datetime(2026, 5, 10, 12, tzinfo=UTC)
    assert (await service.handle(BOSS, "season", {"length": "quarterly"})).ok
    clock.advance(hours=1)
    await play(service, {PEOPLE[1]: 1, PEOPLE[0]: 0})  # in season 2, from the change to the end of June
    first, second = await seasons.season(GUILD, "1"), await seasons.season(GUILD, "current")
    assert (first.number, first.starts, first.ends) == (1, datetime(2026, 5, 1, tzinfo=UTC),
                                                        datetime(2026, 5, 10, 12, tzinfo=UTC))
    assert (second.number, second.starts, second.ends) == (2, datetime(2026, 5, 10, 12, tzinfo=UTC),
                                                           datetime(2026, 7, 1, tzinfo=UTC))
    assert {s.name: s.points for s in await seasons.standings(first)} == {"Ana": 1.0, "Ben": 0.0}
    assert {s.name: s.points for s in await seasons.standings(second)} == {"Ben": 1.0, "Ana": 0.0}
    assert await seasons.tick() == 1  # the season the change ended is posted at the next tick, once
    assert await seasons.tick() == 0 and len(service.outbox.posts) == 1
    assert (await service.handle(BOSS, "season", {"length": "off"})).ok
    assert (await seasons.season(GUILD, "previous")).number == 2
    refused = await service.handle(PEOPLE[0], "leaderboard", {"season": "current"})
    assert not refused.ok and "Seasons are off" in refused.private

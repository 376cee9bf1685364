"""Ratings per server and game: openskill's own numbers, ties, computer seats, forfeits,
servers apart, and the leaderboard and stats replies with their pictures."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.core import marks
from bot.features.ratings import Ratings
from db.ratings import OVERALL
from games import registry
from render.common import open_png
from tests.features.test_timing import Rounds, rounds  # noqa: F401  (the fixture registers the test game)
from tests.helpers import ALICE, BOB, CAROL, Clock, service_at, who

pytestmark = pytest.mark.usefixtures("rounds", "store_kind")  # each test on SQLite and on PostgreSQL
MODEL = PlackettLuce()
DAVE = who("Dave", 4)


async def rated_service(tmp_path, images=False, extend=True):
    service = await service_at(tmp_path / "t.db", clock=Clock())
    ratings = Ratings(service, images=images)
    if extend:
        service.extend(ratings)
    return service, ratings


_channels = iter(range(5000, 6000))


async def play(service, scores: dict, ai: int = 0, guild: int = 111, resign=()) -> int:
    """One finished table of Rounds (one turn each) where each person scores as given."""
    channel = next(_channels)
    people = [who(c.name, c.user_id, channel=channel, guild=guild) for c in scores]
    points = {c.user_id: n for c, n in scores.items()}
    opened = await service.handle(people[0], "open", {"game": "rounds", "options": "rounds=1"})
    assert opened.ok, opened.private
    for caller in people[1:]:
        assert (await service.handle(caller, "join")).ok
    for _ in range(ai):
        assert (await service.handle(people[0], "addai")).ok
    assert (await service.handle(people[0], "start")).ok
    row = await service.store.open_table(channel)
    for caller in people:
        if caller.user_id in {r.user_id for r in resign}:
            assert (await service.handle(caller, "resign")).ok
    for _ in range(20):
        row = await service.store.table(row.id)
        if row.status != "active":
            break
        game = registry.get("rounds").load(row.state)
        seat = game.to_act()[0]
        user = next(s.user_id for s in await service.store.seats(row.id) if s.seat == seat)
        caller = next(c for c in people if c.user_id == user)
        assert (await service.handle(caller, "move", {"move": f"score {points[user]}"})).ok
    assert (await service.store.table(row.id)).status == "finished"
    return row.id


async def rating(ratings, user, game="rounds", guild=111):
    return (await ratings.db.ratings(guild, game, [user.user_id])).get(user.user_id)


def same(row, expected) -> bool:
    return row.mu == pytest.approx(expected.mu, abs=1e-9) and row.sigma == pytest.approx(expected.sigma, abs=1e-9)


async def test_updates_equal_openskills_own_computation(tmp_path):
    service, ratings = await rated_service(tmp_path)
    await play(service, {ALICE: 3, BOB: 2, CAROL: 1})
    first = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 2, 3])
    for person, (expected,) in zip((ALICE, BOB, CAROL), first, strict=True):
        assert same(await rating(ratings, person), expected)
        assert same(await rating(ratings, person, OVERALL), expected)
    # a second table starts from the ratings the first one left
    await play(service, {CAROL: 3, ALICE: 0})
    second = MODEL.rate([[MODEL.rating(mu=first[2][0].mu, sigma=first[2][0].sigma)],
                         [MODEL.rating(mu=first[0][0].mu, sigma=first[0][0].sigma)]], ranks=[1, 2])
    assert same(await rating(ratings, CAROL), second[0][0])
    assert same(await rating(ratings, ALICE), second[1][0])
    alice = await rating(ratings, ALICE)
    assert (alice.games, alice.wins) == (2, 1)
    assert same(await rating(ratings, BOB), first[1][0])  # not at the second table: unchanged


async def test_ties_share_a_rank(tmp_path):
    service, ratings = await rated_service(tmp_path)
    await play(service, {ALICE: 3, BOB: 1, CAROL: 1})
    expected = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 2, 2])
    bob, carol = await rating(ratings, BOB), await rating(ratings, CAROL)
    assert same(bob, expected[1][0]) and same(carol, expected[2][0]) and bob.mu == carol.mu
    await play(service, {ALICE: 2, BOB: 2})  # a shared first place: both win
    assert (await rating(ratings, ALICE)).wins == 2 and (await rating(ratings, BOB)).wins == 1


async def test_computer_seats_are_not_rated(tmp_path):
    service, ratings = await rated_service(tmp_path)
    table = await play(service, {ALICE: 0, BOB: 3}, ai=1)  # the computer scores 1: Bob 1st, computer 2nd, Alice 3rd
    results = {r["user_id"]: r["rank"] for r in await service.store.results(table)}
    assert results == {BOB.user_id: 1, None: 2, ALICE.user_id: 3}
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[2, 1])
    assert same(await rating(ratings, ALICE), expected[0][0])
    assert same(await rating(ratings, BOB), expected[1][0])
    board = await ratings.db.board(111, "rounds")
    assert [r.user_id for r in board] == [BOB.user_id, ALICE.user_id]


async def test_fewer_than_two_people_change_nothing(tmp_path):
    service, ratings = await rated_service(tmp_path)
    table = await play(service, {ALICE: 3}, ai=2)
    assert await ratings.db.is_rated(table)
    assert await ratings.db.board(111, "rounds") == [] and await ratings.db.board(111, OVERALL) == []
    solo = await play(service, {BOB: 2})  # one seat
    assert await ratings.db.is_rated(solo) and await ratings.db.board(111, OVERALL) == []


async def test_one_seat_games_are_skipped_cleanly(tmp_path, monkeypatch):
    service, ratings = await rated_service(tmp_path, extend=False)
    table = await play(service, {ALICE: 3, BOB: 1})
    monkeypatch.setattr(Rounds, "max_players", 1)  # as the solo challenge is
    assert await ratings.rate_table(table) is False
    assert await ratings.db.is_rated(table) and await ratings.db.board(111, OVERALL) == []


async def test_a_forfeit_or_resignation_counts_as_last_place(tmp_path):
    service, ratings = await rated_service(tmp_path)
    table = await play(service, {ALICE: 3, BOB: 0, CAROL: 1}, resign=[ALICE])
    results = {r["user_id"]: r["rank"] for r in await service.store.results(table)}
    assert results[ALICE.user_id] == 3
    order = [ALICE, BOB, CAROL]
    ranks = [results[p.user_id] for p in order]
    expected = MODEL.rate([[MODEL.rating()] for _ in order], ranks=ranks)
    for person, (new,) in zip(order, expected, strict=True):
        assert same(await rating(ratings, person), new)
    assert (await rating(ratings, ALICE)).wins == 0


async def test_each_table_is_rated_once_and_missed_tables_are_caught_up(tmp_path):
    service, ratings = await rated_service(tmp_path, extend=False)
    one = await play(service, {ALICE: 3, BOB: 1})
    two = await play(service, {ALICE: 0, BOB: 2})
    assert await ratings.db.board(111, "rounds") == []
    assert await ratings.catch_up() == 2
    assert await ratings.catch_up() == 0
    assert await ratings.rate_table(one) is False and await ratings.rate_table(two) is False
    alice = await rating(ratings, ALICE)
    assert (alice.games, alice.wins) == (2, 1)
    first = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    a, b = first[0][0], first[1][0]
    second = MODEL.rate([[MODEL.rating(mu=a.mu, sigma=a.sigma)], [MODEL.rating(mu=b.mu, sigma=b.sigma)]], ranks=[2, 1])
    assert same(alice, second[0][0])  # in the order the tables finished


async def test_one_servers_games_leave_another_servers_board_alone(tmp_path):
    service, ratings = await rated_service(tmp_path)
    await play(service, {ALICE: 3, BOB: 1}, guild=111)
    before = await ratings.db.board(111, "rounds")
    await play(service, {ALICE: 0, BOB: 3, CAROL: 2}, guild=222)
    await play(service, {ALICE: 0, CAROL: 2}, guild=222)
    after = await ratings.db.board(111, "rounds")
    assert [(r.user_id, r.mu, r.sigma, r.games) for r in before] == [(r.user_id, r.mu, r.sigma, r.games) for r in after]
    here = await service.handle(who("Alice", 1, guild=111), "leaderboard", {"game": "rounds"})
    assert "Carol" not in here.text and "2 rated players" in here.text
    there = await service.handle(who("Carol", 3, guild=222), "leaderboard")
    assert "Carol" in there.text and "3 rated players" in there.text
    stats = await service.handle(who("Carol", 3, guild=111), "stats")
    assert not stats.text and "no rated game" in stats.private
    missing = await service.handle(who("Alice", 1, guild=111), "stats", {"user": "Carol"})
    assert not missing.ok


async def test_leaderboard_shows_the_top_and_the_callers_own_place(tmp_path):
    service, ratings = await rated_service(tmp_path, images=True)
    players = [who(f"Player {n:02d}", 100 + n) for n in range(1, 15)]
    for winner, loser in zip(players[0::2], players[1::2], strict=True):
        await play(service, {winner: 3, loser: 0})
    last = players[-1]
    reply = await service.handle(last, "leaderboard", {"game": "rounds"})
    assert reply.ok and reply.image and "14 rated players" in reply.text
    lines = reply.text.splitlines()
    assert lines[1].startswith("1. Player 01") and lines[10].startswith("10. ")
    assert lines[11] == "…" and lines[12].startswith("14. **Player 14** (you)")
    assert "mu - 3 sigma" in reply.text
    image = open_png(reply.image)
    assert 500 <= image.width <= 700
    top = await service.handle(players[0], "leaderboard", {"game": "all"})
    assert "**Player 01** (you)" in top.text.splitlines()[1] and "…" not in top.text
    assert not (await service.handle(players[0], "leaderboard", {"game": "chess"})).ok
    empty = await service.handle(who("Eve", 9, guild=333), "leaderboard")
    assert not empty.text and empty.private.startswith("No rated game in this server yet.")
    some = await service.handle(who("Eve", 9, guild=333), "leaderboard", {"game": "archipels"})
    assert some.private.startswith("No rated game of Archipels in this server")


async def test_stats_show_games_wins_rating_and_history(tmp_path):
    service, ratings = await rated_service(tmp_path, images=True)
    await play(service, {ALICE: 3, BOB: 1})
    await play(service, {ALICE: 1, BOB: 3, CAROL: 0})
    await play(service, {ALICE: 3, CAROL: 1})
    mine = await service.handle(ALICE, "stats")
    assert mine.ok and mine.image and mine.text.startswith("**Alice** in this server: 3 rated games, 2 wins.")
    history = [h.ordinal for h in await ratings.db.history(111, ALICE.user_id) if h.game == "rounds"]
    assert len(history) == 3 and f"{history[-1]:.1f}" in mine.text
    for typed in (marks.person(2), "bob", "Bo", "@Bob"):
        bob = await service.handle(ALICE, "stats", {"user": typed})
        assert bob.ok and bob.text.startswith("**Bob** in this server: 2 rated games, 1 win."), typed
    assert 500 <= open_png(mine.image).width <= 700

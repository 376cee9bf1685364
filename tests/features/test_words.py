"""Words the table writes: counts agree with their nouns, no "-0.0", and the /stats chart has one
x axis for every game's line."""

from __future__ import annotations

from bot.features.ratings import Ratings
from games.propeller import GAME as PROPELLER
from render import leaderboard
from render.leaderboard import rating_text
from tests.games.test_growsky_helpers import ready
from tests.games.test_growsky_rules import finish_now


def test_a_rating_a_hair_under_zero_reads_0_0():
    assert rating_text(-0.04) == "0.0" and rating_text(-0.04, "+") == "+0.0" and rating_text(-1.26) == "-1.3"


def test_one_part_and_one_upgraded_tile_are_singular():
    game = PROPELLER.new(2, {}, 3)
    game.res[0] = [1, 1, 1]
    assert "1 energy, 1 steel, 1 part." in game.private_text(0, ["Ann", "Ben"])
    grow = ready(2)
    grow.boards[0].route[0] = [[grow.bag.pop(), 1]]
    finish_now(grow)
    assert "1 upgraded tile +" in grow.end_summary(["Ann", "Ben"])


def test_grow_skys_purchase_status_says_how_many_tiles():
    game = ready(2)
    game.queue = ["buy:1"]
    assert "buy a route tile or pass" in game.status(["Ann", "Ben"]) and "(s)" not in game.status(["Ann", "Ben"])
    game.queue = ["buy:2"]
    assert "buy up to 2 route tiles or pass" in game.status(["Ann", "Ben"])


async def test_the_stats_chart_puts_every_games_line_on_one_axis_of_all_rated_games(tmp_path, monkeypatch):
    from db.ratings import OVERALL, HistoryRow, RatingRow
    from tests.helpers import ALICE, service_at

    service = await service_at(tmp_path / "t.db")
    ratings = Ratings(service, images=True)
    rows = [RatingRow(111, OVERALL, 1, "Alice", 26.0, 7.0, 3, 1), RatingRow(111, "archipels", 1, "Alice", 26.0, 7.0, 1, 1),
            RatingRow(111, "pioneers", 1, "Alice", 24.0, 7.5, 2, 0)]
    history = [HistoryRow(111, OVERALL, 1, t, f"2026-01-0{t}", 1, 2, 25.0 + t, 8.0) for t in (1, 2, 3)]
    history += [HistoryRow(111, "pioneers", 1, 1, "2026-01-01", 1, 2, 25.0, 8.0),
                HistoryRow(111, "archipels", 1, 2, "2026-01-02", 1, 2, 26.0, 8.0),
                HistoryRow(111, "pioneers", 1, 3, "2026-01-03", 2, 2, 24.0, 8.0)]

    async def player(guild, user):
        return rows

    async def past(guild, user):
        return history

    monkeypatch.setattr(ratings.db, "player", player)
    monkeypatch.setattr(ratings.db, "history", past)
    seen = {}

    def draw(name, subtitle, games, series, note):
        seen["series"] = series
        return b""

    monkeypatch.setattr("bot.features.ratings.draw_stats", draw)
    await ratings.cmd_stats(ALICE)
    xs = {title: [n for n, _ in points] for title, points in seen["series"]}
    assert xs["All games"] == [1, 2, 3]
    assert xs["Pioneer's Isle"] == [1, 3] and xs["Archipels"] == [2]  # each at the place of its own games
    picture = leaderboard.draw_stats("Alice", "3 rated games", [], seen["series"], "")
    assert picture[:4] == b"\x89PNG"


def test_the_daily_board_picture_marks_moves_taken_back(monkeypatch):
    from render import daily

    seen = []
    monkeypatch.setattr(daily, "_sheet", lambda title, subtitle, badge, columns, rows, footer, empty: seen.append(rows))
    monkeypatch.setattr(daily, "to_png", lambda image: b"")
    daily.daily_board({"day": "2026-01-01", "rows": [
        {"rank": 1, "name": "Ann", "result": "won", "score": 3, "hints": 0, "moves": 9, "takebacks": 1},
        {"rank": 2, "name": "Ben", "result": "won", "score": 2, "hints": 2, "moves": 9, "takebacks": 2}]})
    marks = [row[-1][1] for row in seen[0]]
    assert marks == ["1 TAKEN BACK", "2 HINTS · 2 TAKEN BACK"]


async def test_every_open_command_of_the_readme_opens_a_table(tmp_path):
    import re
    from pathlib import Path

    from tests.helpers import service_at, who

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    commands = re.findall(r"`(/open game:[^`]+)`", readme)
    assert any("options:advanced=on" in c for c in commands)
    for index, command in enumerate(commands):
        service = await service_at(tmp_path / f"r{index}.db")
        game, _, options = command.removeprefix("/open game:").partition(" options:")
        reply = await service.handle(who("Ann", 1, channel=500 + index), "open", {"game": game, "options": options})
        assert reply.ok, (command, reply.private)
    assert "the same deal for every\nserver that day" in readme

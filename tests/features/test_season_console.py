"""Seasons in the offline console (`isles local`): a manager turns them on, a few games are played
through the console's lines, and `/leaderboard season:current` reads their standings."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.adapters.console.console import Console, stable_id
from bot.extensions import install
from tests.helpers import Clock, service_at


async def test_seasons_in_the_console(tmp_path, sticks):
    clock = Clock(datetime(2026, 5, 10, 9, tzinfo=UTC))
    service = await service_at(tmp_path / "t.db", clock=clock)
    installed = install(service, prepare_daily=False)
    console = Console(service, tmp_path / "img", managers={"ann"}, tick=installed.tick)
    refused = await console.run_line("[#g] ben: /season length:monthly")
    assert len(refused) == 1 and refused[0].startswith("  !") and "manage" in refused[0]
    turned_on = "\n".join(await console.run_line("[#g] ann: /season length:monthly"))
    assert "Saved." in turned_on and "Season 1 (1 May 2026 to 31 May 2026, UTC)" in turned_on
    for winner, loser in (("ann", "ben"), ("ann", "cleo"), ("ben", "cleo")):
        for line in (f"[#g] {winner}: /open game:sticks options:sticks=3", f"[#g] {loser}: /press Join",
                     f"[#g] {winner}: /start"):
            assert not any(out.startswith("  !") for out in await console.run_line(line)), line
        table = await service.table((await service.store.open_table(stable_id("#g"))).id)
        seats = {s.seat: s.name for s in table.seats}
        mover = seats[table.game.to_act()[0]]
        await console.run_line(f"[#g] {mover}: /move take 3")  # the whole pile: the mover wins
        clock.advance(hours=2)
    board = "\n".join(await console.run_line("[#g] cleo: /leaderboard season:current"))
    assert "Leaderboard — Season 1 (1 May 2026 to 31 May 2026, UTC)" in board
    assert "0 ranked, 3 provisional" in board
    assert "  ann — 2.0 points · 2 games (provisional)" in board  # one point a table, to its winner
    assert "  ben — 1.0 points · 2 games (provisional)" in board
    assert "  **cleo** (you) — 0.0 points · 2 games (provisional)" in board

"""The offline console has quiet hours with their digest, the turn's notice and /sub, as Discord has."""

from __future__ import annotations

from bot.adapters.console.console import Console, stable_id
from bot.extensions import install
from games import registry
from tests.helpers import Clock, service_at


async def whose_turn(service) -> str:
    row = await service.store.table(1)
    seat, = registry.get(row.game).load(row.state).to_act()
    return next(s.name for s in await service.store.seats(1) if s.seat == seat)


async def test_quiet_hours_a_digest_and_a_substitute_in_the_console(tmp_path, sticks):
    clock = Clock()  # 12:00 UTC
    service = await service_at(tmp_path / "t.db", clock=clock)
    installed = install(service, prepare_daily=False)
    console = Console(service, tmp_path / "img", tick=installed.tick)
    for line in ["[#g] ann: /open game:sticks options:sticks=30", "[#g] ben: /join", "[#g] cat: /join",
                 "[#g] ben: /notify mode:dm quiet:11-13 zone:UTC", "[#g] ann: /start"]:
        out = await console.run_line(line)
        assert not out[0].startswith("  !"), out
    said: list[str] = []
    moved = 0  # every seat moves at least once, and ben's turn comes back while his messages are held
    while moved < 4 or await whose_turn(service) != "ben":
        mover = await whose_turn(service)
        said += await console.run_line(f"[#g] {mover}: /move take 1")
        moved += 1
    assert not [line for line in said if "[direct message to ben]" in line]
    clock.advance(hours=1)  # 13:00: the quiet hours end, and the next line prints the digest
    out = await console.run_line("[#g] ann: /board")
    digest = [line for line in out if "[direct message to ben]" in line]
    assert len(digest) >= 2 and "Your quiet hours are over: 1 table waits for you." in digest[0]
    assert any("Since your last turn:" in line for line in digest)
    # ben leaves; the host offers his seat and dan, not at the table, takes it
    await console.run_line("[#g] ben: /resign")
    offered = await console.run_line("[#g] ann: /sub")
    assert any("offers ben's seat" in line for line in offered), offered
    took = await console.run_line("[#g] dan: /press Take the seat")
    assert any("takes over ben's seat" in line for line in took), took
    assert stable_id("dan") in [s.user_id for s in await service.store.seats(1)]

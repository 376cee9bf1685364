"""An event played through in the offline console (`isles local`): eight people sign up for tables
of four over three rounds, the computer plays the turns of those who sleep through their deadlines,
and the final standings are posted once."""

from __future__ import annotations

from bot.adapters.console.console import Console, stable_id
from bot.extensions import install
from db.events import EventStore
from games import registry
from tests.helpers import Clock, service_at

PEOPLE = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]


async def test_an_event_of_eight_at_fours_plays_through_in_the_console(tmp_path, sticks):
    clock = Clock()
    service = await service_at(tmp_path / "t.db", clock=clock)
    installed = install(service, prepare_daily=False)
    console = Console(service, tmp_path / "img", managers={"mod"}, tick=installed.tick)
    said: list[str] = []
    for line in ["[#league] mod: /event create game:sticks seats:4 rounds:3 round_days:2",
                 *(f"[#league] {name}: /press Join" for name in PEOPLE), "[#league] mod: /event start"]:
        out = await console.run_line(line)
        assert not any(x.startswith("  !") for x in out), out
        said += out
    assert any("round 1 of 3 is paired" in x for x in said), said
    threads = [x for x in said if "Table 1 in #" in x or "Table 2 in #" in x]
    assert len(threads) == 2 and all("sticks-event-1-round-1-table-" in x for x in threads), threads
    # ann takes a turn by hand where it is hers; everyone else sleeps through their deadlines
    db = EventStore.of(service.store)
    event = await db.in_channel(stable_id("#league"))
    first = (await db.pairings(event.id, 1))[0]
    row = await service.store.table(first.table_id)
    seat, = registry.get(row.game).load(row.state).to_act()
    mover = next(s.name for s in await service.store.seats(first.table_id) if s.seat == seat)
    out = await console.run_line(f"[#{console.channels[first.channel_id]}] {mover}: /move take 1")
    assert not any(x.startswith("  !") for x in out), out
    shown = await console.run_line(f"[#{console.channels[first.channel_id]}] {mover}: /event")  # from a table's thread
    assert any("(only you) **Event of Sticks**, round 1 of 3" in x for x in shown), shown
    for _ in range(300):
        clock.advance(hours=13)
        said += await console.run_line("[#league] mod: /event")
        if (await db.event(event.id)).status == "finished":
            break
    for _ in range(3):
        clock.advance(hours=13)
        said += await console.run_line("[#league] mod: /event")
    over = [x for x in said if "The event of Sticks is over." in x]
    assert len(over) == 1, over
    assert "[#league, from the bot]" in said[said.index(over[0]) - 1]
    assert any("The computer played" in x or "the computer plays" in x.lower() for x in said)
    rows = await db.pairings(event.id)
    assert {r.round for r in rows} == {1, 2, 3} and all(r.points is not None for r in rows)
    standings = [x for x in said[said.index(over[0]):] if x.strip()[:2] in ("1.", "2.")]
    assert standings, said[said.index(over[0]):]


async def test_the_console_reads_event_subcommands_as_discord_sends_them(tmp_path, sticks):
    """`/event create game:...` and `/event standings` as Discord's subcommands, `/event` alone and
    `/event action:create` still: each reaches /event with its action."""
    service = await service_at(tmp_path / "t.db", clock=Clock())
    install(service, prepare_daily=False)
    console = Console(service, tmp_path / "img", managers={"mod"})
    parsed = console.parse("[#league] mod: /event create game:sticks seats:4 rounds:3 round_days:2")
    assert parsed.command == "event"
    assert parsed.args == {"action": "create", "game": "sticks", "seats": "4", "rounds": "3", "round_days": "2"}
    assert console.parse("[#league] ann: /event standings").args == {"action": "standings"}
    assert console.parse("[#league] ann: /event").args == {}
    assert console.parse("[#league] mod: /event action:start").args == {"action": "start"}
    for subcommand in ("start", "join", "leave"):
        assert console.parse(f"[#league] ann: /event {subcommand}").args == {"action": subcommand}
    said = "\n".join(await console.run_line("[#league] ann: /event standings"))
    assert "There is no event in this channel" in said
    said = "\n".join(await console.run_line("[#league] mod: /event create game:sticks seats:4 rounds:3 round_days:2"))
    assert "opened an event of **Sticks**" in said
    assert "signs up: 0 so far" in "\n".join(await console.run_line("[#league] ann: /event standings"))

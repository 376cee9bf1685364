"""/auto and /plan in the offline console: private answers, a forced move told, a plan's move posted."""

from __future__ import annotations

from bot.adapters.console.console import Console
from bot.extensions import install
from tests.helpers import service_at


async def console_at(tmp_path) -> tuple[Console, object]:
    service = await service_at(tmp_path / "t.db", seeds=lambda: 7)
    install(service, prepare_daily=False)
    return Console(service, tmp_path / "img"), service


async def run(console, *lines) -> list[str]:
    out = []
    for line in lines:
        out += await console.run_line(line)
    return out


async def test_auto_and_a_plan_in_the_console(tmp_path):
    console, service = await console_at(tmp_path)
    await run(console, "[#g] ann: /open game:pioneers", "[#g] ben: /join", "[#g] ann: /start")
    listed = await run(console, "[#g] ben: /auto")
    assert listed and all(line.startswith("  (only you)") or not line.startswith("  [#") for line in listed)
    assert any("forced moves: on" in line for line in listed)
    saved = await run(console, "[#g] ben: /auto decline:all")
    assert any("decline: all" in line for line in saved) and not any("[#g, from the bot]" in x for x in saved)
    loaded = await service.table(1)
    game = loaded.game
    first = loaded.by_seat(game.current).name
    second = "ben" if first == "ann" else "ann"
    mine = game.legal_moves(game.current)[0]
    near = {int(mine.split()[1]), *game.NODE_NEIGHBOURS[int(mine.split()[1])]}
    planned = next(m for m in game.legal_moves(game.current) if int(m.split()[1]) not in near)
    planning = await run(console, f'[#g] {second}: /plan move:"{planned}"')
    assert any("(only you) Planned" in line for line in planning)
    await run(console, f'[#g] {first}: /move move:"{mine}"')
    game = (await service.table(1)).game
    out = await run(console, f'[#g] {first}: /move move:"{game.legal_moves(game.current)[0]}"')
    bot_post = out.index("  [#g, from the bot]")
    assert f"{second} built a settlement on {planned.split()[1]}." in out[bot_post + 1]
    moves = await service.store.moves(1)
    assert moves[-1].move == planned

"""The console as a Discord member uses it: menus chosen with /choose, and buttons of earlier
messages still pressed (every player answers a take-back, not only the first)."""

from __future__ import annotations

from bot.adapters.console.console import Console, stable_id
from bot.extensions import install
from tests.helpers import service_at


async def console_at(tmp_path):
    service = await service_at(tmp_path / "t.db", draw_images=False, seeds=lambda: 11)
    install(service, prepare_daily=False)
    return service, Console(service, tmp_path / "img")


async def test_a_my_moves_menu_is_chosen_by_its_number(tmp_path):
    service, console = await console_at(tmp_path)
    for line in ("[#t] alice: /open game:propeller", "[#t] bob: /join", "[#t] alice: /press Start"):
        await console.run_line(line)
    table = await service.store.open_table(stable_id("#t"))
    game = service._cache[table.id].game
    user = next(s.name for s in await service.store.seats(table.id) if s.seat == game.to_act()[0]).lower()
    shown = await console.run_line(f"[#t] {user}: /press My moves")
    menu = next(line for line in shown if line.startswith("  [menu "))
    second = menu.split(" | ")[1].split(". ", 1)[1]
    chosen = await console.run_line(f"[#t] {user}: /choose 2")
    assert chosen[0].startswith(f"  {user}: `{second}`"), chosen
    assert (await console.run_line(f"[#t] {user}: /choose 99"))[0].startswith("  ! Choose a line by its number")


async def test_after_a_first_agree_the_other_players_still_answer_a_take_back(tmp_path):
    service, console = await console_at(tmp_path)
    for line in ("[#t] alice: /open game:growsky", "[#t] bob: /join", "[#t] carol: /join", "[#t] alice: /press Start"):
        await console.run_line(line)
    table = await service.store.open_table(stable_id("#t"))
    game = service._cache[table.id].game
    seats = {s.seat: s.name.lower() for s in await service.store.seats(table.id)}
    mover = seats[game.to_act()[0]]
    others = [name for name in seats.values() if name != mover]
    await console.run_line(f'[#t] {mover}: /move move:"{game.legal_moves(game.to_act()[0])[0]}"')
    asked = await console.run_line(f"[#t] {mover}: /takeback")
    assert any("[Agree]" in line for line in asked), asked
    first = await console.run_line(f"[#t] {others[0]}: /press Agree")
    assert "agrees" in first[0] and "Waiting for" in first[0]
    second = await console.run_line(f"[#t] {others[1]}: /press Agree")
    assert second[0].startswith("  Everyone agreed"), second

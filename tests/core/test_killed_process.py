"""A process killed with SIGKILL right after acknowledging moves loses none of them."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.core.replay import matches_log
from games import registry
from tests.helpers import service_at

ROOT = Path(__file__).resolve().parents[2]

PLAYER = textwrap.dedent("""
    import asyncio, sys
    from bot.core.service import TableService
    from db.store import Store
    from tests.helpers import who

    async def main(path):
        service = TableService(await Store.open(path), draw_images=False, seeds=lambda: 11)
        a, b = who("A", 1), who("B", 2)
        await service.handle(a, "open", {"game": "archipels"})
        await service.handle(b, "join")
        await service.handle(a, "start")
        people = {1: a, 2: b}
        while True:
            seats = {s.seat: s.user_id for s in await service.store.seats(1)}
            game = service._cache[1].game
            if game.is_over():
                print("OVER", flush=True)
                await asyncio.sleep(60)
            caller = people[seats[game.to_act()[0]]]
            move = await service.ai_suggestion(caller)
            reply = await service.handle(caller, "move", {"move": move})
            assert reply.ok, reply.private
            print("ACK", move, flush=True)

    asyncio.run(main(sys.argv[1]))
""")


@pytest.mark.skipif("archipels" not in registry.available(), reason="Archipels not built")
async def test_sigkill_after_acknowledged_moves_loses_nothing(tmp_path):
    db = tmp_path / "k.db"
    proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(db)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    acked = []
    try:
        for line in proc.stdout:
            if line.startswith("ACK"):
                acked.append(line[4:].strip())
            if len(acked) == 25 or line.startswith("OVER"):
                break
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert len(acked) == 25
    service = await service_at(db)
    logged = [m.move for m in await service.store.moves(1)]
    assert logged[: len(acked)] == acked  # every acknowledged move is there, in order
    assert await matches_log(service.store, 1)  # and the state is whole, not half-written

"""`isles demo GAME`: computer players play a whole game through the table service.

Each seat is a named player who asks the game's computer player for a move and sends it
with /move, exactly as a person would; every turn's board image and the standings land
in the output folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.replies import Caller
from bot.service import TableService
from db.store import Store
from games import registry

NAMES = ["Ada", "Ben", "Cleo", "Dev"]
CHANNEL = 4242
GUILD = 1
MAX_MOVES = 20000


async def play_demo(service: TableService, key: str, players: int, out: Path) -> list[str]:
    """Plays one game and writes its images; returns the log lines."""
    seats = [Caller(GUILD, CHANNEL, 100 + i, NAMES[i]) for i in range(players)]
    by_user = {c.user_id: c for c in seats}
    log: list[str] = []
    images = 0

    def keep(reply) -> None:
        nonlocal images
        if not reply.ok:
            raise RuntimeError(f"the demo was refused: {reply.private}")
        if reply.text:
            log.append(reply.text)
        if reply.image:
            images += 1
            (out / f"turn-{images:04d}.png").write_bytes(reply.image)

    keep(await service.handle(seats[0], "open", {"game": key}))
    for caller in seats[1:]:
        keep(await service.handle(caller, "join"))
    keep(await service.handle(seats[0], "start"))
    for _ in range(MAX_MOVES):
        row = await service.store.table(1)
        if row.status != "active":
            break
        table = await service.store.open_table(CHANNEL)
        seat_users = {s.seat: s.user_id for s in await service.store.seats(table.id)}
        game = registry.get(key).load(table.state)
        acting = by_user[seat_users[game.to_act()[0]]]
        move = await service.ai_suggestion(acting)
        keep(await service.handle(acting, "move", {"move": move}))
    else:
        raise RuntimeError("the demo game did not end")
    return log


def count_players(low: int, high: int) -> str:
    return f"{low} player{'s' if low > 1 else ''}" if low == high else f"{low} to {high} players"


def join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


async def run_demo(key: str, players: int | None, seed: int, out: Path) -> int:
    try:
        key = registry.find(key)
    except KeyError as missing:
        print(missing.args[0], file=sys.stderr)
        return 2
    cls = registry.get(key)
    most = min(cls.max_players, len(NAMES))
    players = players or most
    if not cls.min_players <= players <= most:
        print(f"--players {players}: {cls.title} takes {count_players(cls.min_players, most)} here.",
              file=sys.stderr)
        return 2
    print(f"{join_names(NAMES[:players])} {'plays' if players == 1 else 'play'} {cls.title} (seed {seed}); every turn's picture goes to {out}/ ...",
          flush=True)
    out.mkdir(parents=True, exist_ok=True)
    db = out / "demo.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    store = await Store.open(str(db))
    try:
        service = TableService(store, seeds=lambda: seed)
        log = await play_demo(service, key, players, out)
    finally:
        await store.close()
    final = log[-1]
    (out / "standings.txt").write_text(final + "\n", encoding="utf-8")
    (out / "log.txt").write_text("\n\n".join(log) + "\n", encoding="utf-8")
    print(final)
    print(f"Images and the log are in {out}/")
    return 0

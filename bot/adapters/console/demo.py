"""`isles demo GAME`: computer players play a whole game through the table service.

Each seat is a named player who asks the game's computer player for a move and sends it
with /move, exactly as a person would; every turn's board image and the standings land
in the output folder.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

import lang
from bot.core import marks
from bot.core.lobby import parse_option_text
from bot.core.replies import Caller
from bot.core.service import TableService
from db.store import Store
from games import registry
from games.base import IllegalMove, parse_options
from lang import ngettext, tr

NAMES = ["Ada", "Ben", "Cleo", "Dev"]  # verbatim: the players' names
CHANNEL = 4242
GUILD = 1
MAX_MOVES = 20000


async def play_demo(service: TableService, key: str, players: int, out: Path, options: str = "",
                    language: str = "") -> list[str]:
    """Plays one game and writes its images; returns the log lines. `options` are the lobby's
    (`board=shores target=12`), as /open takes them; `language` the one its players and server speak."""
    seats = [Caller(GUILD, CHANNEL, 100 + i, NAMES[i], locale=language, guild_locale=language)
             for i in range(players)]
    by_user = {c.user_id: c for c in seats}
    log: list[str] = []
    images = 0

    def keep(reply) -> None:
        nonlocal images
        if not reply.ok:
            raise RuntimeError(f"the demo was refused: {reply.private}")
        if reply.text:  # people by name, as the console writes them
            log.append(marks.write(
                reply.text, person=lambda user_id: "@" + (by_user[user_id].name if user_id in by_user else str(user_id)),
                place=lambda channel_id: f"#{channel_id}",
                moment=lambda epoch, _style: datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")))
        if reply.image:
            images += 1
            (out / f"turn-{images:04d}.png").write_bytes(reply.image)

    keep(await service.handle(seats[0], "open", {"game": key, **({"options": options} if options else {})}))
    for caller in seats[1:]:
        keep(await service.handle(caller, "join"))
    keep(await service.handle(seats[0], "start"))
    table_id = (await service.store.open_table(CHANNEL)).id  # not always 1: ISLES_DB may hold others
    for _ in range(MAX_MOVES):
        row = await service.store.table(table_id)
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
    if low == high:
        return ngettext("{count} player", "{count} players", low).format(count=low)
    return tr("{low} to {high} players").format(low=low, high=high)


def join_names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return tr("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


async def end_unfinished_demo(store: Store) -> None:
    """A shared database (ISLES_DB) may still hold a demo stopped half-way: it is cancelled, so
    that the demo's channel is free for this one."""
    table = await store.open_table(CHANNEL)
    if table is not None and table.guild_id == GUILD:
        await store.set_status(table.id, table.version, "cancelled", datetime.now(UTC))


def _made_by(cls: type, variant: type, chosen: dict) -> bool:
    """Whether the options chosen are the ones a variant of the game defaults to differently."""
    base = {spec.name: spec.default for spec in cls.options}
    own = {spec.name: spec.default for spec in variant.options if spec.default != base.get(spec.name)}
    return bool(own) and all(chosen.get(name) == value for name, value in own.items())


async def run_demo(key: str, players: int | None, seed: int, out: Path, store: str | None = None,
                   options: str = "", language: str = "") -> int:
    """A whole game in `store` (ISLES_DB), or else in a new out/demo.db, with the lobby `options`, in
    `language` ('de', 'es'; English by default)."""
    with lang.using(language):
        return await _run_demo(key, players, seed, out, store, options, language)


async def _run_demo(key: str, players: int | None, seed: int, out: Path, store: str | None,
                    options: str, language: str) -> int:
    try:
        key = registry.find(key)
    except KeyError as missing:
        print(missing.args[0], file=sys.stderr)
        return 2
    cls = registry.get(key)
    try:  # options that deal another map may take other numbers of players (`board=shores`)
        chosen = parse_options(cls.options, parse_option_text(options))
    except IllegalMove as error:
        print(f"--options {options!r}: {error}", file=sys.stderr)
        return 2
    cls = next((variant for variant in cls.variants.values() if _made_by(cls, variant, chosen)), cls)
    most = min(cls.max_players, len(NAMES))
    players = players or most
    if not cls.min_players <= players <= most:
        print(tr("--players {players}: {game} takes {count} here.").format(
            players=players, game=cls.title, count=count_players(cls.min_players, most)), file=sys.stderr)
        return 2
    print(ngettext("{names} plays {game} (seed {seed}); every turn's picture goes to {out}/ ...",
                   "{names} play {game} (seed {seed}); every turn's picture goes to {out}/ ...", players).format(
        names=join_names(NAMES[:players]), game=cls.title, seed=seed, out=out), flush=True)
    out.mkdir(parents=True, exist_ok=True)
    if store is None:  # a database of its own, made afresh
        db = out / "demo.db"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        store = str(db)
    opened = await Store.open(store)
    try:
        await end_unfinished_demo(opened)
        service = TableService(opened, seeds=lambda: seed)
        log = await play_demo(service, key, players, out, options, language)
    finally:
        await opened.close()
    final = log[-1]
    (out / "standings.txt").write_text(final + "\n", encoding="utf-8")
    (out / "log.txt").write_text("\n\n".join(log) + "\n", encoding="utf-8")
    print(final)
    print(tr("Images and the log are in {out}/").format(out=out))
    return 0

"""Shared helpers for tests that drive the table service."""

from __future__ import annotations

import importlib.util
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.core.replies import Caller
from bot.core.service import TableService
from db.store import Store

GUILD = 111
CHANNEL = 222


class Clock:
    """An injectable clock that tests move by hand."""

    def __init__(self, start: datetime | None = None):
        self.now = start or datetime(2026, 1, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw) -> None:
        self.now += timedelta(**kw)


def who(name: str, user_id: int, channel: int = CHANNEL, guild: int = GUILD, manage: bool = False) -> Caller:
    return Caller(guild, channel, user_id, name, manage)


ALICE = who("Alice", 1)
BOB = who("Bob", 2)
CAROL = who("Carol", 3)


OPENED: list[Store] = []
# The store kind of the running test (the `store_kind` fixture): "sqlite", or "postgres" with one
# database per path the test names, so that two opens of one path share one database.
KIND = {"kind": "sqlite"}
DATABASES: dict[str, str] = {}


async def store_target(path) -> str:
    """What to open for `path` in the running test: the path itself, or a PostgreSQL database of its own."""
    if KIND["kind"] == "sqlite":
        return str(path)
    if str(path) not in DATABASES:
        from tests.pg import create_database

        DATABASES[str(path)] = await create_database()
    return DATABASES[str(path)]


async def open_store(path) -> Store:
    store = await Store.open(await store_target(path))
    OPENED.append(store)
    return store


async def service_at(path, **kw) -> TableService:
    store = await Store.open(await store_target(path))
    OPENED.append(store)
    kw.setdefault("draw_images", False)
    kw.setdefault("seeds", lambda: 7)
    return TableService(store, **kw)


def random_positions(game_cls, players: int, seed: int):
    """Each position of a game of `players` where the first seat to act plays a random legal move."""
    game = game_cls.new(players, {}, seed)
    rng = random.Random(seed)
    while not game.is_over():
        yield game
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))


def load_bench(name: str):
    """A script of bench/ (not a package) loaded as a module, e.g. `load_bench("levels")`."""
    path = Path(__file__).resolve().parent.parent / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # where its dataclasses look their annotations up
    spec.loader.exec_module(module)
    return module


# people of the tests that seat up to three at a table by name
PEOPLE = [who("ann", 11), who("ben", 12), who("cleo", 13)]


async def open_table(service: TableService, game: str, people, *, computers: int = 0, levels=(),
                     options: str = "") -> int:
    """A table of `game` opened by the first of `people`, the others seated, `computers` computer
    players (or one a level of `levels`) added, and started; its id."""
    args = {"game": game, **({"options": options} if options else {})}
    assert (await service.handle(people[0], "open", args)).ok
    for person in people[1:]:
        assert (await service.handle(person, "join")).ok
    for _ in range(computers):
        assert (await service.handle(people[0], "addai")).ok
    for level in levels:
        assert (await service.handle(people[0], "addai", {"level": level})).ok
    started = await service.handle(people[0], "start")
    assert started.ok, started.private
    return (await service.store.open_table(people[0].channel_id)).id


async def resign(service: TableService, caller: Caller):
    """/resign, confirmed with its button when the service asks for it."""
    reply = await service.handle(caller, "resign")
    confirm = [b for b in reply.buttons if b.label.lower().startswith("resign")]
    return await service.press(caller, confirm[0].custom_id) if confirm else reply

"""How many statements one turn costs: on PostgreSQL each is a round trip to the server, so a turn's
count is pinned here, on each store, as an upper bound that fails when a round trip comes back.

A turn is what the Discord adapter does for a person's move: `/move` through the service (the
rules, the move's transaction with its outbox draft, the clocks' record of whose turn runs, the
reply's deadline note, the take-back offer), the turn notice sent in the background, then the
post's outbox row sealed and marked sent."""

from __future__ import annotations

import time

import pytest

from bot.adapters.discord.posting import body_of
from bot.extensions import install
from db.outbox import OutboxStore
from tests.helpers import service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

# the most statements (SQLite) or server round trips (PostgreSQL, NOTIFY included) of one turn; one
# more than before since a person's own move answers the deadlines their seat missed, so a substitute
# is never offered a seat whose player plays again (db/substitutes.py `presence`)
MOST = {"sqlite": 25, "postgres": 22}
TURNS = 16


class Counter:
    def __init__(self):
        self.count = 0
        self.texts: list[str] = []

    def add(self, text: str) -> None:
        self.count += 1
        self.texts.append(" ".join(str(text).split())[:90])


def counting(store, monkeypatch) -> Counter:
    """Count what goes to the database: every statement on SQLite, every round trip on PostgreSQL."""
    counter = Counter()
    if store.dialect == "postgres":
        import db.postgres.connection as pg

        guarded = pg._guarded

        async def counted(method, *args):
            counter.add(args[0] if args else method)
            return await guarded(method, *args)

        monkeypatch.setattr(pg, "_guarded", counted)
    else:
        execute = store.conn.execute

        def counted(sql, parameters=()):
            counter.add(sql)
            return execute(sql, parameters)

        monkeypatch.setattr(store.conn, "execute", counted)
    return counter


async def test_a_turn_makes_few_statements(tmp_path, store_kind, monkeypatch):
    service = await service_at(tmp_path / "t.db")
    installed = install(service, prepare_daily=False)
    outbox = OutboxStore.of(service.store)
    alice, bob = who("Alice", 1), who("Bob", 2)
    assert (await service.handle(alice, "open", {"game": "pioneers"})).ok
    assert (await service.handle(bob, "join")).ok
    assert (await service.handle(alice, "start")).ok
    for person in (alice, bob):  # one saved move a turn: a lone roll is not played for them
        assert (await service.handle(person, "auto", {"forced": "off"})).ok
    await installed.timing.settle()
    by_user = {alice.user_id: alice, bob.user_id: bob}
    counter = counting(service.store, monkeypatch)
    worst: tuple[int, list[str]] = (0, [])
    for _ in range(TURNS):
        table = (await service.store.open_table(alice.channel_id)).id
        loaded = service._cache.get(table) or await service.table(table)
        seat = loaded.game.to_act()[0]
        move = loaded.game.legal_moves(seat)[0]
        counter.count, counter.texts = 0, []
        reply = await service.handle(by_user[loaded.by_seat(seat).user_id], "move", {"move": move})
        assert reply.ok, reply.private
        await installed.timing.settle()
        row = await outbox.seal(table_id=reply.table_id, version=reply.version, channel_id=alice.channel_id,
                                body=body_of(reply), now=int(time.time()), since=reply.since)
        await outbox.mark_sent(row, None, int(time.time()))
        if counter.count > worst[0]:
            worst = (counter.count, list(counter.texts))
    assert worst[0] <= MOST[store_kind], "\n".join([f"{worst[0]} statements in one turn:", *worst[1]])

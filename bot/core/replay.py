"""Rebuilding a table from its seed and move log: the proof that nothing was lost or half-written."""

from __future__ import annotations

from db.store import Store
from games import registry
from games.base import Game


async def replay(store: Store, table_id: int) -> Game:
    """The game as its seed and logged moves make it."""
    row = await store.table(table_id)
    if row is None or row.state is None:
        raise LookupError(f"table {table_id} has no game to replay")
    cls = registry.get(row.game)
    seats = [s for s in await store.seats(table_id) if s.seat is not None]
    game = cls.new(len(seats), row.options, row.seed)
    for logged in await store.moves(table_id):
        game.play(logged.seat, logged.move)
    return game


async def matches_log(store: Store, table_id: int) -> bool:
    """True when the stored state equals the replay of the log."""
    row = await store.table(table_id)
    return (await replay(store, table_id)).dump() == row.state

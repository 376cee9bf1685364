"""Rebuilding a table from its seed and move log: the one place the log is played again.

History (each move's public form), take-back (the states along the log), the animation (a
frame per turn), the daily challenge (does a line win the deal) and the store checks (is the
saved state the replay of its log) all walk the log through `steps`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass

from db.store import Store
from games import registry
from games.base import Game


@dataclass
class Step:
    """One logged move just replayed. `game` is the one game being replayed, already past this
    move: the next step changes it, so a caller that keeps a state keeps a copy."""

    index: int  # 0 for the first move of the log
    seat: int
    move: str  # as logged, or its canonical text when the replay was asked for it
    acting: list[int]  # the seats that had to act before the move
    game: Game
    error: Exception | None = None  # set only when the replay goes on past moves that fail
    mark: Hashable | None = None  # the game's turn_mark before the move


def steps(game: Game, moves: Iterable[tuple[int, str]], *, canonical: bool = False,
          past_errors: bool = False) -> Iterator[Step]:
    """Play each (seat, move) on `game` in order, yielding after each one.

    `canonical`: read each move's canonical text before it is played (logs written before
    canonical texts were kept read as they do now). `past_errors`: a move that no longer plays
    is yielded with its error and the replay goes on, rather than raising."""
    for index, (seat, move) in enumerate(moves):
        acting = game.to_act()
        mark = game.turn_mark()
        shown = move
        try:
            if canonical:
                shown = game.canonical(seat, move)
            game.play(seat, move)
        except Exception as error:
            if not past_errors:
                raise
            yield Step(index, seat, shown, acting, game, error, mark)
            continue
        yield Step(index, seat, shown, acting, game, mark=mark)


def replayed(cls: type[Game], players: int, options: dict, seed: int, moves: Iterable[tuple[int, str]],
             stored: dict | None) -> Game:
    """The game as a fresh deal of this seed and these moves make it. `stored`: any stored state
    of the table, so the deal draws as the table does (`Game.replay_deal`); None for a new deal."""
    game = cls.replay_deal(players, options, seed, stored)
    for _ in steps(game, moves):
        pass
    return game


async def replay(store: Store, table_id: int) -> Game:
    """The game as the table's seed and logged moves make it."""
    row = await store.table(table_id)
    if row is None or row.state is None:
        raise LookupError(f"table {table_id} has no game to replay")
    seats = [s for s in await store.seats(table_id) if s.seat is not None]
    logged = [(m.seat, m.move) for m in await store.moves(table_id)]
    return replayed(registry.get(row.game), len(seats), row.options, row.seed, logged, row.state)


async def matches_log(store: Store, table_id: int) -> bool:
    """True when the stored state equals the replay of the log."""
    row = await store.table(table_id)
    return (await replay(store, table_id)).dump() == row.state

"""A place of a caller's own: a command whose table plays apart from the channel (the daily
challenge's private thread) asks its adapter to make one, through the service's one entry point.

The command says so (`Command.place`, the words naming what it holds); the adapter passes
`make_place(name) -> channel id` to `TableService.handle`, and the command's method reads it
with `maker()` and calls it once it knows the place is the caller's. A maker may refuse with
`IllegalMove` (the adapter may not make a place here: no rights, no channel that takes one).
"""

from __future__ import annotations

import contextvars
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

PlaceMaker = Callable[[str], Awaitable[int]]  # makes the place by name; returns its channel id

_MAKER: contextvars.ContextVar[PlaceMaker | None] = contextvars.ContextVar("place_maker", default=None)


@contextmanager
def making(make_place: PlaceMaker | None) -> Iterator[None]:
    """While one call runs: the adapter's place maker, for the command that asks it."""
    token = _MAKER.set(make_place)
    try:
        yield
    finally:
        _MAKER.reset(token)


def maker() -> PlaceMaker | None:
    """The place maker of the call being served; None: the table opens where the command was typed."""
    return _MAKER.get()

"""What one call on the service (a command, a click, a deadline's move) has saved, so that its
answer tells the truth about it.

A call may save a change and then fail while showing it: the database goes away before the
board is read again, a computer seat's move or a picture fails. What was saved stands, so the
answer must say so (never "nothing was saved": a person told that plays again), and the post
the change owes must still tell it. The service records here every write it makes; a failure
after one becomes an answer that says the change stands, and the post is composed later from
the saved table (its outbox draft).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from bot.core.replies import Reply


@dataclass
class Written:
    """The writes of one call to one table: the version before the first and after the last.
    `since` is None once the writes are not one unbroken run (another writer came between), since
    the call's answer then does not tell every change from `since` on."""

    since: int | None
    version: int


@dataclass
class Call:
    written: dict[int, Written] = field(default_factory=dict)

    def wrote(self, table_id: int, before: int, after: int) -> None:
        done = self.written.get(table_id)
        if done is None:
            self.written[table_id] = Written(before, after)
            return
        if done.version != before:
            done.since = None
        done.version = after

    def merge(self, inner: Call) -> None:
        """Add the writes of a call made inside this one."""
        for table_id, done in inner.written.items():
            mine = self.written.get(table_id)
            if mine is None:
                self.written[table_id] = Written(done.since, done.version)
                continue
            if done.since is None or mine.version != done.since:
                mine.since = None
            mine.version = done.version

    def told(self, reply: Reply) -> Reply:
        """Mark the reply with the changes it tells: those the call made to the table it shows,
        when it shows the table as the call left it."""
        done = self.written.get(reply.table_id) if reply.table_id is not None else None
        if done is not None and reply.since is None and reply.version == done.version:
            reply.since = done.since
        return reply

    def saved(self) -> tuple[int, Written] | None:
        """A change this call saved (the last table written), or None."""
        if not self.written:
            return None
        table_id = next(reversed(self.written))
        return table_id, self.written[table_id]


_current: ContextVar[Call | None] = ContextVar("isles_call", default=None)


@contextmanager
def calling() -> Iterator[Call]:
    """One call's record; a call made inside another adds its writes to the outer one as well."""
    outer = _current.get()
    call = Call()
    token = _current.set(call)
    try:
        yield call
    finally:
        _current.reset(token)
        if outer is not None:
            outer.merge(call)


def wrote(table_id: int, before: int, after: int) -> None:
    """Record a saved write of `table_id` from version `before` to `after` in the running call."""
    call = _current.get()
    if call is not None:
        call.wrote(table_id, before, after)

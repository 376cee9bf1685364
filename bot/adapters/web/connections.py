"""How many connections the pages keep open, and what happens past that.

Every connection is an open file of the process. At the process's file limit accept() fails, and
asyncio logs that failure with its traceback once per waiting connection, again and again (over
1.8 MB a second in a run that opened streams until the limit), while no page gets an answer. So
the pages keep to a room below the limit: the soft RLIMIT_NOFILE less `RESERVE`, for the rest of the
bot (its database, Discord's gateway and its HTTP pool, the picture and solver workers' pipes, its
logs) and for the connections accepted in one go before the first of them is counted (`BACKLOG`,
and as many again being closed). A connection past
the room closes the oldest one that waits between requests (or has yet to send a whole one, its
body included), or, when every one is inside a request, is itself closed at once; either way
without a word in the log.

A request is inside only once all of it is in: until its body is read (writes.read_json says
when), its connection is as cheap to close as an idle one. Otherwise a body sent a byte at a time
would hold its connection for as long as the body's deadline, and a few dozen of them, sent by
anyone to the Activity's sign-in, would fill the room and shut every page out.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

try:
    import resource
except ImportError:  # pragma: no cover - not on Windows
    resource = None

BACKLOG = 64  # connections asyncio accepts in one go (and the kernel's queue of them)
RESERVE = 256 + 2 * BACKLOG
KEEP_ALIVE = 75.0  # seconds a connection may wait for its next request, or for the whole of its first
UNKNOWN_LIMIT = 1024  # the usual default, where the limit cannot be read


def file_limit() -> int:
    if resource is None:
        return UNKNOWN_LIMIT
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def room(limit: int | None = None) -> int:
    """How many connections the pages may hold under a file limit (the process's by default)."""
    limit = file_limit() if limit is None else limit
    return max(limit - RESERVE, limit // 4)


class Guard:
    """Counts the pages' connections and makes room past `room` (see the module's words)."""

    def __init__(self, room: int):
        self.room = room
        self._open: set[asyncio.BaseTransport] = set()
        self._waiting: OrderedDict[asyncio.BaseTransport, None] = OrderedDict()  # between requests, longest first

    def __len__(self) -> int:
        return len(self._open)

    def protocols(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for loop.create_server: aiohttp's (`make`), counted."""
        return lambda: _Counted(make(), self)

    def arrived(self, transport: asyncio.BaseTransport) -> None:
        self._open.add(transport)
        self._waiting[transport] = None
        if len(self._open) > self.room:
            oldest = next(iter(self._waiting))  # the new one itself when all the others are busy
            self.left(oldest)
            oldest.abort()  # nothing owed to it: its file is free at once

    def sent(self, transport: asyncio.BaseTransport | None) -> None:
        """The request on `transport` came whole: its connection is no longer one to close."""
        self._waiting.pop(transport, None)

    def left(self, transport: asyncio.BaseTransport) -> None:
        self._open.discard(transport)
        self._waiting.pop(transport, None)

    @web.middleware
    async def busy(self, request: web.Request, handler: Callable[[web.Request], Awaitable[Any]]) -> Any:
        """A connection is never closed to make room while one of its requests is answered, once the
        request has come whole (a body still arriving leaves its connection where it waits)."""
        transport = request.transport
        if transport not in self._waiting:  # not counted (a test server), or closed meanwhile
            return await handler(request)
        if request.body_exists and not request.content.is_eof():  # its body still on its way
            request[SENDING] = self  # body_read() takes it out of the waiting ones
        else:
            del self._waiting[transport]
        try:
            return await handler(request)
        finally:
            if transport in self._open:
                self._waiting[transport] = None  # the most recent to wait


SENDING = web.RequestKey("sending", Guard)  # a request's, while its body is still on its way: the guard to tell


def body_read(request: web.Request) -> None:
    """The request's body is all in: from now on its connection is inside a request (see Guard)."""
    guard = request.get(SENDING)
    if guard is not None:
        del request[SENDING]
        guard.sent(request.transport)


class _Counted(asyncio.Protocol):
    """aiohttp's protocol for one connection, told to the guard as it opens and closes."""

    def __init__(self, inner: Any, guard: Guard):
        self.inner, self.guard = inner, guard

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.inner.connection_made(transport)
        self.guard.arrived(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.left(self.transport)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class Sparing(logging.Filter):
    """Lets through at most `per_minute` warnings and errors of each kind (logger and message), and
    says with the next one let through how many were left out. For kinds a stranger can repeat at
    will: aiohttp's traceback for a request it could not read or answer, asyncio's for an accept()
    past the file limit, the pages' own."""

    KINDS = 1000  # kinds remembered; past that the count starts again

    def __init__(self, per_minute: int = 10, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.per_minute, self.clock = per_minute, clock
        self._seen: dict[tuple[str, str], tuple[float, int]] = {}  # kind: (its minute's start, records in it)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        kind = (record.name, str(record.msg))
        now = self.clock()
        start, count = self._seen.get(kind, (now, 0))
        left_out = 0
        if now - start >= 60.0:
            left_out, start, count = max(0, count - self.per_minute), now, 0
        if len(self._seen) >= self.KINDS and kind not in self._seen:
            self._seen.clear()
        self._seen[kind] = (start, count + 1)
        if count >= self.per_minute:
            return False
        if left_out:
            record.msg = f"{record.msg} [{left_out} more like this were left out before it]"  # verbatim: the log
        return True


SPARED = ("asyncio", "aiohttp.server", "aiohttp.web", "bot.adapters.web.server", "bot.adapters.web.activity")


def spare_the_log(per_minute: int = 10) -> None:
    """One Sparing filter on each logger the pages' visitors can make speak (once a process)."""
    for name in SPARED:
        logger = logging.getLogger(name)
        if not any(isinstance(f, Sparing) for f in logger.filters):
            logger.addFilter(Sparing(per_minute))

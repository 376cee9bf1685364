"""Work that one process only may run: the clocks (reminders, deadlines, day-end boards, the
daily preparation) and the outbox sweep, when several processes share the shards and the
database. A process runs them while it holds the 'clocks' lease (db/lease.py), renewing it
every RENEW seconds; a process that cannot renew in time stops them, and another takes the
lease over once it has expired (TTL after the last renewal)."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable

from db.lease import LeaseStore

log = logging.getLogger(__name__)

CLOCKS = "clocks"
TTL = 45.0
RENEW = 15.0


def holder_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class LeasedWork:
    """Runs `start` when the lease is taken and `stop` when it is lost or given back."""

    def __init__(self, store, start: Callable[[], Awaitable[None]], stop: Callable[[], Awaitable[None]], *,
                 name: str = CLOCKS, holder: str | None = None, ttl: float = TTL, renew: float = RENEW,
                 clock: Callable[[], float] = time.time):
        self.db = LeaseStore(store)
        self.start, self.stop = start, stop
        self.name, self.holder = name, holder or holder_name()
        self.ttl, self.renew, self.clock = ttl, renew, clock
        self.running = False
        self._renewed = 0.0

    async def step(self) -> bool:
        """Take or renew the lease once, and start or stop the work to match. True while held."""
        try:
            held = await self.db.take(self.name, self.holder, self.clock(), self.ttl)
            if held:
                self._renewed = self.clock()
        except Exception:
            log.exception("could not renew the %s lease", self.name)
            held = self.running and self.clock() - self._renewed < self.ttl - self.renew  # still safely ours
        if held and not self.running:
            log.info("lease %s taken by %s: starting its work", self.name, self.holder)
            self.running = True
            await self.start()
        elif not held and self.running:
            log.warning("lease %s lost by %s: stopping its work", self.name, self.holder)
            self.running = False
            await self.stop()
        return held

    async def run_forever(self) -> None:
        while True:
            await self.step()
            await asyncio.sleep(self.renew)

    async def close(self) -> None:
        """Stop the work and give the lease back, so another process may take it at once."""
        if self.running:
            self.running = False
            await self.stop()
        try:
            await self.db.release(self.name, self.holder)
        except Exception:
            log.exception("could not give back the %s lease", self.name)

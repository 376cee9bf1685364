"""Work that one process only may run: the clocks (reminders, deadlines, day-end boards, the
daily preparation) and the outbox sweep, when several processes share the shards and the
database. A process runs them while it holds the 'clocks' lease (db/lease.py), renewing it
every RENEW seconds; a process that cannot renew in time stops them, and another takes the
lease over once it has expired (TTL after the last renewal); a lease given back (a clean stop)
is taken at once, as the others hear of it (PostgreSQL's NOTIFY).

IDENTIFY is spaced across processes too (IdentifyGate): Discord starts one gateway session per
5 seconds in each bucket of shards, and a process that IDENTIFYs too soon gets op 9."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable

from bot.core import failures
from db.lease import LEASES, LeaseStore

log = logging.getLogger(__name__)

CLOCKS = "clocks"
TTL = 45.0
RENEW = 15.0
IDENTIFY_SPACING = 5.0  # Discord's: one IDENTIFY per bucket per 5 seconds


def holder_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class LeasedWork:
    """Runs `start` when the lease is taken and `stop` when it is lost or given back."""

    def __init__(self, store, start: Callable[[], Awaitable[None]], stop: Callable[[], Awaitable[None]], *,
                 name: str = CLOCKS, holder: str | None = None, ttl: float | None = None,
                 renew: float | None = None, clock: Callable[[], float] = time.time):
        self.store = store
        self.db = LeaseStore(store)
        self.start, self.stop = start, stop
        self.name, self.holder = name, holder or holder_name()
        self.ttl = TTL if ttl is None else ttl
        self.renew = RENEW if renew is None else renew
        self.clock = clock
        self.running = False
        self._renewed = 0.0

    async def step(self) -> bool:
        """Take or renew the lease once, and start or stop the work to match. True while held."""
        try:
            held = await self.db.take(self.name, self.holder, self.clock(), self.ttl)
            if held:
                self._renewed = self.clock()
        except Exception:
            failures.report(log, "could not renew the %s lease", self.name)
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
            await self.store.wait_for(LEASES, self.renew)  # or less: a lease given back is taken at once

    async def close(self) -> None:
        """Stop the work and give the lease back, so another process may take it at once."""
        if self.running:
            self.running = False
            await self.stop()
        try:
            await self.db.release(self.name, self.holder)
        except Exception:
            log.exception("could not give back the %s lease", self.name)


class IdentifyGate:
    """discord.py's before_identify_hook across processes: each IDENTIFY waits for the moment the
    database reserved for it in its shard's bucket (shard id modulo max_concurrency), at least
    IDENTIFY_SPACING after the one before, whichever process sent that. Clocks of the machines are
    taken to agree (NTP) to well under a second."""

    def __init__(self, store, max_concurrency: Callable[[], Awaitable[int]], *,
                 clock: Callable[[], float] = time.time, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep):
        self.db = LeaseStore(store)
        self._max_concurrency = max_concurrency
        self._concurrency: int | None = None
        self.clock, self.sleep = clock, sleep

    async def wait(self, shard_id: int | None) -> float:
        """Wait for this shard's turn to IDENTIFY; returns the moment reserved."""
        if self._concurrency is None:
            try:
                self._concurrency = max(1, int(await self._max_concurrency()))
            except Exception:
                log.warning("could not learn Discord's max_concurrency; identifying one shard at a time")
                self._concurrency = 1
        bucket = (shard_id or 0) % self._concurrency
        try:
            at = await self.db.reserve_identify(bucket, self.clock(), IDENTIFY_SPACING)
        except Exception:  # the database away: Discord's own spacing, as discord.py does alone
            log.exception("could not reserve an IDENTIFY; waiting %s s", IDENTIFY_SPACING)
            await self.sleep(IDENTIFY_SPACING)
            return self.clock()
        delay = at - self.clock()
        if delay > 0:
            log.info("shard %s waits %.1f s to IDENTIFY (bucket %s)", shard_id, delay, bucket)
            await self.sleep(delay)
        return at

"""Whether this process is well, as /healthz tells it: the gateway as the Discord adapter reports
it, and the store, its outbox and the clocks' lease as the database says.

The adapter that holds the gateway sets `Health.gateway`; the web layer reads `check()`. Both
find the same Health through `health_of(service)`, so neither imports the other.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from db.operations import OperationsStore

CLOCKS = "clocks"  # the lease's name (bot/lease.py)
GATEWAY_GRACE = 60.0  # seconds without a ready shard before the process counts as unwell
STORE_PATIENCE = 2.0  # seconds a probe of the store may take before the store counts as away


@dataclass(frozen=True)
class Gateway:
    shards_ready: int
    shards: int
    latency: float | None  # seconds of the last heartbeat's round trip; None before the first
    servers: int
    none_ready_since: float | None = None  # Unix seconds since when no shard is ready; None: not said


@dataclass(frozen=True)
class Report:
    healthy: bool
    body: dict[str, Any]


class Health:
    def __init__(self, store: Any, clock: Callable[[], float] = time.time):
        self.ops = OperationsStore(store)
        self.clock = clock
        self.started = clock()
        self.gateway: Callable[[], Gateway] | None = None  # set by the adapter that holds the gateway
        self._last_ready: float | None = None

    def gateway_now(self) -> Gateway | None:
        if self.gateway is None:
            return None
        seen = self.gateway()
        if seen.shards_ready > 0:
            self._last_ready = self.clock()
        return seen

    def gateway_well(self, seen: Gateway | None) -> bool:
        """No gateway here (the console, the pages alone) is well; else a shard was ready within the
        last minute (or the process is younger than that)."""
        if seen is None:
            return True
        if seen.shards_ready > 0:
            return True
        since = seen.none_ready_since
        if since is None:  # a gateway that does not say: since it was last seen ready, or since the start
            since = self._last_ready if self._last_ready is not None else self.started
        return self.clock() - since <= GATEWAY_GRACE

    async def check(self) -> Report:
        now = self.clock()
        seen = self.gateway_now()
        body: dict[str, Any] = {"uptime_seconds": round(now - self.started, 1)}
        if seen is not None:
            body["gateway"] = {"shards_ready": seen.shards_ready, "shards": seen.shards, "servers": seen.servers,
                               "latency_ms": None if seen.latency is None else round(seen.latency * 1000, 1)}
        try:
            lease, waiting = await asyncio.wait_for(self._store(), STORE_PATIENCE)
        except Exception as error:  # noqa: BLE001 - whatever keeps the store from answering means: away
            body["store"] = {"reachable": False, "error": type(error).__name__}
            return Report(False, body)
        body["store"] = {"reachable": True}
        body["clocks_lease"] = (None if lease is None else
                                {"holder": lease.holder, "expired": lease.expires_at <= now})
        body["outbox"] = {"waiting": waiting.posts,
                          "oldest_seconds": None if waiting.oldest is None else round(max(0.0, now - waiting.oldest))}
        return Report(self.gateway_well(seen), body)

    async def _store(self):
        await self.ops.ping()
        return await self.ops.lease(CLOCKS), await self.ops.waiting()


_health: weakref.WeakKeyDictionary[Any, Health] = weakref.WeakKeyDictionary()


def health_of(service: Any) -> Health:
    """The one Health of a service (its store's), made on first use."""
    found = _health.get(service)
    if found is None:
        found = _health[service] = Health(service.store)
    return found

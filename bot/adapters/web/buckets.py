"""Token buckets: how often one person, one address or everyone together may ask."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

from aiohttp import web

KEPT = 4096  # buckets remembered; the least recently used is full again by the time it is forgotten


class Buckets:
    """A bucket per key of `burst` requests, refilled at `rate` a second."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self._kept: OrderedDict[Hashable, tuple[float, float]] = OrderedDict()  # key: (tokens, when)

    def spend(self, key: Hashable) -> int:
        """Take one request from `key`'s bucket: 0 when it had one, else the seconds to wait."""
        now = self.clock()
        left, then = self._kept.pop(key, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        wait = 0 if left >= 1.0 else max(1, int((1.0 - left) / self.rate + 0.999))
        self._kept[key] = (left if wait else left - 1.0, now)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return wait


def client_address(request: web.Request) -> str:
    """Who is asking, as far as the network tells: the peer, or behind a reverse proxy on this
    machine the address it appended last to X-Forwarded-For (the ones before it are the client's
    own words)."""
    peer = request.remote or ""
    try:
        local = ipaddress.ip_address(peer).is_loopback
    except ValueError:
        local = False
    forwarded = request.headers.get("X-Forwarded-For", "") if local else ""
    return forwarded.rsplit(",", 1)[-1].strip() or peer

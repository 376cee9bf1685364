"""What an operator counts: answers and how long they took, posts sent and retried, pictures
drawn, failures by kind. One set a process, bumped by the core (hub.py, composing.py,
failures.py) and the sender, and read by the web layer's /metrics (bot/adapters/web/operator.py).

Counters only grow while the process lives, as Prometheus expects: a scraper takes differences.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from db.errors import StoreUnavailable

# DESIGNED: an answer is a few milliseconds when the picture is cached, a second or two when a
# board is drawn on a loaded machine; past 10 s Discord has long shown its own failure
LATENCY_BOUNDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


@dataclass
class Histogram:
    bounds: tuple[float, ...] = LATENCY_BOUNDS
    counts: list[int] = field(default_factory=list)  # per bound, not cumulative; one more for +Inf
    total: float = 0.0

    def __post_init__(self) -> None:
        self.counts = [0] * (len(self.bounds) + 1)

    def observe(self, value: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, value)] += 1
        self.total += value

    def cumulative(self) -> list[tuple[float, int]]:
        """(upper bound, observations at or under it), the last bound infinite."""
        running, rows = 0, []
        for bound, count in zip((*self.bounds, float("inf")), self.counts, strict=True):
            running += count
            rows.append((bound, running))
        return rows


class Metrics:
    """The counters of one process. Bumped from the event loop and from drawing threads, so
    every change holds a lock (cheap next to what it counts)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.answers: Counter[str] = Counter()  # by what was answered: "command" or "button"
        self.latency = Histogram()
        self.posts_sent = 0
        self.posts_retried = 0
        self.pictures = 0
        self.errors: Counter[str] = Counter()

    def answered(self, kind: str, seconds: float) -> None:
        with self._lock:
            self.answers[kind] += 1
            self.latency.observe(seconds)

    def post_sent(self) -> None:
        with self._lock:
            self.posts_sent += 1

    def post_retried(self) -> None:
        with self._lock:
            self.posts_retried += 1

    def picture_drawn(self) -> None:
        with self._lock:
            self.pictures += 1

    def failed(self, kind: str) -> None:
        with self._lock:
            self.errors[kind] += 1


_metrics = Metrics()


def metrics() -> Metrics:
    """This process's counters."""
    return _metrics


def error_kind(error: BaseException | None) -> str:
    """A failure's kind as a label: the database away, or the exception's class."""
    if error is None:
        return "unknown"
    return "database_away" if isinstance(error, StoreUnavailable) else type(error).__name__


@contextmanager
def answering(kind: str) -> Iterator[None]:
    """Count one answer to a person and how long it took; a failure that escapes it by its kind."""
    started = time.perf_counter()
    try:
        yield
    except Exception as error:
        _metrics.failed(error_kind(error))
        raise
    finally:
        _metrics.answered(kind, time.perf_counter() - started)

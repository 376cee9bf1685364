"""How many connections the pages keep open, and what happens past that.

Every connection is an open file of the process. At the process's file limit accept() fails, and
asyncio logs that failure with its traceback once per waiting connection, again and again (over
1.8 MB a second in a run that opened streams until the limit), while no page gets an answer. So
the pages keep to a room below the limit: the soft RLIMIT_NOFILE less `RESERVE` for the rest of the
bot (its database, pictures, Discord's gateway, the solver's workers, its logs). A connection past
the room closes the oldest one that waits between requests (or has yet to send a whole one), or,
when every one is inside a request, is itself closed at once; either way without a word in the log.
"""

from __future__ import annotations

try:
    import resource
except ImportError:  # pragma: no cover - not on Windows
    resource = None

RESERVE = 256
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
    return max(limit - RESERVE, limit // 2)

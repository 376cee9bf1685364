"""Whether a person is still in a server, for what outlives a command: a board page's link is good
for a day, and must stop working once its person left the server (or was banned from it).

The chat adapter tells: it reports the leaves it hears of (`left`), and may be asked about a
person (`ask`, set by the adapter: True, False, or None when it cannot tell now). Answers are
kept for `KEEP` seconds, so that an open page asks the adapter once in a while, not at every
request; a leave heard is known at once. Without an adapter that can be asked (the console),
only the leaves heard count.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

KEEP = 60.0  # seconds an answer is trusted
KEPT = 4096  # people remembered; the least recently asked about is asked again


class Members:
    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.ask: Callable[[int, int], Awaitable[bool | None]] | None = None
        self._known: OrderedDict[tuple[int, int], tuple[bool, float]] = OrderedDict()  # (guild, user): (in, when)
        self._asking: dict[tuple[int, int], asyncio.Future] = {}  # questions under way

    def left(self, guild_id: int, user_id: int) -> None:
        """The adapter heard that this person left the server, or was removed or banned from it."""
        self._keep((guild_id, user_id), False)

    async def present(self, guild_id: int, user_id: int) -> bool:
        """Whether this person is still in the server, as far as is known (yes when nobody can tell)."""
        key = (guild_id, user_id)
        known = self._known.get(key)
        if known is not None and self.clock() - known[1] < KEEP:
            return known[0]
        answer = None
        if self.ask is not None:
            asking = self._asking.get(key)
            if asking is None:  # a page's requests come together: one question for all of them
                asking = self._asking[key] = asyncio.ensure_future(self.ask(guild_id, user_id))
                asking.add_done_callback(lambda _done: self._asking.pop(key, None))
            answer = await asyncio.shield(asking)
        if answer is None:  # nobody to ask, or no answer now: a leave heard still counts
            return known[0] if known is not None else True
        self._keep(key, answer)
        return answer

    def _keep(self, key: tuple[int, int], present: bool) -> None:
        self._known.pop(key, None)
        self._known[key] = (present, self.clock())
        while len(self._known) > KEPT:
            self._known.popitem(last=False)

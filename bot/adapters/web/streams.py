"""The open event streams (`GET /t/<token>/events`): whose each is and which table it follows.

A stream holds a connection, and so a file of the process, for as long as its page is open. One
person (every link of theirs together; a watcher by address) holds at most `per_person`, everyone
together at most `in_all`.

A stream past a person's own cap closes that person's oldest, whose page is told (`REPLACED`) and
stops asking again, so that two pages of one person past the cap do not take turns closing each
other. A stream past everyone's cap closes the oldest stream of whoever holds the most, counting
the new one, so that people with many pages open make room before anyone with fewer: nobody is
pushed out by someone who then holds more than they do, until everyone holds a single stream.
That page is told it made room for others (`CROWDED`), not that a page of its own person
replaced it, and asks again later, waiting longer each time (board.js); when the most are the
opener's own, their oldest is replaced as past their own cap.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

REPLACED = "replaced"  # put in a stream's queue when a newer one of the same person takes its place
CROWDED = "crowded"  # put in a stream's queue when it is closed to make room for someone else's
ASKED = "asked"  # put in the queues of a table's streams when something awaits an answer that no version tells
PER_PERSON = 8  # a few tabs, a phone and the Activity, over every table of theirs


@dataclass(eq=False)
class Stream:
    table_id: int
    who: Hashable
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)  # versions; REPLACED, CROWDED, ASKED; None: the server stops


class Streams:
    def __init__(self, in_all: int, per_person: int = PER_PERSON):
        self.in_all, self.per_person = in_all, per_person
        self._open: OrderedDict[Stream, None] = OrderedDict()  # oldest first
        self._of: dict[Hashable, OrderedDict[Stream, None]] = {}
        self._following: dict[int, set[Stream]] = {}

    def __len__(self) -> int:
        return len(self._open)

    def open(self, table_id: int, who: Hashable) -> Stream:
        while len(self._of.get(who, ())) >= self.per_person:
            self._replace(next(iter(self._of[who])), REPLACED)
        while len(self._open) >= self.in_all:
            mine = self._of.get(who)
            most = max(len(held) for held in self._of.values())
            if mine and len(mine) + 1 >= most:  # with this one they hold as many as anyone: their own makes room
                self._replace(next(iter(mine)), REPLACED)
            else:
                oldest = next(s for s in self._open if len(self._of[s.who]) == most)  # of those who hold the most
                self._replace(oldest, CROWDED)
        stream = Stream(table_id, who)
        self._open[stream] = None
        self._of.setdefault(who, OrderedDict())[stream] = None
        self._following.setdefault(table_id, set()).add(stream)
        return stream

    def close(self, stream: Stream) -> None:
        if stream not in self._open:
            return
        del self._open[stream]
        mine = self._of[stream.who]
        del mine[stream]
        if not mine:
            del self._of[stream.who]
        following = self._following[stream.table_id]
        following.discard(stream)
        if not following:
            del self._following[stream.table_id]

    def _replace(self, stream: Stream, why: str) -> None:
        self.close(stream)
        stream.queue.put_nowait(why)

    def follows(self, table_id: int) -> bool:
        return table_id in self._following

    def tables(self) -> list[int]:
        """The tables some stream follows."""
        return list(self._following)

    def tell(self, table_id: int, version: int) -> None:
        for stream in self._following.get(table_id, ()):
            stream.queue.put_nowait(version)

    def ask(self, table_id: int) -> None:
        """Tell a table's pages to look again although its version stands: a take-back request was
        made or answered, which saves no move."""
        for stream in self._following.get(table_id, ()):
            stream.queue.put_nowait(ASKED)

    def end_all(self) -> None:
        for stream in self._open:
            stream.queue.put_nowait(None)

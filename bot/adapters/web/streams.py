"""The open event streams (`GET /t/<token>/events`): whose each is and which table it follows.

A stream holds a connection, and so a file of the process, for as long as its page is open. One
person (every link of theirs together; a watcher by address) holds at most `per_person`, everyone
together at most `in_all`: a stream past either cap closes that person's oldest, or everyone's.
The closed stream's page is told (`REPLACED`) and stops asking again, so that two pages past the
cap do not take turns closing each other.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

REPLACED = "replaced"  # put in a stream's queue when a newer one takes its place
ASKED = "asked"  # put in the queues of a table's streams when something awaits an answer that no version tells
PER_PERSON = 8  # a few tabs, a phone and the Activity, over every table of theirs


@dataclass(eq=False)
class Stream:
    table_id: int
    who: Hashable
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)  # versions; REPLACED; ASKED; None: the server stops


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
            self._replace(next(iter(self._of[who])))
        while len(self._open) >= self.in_all:
            self._replace(next(iter(self._open)))
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

    def _replace(self, stream: Stream) -> None:
        self.close(stream)
        stream.queue.put_nowait(REPLACED)

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

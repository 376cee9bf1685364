"""The service's memory of tables: an LRU of active tables only.

A table is held while it is played (autocomplete answers from memory at once) and dropped
when it finishes or is cancelled, or when it is the least recently used of more than `size`
tables; a dropped table is read again from the store when needed. About 17 KiB a table, so
the default bound keeps the cache near 20 MiB whatever the number of tables ever played.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

DEFAULT_SIZE = 1200
ENDED = ("finished", "cancelled")


class TableCache:
    def __init__(self, size: int = DEFAULT_SIZE):
        self.size = size
        self._items: OrderedDict[int, Any] = OrderedDict()

    def get(self, table_id: int, default: Any = None) -> Any:
        item = self._items.get(table_id)
        if item is None:
            return default
        if item.row.status in ENDED:  # it ended since it was cached (a move finished it)
            del self._items[table_id]
            return default
        self._items.move_to_end(table_id)
        return item

    def __setitem__(self, table_id: int, item: Any) -> None:
        if item.row.status in ENDED:
            self._items.pop(table_id, None)
            return
        self._items[table_id] = item
        self._items.move_to_end(table_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def pop(self, table_id: int, default: Any = None) -> Any:
        return self._items.pop(table_id, default)

    def __getitem__(self, table_id: int) -> Any:
        return self._items[table_id]

    def __contains__(self, table_id: int) -> bool:
        return table_id in self._items

    def __len__(self) -> int:
        return len(self._items)


class KeptPerTable:
    """Something of each table a feature reads from the store once and keeps (its settings, its
    plans), the least recently used table's dropped past `size`; `forget` makes the next `get`
    read the store again (what another process may have changed)."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[int, Any] = OrderedDict()

    async def get(self, table_id: int, read: Callable[[int], Awaitable[Any]]) -> Any:
        item = self._items.get(table_id)
        if item is None:
            item = await read(table_id)
            self.put(table_id, item)
        self._items.move_to_end(table_id)
        return item

    def put(self, table_id: int, item: Any) -> None:
        self._items[table_id] = item
        self._items.move_to_end(table_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def forget(self, table_id: int) -> None:
        self._items.pop(table_id, None)

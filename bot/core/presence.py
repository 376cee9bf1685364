"""The line under the bot's name in the member list ("5 tables in play"). Discord limits how
often a bot may change it, so the adapter asks at most every PRESENCE_EVERY seconds and sends
the line only when its words changed."""

from __future__ import annotations

from typing import Any

from db.operations import OperationsStore

PRESENCE_EVERY = 300.0  # DESIGNED: Discord allows 5 presence changes a minute per shard; a count needs far fewer

NO_TABLES = "No tables in play: /open starts one"
ONE_TABLE = "1 table in play"
TABLES = "{count} tables in play"


def in_play(count: int) -> str:
    if count == 0:
        return NO_TABLES
    return ONE_TABLE if count == 1 else TABLES.format(count=count)


class PresenceLine:
    def __init__(self, store: Any):
        self.ops = OperationsStore(store)
        self.shown: str | None = None  # the line the adapter last showed

    async def due(self) -> str | None:
        """The line to show now, or None when the one shown still holds."""
        line = in_play((await self.ops.tables_by_status())["active"])
        return None if line == self.shown else line

"""The line under the bot's name in the member list ("5 tables in play"). Discord limits how
often a bot may change it, so the adapter asks at most every PRESENCE_EVERY seconds and sends
the line only when its words changed."""

from __future__ import annotations

from typing import Any

from db.operations import OperationsStore
from lang import N_, ngettext, tr

PRESENCE_EVERY = 300.0  # DESIGNED: Discord allows 5 presence changes a minute per shard; a count needs far fewer

NO_TABLES = N_("No tables in play: /open starts one")


def in_play(count: int) -> str:
    """The line, in the language of the context: one line for every server, so the adapter shows
    it in English."""
    if count == 0:
        return tr(NO_TABLES)
    return ngettext("{count} table in play", "{count} tables in play", count).format(count=count)


class PresenceLine:
    def __init__(self, store: Any):
        self.ops = OperationsStore(store)
        self.shown: str | None = None  # the line the adapter last showed

    async def due(self) -> str | None:
        """The line to show now, or None when the one shown still holds."""
        line = in_play((await self.ops.tables_by_status())["active"])
        return None if line == self.shown else line

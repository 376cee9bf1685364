"""How many tables one member may hold a seat at in one server: open lobbies and running games
together. One member opened and started 1,000 tables (a thread each on Discord) before there was a
cap. A table an extension opens with its own deal (the daily challenge, one a day) is not capped;
a seat given up (resigned) no longer counts."""

from __future__ import annotations

from bot.core.replies import Caller
from db.mygames import GamesStore
from db.store import Store
from games.base import IllegalMove
from lang import N_, ngettext, tr

TABLES_PER_MEMBER = 30  # the default; a host sets another (ISLES_TABLES_PER_MEMBER, bot/settings.py)
AT_CAP = N_("You already sit at {tables} in this server (lobbies and running games), the most one member may have "
            "here: finish, leave or /cancel one first.")


async def check(store: Store, caller: Caller, most: int) -> None:
    """IllegalMove when the caller may take no seat at one more table of this server: they sit at
    `most` open tables of it already (0: no cap)."""
    if not most:
        return
    count = await GamesStore(store).seated_count(caller.guild_id, caller.user_id)
    if count >= most:
        tables = ngettext("{count} open table", "{count} open tables", count).format(count=count)
        raise IllegalMove(tr(AT_CAP).format(tables=tables))

"""Links of people who left: a link acts for its person for a day, but not once they left the
server of its table (or were banned from it), and only as a watcher once they left their seat.

Whether they are still in the server is the service's question (bot/core/members.py), answered
by the chat adapter. A seat left is one its person resigned (or forfeited), which the computer
plays now: the page shows such a person the table as a watcher sees it, never the seat's own
hidden part. A person replaced by a substitute holds no seat any more, so a watcher's view is
all they get already.
"""

from __future__ import annotations

from typing import Any

from bot.core.service import TableService
from lang import N_

LEFT_SERVER = N_("This link no longer works: you are no longer a member of the server of this table. "
                 "If you come back, ask for a new one with /web.")


async def in_server(service: TableService, data: dict[str, Any], user_id: int) -> bool:
    """Whether the link's person is still in the server of the table `data` describes (page_data's)."""
    if not user_id or not data.get("guild_id"):  # a watcher's link names nobody; a table outside servers
        return True
    return await service.members.present(data["guild_id"], user_id)


async def seat_left(service: TableService, table_id: int, user_id: int) -> bool:
    """Whether the person resigned (or forfeited) the seat they still hold at the table."""
    loaded = await service.table(table_id)
    row = loaded.seat_of(user_id) if loaded is not None and user_id else None
    return row is not None and row.resigned

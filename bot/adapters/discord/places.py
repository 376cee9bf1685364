"""Where tables live: the thread, channel or server a table is bound to.

A table is closed ("closed: place deleted": cancelled, no rating change, its timers stop, it
leaves /games, nothing more is posted for it) when its place goes: the thread or channel is
deleted, the bot leaves (or is removed from) the server or the thread, or a post there is
answered 404. At start, tables whose place went while the bot was away are found and closed
the same way. A table whose first post in a new thread is refused moves to the parent channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

import discord

from db.places import PLACE_DELETED, PlacesStore
from db.store import TableRow
from lang import N_, tr

log = logging.getLogger(__name__)

FETCH_PAUSE = 0.25  # between look-ups at start: they count against Discord's rate limits
MISSING_NAMES = {
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
    "create_public_threads": N_("Create Public Threads"),
    "create_private_threads": N_("Create Private Threads"),
    "view_channel": N_("View Channel"),
}


# What the bot asks for when it is invited (README's link), each for what the code does with it;
# tests/discord/test_invite.py holds the README's number to this list.
INVITE_NEEDS = {
    "view_channel": "see the channels and threads its tables live in",  # verbatim: the invite's list (README)
    "send_messages": "post lobbies, boards and results in a channel",  # verbatim: the invite's list (README)
    "send_messages_in_threads": "post in a table's thread, and reopen one Discord archived",  # verbatim: the invite's list (README)
    "create_public_threads": "open a thread for each new table (/threads on)",  # verbatim: the invite's list (README)
    "create_private_threads": "give the daily challenge a private thread of the player's own",  # verbatim: the invite's list (README)
    "manage_threads": "delete a thread made for a table that could not open there",  # verbatim: the invite's list (README)
    "attach_files": "upload the board pictures, animations and logs",  # verbatim: the invite's list (README)
}


def invite_permissions() -> int:
    """The permissions integer of the invite link."""
    return discord.Permissions(**dict.fromkeys(INVITE_NEEDS, True)).value


def missing(permissions: discord.Permissions, *names: str) -> list[str]:
    """The permissions among `names` that the bot lacks, as Discord's settings name them."""
    return [tr(MISSING_NAMES[name]) for name in names if not getattr(permissions, name)]


def listed(names: list[str]) -> str:
    """Several names in one phrase of the current language ("A and B and C")."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = tr("{some} and {last}").format(some=text, last=name)
    return text


def post_needs(in_thread: bool) -> tuple[str, ...]:
    """What the bot needs to post a table's boards in a place."""
    return ("send_messages_in_threads" if in_thread else "send_messages", "attach_files")


def thread_needs() -> tuple[str, ...]:
    """What the bot needs to make a thread for a table and post in it."""
    return ("create_public_threads", "send_messages_in_threads", "attach_files")


def owns(client: discord.Client, guild_id: int) -> bool:
    """Whether this process's shards hold the server (several processes may split the shards)."""
    count = client.shard_count or 1
    ids = getattr(client, "shard_ids", None)
    return ids is None or (guild_id >> 22) % count in ids


class Places:
    def __init__(self, service: Any):
        self.service = service
        self.db = PlacesStore(service.store)

    async def gone(self, channel_ids: Iterable[int]) -> int:
        """Threads or channels deleted (or the bot removed from them): close their tables."""
        return await self._close(await self.db.open_in(list(dict.fromkeys(channel_ids))))

    async def guild_gone(self, guild_id: int) -> int:
        """The bot left or was removed from a server (or it was deleted)."""
        return await self._close(await self.db.open_of_guild(guild_id))

    async def _close(self, rows: list[TableRow]) -> int:
        service, closed = self.service, 0
        for row in rows:
            async with service.table_lock(row.id):
                if await self.db.close(row.id, PLACE_DELETED, service.clock()):
                    service.forget(row.id)
                    service.mark_changed(row.id)  # listeners hear it: timers end, the daily notes it
                    closed += 1
                    log.info("table %s closed: its place %s is gone", row.id, row.channel_id)
        await service.flush_events()
        return closed

    async def rebind(self, table_id: int, channel_id: int) -> Any:
        """Move an open table to another channel; raises ChannelBusy if that one has a table."""
        service = self.service
        async with service.table_lock(table_id):
            loaded = await service.table(table_id)
            await self.db.rebind(table_id, loaded.version, channel_id, service.clock())
            service.forget(table_id)
            service.mark_changed(table_id)
            loaded = await service.table(table_id)
        await service.flush_events()
        return loaded

    async def check_at_start(self, client: discord.Client, pause: float = FETCH_PAUSE) -> int:
        """Close the open tables whose server or place went while the bot was away. A server
        that is unavailable (an outage) is not judged; a place not in the cache (an archived
        thread) is looked up, and closed only on 404."""
        closed = 0
        for row in await self.service.store.tables(None, ("lobby", "active")):
            if not owns(client, row.guild_id):
                continue
            guild = client.get_guild(row.guild_id)
            if guild is None:
                closed += await self._close([row])
                continue
            if guild.unavailable or guild.get_channel_or_thread(row.channel_id) is not None:
                continue
            try:
                await client.fetch_channel(row.channel_id)
            except discord.NotFound:
                closed += await self._close([row])
            except discord.HTTPException as error:
                log.info("could not look at the place of table %s: %s", row.id, error)
            await asyncio.sleep(pause)
        return closed

"""Whether a person is still in a server, as Discord answers it, for the service's members.py (a
board page's link stops working once its person left). Leaves are not heard without the members
intent, which is privileged, so Discord is asked about one person now and then; bans are heard
(the moderation intent, not privileged) and told at once."""

from __future__ import annotations

import aiohttp
import discord


async def in_guild(client: discord.Client, guild_id: int, user_id: int) -> bool | None:
    """True or False as Discord says; None when it cannot be asked now (the page keeps working)."""
    try:
        await client.http.get_member(guild_id, user_id)
    except discord.NotFound:  # unknown member, or a server the bot is no longer in
        return False
    except (TimeoutError, discord.HTTPException, aiohttp.ClientError):
        return None
    return True

"""The presence line kept fresh (bot/core/presence.py says what it says and how often)."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.core import failures
from bot.core.presence import PRESENCE_EVERY, PresenceLine

log = logging.getLogger(__name__)


async def refresh(client: discord.Client, line: PresenceLine) -> bool:
    """Show the line if its words changed; True when something was sent."""
    text = await line.due()
    if text is None:
        return False
    await client.change_presence(activity=discord.CustomActivity(name=text))
    line.shown = text  # only once Discord has it: a failed change is tried again next time
    return True


async def keep_fresh(client: discord.Client, line: PresenceLine, every: float = PRESENCE_EVERY) -> None:
    while True:
        try:
            await refresh(client, line)
        except Exception:  # noqa: BLE001 - a presence line is not worth stopping for
            failures.report(log, "the presence line was not updated")
        await asyncio.sleep(every)

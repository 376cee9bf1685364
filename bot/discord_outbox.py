"""How the bot speaks in Discord when nobody asked: reminders, missed deadlines, turn notices.

`DiscordOutbox(client)` implements `bot.replies.Outbox` over a discord.py client. A post goes
to a channel or a thread; a thread that Discord archived after a quiet week is unarchived
first. A direct message that Discord refuses (code 50007: the user's direct messages are
closed to the bot) returns False and is logged: it never raises, so it never blocks a game.
"""

from __future__ import annotations

import io
import logging

import discord

from bot.discord_app import MAX_CONTENT, build_components, clip, mentions_of
from bot.replies import Reply

log = logging.getLogger(__name__)

CANNOT_MESSAGE_USER = 50007  # Discord: "Cannot send messages to this user"
THREAD_ARCHIVED = 50083  # Discord: "Thread is archived"
MAX_UPLOAD = 10 * 1024 * 1024  # what every server accepts


class DiscordOutbox:
    def __init__(self, client: discord.Client):
        self.client = client

    async def _channel(self, channel_id: int, fresh: bool = False) -> discord.abc.Messageable:
        channel = None if fresh else self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel  # type: ignore[return-value]

    @staticmethod
    async def _unarchive(channel: object) -> None:
        if isinstance(channel, discord.Thread) and channel.archived:
            log.info("unarchiving thread %s to post in it", channel.id)
            await channel.edit(archived=False)

    async def post(self, channel_id: int, reply: Reply) -> bool:
        """Post the public part of a reply. False (and logged) when Discord refuses it."""
        image = reply.image if reply.image and not reply.image_private else None
        if image is not None and len(image) > MAX_UPLOAD:
            log.warning("picture of %d bytes left out of a post in %s: over the upload limit", len(image), channel_id)
            image = None
        if not reply.text.strip() and image is None:
            return True
        try:
            channel = await self._channel(channel_id)
            await self._unarchive(channel)
            try:
                await self._send(channel, reply, image)
            except discord.HTTPException as error:
                if error.code != THREAD_ARCHIVED:
                    raise
                channel = await self._channel(channel_id, fresh=True)  # archived since it was cached
                await self._unarchive(channel)
                await self._send(channel, reply, image)
        except discord.HTTPException as error:
            log.warning("could not post in %s: %s (code %s)", channel_id, error, error.code)
            return False
        return True

    @staticmethod
    async def _send(channel: discord.abc.Messageable, reply: Reply, image: bytes | None) -> None:
        extra: dict = {}
        if image is not None:
            extra["file"] = discord.File(io.BytesIO(image), filename=reply.image_name or "board.png")
        view = build_components(reply.buttons, reply.menus)
        if view is not None:
            extra["view"] = view
        await channel.send(clip(reply.text, MAX_CONTENT), allowed_mentions=mentions_of(reply), **extra)

    async def direct(self, user_id: int, text: str) -> bool:
        """A direct message. False when Discord refuses it (closed direct messages: 50007)."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(clip(text, MAX_CONTENT), allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code == CANNOT_MESSAGE_USER:
                log.info("direct messages of %s are closed to the bot (50007)", user_id)
            else:
                log.warning("direct message to %s refused: %s (code %s)", user_id, error, error.code)
            return False
        except discord.HTTPException as error:
            log.warning("direct message to %s failed: %s (code %s)", user_id, error, error.code)
            return False
        return True

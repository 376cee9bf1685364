"""The Discord adapter: slash commands, autocomplete, buttons and select menus become calls
on the table service, and the service's replies become Discord messages.

It holds no game rules and no SQL. What a reply looks like in Discord:

- an error (``ok=False``) is private (ephemeral) and nothing else;
- the public part (text, board picture, buttons or menus) is a new message in the table's
  channel: the interaction's own answer for quick commands, and a fresh channel message for
  commands that play, start or show the board (those are deferred first, privately);
- the private part is one or more ephemeral messages, split to fit Discord's limits;
- only the users in ``reply.mentions`` are pinged.

Buttons and menus carry the service's custom ids (``isles:...``). They are routed by
``on_interaction`` without any view kept in memory, so buttons posted before a restart
still work.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import inspect
import json
import logging
import signal
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol

import aiohttp
import discord
from discord import app_commands

import lang
from bot.adapters.discord import presence
from bot.adapters.discord.members import in_guild
from bot.adapters.discord.places import Places, listed, missing, post_needs, thread_needs
from bot.adapters.discord.posting import (
    GONE,
    LATER,
    REFUSED,
    RETRYING,
    SENT,
    Poster,
    channel_of,
    send_shape,
    upload_limit,
)
from bot.adapters.discord.shapes import (
    MAX_CHOICE_TEXT,
    MAX_CHOICES,
    MAX_THREAD_NAME,
    THREAD_ARCHIVE_MINUTES,
    Shape,
    build_components,
    card_of,
    card_shape,
    clip,
    discord_files,
    discord_text,
    inert_name,
    message_shape,
    private_words,
    some,
    split_text,
)
from bot.adapters.discord.translator import translator
from bot.core import drawing, guide, marks
from bot.core.commands import ACTION, ANYWHERE, BOT_DM, CHANNEL, COMMANDS, ROLE, SERVER, TEXT, USER, Command
from bot.core.health import Gateway, health_of
from bot.core.presence import PresenceLine
from bot.core.replies import PREFIX, SAVED_BUT, Caller, Reply, parse_custom_id
from bot.core.service import TableService
from bot.extensions import Installed, install
from bot.lease import IdentifyGate, LeasedWork
from bot.settings import Settings, shown
from db.errors import StoreError, StoreUnavailable
from db.store import ChannelBusy, Store
from games.base import IllegalMove
from lang import N_, tr

log = logging.getLogger(__name__)


# Commands and button kinds whose work may pass Discord's 3 seconds: defer them at once.
DEFER_COMMANDS = frozenset({"open", "start", "move", "board", "resign", "leaderboard", "stats", "dailyboard",
                            "solo", "hint"})
SERVER_SETTINGS = frozenset({"threads", "games", "settings", "season", "event"})  # commands where managing means Manage Server
DEFER_KINDS = frozenset({"start", "board", "m", "s", "a", "f"})
FORM_KIND = "f"  # a button that opens a form where the player completes a move
FORM_TITLE = N_("Your move")
FORM_INPUT = "move"
QUICK_WINDOW = 2.0  # seconds any other command may take before it is deferred anyway
AUTOCOMPLETE_DEADLINE = 2.0
SHUTDOWN_GRACE = 10.0  # seconds commands under way get to finish when the bot stops

SYNC_META_KEY = "discord.commands"
# why an event's table could not get its thread, each a whole sentence naming the fix
NO_TEXT_CHANNEL = N_("The event's channel is not a text channel, so its tables have no threads to open in.")
CHANNEL_GONE = N_("The event's channel is gone (deleted, or hidden from the bot), so its tables cannot open: "
                  "let the bot see the channel again, or start a new event in another channel.")
NO_THREADS = N_("The bot may not create threads in the event's channel: give it Create Public Threads and "
                "Send Messages in Threads there.")
SOMETHING_BROKE = N_("Something went wrong on the bot's side while doing that. It has been logged.")
STORE_AWAY = N_("The bot cannot reach its database just now, so nothing of that was saved. Try again in a minute.")
STORE_AWAY_MAYBE = N_("The bot lost its database while saving that. If it counted, its post will follow once the "
                      "database is back; if none comes, try again in a minute.")
POST_LATER = N_("That counted and is saved: do not send it again. The bot lost its database before it could "
                "post the board; it will be posted in the channel once the database is back.")
BOARD_LATER = N_("The bot cannot reach its database just now, so the board could not be posted. "
                 "Try again in a minute.")
POST_FOLLOWS = N_("That counted and is saved. Discord did not take the board yet; it will follow in the channel.")
PLACE_GONE = N_("This channel or thread no longer exists for the bot, so its table is closed.")
OUTSIDE = N_("This command works in a server where Isles is installed: use it in one of its channels.")

# where each kind of command may be used (bot/core/commands.py), as Discord's contexts and installs:
# a direct message with the bot is open to the people who installed Isles for themselves too
CONTEXTS = {
    SERVER: app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
    BOT_DM: app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
    ANYWHERE: app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
}
INSTALLS = {
    SERVER: app_commands.AppInstallationType(guild=True, user=False),
    BOT_DM: app_commands.AppInstallationType(guild=True, user=True),
    ANYWHERE: app_commands.AppInstallationType(guild=True, user=True),
}
LINK_WAIT = 14 * 60  # the interaction's token lasts 15 minutes: the board's link can be told until then



# -- pure helpers (tested directly) ------------------------------------------------------
def usable_here(interaction: discord.Interaction, where: str) -> bool:
    """Whether a command of this kind (`Command.where`) answers here. In a server Isles must be installed
    (someone who installed it for themselves may call it in a server that has not); a direct message
    with the bot takes the daily challenge and what plays it; a group message only what reads alone."""
    if interaction.guild_id is not None:
        return where == ANYWHERE or interaction.is_guild_integration()
    if isinstance(interaction.channel, discord.DMChannel) or interaction.context.dm_channel:
        return where in (BOT_DM, ANYWHERE)
    return where == ANYWHERE


def fit_choices(pairs: Sequence[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Autocomplete choices within Discord's limits: at most 25, name and value 1-100 chars.
    A value that does not fit is left out (cut short it would no longer be what it says)."""
    choices: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for name, value in pairs:
        if not value or len(value) > MAX_CHOICE_TEXT or value in seen:
            continue
        seen.add(value)
        choices.append(app_commands.Choice(name=clip(name or value, MAX_CHOICE_TEXT), value=value))
        if len(choices) == MAX_CHOICES:
            break
    return choices


def person_language(interaction: discord.Interaction) -> str:
    """The language of what the adapter itself tells the person: their Discord language."""
    return lang.code(str(interaction.locale or ""))


def caller_of(interaction: discord.Interaction, channel_id: int | None = None,
              server_setting: bool = False, parent_id: int | None = None) -> Caller:
    """`parent_id`: the channel of the thread `channel_id` names, when it is not the interaction's own."""
    perms = interaction.permissions
    if server_setting:
        can_manage = perms.manage_guild
    else:
        can_manage = perms.manage_channels or (
            isinstance(interaction.channel, discord.Thread) and perms.manage_threads
        )
    user = interaction.user
    return Caller(
        locale=str(interaction.locale or ""),
        guild_locale=str(interaction.guild_locale or ""),
        guild_id=interaction.guild_id or 0,
        channel_id=channel_id or interaction.channel_id or 0,
        user_id=user.id,
        name=inert_name(user.display_name),
        can_manage=bool(can_manage),
        parent_id=parent_id or (interaction.channel.parent_id if isinstance(interaction.channel, discord.Thread)
                                else 0),
    )


# -- the adapter -------------------------------------------------------------------------
class Adapter:
    """Turns interactions into service calls and replies into messages."""

    def __init__(self, client: discord.Client, service: TableService):
        self.client = client
        self.service = service
        self.poster: Poster | None = None  # the outbox's sender, set by the client
        self._tasks: set[asyncio.Task] = set()
        # the commands whose tables live in private threads made here (the daily challenge)
        self._places = {c.name: c for c in service.commands() if c.place} if service is not None else {}
        self._specs = {c.name: c for c in commands_of(service)}

    # entry points --------------------------------------------------------------------
    async def on_command(self, interaction: discord.Interaction, name: str, values: dict[str, Any]) -> None:
        with lang.using(person_language(interaction)):  # the service answers in it too (Caller.locale)
            await self._on_command(interaction, name, values)

    async def _on_command(self, interaction: discord.Interaction, name: str, values: dict[str, Any]) -> None:
        args = {k: v for k, v in values.items() if v is not None}
        log.info("/%s %s by %s in %s", name, args, interaction.user.id, interaction.channel_id)
        spec = self._specs.get(name)
        if not usable_here(interaction, spec.where if spec else SERVER):  # nothing is read or written
            await interaction.response.send_message(tr(OUTSIDE), ephemeral=True)
            return
        if name == "open":
            await self._open(interaction, args)
            return
        spec = self._places.get(name)
        if spec is not None and interaction.guild_id is None:  # a direct message with the bot is its place
            reply = await self._call(interaction, self.service.handle(caller_of(interaction), name, args), True)
            if reply is not None:
                await self.show(interaction, reply)
            return
        if spec is not None:
            await self._own_place(interaction, spec, args)
            return
        caller = caller_of(interaction, server_setting=name in SERVER_SETTINGS)
        if interaction.guild_id is not None and not interaction.is_guild_integration():
            # a server without Isles, where a person's own install answers: as outside any server
            caller = dataclasses.replace(caller, guild_id=0)
        reply = await self._call(interaction, self.service.handle(caller, name, args), name in DEFER_COMMANDS)
        if reply is not None:
            await self.show(interaction, reply)

    async def on_press(self, interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
        with lang.using(person_language(interaction)):
            await self._on_press(interaction, custom_id, values)

    async def _on_press(self, interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
        log.info("press %s %s by %s in %s", custom_id, values, interaction.user.id, interaction.channel_id)
        if not usable_here(interaction, BOT_DM):  # a table's buttons: in a server, or the daily in a direct message
            await interaction.response.send_message(tr(OUTSIDE), ephemeral=True)
            return
        parsed = parse_custom_id(custom_id)
        kind = parsed[0] if parsed else ""
        caller = caller_of(interaction)
        reply = await self._call(interaction, self.service.press(caller, custom_id, values), kind in DEFER_KINDS)
        if reply is not None:
            await self.show(interaction, reply)

    async def autocomplete(self, kind: str, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        """Suggestions from the service's memory, within the deadline; [] rather than late. Their
        labels are in the person's language."""
        with lang.using(person_language(interaction)):
            return await self._autocomplete(kind, interaction, current)

    async def _autocomplete(self, kind: str, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        try:
            if kind == "move":
                if not usable_here(interaction, BOT_DM):
                    return []
                found = await asyncio.wait_for(
                    self.service.suggest_moves(caller_of(interaction), current, MAX_CHOICES), AUTOCOMPLETE_DEADLINE)
                return fit_choices([(move, move) for move in found])
            if kind == "game":
                return fit_choices(self.service.suggest_games(current))
            if kind == "zone":
                return fit_choices([(zone, zone) for zone in self.service.suggest_zones(current)])
            if kind == "options":
                game = getattr(interaction.namespace, "game", None) or ""
                return fit_choices([(hint, hint) for hint in self.service.suggest_options(str(game), current)])
        except TimeoutError:
            log.warning("autocomplete %s took longer than %ss", kind, AUTOCOMPLETE_DEADLINE)
        except Exception:
            log.exception("autocomplete %s failed", kind)
        return []

    # /open ---------------------------------------------------------------------------
    async def _open(self, interaction: discord.Interaction, args: dict[str, Any]) -> None:
        if not await self._defer(interaction):
            return
        here = interaction.channel
        game = str(args.get("game", "")).strip().lower()
        known = {key for _, key in self.service.suggest_games("")}
        thread: discord.Thread | None = None
        note = ""
        problem = await self.service.open_problem(caller_of(interaction), args)
        if problem is not None:  # refused before any thread is made for it
            await self.show(interaction, Reply.error(problem))
            return
        permissions = interaction.app_permissions
        lacking = missing(permissions, *post_needs(isinstance(here, discord.Thread)))
        if lacking:  # a table is never bound to a place where its boards cannot be posted
            await self.show(interaction, Reply.error(tr(
                "I may not post a table's boards here: I lack {permissions} in this channel. "
                "Ask a moderator to allow it, or open the table in another channel.").format(permissions=listed(lacking))))
            return
        wants_thread = (isinstance(here, discord.TextChannel) and game in known
                        and await self.service.wants_thread(interaction.guild_id))
        if wants_thread and (lacking := missing(permissions, *thread_needs())):
            wants_thread = False
            note = tr("I may not use threads here (I lack {permissions}), so the table is in this channel.").format(
                permissions=listed(lacking))
        if wants_thread:
            try:
                thread = await here.create_thread(
                    name=self._thread_name(game, interaction.user.display_name),
                    type=discord.ChannelType.news_thread if here.is_news() else discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                    reason=tr("A table of Isles"),
                )
            except discord.HTTPException as error:
                log.warning("could not create a thread in %s: %s", here.id, error)
                note = tr("I may not create threads here, so the table is in this channel.")
        caller = caller_of(interaction, channel_id=thread.id if thread else None,
                           parent_id=here.id if thread else None)
        reply = await self._guard(self.service.handle(caller, "open", args))
        if thread is None:
            await self.show(interaction, reply, note=note)
            return
        if not reply.ok:
            await self._drop_thread(thread)
            await self.show(interaction, reply)
            return
        if self.poster is None:
            await self.show(interaction, reply, channel=thread, note=tr("Your table is in {place}.").format(place=marks.place(thread.id)))
            return
        delivery = await self.poster.publish(thread.id, reply, target=thread, limit=interaction.filesize_limit)
        if delivery.state != REFUSED:
            await self._tell(interaction, reply, delivery, tr("Your table is in {place}.").format(
                place=marks.place(thread.id)), None)
            return
        await self._first_post_refused(interaction, reply, thread, here)

    async def _first_post_refused(self, interaction: discord.Interaction, reply: Reply, thread: discord.Thread,
                                  here: Any) -> None:
        """Discord refused the first post in the new thread: the table moves to this channel, whose
        Join button then works, or is cancelled if this channel holds a table already."""
        await self._drop_thread(thread)
        why = tr("I could not post in the thread I made (Discord refused it: check my Send Messages in Threads "
                 "and Attach Files permissions in this channel)")
        try:
            await self.places.rebind(reply.table_id, here.id)
        except ChannelBusy:
            cancelled = await self._guard(self.service.handle(caller_of(interaction, channel_id=thread.id), "cancel"))
            await self.poster.nothing_public(cancelled)  # the thread is gone: nothing to post there
            await self.show(interaction, Reply.error(tr(
                "{why}, and this channel already has a table, so no table was opened.").format(why=why)))
            return
        lobby = await self._guard(self.service.handle(caller_of(interaction), "board"))
        await self.show(interaction, lobby, note=tr("{why}, so the table is in this channel.").format(why=why))

    async def _own_place(self, interaction: discord.Interaction, spec: Command, args: dict[str, Any]) -> None:
        """A command whose table plays in a place of the caller's own (`Command.place`, the daily
        challenge): a private thread, made when the service asks for it, so nobody sees their moves."""
        if not await self._defer(interaction):  # preparing what the place holds can take a while
            return
        here = interaction.channel
        parent = here.parent if isinstance(here, discord.Thread) else here
        made: list[discord.Thread] = []

        async def make_thread(name: str) -> int:  # called once the place is this call's, never twice
            if not isinstance(parent, discord.TextChannel):
                raise IllegalMove(tr("The {place} needs a text channel for its threads.").format(place=tr(spec.place)))
            lacking = missing(interaction.app_permissions, "create_private_threads", "send_messages_in_threads",
                              "attach_files")
            if lacking:  # never a table where the bot cannot be
                raise IllegalMove(tr(
                    "The {place} plays in a private thread, and I lack {permissions} in this channel. Ask a "
                    "moderator to allow it, or use /{command} in another channel.").format(
                    place=tr(spec.place), permissions=listed(lacking), command=spec.name))
            thread = await parent.create_thread(
                name=clip(name, MAX_THREAD_NAME), type=discord.ChannelType.private_thread, invitable=False,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES, reason=spec.place.capitalize(),
            )
            made.append(thread)
            await thread.add_user(interaction.user)
            return thread.id

        where = parent.id if isinstance(parent, discord.TextChannel) else interaction.channel_id
        call = self.service.handle(caller_of(interaction, channel_id=where), spec.name, args, make_place=make_thread)
        reply = await self._guard(call)
        if not made:  # help, or the reason it is refused
            await self.show(interaction, reply)
            return
        if not reply.ok:
            await self._drop_thread(made[0])
            await self.show(interaction, reply)
            return
        await self.show(interaction, reply, channel=made[0], note=tr("Your {place} is in {where}.").format(
            place=tr(spec.place), where=marks.place(made[0].id)))

    def _thread_name(self, game: str, user: str) -> str:
        return clip(f"{self.service.game_title(game)} · {user}", MAX_THREAD_NAME)

    async def _drop_thread(self, thread: discord.Thread) -> None:
        try:
            await thread.delete()
        except discord.HTTPException as error:
            log.warning("could not delete the unused thread %s: %s", thread.id, error)

    # calling the service ---------------------------------------------------------------
    async def _guard(self, work: Awaitable[Reply], interaction: discord.Interaction | None = None) -> Reply:
        try:
            return await work
        except StoreUnavailable as away:  # a database server gone for a while: said, not a fault of the bot
            log.warning("the database cannot be reached: %s", away)
            return Reply.error(tr(STORE_AWAY_MAYBE if away.maybe_saved else STORE_AWAY))
        except Exception:
            log.exception("the service failed")
            if interaction is not None and await self.saved_anyway(interaction):
                return Reply.error(tr(SAVED_BUT))
            return Reply.error(tr(SOMETHING_BROKE))

    async def saved_anyway(self, interaction: discord.Interaction) -> bool:
        """After a failure: did the interaction save a change? Its post is then sent from the outbox."""
        if self.poster is None or interaction.channel_id is None:
            return False
        try:
            return await self.poster.recover(interaction.channel_id, int(interaction.created_at.timestamp()) - 1)
        except Exception:
            log.exception("could not look for what interaction %s saved", interaction.id)
            return False

    async def answer_failure(self, interaction: discord.Interaction) -> None:
        """Whatever failed, the person gets a private answer: deferred first (looking for what was
        saved may pass Discord's 3 seconds), then told whether their change counted."""
        try:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            log.warning("could not defer %s after a failure: %s", interaction.id, error)
        text = tr(SAVED_BUT if await self.saved_anyway(interaction) else SOMETHING_BROKE)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as error:
            log.warning("could not tell %s of a failure: %s", interaction.id, error)

    async def _defer(self, interaction: discord.Interaction) -> bool:
        """Defer privately; False when Discord no longer takes an answer (10062, too late)."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            return True
        except discord.NotFound:
            log.warning("interaction %s expired before it could be answered", interaction.id)
            return False

    async def _call(self, interaction: discord.Interaction, work: Coroutine[Any, Any, Reply],
                    defer: bool) -> Reply | None:
        """Run a service call inside Discord's 3 seconds: defer at once when asked, or as
        soon as the call takes longer than QUICK_WINDOW. None when the interaction expired
        (then nothing was done, or what was done is already posted in the channel)."""
        if defer:
            if not await self._defer(interaction):
                work.close()  # never started: nothing changes
                return None
            return await self._guard(work, interaction)
        task = asyncio.ensure_future(self._guard(work, interaction))
        done, _ = await asyncio.wait({task}, timeout=QUICK_WINDOW)
        if not done:
            log.info("deferring %s: the service is taking its time", interaction.id)
            if not await self._defer(interaction):
                await self.post_public(interaction, await task)
                return None
        return await task

    def _channel(self, interaction: discord.Interaction) -> discord.abc.Messageable:
        return interaction.channel or self.client.get_partial_messageable(  # type: ignore[return-value]
            interaction.channel_id or 0, guild_id=interaction.guild_id)

    async def post_public(self, interaction: discord.Interaction, reply: Reply) -> None:
        """The public part alone, in the interaction's channel, when the interaction is gone."""
        if not reply.ok or not (reply.text.strip() or reply.files(private=False)):
            return
        if self.poster is not None:
            await self.poster.publish(interaction.channel_id or 0, reply, target=interaction.channel,
                                      limit=interaction.filesize_limit)
            return
        try:
            await send_shape(self._channel(interaction), await self._public(interaction, reply))
        except discord.HTTPException as error:
            log.warning("could not post in %s: %s", interaction.channel_id, error)

    # showing a reply -------------------------------------------------------------------
    async def show(self, interaction: discord.Interaction, reply: Reply,
                   channel: discord.abc.Messageable | None = None, note: str = "") -> None:
        if not reply.ok:
            await self._private(interaction, reply.private or tr("That did not work."))
            return
        if reply.unshown:  # saved, but not shown: the post is composed from the saved table
            await self._private(interaction, reply.private)
            self._background(self.saved_anyway(interaction))
            return
        shape = await self._public(interaction, reply)
        private_image = self._files(interaction, reply, private=True) or None
        public = bool(reply.text.strip()) or bool(shape.files)
        private = "\n".join(x for x in (note, private_words(reply)) if x)
        private_view = build_components(reply.private_buttons, [])  # e.g. Take back, for the mover alone
        if not public and (card := card_of(reply, private=True)) is not None:  # /help, My moves
            card_answer = card_shape(reply, card, interaction.filesize_limit, note=note)
            await self._answer(interaction, card_answer)
            return
        if not public:
            view = build_components([*reply.buttons, *reply.private_buttons], reply.menus)
            await self._private(interaction, private or tr("Done."), view=view, files=private_image)
            return
        if channel is None and not interaction.response.is_done():
            # a quick command: the interaction's own answer is the new public message
            try:
                sent = await interaction.response.send_message(shape.content, **shape.kwargs())
            except discord.HTTPException as error:
                # too late to answer (10062) or Discord failed: what happened must still be seen: post it
                log.warning("interaction %s could not be answered (%s); posting in the channel", interaction.id,
                            error.status)
                await self.post_public(interaction, reply)
                if not isinstance(error, discord.NotFound) and not interaction.response.is_done():
                    await self._quietly(self._private(interaction, private or tr("Done: it is posted in the channel.")))
                return
            if self.poster is not None:
                await self.poster.shown(interaction.channel_id or 0, reply, getattr(sent, "message_id", None))
            if private or private_image or private_view:
                await self._private(interaction, private or tr("Done."), files=private_image, view=private_view)
            return
        target = channel or self._channel(interaction)
        if self.poster is not None:
            await self._publish(interaction, reply, target, private, private_image)
            return
        try:
            message = await send_shape(target, shape)
        except discord.Forbidden as error:
            # the bot may not post here: answer privately first (that ends the deferral),
            # then post the public part as a followup, which needs no channel permission
            log.warning("could not post in %s: %s", getattr(target, "id", "?"), error)
            await self._private(interaction, private or tr("Done."), files=private_image, view=private_view)
            again = await self._public(interaction, reply)  # the files of the refused post are spent
            await interaction.followup.send(again.content, **again.kwargs())
            return
        await self._private(interaction, acknowledged(private, message.jump_url), files=private_image,
                            view=private_view)

    async def _publish(self, interaction: discord.Interaction, reply: Reply, target: Any, private: str,
                       private_image: list[discord.File] | None) -> None:
        """The public part through the outbox; the person is told privately what became of it."""
        channel_id = getattr(target, "id", None) or interaction.channel_id or 0
        delivery = await self.poster.publish(channel_id, reply, target=target, limit=interaction.filesize_limit)
        await self._tell(interaction, reply, delivery, private, private_image)

    async def _tell(self, interaction: discord.Interaction, reply: Reply, delivery: Any, private: str,
                    private_image: list[discord.File] | None) -> None:
        """The private answer once the public part is posted, or what became of it."""
        mine = build_components(reply.private_buttons, [])  # e.g. Take back, for the mover alone
        if delivery.state == SENT:
            await self._private(interaction, acknowledged(private, delivery.link), files=private_image, view=mine)
        elif delivery.state == REFUSED:
            # the bot may not post there: answer privately first (that ends the deferral), then show
            # the public part as a followup, which needs no channel permission
            await self._private(interaction, private or tr("Done."), files=private_image, view=mine)
            shape = await self._public(interaction, reply)
            await self._quietly(interaction.followup.send(shape.content, **shape.kwargs()))
        elif delivery.state == GONE:
            await self._private(interaction, tr(PLACE_GONE))
        elif delivery.state == LATER:  # a saved change's draft is posted by the sweep; a mere board is not
            told = tr(POST_LATER if reply.since is not None else BOARD_LATER)
            await self._private(interaction, "\n".join(x for x in (private, told) if x), files=private_image,
                                view=mine)
        else:
            await self._private(interaction, "\n".join(x for x in (private, tr(POST_FOLLOWS)) if x), files=private_image,
                                view=mine)
            if delivery.state == RETRYING:
                self._background(self._tell_link(interaction, delivery))

    async def _tell_link(self, interaction: discord.Interaction, delivery: Any) -> None:
        delivery = await delivery.settled(LINK_WAIT)
        if delivery.state == SENT and delivery.message is not None:
            await self._quietly(interaction.followup.send(tr("The board is posted: {link}").format(link=delivery.link),
                                                         ephemeral=True))

    def _background(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _quietly(work: Awaitable[Any]) -> None:
        try:
            await work
        except discord.HTTPException as error:
            log.warning("a followup failed: %s", error)

    async def _public(self, interaction: discord.Interaction, reply: Reply) -> Shape:
        """The public message of a reply; the few words the adapter adds to it are in the server's
        language, as the reply's own (lang/README.md)."""
        with lang.using(await self._public_language(interaction)):
            return message_shape(reply, interaction.filesize_limit)

    async def _public_language(self, interaction: discord.Interaction) -> str:
        if self.service is None or not interaction.guild_id:
            return lang.current()
        try:
            return await self.service.public_language(interaction.guild_id)
        except Exception:  # the store away: the words the call was answered in
            return lang.current()

    def _files(self, interaction: discord.Interaction, reply: Reply, private: bool) -> list[discord.File]:
        return discord_files(reply.files(private), interaction.filesize_limit, reply.descriptions())

    @staticmethod
    async def _answer(interaction: discord.Interaction, shape: Shape) -> None:
        """One private message drawn as a card: the interaction's answer, or its followup once deferred."""
        if not interaction.response.is_done():
            await interaction.response.send_message(shape.content, ephemeral=True, **shape.kwargs())
        else:
            await interaction.followup.send(shape.content, ephemeral=True, **shape.kwargs())

    async def _private(self, interaction: discord.Interaction, text: str,
                       view: discord.ui.View | None = None, files: list[discord.File] | None = None) -> None:
        """Ephemeral messages: the interaction's answer if not yet given, then followups.
        The files go with the first piece and the components with the last."""
        pieces = split_text(discord_text(text)) or [tr("Done.")]
        for index, piece in enumerate(pieces):
            extra = some(files=files if index == 0 and files else None,
                          view=view if index == len(pieces) - 1 else None)
            if not interaction.response.is_done():
                await interaction.response.send_message(piece, ephemeral=True, **extra)
            else:
                await interaction.followup.send(piece, ephemeral=True, **extra)


CANNOT_MESSAGE_USER = 50007  # Discord: the user's direct messages are closed to the bot
THREAD_ARCHIVED = 50083  # Discord: the thread was archived since it was looked up


class DiscordOutbox:
    """How the service speaks when nobody asked (reminders, deadlines): channel posts and DMs.

    A thread that Discord archived after a quiet week is unarchived first. A refused direct
    message returns False and is logged: it never raises, so it never blocks a game."""

    def __init__(self, client: discord.Client, poster: Poster | None = None):
        self.client = client
        self.poster = poster  # when set, public posts go through the outbox (retried, posted once)

    async def _channel(self, channel_id: int, fresh: bool = False) -> Any:
        return await channel_of(self.client, channel_id, fresh)

    async def post(self, channel_id: int, reply: Reply) -> bool:
        """Post the public part of a reply in a channel or thread; False (and logged) when refused."""
        if not reply.ok or not (reply.text.strip() or reply.files(private=False)):
            return True  # nothing public to say
        if self.poster is not None:
            delivery = await self.poster.publish(channel_id, reply)
            return delivery.state in (SENT, RETRYING)
        try:
            channel = await self._channel(channel_id)
            try:
                await self._send(channel, reply)
            except discord.HTTPException as error:
                if error.code != THREAD_ARCHIVED:
                    raise
                await self._send(await self._channel(channel_id, fresh=True), reply)
            return True
        except discord.HTTPException as error:
            log.warning("could not post in %s: %s (code %s)", channel_id, error, error.code)
            return False

    @staticmethod
    async def _send(channel: Any, reply: Reply) -> None:
        await send_shape(channel, message_shape(reply, upload_limit(channel)))

    @property
    def sends_saved(self) -> bool:
        """Whether saved posts are sent from the outbox (a feature's own row then goes by `send_saved`)."""
        return self.poster is not None

    async def send_saved(self, row_id: int, channel_id: int, reply: Reply) -> bool:
        """Send a post a feature saved in the outbox in its own transaction (row `row_id`, whose body
        is the message): by the outbox's sender, which sends it after a restart if this never ran."""
        if self.poster is None:
            raise RuntimeError("send_saved needs the outbox's sender (sends_saved)")
        delivery = await self.poster.send_saved(row_id, channel_id, reply.files(private=False))
        return delivery.state in (SENT, RETRYING)

    async def thread(self, channel_id: int, name: str) -> int:
        """A public thread in a channel for a table nobody opened by hand (an event's round); its id.
        IllegalMove with the reason when Discord refuses it. An open thread of that name that the bot
        made (each table's is its own) is taken instead of a second: a process that stopped after Discord made
        it, before the thread was recorded, left it for the next one to open the table in."""
        try:
            channel = await self._channel(channel_id)
            if not isinstance(channel, discord.TextChannel):
                raise IllegalMove(tr(NO_TEXT_CHANNEL))
            named = clip(name, MAX_THREAD_NAME)
            mine = self.client.user.id if self.client.user is not None else None
            # only a thread the bot made itself: a member's thread of the same name is not the table's
            made = next((t for t in channel.threads
                         if t.name == named and not t.archived and t.owner_id == mine), None)
            if made is not None:
                return made.id
            thread = await channel.create_thread(
                name=named,
                type=discord.ChannelType.news_thread if channel.is_news() else discord.ChannelType.public_thread)
        except discord.NotFound as error:
            log.warning("could not create a thread in %s: %s (code %s)", channel_id, error, error.code)
            raise IllegalMove(tr(CHANNEL_GONE)) from None
        except discord.HTTPException as error:
            log.warning("could not create a thread in %s: %s (code %s)", channel_id, error, error.code)
            raise IllegalMove(tr(NO_THREADS)) from None
        return thread.id

    async def direct(self, user_id: int, text: str) -> bool:
        """A direct message; False when it was refused (closed DMs: 50007)."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            for piece in split_text(discord_text(text)):
                await user.send(piece, allowed_mentions=discord.AllowedMentions.none())
            return True
        except discord.Forbidden as error:
            if error.code == CANNOT_MESSAGE_USER:
                log.info("direct messages of %s are closed to the bot (50007)", user_id)
            else:
                log.warning("direct message to %s refused: %s (code %s)", user_id, error, error.code)
            return False
        except discord.HTTPException as error:
            log.warning("direct message to %s failed: %s (code %s)", user_id, error, error.code)
            return False


# -- commands ----------------------------------------------------------------------------
def build_command(spec: Command, adapter: Adapter) -> app_commands.Command | app_commands.Group:
    """A slash command from its description in bot/core/commands.py; a command of subcommands is a
    group (`/event create`), each subcommand answered by the command's handler with its name as the
    `action` option."""
    if spec.subcommands:
        group = app_commands.Group(
            name=spec.name, description=spec.description, guild_only=spec.where == SERVER,
            allowed_contexts=CONTEXTS[spec.where], allowed_installs=INSTALLS[spec.where])
        for sub in spec.subcommands:
            group.add_command(_slash(sub, adapter, spec.name, {ACTION: sub.name}))
        return group
    command = _slash(spec, adapter, spec.name, {}, allowed_contexts=CONTEXTS[spec.where],
                     allowed_installs=INSTALLS[spec.where])
    command.guild_only = spec.where == SERVER
    if spec.name in ("threads", "settings", "season"):
        command.default_permissions = discord.Permissions(manage_guild=True)
    return command


def _slash(spec: Command, adapter: Adapter, name: str, fixed: dict[str, str], **where: Any) -> app_commands.Command:
    """One slash command (or a group's subcommand) answered by the service's command `name`, with
    `fixed` options beside those typed; `where`: its contexts and installs (a subcommand has its group's)."""

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await adapter.on_command(interaction, name, {**fixed, **{k: option_text(v) for k, v in values.items()}})

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    for param in spec.params:
        parameters.append(inspect.Parameter(
            param.name, inspect.Parameter.KEYWORD_ONLY, annotation=OPTION_TYPES[param.kind],
            default=inspect.Parameter.empty if param.required else None,
        ))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = f"isles_{name}_{spec.name}" if fixed else f"isles_{name}"
    if spec.params:
        app_commands.describe(**{p.name: p.description for p in spec.params})(callback)
    choices = {p.name: [app_commands.Choice(name=lang.NAMES.get(c, c) if p.name == "language" else c, value=c)
                        for c in p.choices] for p in spec.params if p.choices}
    if choices:
        app_commands.choices(**choices)(callback)
    command = app_commands.Command(name=spec.name, description=spec.description, callback=callback, **where)
    for param in spec.params:
        if param.autocomplete:
            command.autocomplete(param.name)(_suggester(adapter, param.autocomplete))
    return command


class TextChannelOption(app_commands.Transformer):
    """Discord's channel picker showing text channels, the channel taken as Discord sends it: no
    cache of the server's channels is needed to read it."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text, discord.ChannelType.news]

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Any:
        return value


# what Discord asks for, by the kind of option (bot/core/commands.py): Discord's pickers of users,
# text channels and roles
OPTION_TYPES: dict[str, Any] = {TEXT: str, USER: discord.User,
                                CHANNEL: app_commands.Transform[app_commands.AppCommandChannel, TextChannelOption],
                                ROLE: discord.Role}


def option_text(value: Any) -> Any:
    """The service reads text: a picked user, channel or role becomes the core's mark of it."""
    if isinstance(value, discord.abc.User):
        return marks.person(value.id)
    if isinstance(value, discord.Role):
        return marks.role(value.id)
    if isinstance(value, app_commands.AppCommandChannel | app_commands.AppCommandThread | discord.abc.GuildChannel):
        return marks.place(value.id)
    return value


def _suggester(adapter: Adapter, kind: str):
    async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await adapter.autocomplete(kind, interaction, current)

    return suggest


def command_payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None = None) -> list[dict]:
    """The commands as written (English), as Discord would get them without a translator."""
    return [command.to_dict(tree) for command in tree.get_commands(guild=guild)]


async def synced_payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None = None) -> list[dict]:
    """The commands exactly as `tree.sync` sends them: with the names and descriptions of every
    language the tree's translator speaks, else as written."""
    translator = tree.translator
    if translator is None:
        return command_payload(tree, guild)
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands(guild=guild)]


def fingerprint(payload: list[dict], target: str) -> str:
    text = json.dumps({"target": target, "commands": payload}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_commands(client: discord.Client, tree: app_commands.CommandTree, store: Store,
                        dev_guild: int | None) -> bool:
    """Upload the commands only when their definitions changed since the last upload
    (Discord allows 200 command creations a day per server). With a dev guild, the global
    commands are copied there and synced there (instant). The scope not in use (global, or a
    former dev guild) is emptied once, or every command would show twice in that server.
    True when a sync happened."""
    guild = discord.Object(dev_guild) if dev_guild else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    scope = str(dev_guild or "global")
    target = f"{client.application_id}:{scope}"
    digest = fingerprint(await synced_payload(tree, guild), target)
    key = f"{SYNC_META_KEY}:{target}"
    synced = None
    if await store.get_meta(key) != digest:
        synced = await tree.sync(guild=guild)
        await store.set_meta(key, digest)
        log.info("synced %d commands (%s)", len(synced), target)
    else:
        log.info("commands unchanged since the last sync (%s); not syncing", target)
    await _empty_other_scopes(client, store, scope)
    return synced is not None


async def _empty_other_scopes(client: discord.Client, store: Store, scope: str) -> None:
    """Remove the commands this application registered in another scope before a switch."""
    listed = f"{SYNC_META_KEY}.scopes:{client.application_id}"
    known = await store.get_meta(listed)
    if known is None:  # kept since this list exists; before it, only the global key says what was synced
        had_global = await store.get_meta(f"{SYNC_META_KEY}:{client.application_id}:global")
        scopes = ["global"] if had_global else []
    else:
        scopes = json.loads(known)
    for other in scopes:
        if other == scope:
            continue
        try:
            if other == "global":
                await client.http.bulk_upsert_global_commands(client.application_id, [])
            else:
                await client.http.bulk_upsert_guild_commands(client.application_id, int(other), [])
        except (discord.Forbidden, discord.NotFound) as error:  # a server the bot has left: nothing to show twice
            log.warning("could not empty the commands of %s: %s", other, error)
        await store.set_meta(f"{SYNC_META_KEY}:{client.application_id}:{other}", "")  # next time: a full sync
        log.info("removed the commands registered in the other scope (%s)", other)
    if scopes != [scope]:
        await store.set_meta(listed, json.dumps([scope]))


# -- the client --------------------------------------------------------------------------
def acknowledged(private: str, link: str) -> str:
    """The mover's private answer once the public part is posted: its own words (a hand, what
    happened since their last turn) and the link to the post, which those words must not hide."""
    return private + "\n" + tr("Posted: {link}").format(link=link) if private else tr("Done: {link}").format(link=link)


class IslesClient(discord.AutoShardedClient):
    """The bot: as many gateway shards as Discord recommends (past 2,500 servers one connection is
    refused), or those of ISLES_SHARDS / ISLES_SHARD_IDS when processes split them."""

    def __init__(self, service: TableService, settings: Settings):
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads
        intents.moderation = True  # bans: a banned member's page links stop at once (members.py)
        shard_ids = getattr(settings, "shard_ids", None)
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(),
                         shard_count=getattr(settings, "shards", None),
                         shard_ids=list(shard_ids) if shard_ids else None)
        self.service = service
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self.installed: Installed | None = None  # the standard extensions' clocks, started after login
        self.adapter = Adapter(self, service)
        for spec in commands_of(service):
            self.tree.add_command(build_command(spec, self.adapter))
        self.poster: Poster | None = None
        self.places: Places | None = None
        if service is not None:
            self.poster = self.adapter.poster = Poster(self, service)
            self.places = self.adapter.places = Places(service)
            self.poster.on_gone = lambda channel_id: self.places.gone([channel_id])
            service.outbox = DiscordOutbox(self, self.poster)
            health_of(service).gateway = self.gateway_seen
            service.members.ask = lambda guild_id, user_id: in_guild(self, guild_id, user_id)
        self._shards_ready: set[int] = set()
        self._none_ready_since: float | None = time.time()  # for /healthz: no shard has been ready since then
        self.tree.on_error = self._on_tree_error

    async def setup_hook(self) -> None:
        await self.tree.set_translator(translator())  # the commands in German and Spanish too
        try:
            await sync_commands(self, self.tree, self.service.store, self.settings.dev_guild)
        except discord.HTTPException:
            log.exception("command sync failed; the bot runs with the commands Discord already has")
        # the clocks and the outbox sweep run in the one process holding the database's lease; every
        # process composes the drafts left by answers that never came (another process may have died)
        self.lease = LeasedWork(self.service.store, self._start_clocks, self._stop_clocks)
        self._lease_task = asyncio.create_task(self.lease.run_forever())
        if self.poster is not None:
            self._drafts_task = asyncio.create_task(self.poster.run_drafts())

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """IDENTIFY spaced with the other processes on the database (bot/lease.py), not only ours."""
        if self.service is None:
            return await super().before_identify_hook(shard_id, initial=initial)
        if getattr(self, "_identify_gate", None) is None:
            async def concurrency() -> int:
                return (await self.fetch_session_start_limits()).max_concurrency

            self._identify_gate = IdentifyGate(self.service.store, concurrency)
        await self._identify_gate.wait(shard_id)

    async def _start_clocks(self) -> None:
        if self.installed is not None:  # reminders, deadlines, day-end boards and the daily's work
            await self.installed.start()
        if self.poster is not None:  # posts left unsent by the last run, then every retry
            self._sweeper = asyncio.create_task(self.poster.run_forever())

    async def _stop_clocks(self) -> None:
        if self.installed is not None:
            await self.installed.stop()
        sweeper = getattr(self, "_sweeper", None)
        if sweeper is not None:
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)

    async def close(self) -> None:
        """A clean stop (SIGTERM): commands under way finish (a move is saved whole or not at all),
        the clocks stop and give their lease back, posts under way may finish and the rest stays
        in the outbox for the next start."""
        if not getattr(self, "_stopping", False):
            self._stopping = True
            await self._finish_interactions(SHUTDOWN_GRACE)
            drafts_task = getattr(self, "_drafts_task", None)
            if drafts_task is not None:
                drafts_task.cancel()
                await asyncio.gather(drafts_task, return_exceptions=True)
            lease_task = getattr(self, "_lease_task", None)
            if lease_task is not None:
                lease_task.cancel()
                await asyncio.gather(lease_task, return_exceptions=True)
                await self.lease.close()
            elif self.installed is not None:
                await self.installed.stop()
            if self.poster is not None:
                await self.poster.flush(timeout=5.0)
            shown = getattr(self, "_presence", None)
            if shown is not None:
                shown.cancel()
        await super().close()

    @staticmethod
    async def _finish_interactions(timeout: float) -> None:
        me = asyncio.current_task()
        running = [t for t in asyncio.all_tasks() if t is not me and not t.done()
                   and t.get_name().startswith(("CommandTree-invoker", "discord.py: on_interaction"))]  # verbatim: task names
        if running:
            log.info("waiting for %d commands under way before stopping", len(running))
            await asyncio.wait(running, timeout=timeout)

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))
        if self.places is not None and not getattr(self, "_places_checked", False):
            self._places_checked = True  # places that went while the bot was away, once per start
            self._place_check = asyncio.create_task(self.places.check_at_start(self))
        if self.service is not None and getattr(self, "_presence", None) is None:
            self._presence = asyncio.create_task(presence.keep_fresh(self, PresenceLine(self.service.store)))

    # the gateway as /healthz tells it (bot/core/health.py)
    async def on_shard_ready(self, shard_id: int) -> None:
        self._shards_ready.add(shard_id)
        self._none_ready_since = None

    async def on_shard_resumed(self, shard_id: int) -> None:
        await self.on_shard_ready(shard_id)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self._shards_ready.discard(shard_id)
        if not self._shards_ready and self._none_ready_since is None:
            self._none_ready_since = time.time()

    def gateway_seen(self) -> Gateway:
        latency = self.latency
        return Gateway(shards_ready=len(self._shards_ready), shards=self.shard_count or len(self.shards),
                       latency=latency if latency == latency and latency != float("inf") else None,
                       servers=len(self.guilds), none_ready_since=self._none_ready_since)

    # places that go: their tables close (bot/adapters/discord/places.py)
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._gone([payload.thread_id])

    async def on_thread_remove(self, thread: discord.Thread) -> None:  # the bot was removed from it
        await self._gone([thread.id])

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        threads = [t.id for t in getattr(channel.guild, "threads", ()) if t.parent_id == channel.id]
        await self._gone([channel.id, *threads])

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """One welcome in the server's system channel; none where there is none or the bot may not post."""
        channel = guild.system_channel
        if channel is None or not channel.permissions_for(guild.me).send_messages:
            log.info("no welcome in server %s: no system channel, or the bot may not post there", guild.id)
            return
        with lang.using(str(guild.preferred_locale or "")):  # the server's language, as Discord tells it
            welcome = guide.welcome_reply(getattr(self.settings, "docs_url", ""))
        try:
            await send_shape(channel, message_shape(welcome, upload_limit(channel)))
        except discord.HTTPException as error:
            log.info("no welcome in server %s: Discord refused it (%s)", guild.id, error.status)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        if self.places is not None:
            await self.places.guild_gone(guild.id)

    async def on_member_ban(self, guild: discord.Guild, user: discord.abc.User) -> None:
        if self.service is not None:
            self.service.members.left(guild.id, user.id)

    async def _gone(self, channel_ids: list[int]) -> None:
        if self.places is not None:
            await self.places.gone(channel_ids)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        submitted = interaction.type is discord.InteractionType.modal_submit
        if interaction.type is not discord.InteractionType.component and not submitted:
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(PREFIX + ":"):
            return
        try:
            if submitted:
                await self.adapter.on_press(interaction, custom_id, form_values(data))
            elif (parse_custom_id(custom_id) or ("",))[0] == FORM_KIND:
                with lang.using(person_language(interaction)):
                    await interaction.response.send_modal(move_form(custom_id))
            else:
                await self.adapter.on_press(interaction, custom_id, [str(v) for v in data.get("values", [])])
        except Exception:  # every click gets an answer, whatever failed
            log.exception("answering %s failed", custom_id)
            with lang.using(person_language(interaction)):
                await self.adapter.answer_failure(interaction)

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        log.error("command %s failed", getattr(interaction.command, "name", "?"), exc_info=error)
        with lang.using(person_language(interaction)):
            await self.adapter.answer_failure(interaction)


def move_form(custom_id: str) -> discord.ui.Modal:
    """A form holding the start of a move (`offer `) for the player to complete. Its answer
    comes back as a modal submit with the same custom id, handled in `on_interaction`."""
    parsed = parse_custom_id(custom_id)
    start = parsed[3] if parsed else ""
    form = discord.ui.Modal(title=tr(FORM_TITLE), custom_id=custom_id, timeout=None)
    form.add_item(discord.ui.TextInput(
        label=tr("Complete the move"), custom_id=FORM_INPUT, default=start, max_length=200,
        # translators: keep the move itself in English, as the player types it
        placeholder=tr("e.g. offer 1 wool 1 grain for 1 ore"),
    ))
    form.stop()  # nothing kept in memory: the submit is routed by its custom id
    return form


def form_values(data: dict[str, Any]) -> list[str]:
    """The text typed into a submitted form, wherever Discord nests it."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("custom_id") == FORM_INPUT and "value" in node:
                found.append(str(node["value"]))
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(data.get("components", []))
    return found[:1]


class Stoppable(Protocol):
    async def stop(self) -> None: ...


# serves another adapter beside the bot, on its service (the board pages); None when it serves nothing
Beside = Callable[[TableService, Settings], Awaitable["Stoppable | None"]]


def commands_of(service: TableService | None) -> list[Command]:
    """The commands the service answers (its extensions' included), else the built-in ones."""
    listed = getattr(service, "commands", None)
    return list(listed()) if callable(listed) else list(COMMANDS)


def create_bot(service: TableService, settings: Settings) -> IslesClient:
    """The client with its command tree. Extend the service before this: its commands are read here."""
    return IslesClient(service, settings)


async def run(settings: Settings, extensions: bool = True, beside: Beside | None = None) -> None:
    """Open the store, build the service (with the standard extensions) and the client, and run
    until closed (SIGTERM or Ctrl-C). Discord's addresses are those of discord.py, so a test may
    point them at a local fake. `beside` serves another adapter on the same service (the board
    pages, handed over by bot/cli.py), so that this adapter imports no other."""
    if not logging.getLogger().handlers:
        discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))
    store = await Store.open(settings.db_path)
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task] = set()
    drawing.use(settings.render_workers).warm()
    try:
        service = TableService(store)
        service.tables_per_member = settings.tables_per_member
        installed = (install(service, support_url=getattr(settings, "support_url", ""), docs_url=settings.docs_url)
                     if extensions else None)
        pages = await beside(service, settings) if beside is not None else None  # before the commands are built: /web
        client = create_bot(service, settings)
        client.installed = installed
        try:
            loop.add_signal_handler(signal.SIGTERM, lambda: closing.add(loop.create_task(client.close())))
            handles_sigterm = True
        except (NotImplementedError, RuntimeError, ValueError):
            handles_sigterm = False
        try:
            async with client:
                await client.start(settings.token)
        finally:
            if handles_sigterm:
                loop.remove_signal_handler(signal.SIGTERM)
            if pages is not None:
                await pages.stop()
    finally:
        await store.close()
        drawing.drawing().close()
        log.info("stopped")


def serve(settings: Settings, isles: str, beside: Beside | None = None) -> tuple[bool, str] | None:
    """Run the bot until it stops (for `isles run`): None when it stopped as asked, else (whether
    the host's setting is the mistake, the one line that tells what to do)."""
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # Isles has no voice: only alarming
    try:
        asyncio.run(run(settings, beside=beside))
    except discord.LoginFailure:
        return False, ("Discord refused the token in DISCORD_TOKEN. Copy it again from "  # verbatim: for the host
                       "https://discord.com/developers/applications (your application, Bot, Reset Token) into .env.")
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, TimeoutError) as error:
        return False, (f"Could not reach Discord ({error or type(error).__name__}). Check this machine's network "  # verbatim: for the host
                       f"connection, then start again: {isles} run")
    except StoreError as error:
        return True, (f"ISLES_DB={shown(settings.db_path)}: the database cannot be opened ({error}). "  # verbatim: for the host
                      "Check the file and its folder's permissions, or choose another path.")
    except OSError as error:  # a socket error below aiohttp, while logging in
        return False, (f"Could not reach Discord ({error.strerror or error}). Check this machine's network "  # verbatim: for the host
                       f"connection, then start again: {isles} run")
    return None

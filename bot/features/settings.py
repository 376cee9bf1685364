"""`/settings`: a server's defaults, shown and set by a member who may manage the server.

An extension of the table service (`service.extend(ServerSettingsFeature(service))`):

- threads: whether /open makes a thread for each new table (what `/threads` sets; it stays as
  a shorter way to say the same);
- a default turn deadline, reminder and timeout, which `/open` gives a table whose opener names
  none (read by bot/features/timing.py with its one parser: a solo game keeps no deadline);
- the channels where `/open` may open tables, and in their threads (none listed: everywhere);
- a results channel, where a finished game's result is posted as well as at its table;
- a role pinged once, in the lobby message, when a new table seeks players;
- the language of the server's public posts (English, Deutsch, Español), else the server's own
  language as Discord tells it (lang/README.md).

Nothing set, Isles behaves as it did before /settings existed. Every value is stored through
db/server_settings.py (migration 050); a bad value is refused with one private line and
nothing of that call is changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import lang
from bot.core import failures, marks, places
from bot.core.commands import CHANNEL, ROLE, Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Card, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from bot.features.timing import describe_settings, parse_settings
from db.server_settings import ServerSettings, ServerSettingsStore, SettingsChange
from db.timing import TimingSettings
from games import registry
from games.base import IllegalMove
from lang import N_, tr

log = logging.getLogger(__name__)

CLEARABLE = ("threads", "deadline", "reminder", "timeout", "open_in", "results", "seek_role", "language", "all")
# the languages a server may choose for its public posts, by their codes; an adapter shows each by its
# own name in its own language (lang.NAMES: English, Deutsch, Español), never translated
LANGUAGE_CHOICES = tuple(lang.NAMES)
# what `language:` accepts: a language's code, or its own name as the choices show it
LANGUAGE_OF = {**{code: code for code in lang.NAMES}, **{name.lower(): code for code, name in lang.NAMES.items()}}

COMMANDS = (
    Command("settings", N_("Server settings (Manage Server): alone shows them; each option sets one"), (
        Param("threads", N_("Open a thread for each new table: on (the default) or off"), choices=("on", "off")),
        Param("deadline", N_("Turn deadline of new tables when /open names none: e.g. 2d, 12h, or none")),
        Param("reminder", N_("Reminder before that deadline: e.g. 6h, half, or none")),
        Param("timeout", N_("At that deadline: ai (the computer plays the turn) or forfeit-N")),
        Param("open_in_add", N_("Let /open open tables in this channel (none listed: any channel)"), kind=CHANNEL),
        Param("open_in_remove", N_("Take this channel off the channels where /open opens tables"), kind=CHANNEL),
        Param("results", N_("Also post every finished game's result in this channel"), kind=CHANNEL),
        Param("seek_role", N_("Ping this role once when a new table seeks players"), kind=ROLE),
        Param("language", N_("Language of the server's public posts (clear:language: the server's own, from Discord)"),
              choices=LANGUAGE_CHOICES),
        Param("clear", N_("Set one setting back to how it was before /settings (all: every one)"), choices=CLEARABLE),
    )),
)

NOT_MANAGER = N_("Only members who may manage this server see and change its settings.")
TIMING_NAMES = ("deadline", "reminder", "timeout")
COLUMN_OF = {"deadline": "default_deadline", "reminder": "default_reminder", "timeout": "default_timeout",
             "results": "results_channel", "seek_role": "seek_role", "language": "language"}


def channel_of(name: str, typed: str) -> int:
    """The channel an option names: the adapter's mark of it (Discord's picker), or its id."""
    found = marks.place_of(typed)
    if found is None and typed.strip().isdecimal():
        found = int(typed.strip())
    if found is None:
        raise IllegalMove(tr("`{name}` is a channel of this server: pick one in the list.").format(name=name))
    return found


def role_of(name: str, typed: str) -> int:
    found = marks.role_of(typed)
    if found is None and typed.strip().isdecimal():
        found = int(typed.strip())
    if found is None:
        raise IllegalMove(tr("`{name}` is a role of this server: pick one in the list.").format(name=name))
    return found


def timing_of(server: ServerSettings) -> tuple[str | None, str | None, str | None]:
    return server.default_deadline, server.default_reminder, server.default_timeout


def language_of(typed: str) -> str:
    """The language `language:` names (its code or its own name), or one private line."""
    found = LANGUAGE_OF.get(typed.strip().lower())
    if found is None:
        raise IllegalMove(tr("`language` is one of: {choices}.").format(
            choices=", ".join(f"{code} ({name})" for code, name in lang.NAMES.items())))
    return found


def describe(server: ServerSettings, public: str | None = None) -> str:
    """The server's settings in words, one line each; `public` is the language its posts are
    written in now (what `language` chose, else the server's own)."""
    lines = [tr("The settings of this server:")]
    if server.threads:
        lines.append(tr("Threads: on. Each new table opens a thread of its own."))
    else:
        lines.append(tr("Threads: off. A new table stays in the channel where it was opened."))
    if any(timing_of(server)):
        timing = parse_settings(TimingSettings(), *(word or "" for word in timing_of(server)))
        lines.append(tr("New tables, unless /open says otherwise: {timing}").format(timing=describe_settings(timing)))
    else:
        lines.append(tr("New tables, unless /open says otherwise: each game's own timing (a 24-hour turn deadline, "
                        "the computer playing a missed turn)."))
    if server.open_channels:
        where = ", ".join(marks.place(channel) for channel in server.open_channels)
        lines.append(tr("Tables open in: {where}, and in their threads.").format(where=where))
    else:
        lines.append(tr("Tables open in: any channel."))
    if server.results_channel is not None:
        lines.append(tr("Results: posted at their table and in {channel}.").format(
            channel=marks.place(server.results_channel)))
    else:
        lines.append(tr("Results: posted at their table only."))
    if server.seek_role is not None:
        lines.append(tr("A new table seeking players pings {role} once.").format(role=marks.role(server.seek_role)))
    else:
        lines.append(tr("A new table seeking players pings nobody."))
    if server.language:
        lines.append(tr("Public posts: in {language}.").format(language=lang.NAMES[lang.code(server.language)]))
    else:
        lines.append(tr("Public posts: in the server's own language from Discord ({language}).").format(
            language=lang.NAMES[lang.code(public)]))
    lines.append(tr("Change one with /settings and its option; /settings clear: sets one back."))
    return "\n".join(lines)


class ServerSettingsFeature(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService):
        self.service = service
        self.db = ServerSettingsStore.of(service.store)
        self._tasks: set[asyncio.Task] = set()

    # -- /settings -------------------------------------------------------------------------
    async def cmd_settings(self, caller: Caller, **values: str) -> Reply:
        if not caller.can_manage:
            raise IllegalMove(tr(NOT_MANAGER))
        values = {name: value.strip() for name, value in values.items() if value.strip()}
        server = await self.db.get(caller.guild_id)
        if not values:
            return Reply(private=describe(server, await self.service.public_language(caller.guild_id)))
        change = self._change(server, values)
        await self.db.change(caller.guild_id, change)
        if "language" in change.values:
            self.service.forget_language(caller.guild_id)
        public = await self.service.public_language(caller.guild_id)
        return Reply(private=tr("Saved.") + "\n" + describe(await self.db.get(caller.guild_id), public))

    @staticmethod
    def _change(server: ServerSettings, values: dict[str, str]) -> SettingsChange:
        """What the options ask, checked whole before anything is written."""
        cleared = values.pop("clear", "").lower()
        clears = set(CLEARABLE[:-1]) if cleared == "all" else {cleared} - {""}
        given = set(values) | ({"open_in"} if {"open_in_add", "open_in_remove"} & set(values) else set())
        both = clears & given
        if both:
            raise IllegalMove(tr("`{name}` is both set and cleared here: do one or the other.").format(
                name=sorted(both)[0]))
        change = SettingsChange()
        if "threads" in values:
            change.threads = values["threads"].lower() == "on"
        if "threads" in clears:
            change.threads = True
        timing = dict(zip(TIMING_NAMES, timing_of(server), strict=True))
        for name in TIMING_NAMES:
            if name in values:
                timing[name] = values[name].lower()
            if name in clears:
                timing[name] = None
        # the one parser of /open and /deadline; the three checked together, as /open reads them
        parse_settings(TimingSettings(), *(word or "" for word in timing.values()))
        for name in TIMING_NAMES:
            if name in values or name in clears:
                change.values[COLUMN_OF[name]] = timing[name]
        if "results" in values:
            change.values["results_channel"] = channel_of("results", values["results"])
        if "seek_role" in values:
            change.values["seek_role"] = role_of("seek_role", values["seek_role"])
        if "language" in values:
            change.values["language"] = language_of(values["language"])
        for name in ("results", "seek_role", "language"):
            if name in clears:
                change.values[COLUMN_OF[name]] = None
        if "open_in_add" in values:
            change.add_channels.append(channel_of("open_in_add", values["open_in_add"]))
        if "open_in_remove" in values:
            change.remove_channels.append(channel_of("open_in_remove", values["open_in_remove"]))
        change.clear_channels = "open_in" in clears
        return change

    # -- /open -----------------------------------------------------------------------------
    async def check_open(self, caller: Caller, game_cls: Any, args: dict[str, str]) -> None:
        if places.maker() is not None:  # a place of the caller's own (the daily), not a channel /open chose
            return
        allowed = (await self.db.get(caller.guild_id)).open_channels
        if allowed and caller.channel_id not in allowed and caller.parent_id not in allowed:
            where = ", ".join(marks.place(channel) for channel in allowed)
            raise IllegalMove(tr("Tables open in {where} on this server, and in their threads: use /open there.").format(
                where=where))

    async def open_reply(self, loaded: Loaded, reply: Reply) -> None:
        cls = registry.get(loaded.row.game)
        if cls.max_players == 1 or places.maker() is not None:  # nobody to seek
            return
        role = (await self.db.get(loaded.row.guild_id)).seek_role
        if role is None:
            return
        with lang.using(await self.service.public_language(loaded.row.guild_id)):  # the lobby's post
            reply.text += "\n" + tr("{role}: a table of {game} seeks players.").format(role=marks.role(role),
                                                                                    game=cls.title)
        reply.roles = [role]

    # -- results ---------------------------------------------------------------------------
    async def on_event(self, event: str, loaded: Loaded) -> None:
        row = loaded.row
        if row.status != "finished" or loaded.game is None or len(loaded.seats) < 2 or self.service.outbox is None:
            return  # a solo game's result is its player's (the daily's stays hidden until its day ends)
        channel = (await self.db.get(row.guild_id)).results_channel
        if channel is None or channel == row.channel_id:
            return
        if not await self.db.claim_result(row.id, channel, int(self.service.clock().timestamp())):
            return  # posted already, by this process or another
        title = registry.get(row.game).title
        with lang.using(await self.service.public_language(row.guild_id)):  # a post with no caller
            text = "\n".join([tr("A game of **{game}** finished in {channel}.").format(
                game=title, channel=marks.place(row.channel_id)), self.service.composer.standings(loaded)])
        self._spawn(self._post(channel, Reply(text=text, card=Card())))  # nobody is pinged: a card

    async def _post(self, channel: int, reply: Reply) -> None:
        # the outbox retries and gives up on a channel that is gone or refuses: the game is over either way
        if not await self.service.outbox.post(channel, reply):
            log.warning("the result could not be posted in channel %s", channel)

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """A post nobody waits for: the move that ended the game is answered at once."""
        task = asyncio.get_running_loop().create_task(self._logged(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _logged(work: Coroutine[Any, Any, Any]) -> None:
        try:
            await work
        except Exception:
            failures.report(log, "the post of a result in the results channel failed")

    async def settle_posts(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

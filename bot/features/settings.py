"""`/settings`: a server's defaults, shown and set by a member who may manage the server.

An extension of the table service (`service.extend(ServerSettingsFeature(service))`):

- threads: whether /open makes a thread for each new table (what `/threads` sets; it stays as
  a shorter way to say the same);
- a default turn deadline, reminder and timeout, which `/open` gives a table whose opener names
  none (read by bot/features/timing.py with its one parser: a solo game keeps no deadline);
- the channels where `/open` may open tables, and in their threads (none listed: everywhere);
- a results channel, where a finished game's result is posted as well as at its table;
- a role pinged once, in the lobby message, when a new table seeks players.

Nothing set, Isles behaves as it did before /settings existed. Every value is stored through
db/server_settings.py (migration 050); a bad value is refused with one private line and
nothing of that call is changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from bot.core import failures, marks, places
from bot.core.commands import CHANNEL, ROLE, Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from bot.features.timing import describe_settings, parse_settings
from db.server_settings import ServerSettings, ServerSettingsStore, SettingsChange
from db.timing import TimingSettings
from games import registry
from games.base import IllegalMove

log = logging.getLogger(__name__)

CLEARABLE = ("threads", "deadline", "reminder", "timeout", "open_in", "results", "seek_role", "all")

COMMANDS = (
    Command("settings", "Server settings (Manage Server): alone shows them; each option sets one", (
        Param("threads", "Open a thread for each new table: on (the default) or off", choices=("on", "off")),
        Param("deadline", "Turn deadline of new tables when /open names none: e.g. 2d, 12h, or none"),
        Param("reminder", "Reminder before that deadline: e.g. 6h, half, or none"),
        Param("timeout", "At that deadline: ai (the computer plays the turn) or forfeit-N"),
        Param("open_in_add", "Let /open open tables in this channel (none listed: any channel)", kind=CHANNEL),
        Param("open_in_remove", "Take this channel off the channels where /open opens tables", kind=CHANNEL),
        Param("results", "Also post every finished game's result in this channel", kind=CHANNEL),
        Param("seek_role", "Ping this role once when a new table seeks players", kind=ROLE),
        Param("clear", "Set one setting back to how it was before /settings (all: every one)", choices=CLEARABLE),
    )),
)

NOT_MANAGER = "Only members who may manage this server see and change its settings."
TIMING_NAMES = ("deadline", "reminder", "timeout")
COLUMN_OF = {"deadline": "default_deadline", "reminder": "default_reminder", "timeout": "default_timeout",
             "results": "results_channel", "seek_role": "seek_role"}


def channel_of(name: str, typed: str) -> int:
    """The channel an option names: the adapter's mark of it (Discord's picker), or its id."""
    found = marks.place_of(typed)
    if found is None and typed.strip().isdecimal():
        found = int(typed.strip())
    if found is None:
        raise IllegalMove(f"`{name}` is a channel of this server: pick one in the list.")
    return found


def role_of(name: str, typed: str) -> int:
    found = marks.role_of(typed)
    if found is None and typed.strip().isdecimal():
        found = int(typed.strip())
    if found is None:
        raise IllegalMove(f"`{name}` is a role of this server: pick one in the list.")
    return found


def timing_of(server: ServerSettings) -> tuple[str | None, str | None, str | None]:
    return server.default_deadline, server.default_reminder, server.default_timeout


def describe(server: ServerSettings) -> str:
    """The server's settings in words, one line each."""
    lines = ["The settings of this server:"]
    if server.threads:
        lines.append("Threads: on. Each new table opens a thread of its own.")
    else:
        lines.append("Threads: off. A new table stays in the channel where it was opened.")
    if any(timing_of(server)):
        timing = parse_settings(TimingSettings(), *(word or "" for word in timing_of(server)))
        lines.append(f"New tables, unless /open says otherwise: {describe_settings(timing)}")
    else:
        lines.append("New tables, unless /open says otherwise: each game's own timing (a 24-hour turn deadline, "
                     "the computer playing a missed turn).")
    if server.open_channels:
        where = ", ".join(marks.place(channel) for channel in server.open_channels)
        lines.append(f"Tables open in: {where}, and in their threads.")
    else:
        lines.append("Tables open in: any channel.")
    if server.results_channel is not None:
        lines.append(f"Results: posted at their table and in {marks.place(server.results_channel)}.")
    else:
        lines.append("Results: posted at their table only.")
    if server.seek_role is not None:
        lines.append(f"A new table seeking players pings {marks.role(server.seek_role)} once.")
    else:
        lines.append("A new table seeking players pings nobody.")
    lines.append("Change one with /settings and its option; /settings clear: sets one back.")
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
            raise IllegalMove(NOT_MANAGER)
        values = {name: value.strip() for name, value in values.items() if value.strip()}
        server = await self.db.get(caller.guild_id)
        if not values:
            return Reply(private=describe(server))
        change = self._change(server, values)
        await self.db.change(caller.guild_id, change)
        return Reply(private="Saved.\n" + describe(await self.db.get(caller.guild_id)))

    @staticmethod
    def _change(server: ServerSettings, values: dict[str, str]) -> SettingsChange:
        """What the options ask, checked whole before anything is written."""
        cleared = values.pop("clear", "").lower()
        clears = set(CLEARABLE[:-1]) if cleared == "all" else {cleared} - {""}
        given = set(values) | ({"open_in"} if {"open_in_add", "open_in_remove"} & set(values) else set())
        both = clears & given
        if both:
            raise IllegalMove(f"`{sorted(both)[0]}` is both set and cleared here: do one or the other.")
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
        for name in ("results", "seek_role"):
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
            raise IllegalMove(f"Tables open in {where} on this server, and in their threads: use /open there.")

    async def open_reply(self, loaded: Loaded, reply: Reply) -> None:
        cls = registry.get(loaded.row.game)
        if cls.max_players == 1 or places.maker() is not None:  # nobody to seek
            return
        role = (await self.db.get(loaded.row.guild_id)).seek_role
        if role is None:
            return
        reply.text += "\n" + f"{marks.role(role)}: a table of {cls.title} seeks players."
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
        text = "\n".join([f"A game of **{title}** finished in {marks.place(row.channel_id)}.",
                          self.service.composer.standings(loaded)])
        self._spawn(self._post(channel, Reply(text=text)))

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

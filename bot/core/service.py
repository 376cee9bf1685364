"""The table service: the one code path every adapter goes through (bot/README.md).

`TableService` is a facade. On what every call shares (`hub.Hub`: the store, the locks, the
tables kept in memory, the listeners, loading and writing) it dispatches commands and buttons;
each concern is a collaborator in a module of its own, which reaches the others through the service:

- `lobby.Lobby`          tables opened, seats taken and left, the game started or cancelled
- `moves.MovePath`       a person's move checked, played and written; the computer seats
- `seats.Seats`          resignations, forfeits and the moves made for a seat that missed one
- `composing.Composer`   the board message and the answers of /moves, /hand, /board, /rules
- `suggestions`          autocomplete: moves, games, options
- `logbook.Logbook`      the standing moves, their replayed log, /history and the log file
- `pages.PageView`       what a board page shows one person

Games are kept in memory by table and version, so autocomplete answers at once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

import lang
from bot.core import marks, metrics, places
from bot.core.commands import CHANNEL, COMMANDS, ROLE, USER, Command
from bot.core.composing import Composer, draw_off_loop, ended_line
from bot.core.extension import Extension
from bot.core.hub import Hub, utcnow
from bot.core.lobby import Lobby
from bot.core.logbook import Logbook
from bot.core.moves import GONE_HERE, MovePath, ended, position_rng
from bot.core.pages import PageView
from bot.core.replies import Caller, Reply, parse_custom_id
from bot.core.seats import Seats
from bot.core.suggestions import Suggestions
from bot.core.tables import Loaded
from db.store import Store
from games.base import IllegalMove, is_number
from lang import tr

# names other modules take from here since before the collaborators had modules of their own
__all__ = ["TableService", "draw_off_loop", "ended_line", "position_rng", "utcnow"]

log = logging.getLogger(__name__)

# which collaborator answers each of the core's commands
OWNERS = {"open": "lobby", "join": "lobby", "leave": "lobby", "addai": "lobby", "start": "lobby", "cancel": "lobby",
          "move": "moves", "resign": "seats", "moves": "composer", "board": "composer", "hand": "composer",
          "rules": "composer", "history": "logbook"}


class part:
    """A method of the service that is one of its collaborator's (`service.<part>.<name>`)."""

    def __init__(self, owner: str):
        self.owner = owner

    def __set_name__(self, cls: type, name: str) -> None:
        self.name = name

    def __get__(self, service: Any, cls: type | None = None) -> Any:
        return self if service is None else getattr(getattr(service, self.owner), self.name)


def typed(kind: str, value: Any) -> str:
    """An option as a command reads it: text without the characters of the core's marks, but a
    member, channel or role picked from the platform's list (a USER, CHANNEL or ROLE option) as the
    mark the adapter made of it."""
    text = str(value)
    picked = {USER: marks.person_of, CHANNEL: marks.place_of, ROLE: marks.role_of}.get(kind)
    if picked is not None and picked(text) is not None:
        return text.strip()
    return marks.clean(text)


def parts(owner: str, count: int) -> tuple[part, ...]:
    """`count` methods of one collaborator, each named by the attribute it is assigned to."""
    return tuple(part(owner) for _ in range(count))


class TableService(Hub):
    def __init__(
        self, store: Store, *, clock: Callable[[], datetime] = utcnow, draw_images: bool = True,
        seeds: Callable[[], int] | None = None,
    ):
        super().__init__(store, clock=clock, draw_images=draw_images, seeds=seeds)
        self.lobby, self.moves, self.seats = Lobby(self), MovePath(self), Seats(self)
        self.composer, self.suggestions, self.logbook, self.pages = (
            Composer(self), Suggestions(self), Logbook(self), PageView(self))
        self._commands: dict[str, tuple[Command, Any]] = {
            c.name: (c, getattr(self, OWNERS[c.name]) if c.name in OWNERS else self) for c in COMMANDS}

    # -- what the collaborators offer, as the service's own --------------------------------
    cmd_open, cmd_start, cmd_cancel, lobby_reply, lobby_table, open_problem = parts("lobby", 6)
    move, active_table, caller_seat, computer_seats, play_owed, ai_suggestion = parts("moves", 6)
    forfeit, play_for = parts("seats", 2)
    turn_reply, board_image, board_alt = parts("composer", 3)
    suggest_moves, suggest_games, suggest_options, suggest_zones = parts("suggestions", 4)
    standing_moves, log_of, replayed = parts("logbook", 3)
    page_data, page_preview, replayed_after = parts("pages", 3)

    def extend(self, extension: Extension) -> None:
        """Add an extension: its commands, its /open options, its buttons and every hook of
        `bot.core.extension.Extension` (on_event hears every change of a table)."""
        self.extensions.append(extension)
        for command in extension.commands:
            self._commands[command.name] = (command, extension)
        extra = tuple(extension.open_params)
        if extra:  # more options for /open, read by the extension's check_open/after_open
            command, owner = self._commands["open"]
            self._commands["open"] = (replace(command, params=command.params + extra), owner)
        self.listeners.append(extension.on_event)

    def commands(self) -> list[Command]:
        """Every command this service answers, for adapters to offer."""
        return [command for command, _ in self._commands.values()]

    async def language_of(self, caller: Caller) -> str:
        """The language of the caller's private answers; with the store away, what the call itself
        tells (the answer then says the store is away, in words the person reads)."""
        try:
            return await self.person_language(caller)
        except Exception:
            return lang.code(caller.locale or caller.guild_locale)

    # -- entry points ------------------------------------------------------------------
    async def handle(self, caller: Caller, command: str, args: dict[str, Any] | None = None,
                     make_place: places.PlaceMaker | None = None) -> Reply:
        """One command from any adapter. Never raises for bad input: it answers privately.
        `make_place`: how the adapter makes a place of the caller's own, for a command that has one
        (`Command.place`). Answered in the caller's language (`Hub.person_language`)."""
        with lang.using(await self.language_of(caller)):
            return await self._handle(caller, command, args, make_place)

    async def _handle(self, caller: Caller, command: str, args: dict[str, Any] | None,
                      make_place: places.PlaceMaker | None) -> Reply:
        args = {k: v for k, v in (args or {}).items() if v is not None}
        spec, owner = self._commands.get(command, (None, None))
        if spec is None:
            names = ", ".join(f"/{name}" for name in self._commands)
            return Reply.error(tr("There is no command /{command}. Commands: {names}.").format(command=command, names=names))
        kinds = {p.name: p.kind for p in spec.params}
        for name in args:
            if name not in kinds:
                return Reply.error(tr("/{command} has no option `{name}`.").format(command=command, name=name))
        for param in spec.params:
            if param.required and not str(args.get(param.name, "")).strip():
                described = tr(param.description)  # as a clause: English lowers it whole, as it always did
                described = described.lower() if lang.current() == lang.ENGLISH else described[:1].lower() + described[1:]
                return Reply.error(tr("/{command} needs `{name}`: {description}.").format(
                    command=command, name=param.name, description=described))
            if param.choices and param.name in args and str(args[param.name]).lower() not in param.choices:
                return Reply.error(tr("`{name}` is one of: {choices}.").format(name=param.name,
                                                                            choices=", ".join(param.choices)))
        method = getattr(owner, f"cmd_{command}")
        with places.making(make_place if spec.place else None), metrics.answering("command"):
            return await self.answer(method(caller, **{k: typed(kinds[k], v) for k, v in args.items()}))

    async def press(self, caller: Caller, component_id: str, values: Sequence[str] = ()) -> Reply:
        """A button or a select menu, by its custom id (a form's typed text among its values)."""
        values = [marks.clean(str(value)) for value in values]
        with lang.using(await self.language_of(caller)), metrics.answering("button"):
            return await self.answer(self._press(caller, marks.clean(component_id), values))

    async def _press(self, caller: Caller, component_id: str, values: Sequence[str]) -> Reply:
        parsed = parse_custom_id(component_id)
        if parsed is None:
            return Reply.error(tr("This button is not one of Isles'."))
        kind, table_id, version, payload = parsed
        for extension in self.extensions:
            handler = extension.press_handler(kind)
            if handler is not None:
                try:
                    return await handler(caller, table_id, version, payload, values)
                except IllegalMove as why:
                    return Reply.error(str(why))
        loaded = await self.table(table_id)
        if loaded is None or loaded.row.channel_id != caller.channel_id:
            return Reply.error(tr(GONE_HERE))
        if kind == "hist":  # the log stays readable once the game is over
            return await self.logbook.history_page(caller, loaded, int(payload) if is_number(payload) else 0)
        if kind == "log":
            return await self.logbook.history_file(caller, loaded)
        if loaded.row.status not in ("lobby", "active"):
            return Reply.error(ended(loaded.row.status))
        try:
            return await self._pressed(kind, caller, loaded, version, payload, values)
        except IllegalMove as why:
            return Reply.error(str(why))

    async def _pressed(self, kind: str, caller: Caller, loaded: Loaded, version: int | None, payload: str,
                       values: Sequence[str]) -> Reply:
        """A button of the core's at a table in its lobby or under way."""
        chosen = values[0] if values else ""
        if kind == "s" and not values:
            return Reply.error(tr("Choose a move in the menu."))
        if kind == "f" and not chosen.strip():  # a form: the player completes the move's text
            return Reply.error(tr("The form was empty, so nothing was played."))
        if kind == "mv" and version != loaded.version:  # a page of /moves, for the table as it was when listed
            return Reply.error(tr("The table has moved on since that list: /moves lists your moves now."))
        page, _, typed = payload.partition(":")
        pressed: dict[str, Callable[[], Awaitable[Reply]]] = {
            "join": lambda: self.lobby.cmd_join(caller),
            "ai": lambda: self.lobby.cmd_addai(caller),
            "start": lambda: self.lobby.cmd_start(caller),
            "board": lambda: self.composer.cmd_board(caller),
            "ls": lambda: self.composer.menus(caller, loaded),
            "m": lambda: self.moves.play(caller, payload, version),
            "s": lambda: self.moves.play(caller, chosen, version),
            "resign": lambda: self.seats.cmd_resign(caller, confirmed=True),  # confirms a 2-player /resign
            "cxl": lambda: self.lobby.cmd_cancel(caller),  # agrees to a request to cancel the game
            "cxlno": lambda: self.lobby.keep_playing(caller),
            "mv": lambda: self.composer.cmd_moves(caller, typed, page),
            # a public action, or a form: the presser's own move, checked against the table as it is now
            "a": lambda: self.moves.play(caller, payload, None),
            "f": lambda: self.moves.play(caller, chosen, None),
        }
        if kind not in pressed:
            return Reply.error(tr("This button is not one of Isles'."))
        return await pressed[kind]()

    # -- settings ------------------------------------------------------------------------
    async def cmd_threads(self, caller: Caller, enabled: str) -> Reply:
        if not caller.can_manage:
            raise IllegalMove(tr("Only members who may manage this server change its settings."))
        on = enabled.lower() == "on"
        await self.store.set_guild_threads(caller.guild_id, on)
        if on:
            return Reply(private=tr("New tables open their own thread."))
        return Reply(private=tr("New tables stay in the channel where they are opened."))

    async def wants_thread(self, guild_id: int) -> bool:
        return await self.store.guild_threads(guild_id)

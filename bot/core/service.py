"""The table service: the one code path every adapter goes through (DESIGN.md).

It loads a channel's table, asks the game whether a seat may make a move, writes the move
and the new state in one transaction, renders the board off the event loop and returns a
`Reply`. Games are kept in memory by table and version, so autocomplete answers at once.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import shlex
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from typing import Any

import render
from bot.core import calls, failures, history, marks, places, recap, replay
from bot.core.cache import TableCache
from bot.core.commands import COMMANDS, Command
from bot.core.extension import Extension
from bot.core.move_list import moves_page
from bot.core.replies import (
    SAVED_BUT,
    SAVED_STORE_AWAY,
    Attachment,
    Button,
    Caller,
    Menu,
    Outbox,
    Reply,
    custom_id,
    parse_custom_id,
)
from bot.core.standings import standings_text
from bot.core.tables import Loaded
from bot.core.turn_buttons import turn_buttons
from db.errors import StoreUnavailable
from db.store import ChannelBusy, MoveRow, SeatRow, StaleVersion, Store, TableRow
from games import registry
from games.base import (
    TYPED_MOVE_LIMIT,
    Game,
    IllegalMove,
    Outcome,
    count_text,
    fill_names,
    is_number,
    parse_options,
    players_text,
    rank_by,
)

log = logging.getLogger(__name__)

AI_MOVES_PER_CALL = 5000  # a safety stop: no game needs this many computer moves in a row
COMPUTER_RETRIES = 3  # times the computers play on after another process wrote their table first
NO_GAME = "There is no game in this channel. Open a table with /open."
QUOTED = 40  # a refusal quotes at most this much of what was typed
REFUSAL_CHARS = 600  # a game's reason is a sentence or two; a longer one quotes too much of the typing
OUR_FAULT = ("Something went wrong on our side with `{typed}`, so nothing was played and the table is as it was. "
             "It has been logged for us; /moves lists what you can play.")
OWED = "The computer players had not moved yet (the bot was interrupted); they have now:"
NOT_PLAYED = "Your move `{typed}` was not played: the board changed first. Look at it, then send your move again."
MOVED_ON = "The table moved on while your move was on its way, so nothing was played. Look at the board and try again."
GONE_HERE = "This button belongs to a table that no longer exists here."
ENDED = "This table is {status}; its buttons do nothing now."
MOVES_KEPT = 64  # tables whose standing moves are kept for the answer being made (a few at once)
LOGS_KEPT = 64  # tables whose replayed log is kept, to be continued by their next moves


# Pictures are drawn on threads of their own, so that nothing else queued on the default pool
# (file reads, other work handed to threads) stands between a move and its board.
RENDER_THREADS = 2
_render_pool = ThreadPoolExecutor(RENDER_THREADS, thread_name_prefix="isles-render")


def position_rng(seed: int, game: Game, seat: int) -> random.Random:
    """The computer's generator for `seat` at this position: the table's seed and what that seat
    may see (its view), never the others' hidden cards nor the dice to come. So taking a move back
    and making it again meets the same answer, and a card the seat cannot see changes nothing."""
    seen = json.dumps(game.view(seat), sort_keys=True, separators=(",", ":"))
    return random.Random(hashlib.sha256(f"{seed}:{seat}:{seen}".encode()).hexdigest())


def quoted(typed: str) -> str:
    """What a refusal may quote of a player's text: a short prefix."""
    return typed if len(typed) <= QUOTED else typed[: QUOTED - 1] + "…"


def refusal(reason: str, typed: str) -> str:
    """A game's reason, with the typed text in it shortened (a pasted page must not come back four times)."""
    if len(typed) > QUOTED:
        reason = reason.replace(typed, quoted(typed))
    return _shortened(reason, REFUSAL_CHARS)


async def draw_off_loop(draw: Callable[..., bytes], *args: Any) -> bytes:
    """draw(*args) on the render threads."""
    return await asyncio.get_running_loop().run_in_executor(_render_pool, partial(draw, *args))


def utcnow() -> datetime:
    return datetime.now(UTC)


def parse_option_text(text: str) -> dict[str, str]:
    """`target=12 board=beginner` -> {"target": "12", "board": "beginner"}."""
    values: dict[str, str] = {}
    try:
        words = shlex.split(text or "")
    except ValueError:
        raise IllegalMove("Options could not be read: a quote is not closed.") from None
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise IllegalMove(f"Options are written name=value, and `{word}` is not.")
        values[name.strip().lower()] = value.strip()
    return values


def final_ranks(outcome: Outcome | None, players: int, resigned: set[int]) -> list[int]:
    """The game's ranks with resigned seats moved below everyone who played on."""
    base = outcome.ranks if outcome else [1] * players
    return rank_by([(seat not in resigned, -base[seat]) for seat in range(players)])


class TableService:
    def __init__(
        self, store: Store, *, clock: Callable[[], datetime] = utcnow, draw_images: bool = True,
        seeds: Callable[[], int] | None = None,
    ):
        self.store = store
        self.seeds = seeds or (lambda: random.SystemRandom().randrange(1, 2**53))
        self.clock = clock
        self.draw_images = draw_images
        self._cache = TableCache()  # active tables only, least recently used dropped first
        # a lock lives while a task holds or awaits it, then goes with its table
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._dirty: set[int] = set()  # tables written since listeners were last told
        self._unheard: set[int] = set()  # tables a listener could not take in (the database away)
        self._logs: OrderedDict[int, history.Log] = OrderedDict()  # a table's latest replayed log (log_of)
        self._moves: OrderedDict[int, tuple[int, list[MoveRow]]] = OrderedDict()  # standing_moves's
        self._commands: dict[str, tuple[Command, Any]] = {c.name: (c, self) for c in COMMANDS}
        self.extensions: list[Extension] = []
        self.outbox: Outbox | None = None  # set by the adapter that runs the service
        # async callbacks (event, Loaded) after each write; the event is "changed", the row tells the rest
        self.listeners: list[Callable[[str, Loaded], Any]] = []

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

    async def _emit(self, event: str, loaded: Loaded | None) -> None:
        if loaded is None:
            return
        for listener in self.listeners:
            try:
                await listener(event, loaded)
            except Exception as error:  # a listener's failure must never undo or block a move
                failures.report(log, "listener failed on %s of table %s", event, loaded.row.id)
                if failures.away(error):  # heard again at the next flush: a deadline must not be lost
                    self._unheard.add(loaded.row.id)

    # -- the public table API: what features and adapters build on ----------------------
    def table_lock(self, table_id: int) -> asyncio.Lock:
        """The lock every change of this table is made under."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        """The lock of a channel's lobby (seats come and go before the table has a game)."""
        return self.table_lock(-channel_id)

    def is_busy(self, table_id: int, channel_id: int) -> bool:
        """Whether a change of this table, or of its channel's lobby, is under way right now."""
        locks = (self._locks.get(table_id), self._locks.get(-channel_id))
        return any(lock.locked() for lock in locks if lock is not None)

    def forget(self, table_id: int) -> None:
        """Drop the table from memory: it was changed behind the service's back (a take-back, a move
        to another channel), so the next read comes from the store."""
        self._cache.pop(table_id, None)

    def mark_changed(self, table_id: int) -> None:
        """The table was written outside `write`: listeners hear of it at the next `flush_events`."""
        self._dirty.add(table_id)

    async def flush_events(self) -> None:
        """Tell the listeners about every table written since the last call (outside any lock)."""
        try:
            while self._dirty:
                table_id = self._dirty.pop()
                try:
                    loaded = await self.table(table_id)
                except BaseException:
                    self._dirty.add(table_id)  # told at the next flush: a deadline must not be lost with it
                    raise
                await self._emit("changed", loaded)
        finally:
            self._dirty |= self._unheard
            self._unheard.clear()

    async def _flush_quietly(self) -> None:
        """flush_events at the end of a call, whose answer a failure here must not change."""
        try:
            await self.flush_events()
        except Exception as error:  # noqa: BLE001 - the tables stay marked and are told at the next flush
            log.warning("listeners not yet told of changed tables: %r", error)

    async def answer(self, work: Awaitable[Reply | None], refusals: bool = True) -> Reply | None:
        """Run one call and make its answer true to what it saved: a refusal is a private reason
        (raised instead, unless `refusals`); a failure after the call saved a change says the change
        stands (its post is composed from the saved table), since a person told "nothing was saved"
        plays again; a failure before any save is raised for the adapter to tell. The answer is
        marked with the changes it tells."""
        with calls.calling() as call:
            try:
                reply = await work
            except IllegalMove as why:  # a refusal, even after a write it meant (a daily whose day is over)
                if not refusals:
                    raise
                reply = Reply.error(str(why))
            except Exception as error:
                saved = call.saved()
                if saved is None:
                    raise
                reply = self._saved_anyway(*saved, error)
            finally:
                await self._flush_quietly()
            return call.told(reply) if reply is not None else None

    def _saved_anyway(self, table_id: int, done: calls.Written, error: Exception) -> Reply:
        if isinstance(error, StoreUnavailable):
            log.warning("table %s: a change is saved, and the database went before it was shown: %s", table_id, error)
            text = SAVED_STORE_AWAY
        else:
            log.error("table %s: a change is saved, and showing it failed", table_id, exc_info=error)
            text = SAVED_BUT
        self._cache.pop(table_id, None)  # read again from the store, which holds what counted
        return Reply(private=text, table_id=table_id, version=done.version, since=done.since, unshown=True)

    async def standing_moves(self, loaded: Loaded) -> list[MoveRow]:
        """The moves that stand at the table's version as loaded; read once per version, since the
        recap of a turn and the take-back offer both need them in the answer to one move."""
        key = loaded.row.id
        kept = self._moves.get(key)
        if kept is None or kept[0] != loaded.version:
            kept = (loaded.version, await self.store.moves(key))
            self._moves[key] = kept
            self._moves.move_to_end(key)
            while len(self._moves) > MOVES_KEPT:
                self._moves.popitem(last=False)
        return list(kept[1])

    async def log_of(self, loaded: Loaded) -> list[history.Entry]:
        """The log's entries at the table's version as loaded, each move with its public form. The
        replay is kept and continued by the next moves, so the recap of a turn, /history and the
        board pages after every move each replay only what is new."""
        moves = await self.standing_moves(loaded)
        key = loaded.row.id
        kept = self._logs.pop(key, None)
        if kept is not None and kept.moves == tuple((m.n, m.seat, m.move) for m in moves):
            made = kept
        else:
            made = history.continued(kept, loaded.row, loaded.names(), moves)
        self._logs[key] = made
        while len(self._logs) > LOGS_KEPT:
            self._logs.popitem(last=False)
        return made.entries

    async def replayed(self, table_id: int) -> Game:
        """The table's game as its seed and standing moves make it."""
        return await replay.replay(self.store, table_id)

    # -- loading -----------------------------------------------------------------------

    async def _load_row(self, row: TableRow) -> Loaded:
        cached = self._cache.get(row.id)
        if cached and cached.version == row.version:
            return cached
        seats = await self.store.seats(row.id)
        game = registry.get(row.game).load(row.state) if row.state else None
        loaded = Loaded(row, seats, game)
        self._cache[row.id] = loaded
        return loaded

    async def _table_here(self, channel_id: int) -> Loaded | None:
        row = await self.store.open_table(channel_id)
        return await self._load_row(row) if row else None

    async def _latest_here(self, channel_id: int) -> Loaded | None:
        row = await self.store.latest_table(channel_id)
        return await self._load_row(row) if row else None

    async def _nothing_open(self, channel_id: int, otherwise: str) -> str:
        """Why no table takes this here: the channel's game is over, else `otherwise`."""
        row = await self.store.latest_table(channel_id)
        if row is not None and row.status == "finished":
            return (f"The game of {self.game_title(row.game)} in this channel is over: /board shows the final "
                    "board and /history the moves; /open starts a new table.")
        return otherwise

    async def table(self, table_id: int) -> Loaded | None:
        """The table as it is saved now (from memory when the cached copy is current)."""
        row = await self.store.table(table_id)
        return await self._load_row(row) if row else None

    # -- entry points ------------------------------------------------------------------
    async def handle(self, caller: Caller, command: str, args: dict[str, Any] | None = None,
                     make_place: places.PlaceMaker | None = None) -> Reply:
        """One command from any adapter. Never raises for bad input: it answers privately.
        `make_place`: how the adapter makes a place of the caller's own, for a command that has one
        (`Command.place`)."""
        args = {k: v for k, v in (args or {}).items() if v is not None}
        spec, owner = self._commands.get(command, (None, None))
        if spec is None:
            names = ", ".join(f"/{name}" for name in self._commands)
            return Reply.error(f"There is no command /{command}. Commands: {names}.")
        known = {p.name for p in spec.params}
        for name in args:
            if name not in known:
                return Reply.error(f"/{command} has no option `{name}`.")
        for param in spec.params:
            if param.required and not str(args.get(param.name, "")).strip():
                return Reply.error(f"/{command} needs `{param.name}`: {param.description.lower()}.")
            if param.choices and param.name in args and str(args[param.name]).lower() not in param.choices:
                return Reply.error(f"`{param.name}` is one of: {', '.join(param.choices)}.")
        method = getattr(owner, f"cmd_{command}")
        with places.making(make_place if spec.place else None):
            return await self.answer(method(caller, **{k: str(v) for k, v in args.items()}))

    async def press(self, caller: Caller, component_id: str, values: Sequence[str] = ()) -> Reply:
        """A button or a select menu, by its custom id."""
        return await self.answer(self._press(caller, component_id, values))

    async def _press(self, caller: Caller, component_id: str, values: Sequence[str]) -> Reply:
        parsed = parse_custom_id(component_id)
        if parsed is None:
            return Reply.error("This button is not one of Isles'.")
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
            return Reply.error(GONE_HERE)
        if kind == "hist":  # the log stays readable once the game is over
            return await self._history_page(caller, loaded, int(payload) if is_number(payload) else 0)
        if kind == "log":
            return await self._history_file(caller, loaded)
        if loaded.row.status not in ("lobby", "active"):
            return Reply.error(ENDED.format(status=loaded.row.status))
        try:
            if kind == "join":
                return await self.cmd_join(caller)
            if kind == "ai":
                return await self.cmd_addai(caller)
            if kind == "start":
                return await self.cmd_start(caller)
            if kind == "board":
                return await self.cmd_board(caller)
            if kind == "ls":
                return await self._menus(caller, loaded)
            if kind == "m":
                return await self._move(caller, payload, expected=version)
            if kind == "s":
                if not values:
                    return Reply.error("Choose a move in the menu.")
                return await self._move(caller, values[0], expected=version)
            if kind == "resign":  # the confirmation of a 2-player /resign
                return await self.cmd_resign(caller, confirmed=True)
            if kind == "mv":  # a page of /moves, for the table as it was when listed
                if version != loaded.version:
                    return Reply.error("The table has moved on since that list: /moves lists your moves now.")
                page, _, typed = payload.partition(":")
                return await self.cmd_moves(caller, typed, page)
            if kind == "a":  # a public action: the presser's own move, checked against the table as it is now
                return await self._move(caller, payload, expected=None)
            if kind == "f":  # a form: the player completed the move's text
                if not values or not values[0].strip():
                    return Reply.error("The form was empty, so nothing was played.")
                return await self._move(caller, values[0], expected=None)
        except IllegalMove as why:
            return Reply.error(str(why))
        return Reply.error("This button is not one of Isles'.")

    async def suggest_moves(self, caller: Caller, current: str, limit: int | None = None) -> list[str]:
        """Legal moves of the caller that match what they typed: prefix matches first; at most
        `limit` (as many as the adapter can show)."""
        row = await self.store.open_table(caller.channel_id)
        if row is None or row.status != "active":
            return []
        loaded = await self._load_row(row)
        mine = loaded.seat_of(caller.user_id)
        if mine is None or mine.seat is None or loaded.game is None or mine.resigned:
            return []
        moves = loaded.game.legal_moves(mine.seat)
        typed = Game.normalize(current)
        if not typed:
            return moves[:limit]
        first = [m for m in moves if m.startswith(typed)]
        then = [m for m in moves if typed in m and not m.startswith(typed)]
        if not first and not then:
            words = typed.split()
            then = [m for m in moves if all(w in m for w in words)]
        return (first + then)[:limit]

    def suggest_games(self, current: str) -> list[tuple[str, str]]:
        typed = current.strip().lower()
        return [
            (f"{game.title} ({players_text(game.min_players, game.max_players).replace(' to ', '-')})", key)
            for key, game in registry.available().items()
            if typed in key or typed in game.title.lower()
        ]

    def suggest_options(self, game_key: str, current: str) -> list[str]:
        try:
            game = registry.get(game_key)
        except KeyError:
            return []
        done = current.rsplit(" ", 1)[0] + " " if " " in current.strip() else ""
        hints = []
        for spec in game.options:
            # every choice of an option that has a few (a board's layouts), else one example value
            values = spec.choices or ("on" if spec.default is True else spec.default,)
            hints += [f"{done}{spec.name}={value}".strip() for value in values]
        return hints

    # -- lobby -------------------------------------------------------------------------
    async def _read_open(self, caller: Caller, game: str, options: str, extra: dict[str, str]):
        try:
            cls = registry.get(registry.find(game))  # a key or a title, as a person types it
        except KeyError as missing:
            raise IllegalMove(missing.args[0]) from None
        parsed = parse_options(cls.options, parse_option_text(options))
        checked = []  # each extension's reading of its own /open options
        for extension in self.extensions:
            checked.append((extension, await extension.check_open(caller, cls, extra)))
        return cls, parsed, checked

    async def open_problem(self, caller: Caller, args: dict[str, Any]) -> str | None:
        """Why /open with these options would be refused, before an adapter makes a thread for it."""
        args = {k: str(v) for k, v in args.items() if v is not None}
        try:
            await self._read_open(caller, args.pop("game", ""), args.pop("options", ""), args)
        except IllegalMove as why:
            return str(why)
        except TypeError:
            return "/open was given an option it does not have."
        return None

    @staticmethod
    def game_title(key: str) -> str:
        try:
            return registry.get(key).title
        except KeyError:
            return key

    async def cmd_open(self, caller: Caller, game: str, options: str = "", *, seed: int | None = None,
                       **extra: str) -> Reply:
        """`seed` is for extensions (a daily deal); `handle` never passes it, since /open has no such option."""
        cls, parsed, checked = await self._read_open(caller, game, options, extra)
        seed = self.seeds() if seed is None else seed
        try:
            table_id = await self.store.create_table(
                guild_id=caller.guild_id, channel_id=caller.channel_id, game=cls.key, options=parsed,
                seed=seed, host_id=caller.user_id, host_name=caller.name, now=self.clock(),
            )
        except ChannelBusy:
            raise IllegalMove(
                "This channel already has a table. Finish or /cancel it, or open one in another channel or thread."
            ) from None
        self._dirty.add(table_id)
        notes = []
        for extension, values in checked:
            note = await extension.after_open(table_id, values)
            if note:
                notes.append(note)
        loaded = await self.table(table_id)
        reply = self.lobby_reply(loaded, f"**{caller.name}** opened a table of **{cls.title}**.")
        if notes:
            reply.text += "\n" + "\n".join(notes)
        return reply

    def lobby_reply(self, loaded: Loaded, headline: str) -> Reply:
        """The lobby message: who sits, the options, the buttons that can work now."""
        cls = registry.get(loaded.row.game)
        seated = ", ".join(s.name + (" (AI)" if s.is_ai else "") for s in loaded.seats) or "nobody"
        shown = [f"{k}={'on' if v is True else 'off' if v is False else v}" for k, v in loaded.row.options.items()]
        room = len(loaded.seats) < cls.max_players
        ready = cls.min_players <= len(loaded.seats) <= cls.max_players
        if cls.max_players == 1:
            how = "A solo game: the host starts it with /start or the button."
        else:
            how = (f"Join with /join or the button; the host starts with /start once "
                   f"{count_text(cls.min_players, 'player')} or more are seated.")
        lines = [
            headline,
            f"Seats ({len(loaded.seats)}/{cls.max_players}): {seated}.",
            f"Options: {' '.join(shown)}" if shown else "",
            how,
        ]
        table, version = loaded.row.id, loaded.version
        buttons = []  # only buttons that can work now: no Join at a full table, no Start before enough sit
        if room:
            buttons.append(Button("Join", custom_id("join", table, version), "primary"))
            buttons.append(Button("Add AI", custom_id("ai", table, version)))
        if ready:
            buttons.append(Button("Start", custom_id("start", table, version), "success"))
        return Reply(text="\n".join(x for x in lines if x), buttons=buttons, table_id=table, version=version)

    async def lobby_table(self, caller: Caller) -> Loaded:
        """The caller's channel's table while it waits for players, or IllegalMove."""
        loaded = await self._table_here(caller.channel_id)
        if loaded is None:
            raise IllegalMove("There is no table in this channel. Open one with /open.")
        if loaded.row.status != "lobby":
            raise IllegalMove("The game at this table has already started.")
        return loaded

    async def cmd_join(self, caller: Caller) -> Reply:
        async with self.channel_lock(caller.channel_id):
            loaded = await self.lobby_table(caller)
            if loaded.seat_of(caller.user_id):
                raise IllegalMove("You are already seated at this table.")
            cls = registry.get(loaded.row.game)
            if len(loaded.seats) >= cls.max_players:
                raise IllegalMove(f"The table is full: {cls.title} takes at most "
                                  f"{count_text(cls.max_players, 'player')}.")
            await self.write(loaded, self.store.add_seat, user_id=caller.user_id, name=caller.name)
            loaded = await self.table(loaded.row.id)
        return self.lobby_reply(loaded, f"**{caller.name}** sat down.")

    async def cmd_addai(self, caller: Caller) -> Reply:
        async with self.channel_lock(caller.channel_id):
            loaded = await self.lobby_table(caller)
            if not loaded.seat_of(caller.user_id) and not caller.can_manage:
                raise IllegalMove("Only a seated player can add a computer player.")
            cls = registry.get(loaded.row.game)
            if len(loaded.seats) >= cls.max_players:
                raise IllegalMove(f"The table is full: {cls.title} takes at most "
                                  f"{count_text(cls.max_players, 'player')}.")
            taken = {s.name for s in loaded.seats}
            name = next(f"Bot {n}" for n in range(1, 10) if f"Bot {n}" not in taken)
            await self.write(loaded, self.store.add_seat, user_id=None, name=name)
            loaded = await self.table(loaded.row.id)
        return self.lobby_reply(loaded, f"**{name}**, a computer player, sat down.")

    async def cmd_leave(self, caller: Caller) -> Reply:
        async with self.channel_lock(caller.channel_id):
            loaded = await self._table_here(caller.channel_id)
            if loaded is None:
                raise IllegalMove("There is no table in this channel.")
            if loaded.row.status == "active":
                raise IllegalMove("The game has started: use /resign to give up your seat.")
            mine = loaded.seat_of(caller.user_id)
            if mine is None:
                raise IllegalMove("You are not seated at this table.")
            if caller.user_id == loaded.row.host_id:
                raise IllegalMove("You are the host: /cancel the table instead of leaving it.")
            await self.write(loaded, self.store.remove_seat, mine.position)
            loaded = await self.table(loaded.row.id)
        return self.lobby_reply(loaded, f"**{caller.name}** left the table.")

    async def cmd_cancel(self, caller: Caller) -> Reply:
        async with self.channel_lock(caller.channel_id):
            loaded = await self._table_here(caller.channel_id)
            if loaded is None:
                raise IllegalMove(await self._nothing_open(caller.channel_id, "There is no table in this channel."))
            if caller.user_id != loaded.row.host_id and not caller.can_manage:
                raise IllegalMove("Only the host or someone who may manage this channel can cancel the table.")
            await self.write(loaded, self.store.set_status, "cancelled")
        lines = [f"**{caller.name}** cancelled the table of {registry.get(loaded.row.game).title}."]
        for extension in self.extensions:  # e.g. a started solo game counts as lost
            lines.append(await extension.cancel_note(loaded))
        return Reply(text=" ".join(filter(None, lines)), table_id=loaded.row.id)

    async def cmd_start(self, caller: Caller) -> Reply:
        async with self.channel_lock(caller.channel_id):
            loaded = await self.lobby_table(caller)
            if caller.user_id != loaded.row.host_id:
                raise IllegalMove("Only the host starts the game.")
            cls = registry.get(loaded.row.game)
            count = len(loaded.seats)
            if not cls.min_players <= count <= cls.max_players:
                raise IllegalMove(f"{cls.title} needs {players_text(cls.min_players, cls.max_players)}; "
                                  f"{count} seated. Invite someone or /addai.")
            order = [s.position for s in loaded.seats]
            random.Random(loaded.row.seed).shuffle(order)
            seat_of_position = {position: seat for seat, position in enumerate(order)}
            game = cls.new(count, loaded.row.options, loaded.row.seed)
            await self.write(loaded, self.store.start, seat_of_position, game.dump())
            loaded = await self.table(loaded.row.id)
            headline = f"The game of **{cls.title}** begins. Seat order: " + ", ".join(loaded.names()) + "."
            headline = "\n".join([headline, *await self._play_computers(loaded)])
            loaded = await self.table(loaded.row.id)
        return await self.turn_reply(loaded, headline)

    # -- play --------------------------------------------------------------------------
    async def write(self, loaded: Loaded, method: Callable[..., Awaitable[int]], *args: Any, **kwargs: Any) -> int:
        """Run a store write `method(table_id, version, *args, now=..., **kwargs)` on this table as
        loaded; a table that moved on meanwhile refuses it with IllegalMove. Listeners hear of it."""
        try:
            version = await method(loaded.row.id, loaded.version, *args, now=self.clock(), **kwargs)
            calls.wrote(loaded.row.id, loaded.version, version)
            self._dirty.add(loaded.row.id)
            self._cache.pop(loaded.row.id, None)  # its copy is behind the store now
            return version
        except StaleVersion:
            self._cache.pop(loaded.row.id, None)
            raise IllegalMove(MOVED_ON) from None

    async def active_table(self, caller: Caller) -> Loaded:
        """The caller's channel's table with its game under way, or IllegalMove saying why not."""
        loaded = await self._table_here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(await self._nothing_open(caller.channel_id, NO_GAME))
        self._check_active(loaded)
        return loaded

    @staticmethod
    def _check_active(loaded: Loaded) -> None:
        if loaded.row.status != "active" or loaded.game is None:
            raise IllegalMove("The game at this table has not started yet: the host starts it with /start.")

    def caller_seat(self, loaded: Loaded, caller: Caller) -> SeatRow:
        """The caller's seat, if they are seated and still playing; else IllegalMove."""
        mine = loaded.seat_of(caller.user_id)
        if mine is None or mine.seat is None:
            raise IllegalMove("You are not seated at this table, so you cannot move here.")
        if mine.resigned:
            raise IllegalMove("You resigned from this game; the computer plays your seat now.")
        return mine

    async def cmd_move(self, caller: Caller, move: str) -> Reply:
        return await self._move(caller, move, expected=None)

    async def move(self, caller: Caller, text: str, expected_version: int | None = None, *,
                   table_id: int | None = None) -> Reply:
        """A person's move, however it came (typed, a button, a menu, the board page): played on the
        caller's channel's table if it is still at `expected_version` (None: as it is now) and, with
        `table_id`, still that table. Never raises for bad input: it answers privately."""
        return await self.answer(self._table_move(caller, text, expected_version, table_id))

    async def _table_move(self, caller: Caller, text: str, expected: int | None, table_id: int | None) -> Reply:
        if table_id is not None:
            loaded = await self.table(table_id)
            if loaded is None or loaded.row.channel_id != caller.channel_id:
                return Reply.error(GONE_HERE)
            if loaded.row.status not in ("lobby", "active"):
                return Reply.error(ENDED.format(status=loaded.row.status))
        try:
            return await self._move(caller, text, expected)
        except IllegalMove as why:
            return Reply.error(str(why))

    async def _move(self, caller: Caller, text: str, expected: int | None) -> Reply:
        move = Game.normalize(text)
        if not move:
            raise IllegalMove("Type a move; /moves lists yours.")
        if len(move) > TYPED_MOVE_LIMIT:
            raise IllegalMove(f"That move is {len(move)} characters long, and a move is at most {TYPED_MOVE_LIMIT} "
                              f"(it starts `{quoted(move)}`). /moves lists yours.")
        loaded = await self._table_here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(await self._nothing_open(caller.channel_id, NO_GAME))
        for extension in self.extensions:  # e.g. a daily attempt whose day is over takes no more moves
            await extension.check_move(loaded)
        seen = loaded.version
        async with self.table_lock(loaded.row.id):
            if self._cache.get(loaded.row.id) is loaded and loaded.version == seen:
                # nothing of this process wrote the table since it was read (every write of the
                # service moves the cached copy on or drops it): no second read of the row
                self._check_active(loaded)
            else:
                loaded = await self.active_table(caller)
            if expected is not None and expected != loaded.version:
                # said by buttons, menus and the board page alike: no adapter's words
                return Reply.error("That was offered for an earlier turn, and the table has moved on. "
                                   "Look at the table as it is now and choose again.")
            mine = self.caller_seat(loaded, caller)
            owed = await self._play_owed(loaded)
            if owed:  # the board moved on before this move: the person sees it before choosing
                reply = await self.turn_reply(loaded, "\n".join([OWED, *owed]), private_seat=mine.seat)
                reply.private = "\n".join(x for x in (NOT_PLAYED.format(typed=quoted(move)), reply.private) if x)
                return reply
            game, names = loaded.game, loaded.names()
            if mine.seat not in game.to_act() and not game.legal_moves(mine.seat):
                waiting = ", ".join(names[s] for s in game.to_act())
                raise IllegalMove(f"It is not your turn: the table waits for {waiting}.")
            before, mark = game.dump(), game.turn_mark()
            try:
                canonical = game.canonical(mine.seat, move)  # the log keeps this, never the text as typed
                game.play(mine.seat, move)
            except IllegalMove as why:  # play promises a refused move changed nothing: no reload
                raise IllegalMove(refusal(fill_names(str(why), names), move)) from None
            except Exception:
                log.exception("move %r at table %s raised", move[:200], loaded.row.id)
                self._restore(loaded, before)
                raise IllegalMove(OUR_FAULT.format(typed=quoted(move))) from None
            try:
                lines = [game.describe_move(mine.seat, canonical, names)]
            except Exception:  # played but not told: the move must not stand half-done
                log.exception("move %r at table %s raised", move[:200], loaded.row.id)
                self._restore(loaded, before)
                raise IllegalMove(OUR_FAULT.format(typed=quoted(move))) from None
            try:
                await self._record(loaded, mine.seat, caller.user_id, canonical)
            except BaseException:  # refused, failed or cancelled: the store did not take it, so neither does memory
                self._restore(loaded, before)
                raise
            if mark is not None and (game.is_over() or game.turn_mark() != mark):  # a turn ended
                lines += await self._recap(loaded, mark)
            lines += await self._play_computers(loaded)
            if loaded.row.status == "active":
                self._cache[loaded.row.id] = loaded  # as the store holds it now: not read again
            else:
                loaded = await self.table(loaded.row.id)
        reply = await self.turn_reply(loaded, "\n".join(lines), private_seat=mine.seat)
        return await self._touch("move_reply", reply, lambda e: e.move_reply(loaded, reply, mine.seat))

    async def _recap(self, loaded: Loaded, mark: Hashable) -> list[str]:
        """The line that retells the turn a move just ended, when it took several messages."""
        try:
            line = recap.recap_line(recap.earlier_steps(await self.log_of(loaded), mark))
        except Exception:  # a recap is a courtesy: the move stands and is told without it
            log.exception("recap of table %s failed", loaded.row.id)
            return []
        return [line] if line else []

    def _restore(self, loaded: Loaded, before: dict[str, Any]) -> None:
        """Put a table's game back as it was before a move that did not land, and forget the cached
        copy, so that the next call reads the table from the store, which never took the move."""
        loaded.game = registry.get(loaded.row.game).load(before)
        self._cache.pop(loaded.row.id, None)

    async def _record(self, loaded: Loaded, seat: int, user_id: int | None, move: str) -> None:
        game = loaded.game
        results = self._results(loaded) if game.is_over() else None
        try:
            version = await self.store.record_move(
                loaded.row.id, loaded.version, seat=seat, user_id=user_id, move=move,
                state=game.dump(), now=self.clock(), results=results,
            )
        except StaleVersion:
            self._cache.pop(loaded.row.id, None)
            raise IllegalMove(MOVED_ON) from None
        calls.wrote(loaded.row.id, loaded.version, version)
        self._dirty.add(loaded.row.id)
        loaded.row.version = version
        loaded.row.updated_at = self.clock().isoformat(timespec="seconds")
        loaded.row.state = None  # the live game object is the state now
        if results is not None:
            loaded.row.status = "finished"

    def _results(self, loaded: Loaded, ended_by_resign: bool = False) -> list[tuple]:
        game = loaded.game
        outcome = None if ended_by_resign else game.outcome()
        resigned = {s.seat for s in loaded.seats if s.resigned}
        ranks = final_ranks(outcome, game.players, resigned)
        scores = outcome.scores if outcome else [0.0] * game.players
        return [
            (seat, loaded.by_seat(seat).user_id, loaded.by_seat(seat).is_ai, ranks[seat], float(scores[seat]))
            for seat in range(game.players)
        ]

    def computer_seats(self, loaded: Loaded) -> set[int]:
        """The seats the computer plays: computer players and resigned people."""
        return {s.seat for s in loaded.seats if s.seat is not None and (s.is_ai or s.resigned)}

    async def _play_computers(self, loaded: Loaded) -> list[str]:
        """Play every computer (or resigned) seat that must act, until people must act."""
        lines: list[str] = []
        game, names = loaded.game, loaded.names()
        moved_on = 0
        for _ in range(AI_MOVES_PER_CALL):
            seat = self.computer_to_move(loaded)
            if seat is None:
                break
            rng = position_rng(loaded.row.seed, game, seat)
            before = game.dump()
            try:
                move = await self._computer_move(loaded, seat, rng)
                game.play(seat, move)
                lines.append(game.describe_move(seat, move, names))
            except Exception:  # a fault of the computer player must not take the table down with it
                log.exception("computer player of table %s failed at seat %s", loaded.row.id, seat)
                self._restore(loaded, before)
                break
            try:
                await self._record(loaded, seat, None, move)
            except IllegalMove:
                # another process wrote the table first: what was saved stands; the computers play
                # on from the table as it is now, or leave it to the writer, who plays them too
                lines.pop()
                self._restore(loaded, before)
                moved_on += 1
                if moved_on > COMPUTER_RETRIES or not await self._reread(loaded):
                    break
                game, names = loaded.game, loaded.names()
            except BaseException:
                self._restore(loaded, before)
                raise
        if len(lines) > 12:
            lines = [*lines[:3], f"... {len(lines) - 6} more computer moves ...", *lines[-3:]]
        return lines

    def computer_to_move(self, loaded: Loaded) -> int | None:
        """The computer (or resigned) seat that must move now, if any."""
        game = loaded.game
        if game is None or game.is_over() or loaded.row.status != "active":
            return None
        computers = self.computer_seats(loaded)
        # the answers owed to an offer first: a person's offer must not wait on a computer, and
        # a computer's offer is answered by the other computers before it goes on
        waiting = ([s for s in game.awaited_answers() if s in computers]
                   or [s for s in game.to_act() if s in computers])
        return waiting[0] if waiting else None

    async def _play_owed(self, loaded: Loaded) -> list[str]:
        """The computer seats' moves an earlier call saved no more of (the process died, or the database
        went, after a person's move): played now, under the table's lock. Their lines, or []."""
        if self.computer_to_move(loaded) is None:
            return []
        lines = await self._play_computers(loaded)
        if lines:
            if loaded.row.status == "active":
                self._cache[loaded.row.id] = loaded
            else:
                fresh = await self.table(loaded.row.id)
                if fresh is not None:
                    loaded.row, loaded.seats, loaded.game = fresh.row, fresh.seats, fresh.game
        return lines

    async def play_owed(self, table_id: int) -> list[str]:
        """`_play_owed` for a table by its id (the outbox, composing a post nobody answered)."""
        async with self.table_lock(table_id):
            loaded = await self.table(table_id)
            return await self._play_owed(loaded) if loaded is not None else []

    async def _reread(self, loaded: Loaded) -> bool:
        """Bring `loaded` up to the table as saved now (another process wrote it); False when the
        table is gone or no longer under way."""
        fresh = await self.table(loaded.row.id)
        if fresh is None:
            return False
        loaded.row, loaded.seats, loaded.game = fresh.row, fresh.seats, fresh.game
        return fresh.game is not None and fresh.row.status == "active"

    async def _computer_move(self, loaded: Loaded, seat: int, rng: random.Random) -> str:
        """A computer seat's move: an extension's player (a chosen strength), else the game's own."""
        for extension in self.extensions:
            move = await extension.computer_move(loaded, seat, rng)
            if move is not None:
                return move
        return loaded.game.ai_move(seat, rng)

    async def _touch(self, hook: str, reply: Reply, touch: Callable[[Extension], Awaitable[None]]) -> Reply:
        """Let every extension add to a reply by one hook (`final_reply` on a finished table,
        `move_reply` on the answer to a person's move)."""
        for extension in self.extensions:
            try:
                await touch(extension)
            except Exception:  # an extra must never cost the player the answer to their move
                failures.report(log, "%s of %s failed", hook, type(extension).__name__)
        return reply

    async def turn_reply(self, loaded: Loaded, headline: str, private_seat: int | None = None) -> Reply:
        """The board message of a started table: headline, status or standings, whom it waits
        for, the picture and the turn buttons; `private_seat` also gets its private text."""
        game, names = loaded.game, loaded.names()
        lines = [headline] if headline else []
        mentions: list[int] = []
        buttons: list[Button] = []
        table, version = loaded.row.id, loaded.version
        if game.is_over() or loaded.row.status == "finished":
            lines.append(self._standings(loaded))
        else:
            lines.append(game.status(names))
            calls = []
            for seat in game.to_act():
                row = loaded.by_seat(seat)
                if row.user_id is not None and not row.resigned:
                    mentions.append(row.user_id)
                    calls.append(marks.person(row.user_id))
            if calls:
                lines.append("Your move: " + " ".join(calls))
            for extension in self.extensions:  # e.g. the deadline, and who is on vacation
                try:
                    extra = await extension.turn_note(loaded)
                except Exception:
                    failures.report(log, "turn note of %s failed", type(extension).__name__)
                    extra = ""
                if extra:
                    lines.append(extra)
            buttons = turn_buttons(game, table, version, names, self.computer_seats(loaded))
        image = await self.board_image(loaded)
        private = ""
        if private_seat is not None and not game.is_over():
            private = game.private_text(private_seat, names)
        reply = Reply(text="\n".join(lines), private=private, image=image, mentions=mentions,
                      buttons=buttons, table_id=table, version=version)
        if game.is_over() or loaded.row.status == "finished":
            fresh = bool(headline)
            await self._touch("final_reply", reply, lambda e: e.final_reply(loaded, reply, fresh))
        return reply

    def _standings(self, loaded: Loaded) -> str:
        resigned = {s.seat for s in loaded.seats if s.resigned}
        return standings_text(loaded.game, loaded.names(), resigned)

    async def board_image(self, loaded: Loaded, seat: int | None = None) -> bytes | None:
        """The board as `seat` sees it (None: the public board), drawn off the event loop; None when
        pictures are off."""
        if not self.draw_images or loaded.game is None:
            return None
        view = loaded.game.view(seat)
        if loaded.row.status in ("finished", "cancelled") and not loaded.game.is_over():
            view = {**view, "to_act": [], "ended": ended_line(loaded)}  # nobody is to play any more
        return await draw_off_loop(render.draw, loaded.row.game, view, loaded.names())

    async def _menus(self, caller: Caller, loaded: Loaded) -> Reply:
        loaded = await self.active_table(caller)
        mine = self.caller_seat(loaded, caller)
        groups = loaded.game.move_groups(mine.seat)
        if not groups:
            return Reply.error("You have no move to make right now.")
        table, version = loaded.row.id, loaded.version
        menus = [Menu(custom_id("s", table, version, str(index)), label, [(m, m) for m in moves])
                 for index, (label, moves) in enumerate(groups)]
        return Reply(private="Choose your move.", menus=menus, table_id=table, version=version)

    async def cmd_moves(self, caller: Caller, filter: str = "", page: str = "") -> Reply:
        over = await self._over_here(caller)
        if over is not None:
            return over
        loaded = await self.active_table(caller)
        mine = self.caller_seat(loaded, caller)
        moves = loaded.game.legal_moves(mine.seat)
        typed = Game.normalize(filter)
        if typed:
            moves = [m for m in moves if typed in m]
        if not moves:
            waiting = ", ".join(loaded.names()[s] for s in loaded.game.to_act())
            return Reply(private=f"You have no legal move right now{' matching that' if typed else ''}. "
                                 f"The table waits for {waiting}.")
        text, shown, count = moves_page(moves, int(page) if is_number(page.strip()) else 1, typed)
        buttons = []
        for label, target in (("Earlier moves", shown - 1), ("More moves", shown + 1)):
            if 1 <= target <= count:
                buttons.append(Button(label, custom_id("mv", loaded.row.id, loaded.version, f"{target}:{typed}")))
        return Reply(private=text, buttons=buttons, table_id=loaded.row.id, version=loaded.version)

    async def _over_here(self, caller: Caller) -> Reply | None:
        """After the game in this channel ended: its final standings, for /hand and /moves."""
        if await self.store.open_table(caller.channel_id) is not None:
            return None
        latest = await self._latest_here(caller.channel_id)
        if latest is None or latest.row.status != "finished" or latest.game is None:
            return None
        return Reply(private=self._standings(latest) + "\n/board shows the final board and /history the moves.")

    async def cmd_board(self, caller: Caller) -> Reply:
        loaded = await self._latest_here(caller.channel_id)
        if loaded is None:
            raise IllegalMove("There is no table in this channel. Open one with /open.")
        if loaded.row.status == "lobby":
            return self.lobby_reply(loaded, "The table is waiting for players.")
        return await self.turn_reply(loaded, "")

    async def cmd_hand(self, caller: Caller) -> Reply:
        over = await self._over_here(caller)
        if over is not None:
            return over
        loaded = await self.active_table(caller)
        mine = loaded.seat_of(caller.user_id)
        if mine is None or mine.seat is None:
            raise IllegalMove("You are not seated at this table.")
        text = loaded.game.private_text(mine.seat, loaded.names())
        if not text:
            text = "Nothing is hidden in this game: the board shows everything. /moves lists your moves."
        image = None
        if self.draw_images:  # a game may draw the hand too (render.draw_hand)
            view = loaded.game.view(mine.seat)
            image = await asyncio.to_thread(render.draw_hand, loaded.row.game, view, loaded.names())
        reply = Reply(private=text, image=image, image_private=True)
        return await self._touch("hand_reply", reply, lambda e: e.hand_reply(loaded, reply, mine.seat))

    async def cmd_history(self, caller: Caller, page: str = "") -> Reply:
        loaded = await self._latest_here(caller.channel_id)
        if loaded is None or loaded.row.status == "lobby":
            raise IllegalMove("No game has been played in this channel yet.")
        if page.strip() and not is_number(page.strip()):
            raise IllegalMove("`page` is a number: 1 is the first page.")
        return await self._history_page(caller, loaded, int(page or 0))

    async def _history_page(self, caller: Caller, loaded: Loaded, page: int) -> Reply:
        """One page of the log as the caller may read it, with buttons to the others and to the file."""
        items, viewer, over = await self._history(caller, loaded)
        if not items:
            return Reply(private="No move has been played yet.")
        lines = [history.line(item, viewer, over) for item in items]
        text, shown, count = history.page_text(lines, page, viewer, over)
        table = loaded.row.id
        buttons = [Button(label, custom_id("hist", table, None, str(target)))
                   for label, target in history.pager(lines, shown, count)]
        buttons.append(Button("Download the log", custom_id("log", table), "primary"))
        return Reply(private=text, buttons=buttons, table_id=table)

    async def _history(self, caller: Caller, loaded: Loaded) -> tuple[list[history.Entry], int | None, bool]:
        mine = loaded.seat_of(caller.user_id)
        viewer = mine.seat if mine is not None else None
        over = loaded.row.status == "finished" or (loaded.game is not None and loaded.game.is_over())
        return await self.log_of(loaded), viewer, over

    async def _history_file(self, caller: Caller, loaded: Loaded) -> Reply:
        items, viewer, over = await self._history(caller, loaded)
        shown = " ".join(f"{k}={'on' if v is True else 'off' if v is False else v}"
                         for k, v in loaded.row.options.items())
        standings = self._standings(loaded) if over and loaded.game is not None else ""
        seed_until = await self._seed_kept_until(loaded)
        data = history.log_file(loaded.row, self.game_title(loaded.row.game), loaded.names(), shown, items,
                                viewer, over, standings, seed_until)
        note = (f"The whole log. The seed comes {seed_until}, as others are still playing this deal."
                if seed_until else "The whole log, with the seed: it replays the game." if over else
                "The whole log: your moves exactly, the others' as the table saw them. "
                "The seed comes with the file once the game is over.")
        name = f"isles-{loaded.row.game}-table{loaded.row.id}.txt"
        return Reply(private=note, attachments=[Attachment(name, data, private=True)], table_id=loaded.row.id)

    async def _seed_kept_until(self, loaded: Loaded) -> str:
        """When an extension keeps a table's seed secret after its game ended (a deal others still
        play), the words for when it comes; "" when nothing keeps it."""
        for extension in self.extensions:
            until = await extension.seed_kept_until(loaded)
            if until:
                return until
        return ""

    async def cmd_resign(self, caller: Caller, confirmed: bool = False) -> Reply:
        loaded = await self._table_here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(await self._nothing_open(caller.channel_id, NO_GAME))
        async with self.table_lock(loaded.row.id):
            loaded = await self.active_table(caller)
            mine = self.caller_seat(loaded, caller)
            if loaded.game.players == 2 and not confirmed:  # it ends the game at once: ask first
                other = loaded.names()[1 - mine.seat]
                return Reply(private=f"Resigning ends the game: {other} wins and you finish last. "
                                     "Press Resign to confirm; otherwise nothing changes.",
                             buttons=[Button("Resign", custom_id("resign", loaded.row.id, loaded.version), "danger")],
                             table_id=loaded.row.id, version=loaded.version)
            return await self._give_up(loaded, mine, f"**{caller.name}** resigned.")

    async def forfeit(self, table_id: int, seat: int, headline: str) -> Reply | None:
        """A seat leaves the game as if resigned (missed deadlines): the computer plays it, ranked last."""
        return await self.answer(self._forfeit(table_id, seat, headline), refusals=False)

    async def _forfeit(self, table_id: int, seat: int, headline: str) -> Reply | None:
        async with self.table_lock(table_id):
            loaded = await self.table(table_id)
            if loaded is None or loaded.row.status != "active":
                return None
            row = loaded.by_seat(seat)
            if row.resigned:
                return None
            return await self._give_up(loaded, row, headline)

    async def _give_up(self, loaded: Loaded, mine: SeatRow, headline: str) -> Reply:
        """Mark a seat resigned; the game ends when nobody is left to play against. Holds the table lock."""
        mine.resigned = True
        playing = [s for s in loaded.seats if not s.resigned]
        # over when no person plays on, or when a single player is left to face nobody
        ends = len(playing) <= 1 or all(s.is_ai for s in playing)
        results = self._results(loaded, ended_by_resign=True) if ends else None
        try:
            await self.write(loaded, self.store.resign, mine.position, results=results)
        finally:
            self._cache.pop(loaded.row.id, None)
        loaded = await self.table(loaded.row.id)
        if ends:
            return await self._finished_by_resign(loaded, headline)
        lines = await self._play_computers(loaded)
        loaded = await self.table(loaded.row.id)
        if loaded.game.is_over():  # the computer's moves ended the game: say so, not what it will do
            headline += " The computer played that seat to the end of the game, ranked last."
        else:
            headline += " The computer plays that seat from now on, and it will finish last."
        return await self.turn_reply(loaded, "\n".join([headline, *lines]))

    async def play_for(self, table_id: int, seat: int, headline: str) -> Reply | None:
        """The computer makes one move for a seat that must act (a missed deadline); None if it need not."""
        return await self.answer(self._play_for(table_id, seat, headline), refusals=False)

    async def _play_for(self, table_id: int, seat: int, headline: str) -> Reply | None:
        async with self.table_lock(table_id):
            loaded = await self.table(table_id)
            if loaded is None or loaded.row.status != "active" or seat not in loaded.game.to_act():
                return None
            game, names = loaded.game, loaded.names()
            before = game.dump()
            try:
                move = await self._computer_move(loaded, seat, position_rng(loaded.row.seed, game, seat))
                game.play(seat, move)
                lines = [headline, game.describe_move(seat, move, names)]
                await self._record(loaded, seat, None, move)
            except BaseException:
                self._restore(loaded, before)
                raise
            lines += await self._play_computers(loaded)
            loaded = await self.table(table_id)
            return await self.turn_reply(loaded, "\n".join(lines))

    async def _finished_by_resign(self, loaded: Loaded, headline: str) -> Reply:
        lines = [headline, self._standings(loaded)]
        reply = Reply(text="\n".join(lines), image=await self.board_image(loaded), table_id=loaded.row.id)
        return await self._touch("final_reply", reply, lambda e: e.final_reply(loaded, reply, True))

    async def ai_suggestion(self, caller: Caller) -> str:
        """The move the game's computer player would make for the caller's seat (demo, hints)."""
        loaded = await self.active_table(caller)
        mine = self.caller_seat(loaded, caller)
        return loaded.game.ai_move(mine.seat, position_rng(loaded.row.seed, loaded.game, mine.seat))

    # -- information -------------------------------------------------------------------
    async def cmd_rules(self, caller: Caller, game: str = "") -> Reply:
        key = game.strip().lower()
        notes = []
        if not key:
            loaded = await self._table_here(caller.channel_id)
            if loaded is None:
                games = ", ".join(registry.available())
                raise IllegalMove(f"Which game? /rules game:<name>. Games: {games}.")
            key = loaded.row.game
            for extension in self.extensions:  # e.g. the daily challenge's own rules, at a daily table
                notes.append(await extension.rules_note(loaded))
        try:
            cls = registry.get(registry.find(key))
        except KeyError as missing:
            raise IllegalMove(missing.args[0]) from None
        return Reply(private="\n\n".join([*filter(None, notes), cls.rules_help()]))

    async def cmd_threads(self, caller: Caller, enabled: str) -> Reply:
        if not caller.can_manage:
            raise IllegalMove("Only members who may manage this server change its settings.")
        on = enabled.lower() == "on"
        await self.store.set_guild_threads(caller.guild_id, on)
        return Reply(private=f"New tables {'open their own thread' if on else 'stay in the channel where they are opened'}.")

    async def wants_thread(self, guild_id: int) -> bool:
        return await self.store.guild_threads(guild_id)

    # web page
    async def page_data(self, table_id: int, user_id: int, log: bool = True) -> dict[str, Any] | None:
        """What a board page shows one person at a table: their seat's view (the public view when
        they have no seat), their legal moves, the turn's words and, with `log` (a replay from the
        seed), the log as they may read it. None when there is no such table."""
        loaded = await self.table(table_id)
        if loaded is None:
            return None
        row, game, names = loaded.row, loaded.game, loaded.names()
        mine = loaded.seat_of(user_id) if user_id else None
        seat = mine.seat if mine is not None else None
        data: dict[str, Any] = {
            "table": row.id, "version": row.version, "game": row.game, "title": self.game_title(row.game),
            "status": row.status, "guild_id": row.guild_id, "channel_id": row.channel_id, "seat": seat,
            "name": mine.name if mine is not None else "", "names": names, "view": None, "moves": [],
            "to_act": [], "text": "", "log": [],
        }
        if game is None:
            data["text"] = self.lobby_reply(loaded, "The table is waiting for players.").text
            return data
        view = game.view(seat)
        if row.status in ("finished", "cancelled") and not game.is_over():
            view = {**view, "to_act": [], "ended": ended_line(loaded)}
        over = row.status == "finished" or game.is_over()
        playing = row.status == "active" and seat is not None and not mine.resigned and not over
        items = await self.log_of(loaded) if log else []
        data.update(
            view=view, moves=game.legal_moves(seat) if playing else [],
            to_act=[] if over or row.status != "active" else game.to_act(),
            text=self._standings(loaded) if over else game.status(names),
            log=[history.line(item, seat, over) for item in items],
        )
        return data

    # web page
    async def page_preview(self, table_id: int, user_id: int, move: str) -> dict[str, Any] | None:
        """The seat's view with `move` drawn where it would go, unplayed (the game's `preview`);
        None when the game or the move has none. Raises IllegalMove for a move not legal now."""
        loaded = await self.table(table_id)
        mine = loaded.seat_of(user_id) if loaded is not None and user_id else None
        if mine is None or mine.seat is None or loaded.game is None or loaded.row.status != "active":
            raise IllegalMove("You are not playing at this table, so there is nothing to preview.")
        if type(loaded.game).preview is Game.preview:
            return None
        game, text = loaded.game, Game.normalize(move)
        try:
            return game.preview(mine.seat, text)
        except IllegalMove as why:
            if game.canonical(mine.seat, text) in game.legal_moves(mine.seat):
                return None  # legal, but not a move this game pictures (a draft before a placement)
            raise IllegalMove(fill_names(str(why), loaded.names())) from None

    # web page
    async def replayed_after(self, table_id: int, n: int) -> Game | None:
        """The table's game just after its logged move numbered `n` (as the log shows it),
        replayed from the seed; None when the log has no such move."""
        row = await self.store.table(table_id)
        if row is None or row.state is None:
            return None
        logged = await self.store.moves(table_id)
        upto = next((i for i, m in enumerate(logged) if m.n == n), None)
        if upto is None:
            return None
        seats = [s for s in await self.store.seats(table_id) if s.seat is not None]
        moves = [(m.seat, m.move) for m in logged[: upto + 1]]
        return replay.replayed(registry.get(row.game), len(seats), row.options, row.seed, moves, row.state)


def ended_line(loaded: Loaded) -> str:
    """The picture's headline for a game that stopped before its own end (resignations, missed
    deadlines, a closed table): the board would otherwise still say whose turn it is."""
    if loaded.row.status == "cancelled":
        return "Table closed"
    gone = [s.name for s in sorted(loaded.seats, key=lambda s: s.seat or 0) if s.resigned]
    if not gone:
        return "Game over"
    return f"Game over: {' and '.join(gone)} resigned" if len(gone) <= 2 else f"Game over: {len(gone)} players resigned"


def _shortened(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 2] + " …"

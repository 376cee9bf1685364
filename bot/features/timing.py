"""Turn deadlines, reminders, turn notices by direct message and vacations.

An extension of the table service (`service.extend(Timing(service))`):

- `/open` takes `deadline`, `reminder` and `timeout`; `/deadline` changes them later (the
  host, or once the host left the game the next player in the seat order who plays on:
  `bot.core.seats.acting_host`; or a member who may manage the channel); `/notify` chooses
  how a player hears that it is their turn; `/vacation` pauses a player's deadlines in every
  table of the server.
- After every change of a table, `on_event` works out whose turn runs. A seat's turn starts
  when it enters the seats to act and lasts while it stays there: several moves of one turn
  do not restart its clock, but a seat that moved and then waited for others starts anew.
  Each turn gets a reminder and a deadline, kept in SQLite with the turn they belong to.
- `tick(now)` fires what is due; `run_forever()` calls it in a loop. A timer fires only if
  its turn still runs (the table is looked at again first), so a crash between acting and
  marking cannot act twice; a deadline that passed while the bot was down fires once at the
  next tick; a reminder whose deadline has passed is dropped.

A missed deadline is counted and claimed in one transaction before the computer moves, and
marked done after; a restart between the two finishes the claimed action if the turn still
runs. A reminder is marked before it is sent, so it is never sent twice.
"""

from __future__ import annotations

import asyncio
import calendar
import logging
import re
import weakref
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple

import lang
from bot.core import failures, marks
from bot.core.commands import Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Reply
from bot.core.seats import acting_host
from bot.core.service import TableService
from bot.core.tables import Loaded
from db.notices import WAKE
from db.server_settings import ServerSettingsStore
from db.store import Store, TableRow
from db.timing import Observation, TimerRow, TimingSettings, TimingStore, TurnRow
from games import registry
from games.base import IllegalMove
from lang import N_, ngettext, tr

log = logging.getLogger(__name__)

MINUTE, HOUR, DAY = 60, 3600, 86400
MIN_DEADLINE = 10 * MINUTE
MAX_DEADLINE = 14 * DAY
VACATION_PER_MONTH = 14 * DAY
MAX_FORFEIT_AFTER = 10
DEFAULT_FORFEIT_AFTER = 3
MAX_AI_MOVES_PER_DEADLINE = 50  # the computer finishes a missed turn of several moves, within reason
TICK_SECONDS = 30.0
WORKED_KEPT = 1200  # as many tables as the service keeps in memory
FIRST_LOOK_NOTICE = 10 * MINUTE  # a table seen for the first time gets turn notices only if it just changed
LOOKS = 5  # looks at a table whose watch other processes move meanwhile, before leaving it to them

NOTIFY_MODES = ("mention", "dm", "quiet")
NOTIFY_TEXTS = {
    "mention": N_("When it is your turn you are mentioned in the table's channel (reminders too)."),
    "dm": N_("When it is your turn you are mentioned in the table's channel and also get a direct message, "
             "with reminders by direct message too."),
    "quiet": N_("Turn messages still mention you, but reminders name you without a ping and no direct "
                "message is sent."),
}

DEADLINE = Param("deadline", N_("Time for each turn: 24h (default), 10m to 14d, or none"))
REMINDER = Param("reminder", N_("Reminder before the deadline: half (default), e.g. 2h, or none"))
TIMEOUT = Param("timeout", N_("At the deadline: ai (the computer plays the turn) or forfeit-N (out after N misses)"))

COMMANDS = (  # bot/features/notify.py answers a fuller /notify (quiet hours, the digest) where installed
    Command("notify", N_("How you hear that it is your turn in this server"), (
        Param("mode", N_("mention (default), dm: also a direct message, quiet: no pings in reminders"),
              required=True, choices=NOTIFY_MODES),
    )),
    Command("vacation", N_("Pause your turn deadlines in every table of this server (14 days a month)"), (
        Param("days", N_("How long, e.g. 5 or 36h (up to 14 days a month); off to come back")),
    )),
    Command("deadline", N_("See this table's turn deadline, reminder and timeout; the host or a manager changes them"),
            (DEADLINE, REMINDER, TIMEOUT)),
)

_UNITS = {"m": MINUTE, "min": MINUTE, "mins": MINUTE, "minute": MINUTE, "minutes": MINUTE,
          "h": HOUR, "hr": HOUR, "hrs": HOUR, "hour": HOUR, "hours": HOUR,
          "d": DAY, "day": DAY, "days": DAY, "w": 7 * DAY, "week": 7 * DAY, "weeks": 7 * DAY}
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([a-z]*)")
_NONE = ("none", "off", "no", "never", "0")
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


# -- pure helpers --------------------------------------------------------------------------
def parse_duration(text: str, unit: int = HOUR) -> int:
    """`90m`, `1d 12h`, `36 hours`, `2.5d`; a bare number counts in `unit`. Seconds."""
    words = text.strip().lower().replace(",", " ")
    total, pos = 0.0, 0
    for match in _PART.finditer(words):
        if words[pos:match.start()].strip():
            break
        number, name = float(match[1]), match[2]
        if name and name not in _UNITS:
            raise IllegalMove(tr("`{text}` is not a length of time: write it like 30m, 12h or 3d.").format(text=text))
        total += number * (_UNITS[name] if name else unit)
        pos = match.end()
    if pos == 0 or words[pos:].strip():
        raise IllegalMove(tr("`{text}` is not a length of time: write it like 30m, 12h or 3d.").format(text=text))
    return round(total)


def format_duration(seconds: int) -> str:
    """`3 days 4 hours`, `36 hours`, `45 minutes`: the two largest units (hours below two days)."""
    parts = []
    units = (DAY, HOUR, MINUTE) if seconds >= 2 * DAY else (HOUR, MINUTE)
    for size in units:
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(_count_of(size, count))
    return " ".join(parts[:2]) or tr("less than a minute")


def _count_of(size: int, count: int) -> str:
    if size == DAY:
        return ngettext("{count} day", "{count} days", count).format(count=count)
    if size == HOUR:
        return ngettext("{count} hour", "{count} hours", count).format(count=count)
    return ngettext("{count} minute", "{count} minutes", count).format(count=count)


def paused_due(started: int, offset: int, vacations: Sequence[tuple[int, int]]) -> int:
    """When `offset` seconds of turn time have run since `started`, the clock standing still
    during the vacations (start, end)."""
    at, left = started, offset
    for begins, ends in sorted(vacations):
        if ends <= at:
            continue
        if begins >= at + left:
            break
        left -= max(0, begins - at)
        at = max(at, ends)
    return at + left


def month_span(moment: int) -> tuple[int, int]:
    """The calendar month (UTC) holding `moment`, as [start, end)."""
    day = datetime.fromtimestamp(moment, UTC)
    start = datetime(day.year, day.month, 1, tzinfo=UTC)
    days = calendar.monthrange(day.year, day.month)[1]
    return int(start.timestamp()), int(start.timestamp()) + days * DAY


def vacation_used(spans: Sequence[tuple[int, int]], month: tuple[int, int]) -> int:
    lo, hi = month
    return sum(max(0, min(ends, hi) - max(begins, lo)) for begins, ends in spans)


def over_month_limit(spans: Sequence[tuple[int, int]], candidate: tuple[int, int]) -> tuple[int, int] | None:
    """The first calendar month that the candidate vacation would push over 14 days, with the
    days left in it; None when it fits."""
    month = month_span(candidate[0])
    while month[0] < candidate[1]:
        used = vacation_used([*spans, candidate], month)
        if used > VACATION_PER_MONTH:
            left = VACATION_PER_MONTH - vacation_used(spans, month)
            return month[0], max(0, left)
        month = month_span(month[1])
    return None


def turn_restarted(seat: int, movers: Sequence[int]) -> bool:
    """A seat still to act started a new turn when it moved and others moved after it."""
    if seat not in movers:
        return False
    last = len(movers) - 1 - movers[::-1].index(seat)
    return any(other != seat for other in movers[last + 1:])


def epoch(stamp: str | datetime) -> int:
    moment = datetime.fromisoformat(stamp) if isinstance(stamp, str) else stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp())


def when(moment: int, style: str = "R") -> str:
    """A moment every reader sees in their own way (in Discord: in their own time zone)."""
    return marks.moment(moment, style)


def parse_settings(base: TimingSettings, deadline: str = "", reminder: str = "", timeout: str = "") -> TimingSettings:
    s = TimingSettings(base.deadline_s, base.reminder_s, base.policy, base.forfeit_after)
    if deadline.strip():
        if deadline.strip().lower() in _NONE:
            s.deadline_s = None
        else:
            value = parse_duration(deadline)
            if not MIN_DEADLINE <= value <= MAX_DEADLINE:
                raise IllegalMove(tr("A turn deadline is between 10 minutes and 14 days, or none."))
            s.deadline_s = value
    if reminder.strip():
        word = reminder.strip().lower()
        if word in _NONE:
            s.reminder_s = 0
        elif word in ("half", "default"):
            s.reminder_s = -1
        else:
            s.reminder_s = parse_duration(reminder)
            if s.reminder_s < MINUTE:
                raise IllegalMove(tr("A reminder comes at least a minute before the deadline."))
    if s.deadline_s is not None and s.reminder_s > 0 and s.reminder_s >= s.deadline_s:
        raise IllegalMove(tr("The reminder must come before the deadline: less than {duration} before it (or half, "
                             "or none).").format(duration=format_duration(s.deadline_s)))
    if timeout.strip():
        word = timeout.strip().lower()
        match = re.fullmatch(r"forfeit(?:[\s\-_:=]*(?:after)?\s*(\d+))?", word)
        if word in ("ai", "computer", "bot"):
            s.policy = "ai"
        elif match:
            count = int(match[1]) if match[1] else DEFAULT_FORFEIT_AFTER
            if not 1 <= count <= MAX_FORFEIT_AFTER:
                raise IllegalMove(tr("Forfeit after 1 to {most} missed deadlines.").format(most=MAX_FORFEIT_AFTER))
            s.policy, s.forfeit_after = "forfeit", count
        else:
            raise IllegalMove(tr("`timeout` is ai (the computer plays a missed turn) or forfeit-N "
                                 "(the computer plays missed turns, and the seat forfeits at the Nth)."))
    return s


def with_defaults(base: TimingSettings, typed: tuple[str, str, str],
                  defaults: tuple[str | None, str | None, str | None]) -> TimingSettings:
    """A new table's deadline, reminder and timeout: what its opener typed, else the server's
    default (/settings), else the game's own. A server's reminder that does not fit the deadline
    the opener chose gives way to the game's own reminder rather than refuse the table."""
    chosen = [word.strip() or (default or "") for word, default in zip(typed, defaults, strict=True)]
    try:
        return parse_settings(base, *chosen)
    except IllegalMove:
        if typed[1].strip() or not defaults[1]:
            raise
    return parse_settings(base, chosen[0], "", chosen[2])


def describe_settings(s: TimingSettings) -> str:
    if s.deadline_s is None:
        return tr("No turn deadline: the table waits for each player as long as it takes.")
    reminder = s.reminder_offset()
    remind = (tr("a reminder {duration} before it").format(duration=format_duration(s.deadline_s - reminder))
              if reminder is not None else tr("no reminder"))
    if s.policy == "forfeit":
        then = ngettext("at the deadline the computer plays the turn, and a player who misses {count} deadline "
                        "forfeits (the computer plays their seat, and they finish last)",
                        "at the deadline the computer plays the turn, and a player who misses {count} deadlines "
                        "forfeits (the computer plays their seat, and they finish last)",
                        s.forfeit_after).format(count=s.forfeit_after)
    else:
        then = tr("at the deadline the computer plays the turn")
    return tr("Turn deadline {duration}, {reminder}; {then}.").format(
        duration=format_duration(s.deadline_s), reminder=remind, then=then)


def default_settings(game_key: str) -> TimingSettings:
    """24 hours per turn with the computer playing a missed turn; no deadline for solo games."""
    try:
        solo = registry.get(game_key).max_players == 1
    except KeyError:
        solo = False
    return TimingSettings(deadline_s=None) if solo else TimingSettings()


async def load_table(store: Store, table_id: int) -> Loaded | None:
    """A table with its seats and game, read afresh from the store."""
    row = await store.table(table_id)
    return await load_row(store, row) if row else None


async def load_row(store: Store, row: TableRow) -> Loaded:
    seats = await store.seats(row.id)
    game = registry.get(row.game).load(row.state) if row.state else None
    return Loaded(row, seats, game)


@dataclass
class TurnInfo:
    seat: int
    user_id: int
    started_at: int
    deadline_at: int | None  # vacations included
    vacation_until: int | None


def running_turn(turn: TurnRow, deadline: TimerRow | None, vacations: Sequence[tuple[int, int]], now: int) -> TurnInfo:
    """A running turn as a player reads it: its deadline moved on by the vacations (those ending
    after the turn began) and the vacation under way now, if any."""
    spans = [(begins, ends) for begins, ends in vacations if ends > turn.started_at]
    due = paused_due(deadline.started_at, deadline.offset_s, spans) if deadline else None
    away = next((ends for begins, ends in spans if begins <= now < ends), None)
    return TurnInfo(turn.seat, turn.user_id, turn.started_at, due, away)


class Look(NamedTuple):
    """One look at a table's turns, before it is written."""

    loaded: Loaded  # the table as the look read it
    obs: Observation  # what changed since the watch
    moves: list[tuple[int, int, int | None]]  # the moves since the watch: (n, seat, user_id)
    after: list[TurnRow]  # the turns that run once it is written
    first: bool  # the table's first look (no watch yet)
    changed_at: int  # when the table last changed


# -- the extension -------------------------------------------------------------------------
class Timing(Extension):
    commands = COMMANDS
    open_params = (DEADLINE, REMINDER, TIMEOUT)

    def __init__(self, service: TableService, clock: Callable[[], datetime] | None = None):
        self.service = service
        self.store = service.store
        self.db = TimingStore.of(service.store)
        self.clock = clock or service.clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._tasks: set[asyncio.Task] = set()
        # the newest version of each table whose turns were worked out here, the recent ones only
        self._worked: OrderedDict[int, int] = OrderedDict()
        # what every direct message passes first (quiet hours, the digest: bot/features/notify.py);
        # `await gate.hold(turn, text)` is True when it took the message
        self.gate: Any = None

    def now(self) -> int:
        return epoch(self.clock())

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Messages nobody waits for (a direct message must never hold up a move)."""
        task = asyncio.get_running_loop().create_task(self._logged(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _logged(work: Coroutine[Any, Any, Any]) -> None:
        try:
            await work
        except Exception:  # a notice lost is logged, never an unretrieved task error
            failures.report(log, "a message sent in the background failed")

    async def settle(self) -> None:
        """Wait for the messages sent in the background."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def settings_of(self, row: TableRow) -> TimingSettings:
        return await self.db.settings(row.id) or default_settings(row.game)

    # -- /open -------------------------------------------------------------------------
    async def check_open(self, caller: Caller, game_cls: Any, args: dict[str, str]) -> TimingSettings:
        base = default_settings(game_cls.key)
        typed = (args.get("deadline", ""), args.get("reminder", ""), args.get("timeout", ""))
        if base.deadline_s is None:  # a solo game waits for its player: a server's defaults are for tables
            return parse_settings(base, *typed)
        server = await ServerSettingsStore.of(self.store).get(caller.guild_id)
        return with_defaults(base, typed, (server.default_deadline, server.default_reminder, server.default_timeout))

    async def after_open(self, table_id: int, values: TimingSettings) -> str:
        # the table is visible from its creation on: settings another process wrote since (a
        # /deadline) came later than this /open and stay
        if not await self.db.set_settings(table_id, values, replace=False):
            values = await self.db.settings(table_id) or values
        return describe_settings(values) + " " + tr("/deadline changes it.")

    # -- turns -------------------------------------------------------------------------
    async def on_event(self, event: str, loaded: Loaded) -> None:
        await self.observe(loaded)

    async def observe(self, loaded: Loaded) -> list[TurnRow]:
        """Work out whose turn runs at this version of the table, once per version, and send the
        turn notices by direct message in the background. Returns the turns that began here and
        deserve a notice: not those of a player who just moved, nor those found at the first look
        at a table that changed long ago (a restart must not wake everyone)."""
        return (await self._observe(loaded))[0]

    async def _observe(self, loaded: Loaded) -> tuple[list[TurnRow], list[TurnRow] | None]:
        """`observe`, and the turns that run once its observation is written (None when it wrote
        none), as the store holds them at its commit: the turn note needs them at once."""
        if self._worked.get(loaded.row.id, -1) >= loaded.row.version:
            return [], None  # worked out here already (a second listener of one change)
        async with self._lock(loaded.row.id):
            for _ in range(LOOKS):
                look = await self._look(loaded)
                if look is None:
                    return [], None
                loaded = look.loaded
                # written only over the watch it was worked out from: another process that wrote
                # the table's turns meanwhile (an older version) makes this look stale, so look again
                if await self.db.apply(look.obs, self.now()):
                    break
            else:
                return [], None  # the watch keeps moving: the processes writing it work the turns out
            self._worked_out(look.obs.table_id, look.obs.version)
        if look.first and self.now() - look.changed_at > FIRST_LOOK_NOTICE:
            return [], look.after
        just_moved = {user for _, _, user in look.moves if user is not None}
        fresh_turns = [turn for turn in look.obs.started if turn.user_id not in just_moved]
        for turn in fresh_turns:
            self._spawn(self._announce(turn, loaded))
        return fresh_turns, look.after

    async def _look(self, loaded: Loaded) -> Look | None:
        """One look at the table as the store holds it now; None when there is nothing to write
        (worked out already, or not under way)."""
        # the service's cached row keeps an old updated_at: the row is read again, with the watch
        fresh, watch, kept = await self.db.look(loaded.row.id)
        if fresh is None:
            return None
        if fresh.version != loaded.row.version:
            loaded = await load_row(self.store, fresh)
        row = fresh
        if watch is not None and watch[0] >= row.version:
            self._worked_out(row.id, watch[0])
            return None
        if row.status != "active" or loaded.game is None:
            if row.status in ("finished", "cancelled"):
                await self.db.end_table(row.id, row.version, self.now())
            return None
        moves = await self.db.moves_since(row.id, watch[1] if watch else 0)
        last_move = moves[-1][0] if moves else (watch[1] if watch else 0)
        if watch is None:
            moves = []  # the first look at a table: every seat to act starts its turn here
        movers = [seat for _, seat, _ in moves]
        humans = {s.seat: s for s in loaded.seats if s.seat is not None and not s.is_ai and not s.resigned
                  and s.user_id is not None}
        acting = [seat for seat in loaded.game.to_act() if seat in humans]
        running = {t.seat: t for t in await self.db.turns(row.id)}
        ended = [seat for seat in running if seat not in acting or turn_restarted(seat, movers)]
        settings = kept or default_settings(row.game)  # as settings_of, read with the row
        started_at = epoch(row.updated_at)
        started, timers = [], []
        for seat in acting:
            if seat in running and seat not in ended:
                continue
            turn = TurnRow(row.id, seat, row.guild_id, row.channel_id, humans[seat].user_id, row.version,
                           started_at)
            started.append(turn)
            if settings.deadline_s is not None:
                timers.append((turn, "deadline", settings.deadline_s))
                reminder = settings.reminder_offset()
                if reminder is not None:
                    timers.append((turn, "remind", reminder))
        obs = Observation(row.id, row.version, last_move, ended, started, timers, watch[0] if watch else None)
        after = sorted([t for seat, t in running.items() if seat not in ended] + started, key=lambda t: t.seat)
        return Look(loaded, obs, moves, after, watch is None, started_at)

    def _worked_out(self, table_id: int, version: int) -> None:
        self._worked[table_id] = version
        self._worked.move_to_end(table_id)
        while len(self._worked) > WORKED_KEPT:
            self._worked.popitem(last=False)

    async def turn_info(self, loaded: Loaded) -> list[TurnInfo]:
        """The running turns of a table: since when, and the deadline with vacations counted."""
        _, after = await self._observe(loaded)
        now = self.now()
        deadlines = {(t.seat, t.version): t for t in await self.db.timers_of_table(loaded.row.id)
                     if t.kind == "deadline" and t.state in ("pending", "claimed")}
        infos = []
        for turn in after if after is not None else await self.db.turns(loaded.row.id):
            spans = await self.db.vacations_after(turn.guild_id, turn.user_id, turn.started_at)
            infos.append(running_turn(turn, deadlines.get((turn.seat, turn.version)), spans, now))
        return infos

    async def turn_note(self, loaded: Loaded) -> str:
        """Lines for a public turn message: the deadline of each seat to act, and vacations."""
        if loaded.row.status != "active" or loaded.game is None:
            await self.observe(loaded)
            return ""
        names = loaded.names()
        lines = []
        infos = await self.turn_info(loaded)
        for info in infos:
            name = names[info.seat] if info.seat < len(names) else tr("Seat {number}").format(number=info.seat + 1)
            if info.vacation_until is not None:
                lines.append(tr("{name} is on vacation until {when}; their turn clock waits.").format(
                    name=name, when=when(info.vacation_until, 'f')))
        timed = [info for info in infos if info.deadline_at is not None]
        if len(timed) == 1:
            lines.append(tr("Turn deadline {when}.").format(when=when(timed[0].deadline_at)))
        elif timed:
            lines.append(tr("Turn deadlines: {list}.").format(list=", ".join(
                f"{names[i.seat]} {when(i.deadline_at)}" for i in timed if i.seat < len(names))))
        return "\n".join(lines)

    # -- firing ------------------------------------------------------------------------
    async def tick(self, now: datetime | None = None) -> int:
        """Fire every reminder and deadline due by `now`. Returns how many fired."""
        moment = epoch(now or self.clock())
        fired = 0
        for timer in await self.db.due(moment):
            try:
                fired += await self._fire(timer, moment)
            except Exception:
                failures.report(log, "timer %s of table %s failed", timer.id, timer.table_id)
        await self.settle()
        return fired

    async def catch_up(self) -> None:
        """At start: look at every running table, for changes made while nobody listened."""
        for row in await self.store.tables(None, ("active",)):
            try:
                await self.observe(await load_row(self.store, row))
            except Exception:
                failures.report(log, "could not look at table %s", row.id)

    async def run_forever(self, interval: float = TICK_SECONDS) -> None:
        """Catch up, then tick until cancelled; sleeps until the next timer, at most `interval`."""
        await self.catch_up()
        while True:
            try:
                await self.tick()
                upcoming = await self.db.next_due()
            except Exception:
                failures.report(log, "tick failed")
                upcoming = None
            wait = interval if upcoming is None else min(interval, max(1.0, upcoming - self.now()))
            await self.store.wait_for(WAKE, wait)  # a timer written meanwhile, by any process, wakes it

    async def _fire(self, timer: TimerRow, now: int) -> int:
        # a reminder or a deadline has no caller: its posts and messages are in the server's language
        with lang.using(await self.service.public_language(timer.guild_id)):
            return await self._fire_now(timer, now)

    async def _fire_now(self, timer: TimerRow, now: int) -> int:
        loaded = await load_table(self.store, timer.table_id)
        if loaded is not None:
            await self.observe(loaded)  # a change the listener missed (a crash) is seen first
        current = await self.db.timer(timer.id)
        if current is None or current.state not in ("pending", "claimed"):
            return 0
        running = {t.seat: t for t in await self.db.turns(timer.table_id)} if loaded else {}
        turn = running.get(current.seat)
        if loaded is None or loaded.row.status != "active" or turn is None or turn.version != current.version:
            await self.db.drop(current.id, now)  # the turn is over: the timer lost its meaning
            return 0
        spans = await self.db.vacations_after(current.guild_id, current.user_id, current.started_at)
        due = paused_due(current.started_at, current.offset_s, spans)
        if current.kind == "remind":
            return await self._remind(loaded, turn, current, due, spans, now)
        settings = await self.settings_of(loaded.row)
        if current.state == "pending":
            if due > now:
                await self.db.set_due(current.id, due)  # a vacation moved it on
                return 0
            forfeit_after = settings.forfeit_after if settings.policy == "forfeit" else None
            action = await self.db.claim_deadline(current, now, forfeit_after)
            if action is None:
                return 0
        else:
            action = current.action or "play"
        await self._miss(loaded, turn, action, settings)
        await self.db.mark_done(current.id, now, "claimed")
        return 1

    async def _remind(self, loaded: Loaded, turn: TurnRow, timer: TimerRow, due: int,
                      spans: Sequence[tuple[int, int]], now: int) -> int:
        deadline = next((t for t in await self.db.timers_of_table(turn.table_id)
                         if t.kind == "deadline" and t.seat == turn.seat and t.version == turn.version), None)
        if deadline is None or deadline.state != "pending":
            await self.db.drop(timer.id, now)
            return 0
        deadline_at = paused_due(deadline.started_at, deadline.offset_s, spans)
        if deadline_at <= now:  # too late to remind: the deadline fires instead
            await self.db.drop(timer.id, now)
            return 0
        if due > now:
            await self.db.set_due(timer.id, due)
            return 0
        if not await self.db.mark_done(timer.id, now):
            return 0
        title = registry.get(loaded.row.game).title
        notify = await self.db.notify(turn.guild_id, turn.user_id)
        name = self._name(loaded, turn.seat)
        who = f"**{name}**" if notify.mode == "quiet" else marks.person(turn.user_id)
        settings = await self.settings_of(loaded.row)
        then = tr("the computer plays it for you")
        if settings.policy == "forfeit":
            missed = await self.db.missed(turn.table_id, turn.seat)
            then = tr("the computer plays it for you (missed deadlines so far: {missed} of {limit}; at {limit} the "
                      "seat is forfeited)").format(missed=missed, limit=settings.forfeit_after)
        text = tr("Reminder: {who}, your turn in this game of {game} ends {when}; then {then}.").format(
            who=who, game=title, when=when(deadline_at), then=then)
        mentions = [] if notify.mode == "quiet" else [turn.user_id]
        await self._post(turn.channel_id, Reply(text=text, mentions=mentions, table_id=turn.table_id))
        if notify.mode == "dm":
            await self._deliver(turn, tr("Reminder: your turn in {game} ({link}) ends {when}.").format(
                game=title, link=self._link(turn), when=when(deadline_at)))
        return 1

    async def _miss(self, loaded: Loaded, turn: TurnRow, action: str, settings: TimingSettings) -> None:
        name = self._name(loaded, turn.seat)
        table, seat = turn.table_id, turn.seat
        if action == "forfeit":
            headline = ngettext("**{name}** missed {count} turn deadline and forfeits.",
                                "**{name}** missed {count} turn deadlines and forfeits.",
                                settings.forfeit_after).format(name=name, count=settings.forfeit_after)
            reply = await self.service.forfeit(table, seat, headline)
            if reply is not None:
                await self._post(turn.channel_id, reply)
            return
        missed = await self.db.missed(table, seat)
        headline = tr("**{name}** let the turn deadline pass, so the computer played for them.").format(name=name)
        if settings.policy == "forfeit":
            headline += " " + tr("Missed deadlines: {missed} of {limit}; at {limit} the seat is forfeited.").format(
                missed=missed, limit=settings.forfeit_after)
        played: list[str] = []  # how the log told each move of the missed turn
        last: Reply | None = None
        since: int | None = None  # the version before the first of them: the one post tells them all
        for step in range(MAX_AI_MOVES_PER_DEADLINE):
            reply = await self.service.play_for(table, seat, headline if step == 0 else "")
            if reply is None:
                break
            if last is None:
                since = reply.since
            last = reply
            played.append(reply.text.split("\n")[1] if "\n" in reply.text else "")
            fresh = await load_table(self.store, table)
            if fresh is None:
                break
            await self.observe(fresh)
            still = {t.seat: t.version for t in await self.db.turns(table)}
            if still.get(seat) != turn.version:
                break  # the missed turn is over
        if last is None:
            return
        if len(played) > 1 and "\n" in last.text:  # one message for the whole turn: every move, then the last board
            earlier = played[:-1]
            if len(earlier) > 10:
                hidden = len(earlier) - 8
                earlier = [ngettext("… {count} move (see /history) …", "… {count} moves (see /history) …",
                                    hidden).format(count=hidden), *earlier[-8:]]
            last.text = "\n".join([headline, *earlier, last.text.split("\n", 1)[1]])
            last.since = since
        await self._post(turn.channel_id, last)

    # -- messages ----------------------------------------------------------------------
    @staticmethod
    def _name(loaded: Loaded, seat: int) -> str:
        names = loaded.names()
        return names[seat] if 0 <= seat < len(names) else tr("Seat {number}").format(number=seat + 1)

    @staticmethod
    def _link(turn: TurnRow) -> str:
        return f"https://discord.com/channels/{turn.guild_id}/{turn.channel_id}"

    async def _announce(self, turn: TurnRow, loaded: Loaded) -> None:
        notify = await self.db.notify(turn.guild_id, turn.user_id)
        if notify.mode != "dm":
            return
        # a turn notice has no caller: written in the language of the table's server
        with lang.using(await self.service.public_language(turn.guild_id)):
            title = registry.get(loaded.row.game).title
            settings = await self.settings_of(loaded.row)
            if settings.deadline_s is not None:
                text = tr("It is your turn in {game}: {link} (deadline {when}, vacations aside).").format(
                    game=title, link=self._link(turn), when=when(turn.started_at + settings.deadline_s))
            else:
                text = tr("It is your turn in {game}: {link}.").format(game=title, link=self._link(turn))
            notice = await self.service.composer.since_last_turn(loaded, turn.seat)
            await self._deliver(turn, "\n".join(x for x in (text, notice) if x))

    async def _deliver(self, turn: TurnRow, text: str) -> bool:
        """A direct message, unless the gate holds it for later."""
        if self.gate is not None:
            try:
                if await self.gate.hold(turn, text):
                    return True
            except Exception:  # pacing lost is a message sent at once, never one lost
                failures.report(log, "holding a direct message to %s failed", turn.user_id)
        return await self._direct(turn, text)

    async def direct(self, turn: TurnRow, text: str) -> bool:
        """A direct message sent now (the gate's digests); a refusal is told once in the channel."""
        return await self._direct(turn, text)

    async def _post(self, channel_id: int, reply: Reply) -> bool:
        outbox = self.service.outbox
        if outbox is None:
            log.info("no outbox: not posting in %s: %s", channel_id, reply.text[:80])
            return False
        try:
            return await outbox.post(channel_id, reply)
        except Exception:
            failures.report(log, "posting in %s failed", channel_id)
            return False

    async def _direct(self, turn: TurnRow, text: str) -> bool:
        """A direct message; when Discord refuses it, the player is told once, in the table's channel."""
        outbox = self.service.outbox
        if outbox is None:
            return False
        try:
            sent = await outbox.direct(turn.user_id, text)
        except Exception:
            failures.report(log, "direct message to %s failed", turn.user_id)
            sent = False
        if sent:
            return True
        log.info("direct message to %s refused; noted", turn.user_id)
        if await self.db.dm_refused(turn.guild_id, turn.user_id, self.now()):
            with lang.using(await self.service.public_language(turn.guild_id)):
                text = tr("{person}, I could not send you a direct message (Discord says your direct messages are "
                          "closed to me), so you will hear of your turns here only. Open them, or choose another "
                          "way with /notify.").format(person=marks.person(turn.user_id))
            await self._post(turn.channel_id, Reply(text=text, mentions=[turn.user_id], table_id=turn.table_id))
        return False

    # -- commands ----------------------------------------------------------------------
    async def cmd_notify(self, caller: Caller, mode: str) -> Reply:
        mode = mode.strip().lower()
        await self.db.set_notify(caller.guild_id, caller.user_id, mode)
        text = tr(NOTIFY_TEXTS[mode])
        return Reply(private=tr("{what} This applies to every table of this server.").format(what=text))

    async def cmd_vacation(self, caller: Caller, days: str = "") -> Reply:
        now = self.now()
        spans = await self.db.vacations(caller.guild_id, caller.user_id)
        active = next(((vid, b, e) for vid, b, e in spans if b <= now < e), None)
        month = month_span(now)
        word = days.strip().lower()
        if not word:
            left = VACATION_PER_MONTH - vacation_used([(b, e) for _, b, e in spans], month)
            state = (tr("You are on vacation until {when}.").format(when=when(active[2], 'f')) if active
                     else tr("You are not on vacation."))
            return Reply(private=tr("{state} Vacation left this month: {left} (14 days a month). /vacation days:5 "
                                    "starts one; days:off ends it.").format(state=state,
                                                                            left=format_duration(max(0, left))))
        if word in _NONE or word in ("end", "back", "stop"):
            if active is None:
                raise IllegalMove(tr("You are not on vacation."))
            await self.db.save_vacation(caller.guild_id, caller.user_id, active[0], active[1], now)
            await self.db.reset_due(caller.guild_id, caller.user_id)
            return Reply(private=tr("Welcome back: your turn clocks run again in every table of this server."))
        length = parse_duration(days, unit=DAY)
        if not HOUR <= length <= VACATION_PER_MONTH:
            raise IllegalMove(tr("A vacation lasts from an hour to 14 days."))
        candidate = (active[1] if active else now, now + length)
        others = [(b, e) for vid, b, e in spans if not active or vid != active[0]]
        over = over_month_limit(others, candidate)
        if over is not None:
            start, left = over
            name = tr(MONTHS[datetime.fromtimestamp(start, UTC).month - 1])
            raise IllegalMove(tr("That would pass 14 days of vacation in {month}: {left} left there. Choose a shorter "
                                 "one.").format(month=name, left=format_duration(left)))
        await self.db.save_vacation(caller.guild_id, caller.user_id, active[0] if active else None, *candidate)
        await self.db.reset_due(caller.guild_id, caller.user_id)
        used = vacation_used([*others, candidate], month)
        return Reply(private=tr("Your turn deadlines in every table of this server wait until {until} ({when}). Turn "
                                "messages show it. Used this month: {used} of 14 days. /vacation days:off ends it "
                                "sooner.").format(until=when(candidate[1], 'f'), when=when(candidate[1]),
                                                  used=format_duration(used)))

    async def cmd_deadline(self, caller: Caller, deadline: str = "", reminder: str = "", timeout: str = "") -> Reply:
        row = await self.store.open_table(caller.channel_id)
        if row is None:
            raise IllegalMove(tr("There is no table in this channel."))
        current = await self.settings_of(row)
        if not (deadline.strip() or reminder.strip() or timeout.strip()):
            return Reply(private=describe_settings(current) + " " + tr(
                "The host, or once the host left the game the next player in the seat order, or a channel manager "
                "changes it with /deadline deadline:… reminder:… timeout:…."))
        if not caller.can_manage and caller.user_id != acting_host(await load_row(self.store, row)):
            raise IllegalMove(tr("Only the host (while they still play here) or a member who may manage this channel "
                                 "changes the table's deadlines."))
        new = parse_settings(current, deadline, reminder, timeout)
        await self.db.set_settings(row.id, new)
        await self._replan(row, new)
        with lang.using(await self.service.public_language(row.guild_id)):  # the table's post
            text = tr("**{name}** changed the turn settings. {settings} Running turns count from when they "
                      "began.").format(name=caller.name, settings=describe_settings(new))
        return Reply(text=text, table_id=row.id)

    async def _replan(self, row: TableRow, settings: TimingSettings) -> None:
        if row.status == "active":
            await self.observe(await load_row(self.store, row))
        plan: list[tuple[TurnRow, str, int | None]] = []
        for turn in await self.db.turns(row.id):
            plan.append((turn, "deadline", settings.deadline_s))
            plan.append((turn, "remind", settings.reminder_offset()))
        await self.db.replan(row.id, plan, self.now())

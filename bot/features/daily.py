"""The daily challenge and the solo board, a table service extension.

One solo deal of Age of Steam: Hawaiian Islands per UTC day, the same for every server (each
server keeps its own boards). Each person has one attempt a day in all servers together (the same
deal in a second server would be a practice run), recorded before its table is opened and guarded
by unique keys; only the call that recorded it may tie a table to it, so no path (a second /daily,
two at once, another server, a second process, a restart) opens a second table. Its result goes
on the board of the server where it was played, only there.

A deal is proven winnable before it is dealt: a solver must win it. Solving takes seconds, so
it is done ahead of time by `prepare_deals`, a job that keeps today's and tomorrow's deals
ready (the process that runs the clocks calls it about once a minute); the solver runs in a
pool of worker processes (bot/features/solving.py), never in the bot's own. A /daily never waits for a
solve: when the day's deal is not ready (the bot's very first start), it says so and the
preparation starts at once. The offline console, which has no clock process, waits instead.

The table is an ordinary table of the service, opened in the player's own place (a private
thread the adapter makes, only after the attempt is recorded), so /move, autocomplete and
buttons work as for any table. An attempt ends with its day: at 00:00 UTC an unfinished one
ends as a loss ('expired'), a move after that is refused and ends the table, and the day's
final board is posted once, after the day ends (`tick`, catching up after downtime).

Adapter use: `daily = DailyChallenge(service)`, `service.extend(daily)`; /daily is a command with
a place of its own (`Command.place`), so the adapter passes `make_place(name)` to the service
(bot/core/places.py), which makes the private thread (and returns its channel id) once the
attempt is the caller's; call `await daily.tick()` and `await daily.prepare_deals()` about once a minute.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import lang
from bot.core import alt_text, marks, places, replay
from bot.core.commands import BOT_DM, Command, Param
from bot.core.extension import Extension
from bot.core.places import PlaceMaker
from bot.core.replies import Caller, Card, Reply
from bot.features.solving import SolverPool
from db.daily import DailyStore, DayDeal, DealRow, SoloResult
from games import registry
from games.base import Game, IllegalMove
from lang import N_, ngettext, tr

if TYPE_CHECKING:
    from bot.core.service import TableService
    from bot.core.tables import Loaded

log = logging.getLogger(__name__)

GAME = "hawaii"
# Monday first. Easy three days, standard three, very hard on Saturday.
WEEKDAY_DIFFICULTY = ("easy", "standard", "standard", "easy", "standard", "very_hard", "easy")
EASIER = {"very_hard": "standard", "standard": "easy"}
PER_LEVEL = 12  # derived seeds tried at a difficulty before the day falls back to an easier one
LAST_LEVEL = 40  # seeds tried at the easiest difficulty before giving up for now
STALE_CLAIM = timedelta(minutes=2)  # an attempt without a table after this was cut short
FINAL_TRIES = 3  # tries to post a day's final board
BOARD_ROWS = 20
TICK_SECONDS = 60.0
SECRET_KEY = "daily:secret"

Solver = Callable[[int, str], "list[str] | None | Awaitable[list[str] | None]"]
NOT_READY = N_("Today's deal is still being prepared: before a deal is dealt, a solver plays it and must win it. "
               "Nothing was started; try /daily again in a minute or two.")
ELSEWHERE = N_("You have played today's daily challenge in another server: one attempt per person and day, in "
               "every server, because the deal is the same everywhere. Its result stays on that server's board. "
               "The next deal comes in {wait} (00:00 UTC).")
NO_PLACE = N_("The daily challenge could not make its private thread here, so nothing was started and your "
              "attempt is still yours. Try again, or ask a moderator to let Isles create private threads here.")
ALREADY = N_("You have a daily challenge today already. One attempt per day.")


WEEKDAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"),
            N_("Sunday"))
# a difficulty as a sentence names it
LEVELS = {"easy": N_("easy"), "standard": N_("standard"), "very_hard": N_("very hard")}


def weekday(day: date) -> str:
    return tr(WEEKDAYS[day.weekday()])


def level_word(difficulty: str) -> str:
    return tr(LEVELS[difficulty]) if difficulty in LEVELS else difficulty.replace("_", " ")


def _names(days: list[int]) -> str:
    names = [tr(WEEKDAYS[d]) for d in days]
    if len(names) == 1:
        return names[0]
    return tr("{days} and {last}").format(days=", ".join(names[:-1]), last=names[-1])


def _rotation() -> str:
    parts = []
    for level in ("easy", "standard", "very_hard"):
        days = [d for d, diff in enumerate(WEEKDAY_DIFFICULTY) if diff == level]
        if days:
            parts.append(tr("{level} on {days}").format(level=level_word(level), days=_names(days)))
    return "; ".join(parts)


HELP = N_(
    "**Daily challenge** — one solo deal of Age of Steam: Hawaiian Islands a day.\n"
    "• `/daily` opens today's deal for you in a private thread. Everyone gets the same deal (the same seed "
    "and difficulty) on the same UTC day, in every server; each server keeps its own board. "
    "A new deal comes at 00:00 UTC.\n"
    "• Same dice for the same actions: the seed fixes one sequence of random draws, used in order. The two "
    "dice of each round take the next two draws; a round with Production first takes six more (the cubes "
    "drawn from the bag). So the dice of a round depend only on how many times you took Production up to "
    "then: everyone who did so as often rolls the same dice, whatever else they did (shares, builds, "
    "deliveries, placements). Which colours the drawn cubes are also depends on what is in the bag, which "
    "your deliveries change.\n"
    "• One attempt per person and day, in every server: once started, `/daily` starts nothing more that "
    "day, here or in any other server, whatever happens. The deal is the same everywhere, so a second "
    "server would be a practice run on it. Your result shows on the board of the server where you played "
    "it, and only there: a board lists the games played in its own server. Resigning or cancelling ends "
    "the attempt as lost.\n"
    "• An attempt ends with its day: at 00:00 UTC an unfinished attempt ends as a loss (\"out of time\" "
    "on the board), a move after that is refused, and the day's final board is posted. It is final: "
    "nothing changes it afterwards. Start early to have the whole day.\n"
    "• Difficulty by weekday (UTC): {rotation}.\n"
    "• The deal: seeds are derived from the date and a secret of this bot with SHA-256. Each deal is "
    "prepared the day before: a solver plays it and must win it, and the first seed it wins is the day's "
    "deal. If it wins none of {tries} seeds at the day's difficulty, the day falls back to the next "
    "easier one (the board shows the difficulty dealt). If a day's deal is not ready yet (the bot has just "
    "been installed), `/daily` says so and starts nothing: try again a minute later.\n"
    "• `/hint` shows a suggested move, privately; your result is then marked as hinted.\n"
    "• When you finish, your result goes on the server's board (`/dailyboard`): only finished results, "
    "never moves. `/solo` shows wins, best scores, streaks (consecutive days with a daily won) and your "
    "personal bests. A solo game of Hawaiian Islands, daily or not, that is cancelled after it started "
    "counts there as a loss."
)

COMMANDS = (
    Command("daily", N_("Today's solo challenge: the same deal for everyone, one attempt each"), (
        Param("help", N_("on: explain the daily challenge instead of starting it"), choices=("on", "off")),
    ), place=N_("daily challenge"), where=BOT_DM),
    Command("hint", N_("A suggested move for your solo game (your result is marked as hinted)"), where=BOT_DM),
    Command("dailyboard", N_("The server's daily challenge board, today's or a past day's"), (
        Param("date", N_("A UTC date as YYYY-MM-DD, or yesterday (default: today)")),
    )),
    Command("solo", N_("The server's solo board: wins, best scores, streaks, and your personal bests")),
)


# -- the deal of a day -------------------------------------------------------------------
def utc_day(moment: datetime) -> date:
    return moment.astimezone(UTC).date() if moment.tzinfo else moment.date()


def day_end(day: date | str) -> datetime:
    """When an attempt of `day` ends: 00:00 UTC of the next day."""
    if isinstance(day, str):
        day = date.fromisoformat(day)
    return datetime.combine(day + timedelta(days=1), datetime.min.time(), UTC)


def derive_seed(day: date, candidate: int = 0, secret: str = "") -> int:
    """The `candidate`-th seed of a day: stable across runs, machines and versions. The
    installation's secret keeps players from working out a deal from the source before playing it."""
    digest = hashlib.sha256(f"isles daily|{secret}|{day.isoformat()}|{candidate}".encode()).digest()  # verbatim: a key
    return int.from_bytes(digest[:6], "big") + 1


def day_difficulty(day: date) -> str:
    return WEEKDAY_DIFFICULTY[day.weekday()]


@dataclass(frozen=True)
class Deal:
    seed: int
    difficulty: str
    candidate: int
    line: list[str]  # moves that win it, as the solver found them ([] when it gave none)


async def choose_deal(day: date, solver: Solver, per_level: int = PER_LEVEL, last_level: int = LAST_LEVEL,
                      secret: str = "") -> Deal:
    """The first derived seed that the solver wins, at the day's difficulty or, failing that, easier ones.

    The solver may be a plain function or a coroutine function (a solve in a worker process).
    Candidates are numbered across levels, so a seed is never tried twice. Raises LookupError when
    no candidate was won."""
    difficulty: str | None = day_difficulty(day)
    candidate = 0
    while difficulty is not None:
        easier = EASIER.get(difficulty)
        for _ in range(per_level if easier else last_level):
            seed = derive_seed(day, candidate, secret)
            line = solver(seed, difficulty)
            if inspect.isawaitable(line):
                line = await line
            if line is not None:
                return Deal(seed, difficulty, candidate, list(line))
            candidate += 1
        difficulty = easier
    raise LookupError(f"no winnable deal among {candidate} seeds")


def replay_wins(seed: int, difficulty: str, line: list[str], game: str = GAME) -> bool:
    """Whether playing `line` on the deal through the rules engine wins it."""
    table = registry.get(game).new(1, {"difficulty": difficulty}, seed)
    try:
        for step in replay.steps(table, [(0, move) for move in line]):
            if table.is_over() and step.index < len(line) - 1:  # over with moves left: the line is not its own
                return False
    except IllegalMove:
        return False
    won, _ = solo_outcome(table)
    return table.is_over() and won


def hawaii_solver(seed: int, difficulty: str, game: str = GAME) -> list[str] | None:
    """A line of moves that wins the deal, checked by replaying it through the rules; None if none was found.

    Uses the game's solver (`ComputerPlayers.solve`) when it has one, else lets its heuristic player
    play the deal out."""
    cls = registry.get(game)
    table = cls.new(1, {"difficulty": difficulty}, seed)
    solve = cls.computer.solve if cls.computer is not None else None
    line: list[str] | None
    if solve is not None:
        line = solve(table)
    else:
        line = []
        while not table.is_over() and len(line) < 2000:
            move = table.ai_move(0, random.Random(f"{seed}:{len(line)}"))
            table.play(0, move)
            line.append(move)
    if line is None or not replay_wins(seed, difficulty, line, game):
        return None
    return line


def solo_outcome(game: Game | None) -> tuple[bool, float | None]:
    """(won, score) of a finished solo game; (False, None) when it did not reach its end."""
    outcome = game.outcome() if game is not None else None
    if outcome is None:
        return False, None
    details = outcome.details[0] if outcome.details else {}
    won = details.get("result") == "won" if "result" in details else outcome.ranks[0] == 1
    return won, float(outcome.scores[0])


def suggest(game: Game, line: list[str], played: list[str]) -> tuple[str, str]:
    """(move, source): the next move of the winning line while the player has followed it, else
    the heuristic player's move (which does not look at the real dice)."""
    legal = game.legal_moves(0)
    n = len(played)
    if line and len(line) > n and line[:n] == played and line[n] in legal:
        return line[n], "line"
    computer = type(game).computer
    if computer is not None and computer.hint is not None:
        return computer.hint(game, 0), "heuristic"
    return game.ai_move(0, random.Random(n)), "heuristic"


def streaks(results: dict[date, bool], today: date) -> tuple[int, int]:
    """(current, longest) runs of consecutive days won. A day not finished yet does not break
    the current run; a day lost does."""
    won = sorted(day for day, ok in results.items() if ok)
    longest = run = 0
    previous: date | None = None
    for day in won:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    day = today if results.get(today) else today - timedelta(days=1)
    if results.get(today) is False:
        return 0, longest
    current = 0
    while results.get(day):
        current += 1
        day -= timedelta(days=1)
    return current, longest


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _until_midnight(now: datetime) -> str:
    tomorrow = datetime.combine(utc_day(now) + timedelta(days=1), datetime.min.time(), UTC)
    minutes = max(1, int((tomorrow - now.astimezone(UTC)).total_seconds() // 60))
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"


def _ended_at(row: Any) -> datetime:
    """When a table last changed (for an ended table: when it ended)."""
    moment = datetime.fromisoformat(row.updated_at)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _rank_key(result: SoloResult) -> tuple:
    return (not result.won, result.hints + result.takebacks > 0, -(result.score if result.score is not None else -1e9))


# -- the extension -----------------------------------------------------------------------
class DailyChallenge(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, *, solver: Solver | None = None, pool: SolverPool | None = None,
                 game: str = GAME, wait_for_deal: bool = False):
        """Bound to a table service (add it with `service.extend`). The default solver runs in a pool of
        worker processes (`pool`, else one from the ISLES_SOLVER_* settings); a solver given without a
        pool is called in this process (a stand-in of tests). `wait_for_deal`: a /daily whose deal is
        not ready waits for its solve (the offline console) instead of saying so (the bot)."""
        self.service = service
        self.db = DailyStore(service.store)
        self.solver: Solver = solver or hawaii_solver
        self.pool = pool if pool is not None or solver is not None else SolverPool.from_env()
        self.game = game
        self.wait_for_deal = wait_for_deal
        self._deal_locks: dict[str, asyncio.Lock] = {}
        self._preparing: dict[str, asyncio.Task] = {}
        self._tick_lock = asyncio.Lock()
        self._secret: str | None = None
        self._secret_lock = asyncio.Lock()

    def close(self) -> None:
        """Stop background preparations and the solver's worker processes."""
        for task in self._preparing.values():
            task.cancel()
        if self.pool is not None:
            self.pool.close()

    # -- helpers for adapters ----------------------------------------------------------
    def now(self) -> datetime:
        return self.service.clock()

    def today(self) -> date:
        return utc_day(self.now())

    async def secret(self) -> str:
        """This installation's secret for deriving seeds, made once and kept with the bot's data."""
        async with self._secret_lock:
            if self._secret is None:
                kept = await self.service.store.get_meta(SECRET_KEY)
                if kept is None:
                    await self.service.store.set_meta(SECRET_KEY, secrets.token_hex(16))
                    kept = await self.service.store.get_meta(SECRET_KEY)
                self._secret = kept or ""
            return self._secret

    def thread_name(self, caller: Caller, day: date | None = None) -> str:
        return tr("Daily {day} · {name}").format(day=(day or self.today()).isoformat(), name=caller.name)

    async def begin(self, caller: Caller, args: dict[str, Any] | None = None,
                    make_place: PlaceMaker | None = None) -> Reply:
        """/daily typed in `caller`'s channel (which becomes the day's board channel if it is the first).
        `make_place(thread name)` makes the attempt's own place and returns its channel id; it is called
        only once the attempt is recorded for this call, so racing calls never make a second place.
        Without it the table opens in the caller's channel."""
        return await self.service.handle(caller, "daily", args or {}, make_place=make_place)

    # -- the deals -------------------------------------------------------------------------
    async def _solve(self, seed: int, difficulty: str) -> list[str] | None:
        # only a plain module-level function can be sent to a worker process (by name); any other
        # solver (a coroutine function, an object, a closure: stand-ins of tests) runs here
        plain = (inspect.isfunction(self.solver) and not inspect.iscoroutinefunction(self.solver)
                 and "<locals>" not in self.solver.__qualname__)
        if self.pool is None or not plain:
            found = self.solver(seed, difficulty)
            return await found if inspect.isawaitable(found) else found
        try:
            return await self.pool.run(self.solver, seed, difficulty)
        except TimeoutError:
            log.warning("the solver gave no answer in time for seed %s (%s): the next seed is tried", seed, difficulty)
            return None

    async def day_deal(self, day: date) -> DayDeal:
        """The deal of a day for every server: kept, or chosen now (this solves: call it from the
        preparation job, or where waiting is fine). Raises LookupError when no seed was won."""
        key = day.isoformat()
        kept = await self.db.day_deal(key)
        if kept is not None:
            return kept
        async with self._deal_locks.setdefault(key, asyncio.Lock()):
            kept = await self.db.day_deal(key)
            if kept is not None:
                return kept
            deal = await choose_deal(day, self._solve, secret=await self.secret())
            log.info("daily deal of %s: seed %s (%s), candidate %s", day, deal.seed, deal.difficulty, deal.candidate)
            return await self.db.keep_day_deal(day=key, game=self.game, seed=deal.seed, difficulty=deal.difficulty,
                                               candidate=deal.candidate, line=deal.line, now=self.now())

    async def prepare_deals(self, now: datetime | None = None) -> list[str]:
        """The preparation job: today's and tomorrow's deals chosen and proven, so that no /daily waits
        for a solve. Run it about once a minute in one process (the one that runs the clocks); when both
        deals are kept it only reads two rows. Returns the days whose deal it made."""
        today = utc_day(now or self.now())
        made = []
        for day in (today, today + timedelta(days=1)):
            if await self.db.day_deal(day.isoformat()) is not None:
                continue
            try:
                await self.day_deal(day)
            except LookupError:
                log.error("no winnable daily deal for %s yet", day)
                continue
            made.append(day.isoformat())
        for key in [k for k in self._deal_locks if k < today.isoformat()]:
            if not self._deal_locks[key].locked():
                del self._deal_locks[key]
        return made

    async def prepare_forever(self, interval: float = TICK_SECONDS) -> None:
        """`prepare_deals` until cancelled (a scheduler may call `prepare_deals` itself instead)."""
        while True:
            try:
                await self.prepare_deals()
            except Exception:
                log.exception("preparing the daily deals failed")
            await asyncio.sleep(interval)

    def _prepare_soon(self, day: date) -> None:
        """Start preparing a day's deal in the background, once."""
        key = day.isoformat()
        running = self._preparing.get(key)
        if running is not None and not running.done():
            return

        async def prepare() -> None:
            try:
                await self.day_deal(day)
            except LookupError:
                log.error("no winnable daily deal for %s yet", day)
            except Exception:
                log.exception("preparing the daily deal of %s failed", day)

        self._preparing[key] = asyncio.get_running_loop().create_task(prepare())

    async def deal_of(self, guild_id: int, day: date) -> DealRow:
        """The server's copy of the day's deal (its board channel and final board go with it). Never
        solves unless `wait_for_deal`: when the day's deal is not ready, IllegalMove says so."""
        key = day.isoformat()
        kept = await self.db.deal(guild_id, key)
        if kept is not None:
            return kept
        shared = await self.db.day_deal(key)
        if shared is None:
            if not self.wait_for_deal:
                self._prepare_soon(day)
                raise IllegalMove(tr(NOT_READY))
            try:
                shared = await self.day_deal(day)
            except LookupError:
                log.error("no winnable daily deal for %s", day)
                raise IllegalMove(tr("Today's challenge could not be prepared: no deal was proven winnable yet. "
                                     "Try again later.")) from None
        return await self.db.keep_deal(
            guild_id=guild_id, day=key, game=shared.game, seed=shared.seed, difficulty=shared.difficulty,
            candidate=shared.candidate, line=shared.line, now=self.now(),
        )

    async def _refusal(self, caller: Caller, day: date) -> str | None:
        attempt = await self.db.attempt_of_person(caller.guild_id, day.isoformat(), caller.user_id)
        if attempt is None:
            return None
        if attempt.table_id is None:
            claimed = datetime.fromisoformat(attempt.claimed_at)
            if self.now() - claimed >= STALE_CLAIM:
                return None  # cut short before its table was opened: /daily continues it
            return tr("Your daily challenge is being set up right now. One attempt per day.")
        if attempt.guild_id != caller.guild_id:
            return tr(ELSEWHERE).format(wait=_until_midnight(self.now()))
        if attempt.table_status == "lobby":
            return tr("Your daily challenge is waiting in {place}: /start it there. One attempt per day.").format(
                place=marks.place(attempt.channel_id))
        if attempt.table_status == "active":
            return tr("Your daily challenge of today is under way in {place}. One attempt per day.").format(
                place=marks.place(attempt.channel_id))
        return tr("You have played today's daily challenge already: one attempt per day. The next deal comes in "
                  "{wait} (00:00 UTC). See /dailyboard.").format(wait=_until_midnight(self.now()))

    # -- /daily ------------------------------------------------------------------------
    async def cmd_daily(self, caller: Caller, help: str = "") -> Reply:
        if help.lower() == "on":
            return Reply(private=tr(HELP).format(rotation=_rotation(), tries=PER_LEVEL))
        make_place = places.maker()
        day = self.today()  # the attempt's day, fixed once: its thread is named with it
        why = await self._refusal(caller, day)
        if why:
            raise IllegalMove(why)
        deal = await self.deal_of(caller.guild_id, day)
        guild, key, user = caller.guild_id, deal.day, caller.user_id
        if guild:  # a direct message with the bot (no server) has no board to post: only its player is there
            await self.db.set_board_channel(guild, key, caller.channel_id)
        opener = secrets.token_hex(8)
        await self._claim(caller, deal, opener)
        try:
            place = caller.channel_id
            if make_place is not None:
                try:
                    place = await make_place(self.thread_name(caller, day))
                except IllegalMove:  # the adapter's own reason (no rights to make it here)
                    raise
                except Exception:
                    log.warning("no place could be made for the daily attempt of %s", user, exc_info=True)
                    raise IllegalMove(tr(NO_PLACE)) from None
            reply = await self._open(replace(caller, channel_id=place), deal, opener)
        except BaseException:
            await self.db.release(guild, key, user, opener)
            raise
        with lang.using(await self._public(guild)):  # the post that opens the attempt's thread
            words = dict(weekday=weekday(day), day=key, level=level_word(deal.difficulty), name=caller.name,
                         wait=_until_midnight(self.now()))
            if guild:
                headline = tr("**Daily challenge of {weekday} {day}** ({level}) for **{name}**. One attempt; your "
                              "moves stay in this thread. It ends at 00:00 UTC, in {wait}; unfinished by then, it "
                              "counts as a loss. /hint suggests a move (and marks your result).").format(**words)
            else:
                headline = tr("**Daily challenge of {weekday} {day}** ({level}) for **{name}**. One attempt; you "
                              "play it here, in your direct messages with Isles. It ends at 00:00 UTC, in {wait}; "
                              "unfinished by then, it counts as a loss. /hint suggests a move (and marks your "
                              "result).").format(**words)
        reply.text = f"{headline}\n{reply.text}" if reply.text else headline
        return reply

    async def _claim(self, caller: Caller, deal: DealRow, opener: str) -> None:
        """Record the attempt for this call (`opener`), or raise IllegalMove: the player has one."""
        guild, key, user = caller.guild_id, deal.day, caller.user_id
        now = self.now()
        if await self.db.claim(guild_id=guild, day=key, user_id=user, name=caller.name,
                               channel_id=caller.channel_id, now=now, opener=opener):
            return
        existing = await self.db.attempt_of_person(guild, key, user)
        stale = (existing is not None and existing.table_id is None
                 and now - datetime.fromisoformat(existing.claimed_at) >= STALE_CLAIM)
        if stale:
            found = await self.db.table_of_deal(existing.guild_id, user, deal.game, deal.seed)
            if found is not None:  # the call that claimed it opened a table, then stopped before tying it
                await self.db.link(existing.guild_id, key, user, *found)
            elif await self.db.take_over(guild_id=guild, day=key, user_id=user, channel_id=caller.channel_id,
                                         older_than=now - STALE_CLAIM, now=now, opener=opener):
                return
        raise IllegalMove(await self._refusal(caller, date.fromisoformat(key)) or tr(ALREADY))

    async def _public(self, guild_id: int) -> str:
        """The language of a post: the server's; in direct messages with the bot, the person's."""
        return await self.service.public_language(guild_id) if guild_id else lang.current()

    async def _open(self, caller: Caller, deal: DealRow, opener: str) -> Reply:
        """Open the player's table through the service's own /open, tie it to the attempt, then /start it.
        A table this call could not tie to the attempt is cancelled before it starts (nothing is kept)."""
        service = self.service
        mine = await self.db.attempt(caller.guild_id, deal.day, caller.user_id)
        if mine is None or mine.opener != opener or mine.table_id is not None:  # taken over while its place was made
            raise IllegalMove(await self._refusal(caller, date.fromisoformat(deal.day)) or tr(ALREADY))
        opened = await service.cmd_open(caller, game=deal.game, options=f"difficulty={deal.difficulty}",
                                        seed=deal.seed)
        row = await service.store.table(opened.table_id)
        tied = False
        try:
            if row is None or row.seed != deal.seed:
                raise RuntimeError("the daily table was opened without the day's seed")
            tied = await self.db.link(caller.guild_id, deal.day, caller.user_id, row.id, caller.channel_id,
                                      opener=opener)
            if not tied:
                attempt = await self.db.attempt(caller.guild_id, deal.day, caller.user_id)
                tied = attempt is not None and attempt.table_id == row.id
        finally:
            if not tied:
                await service.cmd_cancel(caller)
        if not tied:
            raise IllegalMove(await self._refusal(caller, date.fromisoformat(deal.day)) or tr(ALREADY))
        return await service.cmd_start(caller)

    # -- the end of a day ----------------------------------------------------------------
    async def check_move(self, loaded: Loaded) -> None:
        """Before a move (the service asks every extension): a daily table whose day is over takes no
        more moves; it ends as a loss, and the mover is told why."""
        row = loaded.row
        if row.game != self.game or row.status != "active":
            return
        attempt = await self.db.attempt_of_table(row.id)
        if attempt is None or self.now() < day_end(attempt.day):
            return
        await self.expire(attempt.table_id)
        raise IllegalMove(self._ended_text(attempt.day))

    async def seed_kept_until(self, loaded: Loaded) -> str:
        """A daily deal's seed stays secret until its day is over everywhere: with it, a second account
        could solve the exact deal and play the answer on the real one."""
        if loaded.row.game != self.game:
            return ""
        attempt = await self.db.attempt_of_table(loaded.row.id)
        if attempt is None or self.now() >= day_end(attempt.day):
            return ""
        return tr("after the day's final board ({when} UTC)").format(when=f"{day_end(attempt.day):%Y-%m-%d %H:%M}")

    async def cancel_note(self, loaded: Loaded) -> str:
        """What /cancel adds for a solo game that counts as lost (started, or a daily attempt)."""
        row = loaded.row
        if row.game != self.game or (row.status != "active" and await self.db.attempt_of_table(row.id) is None):
            return ""
        return tr("A started solo game that is cancelled counts as lost in the solo record (/solo).")

    async def rules_note(self, loaded: Loaded) -> str:
        """What /rules at a daily table says before the game's rules."""
        if loaded.row.game != self.game:
            return ""
        attempt = await self.db.attempt_of_table(loaded.row.id)
        if attempt is None:
            return ""
        return tr("**This table is the daily challenge of {day}** (`/daily help:on` tells it all): the same deal "
                  "for everyone that day, in every server; the same dice for the same actions (the dice of a round "
                  "depend only on how many times Production was taken up to then). It ends at 00:00 UTC with its "
                  "day: unfinished by then, it counts as a loss and takes no more moves. One attempt; cancelling or "
                  "resigning counts as a loss.").format(day=attempt.day)

    def _ended_text(self, day: str) -> str:
        return tr("Your daily challenge of {day} ended with its day at 00:00 UTC, unfinished, so it counts as a loss "
                  "and takes no more moves. Today's deal: /daily.").format(day=day)

    async def expire(self, table_id: int) -> bool:
        """End a daily table whose day is over: the game ends, unfinished, as a loss ('expired'); the end is
        posted at the table. False when it had ended already."""
        service = self.service
        row = await service.store.table(table_id)
        attempt = await self.db.attempt_of_table(table_id)
        if row is None or attempt is None or row.status not in ("lobby", "active"):
            return False
        with lang.using(await self._public(row.guild_id)):  # a post with no caller
            headline = tr("**{name}**'s daily challenge of {day} ended with its day (00:00 UTC), unfinished: it "
                          "counts as a loss.").format(name=attempt.name, day=attempt.day)
        reply: Reply | None = None
        if row.status == "active":
            seat = next((s.seat for s in await service.store.seats(table_id) if s.user_id == row.host_id), 0)
            try:
                reply = await service.forfeit(table_id, seat if seat is not None else 0, headline)
            except IllegalMove:  # another process ended it at the same moment
                reply = None
        else:
            host = Caller(row.guild_id, row.channel_id, row.host_id, attempt.name)
            try:
                await service.cmd_cancel(host)
                reply = Reply(text=headline, table_id=table_id)
            except IllegalMove:
                reply = None
        await self._record_table(table_id)
        if reply is not None and service.outbox is not None:
            try:
                await service.outbox.post(row.channel_id, reply)
            except Exception:
                log.exception("posting the end of daily table %s failed", table_id)
        return reply is not None

    # -- /hint -------------------------------------------------------------------------
    async def cmd_hint(self, caller: Caller) -> Reply:
        store = self.service.store
        row = await store.open_table(caller.channel_id)
        if row is None or row.status != "active" or row.state is None:
            raise IllegalMove(tr("There is no solo game under way in this channel. /daily starts today's "
                                 "challenge."))
        try:
            cls = registry.get(row.game)
        except KeyError:
            raise IllegalMove(tr("This game has no hints.")) from None
        if cls.max_players != 1:
            raise IllegalMove(tr("Hints are for solo games: /daily starts today's challenge."))
        seats = await store.seats(row.id)
        if not any(s.user_id == caller.user_id and not s.resigned for s in seats):
            raise IllegalMove(tr("Only the player of this table may ask for a hint."))
        game = cls.load(row.state)
        if not game.legal_moves(0):
            raise IllegalMove(tr("There is no move to make right now."))
        attempt = await self.db.attempt_of_table(row.id)
        if attempt is not None and self.now() >= day_end(attempt.day):
            await self.expire(row.id)
            raise IllegalMove(self._ended_text(attempt.day))
        line: list[str] = []
        if attempt is not None:
            deal = await self.db.deal(attempt.guild_id, attempt.day)
            line = deal.line if deal else []
        played = [m.move for m in await store.moves(row.id)]
        move, source = await asyncio.to_thread(suggest, game, line, played)
        count = await self.db.add_hint(row.id)
        why = (tr("It follows a line the solver proved to win this deal.")
               if source == "line" else tr("It is what the computer player would do now."))
        marked = (tr("Your result is marked as hinted ({count} hints).").format(count=count) if count > 1
                  else tr("Your result is marked as hinted."))
        return Reply(private=tr("Hint: `{move}`. {why}").format(move=move, why=why) + "\n" + marked,
                     table_id=row.id)

    # -- boards ------------------------------------------------------------------------
    async def board_reply(self, guild_id: int, day: date, final: bool = False) -> Reply:
        """The board of a day, in the server's language (it is posted for everyone)."""
        with lang.using(await self._public(guild_id)):
            return await self._board_reply(guild_id, day, final)

    async def _board_reply(self, guild_id: int, day: date, final: bool = False) -> Reply:
        key = day.isoformat()
        deal = await self.db.deal(guild_id, key)
        results = sorted(await self.db.results_of_day(guild_id, key), key=_rank_key)
        attempts = await self.db.attempts_of_day(guild_id, key)
        done = {r.table_id for r in results}
        playing = sum(1 for a in attempts if a.table_id not in done and a.table_status in ("lobby", "active"))
        difficulty = deal.difficulty if deal else day_difficulty(day)
        rows = []
        rank = 0
        for index, result in enumerate(results):
            if index == 0 or _rank_key(result) != _rank_key(results[index - 1]):
                rank = index + 1
            rows.append({"rank": rank, "name": result.name, "result": "won" if result.won else (
                "lost" if result.ended == "finished" else result.ended), "score": result.score,
                "hints": result.hints, "moves": result.moves, "takebacks": result.takebacks})
        title = tr("**Daily challenge — {weekday} {day}** ({level})").format(weekday=weekday(day), day=key,
                                                                            level=level_word(difficulty))
        lines = [title + (" · " + tr("final board") if final else "")]
        for row in rows[:BOARD_ROWS]:
            score = _number(row["score"])
            what = {"won": tr("won, {score} points").format(score=score),
                    "lost": tr("lost (score {score})").format(score=score),
                    "resigned": tr("resigned"), "cancelled": tr("abandoned"),
                    "expired": tr("out of time (unfinished at 00:00 UTC)")}[row["result"]]
            hint = " (" + ngettext("{count} hint", "{count} hints", row["hints"]).format(
                count=row["hints"]) + ")" if row["hints"] else ""
            if row["takebacks"]:
                hint += " (" + tr("{count} taken back").format(count=row["takebacks"]) + ")"
            # English says "moves" for one as well (as it always did); a catalogue gives the singular its form
            lines.append(f"{row['rank']}. {row['name']} — " + ngettext(
                "{what}, {count} moves", "{what}, {count} moves", row["moves"]).format(what=what, count=row["moves"])
                + hint)
        if not rows:
            lines.append(tr("No finished attempt yet."))
        if len(rows) > BOARD_ROWS:
            lines.append(tr("... and {count} more.").format(count=len(rows) - BOARD_ROWS))
        if playing:
            lines.append(tr("{count} still playing.").format(count=playing))
        image = None
        if self.service.draw_images:
            from bot.core.service import draw_off_loop
            from render.daily import daily_board

            data = {"day": key, "weekday": weekday(day), "difficulty": difficulty, "final": final,
                    "playing": playing, "rows": rows[:BOARD_ROWS]}
            image = await draw_off_loop(daily_board, data)
        return Reply(text="\n".join(lines), image=image, image_name=f"daily-{key}.png",
                     image_alt=tr(alt_text.DAILY).format(day=key) if image else "", card=Card())

    async def cmd_dailyboard(self, caller: Caller, date: str = "") -> Reply:
        today = self.today()
        typed = date.strip().lower()
        if typed in ("", "today"):
            day = today
        elif typed == "yesterday":
            day = today - timedelta(days=1)
        else:
            try:
                day = datetime.strptime(typed, "%Y-%m-%d").date()
            except ValueError:
                raise IllegalMove(tr("Write the date as YYYY-MM-DD, e.g. 2026-01-31 (UTC), or `yesterday`.")) from None
        if day > today:
            raise IllegalMove(tr("{day} has not come yet (today is {today} UTC).").format(
                day=day.isoformat(), today=today.isoformat()))
        if await self.db.deal(caller.guild_id, day.isoformat()) is None:
            if day == today:
                raise IllegalMove(tr("Nobody has started today's daily challenge yet: /daily starts yours."))
            raise IllegalMove(tr("No daily challenge was played in this server on {day}.").format(day=day.isoformat()))
        return await self.board_reply(caller.guild_id, day, final=day < today)

    async def cmd_solo(self, caller: Caller) -> Reply:
        results = await self.db.results_of_guild(caller.guild_id)
        if not results:
            raise IllegalMove(tr("No solo game has been finished in this server yet. /daily starts today's "
                                 "challenge."))
        today = self.today()
        players: dict[int, list[SoloResult]] = {}
        for result in results:
            players.setdefault(result.user_id, []).append(result)
        rows = []
        for user_id, mine in players.items():
            wins = [r for r in mine if r.won]
            best = max(wins, key=lambda r: (r.score or 0, r.hints == 0), default=None)
            days = {date.fromisoformat(r.day): r.won for r in mine if r.day}
            current, longest = streaks(days, today)
            rows.append({"user_id": user_id, "name": mine[-1].name, "games": len(mine), "wins": len(wins),
                         "best": best.score if best else None, "best_hinted": bool(best and best.hints),
                         "streak": current, "longest": longest})
        rows.sort(key=lambda r: (-r["wins"], -(r["best"] if r["best"] is not None else -1e9),
                                 -r["longest"], r["name"].lower()))
        for index, row in enumerate(rows):
            same = index and (rows[index - 1]["wins"], rows[index - 1]["best"]) == (row["wins"], row["best"])
            row["rank"] = rows[index - 1]["rank"] if same else index + 1
        personal = self._personal(players.get(caller.user_id, []), today)  # the caller's own, in their language
        with lang.using(await self._public(caller.guild_id)):  # the board is public
            lines = [tr("**Solo board** — wins, best winning scores and daily streaks in this server")]
            for row in rows[:BOARD_ROWS]:
                if row["best"] is not None:
                    line = tr("{rank}. {name} — {wins} won of {games}, best {best}, streak {streak} (longest "
                              "{longest})")
                else:
                    line = tr("{rank}. {name} — {wins} won of {games}, streak {streak} (longest {longest})")
                lines.append(line.format(rank=row["rank"], name=row["name"], wins=row["wins"], games=row["games"],
                                         best=_number(row["best"]) + ("*" if row["best_hinted"] else ""),
                                         streak=row["streak"], longest=row["longest"]))
            if any(r["best_hinted"] for r in rows):
                lines.append(tr("* reached with a hint"))
            image = None
            if self.service.draw_images:
                from bot.core.service import draw_off_loop
                from render.daily import solo_board

                data = {"title": tr("Solo board"), "subtitle": tr("Daily challenges and solo games of this server"),
                        "rows": rows[:BOARD_ROWS]}
                image = await draw_off_loop(solo_board, data)
            alt = tr(alt_text.SOLO) if image else ""
        return Reply(text="\n".join(lines), private=personal,
                     image=image, image_name="solo.png", image_alt=alt)

    def _personal(self, mine: list[SoloResult], today: date) -> str:
        if not mine:
            return tr("You have not finished a solo game here yet: /daily starts today's challenge.")
        lines = [tr("**Your personal bests**")]
        by_level: dict[str, SoloResult] = {}
        for result in mine:
            if result.won and result.score is not None:
                held = by_level.get(result.difficulty)
                if held is None or (result.score, -result.hints) > (held.score, -held.hints):
                    by_level[result.difficulty] = result
        for level in ("easy", "standard", "very_hard"):
            if level in by_level:
                best = by_level[level]
                when = tr("daily of {day}").format(day=best.day) if best.day else tr("free game")
                hint = " " + tr("(with a hint)") if best.hints else ""
                lines.append(tr("{level}: {score} points, {when}").format(
                    level=level_word(level).capitalize(), score=_number(best.score), when=when) + hint)
        daily = [r for r in mine if r.day]
        current, longest = streaks({date.fromisoformat(r.day): r.won for r in daily}, today)
        lines.append(tr("Daily challenges: {won} won of {played}; streak {streak}, longest {longest}.").format(
            won=sum(r.won for r in daily), played=len(daily), streak=current, longest=longest))
        if len(lines) == 2:
            lines.insert(1, tr("No win yet."))
        return "\n".join(lines)

    # -- results -----------------------------------------------------------------------
    async def on_event(self, event: str, loaded: Any) -> None:
        row = loaded.row
        if row.status not in ("finished", "cancelled"):
            return
        try:
            cls = registry.get(row.game)
        except KeyError:
            return
        if cls.max_players != 1:
            return
        await self._record(row, loaded.seats, loaded.game)

    async def _record_table(self, table_id: int) -> None:
        store = self.service.store
        row = await store.table(table_id)
        if row is None:
            return
        game = registry.get(row.game).load(row.state) if row.state else None
        await self._record(row, await store.seats(table_id), game)

    async def _record(self, row: Any, seats: list[Any], game: Game | None) -> None:
        attempt = await self.db.attempt_of_table(row.id)
        if row.status == "cancelled" and attempt is None and game is None:
            return  # a free solo table cancelled before it started: nothing to keep
        player = next((s for s in seats if s.user_id == row.host_id), None)
        if player is None or player.user_id is None:
            return
        if row.status == "cancelled":  # started, or a daily attempt: a loss, so /solo cannot be curated
            ended = "cancelled"
        elif player.resigned or game is None or not game.is_over():
            ended = "resigned"
        else:
            ended = "finished"
        if ended != "finished" and attempt is not None and _ended_at(row) >= day_end(attempt.day):
            ended = "expired"  # still unfinished when its day ended
        won, score = solo_outcome(game) if ended == "finished" else (False, None)
        moves = len(await self.service.store.moves(row.id))
        new = await self.db.record_result(
            table_id=row.id, guild_id=row.guild_id, user_id=player.user_id,
            name=attempt.name if attempt else player.name, game=row.game,
            difficulty=str(row.options.get("difficulty", "")), day=attempt.day if attempt else None,
            won=won, score=score, ended=ended, moves=moves, now=self.now(),
        )
        if new and attempt is not None and ended != "expired":  # an expired one waits for the final board
            await self._post_board(row.guild_id, date.fromisoformat(attempt.day))

    async def _post_board(self, guild_id: int, day: date, final: bool = False) -> bool:
        outbox = self.service.outbox
        deal = await self.db.deal(guild_id, day.isoformat())
        if outbox is None or deal is None or deal.board_channel is None:
            return False
        if not final and deal.final_posted_at is not None:
            return False  # the final board is final
        reply = await self.board_reply(guild_id, day, final=final)
        try:
            return bool(await outbox.post(deal.board_channel, reply))
        except Exception:
            log.exception("posting the daily board of server %s on %s failed", guild_id, day)
            return False

    # -- the clock ---------------------------------------------------------------------
    async def tick(self, now: datetime | None = None) -> int:
        """Called by a scheduler loop (about once a minute): ends the attempts whose day is over, keeps
        results that ended unheard, and posts the final board of every day that is over (once; after
        downtime too). Returns how many final boards were posted."""
        async with self._tick_lock:
            now = now or self.now()
            today = utc_day(now)
            for attempt in await self.db.open_attempts_before(today.isoformat()):
                try:
                    await self.expire(attempt.table_id)
                except Exception:
                    log.exception("ending daily table %s after its day failed", attempt.table_id)
            for table_id in await self.db.unrecorded_endings():
                try:
                    await self._record_table(table_id)
                except Exception:
                    log.exception("keeping the result of daily table %s failed", table_id)
            posted = 0
            if self.service.outbox is not None:
                for deal in await self.db.days_to_close(today.isoformat(), FINAL_TRIES):
                    if not await self.db.claim_final(deal.guild_id, deal.day, now):
                        continue  # another process took it
                    day = date.fromisoformat(deal.day)
                    if not deal.guild_id:
                        continue  # the attempts played in direct messages share no board
                    if not await self.db.attempts_of_day(deal.guild_id, deal.day):
                        continue  # nobody played: nothing to post
                    if await self._post_board(deal.guild_id, day, final=True):
                        posted += 1
                    else:
                        await self.db.release_final(deal.guild_id, deal.day)
            return posted

    async def run_forever(self, interval: float = TICK_SECONDS) -> None:
        """Tick until cancelled (the bot's scheduler may call `tick` itself instead)."""
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("daily tick failed")
            await asyncio.sleep(interval)


def install(service: TableService, **options: Any) -> DailyChallenge:
    """The daily challenge, added to a table service."""
    daily = DailyChallenge(service, **options)
    service.extend(daily)
    return daily

"""The daily challenge and the solo board, a table service extension.

Every server gets one solo deal of Age of Steam: Hawaiian Islands per UTC day: the same seed
and difficulty for all of its players, another deal the next day and in every other server.
Each player has one attempt a day, recorded before the table is opened and guarded by a
unique key, so no path (a second /daily, a second thread, a restart) starts a second one.

The table is an ordinary table of the service, opened in the player's own channel (a private
thread made by the adapter), so /move, autocomplete and buttons work as for any table; it is
opened with the day's seed through the service's own /open.

Before a seed becomes a day's deal, a solver must win it; the deal is kept in SQLite, so it
never changes once chosen. Results are kept when a table ends (`on_event`), the day's board is
posted where /daily was first used that day, and `tick` posts each day's final board once,
after the day ends, catching up after downtime.

Adapter use: `daily = DailyChallenge(service)`, `service.extend(daily)`; on /daily, `await daily.prepare(caller)`
in the channel where it was typed (a Reply means: show it and stop), then make a private thread,
add the player and `service.handle(Caller(... thread id ...), "daily", {})`; call
`await daily.tick()` about once a minute.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.commands import Command, Param
from bot.replies import Caller, Reply
from db.daily import DailyStore, DealRow, SoloResult
from games import registry
from games.base import Game, IllegalMove

if TYPE_CHECKING:
    from bot.service import TableService

log = logging.getLogger(__name__)

GAME = "hawaii"
# Monday first. Easy three days, standard three, very hard on Saturday.
WEEKDAY_DIFFICULTY = ("easy", "standard", "standard", "easy", "standard", "very_hard", "easy")
EASIER = {"very_hard": "standard", "standard": "easy"}
PER_LEVEL = 12  # derived seeds tried at a difficulty before the day falls back to an easier one
LAST_LEVEL = 40  # seeds tried at the easiest difficulty before giving up for now
STALE_CLAIM = timedelta(minutes=2)  # an attempt without a table after this was cut short
FINAL_TRIES = 3  # tries to post a day's final board
PREPARE_FOR = timedelta(days=7)  # servers that played this recently get the day's deal ahead of time
BOARD_ROWS = 20
TICK_SECONDS = 60.0
SECRET_KEY = "daily:secret"

Solver = Callable[[int, str], "list[str] | None"]


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _names(days: list[int]) -> str:
    names = [WEEKDAYS[d] for d in days]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _rotation() -> str:
    parts = []
    for level in ("easy", "standard", "very_hard"):
        days = [d for d, diff in enumerate(WEEKDAY_DIFFICULTY) if diff == level]
        if days:
            parts.append(f"{level.replace('_', ' ')} on {_names(days)}")
    return "; ".join(parts)


HELP = (
    "**Daily challenge** — one solo deal of Age of Steam: Hawaiian Islands a day.\n"
    "• `/daily` opens today's deal for you in a private thread. Everyone in this server gets the same deal "
    "(the same seed and difficulty) on the same UTC day; other servers get other deals, and a new deal "
    "comes at 00:00 UTC.\n"
    "• One attempt per player and day: once started, `/daily` starts nothing more that day, whatever "
    "happens. Resigning or cancelling ends the attempt as lost.\n"
    f"• Difficulty by weekday (UTC): {_rotation()}.\n"
    "• The deal: seeds are derived from the server, the date and a secret of this bot with SHA-256. "
    "Before a seed is dealt, "
    "a solver plays it and must win; the first seed it wins is the day's deal. If it wins none of "
    f"{PER_LEVEL} seeds at the day's difficulty, the day falls back to the next easier one "
    "(the board shows the difficulty dealt).\n"
    "• `/hint` shows a suggested move, privately; your result is then marked as hinted.\n"
    "• When you finish, your result goes on the server's board (`/dailyboard`): only finished results, "
    "never moves. The final board is posted when the day ends. `/solo` shows wins, best scores, "
    "streaks (consecutive days with a daily won) and your personal bests."
)

COMMANDS = (
    Command("daily", "Today's solo challenge: the same deal for the whole server, one attempt each", (
        Param("help", "on: explain the daily challenge instead of starting it", choices=("on", "off")),
    )),
    Command("hint", "A suggested move for your solo game (your result is marked as hinted)"),
    Command("dailyboard", "The server's daily challenge board, today's or a past day's", (
        Param("date", "A UTC date as YYYY-MM-DD, or yesterday (default: today)"),
    )),
    Command("solo", "The server's solo board: wins, best scores, streaks, and your personal bests"),
)


# -- the deal of a day -------------------------------------------------------------------
def utc_day(moment: datetime) -> date:
    return moment.astimezone(UTC).date() if moment.tzinfo else moment.date()


def derive_seed(guild_id: int, day: date, candidate: int = 0, secret: str = "") -> int:
    """The `candidate`-th seed of a server's day: stable across runs, machines and versions. The
    installation's secret keeps players from working out a deal from the source before playing it."""
    digest = hashlib.sha256(f"isles daily|{secret}|{guild_id}|{day.isoformat()}|{candidate}".encode()).digest()
    return int.from_bytes(digest[:6], "big") + 1


def day_difficulty(day: date) -> str:
    return WEEKDAY_DIFFICULTY[day.weekday()]


@dataclass(frozen=True)
class Deal:
    seed: int
    difficulty: str
    candidate: int
    line: list[str]  # moves that win it, as the solver found them ([] when it gave none)


def choose_deal(guild_id: int, day: date, solver: Solver, per_level: int = PER_LEVEL,
                last_level: int = LAST_LEVEL, secret: str = "") -> Deal:
    """The first derived seed that the solver wins, at the day's difficulty or, failing that, easier ones.

    Candidates are numbered across levels, so a seed is never tried twice. Raises LookupError when
    no candidate was won."""
    difficulty: str | None = day_difficulty(day)
    candidate = 0
    while difficulty is not None:
        easier = EASIER.get(difficulty)
        for _ in range(per_level if easier else last_level):
            seed = derive_seed(guild_id, day, candidate, secret)
            line = solver(seed, difficulty)
            if line is not None:
                return Deal(seed, difficulty, candidate, list(line))
            candidate += 1
        difficulty = easier
    raise LookupError(f"no winnable deal among {candidate} seeds")


def replay_wins(seed: int, difficulty: str, line: list[str], game: str = GAME) -> bool:
    """Whether playing `line` on the deal through the rules engine wins it."""
    table = registry.get(game).new(1, {"difficulty": difficulty}, seed)
    try:
        for move in line:
            if table.is_over():
                return False
            table.play(0, move)
    except IllegalMove:
        return False
    won, _ = solo_outcome(table)
    return table.is_over() and won


def hawaii_solver(seed: int, difficulty: str) -> list[str] | None:
    """A line of moves that wins the deal, checked by replaying it through the rules; None if none was found.

    Uses the game's solver when it has one, else lets its heuristic player play the deal out."""
    from games.hawaii import ai

    line: list[str] | None = None
    solve = getattr(ai, "solve", None)
    if solve is not None:
        found = solve(seed, difficulty)
        if getattr(found, "won", False):
            line = list(found.moves)
    else:
        game = registry.get(GAME).new(1, {"difficulty": difficulty}, seed)
        line = []
        while not game.is_over() and len(line) < 2000:
            move = game.ai_move(0, random.Random(f"{seed}:{len(line)}"))
            game.play(0, move)
            line.append(move)
    if line is None or not replay_wins(seed, difficulty, line):
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
    if game.key == GAME:
        from games.hawaii import ai

        hint = getattr(ai, "hint", None)
        if hint is not None:
            return hint(game), "heuristic"
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


def _rank_key(result: SoloResult) -> tuple:
    return (not result.won, result.hints > 0, -(result.score if result.score is not None else -1e9))


# -- the extension -----------------------------------------------------------------------
class DailyChallenge:
    commands = COMMANDS

    def __init__(self, service: TableService, *, solver: Solver | None = None, game: str = GAME,
                 prepare_ahead: bool = True):
        """Bound to a table service (add it with `service.extend`)."""
        self.service = service
        self.db = DailyStore(service.store)
        self.solver: Solver = solver or hawaii_solver
        self.game = game
        self.prepare_ahead = prepare_ahead
        self._deal_locks: dict[tuple[int, str], asyncio.Lock] = {}
        self._tick_lock = asyncio.Lock()
        self._secret: str | None = None
        self._secret_lock = asyncio.Lock()

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

    def thread_name(self, caller: Caller) -> str:
        return f"Daily {self.today().isoformat()} · {caller.name}"[:100]

    async def prepare(self, caller: Caller, args: dict[str, Any] | None = None) -> Reply | None:
        """Before the adapter makes a private thread for /daily, in the channel where it was typed:
        a Reply to show instead (help, or why not), or None to go on. The deal is made ready (it may
        take a while the first time of a day) and this channel becomes the day's board channel if
        it is the first."""
        if str((args or {}).get("help", "")).lower() == "on":
            return Reply(private=HELP)
        day = self.today()
        why = await self._refusal(caller, day)
        if why:
            return Reply.error(why)
        try:
            deal = await self.deal_of(caller.guild_id, day)
        except IllegalMove as error:
            return Reply.error(str(error))
        await self.db.set_board_channel(caller.guild_id, deal.day, caller.channel_id)
        return None

    async def deal_of(self, guild_id: int, day: date) -> DealRow:
        """The server's deal of the day, chosen (and proven winnable) the first time it is asked for."""
        key = (guild_id, day.isoformat())
        kept = await self.db.deal(*key)
        if kept is not None:
            return kept
        async with self._deal_locks.setdefault(key, asyncio.Lock()):
            kept = await self.db.deal(*key)
            if kept is not None:
                return kept
            try:
                deal = await asyncio.to_thread(choose_deal, guild_id, day, self.solver, secret=await self.secret())
            except LookupError:
                log.error("no winnable daily deal for server %s on %s", guild_id, day)
                raise IllegalMove("Today's challenge could not be prepared: no deal was proven winnable yet. "
                                  "Try again later.") from None
            log.info("daily deal of server %s on %s: seed %s (%s), candidate %s", guild_id, day,
                     deal.seed, deal.difficulty, deal.candidate)
            return await self.db.keep_deal(
                guild_id=guild_id, day=key[1], game=self.game, seed=deal.seed, difficulty=deal.difficulty,
                candidate=deal.candidate, line=deal.line, now=self.now(),
            )

    async def _refusal(self, caller: Caller, day: date) -> str | None:
        attempt = await self.db.attempt(caller.guild_id, day.isoformat(), caller.user_id)
        if attempt is None:
            return None
        if attempt.table_id is None:
            claimed = datetime.fromisoformat(attempt.claimed_at)
            if self.now() - claimed >= STALE_CLAIM:
                return None  # cut short before its table was opened: /daily continues it
            return "Your daily challenge is being set up right now."
        if attempt.table_status == "lobby":
            return (f"Your daily challenge is waiting in <#{attempt.channel_id}>: /start it there. "
                    "One attempt per day.")
        if attempt.table_status == "active":
            return f"Your daily challenge of today is under way in <#{attempt.channel_id}>. One attempt per day."
        return (f"You have played today's daily challenge already: one attempt per day. "
                f"The next deal comes in {_until_midnight(self.now())} (00:00 UTC). See /dailyboard.")

    # -- /daily ------------------------------------------------------------------------
    async def cmd_daily(self, caller: Caller, help: str = "") -> Reply:
        if help.lower() == "on":
            return Reply(private=HELP)
        day = self.today()
        why = await self._refusal(caller, day)
        if why:
            raise IllegalMove(why)
        deal = await self.deal_of(caller.guild_id, day)
        guild, key, user = caller.guild_id, deal.day, caller.user_id
        await self.db.set_board_channel(guild, key, caller.channel_id)
        claimed = await self.db.claim(guild_id=guild, day=key, user_id=user, name=caller.name,
                                      channel_id=caller.channel_id, now=self.now())
        if not claimed:
            existing = await self.db.attempt(guild, key, user)
            if existing is not None and existing.table_id is None:
                found = await self.db.table_of_deal(guild, user, deal.game, deal.seed)
                if found is not None:
                    await self.db.link(guild, key, user, *found)
                else:
                    claimed = await self.db.take_over(guild_id=guild, day=key, user_id=user,
                                                      channel_id=caller.channel_id,
                                                      older_than=self.now() - STALE_CLAIM, now=self.now())
            if not claimed:
                raise IllegalMove(await self._refusal(caller, day) or "You have a daily challenge today already.")
        try:
            reply = await self._open(caller, deal)
        except BaseException:
            found = await self.db.table_of_deal(guild, user, deal.game, deal.seed)
            if found is not None:
                await self.db.link(guild, key, user, *found)
            else:
                await self.db.release(guild, key, user)
            raise
        level = deal.difficulty.replace("_", " ")
        headline = (f"**Daily challenge of {WEEKDAYS[day.weekday()]} {key}** ({level}) for **{caller.name}**. "
                    "One attempt; your moves stay in this thread. /hint suggests a move (and marks your result).")
        reply.text = f"{headline}\n{reply.text}" if reply.text else headline
        return reply

    async def _open(self, caller: Caller, deal: DealRow) -> Reply:
        """Open and start the player's table through the service's own /open and /start."""
        service = self.service
        opened = await service.cmd_open(caller, game=deal.game, options=f"difficulty={deal.difficulty}",
                                        seed=deal.seed)
        row = await service.store.table(opened.table_id)
        if row is None or row.seed != deal.seed:
            await service.cmd_cancel(caller)
            raise RuntimeError("the daily table was opened without the day's seed")
        await self.db.link(caller.guild_id, deal.day, caller.user_id, row.id, caller.channel_id)
        return await service.cmd_start(caller)

    # -- /hint -------------------------------------------------------------------------
    async def cmd_hint(self, caller: Caller) -> Reply:
        store = self.service.store
        row = await store.open_table(caller.channel_id)
        if row is None or row.status != "active" or row.state is None:
            raise IllegalMove("There is no solo game under way in this channel. /daily starts today's challenge.")
        try:
            cls = registry.get(row.game)
        except KeyError:
            raise IllegalMove("This game has no hints.") from None
        if cls.max_players != 1:
            raise IllegalMove("Hints are for solo games: /daily starts today's challenge.")
        seats = await store.seats(row.id)
        if not any(s.user_id == caller.user_id and not s.resigned for s in seats):
            raise IllegalMove("Only the player of this table may ask for a hint.")
        game = cls.load(row.state)
        if not game.legal_moves(0):
            raise IllegalMove("There is no move to make right now.")
        attempt = await self.db.attempt_of_table(row.id)
        line: list[str] = []
        if attempt is not None:
            deal = await self.db.deal(attempt.guild_id, attempt.day)
            line = deal.line if deal else []
        played = [m.move for m in await store.moves(row.id)]
        move, source = await asyncio.to_thread(suggest, game, line, played)
        count = await self.db.add_hint(row.id)
        why = ("It follows a line the solver proved to win this deal."
               if source == "line" else "It is what the computer player would do now.")
        marked = "Your result is marked as hinted" + (f" ({count} hints)." if count > 1 else ".")
        return Reply(private=f"Hint: `{move}`. {why}\n{marked}", table_id=row.id)

    # -- boards ------------------------------------------------------------------------
    async def board_reply(self, guild_id: int, day: date, final: bool = False) -> Reply:
        key = day.isoformat()
        deal = await self.db.deal(guild_id, key)
        results = sorted(await self.db.results_of_day(guild_id, key), key=_rank_key)
        attempts = await self.db.attempts_of_day(guild_id, key)
        done = {r.table_id for r in results}
        playing = sum(1 for a in attempts if a.table_id not in done)
        difficulty = deal.difficulty if deal else day_difficulty(day)
        rows = []
        rank = 0
        for index, result in enumerate(results):
            if index == 0 or _rank_key(result) != _rank_key(results[index - 1]):
                rank = index + 1
            rows.append({"rank": rank, "name": result.name, "result": "won" if result.won else (
                "lost" if result.ended == "finished" else result.ended), "score": result.score,
                "hints": result.hints, "moves": result.moves})
        title = f"**Daily challenge — {WEEKDAYS[day.weekday()]} {key}** ({difficulty.replace('_', ' ')})"
        lines = [title + (" · final board" if final else "")]
        for row in rows[:BOARD_ROWS]:
            what = {"won": f"won, {_number(row['score'])} points", "lost": f"lost (score {_number(row['score'])})",
                    "resigned": "resigned", "cancelled": "abandoned"}[row["result"]]
            hint = f" ({row['hints']} hint{'s' if row['hints'] != 1 else ''})" if row["hints"] else ""
            lines.append(f"{row['rank']}. {row['name']} — {what}, {row['moves']} moves{hint}")
        if not rows:
            lines.append("No finished attempt yet.")
        if len(rows) > BOARD_ROWS:
            lines.append(f"... and {len(rows) - BOARD_ROWS} more.")
        if playing:
            lines.append(f"{playing} still playing.")
        image = None
        if self.service.draw_images:
            from render.daily import daily_board

            data = {"day": key, "weekday": WEEKDAYS[day.weekday()], "difficulty": difficulty, "final": final,
                    "playing": playing, "rows": rows[:BOARD_ROWS]}
            image = await asyncio.to_thread(daily_board, data)
        return Reply(text="\n".join(lines), image=image, image_name=f"daily-{key}.png")

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
                raise IllegalMove("Write the date as YYYY-MM-DD, e.g. 2026-01-31 (UTC), or `yesterday`.") from None
        if day > today:
            raise IllegalMove(f"{day.isoformat()} has not come yet (today is {today.isoformat()} UTC).")
        if await self.db.deal(caller.guild_id, day.isoformat()) is None:
            if day == today:
                raise IllegalMove("Nobody has started today's daily challenge yet: /daily starts yours.")
            raise IllegalMove(f"No daily challenge was played in this server on {day.isoformat()}.")
        return await self.board_reply(caller.guild_id, day, final=day < today)

    async def cmd_solo(self, caller: Caller) -> Reply:
        results = await self.db.results_of_guild(caller.guild_id)
        if not results:
            raise IllegalMove("No solo game has been finished in this server yet. /daily starts today's challenge.")
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
        lines = ["**Solo board** — wins, best winning scores and daily streaks in this server"]
        for row in rows[:BOARD_ROWS]:
            best = f", best {_number(row['best'])}{'*' if row['best_hinted'] else ''}" if row["best"] is not None else ""
            lines.append(f"{row['rank']}. {row['name']} — {row['wins']} won of {row['games']}{best}, "
                         f"streak {row['streak']} (longest {row['longest']})")
        if any(r["best_hinted"] for r in rows):
            lines.append("* reached with a hint")
        image = None
        if self.service.draw_images:
            from render.daily import solo_board

            data = {"title": "Solo board", "subtitle": "Daily challenges and solo games of this server",
                    "rows": rows[:BOARD_ROWS]}
            image = await asyncio.to_thread(solo_board, data)
        return Reply(text="\n".join(lines), private=self._personal(players.get(caller.user_id, []), today),
                     image=image, image_name="solo.png")

    def _personal(self, mine: list[SoloResult], today: date) -> str:
        if not mine:
            return "You have not finished a solo game here yet: /daily starts today's challenge."
        lines = ["**Your personal bests**"]
        by_level: dict[str, SoloResult] = {}
        for result in mine:
            if result.won and result.score is not None:
                held = by_level.get(result.difficulty)
                if held is None or (result.score, -result.hints) > (held.score, -held.hints):
                    by_level[result.difficulty] = result
        for level in ("easy", "standard", "very_hard"):
            if level in by_level:
                best = by_level[level]
                when = f"daily of {best.day}" if best.day else "free game"
                hint = " (with a hint)" if best.hints else ""
                lines.append(f"{level.replace('_', ' ').capitalize()}: {_number(best.score)} points, {when}{hint}")
        daily = [r for r in mine if r.day]
        current, longest = streaks({date.fromisoformat(r.day): r.won for r in daily}, today)
        lines.append(f"Daily challenges: {sum(r.won for r in daily)} won of {len(daily)}; "
                     f"streak {current}, longest {longest}.")
        if len(lines) == 2:
            lines.insert(1, "No win yet.")
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
        if row.status == "cancelled" and attempt is None:
            return  # a free solo table given up: nothing to keep
        player = next((s for s in seats if s.user_id == row.host_id), None)
        if player is None or player.user_id is None:
            return
        if row.status == "cancelled":
            ended = "cancelled"
        elif player.resigned or game is None or not game.is_over():
            ended = "resigned"
        else:
            ended = "finished"
        won, score = solo_outcome(game) if ended == "finished" else (False, None)
        moves = len(await self.service.store.moves(row.id))
        new = await self.db.record_result(
            table_id=row.id, guild_id=row.guild_id, user_id=player.user_id,
            name=attempt.name if attempt else player.name, game=row.game,
            difficulty=str(row.options.get("difficulty", "")), day=attempt.day if attempt else None,
            won=won, score=score, ended=ended, moves=moves, now=self.now(),
        )
        if new and attempt is not None:
            await self._post_board(row.guild_id, date.fromisoformat(attempt.day))

    async def _post_board(self, guild_id: int, day: date, final: bool = False) -> bool:
        outbox = self.service.outbox
        deal = await self.db.deal(guild_id, day.isoformat())
        if outbox is None or deal is None or deal.board_channel is None:
            return False
        reply = await self.board_reply(guild_id, day, final=final)
        try:
            return bool(await outbox.post(deal.board_channel, reply))
        except Exception:
            log.exception("posting the daily board of server %s on %s failed", guild_id, day)
            return False

    # -- the clock ---------------------------------------------------------------------
    async def tick(self, now: datetime | None = None) -> int:
        """Called by a scheduler loop (about once a minute): keeps results that ended unheard,
        posts the final board of every day that is over (once; after downtime too) and prepares
        today's deal for servers that played lately. Returns how many final boards were posted."""
        async with self._tick_lock:
            now = now or self.now()
            today = utc_day(now)
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
                    if not await self.db.attempts_of_day(deal.guild_id, deal.day):
                        continue  # nobody played: nothing to post
                    if await self._post_board(deal.guild_id, day, final=True):
                        posted += 1
                    else:
                        await self.db.release_final(deal.guild_id, deal.day)
            for key in [k for k in self._deal_locks if k[1] < today.isoformat()]:
                lock = self._deal_locks[key]
                if not lock.locked():
                    del self._deal_locks[key]
            if self.prepare_ahead:
                for guild_id in await self.db.recent_guilds((today - PREPARE_FOR).isoformat()):
                    try:
                        await self.deal_of(guild_id, today)
                    except IllegalMove:
                        pass
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

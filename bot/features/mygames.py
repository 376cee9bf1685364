"""`/games`: every table of this server where you are seated, your turns first (outside a server,
in a direct message with the bot: of every server and the direct message's own daily); and for
members who may manage the server, `/games view:stalled`: the tables that wait too long.

An extension of the table service (`service.extend(MyGames(service, timing))`). With the
timing extension it tells since when each turn runs and its deadline (vacations counted);
without it, since the table's last change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.core import marks
from bot.core.commands import ANYWHERE, Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Card, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from bot.features.timing import DAY, Timing, TurnInfo, epoch, running_turn, when
from db.mygames import GamesStore
from db.store import SeatRow
from games import registry
from games.base import IllegalMove
from lang import N_, ngettext, tr

# a table is stalled when its turn is past the deadline, or has run this long without a deadline,
# or has run a week whatever the deadline (long deadlines, vacations); a lobby after a week idle
STALLED_AFTER = 3 * DAY
STALLED_ANYWAY = 7 * DAY
IDLE_LOBBY = 7 * DAY

COMMANDS = (
    Command("games", N_("Your tables in this server, your turns first"), (
        Param("view", N_("mine (default), or stalled: every table of the server that waits (managers)"),
              choices=("mine", "stalled")),
    ), where=ANYWHERE),
)


@dataclass
class Entry:
    order: tuple
    text: str


def _title(key: str) -> str:
    try:
        return registry.get(key).title
    except KeyError:
        return key


def _most(key: str) -> str:
    try:
        return str(registry.get(key).max_players)
    except KeyError:
        return "?"


@dataclass
class Running:
    """A running table's turns as /games reads them: who acts, since when (the earliest turn start)
    and their deadlines."""

    loaded: Loaded
    turns: dict[int, TurnInfo]
    acting: list[int]
    since: int
    due: list[int]


class MyGames(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, timing: Timing | None = None):
        self.service = service
        self.store = service.store
        self.db = GamesStore(service.store)
        self.timing = timing

    async def _tables(self, guild_id: int, user_id: int | None = None) -> list[tuple[Any, list[SeatRow], Running | None]]:
        """The server's open tables (where `user_id` sits, when given): each with its seats and, once
        started, its turns. Read for all the tables at once, a few statements in all. A member's own
        tables are kept in the service's memory as they are read (they are few: bot/core/caps.py);
        every table of a server (the stalled view) is not, lest it push out the tables in play."""
        listed = await self.db.tables(guild_id, user_id)
        # a started table's game from the service's memory when it holds it at this version, else read
        kept = {row.id: self.service.kept(row) for row, _, begun in listed if begun}
        read = {row.id: row for row in await self.db.states([row for row, _, begun in listed
                                                              if begun and kept[row.id] is None])}
        found = []
        for row, seats, _begun in listed:
            loaded = kept.get(row.id)
            if loaded is None and row.id in read:
                fresh = read[row.id]  # the seats go with it unless a change came between the two reads
                if user_id is None:
                    loaded = Loaded(fresh, seats if fresh.version == row.version else await self.store.seats(row.id),
                                    registry.get(fresh.game).load(fresh.state))
                else:
                    loaded = await self.service.load(fresh, seats if fresh.version == row.version else None)
            if loaded is not None and self.timing is not None:
                await self.timing.observe(loaded)  # its turns worked out, once per version (at once when done)
            found.append((row, loaded.seats if loaded else seats, loaded))
        turns, deadlines, vacations = {}, {}, {}
        if self.timing is not None and any(loaded for *_, loaded in found):
            turns = await self.db.turns(guild_id, user_id)
            deadlines = await self.db.deadlines(guild_id, user_id)
            begun = [turn.started_at for kept in turns.values() for turn in kept]
            vacations = await self.db.vacations(guild_id, min(begun, default=self._now()))
        now = self._now()
        tables = []
        for row, seats, loaded in found:
            if loaded is None:
                tables.append((row, seats, None))
                continue
            infos = {turn.seat: running_turn(turn, deadlines.get((row.id, turn.seat, turn.version)),
                                             vacations.get(turn.user_id, ()), now)
                     for turn in turns.get(row.id, ())}
            acting = loaded.game.to_act()
            since = min((infos[s].started_at for s in acting if s in infos), default=epoch(row.updated_at))
            due = [infos[s].deadline_at for s in acting if s in infos and infos[s].deadline_at is not None]
            tables.append((row, seats, Running(loaded, infos, acting, since, due)))
        return tables

    def _now(self) -> int:
        return epoch(self.service.clock())

    async def cmd_games(self, caller: Caller, view: str = "mine") -> Reply:
        if view.strip().lower() == "stalled":
            return await self._stalled(caller)
        entries: list[Entry] = []
        everywhere = not caller.guild_id  # outside a server: a person's tables in every server
        found = [t for guild in await self._servers(caller) for t in await self._tables(guild, caller.user_id)]
        for row, seats, running in found:
            mine = next((s for s in seats if s.user_id == caller.user_id), None)
            if mine is None:
                continue
            title, place = _title(row.game), marks.place(row.channel_id)
            if running is None:
                entries.append(Entry((2, epoch(row.created_at)), tr(
                    "{game} in {place} — in the lobby, {seated}/{most} seated").format(
                        game=title, place=place, seated=len(seats), most=_most(row.game))))
                continue
            turns, acting, since, due = running.turns, running.acting, running.since, running.due
            names = running.loaded.names()
            deadline = tr(", deadline {when}").format(when=when(min(due))) if due else ""
            if mine.resigned:
                entries.append(Entry((3, since), tr("{game} in {place} — you resigned; the computer plays your "
                                                    "seat").format(game=title, place=place)))
                continue
            if mine.seat in acting:
                info = turns.get(mine.seat)
                started = info.started_at if info else since
                mine_due = info.deadline_at if info and info.deadline_at is not None else None
                text = tr("**{game}** in {place} — **your turn** since {when}").format(game=title, place=place,
                                                                                       when=when(started))
                if mine_due is not None:
                    text += tr(", deadline {when}").format(when=when(mine_due))
                if info and info.vacation_until:
                    text += tr(" (you are on vacation until {when})").format(when=when(info.vacation_until, 'f'))
                entries.append(Entry((0, mine_due or 2**62, started), text))
                continue
            waiting = []
            for seat in acting:
                name = names[seat] if seat < len(names) else tr("Seat {number}").format(number=seat + 1)
                info = turns.get(seat)
                waiting.append(name + (tr(" (on vacation)") if info and info.vacation_until else ""))
            who = ", ".join(waiting) or tr("the computer")
            entries.append(Entry((1, since), tr("{game} in {place} — waiting for {who} since {when}").format(
                game=title, place=place, who=who, when=when(since)) + deadline))
        if not entries:
            if everywhere:
                return Reply(private=tr("You are not seated at any table in any server. Open one with /open in a "
                                        "server, or play /daily here."))
            return Reply(private=tr("You are not seated at any table of this server. Open one with /open."))
        entries.sort(key=lambda e: e.order)
        yours = sum(1 for e in entries if e.order[0] == 0)
        if everywhere:
            head = tr("Your tables in every server ({count}); your turn at {yours}:") if yours else \
                tr("Your tables in every server ({count}); none waits for you:")
        else:
            head = tr("Your tables in this server ({count}); your turn at {yours}:") if yours else \
                tr("Your tables in this server ({count}); none waits for you:")
        head = head.format(count=len(entries), yours=yours)
        return Reply(private=_fit(head, [e.text for e in entries]), card=Card(private=True))

    async def _servers(self, caller: Caller) -> list[int]:
        """The caller's server; outside one, every server where they sit at a table (and 0, the direct
        messages with the bot, where the daily challenge plays)."""
        if caller.guild_id:
            return [caller.guild_id]
        return sorted({row.guild_id for row in await self.store.tables_of_person(caller.user_id)})

    async def _stalled(self, caller: Caller) -> Reply:
        if not caller.can_manage:
            raise IllegalMove(tr("Only members who may manage this server see every table; /games shows yours."))
        now = self._now()
        entries: list[Entry] = []
        count = 0
        for row, _seats, running in await self._tables(caller.guild_id):
            count += 1
            title, place = _title(row.game), marks.place(row.channel_id)
            if running is None:
                idle = now - epoch(row.updated_at)
                if idle >= IDLE_LOBBY:
                    entries.append(Entry((-idle,), tr("{game} in {place} — in the lobby since {when}").format(
                        game=title, place=place, when=when(epoch(row.updated_at)))))
                continue
            turns, acting, since, due = running.turns, running.acting, running.since, running.due
            names = running.loaded.names()
            overdue = bool(due) and min(due) <= now
            waited = now - since
            if not (overdue or (not due and waited >= STALLED_AFTER) or waited >= STALLED_ANYWAY):
                continue
            who = []
            for seat in acting:
                info = turns.get(seat)
                name = names[seat] if seat < len(names) else tr("Seat {number}").format(number=seat + 1)
                if info and info.vacation_until:
                    name += tr(" (on vacation until {when})").format(when=when(info.vacation_until, 'f'))
                who.append(name)
            text = tr("**{game}** in {place} — waiting for {who} since {when}").format(
                game=title, place=place, who=", ".join(who) or tr("the computer"), when=when(since))
            if due:
                text += tr(", deadline {when}").format(when=when(min(due))) + (tr(" (passed)") if overdue else "")
            else:
                text += tr(", no deadline")
            entries.append(Entry((-(now - since),), text))
        if not entries:
            return Reply(private=tr("No table of this server is stalled ({count} open): every turn is within its "
                                    "deadline, and younger than 3 days where there is none.").format(count=count))
        entries.sort(key=lambda e: e.order)
        head = tr("Stalled tables of this server ({stalled} of {count} open): turns past their deadline, 3 days old "
                  "without one or a week old in any case, and lobbies idle for a week. The host or a channel manager "
                  "may /cancel, or set a /deadline.").format(stalled=len(entries), count=count)
        return Reply(private=_fit(head, [e.text for e in entries]))


# a list is read in one answer: past this many characters its head says how many more there are
# (an adapter would otherwise cut it into several messages)
LIST_CHARS = 1900


def _fit(head: str, lines: list[str]) -> str:
    """The head and as many lines as fit in a private message, saying how many were left out."""
    shown: list[str] = []
    for index, line in enumerate(lines):
        rest = len(lines) - index
        candidate = "\n".join([head, *shown, line])
        tail = "\n" + _more(rest - 1) if rest > 1 else ""
        if len(candidate) + len(tail) > LIST_CHARS:
            return "\n".join([head, *shown]) + "\n" + _more(rest)
        shown.append(line)
    return "\n".join([head, *shown])


def _more(count: int) -> str:
    return ngettext("… and {count} more.", "… and {count} more.", count).format(count=count)

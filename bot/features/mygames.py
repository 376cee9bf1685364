"""`/games`: every table of this server where you are seated, your turns first (outside a server,
in a direct message with the bot: of every server and the direct message's own daily); and for
members who may manage the server, `/games view:stalled`: the tables that wait too long.

An extension of the table service (`service.extend(MyGames(service, timing))`). With the
timing extension it tells since when each turn runs and its deadline (vacations counted);
without it, since the table's last change.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core import marks
from bot.core.commands import ANYWHERE, Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from bot.features.timing import DAY, Timing, TurnInfo, epoch, load_row, when
from games import registry
from games.base import IllegalMove

# a table is stalled when its turn is past the deadline, or has run this long without a deadline,
# or has run a week whatever the deadline (long deadlines, vacations); a lobby after a week idle
STALLED_AFTER = 3 * DAY
STALLED_ANYWAY = 7 * DAY
IDLE_LOBBY = 7 * DAY

COMMANDS = (
    Command("games", "Your tables in this server, your turns first", (
        Param("view", "mine (default), or stalled: every table of the server that waits (managers)",
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


class MyGames(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, timing: Timing | None = None):
        self.service = service
        self.store = service.store
        self.timing = timing

    async def _turns(self, loaded: Loaded) -> dict[int, TurnInfo]:
        if self.timing is None or loaded.row.status != "active":
            return {}
        return {info.seat: info for info in await self.timing.turn_info(loaded)}

    async def _waiting(self, row) -> tuple[Loaded, dict[int, TurnInfo], list[int], int, list[int]]:
        """A running table's turns: who acts, since when (the earliest turn start) and their deadlines."""
        loaded = await load_row(self.store, row)
        turns = await self._turns(loaded)
        acting = loaded.game.to_act()
        since = min((turns[s].started_at for s in acting if s in turns), default=epoch(row.updated_at))
        due = [turns[s].deadline_at for s in acting if s in turns and turns[s].deadline_at is not None]
        return loaded, turns, acting, since, due

    def _now(self) -> int:
        return epoch(self.service.clock())

    async def cmd_games(self, caller: Caller, view: str = "mine") -> Reply:
        if view.strip().lower() == "stalled":
            return await self._stalled(caller)
        entries: list[Entry] = []
        everywhere = not caller.guild_id  # outside a server: a person's tables in every server
        found = [row for guild in await self._servers(caller) for row in await self.store.tables(guild)]
        for row in found:
            seats = await self.store.seats(row.id)
            mine = next((s for s in seats if s.user_id == caller.user_id), None)
            if mine is None:
                continue
            title, place = _title(row.game), marks.place(row.channel_id)
            if row.status == "lobby" or not row.state:
                entries.append(Entry((2, epoch(row.created_at)),
                                     f"{title} in {place} — in the lobby, {len(seats)}/{_most(row.game)} seated"))
                continue
            loaded, turns, acting, since, due = await self._waiting(row)
            names = loaded.names()
            deadline = f", deadline {when(min(due))}" if due else ""
            if mine.resigned:
                entries.append(Entry((3, since), f"{title} in {place} — you resigned; the computer plays your seat"))
                continue
            if mine.seat in acting:
                info = turns.get(mine.seat)
                started = info.started_at if info else since
                mine_due = info.deadline_at if info and info.deadline_at is not None else None
                text = f"**{title}** in {place} — **your turn** since {when(started)}"
                if mine_due is not None:
                    text += f", deadline {when(mine_due)}"
                if info and info.vacation_until:
                    text += f" (you are on vacation until {when(info.vacation_until, 'f')})"
                entries.append(Entry((0, mine_due or 2**62, started), text))
                continue
            waiting = []
            for seat in acting:
                name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
                info = turns.get(seat)
                waiting.append(name + (" (on vacation)" if info and info.vacation_until else ""))
            who = ", ".join(waiting) or "the computer"
            entries.append(Entry((1, since), f"{title} in {place} — waiting for {who} since {when(since)}{deadline}"))
        if not entries:
            if everywhere:
                return Reply(private="You are not seated at any table in any server. Open one with /open in a "
                                     "server, or play /daily here.")
            return Reply(private="You are not seated at any table of this server. Open one with /open.")
        entries.sort(key=lambda e: e.order)
        yours = sum(1 for e in entries if e.order[0] == 0)
        if everywhere:
            head = f"Your tables in every server ({len(entries)}); your turn at {yours}:" if yours else \
                f"Your tables in every server ({len(entries)}); none waits for you:"
        else:
            head = f"Your tables in this server ({len(entries)}); your turn at {yours}:" if yours else \
                f"Your tables in this server ({len(entries)}); none waits for you:"
        return Reply(private=_fit(head, [e.text for e in entries]))

    async def _servers(self, caller: Caller) -> list[int]:
        """The caller's server; outside one, every server where they sit at a table (and 0, the direct
        messages with the bot, where the daily challenge plays)."""
        if caller.guild_id:
            return [caller.guild_id]
        return sorted({row.guild_id for row in await self.store.tables_of_person(caller.user_id)})

    async def _stalled(self, caller: Caller) -> Reply:
        if not caller.can_manage:
            raise IllegalMove("Only members who may manage this server see every table; /games shows yours.")
        now = self._now()
        entries: list[Entry] = []
        count = 0
        for row in await self.store.tables(caller.guild_id):
            count += 1
            title, place = _title(row.game), marks.place(row.channel_id)
            if row.status == "lobby" or not row.state:
                idle = now - epoch(row.updated_at)
                if idle >= IDLE_LOBBY:
                    entries.append(Entry((-idle,), f"{title} in {place} — in the lobby since {when(epoch(row.updated_at))}"))
                continue
            loaded, turns, acting, since, due = await self._waiting(row)
            names = loaded.names()
            overdue = bool(due) and min(due) <= now
            waited = now - since
            if not (overdue or (not due and waited >= STALLED_AFTER) or waited >= STALLED_ANYWAY):
                continue
            who = []
            for seat in acting:
                info = turns.get(seat)
                name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
                if info and info.vacation_until:
                    name += f" (on vacation until {when(info.vacation_until, 'f')})"
                who.append(name)
            text = f"**{title}** in {place} — waiting for {', '.join(who) or 'the computer'} since {when(since)}"
            if due:
                text += f", deadline {when(min(due))}" + (" (passed)" if overdue else "")
            else:
                text += ", no deadline"
            entries.append(Entry((-(now - since),), text))
        if not entries:
            return Reply(private=f"No table of this server is stalled ({count} open): every turn is within its "
                                 "deadline, and younger than 3 days where there is none.")
        entries.sort(key=lambda e: e.order)
        head = (f"Stalled tables of this server ({len(entries)} of {count} open): turns past their deadline, "
                "3 days old without one or a week old in any case, and lobbies idle for a week. The host or a "
                "channel manager may /cancel, or set a /deadline.")
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
        tail = f"\n… and {rest - 1} more." if rest > 1 else ""
        if len(candidate) + len(tail) > LIST_CHARS:
            return "\n".join([head, *shown]) + f"\n… and {rest} more."
        shown.append(line)
    return "\n".join([head, *shown])

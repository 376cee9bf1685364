"""Swiss events of a server: people sign up, and rounds of tables pair them by event points.

`/event create game:... seats:2-4 rounds:N round_days:D` (Manage Server) posts a sign-up card
with Join and Leave; `/event start` pairs round 1; `/event leave` takes a person out (before the
start their sign-up goes; later they are paired no more and keep their results); `/event
standings` (or `/event` alone where an adapter runs a command by its name) shows the standings
and this round's pairings, privately. Each action is a subcommand (bot/core/commands.py), which
reaches `cmd_event` as its `action`.

Each table of a round is an ordinary table opened through the normal /open path
(`service.cmd_open`) in a thread of the event's channel that the adapter makes
(`outbox.thread(channel_id, name)`), its seats taken by its players, its turn deadline set from
the round's length with the computer playing a missed turn, and started by its first player as
host. A round ends when all its tables end; at the round's end the computer plays out the turns
left at a table still playing, so a round never outlasts its days. Then the process holding the
clocks' lease (`tick`) pairs and opens the next round, once (db/events.py `claim_round`); after the
last, the final standings are posted once in the server's results channel or the event's own.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import lang
from bot.core import failures, marks
from bot.core.commands import Command, Param
from bot.core.extension import Extension
from bot.core.pairing import PAIRING_EXPLAINED, Entrant, bye_points, pair_round
from bot.core.pairing import standings as ranked
from bot.core.placement import placement_points
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.service import TableService
from bot.features.results_post import redraw, results_drawing, saved_post, sends_saved
from db.events import FINISHED, RUNNING, SIGNUP, EventRow, EventStore, PairingRow, PlannedTable
from db.server_settings import ServerSettingsStore
from games import registry
from games.base import IllegalMove
from lang import N_, ngettext, pgettext, tr
from render.league import ResultLine

log = logging.getLogger(__name__)

DAY = 86400
MOST_ROUNDS = 12  # DESIGNED: a Swiss event of 12 rounds already sorts hundreds of players
MOST_ROUND_DAYS = 28  # DESIGNED: four weeks a round; a longer round is a season, not an event
# DESIGNED: event points count every place (first 1, last 0, the places between evenly) rather than
# the win alone: a Swiss pairing pairs by score, and after a few rounds of wins alone most players of
# tables of four would still be tied at 0. A bye is worth what a seat earns on average (pairing.py).
BY_PLACE = True
# DESIGNED: each turn may take a quarter of the round, at most a day: someone who plays once a day
# is never hurried, and a table whose players sleep through four turns still ends within the round
TURN_SHARE = 4
SEEDS = 2**53  # seeds are below this (bot/core/hub.py), so that the store keeps them whole
STALE_OPENING = 300  # seconds after which a table's opening claimed by a process that stopped is taken over
RESULTS_PICTURE = "event.png"
MOST_COMPUTER_TURNS = 5000  # a round's end plays out a table; a game that never ends is a fault, not a wait

ACTIONS = ("create", "start", "join", "leave", "standings")
GAME = Param("game", N_("Which game"), required=True, autocomplete="game")
SEATS = Param("seats", N_("Seats at each table, 2 to 4 (default: the most the game has, up to 4)"))
ROUNDS = Param("rounds", N_("How many rounds (default 3)"))
ROUND_DAYS = Param("round_days", N_("Days each round lasts (default 3)"))
COMMANDS = (
    Command("event", N_("A Swiss event of this server: sign up, or see its standings and pairings"), (
        Param("action", N_("create, start, join, leave or standings; leave it out to see the standings"),
              choices=ACTIONS),
        Param("game", N_("Which game (to create an event)"), autocomplete="game"),
        SEATS, ROUNDS, ROUND_DAYS,
    ), subcommands=(
        Command("create", N_("Create an event in this channel, with a sign-up card (Manage Server)"),
                (GAME, SEATS, ROUNDS, ROUND_DAYS)),
        Command("start", N_("Close the sign-up and pair round 1 (Manage Server)")),
        Command("join", N_("Sign up for this channel's event")),
        Command("leave", N_("Leave this channel's event (your results so far stay)")),
        Command("standings", N_("The event's standings and this round's pairings, to you alone")),
    )),
)

# the sentences of the standings, each whole with its named values, so that each can be translated
def standing_words(left: bool, games: int) -> str:
    if left:
        return ngettext("{place}. {name} (left the event): {points} points, opponents {opponents}, {games} game",
                        "{place}. {name} (left the event): {points} points, opponents {opponents}, {games} games",
                        games)
    return ngettext("{place}. {name}: {points} points, opponents {opponents}, {games} game",
                    "{place}. {name}: {points} points, opponents {opponents}, {games} games", games)


SHOWN_RUNNING = N_("**Event of {game}**, round {round} of {rounds}")
TABLE_LEAD = N_("**{game}** event, round {round} of {rounds}, table {table}: {players}. The round ends {ends}.")
CARD_OPENED = N_("**{name}** opened an event of **{game}**.")
CARD_HOW = N_("Join with the button or /event join, and see who signed up with /event standings. Someone who may "
              "manage the server starts it with /event start.")
NOT_HERE = N_("Tables open in {channels} on this server, and an event's tables open in threads of its channel: "
              "create the event in one of those.")
NOT_MANAGER = N_("Only members who may manage this server create or start an event.")
TABLE_NOT_OPENED = N_("Table {table} of round {round} could not open. {why}")
WAITING = N_("Round {round} waits for a place where its tables can open. {why} They open within five minutes once "
             "it is fixed.")
WAITING_STALE = N_("Round {round} waits: tables of it could not open in threads of {channel}. Someone who may manage "
                   "the server lets the bot see that channel and create threads there; they open within five minutes.")
TOLD_CREATOR = N_("Round {round} of your event of {game} in {channel} cannot open its tables. {why}")
NO_EVENT = N_("There is no event in this channel. Someone who may manage the server creates one with /event create.")


@dataclass(frozen=True)
class Standing:
    """One line of an event's standings."""

    place: int
    user_id: int
    name: str
    points: float
    opponents: float  # the tie-break: the mean points of the opponents met, once per meeting
    games: int
    byes: int
    left: bool


def points_text(points: float) -> str:
    return f"{points:.2f}".rstrip("0").rstrip(".")


def turn_deadline(round_days: int) -> int:
    """Seconds a turn may take at a table of a round `round_days` long."""
    return min(DAY, round_days * DAY // TURN_SHARE)


def seat_keeping_seed(base: int, players: int) -> int:
    """The first seed from `base` on under which the table's start (bot/core/lobby.py `cmd_start`,
    which shuffles the seats with the table's seed) keeps the players in the order they sat down:
    the pairing's seat order, first seats included, goes through the normal start unchanged."""
    seed = base
    while True:
        order = list(range(players))
        random.Random(seed).shuffle(order)
        if order == sorted(order):
            return seed
        seed += 1


def read_number(name: str, text: str, least: int, most: int) -> int:
    word = text.strip()
    if not word.isdecimal() or not least <= int(word) <= most:
        raise IllegalMove(tr("`{name}` is a whole number from {least} to {most}.").format(
            name=name, least=least, most=most))
    return int(word)


def entrants_of(users: list[int], rows: list[PairingRow]) -> dict[int, Entrant]:
    """What the pairing knows of each player, from the rounds scored so far (keyed by user id as text)."""
    points = dict.fromkeys(users, 0.0)
    met: dict[int, Counter[str]] = {user: Counter() for user in users}
    byes = dict.fromkeys(users, 0)
    first = dict.fromkeys(users, 0)
    for row in rows:
        if row.points is None:
            continue
        for user in row.players:
            if user not in points:
                continue
            points[user] += row.points.get(user, 0.0)
            if row.bye:
                byes[user] += 1
            else:
                met[user].update(str(other) for other in row.players if other != user)
                first[user] += row.players[0] == user
    return {user: Entrant(str(user), points[user], dict(met[user]), byes[user], first[user]) for user in users}


def standings(entrants: dict[int, tuple[str, bool]], rows: list[PairingRow]) -> list[Standing]:
    """Standings by event points, then by the mean points of the opponents met (bot/core/pairing.py).
    `entrants`: user id -> (name, left)."""
    known = entrants_of(list(entrants), rows)
    games = Counter(user for row in rows if row.points is not None and not row.bye for user in row.players)
    byes = Counter(user for row in rows if row.points is not None and row.bye for user in row.players)
    lines = []
    for line in ranked(list(known.values())):
        user = int(line.key)
        name, left = entrants[user]
        lines.append(Standing(line.place, user, name, line.points, line.opponents_points, games[user], byes[user], left))
    return lines


def standing_line(line: Standing) -> str:
    return standing_words(line.left, line.games).format(place=line.place, name=line.name, points=points_text(line.points),
                        opponents=points_text(line.opponents), games=line.games)


class Event(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, images: bool | None = None):
        self.service = service
        self.db = EventStore.of(service.store)
        self.images = service.draw_images if images is None else images
        # how a thread is made for a table when nobody asked (the round opened by the clock); by
        # default the adapter's outbox (`thread(channel_id, name) -> channel id`)
        self.make_thread: Callable[[int, str], Awaitable[int]] | None = None
        self._lock = asyncio.Lock()
        self._told: set[tuple[int, int, int]] = set()  # pairing rows whose table could not open, told once
        self._waiting: dict[int, str] = {}  # event id -> why a table of its round could not open, until one does

    def now(self) -> int:
        return int(self.service.clock().timestamp())

    # -- the command -------------------------------------------------------------------
    async def cmd_event(self, caller: Caller, action: str = "", game: str = "", seats: str = "", rounds: str = "",
                        round_days: str = "") -> Reply:
        action = action.strip().lower()
        if action == "create":
            return await self.create(caller, game, seats, rounds, round_days)
        if game or seats or rounds or round_days:
            raise IllegalMove(tr("`game`, `seats`, `rounds` and `round_days` go with /event create."))
        if action == "start":
            return await self.start(caller)
        if action == "join":
            return await self.join(caller, await self._here(caller))
        if action == "leave":
            return await self.leave(caller, await self._here(caller))
        return await self.show(caller)

    async def _here(self, caller: Caller) -> EventRow:
        """The event of the caller's channel, or of the event's table played there."""
        event = await self.db.in_channel(caller.parent_id or caller.channel_id)
        if event is None:
            table = await self.service.latest_here(caller.channel_id)
            found = await self.db.of_table(table.row.id) if table is not None else None
            event = found[0] if found else None
        if event is None:
            raise IllegalMove(tr(NO_EVENT))
        return event

    async def create(self, caller: Caller, game: str, seats: str, rounds: str, round_days: str) -> Reply:
        if not caller.can_manage:
            raise IllegalMove(tr(NOT_MANAGER))
        if not game.strip():
            raise IllegalMove(tr("/event create needs `game`: which game the event plays."))
        try:
            cls = registry.get(registry.find(game))
        except KeyError as missing:
            raise IllegalMove(missing.args[0]) from None
        least, most = max(2, cls.min_players), min(4, cls.max_players)
        if least > most:
            raise IllegalMove(tr("{game} is not played at tables of 2 to 4, so it has no events.").format(
                game=cls.title))
        size = read_number(pgettext("option", "seats"), seats or str(most), least, most)
        count = read_number(pgettext("option", "rounds"), rounds or "3", 1, MOST_ROUNDS)
        if round_days.strip() in ("0", "00"):
            raise IllegalMove(tr("A round lasts at least one day: `round_days` is 1 to {most}.").format(
                most=MOST_ROUND_DAYS))
        days = read_number(pgettext("option", "round_days"), round_days or "3", 1, MOST_ROUND_DAYS)
        allowed = (await ServerSettingsStore.of(self.service.store).get(caller.guild_id)).open_channels
        if allowed and (caller.parent_id or caller.channel_id) not in allowed:  # its tables could never open
            where = ", ".join(marks.place(channel) for channel in allowed)
            raise IllegalMove(tr(NOT_HERE).format(channels=where))
        event_id = await self.db.create(
            guild_id=caller.guild_id, channel_id=caller.parent_id or caller.channel_id, game=cls.key, seats=size,
            rounds=count, round_days=days, seed=self.service.seeds(), created_by=caller.user_id, now=self.now())
        if event_id is None:
            raise IllegalMove(tr("This channel has an event already: it runs to its end before another starts here."))
        event = await self.db.event(event_id)
        with lang.using(await self.service.public_language(caller.guild_id)):  # the card is public
            return self._card(event, tr(CARD_OPENED).format(name=caller.name, game=cls.title))

    def _card(self, event: EventRow, headline: str) -> Reply:
        """The sign-up card. It names nobody: it is posted once and never edited, so a list of names
        on it would go stale; /event tells who signed up."""
        title = self.service.game_title(event.game)
        lines = [
            headline,
            tr("{game} at tables of {seats}, {rounds} of {days} each, paired by points (Swiss): "
               "/rules game:event tells how.").format(
                game=title, seats=event.seats,
                rounds=ngettext("{count} round", "{count} rounds", event.rounds).format(count=event.rounds),
                days=ngettext("{count} day", "{count} days", event.round_days).format(count=event.round_days)),
            tr(CARD_HOW),
        ]
        buttons = [Button(tr("Join"), custom_id("evjoin", event.id), "primary"),
                   Button(tr("Leave"), custom_id("evleave", event.id))]
        return Reply(text="\n".join(lines), buttons=buttons)

    async def press_evjoin(self, caller: Caller, event_id: int, version, payload, values) -> Reply:
        event = await self.db.event(event_id)
        if event is None:
            raise IllegalMove(tr("That event is no more."))
        return await self.join(caller, event)

    async def press_evleave(self, caller: Caller, event_id: int, version, payload, values) -> Reply:
        event = await self.db.event(event_id)
        if event is None:
            raise IllegalMove(tr("That event is no more."))
        return await self.leave(caller, event)

    async def join(self, caller: Caller, event: EventRow) -> Reply:
        if event.status != SIGNUP:
            raise IllegalMove(tr("This event has started: sign-up is closed."))
        if not await self.db.join(event.id, caller.user_id, caller.name, self.now()):
            event = await self.db.event(event.id)
            if event is not None and event.status != SIGNUP:
                raise IllegalMove(tr("This event has started: sign-up is closed."))
            raise IllegalMove(tr("You are signed up for this event already."))
        count = len(await self.db.entrants(event.id))
        return Reply(private=tr("You are signed up for the event. Players signed up: {count}.").format(count=count))

    async def leave(self, caller: Caller, event: EventRow) -> Reply:
        if event.status == FINISHED:
            raise IllegalMove(tr("This event is over."))
        if not await self.db.leave(event.id, caller.user_id, self.now()):
            raise IllegalMove(tr("You are not in this event."))
        if event.status == SIGNUP:
            return Reply(private=tr("You left the event's sign-up."))
        return Reply(private=tr("You left the event: you will not be paired again, and your results so far stay. "
                                "A game you are playing goes on: finish it, or the computer plays your turns."))

    async def start(self, caller: Caller) -> Reply:
        if not caller.can_manage:
            raise IllegalMove(tr(NOT_MANAGER))
        event = await self._here(caller)
        if event.status != SIGNUP:
            raise IllegalMove(tr("This event has started already."))
        entrants = await self.db.entrants(event.id)
        least = self.fewest(event)
        if len(entrants) < least:
            raise IllegalMove(tr("An event of tables of {seats} needs at least {least} players to start; "
                                 "{count} signed up.").format(seats=event.seats, least=least, count=len(entrants)))
        if not await self._pair(event, start=True):
            raise IllegalMove(tr("This event has started already."))
        await self.open_round(event.id)
        event = await self.db.event(event.id)
        with lang.using(await self.service.public_language(caller.guild_id)):  # the pairing is public
            text = tr("**{name}** started the event of **{game}**: round 1 of {rounds} is paired.").format(
                name=caller.name, game=self.service.game_title(event.game), rounds=event.rounds)
            text += "\n" + await self._pairing_text(event)
        return Reply(text=text, mentions=[e.user_id for e in entrants])

    def fewest(self, event: EventRow) -> int:
        """DESIGNED: an event needs two tables' worth of players (tables of k or k-1) to start, so
        that its pairing has a choice to make; one table is a game, not an event."""
        return 2 * max(self.min_seats(event), event.seats - 1)

    @staticmethod
    def min_seats(event: EventRow) -> int:
        """The fewest seats a table of the event may have: the game's own minimum, and never one."""
        try:
            return max(2, registry.get(event.game).min_players)
        except KeyError:
            return event.seats

    async def show(self, caller: Caller) -> Reply:
        event = await self._here(caller)
        title = self.service.game_title(event.game)
        entrants = await self.db.entrants(event.id)
        if event.status == SIGNUP:
            names = ", ".join(e.name for e in entrants) or tr("nobody yet")
            return Reply(private=tr("The event of {game} signs up: {count} so far ({names}).").format(
                game=title, count=len(entrants), names=names))
        rows = await self.db.pairings(event.id)
        if event.status == FINISHED:
            heading = ngettext("**Event of {game}**, over after {rounds} round",
                               "**Event of {game}**, over after {rounds} rounds", event.rounds)
        else:
            heading = tr(SHOWN_RUNNING)
        lines = [heading.format(game=title, round=event.round, rounds=event.rounds)]
        lines += [standing_line(s) for s in standings({e.user_id: (e.name, e.left_at is not None) for e in entrants}, rows)]
        if event.status == RUNNING:
            lines.append(await self._pairing_text(event))
        return Reply(private="\n".join(lines))

    async def _pairing_text(self, event: EventRow) -> str:
        names = {e.user_id: e.name for e in await self.db.entrants(event.id)}
        lines = [tr("Round {round}:").format(round=event.round)]
        rows = await self.db.pairings(event.id, event.round)
        for row in rows:
            players = ", ".join(names.get(u, str(u)) for u in row.players)
            if row.bye:
                lines.append(tr("Bye: {players} ({points} points).").format(
                    players=players, points=points_text(bye_points(event.seats, BY_PLACE))))
            elif row.channel_id:
                lines.append(tr("Table {table} in {channel}: {players}.").format(
                    table=row.number, channel=marks.place(row.channel_id), players=players))
            else:
                lines.append(tr("Table {table}: {players}.").format(table=row.number, players=players))
        if event.round_ends_at:
            lines.append(tr("The round ends {when}.").format(when=marks.moment(event.round_ends_at, 'R')))
        if event.id in self._waiting:
            lines.append(tr(WAITING).format(round=event.round, why=self._waiting[event.id]))
        elif event.round_ends_at and event.round_ends_at - event.round_days * DAY < self.now() - STALE_OPENING \
                and any(row.table_id is None and not row.bye for row in rows):
            # a table another process could not open: that process knows why, the store only that it waits
            lines.append(tr(WAITING_STALE).format(round=event.round, channel=marks.place(event.channel_id)))
        return "\n".join(lines)

    # -- the rules topic ------------------------------------------------------------------
    async def rules_topic(self, topic: str) -> str:
        return tr(PAIRING_EXPLAINED) if topic.strip().lower() in ("event", "events", "swiss") else ""

    # -- pairing and opening rounds ------------------------------------------------------
    async def _pair(self, event: EventRow, *, start: bool = False) -> bool:
        """Pair the next round and claim it; False when another call paired it first."""
        playing = [e.user_id for e in await self.db.entrants(event.id) if e.left_at is None]
        pool = list(entrants_of(playing, await self.db.pairings(event.id)).values())
        # a hard round takes pair_round a tenth of a second or more: off the event loop, which answers everyone
        paired = await asyncio.to_thread(pair_round, pool, event.seats, self.min_seats(event),
                                         f"{event.seed}:{event.round + 1}")
        planned = [PlannedTable(tuple(int(key) for key in table)) for table in paired.tables]
        bye = bye_points(event.seats, BY_PLACE)
        planned += [PlannedTable((int(key),), bye=True, points={int(key): bye}) for key in paired.byes]
        ends = self.now() + event.round_days * DAY
        return await self.db.claim_round(event.id, event.round, planned, ends_at=ends, start=start)

    async def open_round(self, event_id: int) -> None:
        """Open every table of the round under way that is not open yet (after a restart, the rest)."""
        event = await self.db.event(event_id)
        if event is None or event.status != RUNNING:
            return
        for row in await self.db.pairings(event.id, event.round):
            if row.bye:
                continue
            if row.table_id is not None:  # open: started, unless a process stopped between the two
                loaded = await self.service.table(row.table_id)
                if loaded is None or loaded.row.status != "lobby" or not self._stale(loaded.row.updated_at):
                    continue
            elif not await self.db.claim_opening(event.id, row.round, row.number, self.now(),
                                                 self.now() - STALE_OPENING):
                continue  # another call opens it now
            try:
                await self._open_table(event, row)
                self._waiting.pop(event.id, None)
            except IllegalMove as why:
                log.warning("event %s round %s table %s could not open: %s", event.id, row.round, row.number, why)
                await self._tell_waiting(event, row, str(why))

    async def _tell_waiting(self, event: EventRow, row: PairingRow, why: str) -> None:
        """A table could not open (its thread refused, the channel gone): the round waits, /event says
        why, and the event's channel and its creator are told once. The creator hears it in a direct
        message, since a deleted channel tells nobody."""
        first = event.id not in self._waiting
        self._waiting[event.id] = why
        public = await self.service.public_language(event.guild_id)
        if (event.id, row.round, row.number) not in self._told:
            self._told.add((event.id, row.round, row.number))
            with lang.using(public):
                text = tr(TABLE_NOT_OPENED).format(table=row.number, round=row.round, why=why)
            await self._post(event.channel_id, Reply(text=text))
        outbox = self.service.outbox
        if first and outbox is not None and hasattr(outbox, "direct"):
            with lang.using(public):  # the creator's own language is not known here: the server's
                text = tr(TOLD_CREATOR).format(round=row.round, game=self.service.game_title(event.game),
                                               channel=marks.place(event.channel_id), why=why)
            try:
                await outbox.direct(event.created_by, text)
            except Exception:
                log.exception("the creator of event %s could not be told", event.id)

    def _stale(self, stamp: str | datetime) -> bool:
        moment = datetime.fromisoformat(stamp) if isinstance(stamp, str) else stamp
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return self.now() - moment.timestamp() > STALE_OPENING

    def _thread_maker(self) -> Callable[[int, str], Awaitable[int]] | None:
        return self.make_thread or getattr(self.service.outbox, "thread", None)

    async def _open_table(self, event: EventRow, row: PairingRow) -> None:
        names = {e.user_id: e.name for e in await self.db.entrants(event.id)}
        title = self.service.game_title(event.game)
        public = await self.service.public_language(event.guild_id)
        place = row.channel_id
        if place is None:
            maker = self._thread_maker()
            if maker is None:
                raise IllegalMove(tr("No thread can be made for the event's tables here."))
            with lang.using(public):
                name = tr("{game} event {event} · round {round} · table {table}").format(
                    game=title, event=event.id, round=row.round, table=row.number)
            place = await maker(event.channel_id, name)
            await self.db.place_made(event.id, row.round, row.number, place)
        host = row.players[0]
        caller = Caller(event.guild_id, place, host, names.get(host, str(host)), parent_id=event.channel_id)
        loaded = await self.service.here(place)
        if loaded is None:
            # a seed of the table's own, within the 53 bits every seed of Isles keeps to
            seed = seat_keeping_seed((event.seed + 1000 * row.round + row.number) % SEEDS, len(row.players))
            minutes = turn_deadline(event.round_days) // 60
            opened = await self.service.answer(self.service.cmd_open(
                caller, event.game, "", seed=seed, deadline=f"{minutes}m", timeout="ai"), refusals=False)
            loaded = await self.service.table(opened.table_id)
        await self.db.table_opened(event.id, row.round, row.number, loaded.row.id, place)
        if loaded.row.status != "lobby":
            return
        async def seat_and_start() -> Reply:
            current = await self.service.table(loaded.row.id)
            seated = {s.user_id for s in current.seats}
            for user in row.players:
                if user not in seated:
                    await self.service.write(current, self.service.store.add_seat, user_id=user,
                                             name=names.get(user, str(user)))
                    current = await self.service.table(current.row.id)
            return await self.service.cmd_start(caller)
        reply = await self.service.answer(seat_and_start(), refusals=False)
        with lang.using(public):
            lead = tr(TABLE_LEAD).format(game=title, round=row.round, rounds=event.rounds, table=row.number,
                                         players=" ".join(marks.person(u) for u in row.players),
                                         ends=marks.moment(event.round_ends_at or self.now(), "R"))
        reply.text = lead + "\n" + reply.text
        reply.mentions = list(row.players)
        await self._post(place, reply)

    async def _post(self, channel_id: int, reply: Reply) -> None:
        # a post that failed must never stop the event's clock
        await failures.post_or_report(self.service.outbox, channel_id, reply, log,
                                     "an event post in %s failed")  # verbatim: a line of the log

    # -- the clock ---------------------------------------------------------------------
    async def tick(self, now: int | None = None) -> None:
        """Move every running event on: score the tables that ended, play out those left at the
        round's end, open the next round or post the final standings. Run by the lease holder."""
        async with self._lock:
            for event in await self.db.running():
                try:
                    await self._step(event, self.now() if now is None else now)
                except Exception:
                    log.exception("event %s could not move on", event.id)

    async def run_forever(self, every: float = 30.0) -> None:
        while True:
            try:
                await self.tick()
            except Exception:  # the database away: the next tick tries again
                log.exception("the events' tick failed")
            await asyncio.sleep(every)

    async def _step(self, event: EventRow, now: int) -> None:
        if event.status == FINISHED:
            await self._post_results(event)
            return
        await self.open_round(event.id)
        rows = await self.db.pairings(event.id, event.round)
        done = True
        for row in rows:
            if row.points is not None:
                continue
            if row.table_id is None:
                done = False
                continue
            loaded = await self.service.table(row.table_id)
            if loaded is not None and loaded.row.status == "active" and now >= (event.round_ends_at or now):
                await self._play_out(loaded.row.id)
                loaded = await self.service.table(row.table_id)
            if loaded is None or loaded.row.status in ("lobby", "active"):
                done = False
                continue
            await self.db.table_scored(event.id, row.round, row.number, await self._points(row, loaded.row.status))
        if not done:
            return
        if event.round >= event.rounds:
            if await self.db.finish(event.id, event.round):
                await self._post_results(await self.db.event(event.id))
            return
        if await self._pair(event):
            await self.open_round(event.id)

    async def _points(self, row: PairingRow, status: str) -> dict[int, float]:
        """Event points of a table that ended, by its final ranks (BY_PLACE). DESIGNED: a table that ended with no
        result (cancelled, its thread deleted) counts as a tie of all its players, so nobody there
        gains or loses a place by it."""
        ranks = {}
        if status == "finished":
            for result in await self.service.store.results(row.table_id):
                if result["user_id"] is not None and not result["is_ai"]:
                    ranks[result["user_id"]] = result["rank"]
        last = max(ranks.values(), default=1) + 1
        ordered = [ranks.get(user, last) if status == "finished" else 1 for user in row.players]
        return dict(zip(row.players, placement_points(ordered, by_place=BY_PLACE), strict=True))

    async def _play_out(self, table_id: int) -> None:
        """The round is over: the computer plays every turn left at this table, and its final board is posted."""
        reply = None
        for _ in range(MOST_COMPUTER_TURNS):
            loaded = await self.service.table(table_id)
            if loaded is None or loaded.row.status != "active" or loaded.game is None or not loaded.game.to_act():
                break
            seat = loaded.game.to_act()[0]
            with lang.using(await self.service.public_language(loaded.row.guild_id)):
                headline = tr("The round's time is up: the computer plays the turns left at this table.")
            answer = await self.service.play_for(table_id, seat, headline)
            if answer is None:  # nothing it could play for that seat: the deadlines go on as they are
                break
            reply = answer
        loaded = await self.service.table(table_id)
        if reply is not None and loaded is not None:
            await self._post(loaded.row.channel_id, reply)

    async def _post_results(self, event: EventRow) -> None:
        """The final standings, posted once. Where the outbox has a sender of its rows (Discord's),
        the mark and the post's outbox row are one transaction and the sender sends the row (by its
        id, its nonce; after a stop, from its sweep, the picture drawn again from the row's values):
        no stop loses the post or shows it twice. An outbox that only posts claims the mark, then posts."""
        outbox = self.service.outbox
        if outbox is None:
            return
        server = await ServerSettingsStore.of(self.service.store).get(event.guild_id)
        channel = server.results_channel or event.channel_id
        reply, body = await self.results_post(event)
        if sends_saved(outbox):
            row_id = await self.db.post_results(event.id, channel, body, self.now())
            if row_id is not None and not await outbox.send_saved(row_id, channel, reply):
                log.warning("the results of event %s could not be posted in channel %s", event.id, channel)
            return
        if await self.db.claim_results(event.id, self.now()):
            await self._post(channel, reply)

    async def results_post(self, event: EventRow) -> tuple[Reply, dict[str, Any]]:
        """The final standings' post and the outbox body that is the post (bot/features/results_post.py),
        in the server's language (its public posts')."""
        with lang.using(await self.service.public_language(event.guild_id)):
            return await self._results_post(event)

    async def _results_post(self, event: EventRow) -> tuple[Reply, dict[str, Any]]:
        title = self.service.game_title(event.game)
        entrants = await self.db.entrants(event.id)
        lines = standings({e.user_id: (e.name, e.left_at is not None) for e in entrants},
                          await self.db.pairings(event.id))
        podium = ", ".join(f"{s.name}" for s in lines if s.place == 1)
        over = tr("**The event of {game} is over.** Winner: {winner}.").format(game=title, winner=podium)
        text = "\n".join([over, *map(standing_line, lines[:10])])
        drawing = None
        if self.images:
            picture = [ResultLine(s.place, s.name, s.points, s.games) for s in lines[:10]]
            subtitle = ngettext("{players} players, one round, tables of {seats}",
                                "{players} players, {rounds} rounds, tables of {seats}", event.rounds).format(
                players=len(lines), rounds=event.rounds, seats=event.seats)
            drawing = results_drawing(tr("Event · {game}").format(game=title), subtitle, picture)
        return await saved_post(text, RESULTS_PICTURE, drawing, [s.user_id for s in lines if s.place == 1])

    async def redraw_post(self, drawing: dict[str, Any]) -> bytes | None:
        return await redraw(drawing)


async def stats_lines(store: Any, guild_id: int, user_id: int) -> list[str]:
    """A person's results in the events of a server, for their own /stats."""
    db = EventStore.of(store)
    lines = []
    for event in await db.events_of(guild_id, user_id):
        entrants = await db.entrants(event.id)
        table = standings({e.user_id: (e.name, e.left_at is not None) for e in entrants}, await db.pairings(event.id))
        mine = next((s for s in table if s.user_id == user_id), None)
        if mine is None:
            continue
        title = game_title(event.game)
        if event.status == FINISHED:
            words = ngettext("Event of {game} (final): place {place} of {players}, {points} points in {games} game.",
                             "Event of {game} (final): place {place} of {players}, {points} points in {games} games.",
                             mine.games)
        else:
            words = ngettext("Event of {game} (after round {round} of {rounds}): place {place} of {players}, "
                             "{points} points in {games} game.",
                             "Event of {game} (after round {round} of {rounds}): place {place} of {players}, "
                             "{points} points in {games} games.", mine.games)
        lines.append(words.format(game=title, round=event.round, rounds=event.rounds, place=mine.place,
                                  players=len(table), points=points_text(mine.points), games=mine.games))
    return lines


def game_title(key: str) -> str:
    try:
        return registry.get(key).title
    except KeyError:
        return key

"""A substitute for a seat the computer plays: `/sub`, its buttons, and how the seat's result is rated.

Only a seat the computer plays now may be offered: its player left (resigned or forfeited), or
its running turn is past the deadline, or it missed a deadline and its player has not moved since
(their own move, or Keep my seat, answers every miss before it; the forfeit still counts them all).
The host, or once the host left the game the next player in the seat order
(`bot.core.seats.acting_host`), or a member who may manage the channel, offers it with `/sub`: a
message that mentions the seat's player and carries Take the seat and, while that player is still
seated, Keep my seat. Take the seat is for someone who never held a seat at this table (a player
who left must not come back in another seat, least of all with the hand of the seat they left in
mind), one offer a person, claimed under the table's lock and in the store. The taker plays the
seat from its next turn: a seat whose player left changes hands at once when it is not to act,
else once its running turn ends; a seat whose player is still seated waits besides until an hour
after the offer (KEEP_SECONDS), so the mention reaches them however fast someone presses, and
they keep it by moving or by Keep my seat until it changes hands. A seating that cannot happen
(the taker holds a seat here by then, the store refuses it, the player came back) withdraws the
offer and says so, and the seat can be offered again.

Ratings (`rated_people`, read by bot/features/ratings.py): the player who left is rated last,
below everyone, since leaving a seat to others is abandoning the game; the substitute is rated
with the seat's final rank only if they held the seat for at least half of its moves, because a
game saved in its last moves is mostly the work of whoever played it before. Under that share
the substitute's game is not rated at all: taking a lost seat must not cost anyone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import lang
from bot.core import failures, marks
from bot.core.commands import Command, Param
from bot.core.extension import Extension
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.seats import acting_host
from bot.core.service import TableService
from bot.core.tables import Loaded
from bot.features.timing import Timing, epoch
from db.store import MoveRow, StaleVersion
from db.substitutes import NotOffered, Offer, SubstituteStore
from db.timing import TimingStore
from games.base import IllegalMove, is_number
from lang import N_, tr

log = logging.getLogger(__name__)

SHARE_RATED = 0.5  # of the seat's moves, for the substitute's result to count
# how long a player still seated has, from the offer, to keep the seat before it changes hands:
# the mention must reach them, however fast a taker presses
KEEP_SECONDS = 3600
PLAYING_AGAIN = N_("{name} is playing their seat again, so its offer to a substitute is withdrawn.")

COMMAND = Command("sub", N_("Offer a seat the computer plays now (its player left or went silent) to a newcomer"), (
    Param("seat", N_("Whose seat: the player's name or the seat number (default: the only one)")),
))


def _listed(names: list[str], seats: Sequence[int]) -> str:
    return ", ".join(tr("{name} (seat {number})").format(name=names[s], number=s + 1) for s in seats)


def rated_people(people: list[dict[str, Any]], offers: Sequence[Offer], moves: Sequence[MoveRow]) -> list[dict[str, Any]]:
    """The people a finished table rates, with substitutes counted as the module says: each player
    who left a seat to a substitute ranked below everyone, each substitute kept only with at least
    SHARE_RATED of their seat's moves. `people`: the results' rows of people (user_id, rank)."""
    out = [dict(p) for p in people]
    last = max((p["rank"] for p in out), default=0) + 1
    for offer in offers:
        if offer.state != "seated":
            continue
        seat_moves = [m for m in moves if m.seat == offer.seat]
        theirs = [m for m in seat_moves if m.n > (offer.from_move or 0)]
        if seat_moves and len(theirs) < SHARE_RATED * len(seat_moves):
            out = [p for p in out if p["user_id"] != offer.taker_id]
        if offer.left_user is not None and all(p["user_id"] != offer.left_user for p in out):
            out.append({"user_id": offer.left_user, "rank": last, "seat": offer.seat, "is_ai": False})
    return out


class Substitutes(Extension):
    commands = (COMMAND,)

    def __init__(self, service: TableService):
        self.service = service
        self.db = SubstituteStore.of(service.store)
        self.timing = TimingStore.of(service.store)
        # tables with a seat taken and not yet given: looked at after each of their changes, so a
        # move elsewhere costs no statement; `sweep` finds those another process took
        self._waiting: set[int] = set()

    def now(self) -> int:
        return epoch(self.service.clock())

    async def _overdue(self, loaded: Loaded) -> set[int]:
        """Seats whose running turn is past its deadline (the computer is about to play it)."""
        timing = next((e for e in self.service.extensions if isinstance(e, Timing)), None)
        if timing is None:
            return set()
        now = self.now()
        return {info.seat for info in await timing.turn_info(loaded)
                if info.deadline_at is not None and info.deadline_at <= now}

    async def _eligible(self, loaded: Loaded) -> list[int]:
        """Seats of people that the computer plays now: left, past the running turn's deadline, or
        silent since a missed deadline."""
        silent = await self.db.silent_misses(loaded.row.id)
        overdue = await self._overdue(loaded) if loaded.game is not None else set()
        seats = []
        for row in sorted((s for s in loaded.seats if s.seat is not None), key=lambda s: s.seat):
            if row.is_ai and not row.resigned:
                continue
            if row.resigned or row.seat in silent or row.seat in overdue:
                seats.append(row.seat)
        return seats

    async def _played_here(self, loaded: Loaded) -> set[int]:
        """Everyone who ever held a seat at the table: seated now (those who resigned too), replaced,
        or holding a seat taken and not yet given."""
        people = {s.user_id for s in loaded.seats if s.user_id is not None}
        for offer in await self.db.offers(loaded.row.id, ("taken", "seated")):
            people |= {offer.taker_id} if offer.state == "taken" else {offer.left_user, offer.taker_id}
        return {p for p in people if p is not None}

    # -- /sub ----------------------------------------------------------------------------
    async def cmd_sub(self, caller: Caller, seat: str = "") -> Reply:
        loaded = await self.service.active_table(caller)
        if not caller.can_manage and caller.user_id != acting_host(loaded):
            raise IllegalMove(tr("Only the host (while they still play here) or a member who may manage this channel "
                                 "offers a seat to a substitute."))
        eligible = await self._eligible(loaded)
        names = loaded.names()
        if not eligible:
            raise IllegalMove(tr("No seat here is played by the computer now: a seat can be offered once its player "
                                 "left, or missed a turn deadline and has not played since."))
        wanted = seat.strip().lower()
        if wanted:
            chosen = [s for s in eligible if (is_number(wanted) and int(wanted) == s + 1) or names[s].lower() == wanted]
            if not chosen:
                raise IllegalMove(tr("That seat cannot be offered. Seats the computer plays: {seats}.").format(
                    seats=_listed(names, eligible)))
        elif len(eligible) > 1:
            raise IllegalMove(tr("Which seat? /sub seat:<name>. Seats the computer plays: {seats}.").format(
                seats=_listed(names, eligible)))
        else:
            chosen = eligible
        target = chosen[0]
        row = loaded.by_seat(target)
        offer = await self.db.offer(loaded.row.id, target, row.user_id, row.name, self.now())
        if offer is None:
            raise IllegalMove(tr("{name}'s seat is offered already: its button is in this channel.").format(
                name=names[target]))
        table = loaded.row.id
        with lang.using(await self.service.public_language(loaded.row.guild_id)):  # the table's post and buttons
            buttons = [Button(tr("Take the seat"), custom_id("sub", table, None, str(offer)), "success")]
            if row.resigned or row.user_id is None:
                text = tr("**{name}** offers {player}'s seat (seat {number}) to a substitute: its player left the game "
                          "and the computer plays it. Anyone who has not played at this table may press Take the seat "
                          "to play it from its next turn.").format(name=caller.name, player=names[target],
                                                                     number=target + 1)
                return Reply(text=text, buttons=buttons, table_id=table)
            buttons.append(Button(tr("Keep my seat"), custom_id("subk", table, None, str(offer))))
            text = tr("**{name}** offers {player}'s seat (seat {number}) to a substitute: its player let a turn "
                      "deadline pass and has not played since. Anyone who has not played at this table may press Take "
                      "the seat to play it from its next turn. {person}, the seat stays yours if you play or press "
                      "Keep my seat before it changes hands.").format(name=caller.name, player=names[target],
                                                                       number=target + 1,
                                                                       person=marks.person(row.user_id))
        return Reply(text=text, buttons=buttons, mentions=[row.user_id], table_id=table)

    async def _offer_of(self, caller: Caller, table_id: int, payload: str) -> tuple[Loaded, Offer]:
        """The table and offer a button names, or IllegalMove saying why there is none."""
        loaded = await self.service.table(table_id)
        if loaded is None or loaded.row.channel_id != caller.channel_id:
            raise IllegalMove(tr("This button belongs to a table that no longer exists here."))
        offer = await self.db.get(int(payload)) if is_number(payload) else None
        if offer is None or offer.table_id != table_id:
            raise IllegalMove(tr("This offer no longer exists."))
        if loaded.row.status != "active":
            raise IllegalMove(tr("This game is over: the seat is no longer offered."))
        if offer.state == "withdrawn":
            raise IllegalMove(tr("This offer was withdrawn: the seat is not offered any more."))
        return loaded, offer

    async def press_sub(self, caller: Caller, table_id: int, version: int | None, payload: str,
                        values: Sequence[str]) -> Reply:
        # under the table's lock: one person pressing two offers at once must be seen as one
        async with self.service.table_lock(table_id):
            loaded, offer = await self._offer_of(caller, table_id, payload)
            if offer.state != "offered":
                if offer.taker_id == caller.user_id:
                    raise IllegalMove(tr("You took this seat already: you will be called when its next turn comes."))
                raise IllegalMove(tr("Someone else took this seat first."))
            if caller.user_id in await self._played_here(loaded):
                holding = next((o for o in await self.db.offers(table_id, ("taken",)) if o.taker_id == caller.user_id),
                               None)
                mine = loaded.seat_of(caller.user_id)
                if holding is not None:
                    raise IllegalMove(tr("You took {name}'s seat here already: one seat a person.").format(
                        name=holding.left_name))
                if mine is not None and not mine.resigned:
                    raise IllegalMove(tr("You are at this table already: a substitute is someone who is not playing "
                                         "here."))
                raise IllegalMove(tr("You held a seat at this table, so you cannot take another: a substitute is "
                                     "someone who never played here."))
            if offer.seat not in await self._eligible(loaded):
                await self.db.withdraw_offer(offer.id)
                with lang.using(await self.service.public_language(loaded.row.guild_id)):
                    public = tr(PLAYING_AGAIN).format(name=offer.left_name)
                return Reply(text=public, private=tr("The seat is no longer offered."), table_id=table_id)
            if not await self.db.take(offer.id, caller.user_id, caller.name):
                raise IllegalMove(tr("Someone else took this seat first, or you took another seat here."))
            self._waiting.add(table_id)
            seated, notes = await self._seat_locked(table_id)
            now = await self.service.table(table_id)
        version_now = now.version if now else None
        name = offer.left_name
        words = dict(name=caller.name, player=name, number=offer.seat + 1)
        with lang.using(await self.service.public_language(loaded.row.guild_id)):  # the table's post
            if offer.id in seated:
                text = tr("**{name}** takes over {player}'s seat (seat {number}) from its next turn.").format(**words)
            elif (await self.db.get(offer.id)).state == "taken" and now is not None and offer.seat in now.game.to_act():
                text = tr("**{name}** takes over {player}'s seat (seat {number}) once its current turn ends.").format(
                    **words)
            elif (await self.db.get(offer.id)).state == "taken":
                text = tr("**{name}** takes over {player}'s seat (seat {number}) {when} unless {player} plays or keeps "
                          "it before.").format(when=marks.moment(offer.offered_at + KEEP_SECONDS), **words)
            else:
                text = ""
        if not text:  # the seating could not happen: the note says why
            return Reply(text="\n".join(notes), private=tr("The seat was not given to you."), table_id=table_id,
                         version=version_now)
        return Reply(text="\n".join([text, *notes]),
                     private=tr("The seat is yours from its next turn: you will be called when it comes."),
                     table_id=table_id, version=version_now)

    async def press_subk(self, caller: Caller, table_id: int, version: int | None, payload: str,
                         values: Sequence[str]) -> Reply:
        """Keep my seat: the seat's player answers the offer by staying."""
        async with self.service.table_lock(table_id):
            loaded, offer = await self._offer_of(caller, table_id, payload)
            row = loaded.by_seat(offer.seat)
            if row.user_id != caller.user_id or row.resigned:
                raise IllegalMove(tr("Only the player of this seat keeps it."))
            if offer.state == "seated" or not await self.db.withdraw_offer(offer.id):
                raise IllegalMove(tr("The seat has changed hands already."))
            await self.db.answered(table_id, offer.seat)
        with lang.using(await self.service.public_language(loaded.row.guild_id)):  # the table's post
            return self._kept(offer, tr("**{name}** keeps their seat: its offer to a substitute is withdrawn.").format(
                name=caller.name))

    @staticmethod
    def _kept(offer: Offer, text: str) -> Reply:
        """The public words of a seat kept by its player (written in the server's language by the
        caller); the taker, if there was one, is told."""
        mentions = []
        if offer.state == "taken" and offer.taker_id is not None:
            text += " " + tr("{person}, the seat you took stays with its player.").format(
                person=marks.person(offer.taker_id))
            mentions.append(offer.taker_id)
        return Reply(text=text, mentions=mentions, table_id=offer.table_id)

    async def move_reply(self, loaded: Loaded, reply: Reply, seat: int) -> None:
        """A player's own move answers every miss before it, and keeps a seat that was offered."""
        silent, open_offers = await self.db.presence(loaded.row.id, seat)
        if silent:
            await self.db.answered(loaded.row.id, seat)
        if not open_offers:
            return
        async with self.service.table_lock(loaded.row.id):
            for offer in await self.db.offers(loaded.row.id, ("offered", "taken")):
                if offer.seat == seat and await self.db.withdraw_offer(offer.id):
                    name = loaded.by_seat(seat).name
                    with lang.using(await self.service.public_language(loaded.row.guild_id)):  # the table's post
                        kept = self._kept(offer, tr("**{name}** is playing again: the offer of their seat to a "
                                                    "substitute is withdrawn.").format(name=name))
                    reply.text = "\n".join(x for x in (reply.text, kept.text) if x)
                    reply.mentions = [*reply.mentions, *kept.mentions]

    # -- the seat changes between turns ---------------------------------------------------
    async def on_event(self, event: str, loaded: Loaded) -> None:
        if loaded.row.id not in self._waiting:
            return
        if loaded.row.status in ("finished", "cancelled"):
            self._waiting.discard(loaded.row.id)
            await self.db.withdraw(loaded.row.id)
        elif loaded.row.status == "active":
            await self.seat_waiting(loaded.row.id)

    async def sweep(self) -> int:
        """Give the seats taken in any process whose turn has ended (at start, then now and then)."""
        seated = 0
        for table_id in await self.db.tables_waiting():
            self._waiting.add(table_id)
            try:
                loaded = await self.service.table(table_id)
                if loaded is not None and loaded.row.status in ("finished", "cancelled"):
                    self._waiting.discard(table_id)
                    await self.db.withdraw(table_id)
                    continue
                seated += len(await self.seat_waiting(table_id))
            except Exception:
                failures.report(log, "seating the substitutes of table %s failed", table_id)
        await self.service.flush_events()
        return seated

    async def run_forever(self, interval: float = 60.0) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:
                failures.report(log, "substitutes' sweep failed")
            await asyncio.sleep(interval)

    async def seat_waiting(self, table_id: int) -> list[int]:
        """Give every taken seat that is not to act now to its taker; a seating that cannot happen is
        withdrawn and said in the table's channel. Returns the offers seated here."""
        async with self.service.table_lock(table_id):
            seated, notes = await self._seat_locked(table_id)
            loaded = await self.service.table(table_id) if notes else None
        if notes and loaded is not None and self.service.outbox is not None:
            try:
                await self.service.outbox.post(loaded.row.channel_id, Reply(text="\n".join(notes), table_id=table_id))
            except Exception:
                failures.report(log, "telling table %s of a withdrawn offer failed", table_id)
        return seated

    async def _seat_locked(self, table_id: int) -> tuple[list[int], list[str]]:
        """`seat_waiting` under the table's lock: the offers seated, and the public lines of those
        withdrawn because their seating cannot happen."""
        waiting = await self.db.offers(table_id, ("taken",))
        if not waiting:
            self._waiting.discard(table_id)
            return [], []
        self._waiting.add(table_id)
        seated: list[int] = []
        notes: list[str] = []
        gone = 0
        for offer in waiting:
            loaded = await self.service.table(table_id)
            if loaded is None or loaded.row.status != "active" or loaded.game is None:
                break
            if offer.seat in loaded.game.to_act() or offer.seat in loaded.game.awaited_answers():
                continue  # its turn runs: the taker plays from the next one
            if not loaded.by_seat(offer.seat).resigned and self.now() < offer.offered_at + KEEP_SECONDS:
                continue  # its player may still keep it
            why = ""
            public = await self.service.public_language(loaded.row.guild_id)  # the notes are the table's posts
            if loaded.seat_of(offer.taker_id) is not None:
                with lang.using(public):
                    why = tr("{taker} holds a seat at this table now, so {player}'s seat cannot be given to them: its "
                             "offer is withdrawn, and /sub can offer it again.").format(taker=offer.taker_name,
                                                                                       player=offer.left_name)
            elif offer.seat not in await self._eligible(loaded):
                with lang.using(public):
                    why = tr(PLAYING_AGAIN).format(name=offer.left_name)
            if not why:
                count = len(await self.service.standing_moves(loaded))
                try:
                    await self.service.write(loaded, self.db.seat, offer.id, count)
                    seated.append(offer.id)
                    continue
                except (NotOffered, StaleVersion, IllegalMove):
                    continue  # another process seated it, or the table moved on: the next look sees it
                except Exception:
                    failures.report(log, "seating the substitute of table %s failed", table_id)
                    with lang.using(public):
                        why = tr("{player}'s seat could not be given to {taker}: its offer is withdrawn, and /sub can "
                                 "offer it again.").format(player=offer.left_name, taker=offer.taker_name)
            if await self.db.withdraw_offer(offer.id):
                notes.append(why)
            gone += 1
        if len(seated) + gone == len(waiting):
            self._waiting.discard(table_id)
        return seated, notes

"""A substitute for a seat the computer plays: `/sub`, its button, and how the seat's result is rated.

A seat qualifies when its player left (resigned or forfeited) or missed a turn deadline, so that
the computer played for them. The host, or a member who may manage the channel, offers it with
`/sub`: a button under the message, which the first person not at the table to press takes
(every later press gets a private reason). The taker plays the seat from its next turn: at once
when the seat is not to act now, else as soon as its running turn ends (the player still seated
may finish it, or its deadline does). The seat becomes a person's again and its count of missed
deadlines starts from zero.

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

from bot.core import failures
from bot.core.commands import Command, Param
from bot.core.extension import Extension
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.service import TableService
from bot.core.tables import Loaded
from bot.features.timing import epoch
from db.store import MoveRow, StaleVersion
from db.substitutes import NotOffered, Offer, SubstituteStore
from db.timing import TimingStore
from games.base import IllegalMove, is_number

log = logging.getLogger(__name__)

SHARE_RATED = 0.5  # of the seat's moves, for the substitute's result to count

COMMAND = Command("sub", "Offer a seat the computer plays (missed deadlines, a player who left) to a substitute", (
    Param("seat", "Whose seat: the player's name or the seat number (default: the only one)"),
))


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

    async def _eligible(self, loaded: Loaded) -> list[int]:
        """Seats of people that the computer plays or played: left, or a deadline missed."""
        seats = []
        for row in sorted((s for s in loaded.seats if s.seat is not None), key=lambda s: s.seat):
            if row.is_ai and not row.resigned:
                continue
            if row.resigned or await self.timing.missed(loaded.row.id, row.seat) > 0:
                seats.append(row.seat)
        return seats

    # -- /sub ----------------------------------------------------------------------------
    async def cmd_sub(self, caller: Caller, seat: str = "") -> Reply:
        loaded = await self.service.active_table(caller)
        if caller.user_id != loaded.row.host_id and not caller.can_manage:
            raise IllegalMove("Only the host or a member who may manage this channel offers a seat to a substitute.")
        eligible = await self._eligible(loaded)
        names = loaded.names()
        if not eligible:
            raise IllegalMove("No seat here is played by the computer: a seat can be offered once its player left "
                              "or missed a turn deadline.")
        wanted = seat.strip().lower()
        if wanted:
            chosen = [s for s in eligible if (is_number(wanted) and int(wanted) == s + 1) or names[s].lower() == wanted]
            if not chosen:
                listed = ", ".join(f"{names[s]} (seat {s + 1})" for s in eligible)
                raise IllegalMove(f"That seat cannot be offered. Seats the computer plays: {listed}.")
        elif len(eligible) > 1:
            listed = ", ".join(f"{names[s]} (seat {s + 1})" for s in eligible)
            raise IllegalMove(f"Which seat? /sub seat:<name>. Seats the computer plays: {listed}.")
        else:
            chosen = eligible
        target = chosen[0]
        row = loaded.by_seat(target)
        offer = await self.db.offer(loaded.row.id, target, row.user_id, row.name, self.now())
        if offer is None:
            raise IllegalMove(f"{names[target]}'s seat is offered already: its button is in this channel.")
        return Reply(
            text=f"**{caller.name}** offers {names[target]}'s seat (seat {target + 1}) to a substitute: anyone not at "
                 "this table may press Take the seat to play it from its next turn.",
            buttons=[Button("Take the seat", custom_id("sub", loaded.row.id, None, str(offer)), "success")],
            table_id=loaded.row.id)

    async def press_sub(self, caller: Caller, table_id: int, version: int | None, payload: str,
                        values: Sequence[str]) -> Reply:
        loaded = await self.service.table(table_id)
        if loaded is None or loaded.row.channel_id != caller.channel_id:
            return Reply.error("This button belongs to a table that no longer exists here.")
        offer = await self.db.get(int(payload)) if is_number(payload) else None
        if offer is None or offer.table_id != table_id:
            return Reply.error("This offer no longer exists.")
        if loaded.row.status != "active":
            return Reply.error("This game is over: the seat is no longer offered.")
        if loaded.seat_of(caller.user_id) is not None:
            return Reply.error("You are at this table already: a substitute is someone who is not playing here.")
        if offer.state != "offered" or not await self.db.take(offer.id, caller.user_id, caller.name):
            return Reply.error("Someone else took this seat first.")
        seated = await self.seat_waiting(table_id)
        now = await self.service.table(table_id)
        name = offer.left_name
        if offer.id in seated:
            text = f"**{caller.name}** takes over {name}'s seat (seat {offer.seat + 1}) from its next turn."
        else:
            text = (f"**{caller.name}** takes over {name}'s seat (seat {offer.seat + 1}) once its current turn "
                    "ends.")
        return Reply(text=text, private="The seat is yours from its next turn: you will be called when it comes.",
                     table_id=table_id, version=now.version if now else None)

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
        """Give every taken seat that is not to act now to its taker. Returns the offers seated here."""
        waiting = await self.db.offers(table_id, ("taken",))
        if not waiting:
            self._waiting.discard(table_id)
            return []
        self._waiting.add(table_id)
        seated = []
        async with self.service.table_lock(table_id):
            for offer in waiting:
                loaded = await self.service.table(table_id)
                if loaded is None or loaded.row.status != "active" or loaded.game is None:
                    break
                if offer.seat in loaded.game.to_act() or offer.seat in loaded.game.awaited_answers():
                    continue  # its turn runs: the taker plays from the next one
                count = len(await self.service.standing_moves(loaded))
                try:
                    await self.service.write(loaded, self.db.seat, offer.id, count)
                except (NotOffered, StaleVersion, IllegalMove):
                    continue  # another process seated it, or the table moved on: the next look sees it
                except Exception:
                    failures.report(log, "seating the substitute of table %s failed", table_id)
                    continue
                seated.append(offer.id)
        if len(seated) == len(waiting):
            self._waiting.discard(table_id)
        return seated

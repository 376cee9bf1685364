"""Seats that leave a game under way: a resignation, a forfeit after missed deadlines, a move the
computer makes for a seat that missed one. The computer plays a seat that left, ranked last.

Who sees what once a seat is left (`seen_seat`): a person who resigned, forfeited or was replaced
sees the table as a watcher does, on every surface (/hand, /history, the board page), since the
seat's hidden cards go on being played by someone else. Who holds the host's powers (`acting_host`):
the host while they play; once they left the game, the next person in the seat order who still
plays; when nobody does, only channel managers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import lang
from bot.core.moves import NO_GAME, position_rng
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.tables import Loaded
from db.store import SeatRow
from games.base import IllegalMove
from lang import tr

if TYPE_CHECKING:
    from bot.core.hub import Hub


def seen_seat(loaded: Loaded, user_id: int | None) -> SeatRow | None:
    """The seat whose own view this person sees: theirs while they still play it. None, a
    watcher's view, for anyone else: no seat here, replaced by a substitute (the seat is no longer
    theirs), or resigned and forfeited (the computer plays on with the seat's hidden cards)."""
    mine = loaded.seat_of(user_id) if user_id else None
    if mine is None or mine.seat is None or mine.resigned:
        return None
    return mine


def acting_host(loaded: Loaded) -> int | None:
    """Who holds the host's powers (/deadline, /sub, closing the table) now: the host before the
    game starts and while they play their seat; once they left the game (resigned, forfeited,
    replaced), the person who still plays the first seat after the host's in the seat order (a
    substitute in the host's own seat comes last); None when no person plays on."""
    host = loaded.row.host_id
    if loaded.game is None or loaded.row.status == "lobby":
        return host
    playing = sorted((s for s in loaded.seats if s.seat is not None and s.user_id is not None
                      and not s.is_ai and not s.resigned), key=lambda s: s.seat)
    if any(s.user_id == host for s in playing):
        return host
    # the host sat first (position 0) and cannot leave before the start: that row is the host's
    # seat even once a substitute holds it
    own = next((s for s in loaded.seats if s.position == 0), None)
    start = own.seat + 1 if own is not None and own.seat is not None else 0
    ordered = sorted(playing, key=lambda s: (s.seat - start) % max(len(loaded.seats), 1))
    return ordered[0].user_id if ordered else None


class Seats:
    def __init__(self, service: Hub):
        self.service = service

    async def cmd_resign(self, caller: Caller, confirmed: bool = False) -> Reply:
        loaded = await self.service.here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(await self.service.nothing_open(caller.channel_id, tr(NO_GAME)))
        async with self.service.table_lock(loaded.row.id):
            loaded = await self.service.active_table(caller)
            mine = self.service.caller_seat(loaded, caller)
            if loaded.game.players == 2 and not confirmed:  # it ends the game at once: ask first
                other = loaded.names()[1 - mine.seat]
                return Reply(private=tr("Resigning ends the game: {other} wins and you finish last. "
                                        "Press Resign to confirm; otherwise nothing changes.").format(other=other),
                             buttons=[Button(tr("Resign"), custom_id("resign", loaded.row.id, loaded.version), "danger")],
                             table_id=loaded.row.id, version=loaded.version)
            with lang.using(await self.service.public_language(loaded.row.guild_id)):
                headline = tr("**{name}** resigned.").format(name=caller.name)
            return await self._give_up(loaded, mine, headline)

    async def forfeit(self, table_id: int, seat: int, headline: str) -> Reply | None:
        """A seat leaves the game as if resigned (missed deadlines): the computer plays it, ranked last."""
        return await self.service.answer(self._forfeit(table_id, seat, headline), refusals=False)

    async def _forfeit(self, table_id: int, seat: int, headline: str) -> Reply | None:
        async with self.service.table_lock(table_id):
            loaded = await self.service.table(table_id)
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
        results = self.service.moves.results(loaded, ended_by_resign=True) if ends else None
        try:
            await self.service.write(loaded, self.service.store.resign, mine.position, results=results)
        finally:
            self.service.forget(loaded.row.id)
        loaded = await self.service.table(loaded.row.id)
        with lang.using(await self.service.public_language(loaded.row.guild_id)):  # the table's post
            if ends:
                return await self._finished_by_resign(loaded, headline)
            lines = await self.service.moves.play_computers(loaded)
            loaded = await self.service.table(loaded.row.id)
            if loaded.game.is_over():  # the computer's moves ended the game: say so, not what it will do
                headline += " " + tr("The computer played that seat to the end of the game, ranked last.")
            else:
                headline += " " + tr("The computer plays that seat from now on, and it will finish last.")
        return await self.service.turn_reply(loaded, "\n".join([headline, *lines]))

    async def play_for(self, table_id: int, seat: int, headline: str) -> Reply | None:
        """The computer makes one move for a seat that must act (a missed deadline); None if it need not."""
        return await self.service.answer(self._play_for(table_id, seat, headline), refusals=False)

    async def _play_for(self, table_id: int, seat: int, headline: str) -> Reply | None:
        async with self.service.table_lock(table_id):
            loaded = await self.service.table(table_id)
            if loaded is None or loaded.row.status != "active" or seat not in loaded.game.to_act():
                return None
            game, names = loaded.game, loaded.names()
            before = game.dump()
            public = await self.service.public_language(loaded.row.guild_id)
            try:
                move = await self.service.moves.computer_move(loaded, seat, position_rng(loaded.row.seed, game, seat))
                game.play(seat, move)
                with lang.using(public):
                    lines = [headline, game.describe_move(seat, move, names)]
                await self.service.moves.record(loaded, seat, None, move)
            except BaseException:
                self.service.moves.restore(loaded, before)
                raise
            with lang.using(public):
                lines += await self.service.moves.play_computers(loaded)
            loaded = await self.service.table(table_id)
            return await self.service.turn_reply(loaded, "\n".join(lines))

    async def _finished_by_resign(self, loaded: Loaded, headline: str) -> Reply:
        lines = [headline, self.service.composer.standings(loaded)]
        image = await self.service.board_image(loaded)
        reply = Reply(text="\n".join(lines), image=image, table_id=loaded.row.id,
                      image_alt=self.service.board_alt(loaded) if image else "")
        return await self.service.composer.touch("final_reply", reply, lambda e: e.final_reply(loaded, reply, True))

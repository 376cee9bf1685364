"""Rematch: the same game again, in the same place, with the same options and computer seats.

The Rematch button on a game's final message (or /rematch) opens a new table in that channel
and seats whoever asked as its host, then the previous computer seats at their levels. The
other players of the last game are invited by mention and take their seats with Join; the
host starts, and the seat order is drawn again from the new table's seed.
"""

from __future__ import annotations

import lang
from bot.core import marks
from bot.core.commands import Command
from bot.core.extension import Extension
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.service import TableService
from bot.core.tables import Loaded
from db.daily import DailyStore
from db.levels import NORMAL
from games.base import IllegalMove
from lang import N_, tr

COMMANDS = (Command("rematch", N_("Play the last game of this channel again with the same players and options")),)


def option_text(options: dict) -> str:
    """Parsed lobby options written back as /open reads them."""
    words = []
    for name, value in options.items():
        shown = "on" if value is True else "off" if value is False else str(value)
        words.append(f"{name}={shown}")
    return " ".join(words)


class Rematch(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, levels=None):
        self.service = service
        self.levels = levels  # bot.features.levels.ComputerLevels, to seat computers at their strength

    async def final_reply(self, loaded: Loaded, reply: Reply, fresh: bool) -> None:
        cid = custom_id("rematch", loaded.row.id)
        if not cid or loaded.row.status != "finished":
            return
        if await DailyStore(self.service.store).attempt_of_table(loaded.row.id) is not None:
            return  # the daily is played once a day: a button that only refuses would mislead
        with lang.using(await self.service.public_language(loaded.row.guild_id)):  # under the table's final post
            reply.buttons.append(Button(tr("Rematch"), cid, "success"))

    async def press_rematch(self, caller: Caller, table_id: int, version, payload, values) -> Reply:
        return await self._rematch(caller, table_id)

    async def cmd_rematch(self, caller: Caller) -> Reply:
        row = await self.service.store.latest_table(caller.channel_id)
        if row is None:
            raise IllegalMove(tr("No game has been played in this channel yet."))
        return await self._rematch(caller, row.id)

    async def _rematch(self, caller: Caller, table_id: int) -> Reply:
        service = self.service
        old = await service.table(table_id)
        if old is None or old.row.channel_id != caller.channel_id:
            raise IllegalMove(tr("That game was not played in this channel."))
        if old.row.status != "finished":
            raise IllegalMove(tr("A rematch follows a finished game; this one is not over."))
        if old.seat_of(caller.user_id) is None:
            raise IllegalMove(tr("Only a player of the last game can ask for a rematch."))
        if await DailyStore(service.store).attempt_of_table(table_id) is not None:
            raise IllegalMove(tr("The daily challenge is played once a day: /daily tomorrow brings a new deal."))
        reply = await service.cmd_open(caller, old.row.game, option_text(old.row.options))
        new_id = reply.table_id
        plain = service.lobby_reply(await service.table(new_id), "").text
        notes = reply.text.partition(plain)[2].strip() if plain and plain in reply.text else ""  # e.g. the deadline
        levels = await self.levels.levels(table_id) if self.levels else {}
        computers = sorted((s for s in old.seats if s.is_ai), key=lambda s: s.position)
        if computers:
            async with service.channel_lock(caller.channel_id):
                for seat in computers:
                    loaded = await service.table(new_id)
                    level = levels.get(seat.position, NORMAL)
                    if self.levels is not None:
                        await self.levels.add(loaded, level)
                    else:
                        await service.write(loaded, service.store.add_seat, user_id=None, name=seat.name)
        loaded = await service.table(new_id)
        invited = [s.user_id for s in sorted(old.seats, key=lambda s: s.seat if s.seat is not None else 99)
                   if s.user_id is not None and s.user_id != caller.user_id]
        with lang.using(await service.public_language(caller.guild_id)):  # the new lobby's post
            headline = tr("**{name}** asks for a rematch of **{game}**.").format(
                name=caller.name, game=service.game_title(old.row.game))
            answer = service.lobby_reply(loaded, headline)
            if invited:
                invite = tr("{people}: press Join to take your seat again.").format(
                    people=" ".join(marks.person(u) for u in invited))
        if notes:  # e.g. the deadline, and the role /settings pings for a table that seeks players
            answer.text += "\n" + notes
            answer.roles = reply.roles
        if invited:
            answer.text += "\n" + invite
            answer.mentions = invited
        return answer

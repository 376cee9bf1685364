"""`/addai level:easy|normal|hard`: computer seats of a chosen strength (games/levels.py).

The level is kept per seat (db/levels.py). A hard player thinks in a worker thread, on a
copy of the game, so the bot keeps answering meanwhile. A seat the computer plays because
its player resigned or missed a deadline plays at normal.
"""

from __future__ import annotations

import asyncio
import random

import lang
from bot.core.commands import Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from db.levels import NORMAL, LevelStore
from games import registry
from games.base import IllegalMove
from games.levels import LEVELS, choose
from lang import N_, tr

COMMANDS = (
    Command("addai", N_("Add a computer player to the table"), (
        Param("level", N_("How strong: easy, normal (the default) or hard"), choices=LEVELS),
    )),
)


# a level's word in a sentence (the choice values stay English)
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def seat_name(number: int, level: str) -> str:
    # a computer seat's name, kept in the store: the same in every language
    return f"Bot {number}" if level == NORMAL else f"Bot {number} ({level})"  # verbatim: a stored name


class ComputerLevels(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService):
        self.service = service
        self.db = LevelStore(service.store)
        self._levels: dict[int, dict[int, str]] = {}  # table -> position -> level

    async def levels(self, table_id: int) -> dict[int, str]:
        if table_id not in self._levels:
            self._levels[table_id] = await self.db.levels(table_id)
        return self._levels[table_id]

    async def cmd_addai(self, caller: Caller, level: str = NORMAL) -> Reply:
        level = level.strip().lower() or NORMAL
        if level not in LEVELS:
            raise IllegalMove(tr("`level` is one of: {choices}.").format(choices=", ".join(LEVELS)))
        service = self.service
        async with service.channel_lock(caller.channel_id):
            loaded = await service.lobby_table(caller)
            if not loaded.seat_of(caller.user_id) and not caller.can_manage:
                raise IllegalMove(tr("Only a seated player can add a computer player."))
            name = await self.add(loaded, level)
            loaded = await service.table(loaded.row.id)
        with lang.using(await service.public_language(caller.guild_id)):  # the lobby's post
            if level == NORMAL:
                headline = tr("**{name}**, a computer player, sat down.").format(name=name)
            else:
                headline = tr("**{name}**, a computer player of {level} strength, sat down.").format(
                    name=name, level=tr(LEVEL_WORDS.get(level, level)))
        return service.lobby_reply(loaded, headline)

    async def add(self, loaded: Loaded, level: str) -> str:
        """Seat a computer player of `level` at a lobby (the caller holds the channel lock)."""
        cls = registry.get(loaded.row.game)
        if len(loaded.seats) >= cls.max_players:
            raise IllegalMove(tr("The table is full: {game} takes at most {count} players.").format(
                game=cls.title, count=cls.max_players))
        taken = {s.name for s in loaded.seats}
        number = next(n for n in range(1, 10) if all(seat_name(n, lv) not in taken for lv in LEVELS))
        name = seat_name(number, level)
        await self.service.write(loaded, self.service.store.add_seat, user_id=None, name=name)
        if level != NORMAL:
            seats = await self.service.store.seats(loaded.row.id)
            position = next(s.position for s in seats if s.name == name and s.is_ai)
            await self.db.set_level(loaded.row.id, position, level)
            self._levels.pop(loaded.row.id, None)
        return name

    async def level_of(self, loaded: Loaded, seat: int) -> str:
        row = loaded.by_seat(seat)
        if not row.is_ai:
            return NORMAL  # a person's seat played for them (resigned, missed deadline) plays at normal
        return (await self.levels(loaded.row.id)).get(row.position, NORMAL)

    async def computer_move(self, loaded: Loaded, seat: int, rng: random.Random) -> str | None:
        level = await self.level_of(loaded, seat)
        if level == NORMAL:
            return None
        game = loaded.game
        copy = type(game).load(game.dump())
        return await asyncio.to_thread(choose, copy, seat, level, rng)

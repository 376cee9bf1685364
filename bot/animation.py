"""The game as an animation: on a game's final message, and on /replay for a finished table.

The views come from the stored log replayed from the seed (taken-back moves left out), one
public view per turn: after every move that hands the play to other seats, and after the last
move. A solo game has a frame per move. Drawing and encoding run in a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from bot.commands import Command
from bot.replies import Attachment, Caller, Reply
from bot.service import Loaded, TableService
from games import registry
from games.base import Game, IllegalMove
from render.animation import animate

COMMANDS = (Command("replay", "The last finished game of this channel as an animation"),)


def turn_views(cls: type[Game], players: int, options: dict, seed: int,
               moves: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """The public view at the start and at the end of every turn."""
    game = cls.new(players, options, seed)
    views = [game.view(None)]
    for index, (seat, move) in enumerate(moves):
        acting = game.to_act()
        game.play(seat, move)
        last = index == len(moves) - 1
        if last or players == 1 or game.to_act() != acting and seat not in game.to_act():
            views.append(game.view(None))
    return views


def make(key: str, players: int, options: dict, seed: int, moves: Sequence[tuple[int, str]],
         names: Sequence[str]) -> tuple[bytes, str, int, int] | None:
    """(data, extension, frames shown, turns) of the animation of a game."""
    views = turn_views(registry.get(key), players, options, seed, moves)
    made = animate(key, views, names)
    if made is None:
        return None
    data, ext, chosen = made
    return data, ext, len(chosen), len(views)


class Animation:
    commands = COMMANDS

    def __init__(self, service: TableService):
        self.service = service

    async def _attachment(self, loaded: Loaded) -> tuple[Attachment, str] | None:
        row = loaded.row
        moves = [(m.seat, m.move) for m in await self.service.store.moves(row.id)]
        made = await asyncio.to_thread(make, row.game, len(loaded.names()), row.options, row.seed, moves,
                                       loaded.names())
        if made is None:
            return None
        data, ext, shown, turns = made
        how = "one frame per turn" if shown == turns else f"{shown} of its {turns} turns, evenly spaced"
        return Attachment(f"game-{row.id}.{ext}", data), how

    async def final_reply(self, loaded: Loaded, reply: Reply, fresh: bool) -> None:
        if not fresh or not self.service.draw_images or loaded.game is None:
            return
        made = await self._attachment(loaded)
        if made is not None:
            reply.attachments.append(made[0])
            reply.text += f"\nThe whole game is animated below ({made[1]})."

    async def cmd_replay(self, caller: Caller) -> Reply:
        row = await self.service.store.latest_finished_table(caller.channel_id)
        if row is None:
            raise IllegalMove("/replay shows a finished game, and this channel has none.")
        loaded = await self.service._table_by_id(row.id)
        if loaded.game is None:
            raise IllegalMove("That table finished before its game began.")
        if not self.service.draw_images:
            raise IllegalMove("This bot draws no pictures.")
        made = await self._attachment(loaded)
        if made is None:
            raise IllegalMove(f"{self.service.game_title(row.game)} has no board picture yet, so no animation.")
        title = self.service.game_title(row.game)
        return Reply(text=f"The game of **{title}** of this channel, turn by turn ({made[1]}).",
                     attachments=[made[0]], table_id=row.id)

"""`/preview move:<move>`: the player's own picture with a move drawn where it would go, unplayed.

For moves that are hard to picture before they are made (a part in Grow Sky's engine room).
The answer is private and nothing at the table changes: the game draws the preview from its
state (`Game.preview`) and the service never writes. Games without previews say so.
"""

from __future__ import annotations

import render
from bot.core import alt_text
from bot.core.commands import Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Reply
from bot.core.service import TableService, draw_off_loop
from games.base import Game, IllegalMove, fill_names
from lang import N_, tr

COMMANDS = (Command("preview", N_("See privately where a move would go, without playing it"), (
    Param("move", N_("The move to preview, e.g. place l4 o3 c1"), True, "move"),
)),)


class Preview(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService):
        self.service = service

    async def cmd_preview(self, caller: Caller, move: str = "") -> Reply:
        service = self.service
        text = Game.normalize(move)
        if not text:
            raise IllegalMove(tr("Type a move to preview; /moves lists yours."))
        loaded = await service.active_table(caller)
        mine = service.caller_seat(loaded, caller)
        game, names = loaded.game, loaded.names()
        if type(game).preview is Game.preview:
            raise IllegalMove(tr("{game} has no move previews; /board shows the board.").format(
                game=service.game_title(loaded.row.game)))
        canonical = game.canonical(mine.seat, text)
        try:
            view = game.preview(mine.seat, text)
        except IllegalMove as why:
            raise IllegalMove(fill_names(str(why), names)) from None
        if view is None:
            raise IllegalMove(tr("That move has no preview; /board shows the board."))
        image = None
        if service.draw_images:
            image = await draw_off_loop(render.draw, loaded.row.game, view, names, route=loaded.row.id)
        words = tr("Preview of `{move}` (hatched): nothing is played. `/move {move}` plays it.").format(move=canonical)
        return Reply(private=words, image=image, image_private=True,
                     image_alt=tr(alt_text.PREVIEW) if image else "")

"""What a board page shows one person at a table: their seat's view, their moves, the turn's words
and the log as they may read it; a move's preview; the board after an earlier move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.core import history, replay
from bot.core.composing import ended_line
from bot.core.seats import seen_seat
from games import registry
from games.base import Game, IllegalMove, fill_names
from lang import tr

if TYPE_CHECKING:
    from bot.core.hub import Hub


class PageView:
    def __init__(self, service: Hub):
        self.service = service

    async def page_data(self, table_id: int, user_id: int, log: bool = True) -> dict[str, Any] | None:
        """What a board page shows one person at a table: their seat's view (the public view when
        they have no seat, or left it: `seats.seen_seat`), their legal moves, the turn's words
        and, with `log` (a replay from the seed), the log as they may read it. None when there is
        no such table."""
        loaded = await self.service.table(table_id)
        if loaded is None:
            return None
        row, game, names = loaded.row, loaded.game, loaded.names()
        mine = seen_seat(loaded, user_id)
        seat = mine.seat if mine is not None else None
        data: dict[str, Any] = {
            "table": row.id, "version": row.version, "game": row.game, "title": self.service.game_title(row.game),
            "status": row.status, "guild_id": row.guild_id, "channel_id": row.channel_id, "seat": seat,
            "name": mine.name if mine is not None else "", "names": names, "view": None, "moves": [],
            "to_act": [], "text": "", "log": [], "playing": False, "awaited": [],
        }
        if game is None:
            data["text"] = self.service.lobby_reply(loaded, tr("The table is waiting for players.")).text
            return data
        if type(game).variant:  # a rules variant reads its moves' places by its own words
            data["variant"] = type(game).variant
        view = game.view(seat)
        if row.status in ("finished", "cancelled") and not game.is_over():
            view = {**view, "to_act": [], "ended": ended_line(loaded)}
        over = row.status == "finished" or game.is_over()
        playing = row.status == "active" and seat is not None and not over
        items = await self.service.log_of(loaded) if log else []
        data.update(
            view=view, moves=game.legal_moves(seat) if playing else [], playing=playing,
            to_act=[] if over or row.status != "active" else game.to_act(),
            awaited=[] if over or row.status != "active" else game.awaited_answers(),
            text=self.service.composer.standings(loaded) if over else game.status(names),
            log=[history.line(item, seat, over) for item in items],
            alt=self.service.board_alt(loaded),  # the picture's words for a screen reader: public ones
        )
        return data

    async def page_preview(self, table_id: int, user_id: int, move: str) -> dict[str, Any] | None:
        """The seat's view with `move` drawn where it would go, unplayed (the game's `preview`);
        None when the game or the move has none. Raises IllegalMove for a move not legal now."""
        loaded = await self.service.table(table_id)
        mine = seen_seat(loaded, user_id) if loaded is not None else None
        if mine is None or loaded.game is None or loaded.row.status != "active":
            raise IllegalMove(tr("You are not playing at this table, so there is nothing to preview."))
        if type(loaded.game).preview is Game.preview:
            return None
        game, text = loaded.game, Game.normalize(move)
        try:
            return game.preview(mine.seat, text)
        except IllegalMove as why:
            if game.canonical(mine.seat, text) in game.legal_moves(mine.seat):
                return None  # legal, but not a move this game pictures (a draft before a placement)
            raise IllegalMove(fill_names(str(why), loaded.names())) from None

    async def replayed_after(self, table_id: int, n: int) -> Game | None:
        """The table's game just after its logged move numbered `n` (as the log shows it),
        replayed from the seed; None when the log has no such move."""
        row = await self.service.store.table(table_id)
        if row is None or row.state is None:
            return None
        logged = await self.service.store.moves(table_id)
        upto = next((i for i, m in enumerate(logged) if m.n == n), None)
        if upto is None:
            return None
        seats = [s for s in await self.service.store.seats(table_id) if s.seat is not None]
        moves = [(m.seat, m.move) for m in logged[: upto + 1]]
        return replay.replayed(registry.get(row.game), len(seats), row.options, row.seed, moves, row.state)

"""A table's log and history: the standing moves, their public words replayed once and continued
move by move, the pages of /history and the whole log as a file."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

import lang
from bot.core import history, replay
from bot.core.replies import Attachment, Button, Caller, Reply, custom_id
from bot.core.seats import seen_seat
from bot.core.tables import Loaded
from db.store import MoveRow
from games.base import Game, IllegalMove, is_number
from lang import tr

if TYPE_CHECKING:
    from bot.core.hub import Hub

log = logging.getLogger(__name__)

MOVES_KEPT = 64  # tables whose standing moves are kept for the answer being made (a few at once)
LOGS_KEPT = 64  # tables whose replayed log is kept, to be continued by their next moves


class Logbook:
    def __init__(self, service: Hub):
        self.service = service
        # a table's latest replayed log in each language its public words were asked in (log_of)
        self._logs: OrderedDict[tuple[int, str], history.Log] = OrderedDict()
        self._moves: OrderedDict[int, tuple[int, list[MoveRow]]] = OrderedDict()  # standing_moves's

    async def standing_moves(self, loaded: Loaded) -> list[MoveRow]:
        """The moves that stand at the table's version as loaded; read once per version, since the
        recap of a turn and the take-back offer both need them in the answer to one move."""
        key = loaded.row.id
        kept = self._moves.get(key)
        if kept is None or kept[0] != loaded.version:
            kept = (loaded.version, await self.service.store.moves(key))
            self._moves[key] = kept
            self._moves.move_to_end(key)
            while len(self._moves) > MOVES_KEPT:
                self._moves.popitem(last=False)
        return list(kept[1])

    async def log_of(self, loaded: Loaded) -> list[history.Entry]:
        """The log's entries at the table's version as loaded, each move with its public form. The
        replay is kept and continued by the next moves, so the recap of a turn, /history and the
        board pages after every move each replay only what is new."""
        moves = await self.standing_moves(loaded)
        key = (loaded.row.id, lang.current())
        kept = self._logs.pop(key, None)
        # the same moves under other names (a seat renamed by /forget-me) are told again
        if kept is not None and kept.moves == tuple((m.n, m.seat, m.move) for m in moves) \
                and kept.key[3] == tuple(loaded.names()):
            made = kept
        else:
            made = history.continued(kept, loaded.row, loaded.names(), moves)
        self._logs[key] = made
        while len(self._logs) > LOGS_KEPT:
            self._logs.popitem(last=False)
        return made.entries

    async def replayed(self, table_id: int) -> Game:
        """The table's game as its seed and standing moves make it."""
        return await replay.replay(self.service.store, table_id)

    async def cmd_history(self, caller: Caller, page: str = "") -> Reply:
        loaded = await self.service.latest_here(caller.channel_id)
        if loaded is None or loaded.row.status == "lobby":
            raise IllegalMove(tr("No game has been played in this channel yet."))
        if page.strip() and not is_number(page.strip()):
            raise IllegalMove(tr("`page` is a number: 1 is the first page."))
        return await self.history_page(caller, loaded, int(page or 0))

    async def history_page(self, caller: Caller, loaded: Loaded, page: int) -> Reply:
        """One page of the log as the caller may read it, with buttons to the others and to the file."""
        items, viewer, over = await self._history(caller, loaded)
        if not items:
            return Reply(private=tr("No move has been played yet."))
        lines = [history.line(item, viewer, over) for item in items]
        text, shown, count = history.page_text(lines, page, viewer, over)
        table = loaded.row.id
        buttons = [Button(label, custom_id("hist", table, None, str(target)))
                   for label, target in history.pager(lines, shown, count)]
        buttons.append(Button(tr("Download the log"), custom_id("log", table), "primary"))
        return Reply(private=text, buttons=buttons, table_id=table)

    async def _history(self, caller: Caller, loaded: Loaded) -> tuple[list[history.Entry], int | None, bool]:
        mine = seen_seat(loaded, caller.user_id)  # a seat left is read as a watcher reads it
        viewer = mine.seat if mine is not None else None
        over = loaded.row.status == "finished" or (loaded.game is not None and loaded.game.is_over())
        return await self.log_of(loaded), viewer, over

    async def history_file(self, caller: Caller, loaded: Loaded) -> Reply:
        items, viewer, over = await self._history(caller, loaded)
        shown = " ".join(f"{k}={'on' if v is True else 'off' if v is False else v}"
                         for k, v in loaded.row.options.items())
        standings = self.service.composer.standings(loaded) if over and loaded.game is not None else ""
        seed_until = await self._seed_kept_until(loaded)
        data = history.log_file(loaded.row, self.service.game_title(loaded.row.game), loaded.names(), shown, items,
                                viewer, over, standings, seed_until)
        note = (tr("The whole log. The seed comes {until}, as others are still playing this deal.").format(until=seed_until)
                if seed_until else tr("The whole log, with the seed: it replays the game.") if over else
                tr("The whole log: your moves exactly, the others' as the table saw them. "
                   "The seed comes with the file once the game is over."))
        name = f"isles-{loaded.row.game}-table{loaded.row.id}.txt"
        return Reply(private=note, attachments=[Attachment(name, data, private=True)], table_id=loaded.row.id)

    async def _seed_kept_until(self, loaded: Loaded) -> str:
        """When an extension keeps a table's seed secret after its game ended (a deal others still
        play), the words for when it comes; "" when nothing keeps it."""
        for extension in self.service.extensions:
            until = await extension.seed_kept_until(loaded)
            if until:
                return until
        return ""

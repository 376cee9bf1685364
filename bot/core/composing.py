"""Reply composition: the board message of a table (headline, status or standings, whom it waits
for, the picture and the turn's buttons), the answers of /moves, /hand, /board and /rules, the
My moves menus, and the extensions' additions to each."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import lang
import render
from bot.core import alt_text, drawing, failures, marks, metrics, since
from bot.core.extension import Extension
from bot.core.move_list import moves_page
from bot.core.replies import Button, Caller, Card, Menu, Reply, custom_id
from bot.core.seats import seen_seat
from bot.core.standings import standings_text
from bot.core.tables import Loaded
from bot.core.turn_buttons import turn_buttons
from games import registry
from games.base import Game, IllegalMove, is_number
from lang import tr

if TYPE_CHECKING:
    from bot.core.hub import Hub

log = logging.getLogger(__name__)

async def draw_off_loop(draw: Callable[..., bytes], *args: Any, route: int | None = None) -> bytes:
    """draw(*args) off the event loop: in a drawing worker (the same for the same `route`, a
    table's id), else on the render threads."""
    drawn = await drawing.drawing().run(draw, *args, route=route)
    metrics.metrics().picture_drawn()
    return drawn


def ended_line(loaded: Loaded) -> str:
    """The picture's headline for a game that stopped before its own end (resignations, missed
    deadlines, a closed table): the board would otherwise still say whose turn it is."""
    if loaded.row.status == "cancelled":
        return tr("Table closed")
    gone = [s.name for s in sorted(loaded.seats, key=lambda s: s.seat or 0) if s.resigned]
    if not gone:
        return tr("Game over")
    if len(gone) == 1:
        return tr("Game over: {name} resigned").format(name=gone[0])
    if len(gone) == 2:
        return tr("Game over: {first} and {second} resigned").format(first=gone[0], second=gone[1])
    return tr("Game over: {count} players resigned").format(count=len(gone))


class Composer:
    def __init__(self, service: Hub):
        self.service = service

    async def touch(self, hook: str, reply: Reply, touch: Callable[[Extension], Awaitable[None]]) -> Reply:
        """Let every extension add to a reply by one hook (`final_reply` on a finished table,
        `move_reply` on the answer to a person's move)."""
        for extension in self.service.extensions:
            try:
                await touch(extension)
            except Exception:  # an extra must never cost the player the answer to their move
                failures.report(log, "%s of %s failed", hook, type(extension).__name__)
        return reply

    async def turn_reply(self, loaded: Loaded, headline: str, private_seat: int | None = None) -> Reply:
        """The board message of a started table: headline, status or standings, whom it waits
        for, the picture and the turn buttons; `private_seat` also gets its private text.

        The public parts are written in the server's language (everyone at the table reads the same
        post, and a post rebuilt later reads the same); the private text in the language of the call
        (the person who moved)."""
        with lang.using(await self.service.public_language(loaded.row.guild_id)):
            reply = await self._public_turn(loaded, headline)
        game, names = loaded.game, loaded.names()
        if private_seat is not None and not game.is_over():
            private = game.private_text(private_seat, names)
            if private_seat in game.to_act():  # the turn came back to them: what happened meanwhile
                private = "\n".join(x for x in (await self.since_last_turn(loaded, private_seat), private) if x)
            reply.private = "\n".join(x for x in (private, reply.private) if x)
        return reply

    async def _public_turn(self, loaded: Loaded, headline: str) -> Reply:
        """The public board message, in the language of the context."""
        game, names = loaded.game, loaded.names()
        lines = [headline] if headline else []
        mentions: list[int] = []
        buttons: list[Button] = []
        table, version = loaded.row.id, loaded.version
        if game.is_over() or loaded.row.status == "finished":
            lines.append(self.standings(loaded))
        else:
            lines.append(game.status(names))
            calls = []
            for seat in game.to_act():
                row = loaded.by_seat(seat)
                if row.user_id is not None and not row.resigned:
                    mentions.append(row.user_id)
                    calls.append(marks.person(row.user_id))
            if calls:
                lines.append(tr("Your move: {players}").format(players=" ".join(calls)))
            for extension in self.service.extensions:  # e.g. the deadline, and who is on vacation
                try:
                    extra = await extension.turn_note(loaded)
                except Exception:
                    failures.report(log, "turn note of %s failed", type(extension).__name__)
                    extra = ""
                if extra:
                    lines.append(extra)
            buttons = turn_buttons(game, table, version, names, self.service.computer_seats(loaded))
        image = await self.board_image(loaded)
        reply = Reply(text="\n".join(lines), image=image, mentions=mentions,
                      buttons=buttons, table_id=table, version=version,
                      image_alt=self.board_alt(loaded) if image else "")
        if game.is_over() or loaded.row.status == "finished":
            fresh = bool(headline)
            await self.touch("final_reply", reply, lambda e: e.final_reply(loaded, reply, fresh))
            if not (reply.mentions or reply.roles):  # the final standings: a card, unless the post pings someone
                reply.card = Card()
        return reply

    async def since_last_turn(self, loaded: Loaded, seat: int) -> str:
        """What happened at the table since `seat` last moved, one line a turn of another seat, with
        what that seat gained or lost privately (bot/core/since.py); "" when nobody else moved."""
        game = loaded.game
        if game is None or loaded.row.status != "active":
            return ""
        try:
            entries = await self.service.logbook.log_of(loaded)
            start, turns = since.runs(entries, seat)
            if not turns:
                return ""
            if since.private_changes_matter(game):
                moves = [(m.seat, m.move) for m in await self.service.standing_moves(loaded)]
                states = await asyncio.to_thread(
                    since.states_at, registry.get(loaded.row.game), game.players, loaded.row.options, loaded.row.seed,
                    loaded.row.state or game.dump(), moves, start, turns)
                since.add_changes(turns, seat, states)
            return since.fold(turns, loaded.names())
        except Exception:  # a courtesy: the answer goes without it
            failures.report(log, "the notice of table %s failed", loaded.row.id)
            return ""

    def standings(self, loaded: Loaded) -> str:
        resigned = {s.seat for s in loaded.seats if s.resigned}
        return standings_text(loaded.game, loaded.names(), resigned)

    def board_alt(self, loaded: Loaded) -> str:
        """The public board's alt text: its status and whom it waits for, or how it ended. Only what
        the board message says already: never a seat's hidden cards."""
        game, names = loaded.game, loaded.names()
        title = registry.get(loaded.row.game).title
        if game.is_over() or loaded.row.status in ("finished", "cancelled"):
            standings = self.standings(loaded)
            if not game.is_over():
                standings = tr("{ended}. {standings}").format(ended=ended_line(loaded), standings=standings)
            return alt_text.final(title, standings)
        acting = [names[seat] for seat in game.to_act() if seat < len(names)]
        return alt_text.board(title, game.status(names), acting)

    async def board_image(self, loaded: Loaded, seat: int | None = None) -> bytes | None:
        """The board as `seat` sees it (None: the public board), drawn off the event loop; None when
        pictures are off."""
        if not self.service.draw_images or loaded.game is None:
            return None
        view = loaded.game.view(seat)
        if loaded.row.status in ("finished", "cancelled") and not loaded.game.is_over():
            view = {**view, "to_act": [], "ended": ended_line(loaded)}  # nobody is to play any more
        return await draw_off_loop(render.draw, loaded.row.game, view, loaded.names(), route=loaded.row.id)

    async def menus(self, caller: Caller, loaded: Loaded) -> Reply:
        loaded = await self.service.active_table(caller)
        mine = self.service.caller_seat(loaded, caller)
        groups = loaded.game.move_groups(mine.seat)
        if not groups:
            return Reply.error(tr("You have no move to make right now."))
        table, version = loaded.row.id, loaded.version
        menus = [Menu(custom_id("s", table, version, str(index)), label, [(m, m) for m in moves])
                 for index, (label, moves) in enumerate(groups)]
        return Reply(private=tr("Choose your move."), menus=menus, table_id=table, version=version,
                     card=Card(private=True))

    async def cmd_moves(self, caller: Caller, filter: str = "", page: str = "") -> Reply:
        over = await self._over_here(caller)
        if over is not None:
            return over
        loaded = await self.service.active_table(caller)
        mine = self.service.caller_seat(loaded, caller)
        moves = loaded.game.legal_moves(mine.seat)
        typed = Game.normalize(filter)
        if typed:
            moves = [m for m in moves if typed in m]
        if not moves:
            waiting = ", ".join(loaded.names()[s] for s in loaded.game.to_act())
            if typed:
                return Reply(private=tr("You have no legal move right now matching that. The table waits for {waiting}.")
                             .format(waiting=waiting))
            return Reply(private=tr("You have no legal move right now. The table waits for {waiting}.")
                         .format(waiting=waiting))
        text, shown, count = moves_page(moves, int(page) if is_number(page.strip()) else 1, typed)
        buttons = []
        for label, target in ((tr("Earlier moves"), shown - 1), (tr("More moves"), shown + 1)):
            if 1 <= target <= count:
                buttons.append(Button(label, custom_id("mv", loaded.row.id, loaded.version, f"{target}:{typed}")))
        return Reply(private=text, buttons=buttons, table_id=loaded.row.id, version=loaded.version)

    async def _over_here(self, caller: Caller) -> Reply | None:
        """After the game in this channel ended: its final standings, for /hand and /moves."""
        if await self.service.store.open_table(caller.channel_id) is not None:
            return None
        latest = await self.service.latest_here(caller.channel_id)
        if latest is None or latest.row.status != "finished" or latest.game is None:
            return None
        return Reply(private=self.standings(latest) + "\n" + tr("/board shows the final board and /history the moves."))

    async def cmd_board(self, caller: Caller) -> Reply:
        loaded = await self.service.latest_here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(tr("There is no table in this channel. Open one with /open."))
        if loaded.row.status == "lobby":
            with lang.using(await self.service.public_language(loaded.row.guild_id)):
                return self.service.lobby_reply(loaded, tr("The table is waiting for players."))
        return await self.turn_reply(loaded, "")

    async def cmd_hand(self, caller: Caller) -> Reply:
        over = await self._over_here(caller)
        if over is not None:
            return over
        loaded = await self.service.active_table(caller)
        mine = seen_seat(loaded, caller.user_id)
        if mine is None:
            left = loaded.seat_of(caller.user_id)
            if left is not None and left.resigned:  # the computer plays on with the seat's cards
                raise IllegalMove(tr("You left this game, so its seat's hidden cards are no longer yours to see: "
                                     "/board shows the table as everyone sees it."))
            raise IllegalMove(tr("You are not seated at this table."))
        text = loaded.game.private_text(mine.seat, loaded.names())
        if not text:
            text = tr("Nothing is hidden in this game: the board shows everything. /moves lists your moves.")
        if mine.seat in loaded.game.to_act():
            text = "\n".join(x for x in (await self.since_last_turn(loaded, mine.seat), text) if x)
        image = None
        if self.service.draw_images:  # a game may draw the hand too (render.draw_hand)
            view = loaded.game.view(mine.seat)
            image = await draw_off_loop(render.draw_hand, loaded.row.game, view, loaded.names(), route=loaded.row.id)
        alt = tr(alt_text.HAND).format(game=registry.get(loaded.row.game).title) if image else ""
        reply = Reply(private=text, image=image, image_private=True, image_alt=alt)
        return await self.touch("hand_reply", reply, lambda e: e.hand_reply(loaded, reply, mine.seat))

    async def cmd_rules(self, caller: Caller, game: str = "") -> Reply:
        key = game.strip().lower()
        notes = []
        for extension in self.service.extensions:  # a topic that is not a game: /rules game:event
            topic = await extension.rules_topic(key) if key else ""
            if topic:
                return Reply(private=topic)
        if not key:
            loaded = await self.service.here(caller.channel_id)
            if loaded is None:
                games = ", ".join(registry.available())
                raise IllegalMove(tr("Which game? /rules game:<name>. Games: {games}.").format(games=games))
            key = loaded.row.game
            for extension in self.service.extensions:  # e.g. the daily challenge's own rules, at a daily table
                notes.append(await extension.rules_note(loaded))
        try:
            cls = registry.get(registry.find(key))
        except KeyError as missing:
            raise IllegalMove(missing.args[0]) from None
        return Reply(private="\n\n".join([*filter(None, notes), cls.rules_help()]))

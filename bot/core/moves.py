"""The move path: a person's move checked, played, written with its new state in one transaction
and told, then the computer seats played until people must act. Buttons, menus, the board page
and the console all reach `MovePath.move` (the service's `move`)."""

from __future__ import annotations

import hashlib
import json
import logging
import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import lang
from bot.core import calls, marks, recap
from bot.core.extension import AutoMove
from bot.core.hub import MOVED_ON
from bot.core.replies import Caller, Reply
from bot.core.tables import Loaded
from db.store import SeatRow, StaleVersion
from games import registry
from games.base import TYPED_MOVE_LIMIT, Game, IllegalMove, Outcome, fill_names, rank_by
from lang import N_, ngettext, tr

if TYPE_CHECKING:
    from bot.core.hub import Hub

log = logging.getLogger(__name__)

AI_MOVES_PER_CALL = 5000  # a safety stop: no game needs this many computer moves in a row
COMPUTER_RETRIES = 3  # times the computers play on after another process wrote their table first
NO_GAME = N_("There is no game in this channel. Open a table with /open.")
QUOTED = 40  # a refusal quotes at most this much of what was typed
REFUSAL_CHARS = 600  # a game's reason is a sentence or two; a longer one quotes too much of the typing
OUR_FAULT = N_("Something went wrong on our side with `{typed}`, so nothing was played and the table is as it was. "
               "It has been logged for us; /moves lists what you can play.")
OWED = N_("Moves the table plays for its players (computers, a lone move) had not been played yet (the bot was "
          "interrupted); they are now:")
NOT_PLAYED = N_("Your move `{typed}` was not played: the board changed first. Look at it, then send your move again.")
GONE_HERE = N_("This button belongs to a table that no longer exists here.")
ENDED = N_("This table is {status}; its buttons do nothing now.")
# a table's status as the refusal of a button names it
STATUS_WORDS = {"finished": N_("finished"), "cancelled": N_("cancelled")}


def ended(status: str) -> str:
    """ENDED for a table's status, in the language of the call."""
    return tr(ENDED).format(status=tr(STATUS_WORDS[status]) if status in STATUS_WORDS else status)


def position_rng(seed: int, game: Game, seat: int) -> random.Random:
    """The computer's generator for `seat` at this position: the table's seed and what that seat
    may see (its view), never the others' hidden cards nor the dice to come. So taking a move back
    and making it again meets the same answer, and a card the seat cannot see changes nothing."""
    seen = json.dumps(game.view(seat), sort_keys=True, separators=(",", ":"))
    return random.Random(hashlib.sha256(f"{seed}:{seat}:{seen}".encode()).hexdigest())


def quoted(typed: str) -> str:
    """What a refusal may quote of a player's text: a short prefix."""
    return typed if len(typed) <= QUOTED else typed[: QUOTED - 1] + "…"


def refusal(reason: str, typed: str) -> str:
    """A game's reason, with the typed text in it shortened (a pasted page must not come back four times)."""
    if len(typed) > QUOTED:
        reason = reason.replace(typed, quoted(typed))
    if len(reason) > REFUSAL_CHARS:
        reason = reason[: REFUSAL_CHARS - 2] + " …"
    return reason


def final_ranks(outcome: Outcome | None, players: int, resigned: set[int]) -> list[int]:
    """The game's ranks with resigned seats moved below everyone who played on."""
    base = outcome.ranks if outcome else [1] * players
    return rank_by([(seat not in resigned, -base[seat]) for seat in range(players)])


class MovePath:
    def __init__(self, service: Hub):
        self.service = service

    async def active_table(self, caller: Caller) -> Loaded:
        """The caller's channel's table with its game under way, or IllegalMove saying why not."""
        loaded = await self.service.here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(await self.service.nothing_open(caller.channel_id, tr(NO_GAME)))
        self.check_active(loaded)
        return loaded

    @staticmethod
    def check_active(loaded: Loaded) -> None:
        if loaded.row.status != "active" or loaded.game is None:
            raise IllegalMove(tr("The game at this table has not started yet: the host starts it with /start."))

    def caller_seat(self, loaded: Loaded, caller: Caller) -> SeatRow:
        """The caller's seat, if they are seated and still playing; else IllegalMove."""
        mine = loaded.seat_of(caller.user_id)
        if mine is None or mine.seat is None:
            raise IllegalMove(tr("You are not seated at this table, so you cannot move here."))
        if mine.resigned:
            raise IllegalMove(tr("You resigned from this game; the computer plays your seat now."))
        return mine

    async def cmd_move(self, caller: Caller, move: str) -> Reply:
        return await self.play(caller, move, expected=None)

    async def move(self, caller: Caller, text: str, expected_version: int | None = None, *,
                   table_id: int | None = None, played_for: bool = False) -> Reply:
        """A person's move, however it came (typed, a button, a menu, the board page): played on the
        caller's channel's table if it is still at `expected_version` (None: as it is now) and, with
        `table_id`, still that table. Never raises for bad input: it answers privately.
        `played_for`: the table sends it for the person (their plan), and the log says so.
        Answered in the caller's language; the post in the server's."""
        with lang.using(await self.service.language_of(caller)):
            return await self.service.answer(
                self._table_move(caller, marks.clean(text), expected_version, table_id, played_for))

    async def _table_move(self, caller: Caller, text: str, expected: int | None, table_id: int | None,
                          played_for: bool = False) -> Reply:
        if table_id is not None:
            loaded = await self.service.table(table_id)
            if loaded is None or loaded.row.channel_id != caller.channel_id:
                return Reply.error(tr(GONE_HERE))
            if loaded.row.status not in ("lobby", "active"):
                return Reply.error(ended(loaded.row.status))
        try:
            return await self.play(caller, text, expected, played_for=played_for)
        except IllegalMove as why:
            return Reply.error(str(why))

    async def play(self, caller: Caller, text: str, expected: int | None, *, played_for: bool = False) -> Reply:
        move = Game.normalize(text)
        if not move:
            raise IllegalMove(tr("Type a move; /moves lists yours."))
        if len(move) > TYPED_MOVE_LIMIT:
            raise IllegalMove(tr("That move is {length} characters long, and a move is at most {limit} "
                                 "(it starts `{start}`). /moves lists yours.")
                              .format(length=len(move), limit=TYPED_MOVE_LIMIT, start=quoted(move)))
        loaded = await self.service.here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(await self.service.nothing_open(caller.channel_id, tr(NO_GAME)))
        public = await self.service.public_language(loaded.row.guild_id)  # the words of the post
        for extension in self.service.extensions:  # e.g. a daily attempt whose day is over takes no more moves
            await extension.check_move(loaded)
        seen = loaded.version
        async with self.service.table_lock(loaded.row.id):
            if self.service.cached(loaded.row.id) is loaded and loaded.version == seen:
                # nothing of this process wrote the table since it was read (every write of the
                # service moves the cached copy on or drops it): no second read of the row
                self.check_active(loaded)
            else:
                loaded = await self.active_table(caller)
            if expected is not None and expected != loaded.version:
                # said by buttons, menus and the board page alike: no adapter's words
                return Reply.error(tr("That was offered for an earlier turn, and the table has moved on. "
                                      "Look at the table as it is now and choose again."))
            mine = self.caller_seat(loaded, caller)
            with lang.using(public):
                owed = await self._play_owed(loaded)
                headline = "\n".join([tr(OWED), *owed])
            if owed:  # the board moved on before this move: the person sees it before choosing
                reply = await self.service.turn_reply(loaded, headline, private_seat=mine.seat)
                reply.private = "\n".join(x for x in (tr(NOT_PLAYED).format(typed=quoted(move)), reply.private) if x)
                return reply
            game, names = loaded.game, loaded.names()
            if mine.seat not in game.to_act() and not game.legal_moves(mine.seat):
                waiting = ", ".join(names[s] for s in game.to_act())
                raise IllegalMove(tr("It is not your turn: the table waits for {waiting}.").format(waiting=waiting))
            before, mark = game.dump(), game.turn_mark()
            try:
                canonical = game.canonical(mine.seat, move)  # the log keeps this, never the text as typed
                game.play(mine.seat, move)
            except IllegalMove as why:  # play promises a refused move changed nothing: no reload
                raise IllegalMove(refusal(fill_names(str(why), names), move)) from None
            except Exception:
                log.exception("move %r at table %s raised", move[:200], loaded.row.id)
                self.restore(loaded, before)
                raise IllegalMove(tr(OUR_FAULT).format(typed=quoted(move))) from None
            try:
                with lang.using(public):  # the move as the table's post tells it
                    lines = [game.describe_move(mine.seat, canonical, names)]
            except Exception:  # played but not told: the move must not stand half-done
                log.exception("move %r at table %s raised", move[:200], loaded.row.id)
                self.restore(loaded, before)
                raise IllegalMove(tr(OUR_FAULT).format(typed=quoted(move))) from None
            try:
                await self.record(loaded, mine.seat, caller.user_id, canonical, played_for=played_for)
            except BaseException:  # refused, failed or cancelled: the store did not take it, so neither does memory
                self.restore(loaded, before)
                raise
            with lang.using(public):
                if mark is not None and (game.is_over() or game.turn_mark() != mark):  # a turn ended
                    lines += await self._recap(loaded, mark)
                lines += await self.play_computers(loaded)
            if loaded.row.status == "active":
                self.service.keep(loaded)  # as the store holds it now: not read again
            else:
                loaded = await self.service.table(loaded.row.id)
        reply = await self.service.turn_reply(loaded, "\n".join(lines), private_seat=mine.seat)
        return await self.service.composer.touch("move_reply", reply, lambda e: e.move_reply(loaded, reply, mine.seat))

    async def _recap(self, loaded: Loaded, mark: Hashable) -> list[str]:
        """The line that retells the turn a move just ended, when it took several messages."""
        try:
            line = recap.recap_line(recap.earlier_steps(await self.service.log_of(loaded), mark))
        except Exception:  # a recap is a courtesy: the move stands and is told without it
            log.exception("recap of table %s failed", loaded.row.id)
            return []
        return [line] if line else []

    def restore(self, loaded: Loaded, before: dict[str, Any]) -> None:
        """Put a table's game back as it was before a move that did not land, and forget the cached
        copy, so that the next call reads the table from the store, which never took the move."""
        loaded.game = registry.get(loaded.row.game).load(before)
        self.service.forget(loaded.row.id)

    async def record(self, loaded: Loaded, seat: int, user_id: int | None, move: str, *,
                     played_for: bool = False) -> None:
        """Write a move just played on `loaded`'s game; `played_for`: the table made it for the
        seat's person (a forced move, a standing answer, a plan), which a take-back tells apart."""
        game = loaded.game
        results = self.results(loaded) if game.is_over() else None
        try:
            version = await self.service.store.record_move(
                loaded.row.id, loaded.version, seat=seat, user_id=user_id, move=move,
                state=game.dump(), now=self.service.clock(), results=results, played_for=played_for,
            )
        except StaleVersion:
            self.service.forget(loaded.row.id)
            raise IllegalMove(tr(MOVED_ON)) from None
        calls.wrote(loaded.row.id, loaded.version, version)
        self.service.mark_changed(loaded.row.id)
        loaded.row.version = version
        loaded.row.updated_at = self.service.clock().isoformat(timespec="seconds")
        loaded.row.state = None  # the live game object is the state now
        if results is not None:
            loaded.row.status = "finished"

    def results(self, loaded: Loaded, ended_by_resign: bool = False) -> list[tuple]:
        game = loaded.game
        outcome = None if ended_by_resign else game.outcome()
        resigned = {s.seat for s in loaded.seats if s.resigned}
        ranks = final_ranks(outcome, game.players, resigned)
        scores = outcome.scores if outcome else [0.0] * game.players
        return [
            (seat, loaded.by_seat(seat).user_id, loaded.by_seat(seat).is_ai, ranks[seat], float(scores[seat]))
            for seat in range(game.players)
        ]

    def computer_seats(self, loaded: Loaded) -> set[int]:
        """The seats the computer plays: computer players and resigned people."""
        return {s.seat for s in loaded.seats if s.seat is not None and (s.is_ai or s.resigned)}

    async def play_computers(self, loaded: Loaded) -> list[str]:
        """Play every computer (or resigned) seat that must act, until people must act."""
        lines: list[str] = []
        game, names = loaded.game, loaded.names()
        moved_on = 0
        for _ in range(AI_MOVES_PER_CALL):
            seat = self.computer_to_move(loaded)
            made = await self.auto_move(loaded) if seat is None else None  # a person's forced move, or answer
            if made is not None:
                seat = made.seat
            if seat is None:
                break
            before = game.dump()
            try:
                move = made.move if made else await self.computer_move(
                    loaded, seat, position_rng(loaded.row.seed, game, seat))
                game.play(seat, move)
                line = game.describe_move(seat, move, names)
                lines.append(f"{line} {made.note}" if made and made.note else line)
            except Exception:  # a fault of the computer player must not take the table down with it
                log.exception("computer player of table %s failed at seat %s", loaded.row.id, seat)
                self.restore(loaded, before)
                break
            try:
                await self.record(loaded, seat, made.user_id if made else None, move, played_for=made is not None)
            except IllegalMove:
                # another process wrote the table first: what was saved stands; the computers play
                # on from the table as it is now, or leave it to the writer, who plays them too
                lines.pop()
                self.restore(loaded, before)
                moved_on += 1
                if moved_on > COMPUTER_RETRIES or not await self._reread(loaded):
                    break
                game, names = loaded.game, loaded.names()
            except BaseException:
                self.restore(loaded, before)
                raise
        if len(lines) > 12:
            hidden = len(lines) - 6
            lines = [*lines[:3], ngettext("... {count} more computer move ...", "... {count} more computer moves ...",
                                          hidden).format(count=hidden), *lines[-3:]]
        return lines

    async def auto_move(self, loaded: Loaded) -> AutoMove | None:
        """A move an extension makes now for a person who must act (bot/features/auto.py), if any."""
        if loaded.game is None or loaded.game.is_over() or loaded.row.status != "active":
            return None
        for extension in self.service.extensions:
            made = await extension.auto_move(loaded)
            if made is not None:
                return made
        return None

    def computer_to_move(self, loaded: Loaded) -> int | None:
        """The computer (or resigned) seat that must move now, if any."""
        game = loaded.game
        if game is None or game.is_over() or loaded.row.status != "active":
            return None
        computers = self.computer_seats(loaded)
        # the answers owed to an offer first: a person's offer must not wait on a computer, and
        # a computer's offer is answered by the other computers before it goes on
        waiting = ([s for s in game.awaited_answers() if s in computers]
                   or [s for s in game.to_act() if s in computers])
        return waiting[0] if waiting else None

    async def _play_owed(self, loaded: Loaded) -> list[str]:
        """The computer seats' moves an earlier call saved no more of (the process died, or the database
        went, after a person's move): played now, under the table's lock. Their lines, or []."""
        if self.computer_to_move(loaded) is None and await self.auto_move(loaded) is None:
            return []
        lines = await self.play_computers(loaded)
        if lines:
            if loaded.row.status == "active":
                self.service.keep(loaded)
            else:
                fresh = await self.service.table(loaded.row.id)
                if fresh is not None:
                    loaded.row, loaded.seats, loaded.game = fresh.row, fresh.seats, fresh.game
        return lines

    async def play_owed(self, table_id: int) -> list[str]:
        """`_play_owed` for a table by its id (the outbox, composing a post nobody answered); the
        lines in the server's language, as the post that tells them."""
        async with self.service.table_lock(table_id):
            loaded = await self.service.table(table_id)
            if loaded is None:
                return []
            with lang.using(await self.service.public_language(loaded.row.guild_id)):
                return await self._play_owed(loaded)

    async def _reread(self, loaded: Loaded) -> bool:
        """Bring `loaded` up to the table as saved now (another process wrote it); False when the
        table is gone or no longer under way."""
        fresh = await self.service.table(loaded.row.id)
        if fresh is None:
            return False
        loaded.row, loaded.seats, loaded.game = fresh.row, fresh.seats, fresh.game
        return fresh.game is not None and fresh.row.status == "active"

    async def computer_move(self, loaded: Loaded, seat: int, rng: random.Random) -> str:
        """A computer seat's move: an extension's player (a chosen strength), else the game's own."""
        for extension in self.service.extensions:
            move = await extension.computer_move(loaded, seat, rng)
            if move is not None:
                return move
        return loaded.game.ai_move(seat, rng)

    async def ai_suggestion(self, caller: Caller) -> str:
        """The move the game's computer player would make for the caller's seat (demo, hints)."""
        loaded = await self.active_table(caller)
        mine = self.caller_seat(loaded, caller)
        return loaded.game.ai_move(mine.seat, position_rng(loaded.row.seed, loaded.game, mine.seat))

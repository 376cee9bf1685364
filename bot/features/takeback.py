"""Take-back by consent: `/takeback`, or the button on the mover's private answer.

A player may ask to take back their last own move while no person has moved since and the game
says the move revealed nothing (`Game.can_take_back`: no die, no draw, no hidden information).
The moves the table played after it go back with it, once each of them is as harmless: the
computer seats', and those it played for a person (a forced move, a standing answer, a plan:
marked so in the log, `MoveRow.played_for`). Such a move is never the one asked for: the request
names the person's own move, and the button under a move keeps aiming at that move while only
the table plays after it. Every other person at the table gets Agree / Refuse; computer seats
agree. While a request is open the table plays nothing for anyone (bot/features/auto.py and
plans.py hold their moves). When all agree, the table is rebuilt from its seed and the moves
that stand, the taken-back moves stay in the log marked as such, and the board is posted again.
One refusal leaves the table as it was and lets it play what it held; any later move (a
deadline's move too) or a finished table ends the request. Alone at a table, a player needs
nobody's consent, but the result remembers the take-back, as it remembers a hint.

Requests are kept in the database (db/takeback.py), so a restart forgets no agreement.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

import lang
from bot.core import marks, replay
from bot.core.commands import Command
from bot.core.extension import Extension
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.service import TableService
from bot.core.tables import Loaded
from db.store import MoveRow
from db.takeback import Request, TakeBackStore
from games import registry
from games.base import Game, IllegalMove
from lang import N_, ngettext, tr

KEPT_ASKS = 256
COMMANDS = (Command("takeback", N_("Ask to take back your last move (the other players agree or refuse)")),)
AFTER_REVEALED = N_("The move played after yours (`{move}`) revealed something new (a die, a draw or hidden "
                    "information), so your move cannot be taken back.")
# what a request names: the person's own move, and how many moves the table played after it
ASKS = {0: N_("**{name}** asks to take back `{move}`."),
        1: N_("**{name}** asks to take back `{move}` and the move played after it."),
        2: N_("**{name}** asks to take back `{move}` and the {count} moves played after it.")}
TOOK = {0: N_("**{name}** took back `{move}`."),
        1: N_("**{name}** took back `{move}` and the move played after it."),
        2: N_("**{name}** took back `{move}` and the {count} moves played after it.")}
AGREED = {0: N_("Everyone agreed: **{name}** took back `{move}`."),
          1: N_("Everyone agreed: **{name}** took back `{move}` and the move played after it."),
          2: N_("Everyone agreed: **{name}** took back `{move}` and the {count} moves played after it.")}
MOVED_ON = N_("The table has moved on since that move, so it stands.")
GONE = N_("That move has already been taken back.")


def told(sentences: dict[int, str], name: str, move: str, numbers: list[int]) -> str:
    """One of a request's sentences for the move `numbers[0]` and the moves played after it."""
    after = len(numbers) - 1
    return tr(sentences[min(after, 2)]).format(name=name, move=move, count=after)


def rebuild(cls: type[Game], players: int, options: dict, seed: int, moves: list[MoveRow],
            stored: dict | None, keep_from: int | None = None) -> list[Game]:
    """The states along the log from move `keep_from` on: [before it, after it, ..., after the last];
    without `keep_from`, just [the state after the last move]. `stored`: the table's state, whose
    kind of draws the deal takes (`Game.replay_deal`)."""
    game = cls.replay_deal(players, options, seed, stored)
    start = len(moves) if keep_from is None else keep_from
    states = [cls.load(game.dump())] if start == 0 else []
    for step in replay.steps(game, [(m.seat, m.move) for m in moves]):
        if step.index + 1 >= start:  # replay goes on with one game: keep a copy of each state
            states.append(cls.load(game.dump()))
    return states


def by_table(move: MoveRow, computers: set[int]) -> bool:
    """Whether the table played `move` (a computer seat's, or one played for a person) rather than
    a person choosing it then: such a move goes back with the person's move before it, never alone."""
    return move.played_for or (move.user_id is None and move.seat in computers)


def undo_plan(cls: type[Game], players: int, options: dict, seed: int, moves: list[MoveRow],
              user_id: int, computers: set[int], current: dict) -> tuple[list[int], Game]:
    """(log numbers to take back, the state before them) for `user_id`'s last own move and every
    move the table played after it, or IllegalMove why not."""
    if cls.can_take_back is Game.can_take_back:
        raise IllegalMove(tr("This game does not say which of its moves reveal nothing, so no move can be taken "
                             "back."))
    index = len(moves) - 1
    while index >= 0 and by_table(moves[index], computers):
        index -= 1
    if index < 0 or moves[index].user_id != user_id:
        if any(m.user_id == user_id and not m.played_for for m in moves[: index + 1]):
            raise IllegalMove(tr("Another player has moved since your last move, so it stands."))
        raise IllegalMove(tr("You have no move to take back."))
    states = rebuild(cls, players, options, seed, moves, current, keep_from=index)  # states[0] is before move `index`
    if states[-1].dump() != current:
        raise IllegalMove(tr("This table cannot be rebuilt from its log, so nothing can be taken back."))
    for k in range(index, len(moves)):
        if not states[k + 1 - index].can_take_back(states[k - index], moves[k].seat, moves[k].move):
            if k == index:
                raise IllegalMove(tr("Your move revealed something new (a die, a draw or hidden information), "
                                     "so it cannot be taken back."))
            raise IllegalMove(tr(AFTER_REVEALED).format(move=moves[k].move))
    return [m.n for m in moves[index:]], states[0]


class TakeBack(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService):
        self.service = service
        self.requests = TakeBackStore(service.store)
        # (table, version, user): the log number of the move /takeback would aim at then, or None
        self._asks: OrderedDict[tuple[int, int, int], int | None] = OrderedDict()

    # -- asking ------------------------------------------------------------------------
    async def cmd_takeback(self, caller: Caller) -> Reply:
        return await self._ask(caller)

    async def _ask(self, caller: Caller, aimed: int | None = None) -> Reply:
        """Ask to take back the caller's last own move (with `aimed`, only if it is still that
        move of the log), and the moves the table played after it."""
        service = self.service
        loaded = await service.active_table(caller)
        async with service.table_lock(loaded.row.id):
            loaded = await service.active_table(caller)
            mine = service.caller_seat(loaded, caller)
            if aimed is not None:
                logged = {m.n: m for m in await service.store.moves(loaded.row.id, taken_back=True)}
                if aimed in logged and logged[aimed].taken_back:
                    raise IllegalMove(tr(GONE))
            plan = await self._plan(loaded, caller.user_id)
            numbers, _ = plan
            if aimed is not None and numbers[0] != aimed:  # the caller moved again since: a later button aims
                raise IllegalMove(tr(MOVED_ON))
            moves = {m.n: m for m in await service.store.moves(loaded.row.id)}
            move = moves[numbers[0]].move
            others = [s for s in loaded.seats if s.user_id not in (None, caller.user_id) and not s.resigned]
            if not others:
                public = await service.public_language(loaded.row.guild_id)
                with lang.using(public):  # the table's post
                    headline = told(TOOK, caller.name, move, numbers)
                if loaded.game.players == 1:  # a solo result counts its take-backs, as it counts hints
                    taken = len(numbers) + sum(1 for m in await service.store.moves(loaded.row.id, taken_back=True)
                                               if m.taken_back)
                    with lang.using(public):
                        headline += " " + ngettext("The result of this game is now marked: {count} move taken back.",
                                                   "The result of this game is now marked: {count} moves taken back.",
                                                   taken).format(count=taken)
                return await self._apply(loaded, plan, headline)
            request = Request(mine.seat, caller.name, loaded.version, numbers, move, {s.user_id for s in others})
            await self.requests.put(loaded.row.id, request)
        ids = [custom_id("tb", loaded.row.id, loaded.version, answer) for answer in ("yes", "no")]
        with lang.using(await service.public_language(loaded.row.guild_id)):  # the table's post and its buttons
            computers = " " + tr("Computer players agree.") if any(s.is_ai for s in loaded.seats) else ""
            text = (told(ASKS, caller.name, move, numbers) + computers + "\n"
                    + tr("{people}: agree or refuse. Any move ends the request.").format(
                        people=" ".join(marks.person(s.user_id) for s in others)))
            buttons = [Button(tr("Agree"), ids[0], "success"), Button(tr("Refuse"), ids[1], "danger")]
        return Reply(text=text, mentions=[s.user_id for s in others], table_id=loaded.row.id, version=loaded.version,
                     buttons=buttons)

    async def press_takeback(self, caller: Caller, table_id: int, version, payload, values) -> Reply:
        """The Take back button on the mover's private answer. Its payload is the log number of the
        mover's move, so the moves the table plays after the answer (a plan's, a lone move's) do not
        turn it away; a button without one (made before) holds only at its version."""
        loaded = await self.service.table(table_id)
        if loaded is None or loaded.row.channel_id != caller.channel_id:
            return Reply.error(tr("This button belongs to a table that no longer exists here."))
        if loaded.row.status != "active":
            return Reply.error(tr(MOVED_ON))
        if payload.isdigit():
            return await self._ask(caller, int(payload))
        if version != loaded.version:
            return Reply.error(tr(MOVED_ON))
        return await self._ask(caller)

    async def _plan(self, loaded: Loaded, user_id: int) -> tuple[list[int], Game]:
        row = loaded.row
        moves = await self.service.standing_moves(loaded)
        computers = self.service.computer_seats(loaded)
        cls = registry.get(row.game)
        return await asyncio.to_thread(undo_plan, cls, loaded.game.players, row.options, row.seed, moves,
                                       user_id, computers, loaded.game.dump())

    # -- the board page ----------------------------------------------------------------
    async def page_offer(self, loaded: Loaded, user_id: int) -> dict[str, Any]:
        """What a board page offers `user_id` about take-backs, as Discord does: `ask` when
        /takeback would ask for their last move now; `answer` the move of a request waiting for
        their Agree or Refuse (`by` who asked); `asked` the move of their own open request."""
        none: dict[str, Any] = {"ask": False, "answer": "", "by": "", "asked": ""}
        if loaded.game is None or loaded.row.status != "active":
            return none
        request = await self.requests.get(loaded.row.id)
        if request is not None and request.version == loaded.version:
            mine = loaded.seat_of(user_id)
            if user_id in request.waiting:
                return {**none, "answer": request.move, "by": request.name}
            if mine is not None and mine.seat == request.seat:
                return {**none, "asked": request.move}
        return {**none, "ask": await self._aim(loaded, user_id) is not None}

    async def _aim(self, loaded: Loaded, user_id: int) -> int | None:
        """The log number of the move /takeback would ask to take back for `user_id` now, or None.
        The plan replays the log, so its answer is kept for the version: the move's answer and the
        mover's page ask it once."""
        key = (loaded.row.id, loaded.version, user_id)
        if key not in self._asks:
            try:
                self._asks[key] = (await self._plan(loaded, user_id))[0][0]
            except IllegalMove:
                self._asks[key] = None
            while len(self._asks) > KEPT_ASKS:
                self._asks.popitem(last=False)
        return self._asks[key]

    async def answer_from_page(self, caller: Caller, table_id: int, agree: bool) -> Reply:
        """Agree or Refuse, from a board page, to the request open at the table."""
        request = await self.requests.get(table_id)
        if request is None:
            return Reply.error(tr("This take-back request has ended."))
        return await self.press_tb(caller, table_id, request.version, "yes" if agree else "no", ())

    # -- answering ---------------------------------------------------------------------
    async def press_tb(self, caller: Caller, table_id: int, version, payload, values) -> Reply:
        service = self.service
        async with service.table_lock(table_id):
            request = await self.requests.get(table_id)
            loaded = await service.table(table_id)
            if request is None or loaded is None or request.version != version:
                return Reply.error(tr("This take-back request has ended."))
            if loaded.version != request.version or loaded.row.status != "active":
                await self.requests.drop(table_id)
                return Reply.error(tr("The table moved on, so the take-back request ended and the move stands."))
            if caller.user_id not in request.waiting:
                mine = loaded.seat_of(caller.user_id)
                if mine is not None and mine.seat == request.seat:
                    return Reply.error(tr("You asked for it: the other players answer."))
                if mine is not None and not mine.is_ai and not mine.resigned:
                    return Reply.error(tr("You have already agreed."))
                return Reply.error(tr("Only the other players at this table answer this request."))
            if payload == "no":
                await self.requests.drop(table_id)
            else:
                request.waiting.discard(caller.user_id)
                await self.requests.agreed(table_id, request.version, caller.user_id)
                if request.waiting:
                    names = ", ".join(s.name for s in loaded.seats if s.user_id in request.waiting)
                    with lang.using(await service.public_language(loaded.row.guild_id)):
                        text = tr("**{name}** agrees to take back `{move}`. Waiting for {waiting}.").format(
                            name=caller.name, move=request.move, waiting=names)
                    return Reply(text=text, table_id=table_id)
                moves = await service.store.moves(table_id)
                cls = registry.get(loaded.row.game)
                standing = [m for m in moves if m.n not in request.numbers]
                states = await asyncio.to_thread(rebuild, cls, loaded.game.players, loaded.row.options,
                                                 loaded.row.seed, standing, loaded.row.state)
                with lang.using(await service.public_language(loaded.row.guild_id)):
                    headline = told(AGREED, request.name, request.move, request.numbers)
                reply = await self._apply(loaded, (request.numbers, states[-1]), headline)
                await self.requests.drop(table_id)  # after the write: a crash before it leaves a dead row, not a lost yes
                return reply
        return await self._refused(caller, table_id, request)

    async def _refused(self, caller: Caller, table_id: int, request: Request) -> Reply:
        """The request is over and the table as it was: what it held while the request was open (a
        lone move, a standing answer, a computer's move; a plan) is played now, as it would have been."""
        service = self.service
        lines = await service.play_owed(table_id)
        if not lines:  # nothing written: the plans that waited hear all the same that the table may move on
            service.mark_changed(table_id)
        loaded = await service.table(table_id)
        guild_id = loaded.row.guild_id if loaded is not None else caller.guild_id
        with lang.using(await service.public_language(guild_id)):  # the table's post
            text = tr("**{name}** refused to take back `{move}`: it stands.").format(name=caller.name,
                                                                                     move=request.move)
        if not lines or loaded is None:
            return Reply(text=text, table_id=table_id)
        return await service.turn_reply(loaded, "\n".join([text, *lines]))

    async def _apply(self, loaded: Loaded, plan: tuple[list[int], Game], headline: str) -> Reply:
        """Write the take-back and post the board again (the caller holds the table lock)."""
        service = self.service
        numbers, before = plan
        await service.write(loaded, service.store.take_back, numbers, before.dump())
        service.forget(loaded.row.id)
        loaded = await service.table(loaded.row.id)
        return await service.turn_reply(loaded, headline)

    # -- hooks -------------------------------------------------------------------------
    async def on_event(self, event: str, loaded: Loaded) -> None:
        request = await self.requests.get(loaded.row.id)
        if request is not None and (loaded.version != request.version or loaded.row.status != "active"):
            await self.requests.drop(loaded.row.id)  # a later move, a deadline, the end: the request is over

    async def move_reply(self, loaded: Loaded, reply: Reply, seat: int) -> None:
        """Offer the mover a Take back button when their move could be taken back."""
        if loaded.row.status != "active" or loaded.game is None or reply.version is None:
            return
        row = loaded.by_seat(seat)
        if row.user_id is None:
            return
        aimed = await self._aim(loaded, row.user_id)
        if aimed is None:
            return
        cid = custom_id("takeback", loaded.row.id, loaded.version, str(aimed))
        if cid:
            reply.private_buttons.append(Button(tr("Take back"), cid, "secondary"))
            if not reply.private:
                reply.private = tr("Misclicked? You may ask to take that move back.")

    async def final_reply(self, loaded: Loaded, reply: Reply, fresh: bool) -> None:
        taken = [m for m in await self.service.store.moves(loaded.row.id, taken_back=True) if m.taken_back]
        if taken:
            with lang.using(await self.service.public_language(loaded.row.guild_id)):  # the table's final post
                reply.text += "\n" + ngettext("{count} move was taken back in this game.",
                                              "{count} moves were taken back in this game.",
                                              len(taken)).format(count=len(taken))

"""A planned move: `/plan move:...`, played as the person's own move once their turn comes.

A person plans one move at a table while it is not their turn. When it becomes their turn and
the game's phase allows a move of that kind, the plan is checked: if it is legal and the public
facts it depends on (the game's `auto.plan_mark`: Pioneer's Isle's planned spot and the corners
and paths beside it) are as they were when planned, it is played through the ordinary move path,
as if the person had sent it then (the same post of its own, the same answers of every
extension; its log entry says the table played it for them, so that a take-back aims at a
person's own move before it, never at the plan alone); otherwise it is dropped and the person
alone is told why. Nothing is played while a take-back request is open; a refused one lets the
plans due meanwhile play.

Nobody else can tell that a plan exists: the plan is kept apart from the table (db/auto.py),
nothing public reads it, and the post of the move that gives the turn is the one it would be
without a plan. Only moves that reveal nothing (no die, no draw, no hidden card) may be planned.
The plan is deleted before its move is tried, so a crash in between loses the plan (the person
is asked as usual), never plays it twice; a restart plays the plans whose turn came meanwhile.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging

import lang
from bot.core.cache import KeptPerTable
from bot.core.commands import Command, Param
from bot.core.extension import Extension
from bot.core.moves import quoted, refusal
from bot.core.replies import Caller, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from db.auto import AutoStore, Plan
from db.takeback import TakeBackStore
from games import auto
from games.base import TYPED_MOVE_LIMIT, IllegalMove
from lang import N_, tr

log = logging.getLogger(__name__)

CANCEL = ("cancel", "none", "off")
KEPT_TABLES = 4096  # tables whose plans are kept in memory, least recently used dropped first
COMMANDS = (Command("plan", N_("Plan your next move: played when your turn comes if still legal (private)"), (
    Param("move", N_("A move in the game's notation; cancel drops your plan; empty shows it")),
)),)
# why a plan was dropped: kept in the store in English, translated where it is told
NOT_LEGAL = N_("it was not legal when your turn came")
STOPPED = N_("the board changed beside it before your turn")


class Plans(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService):
        self.service = service
        self.store = AutoStore(service.store)
        self.requests = TakeBackStore(service.store)
        self._tasks: set[asyncio.Task] = set()
        # each table's plans, read once so that a move costs no statement for them; a plan is
        # claimed from the store before it is played, so one changed through another process is not
        self._kept = KeptPerTable(KEPT_TABLES)

    async def plans_at(self, table_id: int) -> dict[int, Plan]:
        return await self._kept.get(table_id, self.store.plans)

    async def _put(self, table_id: int, plan: Plan) -> None:
        await self.store.put_plan(table_id, plan)
        (await self.plans_at(table_id))[plan.user_id] = plan

    async def _drop(self, table_id: int, user_id: int, why: str = "") -> None:
        await self.store.drop_plan(table_id, user_id, why)
        kept = await self.plans_at(table_id)
        if why and user_id in kept:
            kept[user_id].dropped = why
        else:
            kept.pop(user_id, None)

    # -- the command -------------------------------------------------------------------
    async def cmd_plan(self, caller: Caller, move: str = "") -> Reply:
        service = self.service
        loaded = await service.active_table(caller)
        mine = service.caller_seat(loaded, caller)
        table_id = loaded.row.id
        plans = await self.plans_at(table_id)
        held = plans.get(caller.user_id)
        typed = move.strip()
        if not typed:
            if held is None:
                return Reply(private=tr("You have no plan at this table. `/plan move:...` keeps one for your next "
                                        "turn."))
            if held.dropped:
                await self._drop(table_id, caller.user_id)
                return Reply(private=tr("Your plan `{move}` was dropped: {why}.").format(move=held.move,
                                                                                       why=tr(held.dropped)))
            return Reply(private=tr("Your plan: `{move}`, played when your turn comes if it is legal then. Nobody "
                                    "else sees it; `/plan move:cancel` drops it.").format(move=held.move))
        if typed.lower() in CANCEL:
            if held is None or held.dropped:
                await self._drop(table_id, caller.user_id)
                return Reply(private=tr("You had no plan at this table."))
            await self._drop(table_id, caller.user_id)
            return Reply(private=tr("Your plan `{move}` is dropped.").format(move=held.move))
        async with service.table_lock(table_id):
            loaded = await service.active_table(caller)
            game = loaded.game
            if mine.seat in game.to_act():
                raise IllegalMove(tr("It is your turn now: send that move with /move."))
            if len(typed) > TYPED_MOVE_LIMIT:  # cut as /move cuts it: a pasted page never comes back whole
                raise IllegalMove(tr("That move is {length} characters long, and a move is at most {most} (it starts "
                                     "`{start}`).").format(length=len(typed), most=TYPED_MOVE_LIMIT,
                                                           start=quoted(typed)))
            try:
                canonical = game.canonical(mine.seat, typed)
            except IllegalMove as why:
                raise IllegalMove(tr("That cannot be planned: {why}").format(why=refusal(str(why), typed))) from None
            rules = getattr(type(game), "auto", None) or auto.DEFAULT
            refused = rules.plannable(game, mine.seat, canonical)
            if refused:
                raise IllegalMove(tr("`{move}` cannot be planned: {why}.").format(move=quoted(canonical), why=refused))
            plan = Plan(caller.user_id, mine.seat, canonical, loaded.version,
                        rules.plan_mark(game, mine.seat, canonical))
            await self._put(table_id, plan)
        return Reply(private=tr("Planned: `{move}`, played as your move when your turn comes if it is legal then and "
                                "nothing changed beside it. Nobody else sees it.").format(move=canonical))

    # -- playing a plan ----------------------------------------------------------------
    async def on_event(self, event: str, loaded: Loaded) -> None:
        if loaded.game is None or loaded.row.status != "active":
            return
        if self._due(loaded, await self.plans_at(loaded.row.id)):
            self._spawn(self.play_due(loaded.row.id))

    def _due(self, loaded: Loaded, plans: dict[int, Plan]) -> list[Plan]:
        """The standing plans whose seat must act now, in a phase that allows the planned kind."""
        game = loaded.game
        acting = set(game.to_act())
        due = []
        for plan in plans.values():
            row = loaded.seat_of(plan.user_id)
            if plan.dropped or row is None or row.seat != plan.seat or row.resigned or plan.seat not in acting:
                continue
            if self._waits(loaded, plan):
                continue
            due.append(plan)
        return due

    @staticmethod
    def _waits(loaded: Loaded, plan: Plan) -> bool:
        """Whether the planned move's kind is not yet allowed in this phase (a build before the roll)."""
        notation = type(loaded.game).notation
        try:
            phases = {notation.verb(step).phases for step in notation.parse_steps(plan.move)}
        except (IllegalMove, KeyError, AttributeError):
            return False
        return any(p and loaded.game.phase not in p for p in phases)

    def _spawn(self, work) -> None:
        # a call of its own, not part of the call whose write announced it (bot/core/calls.py)
        task = asyncio.create_task(work, context=contextvars.Context())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def play_due(self, table_id: int) -> None:
        """Play (or drop) every plan due at the table; each played plan gets its own post."""
        await asyncio.sleep(0)  # after the call that gave the turn has answered
        service = self.service
        try:
            loaded = await service.table(table_id)
            if loaded is None or loaded.game is None or loaded.row.status != "active":
                return
            request = await self.requests.get(table_id)
            if request is not None and request.version == loaded.version:
                return
            for plan in self._due(loaded, await self.plans_at(table_id)):
                await self._try(loaded, plan)
                loaded = await service.table(table_id)
                if loaded is None or loaded.game is None or loaded.row.status != "active":
                    return
        except Exception:  # a plan is a convenience: the person is asked as usual
            log.exception("plans of table %s failed", table_id)

    async def _try(self, loaded: Loaded, plan: Plan) -> None:
        service = self.service
        game, table_id = loaded.game, loaded.row.id
        rules = getattr(type(game), "auto", None) or auto.DEFAULT
        why = ""
        if not auto.legal_now(game, plan.seat, plan.move):
            why = NOT_LEGAL
        elif rules.plan_mark(game, plan.seat, plan.move) != plan.mark:
            why = STOPPED
        if why:
            await self._drop(table_id, plan.user_id, why)
            if service.outbox is not None:
                with lang.using(await service.public_language(loaded.row.guild_id)):  # a message with no caller
                    text = tr("Your planned move `{move}` at {game} was not played: {why}. It is your turn.").format(
                        move=plan.move, game=loaded.game.title, why=tr(why))
                await service.outbox.direct(plan.user_id, text)
            return
        # first, and only if the plan still stands as this process knows it: a crash after it never
        # plays it twice, and a plan cancelled or replaced through another process is not played
        claimed = await self.store.claim_plan(table_id, plan)
        kept = await self.plans_at(table_id)
        if kept.get(plan.user_id) is plan:
            kept.pop(plan.user_id)
        if not claimed:
            self._kept.forget(table_id)  # what this process kept is stale: read it again next time
            return
        row = loaded.seat_of(plan.user_id)
        caller = Caller(loaded.row.guild_id, loaded.row.channel_id, plan.user_id, row.name)
        reply = await service.move(caller, plan.move, loaded.version, played_for=True)
        if reply is not None and reply.ok and service.outbox is not None:
            await service.outbox.post(loaded.row.channel_id, reply)

    async def catch_up(self) -> None:
        """After a restart: the plans whose turn came while the bot was away."""
        for table_id in await self.store.tables_with_plans():
            loaded = await self.service.table(table_id)
            if loaded is not None and loaded.game is not None and loaded.row.status == "active":
                await self.play_due(table_id)

    async def settle_posts(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def move_reply(self, loaded: Loaded, reply: Reply, seat: int) -> None:
        """A person who moves is told of a plan of theirs that was dropped (privately)."""
        row = loaded.by_seat(seat)
        if row.user_id is None:
            return
        held = (await self.plans_at(loaded.row.id)).get(row.user_id)
        if held is not None and held.dropped:
            await self._drop(loaded.row.id, row.user_id)
            note = tr("Your plan `{move}` was dropped: {why}.").format(move=held.move, why=tr(held.dropped))
            reply.private = "\n".join(x for x in (reply.private, note) if x)

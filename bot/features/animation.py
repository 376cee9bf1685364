"""The game as an animation: after a game's final message, and on /replay for a finished table.

The views come from the stored log replayed from the seed (taken-back moves left out), one
public view per turn: after every move that hands the play to other seats, and after the last
move. A solo game has a frame per move. Drawing and encoding run in a worker process of their own
(where pictures are drawn in workers, bot/core/drawing.py), else on a thread: a build takes
seconds of CPU, and in the bot's process it would hold every other table's answer meanwhile.

The final message does not wait for the animation: it says one follows, and the animation is
posted to the table's channel when it is made. One build per table at a time: a /replay while
one is being made waits for it and gets the same bytes. Made animations are kept in a bounded
cache, so a second /replay of a finished game costs nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import lang
from bot.core import alt_text, drawing, replay
from bot.core.commands import Command
from bot.core.extension import Extension
from bot.core.replies import Attachment, Caller, Reply
from bot.core.service import TableService, ended_line
from bot.core.standings import standings_text
from bot.core.tables import Loaded
from games import registry
from games.base import Game, IllegalMove
from lang import N_, tr
from render.animation import animate

log = logging.getLogger(__name__)

COMMANDS = (Command("replay", N_("The last finished game of this channel as an animation")),)
KEPT_BYTES = 48 * 1024 * 1024  # DESIGNED: about a dozen large animations stay ready for /replay

# One worker (or one thread) makes every animation: builds of several tables queue rather than take
# every core and every build's memory at once. Its own, not the pictures' worker, so that a move's
# board never waits behind a build; at a lower priority, so that it takes only the CPU the answers
# to moves leave (an animation is posted when it is made; nobody waits on it); replaced every few
# builds to give their memory back.
TASKS_PER_BUILDER = 8
BUILDER_NICENESS = 10
_builder: drawing.Drawing | None = None


def builder() -> drawing.Drawing:
    global _builder
    if _builder is None:
        _builder = drawing.Drawing(min(1, drawing.drawing().workers), threads=1,
                                   tasks_per_worker=TASKS_PER_BUILDER, name="isles-animation",
                                   niceness=BUILDER_NICENESS)
    return _builder


def turn_views(cls: type[Game], players: int, options: dict, seed: int,
               moves: Sequence[tuple[int, str]], stored: dict | None = None) -> list[dict[str, Any]]:
    """The public view at the start and at the end of every turn."""
    return [view for view, _ in turn_frames(cls, players, options, seed, moves, None, stored)]


def turn_frames(cls: type[Game], players: int, options: dict, seed: int, moves: Sequence[tuple[int, str]],
                names: Sequence[str] | None, stored: dict | None = None) -> list[tuple[dict[str, Any], str]]:
    """(public view, caption) at the start and at the end of every turn. A caption tells what the
    turn did in the moves' public words (`describe_move`), so it shows nothing hidden. `stored`: the
    table's state, whose kind of draws the deal takes (`Game.replay_deal`); None for a new deal."""
    game = cls.replay_deal(players, options, seed, stored)
    frames = [(game.view(None), tr("The game begins"))]
    told: list[str] = []
    for step in replay.steps(game, moves):
        index, seat, move, acting = step.index, step.seat, step.move, step.acting
        if names is not None:
            told.append(plain(game.describe_move(seat, move, names)))
        last = index == len(moves) - 1
        if last or players == 1 or game.to_act() != acting and seat not in game.to_act():
            frames.append((game.view(None), " · ".join(told)))
            told = []
    return frames


def plain(text: str) -> str:
    """A turn message's words for a picture: no Markdown marks, one line."""
    return " ".join(text.replace("**", "").replace("`", "").split())


def make(key: str, players: int, options: dict, seed: int, moves: Sequence[tuple[int, str]],
         names: Sequence[str], ended: str = "", stored: dict | None = None) -> tuple[bytes, str, int, int] | None:
    """(data, extension, frames shown, turns) of the animation of a game. `ended`: how a game that
    stopped before its own end ended (resignations), for its last frame."""
    frames = turn_frames(registry.get(key), players, options, seed, moves, names, stored)
    if ended:
        view, caption = frames[-1]
        frames[-1] = ({**view, "to_act": [], "ended": ended.split(" · ")[0]},
                      " · ".join(filter(None, [caption, ended])))
    made = animate(key, [view for view, _ in frames], names, captions=[caption for _, caption in frames])
    if made is None:
        return None
    data, ext, chosen = made
    return data, ext, len(chosen), len(frames)


Made = tuple[Attachment, str] | None


class Animation(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, kept_bytes: int = KEPT_BYTES):
        self.service = service
        self.kept_bytes = kept_bytes
        # by table, version and language: an animation's captions are in its server's language
        self._kept: OrderedDict[tuple[int, int, str], Made] = OrderedDict()
        self._building: dict[tuple[int, int, str], asyncio.Future] = {}
        self._posts: set[asyncio.Task] = set()

    def pending(self) -> list[asyncio.Task]:
        """The animations still being made for final messages."""
        return list(self._posts)

    async def settle_posts(self) -> None:
        """Wait until every animation promised by a final message has been posted."""
        while self._posts:
            await asyncio.gather(*self._posts, return_exceptions=True)

    async def _attachment(self, loaded: Loaded) -> Made:
        """The animation of a finished table, in the language of its server (it is always posted)."""
        language = await self.service.public_language(loaded.row.guild_id)
        key = (loaded.row.id, loaded.version, language)
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        building = self._building.get(key)
        if building is None:
            building = self._building[key] = asyncio.ensure_future(self._build(loaded, language))
            building.add_done_callback(lambda _: self._building.pop(key, None))
        return await asyncio.shield(building)

    async def _build(self, loaded: Loaded, language: str) -> Made:
        with lang.using(language):
            return await self._build_in(loaded, language)

    async def _build_in(self, loaded: Loaded, language: str) -> Made:
        row = loaded.row
        moves = [(m.seat, m.move) for m in await self.service.store.moves(row.id)]
        ended = ""
        if loaded.game is not None and not loaded.game.is_over():  # stopped by resignations
            resigned = {s.seat for s in loaded.seats if s.resigned}
            standing = [plain(line) for line in standings_text(loaded.game, loaded.names(), resigned).splitlines()]
            ended = " · ".join([ended_line(loaded), *(line for line in standing if line.startswith("1."))])
        # the worker draws in the language of the call (Drawing.run carries it over)
        made = await builder().run(make, row.game, len(loaded.names()), row.options, row.seed, moves,
                                   loaded.names(), ended, row.state)
        result: Made = None
        if made is not None:
            data, ext, shown, turns = made
            how = tr("one frame per turn") if shown == turns else tr("{shown} of its {turns} turns, evenly "
                                                                     "spaced").format(shown=shown, turns=turns)
            alt = tr(alt_text.ANIMATION).format(game=registry.get(row.game).title, frames=how)
            result = Attachment(f"game-{row.id}.{ext}", data, alt=alt), how
        self._keep((row.id, loaded.version, language), result)
        return result

    def _keep(self, key: tuple[int, int, str], made: Made) -> None:
        self._kept[key] = made
        size = lambda m: len(m[0].data) if m else 0  # noqa: E731
        while len(self._kept) > 1 and sum(size(m) for m in self._kept.values()) > self.kept_bytes:
            self._kept.popitem(last=False)

    async def final_reply(self, loaded: Loaded, reply: Reply, fresh: bool) -> None:
        if not fresh or not self.service.draw_images or loaded.game is None:
            return
        outbox = self.service.outbox
        public = await self.service.public_language(loaded.row.guild_id)  # the table's final post
        if outbox is None:  # nobody to post it later (a script, a test): it rides on the message itself
            made = await self._attachment(loaded)
            if made is not None:
                reply.attachments.append(made[0])
                with lang.using(public):
                    reply.text += "\n" + tr("The whole game is animated below ({frames}).").format(frames=made[1])
            return
        with lang.using(public):
            reply.text += "\n" + tr("An animation of the whole game follows in a moment.")
        task = asyncio.create_task(self._post_later(loaded, outbox))
        self._posts.add(task)
        task.add_done_callback(self._posts.discard)

    async def _post_later(self, loaded: Loaded, outbox: Any) -> None:
        try:
            made = await self._attachment(loaded)
            if made is None:
                return
            title = self.service.game_title(loaded.row.game)
            with lang.using(await self.service.public_language(loaded.row.guild_id)):  # a post with no caller
                text = tr("The game of **{game}** just finished, turn by turn ({frames}).").format(game=title,
                                                                                                 frames=made[1])
            await outbox.post(loaded.row.channel_id, Reply(text=text, attachments=[made[0]], table_id=loaded.row.id))
        except Exception:  # the final message is out already; the animation is an extra
            log.exception("the animation of table %s could not be made or posted", loaded.row.id)

    async def cmd_replay(self, caller: Caller) -> Reply:
        row = await self.service.store.latest_finished_table(caller.channel_id)
        if row is None:
            raise IllegalMove(tr("/replay shows a finished game, and this channel has none."))
        loaded = await self.service.table(row.id)
        if loaded.game is None:
            raise IllegalMove(tr("That table finished before its game began."))
        if not self.service.draw_images:
            raise IllegalMove(tr("This bot draws no pictures."))
        made = await self._attachment(loaded)
        if made is None:
            raise IllegalMove(tr("{game} has no board picture yet, so no animation.").format(
                game=self.service.game_title(row.game)))
        with lang.using(await self.service.public_language(row.guild_id)):  # the channel's post
            text = tr("The game of **{game}** of this channel, turn by turn ({frames}).").format(
                game=self.service.game_title(row.game), frames=made[1])
        return Reply(text=text, attachments=[made[0]], table_id=row.id)

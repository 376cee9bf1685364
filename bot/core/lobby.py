"""The lobby: a table opened in a channel, seats taken and left, computer players added, the
game started or the table cancelled. The table service answers /open, /join, /leave, /addai,
/start and /cancel through it."""

from __future__ import annotations

import random
import shlex
from typing import TYPE_CHECKING, Any

import lang
from bot.core import caps
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.tables import Loaded
from db.cancels import CancelStore
from db.store import ChannelBusy, SeatRow
from games import registry
from games.base import IllegalMove, parse_options, players_text
from lang import N_, ngettext, tr

if TYPE_CHECKING:
    from bot.core.hub import Hub


def parse_option_text(text: str) -> dict[str, str]:
    """`target=12 board=beginner` -> {"target": "12", "board": "beginner"}."""
    values: dict[str, str] = {}
    try:
        words = shlex.split(text or "")
    except ValueError:
        raise IllegalMove(tr("Options could not be read: a quote is not closed.")) from None
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name or not value:
            raise IllegalMove(tr("Options are written name=value, and `{word}` is not.").format(word=word))
        values[name.strip().lower()] = value.strip()
    return values


def full(title: str, most: int) -> str:
    """The refusal of a seat at a full table."""
    return ngettext("The table is full: {game} takes at most {count} player.",
                    "The table is full: {game} takes at most {count} players.", most).format(game=title, count=most)


def playing_people(loaded: Loaded) -> dict[int, SeatRow]:
    """The people still playing a game under way, by user id (not computers, not those who left)."""
    return {s.user_id: s for s in loaded.seats
            if s.seat is not None and s.user_id is not None and not s.is_ai and not s.resigned}


class Lobby:
    def __init__(self, service: Hub):
        self.service = service

    async def _read_open(self, caller: Caller, game: str, options: str, extra: dict[str, str], capped: bool = True):
        try:
            cls = registry.get(registry.find(game))  # a key or a title, as a person types it
        except KeyError as missing:
            raise IllegalMove(missing.args[0]) from None
        parsed = parse_options(cls.options, parse_option_text(options))
        cls.check_options(parsed)  # options that do not go together (Ramparts on a sea layout)
        if capped:
            await caps.check(self.service.store, caller, self.service.tables_per_member)
        checked = []  # each extension's reading of its own /open options
        for extension in self.service.extensions:
            checked.append((extension, await extension.check_open(caller, cls, extra)))
        return cls, parsed, checked

    async def open_problem(self, caller: Caller, args: dict[str, Any]) -> str | None:
        """Why /open with these options would be refused, before an adapter makes a thread for it."""
        args = {k: str(v) for k, v in args.items() if v is not None}
        try:
            await self._read_open(caller, args.pop("game", ""), args.pop("options", ""), args)
        except IllegalMove as why:
            return str(why)
        except TypeError:
            return tr("/open was given an option it does not have.")
        return None

    async def cmd_open(self, caller: Caller, game: str, options: str = "", *, seed: int | None = None,
                       **extra: str) -> Reply:
        """`seed` is for extensions (a daily deal); `handle` never passes it, since /open has no such option."""
        cls, parsed, checked = await self._read_open(caller, game, options, extra, capped=seed is None)
        seed = self.service.seeds() if seed is None else seed
        try:
            table_id = await self.service.store.create_table(
                guild_id=caller.guild_id, channel_id=caller.channel_id, game=cls.key, options=parsed,
                seed=seed, host_id=caller.user_id, host_name=caller.name, now=self.service.clock(),
            )
        except ChannelBusy:
            raise IllegalMove(
                tr("This channel already has a table. Finish or /cancel it, or open one in another channel or thread.")
            ) from None
        self.service.mark_changed(table_id)
        with lang.using(await self.service.public_language(caller.guild_id)):  # the lobby is a public post
            notes = []
            for extension, values in checked:
                note = await extension.after_open(table_id, values)
                if note:
                    notes.append(note)
            loaded = await self.service.table(table_id)
            reply = self.lobby_reply(loaded, tr("**{name}** opened a table of **{game}**.").format(
                name=caller.name, game=cls.title))
            if notes:
                reply.text += "\n" + "\n".join(notes)
            return await self.service.composer.touch("open_reply", reply, lambda e: e.open_reply(loaded, reply))

    async def _public(self, loaded: Loaded, headline: str, **values: str) -> Reply:
        """The lobby message after a change, in the server's language: `headline` (an English
        sentence of this module's) translated there and formatted with `values`."""
        with lang.using(await self.service.public_language(loaded.row.guild_id)):
            return self.lobby_reply(loaded, tr(headline).format(**values))

    def lobby_reply(self, loaded: Loaded, headline: str) -> Reply:
        """The lobby message: who sits, the options, the buttons that can work now."""
        cls = registry.get(loaded.row.game)
        least, most = cls.player_counts(loaded.row.options)
        seated = ", ".join(tr("{name} (AI)").format(name=s.name) if s.is_ai else s.name
                           for s in loaded.seats) or tr("nobody")
        # verbatim: options as typed at /open (name=value, on/off)
        shown = [f"{k}={'on' if v is True else 'off' if v is False else v}" for k, v in loaded.row.options.items()]
        room = len(loaded.seats) < most
        ready = least <= len(loaded.seats) <= most
        if most == 1:
            how = tr("A solo game: the host starts it with /start or the button.")
        else:
            how = ngettext("Join with /join or the button; the host starts with /start once {count} player or more "
                           "are seated.",
                           "Join with /join or the button; the host starts with /start once {count} players or more "
                           "are seated.", least).format(count=least)
        narrowed = (least, most) != (cls.min_players, cls.max_players)  # said at once, not at Start
        lines = [
            headline,
            tr("Seats ({seated}/{most}): {names}.").format(seated=len(loaded.seats), most=most, names=seated),
            tr("Options: {options}").format(options=" ".join(shown)) if shown else "",
            tr("With these options {game} takes {players}.").format(game=cls.title, players=players_text(least, most))
            if narrowed else "",
            how,
        ]
        table, version = loaded.row.id, loaded.version
        buttons = []  # only buttons that can work now: no Join at a full table, no Start before enough sit
        if room:
            buttons.append(Button(tr("Join"), custom_id("join", table, version), "primary"))
            buttons.append(Button(tr("Add AI"), custom_id("ai", table, version)))
        if ready:
            buttons.append(Button(tr("Start"), custom_id("start", table, version), "success"))
        return Reply(text="\n".join(x for x in lines if x), buttons=buttons, table_id=table, version=version)

    async def lobby_table(self, caller: Caller) -> Loaded:
        """The caller's channel's table while it waits for players, or IllegalMove."""
        loaded = await self.service.here(caller.channel_id)
        if loaded is None:
            raise IllegalMove(tr("There is no table in this channel. Open one with /open."))
        if loaded.row.status != "lobby":
            raise IllegalMove(tr("The game at this table has already started."))
        return loaded

    async def cmd_join(self, caller: Caller) -> Reply:
        async with self.service.channel_lock(caller.channel_id):
            loaded = await self.lobby_table(caller)
            if loaded.seat_of(caller.user_id):
                raise IllegalMove(tr("You are already seated at this table."))
            cls = registry.get(loaded.row.game)
            if len(loaded.seats) >= cls.max_players:
                raise IllegalMove(full(cls.title, cls.max_players))
            await caps.check(self.service.store, caller, self.service.tables_per_member)
            await self.service.write(loaded, self.service.store.add_seat, user_id=caller.user_id, name=caller.name)
            loaded = await self.service.table(loaded.row.id)
        return await self._public(loaded, N_("**{name}** sat down."), name=caller.name)

    async def cmd_addai(self, caller: Caller) -> Reply:
        async with self.service.channel_lock(caller.channel_id):
            loaded = await self.lobby_table(caller)
            if not loaded.seat_of(caller.user_id) and not caller.can_manage:
                raise IllegalMove(tr("Only a seated player can add a computer player."))
            cls = registry.get(loaded.row.game)
            if len(loaded.seats) >= cls.max_players:
                raise IllegalMove(full(cls.title, cls.max_players))
            taken = {s.name for s in loaded.seats}
            name = next(f"Bot {n}" for n in range(1, 10) if f"Bot {n}" not in taken)  # verbatim: a player's name
            await self.service.write(loaded, self.service.store.add_seat, user_id=None, name=name)
            loaded = await self.service.table(loaded.row.id)
        return await self._public(loaded, N_("**{name}**, a computer player, sat down."), name=name)

    async def cmd_leave(self, caller: Caller) -> Reply:
        async with self.service.channel_lock(caller.channel_id):
            loaded = await self.service.here(caller.channel_id)
            if loaded is None:
                raise IllegalMove(tr("There is no table in this channel."))
            if loaded.row.status == "active":
                raise IllegalMove(tr("The game has started: use /resign to give up your seat."))
            mine = loaded.seat_of(caller.user_id)
            if mine is None:
                raise IllegalMove(tr("You are not seated at this table."))
            if caller.user_id == loaded.row.host_id:
                raise IllegalMove(tr("You are the host: /cancel the table instead of leaving it."))
            await self.service.write(loaded, self.service.store.remove_seat, mine.position)
            loaded = await self.service.table(loaded.row.id)
        return await self._public(loaded, N_("**{name}** left the table."), name=caller.name)

    async def cmd_cancel(self, caller: Caller) -> Reply:
        """The host closes the lobby; a channel manager closes any table. A game under way that
        other people still play is closed only by a manager or once everyone still playing agreed
        (each by /cancel or its button), since it ends with no result and nobody rated; a player
        closes it alone only when no other person plays on (the others are computers or left)."""
        async with self.service.channel_lock(caller.channel_id):
            loaded = await self.service.here(caller.channel_id)
            if loaded is None:
                raise IllegalMove(await self.service.nothing_open(caller.channel_id,
                                                                  tr("There is no table in this channel.")))
            public = await self.service.public_language(loaded.row.guild_id)
            title = registry.get(loaded.row.game).title
            with lang.using(public):
                headline = tr("**{name}** cancelled the table of {game}.").format(name=caller.name, game=title)
            if loaded.row.status == "active" and not caller.can_manage:
                playing = playing_people(loaded)
                if caller.user_id not in playing:
                    raise IllegalMove(tr("Only a channel manager, or the players still in the game all agreeing, can "
                                         "cancel a game under way."))
                others = [row for user, row in playing.items() if user != caller.user_id]
                if others:
                    consents = CancelStore.of(self.service.store)
                    before = await consents.agreed(loaded.row.id)
                    await consents.agree(loaded.row.id, caller.user_id, int(self.service.clock().timestamp()))
                    waiting = [row for user, row in playing.items() if user not in before | {caller.user_id}]
                    if waiting and caller.user_id in before:  # said once in public: a second press adds nothing
                        names = ", ".join(row.name for row in sorted(waiting, key=lambda r: r.seat or 0))
                        return Reply(private=tr("You agreed already; still to agree: {names}.").format(names=names))
                    if waiting:
                        with lang.using(public):
                            return self._cancel_asked(caller, loaded, waiting)
                    with lang.using(public):
                        headline = tr("Everyone still playing agreed: the table of {game} is cancelled.").format(
                            game=title)
            elif loaded.row.status == "lobby" and caller.user_id != loaded.row.host_id and not caller.can_manage:
                raise IllegalMove(tr("Only the host or someone who may manage this channel can cancel the table."))
            await self.service.write(loaded, self.service.store.set_status, "cancelled")
            await CancelStore.of(self.service.store).clear(loaded.row.id)
        lines = [headline]
        with lang.using(public):
            for extension in self.service.extensions:  # e.g. a started solo game counts as lost
                lines.append(await extension.cancel_note(loaded))
        return Reply(text=" ".join(filter(None, lines)), table_id=loaded.row.id)

    def _cancel_asked(self, caller: Caller, loaded: Loaded, waiting: list[SeatRow]) -> Reply:
        title = registry.get(loaded.row.game).title
        names = ", ".join(row.name for row in sorted(waiting, key=lambda r: r.seat or 0))
        text = tr("**{name}** agrees to cancel this game of {game}: a cancelled game ends with no result and "
                  "nobody is rated. It is cancelled once everyone still playing agrees (/cancel or Agree to cancel); "
                  "still to agree: {names}. Play on turns the request down.").format(
            name=caller.name, game=title, names=names)
        table = loaded.row.id
        return Reply(text=text, mentions=[row.user_id for row in waiting if row.user_id is not None],
                     buttons=[Button(tr("Agree to cancel"), custom_id("cxl", table), "danger"),
                              Button(tr("Play on"), custom_id("cxlno", table))], table_id=table)

    async def keep_playing(self, caller: Caller) -> Reply:
        """A player turns down the request to cancel the game: every consent so far is dropped."""
        async with self.service.channel_lock(caller.channel_id):
            loaded = await self.service.here(caller.channel_id)
            if loaded is None or loaded.row.status != "active":
                raise IllegalMove(tr("There is no game under way in this channel."))
            if caller.user_id not in playing_people(loaded):
                raise IllegalMove(tr("Only the players still in the game answer a request to cancel it."))
            if not await CancelStore.of(self.service.store).clear(loaded.row.id):
                raise IllegalMove(tr("Nobody asked to cancel this game."))
        with lang.using(await self.service.public_language(loaded.row.guild_id)):
            text = tr("**{name}** wants to play on: the request to cancel the game is dropped.").format(name=caller.name)
        return Reply(text=text, table_id=loaded.row.id)

    async def cmd_start(self, caller: Caller) -> Reply:
        async with self.service.channel_lock(caller.channel_id):
            loaded = await self.lobby_table(caller)
            if caller.user_id != loaded.row.host_id:
                raise IllegalMove(tr("Only the host starts the game."))
            cls = registry.get(loaded.row.game)
            count = len(loaded.seats)
            least, most = cls.player_counts(loaded.row.options)
            if not least <= count <= most:  # a guard: the lobby offers Start only within these
                raise IllegalMove(tr("{game} needs {players}; {count} seated. Invite someone or /addai.").format(
                    game=cls.title, players=players_text(least, most), count=count))
            order = [s.position for s in loaded.seats]
            random.Random(loaded.row.seed).shuffle(order)
            seat_of_position = {position: seat for seat, position in enumerate(order)}
            game = cls.new(count, loaded.row.options, loaded.row.seed)
            await self.service.write(loaded, self.service.store.start, seat_of_position, game.dump())
            loaded = await self.service.table(loaded.row.id)
            with lang.using(await self.service.public_language(loaded.row.guild_id)):
                headline = tr("The game of **{game}** begins. Seat order: {names}.").format(
                    game=cls.title, names=", ".join(loaded.names()))
                headline = "\n".join([headline, *await self.service.moves.play_computers(loaded)])
            loaded = await self.service.table(loaded.row.id)
        return await self.service.turn_reply(loaded, headline)

"""Moves the table makes for a person who is not there: `/auto`.

- **Forced moves.** When a person's seat must act and its only move is one that public facts
  alone make the only one (the game's `auto.forced`: a `roll` with no development card that
  could be played, an empty hand's `end` or `decline`, a lone `pass` or `done`; asked and acting
  seats alike), the table plays it for them at once, logged as theirs, its line marked
  "played for ann: the only move". `/auto forced:off` turns it off for that person and table.
- **Standing answers.** Out-of-turn questions the game lets a person answer in advance (Pioneer's
  Isle: decline offers, discard on a 7 by a priority of kinds), used only when the answer is legal
  then; otherwise the person is asked as usual. Private: `/auto` alone lists them.
- **Choices the table makes.** A few choices are never asked (Ramparts: the deck of a tie at a won
  raid, the Cistern's resource): the game's `auto.decided` answers them at once by the person's
  standing answer (`track:`, `cistern:`) or its default.

Both run in the move path after the computer seats (`Extension.auto_move`), one recorded move at a
time, so a chain of them (a forced roll, the next seat's forced roll, ...) stops wherever a person
must choose, and a table left with one to make (a crash after the move before it) makes it on the
next call, as computer seats do. The log marks each as played for the person (`MoveRow.played_for`):
a take-back aims at the person's own move before it and takes these with it, never one alone.
Nothing is played while a take-back request is open; a refused one lets the table play what it held.
"""

from __future__ import annotations

import dataclasses

import lang
from bot.core.cache import KeptPerTable
from bot.core.commands import Command, Param
from bot.core.extension import AutoMove, Extension
from bot.core.replies import Caller, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from db.auto import AutoStore, Settings
from db.takeback import TakeBackStore
from games import auto, registry
from games.base import IllegalMove
from lang import N_, tr

FORCED_NOTE = N_("(played for {name}: the only move)")
KEPT_TABLES = 4096  # tables whose settings are kept in memory, least recently used dropped first


def answer_params() -> tuple[Param, ...]:
    """One option of /auto for every standing answer some game offers (the game checks the value)."""
    seen: dict[str, Param] = {}
    for cls in registry.available().values():
        # a rules variant (Ramparts) may take answers of its own
        for kind in (cls, *cls.variants.values()):
            rules = getattr(kind, "auto", None) or auto.DEFAULT
            for answer in rules.answers:
                seen.setdefault(answer.name, Param(answer.name, answer.description[:100]))
    return tuple(seen.values())


def auto_command() -> Command:
    return Command("auto", N_("What the table plays for you here: forced moves, standing answers (private)"), (
        Param("forced", N_("Play your only move for you at once (on by default)"), choices=("on", "off")),
        *answer_params(),
    ))


def rules_of(loaded: Loaded) -> auto.AutoRules:
    return getattr(type(loaded.game), "auto", None) or auto.DEFAULT


def settings_text(rules: auto.AutoRules, settings: Settings) -> str:
    lines = ["- " + (tr("forced moves: on") if settings.forced else tr("forced moves: off"))]
    for answer in rules.answers:
        lines.append(f"- {answer.name}: {settings.answers.get(answer.name, answer.default)} ({tr(answer.description)})")
    if not rules.answers:
        lines.append("- " + (tr(rules.out_of_turn) if rules.out_of_turn
                             else tr("This game asks nothing out of turn: no standing answers.")))
    return "\n".join(lines)


class Auto(Extension):
    def __init__(self, service: TableService):
        self.service = service
        self.store = AutoStore(service.store)
        self.requests = TakeBackStore(service.store)
        self.commands = (auto_command(),)
        # each table's settings, read once so that a move costs no statement for them; another
        # process may change them, so they are read again before the table plays for a person
        self._kept = KeptPerTable(KEPT_TABLES)

    async def settings(self, table_id: int) -> dict[int, Settings]:
        return await self._kept.get(table_id, self.store.settings)

    async def cmd_auto(self, caller: Caller, **options: str) -> Reply:
        loaded = await self.service.active_table(caller)
        self.service.caller_seat(loaded, caller)  # seated and still playing, or refused
        rules = rules_of(loaded)
        settings = (await self.settings(loaded.row.id)).get(caller.user_id, Settings())
        if not options:
            return Reply(private=tr("At this table the table plays for you:\n{settings}\nNobody else sees these "
                                    "settings.").format(settings=settings_text(rules, settings)))
        names = {a.name for a in rules.answers}
        for name, value in options.items():
            if name == "forced":
                settings.forced = value.lower() == "on"
                continue
            if name not in names:
                offered = ", ".join(f"`{n}:`" for n in sorted(names)) or tr("none")
                raise IllegalMove((tr("{game} has no standing answer `{name}:` (its answers: {offered}).").format(
                    game=loaded.game.title, name=name, offered=offered) + " "
                    + (tr(rules.out_of_turn) if rules.out_of_turn else "")).strip())
            kept = rules.read(name, value)
            if kept in ("off", "none"):
                settings.answers.pop(name, None)
            else:
                settings.answers[name] = kept
        await self.store.put_settings(loaded.row.id, caller.user_id, settings)
        (await self.settings(loaded.row.id))[caller.user_id] = settings
        return Reply(private=tr("Saved. At this table the table plays for you:\n{settings}").format(
            settings=settings_text(rules, settings)))

    async def auto_move(self, loaded: Loaded) -> AutoMove | None:
        game = loaded.game
        people = {s.seat: s for s in loaded.seats
                  if s.seat is not None and s.user_id is not None and not s.is_ai and not s.resigned}
        acting = [s for s in game.to_act() if s in people]
        asked = [s for s in game.awaited_answers() if s in people and s not in acting]
        if not acting and not asked:
            return None
        made = self._choose(loaded, rules_of(loaded), await self.settings(loaded.row.id), people, asked, acting)
        if made is None:
            return None
        # about to play for a person: their settings read again, since another process may have
        # changed them (/auto forced:off there); one statement, only when a move would be made
        fresh = await self.store.settings(loaded.row.id)
        self._kept.put(loaded.row.id, fresh)
        made = self._choose(loaded, rules_of(loaded), fresh, people, asked, acting)
        if made is None:
            return None
        request = await self.requests.get(loaded.row.id)
        if request is not None and request.version == loaded.version:
            return None  # the table waits for the players' answer; nothing moves it on meanwhile
        if made.note:  # the note follows the move's public line: in the server's language
            with lang.using(await self.service.public_language(loaded.row.guild_id)):
                made = dataclasses.replace(made, note=tr(FORCED_NOTE).format(name=loaded.names()[made.seat]))
        return made

    @staticmethod
    def _choose(loaded: Loaded, rules: auto.AutoRules, kept: dict[int, Settings], people: dict,
                asked: list[int], acting: list[int]) -> AutoMove | None:
        game = loaded.game
        for seat in asked + acting:
            # a choice the table always makes (Ramparts' tie draw, the Cistern): the person is
            # never asked, so it goes first and whatever their other settings
            move = rules.decided(game, seat, kept.get(people[seat].user_id, Settings()).answers)
            if move is not None:
                return AutoMove(seat, game.canonical(seat, move), people[seat].user_id)
        for seat in asked + acting:
            user_id = people[seat].user_id
            settings = kept.get(user_id, Settings())
            if settings.answers:
                move = rules.standing(game, seat, settings.answers)
                if move is not None:
                    return AutoMove(seat, game.canonical(seat, move), user_id)
        for seat in asked + acting:
            user_id = people[seat].user_id
            if kept.get(user_id, Settings()).forced:
                move = rules.forced(game, seat)
                if move is not None:
                    return AutoMove(seat, game.canonical(seat, move), user_id,
                                    FORCED_NOTE.format(name=loaded.names()[seat]))
        return None

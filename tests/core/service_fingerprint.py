"""A fingerprint of what the table service says, to show a change of bot/ changes nothing a person sees.

    .venv/bin/python -m tests.core.service_fingerprint --record   # after a change meant to show

Fixed games of every registered game go through a `TableService` with the standard extensions,
as a person and the adapters would drive it: /open, /join, /addai, /start, moves typed, pressed as
quick buttons and chosen in My moves, /moves, /hand, /history and its file, /board, /rules,
autocomplete, the board page's data and its moves, refusals of the service's own (not seated,
not your turn, an empty or endless move, a stale button), a 2-player /resign with its
confirmation, and the deadlines' posts as the clock runs. Each answer is recorded as Discord
and the console would show it: its text with people written the adapter's way, private text,
buttons, menus, the people it pings, files and versions. The digests of one game's answers are
kept in a list per surface (Discord's messages, the console's lines, what was saved and told), so
a comparison names the first answer that differs and where.

Pictures are not drawn: they are render/'s, whose own tests and fingerprint guard them.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord

from bot.adapters.console.console import Console
from bot.adapters.discord.shapes import (
    MAX_CHOICES,
    build_components,
    card_of,
    card_shape,
    discord_text,
    menu_parts,
    private_text,
    public_shape,
    split_text,
)
from bot.core.replies import Caller, Reply, parse_custom_id
from bot.core.service import TableService
from bot.extensions import install
from db.store import Store
from games import registry

RECORD = Path(__file__).resolve().parent / "data" / "service_fingerprint.json"
GUILD, CHANNEL = 1, 4242
PERSON_MOVES = 24  # moves made by people in each game: enough to pass a few turns of each way in
SURFACES = ("discord", "console", "state")
UPLOAD = 10 * 1024 * 1024


def components(view: Any) -> list[Any] | None:
    """Discord's components of a message, as plain values."""
    if view is None:
        return None
    return [["select", item.custom_id, item.placeholder, [[o.label, o.value] for o in item.options], item.row]
            if isinstance(item, discord.ui.Select) else
            ["button", item.custom_id, item.label, str(item.style), item.url, item.row] for item in view.children]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class Outbox:
    def __init__(self, record: list[Any], show: Any) -> None:
        self.record, self.show = record, show

    async def post(self, channel_id: int, reply: Reply) -> bool:
        self.record.append({"what": ["post", channel_id], **self.show(reply)})
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        self.record.append({"what": ["direct", user_id], "discord": split_text(discord_text(text))})
        return True


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, default=repr, sort_keys=True).encode()).hexdigest()[:16]


class Run:
    """One game played through a service, every answer recorded."""

    def __init__(self, service: TableService, key: str, people: list[Caller]) -> None:
        self.service, self.key, self.people = service, key, people
        self.record: list[Any] = []
        self.console = Console(service, Path(tempfile.gettempdir()) / "isles-fingerprint")
        for person in people:
            self.console.names[person.user_id] = person.name
        self.console.channels[CHANNEL] = "table"
        service.outbox = Outbox(self.record, self.shown)
        self.rng = random.Random(f"fingerprint:{key}")

    def shown(self, reply: Reply) -> dict[str, Any]:
        """A reply as each surface shows it: the messages Discord gets, the console's lines, and what
        the service saved and told (versions, pings, files)."""
        public = public_shape(reply, UPLOAD)
        alone = not (reply.text.strip() or public.files)
        shown = {
            "discord": {
                "public": public.content, "components": components(public.view),
                "private": split_text(private_text(reply)),
                "private_components": components(build_components(
                    [*reply.buttons, *reply.private_buttons] if alone else reply.private_buttons,
                    reply.menus if alone else [])),
            },
            "console": self.console.show(Caller(GUILD, CHANNEL, 0, "x"), Reply(
                text=reply.text, private=reply.private, buttons=reply.buttons, menus=reply.menus,
                private_buttons=reply.private_buttons, ok=reply.ok)),
            "state": {
                "ok": reply.ok, "mentions": reply.mentions,
                "files": [[a.name, a.private, digest(a.data.decode("utf-8", "replace"))] for a in reply.attachments],
                "image": reply.image is not None, "image_private": reply.image_private, "table": reply.table_id,
                "version": reply.version, "since": reply.since, "unshown": reply.unshown,
            },
        }
        if reply.card is not None:  # a part drawn as a card: the components v2 Discord gets instead
            part = card_of(reply, private=reply.card.private)
            if part is not None:
                shown["discord"]["card"] = card_shape(reply, part, UPLOAD).view.to_components()
        return shown

    async def say(self, what: str, reply: Reply) -> Reply:
        self.record.append({"what": what, **self.shown(reply)})
        return reply

    async def handle(self, caller: Caller, command: str, args: dict[str, Any] | None = None) -> Reply:
        return await self.say(f"{caller.name} /{command} {args or ''}", await self.service.handle(caller, command, args))

    async def press(self, caller: Caller, custom_id: str, values: list[str] | None = None) -> Reply:
        return await self.say(f"{caller.name} press {custom_id} {values or ''}",
                              await self.service.press(caller, custom_id, values or ()))

    async def table(self):
        row = await self.service.store.open_table(CHANNEL)
        return None if row is None else await self.service.table(row.id)

    async def web(self, caller: Caller, table_id: int) -> None:
        data = await self.service.page_data(table_id, caller.user_id)
        self.record.append({"what": ["page", caller.name], "state": data})

    async def tick(self) -> None:
        self.service.clock.now += timedelta(hours=7)
        for extension in self.service.extensions:
            if hasattr(extension, "tick"):
                await extension.tick(self.service.clock.now)

    async def play(self) -> dict[str, list[str]]:
        people = self.people
        started = await self._lobby()
        self.table_id = (await self.table()).row.id
        self.stale = next((b.custom_id for b in started.buttons if b.custom_id), None)
        self.last, made = started, 0
        for step in range(PERSON_MOVES * 3):
            loaded = await self.table()
            if loaded is None or made >= PERSON_MOVES:
                break
            acting = self._acting(loaded)
            if not acting:
                break
            reply = await self._turn(step, loaded, acting[0], [p for p in people if p not in acting])
            if reply is None:
                continue
            made += reply.ok
            if step % 8 == 7:
                await self.tick()
        await self._end()
        return {surface: [digest([entry["what"], entry.get(surface)]) for entry in self.record] for surface in SURFACES}

    async def _lobby(self) -> Reply:
        people, cls = self.people, registry.get(self.key)
        host = people[0]
        await self.handle(host, "rules", {"game": self.key})
        await self.handle(host, "move", {"move": "roll"})  # no table yet
        await self.handle(host, "open", {"game": self.key})
        for person in people[1:]:
            await self.handle(person, "join")
        if cls.max_players > len(people) and self.key != "growsky":  # one game of two people: /resign asks
            await self.handle(host, "addai")
        await self.handle(host, "rules")
        return await self.handle(host, "start")

    def _acting(self, loaded) -> list[Caller]:
        by_user = {p.user_id: p for p in self.people}
        seats = {s.seat: s.user_id for s in loaded.seats}
        return [by_user[seats[s]] for s in loaded.game.to_act() if seats.get(s) in by_user]

    async def _turn(self, step: int, loaded, caller: Caller, idle: list[Caller]) -> Reply | None:
        """One move of a person, made one of the ways in, with the asides of that step."""
        seat = next(s.seat for s in loaded.seats if s.user_id == caller.user_id)
        move = self.rng.choice(loaded.game.legal_moves(seat))
        await self._asides(step, caller, idle, move)
        quick = [b.custom_id for b in self.last.buttons
                 if (parse_custom_id(b.custom_id) or ("",))[0] == "m"] if self.last.text else []
        way = step % 5
        if way == 1 and quick:
            reply = await self.press(caller, self.rng.choice(quick))
        elif way == 2:
            menus = await self.press(caller, f"isles:ls:{self.table_id}:{loaded.version}")
            options = [(m.custom_id, v) for m in menu_parts(menus.menus)[0] for _, v in m.options]  # as Discord shows them
            if not options:
                return None
            cid, value = self.rng.choice(options)
            reply = await self.press(caller, cid, [value])
        elif way == 3:
            reply = await self.say(f"{caller.name} page move {move}", await self.service.move(
                caller, move, loaded.version, table_id=self.table_id))
            await self.web(caller, self.table_id)
        else:
            reply = await self.handle(caller, "move", {"move": move})
        if reply.text:
            self.last = reply
        back = [b.custom_id for b in reply.private_buttons if b.custom_id]
        if back and step % 7 == 5:
            await self.press(caller, back[0])
        return reply

    async def _asides(self, step: int, caller: Caller, idle: list[Caller], move: str) -> None:
        if step % 6 == 2:
            await self.handle(caller, "moves")
            await self.handle(caller, "moves", {"filter": move.split()[0], "page": "2"})
            await self.handle(caller, "hand")
            self.record.append({"what": "suggest", "state": await self.service.suggest_moves(caller, move[:3], MAX_CHOICES)})
            await self.web(caller, self.table_id)
        if step % 6 == 4:
            await self.handle(caller, "history")
            await self.handle(caller, "board")
            if idle:
                await self.handle(idle[0], "move", {"move": move})
            await self.handle(caller, "move", {"move": "   "})
            await self.handle(caller, "move", {"move": "x" * 500})
            if self.stale:
                await self.press(caller, self.stale)

    async def _end(self) -> None:
        people = self.people
        history = await self.handle(people[0], "history", {"page": "1"})
        for button in history.buttons:
            await self.press(people[0], button.custom_id)
        await self.handle(people[-1], "resign")
        if await self.table() is not None:
            resign = await self.handle(people[0], "resign")
            for button in resign.buttons:
                await self.press(people[0], button.custom_id)
        await self.handle(people[0], "board")
        await self.handle(people[0], "hand")
        await self.handle(people[0], "history")
        await self.web(people[0], self.table_id)


async def play_game(key: str, folder: Path) -> dict[str, list[str]]:
    store = await Store.open(str(folder / f"{key}.db"))
    try:
        service = TableService(store, clock=Clock(), draw_images=False, seeds=lambda: 4711)
        install(service, prepare_daily=False)
        names = ["Ann", "Ben", "Cleo", "Dmitri"]
        count = 1 if registry.get(key).max_players == 1 else 2
        people = [Caller(GUILD, CHANNEL, 100 + i, names[i]) for i in range(count)]
        return await Run(service, key, people).play()
    finally:
        await store.close()


async def fingerprint(keys: list[str] | None = None) -> dict[str, dict[str, list[str]]]:
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        for key in keys or sorted(registry.available()):
            out[key] = await play_game(key, Path(folder))
    return out


def differences(recorded: dict[str, dict[str, list[str]]], now: dict[str, dict[str, list[str]]]) -> list[str]:
    """Where each game's answers first differ from the recorded ones, surface by surface."""
    out = []
    for key in sorted(set(recorded) | set(now)):
        for surface in SURFACES:
            old, new = recorded.get(key, {}).get(surface, []), now.get(key, {}).get(surface, [])
            first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
            if first is None and len(old) == len(new):
                continue
            where = first if first is not None else min(len(old), len(new))
            out.append(f"{key}: answer {where} differs in {surface} ({len(old)} recorded, {len(new)} now)")
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", action="store_true", help=f"write the fingerprint to {RECORD}")
    args = parser.parse_args()
    found = asyncio.run(fingerprint())
    if args.record:
        RECORD.parent.mkdir(exist_ok=True)
        RECORD.write_text(json.dumps(found, indent=0) + "\n")
    recorded = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    print("\n".join(differences(recorded, found))
          or f"the same: {sum(len(v['state']) for v in found.values())} answers")
    sys.exit(0)


if __name__ == "__main__":
    main()

"""Write the cards Isles sends as the JSON Discord receives, into docs/cards/ (one file a card).

    .venv/bin/python -m tests.discord.card_docs

Each payload is captured from the real client driven in process (harness.py), as the tests do,
and checked against Discord's limits. The tables are of the test game `sticks` (short games, so
that a results post, a leaderboard and stats exist); /help lists the registered games only.
Pictures are not drawn: the files are named as they would be uploaded.
"""

from __future__ import annotations

import asyncio
import json
import logging
import tempfile
from dataclasses import replace
from pathlib import Path

import discord
import pytest

import render
from bot.adapters.discord.client import create_bot
from bot.core.service import TableService
from bot.extensions import install
from db.store import Store
from games import registry
from tests.discord import limits
from tests.discord.conftest import PICTURE, settings_for
from tests.discord.harness import ALICE, APP, BOB, BOT_USER, CHANNEL, Harness, Message

OUT = Path(__file__).resolve().parents[2] / "docs" / "cards"
DOCS = "https://example.org/isles/README.md"


def shown(message: Message) -> dict:
    body = {k: message.body[k] for k in ("flags", "components", "allowed_mentions") if k in message.body}
    problems = limits.check_message(message.body, message.files)
    assert not problems, problems
    return {"files": [name for name, _ in message.files], **body}


async def capture(folder: Path) -> dict[str, dict]:
    cards: dict[str, dict] = {}
    monkeypatch = pytest.MonkeyPatch()
    store = await Store.open(str(folder / "cards.db"))
    try:
        service = TableService(store)
        installed = install(service, prepare_daily=False, docs_url=DOCS)
        client = create_bot(service, replace(settings_for(folder / "cards.db"), docs_url=DOCS))
        harness = Harness(client, service, monkeypatch)
        async with client:
            state = client._connection
            state.user = discord.ClientUser(state=state, data=BOT_USER)
            state.application_id = APP
            client.poster.delays = (0.05,)
            (answer,) = (await harness.command(ALICE, "help")).private
            cards["help"] = shown(answer)
            from tests.discord.test_cards import joined_guild

            await harness.event("GUILD_CREATE", joined_guild(5, CHANNEL + 7))
            (welcome,) = harness.posts()
            cards["welcome"] = {"files": [], **{k: welcome.body[k] for k in ("flags", "components")}}

            monkeypatch.setitem(registry.MODULES, "sticks", "tests.sticks")
            drawn = render.draw
            monkeypatch.setattr(render, "draw", lambda key, view, names: PICTURE if key == "sticks"
                                else drawn(key, view, names))
            opened = await harness.command(ALICE, "open", {"game": "sticks", "options": "sticks=40 most=30"})
            thread = list(harness.threads)[-1]
            await harness.command(BOB, "join", channel=thread)
            start = (await harness.command(ALICE, "start", channel=thread)).public[0]
            (actor,) = start.pinged
            person = ALICE if actor == ALICE.id else BOB
            menu = await harness.press(person, start, start.buttons()["My moves"])
            cards["my-moves"] = shown(menu.private[0])
            await harness.command(person, "move", {"move": "take 30"}, channel=thread)
            other = BOB if person is ALICE else ALICE
            end = await harness.command(other, "move", {"move": "take 10"}, channel=thread)
            cards["results"] = shown(end.public[0])
            await installed.timing.settle()
            cards["leaderboard"] = shown((await harness.command(ALICE, "leaderboard")).public[0])
            cards["stats"] = shown((await harness.command(BOB, "stats")).public[0])
            await harness.command(ALICE, "open", {"game": "sticks"})
            cards["games"] = shown((await harness.command(ALICE, "games")).private[0])
            assert opened.public
            await harness.drain()
    finally:
        monkeypatch.undo()
        await store.close()
    cards["dailyboard"] = await daily_board(folder)
    return cards


async def daily_board(folder: Path) -> dict:
    from bot.features.daily import install as install_daily
    from tests.features.test_daily import Solver

    monkeypatch = pytest.MonkeyPatch()
    store = await Store.open(str(folder / "daily.db"))
    try:
        service = TableService(store)
        install_daily(service, solver=Solver(), wait_for_deal=True)
        client = create_bot(service, settings_for(folder / "daily.db"))
        harness = Harness(client, service, monkeypatch)
        async with client:
            state = client._connection
            state.user = discord.ClientUser(state=state, data=BOT_USER)
            state.application_id = APP
            await harness.command(ALICE, "daily")
            return shown((await harness.command(BOB, "dailyboard")).public[0])
    finally:
        monkeypatch.undo()
        await store.close()


def main() -> None:
    # the test game has no animation (its worker knows only the registered games): not a card's concern
    logging.getLogger("bot.features.animation").setLevel(logging.CRITICAL)
    with tempfile.TemporaryDirectory() as folder:
        cards = asyncio.run(capture(Path(folder)))
    OUT.mkdir(parents=True, exist_ok=True)
    for name, body in cards.items():
        (OUT / f"{name}.json").write_text(json.dumps(body, indent=2, ensure_ascii=False) + "\n")
        print(OUT / f"{name}.json")


if __name__ == "__main__":
    main()

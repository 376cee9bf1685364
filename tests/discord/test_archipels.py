"""The adapter with the real Archipels, when it is installed: every payload within limits."""

from __future__ import annotations

import importlib.util

import pytest

from games import registry
from tests.discord.harness import ALICE, BOB
from tests.discord.test_flow import one_public, only_private

pytestmark = pytest.mark.skipif("archipels" not in registry.available(), reason="Archipels is not built yet")
PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}
HAS_PICTURE = importlib.util.find_spec("render.archipels") is not None


async def test_archipels_through_discord(bot):
    ex = await bot.command(ALICE, "open", {"game": "archipels"})
    thread = list(bot.threads)[-1]
    assert one_public(ex).channel_id == thread
    one_public(await bot.command(BOB, "join", channel=thread))
    board = one_public(await bot.command(ALICE, "start", channel=thread))
    if HAS_PICTURE:
        assert board.files and board.files[0][0].endswith(".png")
    (actor,) = board.pinged
    person = PEOPLE[actor]

    ex = await bot.autocomplete(person, "move", {"move": ""}, focused="move", channel=thread)
    legal = [c["value"] for c in ex.choices]
    assert 0 < len(legal) <= 25
    typed = legal[0].split()[0]
    ex = await bot.autocomplete(person, "move", {"move": typed}, focused="move", channel=thread)
    assert all(c["value"].startswith(typed) for c in ex.choices)

    before = (await bot.table(thread)).version
    only_private(await bot.command(person, "move", {"move": "take nothing at all"}, channel=thread))
    assert (await bot.table(thread)).version == before

    moved = one_public(await bot.command(person, "move", {"move": legal[0]}, channel=thread))
    assert (await bot.table(thread)).version > before
    if HAS_PICTURE:
        assert moved.files

    nxt = sorted(moved.pinged or {actor})[0]
    menu = await bot.press(PEOPLE[nxt], moved, moved.buttons()["My moves"])
    (answer,) = menu.private
    selects = answer.selects()
    assert 1 <= len(selects) <= 5
    choice = selects[0]["options"][0]["value"]
    played = one_public(await bot.press(PEOPLE[nxt], answer, selects[0]["custom_id"], values=[choice]))
    assert played.content

    stale = await bot.press(PEOPLE[nxt], answer, selects[0]["custom_id"], values=[choice])
    assert "earlier turn" in only_private(stale)

    rules = await bot.command(ALICE, "rules", {"game": "archipels"})
    assert rules.private and not rules.public

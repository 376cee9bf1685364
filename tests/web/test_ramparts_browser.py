"""A Ramparts board page in a real browser (tests/web/test_browser.py's Chromium): the keyboard
walks the lit places to a knight's corner, and Enter with the chooser plays the knight's move.

Skipped, with the reason, where playwright or Chromium is missing."""

from __future__ import annotations

import random

from tests.helpers import ALICE, BOB, open_table
from tests.web.test_browser import browser, logged, open_page, pytestmark  # noqa: F401  (the fixture, the skips)

try:
    from playwright.async_api import expect
except ImportError:  # pragma: no cover - depends on the machine
    expect = None

KNIGHTLY = ("knight ", "activate knight ", "promote knight ", "move knight ", "wall ")


async def to_a_knights_move(served) -> tuple:
    """A Ramparts table played as the computer would until the player in turn may place, raise or
    move a knight or build a wall: that player and the moves."""
    service = served.service
    await open_table(service, "pioneers", (ALICE, BOB), options="ramparts=on")
    table = await served.table_id()
    rng = random.Random(6)
    for _ in range(600):
        loaded = await service.table(table)
        game = loaded.game
        seat = game.to_act()[0]
        who = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
        moves = game.legal_moves(seat)
        if game.phase == "main" and any(m.startswith(KNIGHTLY) for m in moves):
            return who, moves
        assert (await service.handle(who, "move", {"move": game.ai_move(seat, rng)})).ok
    raise AssertionError("no knight's move came")


async def test_the_keys_walk_to_a_knights_corner_and_play_its_move(browser, served):  # noqa: F811
    who, _ = await to_a_knights_move(served)
    table = await served.table_id()
    state = await served.state(served.token(who.user_id, table))
    named = {r["name"]: r["moves"] for r in state["regions"] if r["moves"]}
    assert any(m.startswith(KNIGHTLY) for moves in named.values() for m in moves)
    before = await logged(served)
    page = await open_page(browser, served, who)
    await page.keyboard.press("ArrowRight")  # the first lit place takes the focus
    for _ in range(len(named) * 4):  # the arrows walk the lit places until one holds a knight's move
        name = await page.evaluate("document.activeElement.dataset.name")
        if any(m.startswith(KNIGHTLY) for m in named.get(name, ())):
            break
        await page.keyboard.press("ArrowRight" if _ % 2 == 0 else "ArrowDown")
    moves = named[name]
    wanted = next(m for m in moves if m.startswith(KNIGHTLY))
    await page.keyboard.press("Enter")
    if len(moves) > 1:  # the chooser asks which: the knight's move is pressed there, and played
        await expect(page.locator("#choice-moves button").first).to_be_focused()
        await page.locator("#choice-moves button", has_text=wanted).first.click()
    else:
        assert moves == [wanted]  # a place of one move plays it on Enter
    await expect(page.locator("#log li")).to_have_count(len(before) + 1)
    assert (await logged(served))[len(before):] == [wanted]
    assert page.problems == []

"""The board page as a one-thumb table, in Chromium at 390 x 844 with touch: a place lit only for
the legal moves that name it, the chooser opened where the thumb is, roll and end on a bar in
view, a take-back request and an offer shown live on the other page, Grow Sky's parts placed by
the engine room's square and then the legend, and a link that no longer opens the board.

Skipped like tests/web/test_browser.py where playwright or Chromium is missing. Every wait is on
an event (playwright's expect), with a generous limit for a loaded machine.
"""

from __future__ import annotations

import random
import re

import pytest

from bot.features.takeback import TakeBack
from games import registry
from tests.helpers import ALICE, BOB
from tests.web.conftest import NOW, start_table
from tests.web.test_browser import (  # noqa: F401 - pytestmark skips this module as that one
    CHROMIUM,
    GAMES,
    async_playwright,
    logged,
    mover_and_other,
    play_setup,
    pytestmark,
    start,
    who_moves,
)

try:
    from playwright.async_api import expect
except ImportError:  # pragma: no cover - skipped by pytestmark
    expect = None

PHONE = {"width": 390, "height": 844}
LONG = 15_000  # ms: what a loaded machine may take to show a change; an event ends the wait sooner


@pytest.fixture
async def browser():
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            await launched.close()


async def open_thumb(browser, served, caller, expires=None):
    """The caller's page in a phone's browser: 390 x 844, touch, a phone's user agent."""
    table = await served.table_id()
    context = await browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = await context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.problems = problems
    token = served.token(caller.user_id, table, expires=expires)
    page.answer = await page.goto(str(served.client.make_url(f"/t/{token}")))
    return page


async def ready(page) -> None:
    await expect(page.locator("#turn")).not_to_have_text("", timeout=LONG)
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(r"board\.png\?v=\d+$"), timeout=LONG)
    await expect(page.locator("#board")).to_have_js_property("complete", True, timeout=LONG)


# each lit place, as the page draws it: its name and kind as the server gave them
LIT = """() => [...document.querySelectorAll('.region.legal')].map((el) => el.dataset.name)"""


def in_view(box) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


async def assert_lit_places_name_their_moves(page, served, caller) -> int:
    """Every place lit on the page has a legal move, and each of its moves names that place as a
    place (the game's `move_places`, by kind): no corner lit by a trade, no forge by a card."""
    state = await served.state(served.token(caller.user_id, await served.table_id()))
    legal = set(state["moves"])
    places = registry.get(state["game"]).move_places
    by_name: dict[str, list[dict]] = {}
    for region in state["regions"]:
        by_name.setdefault(region["name"], []).append(region)
    lit = await page.evaluate(LIT)
    for name in lit:
        regions = [r for r in by_name[name] if r["moves"]]
        assert regions, name
        for region in regions:
            for move in region["moves"]:
                assert move in legal, (name, move)
                named = {n for kind, n in places(move) if kind in ("", region.get("kind", ""))}
                joined = re.findall(r"[a-z]+-?\d+", name.lower())
                assert name.lower() in named or (len(joined) > 1 and set(joined) <= {n for _, n in places(move)}), \
                    (name, region.get("kind"), move)
    return len(lit)


async def pioneers_after_the_roll(served):
    """Pioneer's Isle past the setup, rolled, the mover holding goods to trade with the bank."""
    await start_table(served.service, "pioneers")
    await play_setup(served)
    first, other = await mover_and_other(served)
    assert (await served.service.handle(first, "move", {"move": "roll"})).ok
    loaded = await served.service.table(await served.table_id())
    if loaded.game.phase != "main":
        pytest.skip("the seed's roll is a 7")
    seat = loaded.seat_of(first.user_id).seat
    loaded.game.hands[seat] = [4, 4, 4, 4, 4]  # every trade with the bank, and every building, on offer
    return first, other


async def test_no_place_is_lit_without_a_legal_move_that_names_it(browser, served):
    first, _ = await pioneers_after_the_roll(served)
    page = await open_thumb(browser, served, first)
    await ready(page)
    state = await served.state(served.token(first.user_id, await served.table_id()))
    assert any(m.startswith("trade ") for m in state["moves"])  # the trades that lit corners and harbours
    await assert_lit_places_name_their_moves(page, served, first)
    kinds = {r.get("kind") for r in state["regions"] if r["moves"]}
    assert "harbour" not in kinds, kinds  # a trade with the bank needs no harbour tapped
    assert page.problems == []


async def test_the_chooser_opens_inside_the_screen_after_a_tap(browser, served):
    await start(served, "hawaii")
    page = await open_thumb(browser, served, ALICE)
    await ready(page)
    shares = page.locator('.region.legal[data-name="shares"]')
    await shares.tap()  # the board is shown whole: this tap makes it large around the finger
    await expect(page.locator("#board-view")).to_have_class(re.compile("zoomed"), timeout=LONG)
    await shares.scroll_into_view_if_needed()
    await shares.tap()
    buttons = page.locator("#choice-moves button")
    await expect(buttons.first).to_be_visible(timeout=LONG)
    assert await buttons.count() >= 12
    for k in range(await buttons.count()):
        box = await buttons.nth(k).bounding_box()
        assert in_view(box), (k, box)
    await buttons.nth(3).tap()
    await expect(page.locator("#confirm")).to_be_visible(timeout=LONG)
    assert in_view(await page.locator("#confirm").bounding_box())
    await page.locator("#confirm").tap()
    await expect(page.locator("#log li")).to_have_count(1, timeout=LONG)
    assert await logged(served) == ["shares 3"]
    assert page.problems == []


async def test_roll_and_end_are_on_the_screen_without_scrolling(browser, served):
    await start_table(served.service, "pioneers")
    await play_setup(served)
    first, other = await mover_and_other(served)
    page = await open_thumb(browser, served, first)
    await ready(page)
    count = len(await logged(served))
    roll = page.locator('#bar button[data-move="roll"]')
    await expect(roll).to_be_visible(timeout=LONG)
    assert in_view(await roll.bounding_box())
    assert await page.evaluate("scrollY") == 0
    await roll.tap()  # the obvious move: one tap plays it, as Space does
    await expect(page.locator("#log li").last).to_contain_text("roll", timeout=LONG)
    if (await served.service.table(await served.table_id())).game.phase != "main":
        pytest.skip("the seed's roll is a 7")
    end = page.locator('#bar button[data-move="end"]')
    await expect(end).to_be_visible(timeout=LONG)
    assert in_view(await end.bounding_box())
    await end.tap()
    await expect(page.locator("#turn")).not_to_have_text("Your turn", timeout=LONG)
    assert (await logged(served))[count:] == ["roll", "end"]
    assert page.problems == []


async def test_a_take_back_request_is_shown_live_on_the_other_page(browser, served):
    served.service.extend(TakeBack(served.service))
    await start_table(served.service, "pioneers")
    first, other = await mover_and_other(served)
    state = await served.state(served.token(first.user_id, await served.table_id()))
    assert (await served.service.handle(first, "move", {"move": state["moves"][0]})).ok
    answering = await open_thumb(browser, served, other)
    await ready(answering)
    await expect(answering).not_to_have_title(re.compile(r"^Your answer"), timeout=LONG)
    icon = await answering.locator("link[rel=icon]").get_attribute("href")
    asked = await served.service.handle(first, "takeback")  # asked in Discord: the page was not reloaded
    assert asked.ok, asked.private
    await expect(answering).to_have_title(re.compile(r"^Your answer"), timeout=LONG)
    await expect(answering.locator("#turn")).to_have_text("Your answer", timeout=LONG)
    assert await answering.locator("link[rel=icon]").get_attribute("href") != icon
    agree = answering.locator("#bar button", has_text=re.compile(r"^Agree"))
    await expect(agree).to_be_visible(timeout=LONG)
    assert in_view(await agree.bounding_box())
    await agree.tap()
    await expect(answering.locator("#log li")).to_have_count(0, timeout=LONG)
    assert await logged(served) == []
    await expect(answering).not_to_have_title(re.compile(r"^Your answer"), timeout=LONG)
    assert answering.problems == []


async def test_an_offer_is_shown_live_and_answered_from_the_bar(browser, served):
    first, other = await pioneers_after_the_roll(served)
    answering = await open_thumb(browser, served, other)
    await ready(answering)
    loaded = await served.service.table(await served.table_id())
    loaded.game.hands[loaded.seat_of(other.user_id).seat][4] += 1  # ore to give for the lumber
    assert (await served.service.handle(first, "move", {"move": "offer 1 lumber for 1 ore"})).ok
    await expect(answering).to_have_title(re.compile(r"^Your answer"), timeout=LONG)
    decline = answering.locator("#bar button", has_text=re.compile(r"^Decline"))
    await expect(decline).to_be_visible(timeout=LONG)
    assert in_view(await decline.bounding_box())
    await decline.tap()
    await expect(answering.locator("#message")).to_contain_text("Played: decline", timeout=LONG)
    assert (await logged(served))[-1].startswith("decline ")
    assert answering.problems == []


async def growsky_placement(served):
    """A Grow Sky table played by the computer's moves up to a part waiting to be placed."""
    await start(served, "growsky")
    service, table = served.service, await served.table_id()
    rng = random.Random(2)
    for _ in range(60):
        loaded = await service.table(table)
        seat = loaded.game.to_act()[0]
        if any(m.startswith("place ") for m in loaded.game.legal_moves(seat)):
            return ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
        who = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
        assert (await service.handle(who, "move", {"move": loaded.game.ai_move(seat, rng)})).ok
    pytest.skip("no part to place in the first moves of this seed")


async def test_a_grow_sky_part_is_placed_by_its_square_then_its_turn_on_the_board(browser, served):
    first = await growsky_placement(served)
    page = await open_thumb(browser, served, first)
    await ready(page)
    state = await served.state(served.token(first.user_id, await served.table_id()))
    squares = {r["name"]: r["moves"] for r in state["regions"] if r.get("kind") == "square" and r["moves"]}
    name, moves = max(squares.items(), key=lambda item: len(item[1]))
    assert len(moves) > 12  # too many for a list: the board tells them apart
    await page.locator("#board-view").tap()  # large enough for a finger
    await expect(page.locator("#board-view")).to_have_class(re.compile("zoomed"), timeout=LONG)
    square = page.locator(f'.region.legal[data-name="{name}"]')
    await square.scroll_into_view_if_needed()
    await square.tap()
    await expect(page.locator("#choice-words")).to_contain_text("Tap a lit place", timeout=LONG)
    assert await page.locator("#choice-moves button").count() == 0  # no chooser of dozens
    lit = await page.evaluate(LIT)
    turns = [n for n in lit if re.fullmatch(r"[a-z]+\d+o\d+", n)]
    assert turns, lit  # the legend's parts, each turned, that fit on that square
    assert name not in lit
    turn = page.locator(f'.region.legal[data-name="{turns[0]}"]')
    await turn.scroll_into_view_if_needed()
    await turn.tap()
    if await page.locator("#choice-moves button").count():  # the same part paid for in other ways
        await page.locator("#choice-moves button").first.tap()
    await expect(page.locator("#confirm")).to_be_visible(timeout=LONG)
    words = await page.locator("#choice-words").text_content()
    move = re.match(r"Play (.+?)\?", words)[1]
    shape, o = re.fullmatch(r"([a-z]+\d+)(o\d+)", turns[0]).groups()
    assert move.startswith(f"place {shape} {o} {name}"), move
    before = len(await logged(served))
    await page.locator("#confirm").tap()
    await expect(page.locator("#log li")).not_to_have_count(before, timeout=LONG)
    assert (await logged(served))[before] == move
    assert page.problems == []


@pytest.mark.parametrize("why", ["expired", "altered"])
async def test_a_link_that_no_longer_opens_the_board_answers_with_a_page(browser, served, why):
    await start_table(served.service, "pioneers")
    page = await open_thumb(browser, served, ALICE, expires=NOW - 1 if why == "expired" else None)
    if why == "altered":
        token = served.token(ALICE.user_id, await served.table_id())
        page.answer = await page.goto(str(served.client.make_url(f"/t/{token[:-2]}xx")))
    assert page.answer.status == 403
    assert page.answer.headers["content-type"].startswith("text/html")
    await expect(page).to_have_title(re.compile("no longer opens the board"), timeout=LONG)
    words = await page.locator("#gone").inner_text()
    assert "expired" in words and "/web" in words and "Open the board" in words
    assert page.problems == []


async def test_a_solo_take_back_says_it_was_taken_back(browser, served):
    served.service.extend(TakeBack(served.service))
    await start(served, "hawaii")
    assert (await served.service.handle(ALICE, "move", {"move": "shares 3"})).ok
    page = await open_thumb(browser, served, ALICE)
    await ready(page)
    await expect(page.locator("#takeback")).to_be_visible(timeout=LONG)
    await page.locator("#takeback").tap()
    await expect(page.locator("#message")).to_contain_text("took back shares 3", timeout=LONG)
    assert "Asked" not in await page.locator("#message").inner_text()
    assert await logged(served) == []
    assert page.problems == []


RED = "rgb(204, 34, 34)"  # the ring of the keys' focus and of a chosen place


async def test_the_first_tap_leaves_no_ring_and_two_fingers_still_zoom(browser, served):
    await start_table(served.service, "pioneers")
    first, _ = await mover_and_other(served)
    page = await open_thumb(browser, served, first)
    await ready(page)
    corner = page.locator(".region.legal").first
    box = await corner.bounding_box()
    await page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await expect(page.locator("#board-view")).to_have_class(re.compile("zoomed"), timeout=LONG)
    strokes = await page.locator(".region").evaluate_all("(els) => els.map((e) => getComputedStyle(e).stroke)")
    assert RED not in strokes  # the tap only made the board large: no place looks chosen
    assert await page.locator("#choice").is_hidden()
    touch = await page.locator("#board-view").evaluate("(v) => getComputedStyle(v).touchAction")
    assert touch == "manipulation" or "pinch-zoom" in touch, touch  # pans and pinches, as Chromium names it
    await page.keyboard.press("Tab")  # the keys still show where they are
    await page.keyboard.press("Escape")
    await page.keyboard.press("ArrowRight")
    focused = page.locator(".region.legal:focus")
    await expect(focused).to_have_count(1, timeout=LONG)
    assert await focused.evaluate("(e) => getComputedStyle(e).stroke") == RED
    assert page.problems == []

"""The board page as a table on a phone, in Chromium at 390 px wide (and the keys of the guide at
a desktop's width): places to tap a finger wide, the board made large by a tap, the seat's own
part, the turn told in the tab, take-backs, an expired link, plain words, CSS `hidden` kept.

Skipped like tests/web/test_browser.py where playwright or Chromium is missing.
"""

from __future__ import annotations

import re

import pytest

from bot.features.takeback import TakeBack
from tests.helpers import ALICE, BOB, CAROL
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


@pytest.fixture
async def browser():
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            await launched.close()

PHONE = {"width": 390, "height": 844}
FINGER = 40

# the narrowest way across each highlighted place as drawn on the screen, in CSS pixels: a
# circle's diameter, a rectangle's shorter side, a polygon's least width between parallel lines
NARROWEST = """() => {
  const svg = document.getElementById("overlay");
  const box = svg.viewBox.baseVal;
  const k = svg.getBoundingClientRect().width / box.width;
  return [...document.querySelectorAll(".region.legal")].map((el) => {
    if (el.tagName === "circle") return 2 * el.r.baseVal.value * k;
    if (el.tagName === "rect") return Math.min(el.width.baseVal.value, el.height.baseVal.value) * k;
    const p = [...el.points].map((q) => [q.x * k, q.y * k]);
    let least = Infinity;
    p.forEach((a, i) => {
      const b = p[(i + 1) % p.length];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (!len) return;
      const d = p.map((c) => ((c[0] - a[0]) * (b[1] - a[1]) - (c[1] - a[1]) * (b[0] - a[0])) / len);
      least = Math.min(least, Math.max(...d) - Math.min(...d));
    });
    return least;
  });
}"""

# every visible thing a finger may tap outside the board, with its size
TAPPABLE = """() => [...document.querySelectorAll("button, input, #log li, a")]
  .filter((el) => el.offsetParent !== null)
  .map((el) => { const r = el.getBoundingClientRect(); return [el.id || el.textContent.trim().slice(0, 30), r.width, r.height]; })"""


async def open_phone(browser, served, caller, viewport=PHONE, expires=None):
    table = await served.table_id()
    page = await browser.new_page(viewport=viewport)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.problems = problems
    token = served.token(caller.user_id, table, expires=expires)
    await page.goto(str(served.client.make_url(f"/t/{token}")))
    await expect(page.locator("#turn")).not_to_have_text("")
    return page


async def board_loaded(page) -> None:
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(r"board\.png\?v=\d+$"))
    await expect(page.locator("#board")).to_have_js_property("complete", True)
    assert await page.evaluate("document.getElementById('board').naturalWidth") > 0


@pytest.mark.parametrize("game", GAMES)
async def test_at_390_px_every_place_to_tap_is_a_finger_wide(browser, served, game):
    await start(served, game)
    first, _ = await who_moves(served)
    page = await open_phone(browser, served, first)
    await board_loaded(page)
    small = [t for t in await page.evaluate(TAPPABLE) if t[1] < FINGER or t[2] < FINGER]
    assert small == []
    natural = await page.evaluate("document.getElementById('board').naturalWidth")
    assert (await page.locator("#board").bounding_box())["width"] < natural  # the whole board, shrunk
    box = await page.locator("#board").bounding_box()
    await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)  # a tap makes it large
    await expect(page.locator("#board-view")).to_have_class(re.compile("zoomed"))
    assert await logged(served) == [] and await page.locator("#choice").is_hidden()  # and chooses nothing
    shown = (await page.locator("#board").bounding_box())["width"]
    assert shown >= natural  # at least as drawn: its words as readable as in Discord's preview
    widths = await page.evaluate(NARROWEST)
    assert widths and min(widths) >= FINGER - 0.5, sorted(widths)[:5]
    view = page.locator("#board-view")  # the large board pans inside the page's width
    assert (await view.bounding_box())["width"] <= PHONE["width"]
    assert await view.evaluate("(v) => v.scrollWidth > v.clientWidth")
    spot = page.locator(".region.legal").first
    await spot.scroll_into_view_if_needed()
    await spot.click()
    await expect(page.locator("#choice")).to_be_visible()  # now a tap chooses
    await page.click("#zoom-fit")
    await expect(page.locator("#board-view")).not_to_have_class(re.compile("zoomed"))
    assert page.problems == []


async def test_an_archipels_tile_is_a_place_to_tap(browser, served):
    await start(served, "archipels")
    first, _ = await who_moves(served)
    page = await open_phone(browser, served, first, viewport={"width": 1280, "height": 1000})
    names = [n for n in await page.locator(".region.legal").evaluate_all("(els) => els.map((e) => e.dataset.name)")
             if re.fullmatch(r"r\dc\d", n)]
    assert names, "no tile is a place to click"
    await page.locator(f'.region.legal[data-name="{names[0]}"]').click()
    await expect(page.locator("#choice")).to_be_visible()
    row, column = names[0][:2], names[0][2:]
    words = await page.locator("#choice").text_content()
    assert re.search(rf"take .*\b{row}\b", words) and column in words, words
    assert page.problems == []


async def test_the_seats_own_part_is_on_its_page_alone(browser, served):
    await start(served, "propeller")
    first, other = await who_moves(served)
    table = await served.table_id()
    loaded = await served.service.table(table)
    mine = loaded.seat_of(first.user_id).seat
    page = await open_phone(browser, served, first)
    await expect(page.locator("#own")).to_be_visible()
    words = await page.locator("#private").text_content()
    assert "Your Blueprints:" in words
    blueprints = loaded.game.hands[mine]
    assert all(f"- {card} (level" in words for card in blueprints)
    await expect(page.locator("#hand")).to_be_visible()  # the picture /hand draws: the seat's island, large
    await expect(page.locator("#hand")).to_have_js_property("complete", True)
    assert await page.evaluate("document.getElementById('hand').naturalWidth") > 0
    theirs = await open_phone(browser, served, other)
    their_words = await theirs.locator("#private").text_content()
    assert their_words and their_words != words
    watcher = await open_phone(browser, served, CAROL)
    await expect(watcher.locator("#own")).to_be_hidden()
    await expect(watcher.locator("#typed")).to_be_hidden()  # no "Type a move" for a spectator
    assert page.problems == [] and theirs.problems == [] and watcher.problems == []


async def test_the_tab_tells_whose_turn_it_is(browser, served):
    await start_table(served.service, "pioneers")
    first, other = await mover_and_other(served)
    page = await open_phone(browser, served, first)
    waiting = await open_phone(browser, served, other)
    await expect(page).to_have_title(re.compile(r"^Your turn"))
    await expect(waiting).to_have_title(re.compile(r"^Pioneer's Isle"))
    icon = page.locator("link[rel=icon]")
    mine, theirs = await icon.get_attribute("href"), await waiting.locator("link[rel=icon]").get_attribute("href")
    assert mine.startswith("data:image/svg+xml") and theirs.startswith("data:image/svg+xml") and mine != theirs
    await play_setup(served)  # the turn passes by moves made elsewhere
    now, _ = await mover_and_other(served)
    turn_page, other_page = (page, waiting) if now is first else (waiting, page)
    # the pages may still be catching up with the setup's moves (each passes the turn): the icon is
    # awaited as the titles are, until the pages show the table as it stands
    await expect(turn_page.locator("link[rel=icon]")).to_have_attribute("href", mine)
    await expect(turn_page).to_have_title(re.compile(r"^Your turn"))
    await expect(other_page).not_to_have_title(re.compile(r"^Your turn"))


async def test_the_page_offers_the_take_back_and_the_other_agrees(browser, served):
    served.service.extend(TakeBack(served.service))
    await start_table(served.service, "pioneers")
    first, other = await mover_and_other(served)
    page = await open_phone(browser, served, first)
    await expect(page.locator("#takeback")).to_be_hidden()
    await expect(page.locator("#all-moves")).not_to_have_attribute("open", "")  # 54 corners: a list folded on a phone
    await page.click("#all-moves summary")
    await page.locator("#moves button").first.click()
    await page.click("#confirm")
    await expect(page.locator("#log li")).to_have_count(1)
    await expect(page.locator("#takeback")).to_be_visible()
    await page.click("#takeback")
    await expect(page.locator("#takeback-words")).to_contain_text("You asked to take back settlement")
    answering = await open_phone(browser, served, other)
    await expect(answering.locator("#takeback-words")).to_contain_text(f"{first.name} asks to take back settlement")
    await answering.click("#takeback-agree")
    await expect(page.locator("#log li")).to_have_count(0)  # taken back, and the first page heard it
    assert await logged(served) == []
    await expect(page).to_have_title(re.compile(r"^Your turn"))
    assert page.problems == [] and answering.problems == []


async def test_an_expired_link_says_so_and_how_to_get_a_new_one(browser, served):
    await start_table(served.service, "pioneers")
    first, other = await mover_and_other(served)
    page = await open_phone(browser, served, other, expires=NOW + 60)
    await expect(page.locator("#turn")).to_contain_text("Waiting for")
    served.pages.clock = lambda: NOW + 61
    state = await served.state(served.token(first.user_id, await served.table_id(), expires=NOW + 3600))
    assert (await served.service.handle(first, "move", {"move": state["moves"][0]})).ok
    await expect(page.locator("#expired")).to_be_visible()
    await expect(page.locator("#expired")).to_contain_text("/web")
    await expect(page).to_have_title(re.compile(r"^Link expired"))
    await expect(page.locator("#turn")).to_have_text("This link has expired")
    await expect(page.locator("#typed")).to_be_hidden()
    assert page.problems == []


async def test_the_words_are_plain_text(browser, served):
    await start_table(served.service, "pioneers")
    await play_setup(served)
    first, _ = await mover_and_other(served)
    assert (await served.service.handle(first, "move", {"move": "roll"})).ok
    assert (await logged(served))[-1] == "roll"
    page = await open_phone(browser, served, first)
    await expect(page.locator("#log li").last).to_contain_text("roll")
    shown = await page.evaluate("document.body.innerText")
    assert "`" not in shown and "**" not in shown and "<@" not in shown
    stale = await page.evaluate("""async () => {
      const answer = await fetch(location.pathname + "/move", {method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({move: "end", version: 1})});
      return (await answer.json()).message;
    }""")
    assert "newest message" not in stale and "/move" not in stale


async def test_t_opens_the_trade_panel_only_after_your_roll(browser, served):
    await start_table(served.service, "pioneers")
    await play_setup(served)
    first, other = await mover_and_other(served)
    page = await open_phone(browser, served, first, viewport={"width": 1280, "height": 900})
    await page.keyboard.press("t")  # before the roll
    await page.wait_for_timeout(200)
    await expect(page.locator("#trade")).to_be_hidden()
    await page.keyboard.press("Space")
    await expect(page.locator("#log li").last).to_contain_text("roll")
    if not (await served.state(served.token(first.user_id, await served.table_id())))["trade"]["can_offer"]:
        pytest.skip("the seed's roll is a 7")
    await page.keyboard.press("t")
    await expect(page.locator("#trade")).to_be_visible()
    send = page.locator("#trade-send")  # nothing counted yet: the button is off, and looks it
    await expect(send).to_be_disabled()
    assert float(await send.evaluate("(b) => getComputedStyle(b).opacity")) <= 0.5
    assert await page.locator("#trade-close").evaluate("(b) => getComputedStyle(b).opacity") == "1"
    await page.keyboard.press("t")
    await expect(page.locator("#trade")).to_be_hidden()


async def test_arrows_do_not_scroll_the_page_while_a_spot_is_chosen(browser, served):
    await start_table(served.service, "pioneers")
    first, _ = await mover_and_other(served)
    page = await open_phone(browser, served, first)
    await board_loaded(page)
    await page.click("#zoom-in")  # large enough to choose by a tap
    await page.click("#zoom-in")
    spot = page.locator(".region.legal").last
    await spot.scroll_into_view_if_needed()
    await spot.click()
    await expect(page.locator("#confirm")).to_be_focused()
    await page.evaluate("document.getElementById('confirm').scrollIntoView({block: 'end'})")
    before = await page.evaluate("[scrollX, scrollY]")
    for key in ("ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"):
        await page.keyboard.press(key)
    await page.wait_for_timeout(200)
    assert await page.evaluate("[scrollX, scrollY]") == before
    await expect(page.locator("#confirm")).to_be_focused()  # still waiting for Confirm
    assert await logged(served) == []


async def test_space_after_clicking_words_does_not_roll(browser, served):
    await start_table(served.service, "pioneers")
    await play_setup(served)
    first, _ = await mover_and_other(served)
    page = await open_phone(browser, served, first, viewport={"width": 1280, "height": 900})
    count = len(await logged(served))
    await page.click("#text")  # to read or copy the turn's words
    await page.keyboard.press("Space")
    await page.wait_for_timeout(400)
    assert len(await logged(served)) == count
    await page.keyboard.press("Escape")  # the body has the focus again
    await page.keyboard.press("Space")
    await expect(page.locator("#log li").last).to_contain_text("roll")
    assert (await logged(served))[count:] == ["roll"]


async def test_hidden_things_stay_hidden(browser, served):
    reply = await served.service.handle(ALICE, "open", {"game": "pioneers"})
    assert reply.ok
    lobby = await open_phone(browser, served, ALICE)
    await expect(lobby.locator("#turn")).to_have_text("Waiting for players")
    await expect(lobby.locator("#board")).to_be_hidden()  # no broken image before the game has a picture
    await expect(lobby.locator("#typed")).to_be_hidden()
    assert (await served.service.handle(BOB, "join")).ok
    assert (await served.service.handle(ALICE, "start")).ok
    first, _ = await mover_and_other(served)
    await lobby.reload()
    await board_loaded(lobby)
    await expect(lobby.locator("#typed")).to_be_visible()
    table = await served.table_id()
    for player in (ALICE, BOB):  # both players agree to close the table: no more moves
        assert (await served.service.handle(player, "cancel")).ok
    over = await browser.new_page(viewport=PHONE)
    over.problems = []
    await over.goto(str(served.client.make_url(f"/t/{served.token(first.user_id, table)}")))
    await expect(over.locator("#turn")).to_have_text("The game is over")
    await expect(over.locator("#typed")).to_be_hidden()  # a finished game takes no typed move
    assert lobby.problems == [] and over.problems == []


async def test_a_resigned_seat_gets_no_box_to_type_a_move_while_the_others_play_on(browser, served):
    from tests.helpers import open_table, resign

    await open_table(served.service, "propeller", (ALICE, BOB, CAROL))
    gone = await resign(served.service, CAROL)
    assert gone.ok, gone.private
    loaded = served.service._cache.get(await served.table_id())
    assert loaded.row.status == "active" and not loaded.game.is_over()  # two people play on
    resigned = await open_phone(browser, served, CAROL)
    await board_loaded(resigned)
    await expect(resigned.locator("#typed")).to_be_hidden()
    playing = await open_phone(browser, served, ALICE)
    await board_loaded(playing)
    await expect(playing.locator("#typed")).to_be_visible()
    assert resigned.problems == [] and playing.problems == []


async def test_a_refusal_names_the_parts_of_the_page_not_discord_commands(browser, served):
    await start(served, "propeller")
    first, _ = await who_moves(served)
    typed = "fly to the moon"
    refused = await served.service.handle(first, "move", {"move": typed})
    assert not refused.ok and "/moves" in refused.private  # what Discord shows: its command
    page = await open_phone(browser, served, first)
    await page.fill("#typed-move", typed)
    await page.press("#typed-move", "Enter")
    message = page.locator("#message.refused")
    await expect(message).to_contain_text("\u201cYour moves\u201d")  # the list on this page
    assert "/moves" not in await message.inner_text()
    assert page.problems == []

"""The board page in a real browser: Debian's Chromium driven by Python playwright. For every
game: a move played by clicks on the picture and by keys, a refused move, the log's board of an
earlier move; Grow Sky's preview and its cancel, and Pioneer's Isle's trade panel.

Skipped, with the reason, where playwright or Chromium is missing (`apt-get install chromium`;
ISLES_CHROMIUM names another binary).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil

import pytest

from bot.adapters.console.console import stable_id
from bot.adapters.web import tokens
from bot.adapters.web.streams import PER_PERSON
from tests.helpers import ALICE, BOB
from tests.web.conftest import console_table, start_table

CHROMIUM = os.environ.get("ISLES_CHROMIUM", "/usr/bin/chromium")

try:
    from playwright.async_api import async_playwright, expect
except ImportError:  # pragma: no cover - depends on the machine
    async_playwright = None

pytestmark = [
    pytest.mark.skipif(async_playwright is None, reason="playwright is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)),
                       reason=f"no Chromium at {CHROMIUM}: apt-get install chromium, or set ISLES_CHROMIUM"),
]


@pytest.fixture
async def browser():
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            await launched.close()


async def open_page(browser, served, caller):
    table = await served.table_id()
    page = await browser.new_page(viewport={"width": 1400, "height": 1000})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.problems = problems
    await page.goto(str(served.client.make_url(f"/t/{served.token(caller.user_id, table)}")))
    await expect(page.locator("#turn")).not_to_have_text("")
    return page


async def mover_and_other(served):
    loaded = served.service._cache[await served.table_id()]
    seat = loaded.game.to_act()[0]
    first = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
    return first, BOB if first is ALICE else ALICE


async def play_setup(served) -> None:
    """Both players place their starting pieces, as the computer would: the table waits for a roll."""
    service, table = served.service, await served.table_id()
    rng = random.Random(1)
    while service._cache[table].game.phase == "setup":
        first, _ = await mover_and_other(served)
        game = service._cache[table].game
        move = game.ai_move(game.to_act()[0], rng)
        assert (await service.handle(first, "move", {"move": move})).ok


async def logged(served) -> list[str]:
    return [m.move for m in await served.service.store.moves(await served.table_id())]


async def test_a_starting_settlement_and_road_by_clicks(browser, served):
    await start_table(served.service, "pioneers")
    first, _ = await mover_and_other(served)
    page = await open_page(browser, served, first)
    await expect(page.locator("#turn")).to_have_text("Your turn")
    corner = page.locator(".region.legal").first
    name = await corner.get_attribute("data-name")
    await corner.click()
    await expect(page.locator("#choice-words")).to_contain_text(f"settlement {name}")
    await page.click("#cancel")  # nothing is sent before Confirm
    await expect(page.locator("#choice")).to_be_hidden()
    assert await logged(served) == []
    await corner.click()
    looked: list[str] = []
    page.on("request", lambda request: looked.append(request.url) if request.url.endswith("/state") else None)
    await page.click("#confirm")
    await expect(page.locator("#log li")).to_have_count(1)
    assert await logged(served) == [f"settlement {name}"]
    assert looked == []  # the move's answer brought the new state, and its live event was no cause to ask again
    road = page.locator(".region.legal").first  # now the edges beside the new settlement
    edge = await road.get_attribute("data-name")
    assert "-" in edge
    await road.click()
    await page.click("#confirm")
    await expect(page.locator("#log li")).to_have_count(2)
    assert await logged(served) == [f"settlement {name}", f"road {edge}"]
    assert page.problems == []


async def test_a_turn_by_keys(browser, served):
    await start_table(served.service, "pioneers")
    first, other = await mover_and_other(served)
    page = await open_page(browser, served, first)
    await page.keyboard.press("ArrowRight")  # the first highlighted corner takes the focus
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Tab")  # somewhere else, then back to the board by arrows
    await page.keyboard.press("Escape")
    await page.keyboard.press("ArrowLeft")
    focused = await page.evaluate("document.activeElement.dataset.name")
    assert await logged(served) == []
    await page.keyboard.press("Space")  # on a spot, Space places there at once (the guide's keys)
    await expect(page.locator("#log li")).to_have_count(1)
    assert await logged(served) == [f"settlement {focused}"]
    await page.close()

    await play_setup(served)
    first, other = await mover_and_other(served)
    page = await open_page(browser, served, first)
    watcher = await open_page(browser, served, other)
    await watcher.keyboard.press("Space")  # on another player's turn, Space plays nothing
    await watcher.wait_for_timeout(300)
    count = len(await logged(served))
    assert (await logged(served))[-1] != "roll"
    await expect(page.locator("#turn")).to_have_text("Your turn")
    await page.keyboard.press("Space")  # rolls
    await expect(page.locator("#log li").last).to_contain_text("roll")
    assert (await logged(served))[count:] == ["roll"]
    state = await served.state(served.token(first.user_id, await served.table_id()))
    assert state["obvious"] == "end", state["moves"][:5]  # the seed's roll is not a 7
    await page.keyboard.press("Space")  # ends the turn
    await expect(page.locator("#turn")).not_to_have_text("Your turn")
    assert (await logged(served))[count:] == ["roll", "end"]
    await expect(watcher.locator("#turn")).to_have_text("Your turn")  # the other page heard it live
    assert page.problems == [] and watcher.problems == []


async def test_a_refused_move_says_why_and_changes_nothing(browser, served):
    await start_table(served.service, "pioneers")
    first, _ = await mover_and_other(served)
    page = await open_page(browser, served, first)
    await page.fill("#typed-move", "road 1-99")
    await page.press("#typed-move", "Enter")
    await expect(page.locator("#message.refused")).not_to_have_text("")
    assert await logged(served) == []


async def test_a_console_move_updates_the_page(browser, served, tmp_path):
    console, table = await console_table(served, tmp_path)
    states = {name: await served.state(served.token(stable_id(name), table)) for name in ("alice", "bob")}
    mover = next(name for name, state in states.items() if state["your_turn"])
    waiting = "bob" if mover == "alice" else "alice"
    page = await browser.new_page()
    await page.goto(str(served.client.make_url(f"/t/{served.token(stable_id(waiting), table)}")))
    await expect(page.locator("#turn")).to_contain_text("Waiting for")
    said = await console.run_line(f"[#web] {mover}: /move {states[mover]['moves'][0]}")
    assert not any(line.startswith("  !") for line in said), said
    await expect(page.locator("#log li")).to_have_count(1)  # no reload: the event brought it
    version = states[mover]["version"] + 1
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(rf"board\.png\?v={version}$"))
    # the picture's words for a screen reader follow it: the board message's alt text, from public words
    alt = served.service.board_alt(await served.service.table(table))
    assert alt.startswith("The board of Pioneer's Isle. ")
    await expect(page.locator("#board")).to_have_attribute("alt", alt)


async def test_a_forged_link_is_refused(browser, served):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    forged = tokens.sign(b"not the secret", ALICE.user_id, table, 1_900_000_000)
    page = await browser.new_page()
    answer = await page.goto(str(served.client.make_url(f"/t/{forged}")))
    assert answer.status == 403
    assert "no longer opens the board" in await page.content()


async def test_propeller_islands_by_its_list_of_moves(browser, served):
    await start_table(served.service, "propeller")
    first, _ = await mover_and_other(served)
    page = await open_page(browser, served, first)
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(r"board\.png\?v=\d+$"))
    button = page.locator("#moves button").first
    move = await button.text_content()
    await button.click()
    await expect(page.locator("#choice-words")).to_contain_text(move)  # no preview: the move in words
    await page.click("#confirm")
    await expect(page.locator("#log li")).to_have_count(1)
    assert await logged(served) == [move]
    assert page.problems == []


GAMES = ("pioneers", "archipels", "propeller", "growsky", "hawaii")


async def start(served, game: str) -> None:
    calls = [(ALICE, "open", {"game": game})] + ([] if game == "hawaii" else [(BOB, "join", {})])
    for caller, command, args in [*calls, (ALICE, "start", {})]:
        reply = await served.service.handle(caller, command, args)
        assert reply.ok, reply.private


async def who_moves(served):
    if len((await served.service.table(await served.table_id())).seats) == 1:
        return ALICE, None
    return await mover_and_other(served)


async def confirm_what_is_offered(page) -> str:
    """After a click or Enter on a region: pick the chooser's first move if it opened, then the
    words of the move waiting for Confirm."""
    await expect(page.locator("#choice")).to_be_visible()
    if await page.locator("#choice-moves button").count():
        await page.locator("#choice-moves button").first.click()
    await expect(page.locator("#confirm")).to_be_visible()
    words = await page.locator("#choice-words").text_content()
    return re.match(r"Play (.+?)\?", words)[1]


@pytest.mark.parametrize("game", GAMES)
async def test_a_move_by_clicks_a_refusal_and_the_log_board(browser, served, game):
    await start(served, game)
    first, _ = await who_moves(served)
    page = await open_page(browser, served, first)
    await expect(page.locator("#turn")).to_have_text("Your turn")
    await page.fill("#typed-move", "fly to the moon")  # refused, with the game's reason
    await page.press("#typed-move", "Enter")
    await expect(page.locator("#message.refused")).not_to_have_text("")
    assert await logged(served) == []
    live = await page.locator("#board").get_attribute("src")
    await page.locator(".region.legal").first.click()
    move = await confirm_what_is_offered(page)
    await page.click("#confirm")
    await expect(page.locator("#log li")).to_have_count(1)
    assert await logged(served) == [move]
    await page.locator("#log li").first.click()  # the board as it stood after that move
    await expect(page.locator("#past")).to_be_visible()
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(r"after/\d+\.png$"))
    await expect(page.locator("#board")).to_have_js_property("complete", True)
    assert await page.evaluate("document.getElementById('board').naturalWidth") > 0  # it loaded
    await page.click("#live")
    await expect(page.locator("#past")).to_be_hidden()
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(r"board\.png\?v=\d+$"))
    assert await page.locator("#board").get_attribute("src") != live
    assert page.problems == []


@pytest.mark.parametrize("game", GAMES)
async def test_a_move_by_keys(browser, served, game):
    await start(served, game)
    first, _ = await who_moves(served)
    page = await open_page(browser, served, first)
    state = await served.state(served.token(first.user_id, await served.table_id()))
    named = {r["name"]: r["moves"] for r in state["regions"] if r["moves"]}
    await page.keyboard.press("ArrowRight")  # the first highlighted place takes the focus
    await page.keyboard.press("ArrowDown")
    moves = named[await page.evaluate("document.activeElement.dataset.name")]
    await page.keyboard.press("Enter")
    if len(moves) > 1:  # a spot of several moves asks which; Escape cancels, nothing sent
        await expect(page.locator("#choice-moves button").first).to_be_focused()
        await page.keyboard.press("Escape")
        await expect(page.locator("#choice")).to_be_hidden()
        assert await logged(served) == []
        await page.keyboard.press("ArrowLeft")
        moves = named[await page.evaluate("document.activeElement.dataset.name")]
        await page.keyboard.press("Enter")
        if len(moves) > 1:
            await expect(page.locator("#choice-moves button").first).to_be_focused()
            await page.keyboard.press("ArrowRight")  # the arrows go round the chooser's moves
            moves = [await page.evaluate("document.activeElement.textContent")]
            await page.keyboard.press("Enter")  # and Enter plays the one it is on
    await expect(page.locator("#log li")).to_have_count(1)
    assert (await logged(served))[0] in moves
    assert page.problems == []


async def test_grow_sky_previews_a_placement_and_cancels_it(browser, served):
    await start(served, "growsky")
    service, table = served.service, await served.table_id()
    rng = random.Random(2)
    for _ in range(20):  # to the first placement, as the computer would play
        loaded = await service.table(table)
        seat = loaded.game.to_act()[0]
        if any(m.startswith(("cube ", "place ")) for m in loaded.game.legal_moves(seat)):
            break
        who = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
        assert (await service.handle(who, "move", {"move": loaded.game.ai_move(seat, rng)})).ok
    before = await logged(served)
    first = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
    page = await open_page(browser, served, first)
    state = await served.state(served.token(first.user_id, table))
    name = next(r["name"] for r in state["regions"] if any(m.startswith(("cube ", "place ")) for m in r["moves"]))
    await page.locator(f'.region.legal[data-name="{name}"]').click()
    await confirm_what_is_offered(page)
    await expect(page.locator("#choice-words")).to_contain_text("The board shows it, unplayed")
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(r"^blob:"))
    await page.click("#cancel")
    await expect(page.locator("#board")).to_have_attribute("src", re.compile(r"board\.png\?v=\d+$"))
    assert await logged(served) == before
    assert page.problems == []


async def test_the_trade_panel_makes_an_offer_and_answers_it(browser, served):
    await start(served, "pioneers")
    service, table = served.service, await served.table_id()
    rng = random.Random(1)
    while (await service.table(table)).game.phase == "setup":
        first, _ = await mover_and_other(served)
        game = (await service.table(table)).game
        assert (await service.handle(first, "move", {"move": game.ai_move(game.to_act()[0], rng)})).ok
    first, other = await mover_and_other(served)
    assert (await service.handle(first, "move", {"move": "roll"})).ok
    game = (await service.table(table)).game
    seat = game.to_act()[0]
    hand = game.view(seat)["hand"]
    give = next(i for i, count in enumerate(hand) if count)
    goods = ["lumber", "brick", "wool", "grain", "ore"]
    page = await open_page(browser, served, first)
    await page.keyboard.press("t")
    await expect(page.locator("#trade")).to_be_visible()
    await page.click(f"#trade button[data-side=give][data-good={goods[give]}][data-step='1']")
    get = goods[(give + 1) % 5]
    await page.click(f"#trade button[data-side=get][data-good={get}][data-step='1']")
    offer = f"offer 1 {goods[give]} for 1 {get}"
    await expect(page.locator("#trade-words")).to_have_text(offer)
    await page.keyboard.press("Escape")  # closes the panel, sends nothing
    await expect(page.locator("#trade")).to_be_hidden()
    count = len(await logged(served))
    await page.click("#trade-open")
    await page.click("#trade-send")
    await expect(page.locator("#message")).to_contain_text("Played: offer")
    assert (await logged(served))[count:] == [offer]
    answering = await open_page(browser, served, other)
    await answering.keyboard.press("T")  # T is for the player who rolled; the others use the button
    await answering.wait_for_timeout(200)
    await expect(answering.locator("#trade")).to_be_hidden()
    await answering.click("#trade-open")
    decline = answering.locator("#trade-offers button", has_text=re.compile(r"^Decline #"))
    await decline.click()
    await expect(answering.locator("#message")).to_contain_text("Played: decline")
    assert (await logged(served))[-1].startswith("decline ")
    assert page.problems == [] and answering.problems == []


async def hold(page, key: str, repeats: int = 6) -> None:
    """The key held down: the browser repeats its keydown (event.repeat) until it is let go."""
    for _ in range(repeats):
        await page.keyboard.down(key)
        await page.wait_for_timeout(60)
    await page.keyboard.up(key)


async def test_a_held_space_plays_one_move_per_press(browser, served):
    await start_table(served.service, "pioneers")
    await play_setup(served)
    first, _ = await mover_and_other(served)
    page = await open_page(browser, served, first)
    await expect(page.locator("#turn")).to_have_text("Your turn")
    count = len(await logged(served))
    await page.keyboard.down("Space")  # rolls
    await expect(page.locator("#log li").last).to_contain_text("roll")
    await hold(page, "Space")  # still held after the roll's answer: the build phase is not given away
    await page.wait_for_timeout(300)
    assert (await logged(served))[count:] == ["roll"]
    await expect(page.locator("#turn")).to_have_text("Your turn")
    await page.keyboard.press("Space")  # a new press plays the next obvious move
    await expect(page.locator("#turn")).not_to_have_text("Your turn")
    assert (await logged(served))[count:] == ["roll", "end"]
    assert page.problems == []


async def test_enter_held_on_confirm_plays_the_chosen_move_only(browser, served):
    await start_table(served.service, "pioneers")
    await play_setup(served)
    first, _ = await mover_and_other(served)
    page = await open_page(browser, served, first)
    count = len(await logged(served))
    await page.locator('#moves button[data-move="roll"]').click()
    await expect(page.locator("#confirm")).to_be_focused()
    await page.keyboard.down("Enter")
    await expect(page.locator("#log li").last).to_contain_text("roll")
    await hold(page, "Enter")
    await page.wait_for_timeout(300)
    assert (await logged(served))[count:] == ["roll"]
    await expect(page.locator("#turn")).to_have_text("Your turn")
    assert page.problems == []


async def test_a_page_whose_stream_newer_ones_replaced_says_so_and_stops_asking(browser, served):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    page = await open_page(browser, served, ALICE)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if request.url.endswith("/events") else None)
    newer = [await served.client.get(f"/t/{served.token(ALICE.user_id, table)}/events") for _ in range(PER_PERSON)]
    await expect(page.locator("#message.refused")).to_contain_text("no longer updates by itself")
    await page.wait_for_timeout(3000)  # past the stream's retry time: it would have asked again by now
    assert asked == []
    for stream in newer:
        stream.close()
    assert page.problems == []


async def test_a_page_closed_to_make_room_for_others_says_so_and_asks_again_later(browser, served):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    served.pages.streams.in_all = 2
    page = await open_page(browser, served, ALICE)
    # the page's own live stream opens after its first drawing: it must be the oldest of the three,
    # or the newest would be turned away instead of Alice's closed for it
    for _ in range(200):
        if len(served.pages.streams):
            break
        await asyncio.sleep(0.05)
    assert len(served.pages.streams) == 1
    others = [await served.client.get(f"/t/{served.token(user, table)}/events") for user in (101, 102)]
    message = page.locator("#message.refused")
    await expect(message).to_contain_text("to make room for other people's pages")
    assert "newer pages" not in await message.text_content()
    async with page.expect_request(lambda request: request.url.endswith("/events"), timeout=60_000):
        pass  # the first wait is 5 s, give or take half
    await expect(page.locator("#message")).not_to_contain_text("Live updates are paused")
    for stream in others:
        stream.close()
    assert page.problems == []

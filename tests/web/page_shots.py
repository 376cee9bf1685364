"""Makes docs/thumb-<game>-<moment>.png: the board page at 390 x 844 with touch, as a phone shows
it, for each game before a move, after it, answering (an offer or a take-back request) and, for
Grow Sky, placing a part. Played by the computer's moves from fixed seeds, so the pictures come
out the same each time.

    .venv/bin/python -m tests.web.page_shots [--out docs]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import re
import tempfile
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer
from PIL import Image
from playwright.async_api import async_playwright, expect

from bot.adapters.web.server import WebPages
from bot.features.takeback import TakeBack
from tests.helpers import ALICE, BOB, open_table, service_at
from tests.web.conftest import NOW, Served
from tests.web.test_browser import CHROMIUM

PHONE = {"width": 390, "height": 844}
LONG = 20_000
COLOURS = 128  # a palette of this many colours keeps each picture small and the board readable


class Table:
    def __init__(self, served: Served, browser, out: Path):
        self.served, self.browser, self.out = served, browser, out

    async def seat_of_turn(self):
        loaded = await self.served.service.table(await self.served.table_id())
        seat = loaded.game.to_act()[0]
        return (ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB), loaded

    async def play_until(self, wanted, rng, most: int = 200) -> None:
        """The computer's moves for whoever is to act, until `wanted(game, seat)` holds."""
        for _ in range(most):
            who, loaded = await self.seat_of_turn()
            seat = loaded.game.to_act()[0]
            if wanted(loaded.game, seat):
                return
            assert (await self.served.service.handle(who, "move", {"move": loaded.game.ai_move(seat, rng)})).ok
        raise AssertionError("the position never came")

    async def page(self, caller):
        context = await self.browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                                 device_scale_factor=1)
        page = await context.new_page()
        token = self.served.token(caller.user_id, await self.served.table_id())
        await page.goto(str(self.served.client.make_url(f"/t/{token}")))
        await expect(page.locator("#turn")).not_to_have_text("", timeout=LONG)
        await expect(page.locator("#board")).to_have_js_property("complete", True, timeout=LONG)
        return page

    async def shot(self, page, name: str) -> None:
        await expect(page.locator("#board")).to_have_js_property("complete", True, timeout=LONG)
        await page.evaluate("document.fonts.ready")
        image = Image.open(io.BytesIO(await page.screenshot())).convert("RGB")
        path = self.out / f"thumb-{name}.png"
        image.quantize(COLOURS, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
        print(f"{path}: {path.stat().st_size // 1024} KB")
        await page.context.close()


async def zoom_at(page, name: str) -> None:
    """A tap on the whole board makes it large around the place called `name`."""
    place = page.locator(f'.region.legal[data-name="{name}"]')
    box = await place.bounding_box()
    await page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await expect(page.locator("#board-view")).to_have_class(re.compile("zoomed"), timeout=LONG)


async def pioneers(table: Table) -> None:
    served = table.served
    await open_table(served.service, "pioneers", (ALICE, BOB))
    rng = random.Random(1)
    await table.play_until(lambda g, s: g.phase != "setup", rng)
    first, _ = await table.seat_of_turn()
    other = BOB if first is ALICE else ALICE
    page = await table.page(first)
    await table.shot(page, "pioneers-before")  # the roll on the bar
    assert (await served.service.handle(first, "move", {"move": "roll"})).ok
    _, loaded = await table.seat_of_turn()
    seat = loaded.seat_of(first.user_id).seat
    loaded.game.hands[seat] = [2, 2, 1, 1, 1]
    page = await table.page(first)
    corner = next(r["name"] for r in (await served.state(served.token(first.user_id, loaded.row.id)))["regions"]
                  if r["moves"] and r.get("kind") == "edge")
    await zoom_at(page, corner)
    await table.shot(page, "pioneers-after")
    loaded.game.hands[loaded.seat_of(other.user_id).seat][4] += 1
    assert (await served.service.handle(first, "move", {"move": "offer 1 lumber for 1 ore"})).ok
    page = await table.page(other)
    await expect(page).to_have_title(re.compile("^Your answer"), timeout=LONG)
    await table.shot(page, "pioneers-answer")


async def simple(table: Table, game: str, seed: int) -> None:
    """Before the first move, after a tap on a place (its chooser open), and the other seat
    answering a take-back request."""
    served = table.served
    served.service.extend(TakeBack(served.service))
    people = (ALICE,) if game == "hawaii" else (ALICE, BOB)
    await open_table(served.service, game, people)
    rng = random.Random(seed)
    await table.play_until(lambda g, s: any(g.move_places(m) for m in g.legal_moves(s)), rng)
    first, _ = await table.seat_of_turn()
    page = await table.page(first)
    await table.shot(page, f"{game}-before")
    page = await table.page(first)
    state = await served.state(served.token(first.user_id, await served.table_id()))
    name = max((r for r in state["regions"] if r["moves"]), key=lambda r: len(r["moves"]))["name"]
    if await page.evaluate("document.getElementById('zoom-hint').textContent"):
        await zoom_at(page, name)
    place = page.locator(f'.region.legal[data-name="{name}"]')
    await place.scroll_into_view_if_needed()
    await place.tap()
    await expect(page.locator("#choice")).to_be_visible(timeout=LONG)
    await table.shot(page, f"{game}-after")
    if len(people) == 1:
        return
    move = state["moves"][0]
    assert (await served.service.handle(first, "move", {"move": move})).ok
    assert (await served.service.handle(first, "takeback")).ok
    other = BOB if first is ALICE else ALICE
    page = await table.page(other)
    await expect(page).to_have_title(re.compile("^Your answer"), timeout=LONG)
    await table.shot(page, f"{game}-answer")


async def growsky_part(table: Table) -> None:
    """Grow Sky's part placed: the engine room's square tapped, its placements lit on the legend."""
    served = table.served
    await open_table(served.service, "growsky", (ALICE, BOB))
    rng = random.Random(2)
    await table.play_until(lambda g, s: any(m.startswith("place ") for m in g.legal_moves(s)), rng)
    first, _ = await table.seat_of_turn()
    state = await served.state(served.token(first.user_id, await served.table_id()))
    squares = [r for r in state["regions"] if r.get("kind") == "square" and r["moves"]]
    square = max(squares, key=lambda r: len(r["moves"]))["name"]
    page = await table.page(first)
    await page.locator("#board-view").tap()  # large enough for a finger
    await expect(page.locator("#board-view")).to_have_class(re.compile("zoomed"), timeout=LONG)
    place = page.locator(f'.region.legal[data-name="{square}"]')
    await place.scroll_into_view_if_needed()
    await place.tap()
    await expect(page.locator("#choice-words")).to_contain_text("Tap a lit place", timeout=LONG)
    await table.shot(page, "growsky-part")


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        runs = [("pioneers", pioneers), ("growsky-part", growsky_part),
                *[(game, lambda t, g=game, s=seed: simple(t, g, s))
                  for game, seed in (("archipels", 3), ("propeller", 3), ("growsky", 3), ("hawaii", 3))]]
        for name, run in runs:
            with tempfile.TemporaryDirectory() as folder:
                service = await service_at(Path(folder) / f"{name}.db", seeds=lambda: 5)
                pages = WebPages(service, secret="pictures", clock=lambda: NOW)
                service.extend(pages)
                client = TestClient(TestServer(pages.app()))
                await client.start_server()
                try:
                    await run(Table(Served(service, pages, client), browser, out))
                finally:
                    await client.close()
                    await service.store.close()
        await browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="docs")
    asyncio.run(main(Path(parser.parse_args().out)))

"""The board page in German and Spanish: the language of `?lang=`, else the browser's
(Accept-Language), for the page's HTML, its script's sentences, the server's answers and the page
that says a link has ended; English as it was."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest

import lang
from bot.adapters.web import words
from bot.adapters.web.files import STATIC
from lang import tool
from tests.helpers import ALICE
from tests.lang.leftovers import english_left
from tests.web.conftest import start_table
from tests.web.test_pages import seat_token


def visible(page: str) -> list[str]:
    """The words a person reads on a page: its text and its labels, not its script or markup."""
    page = re.sub(r"<script\b.*?</script>|<style\b.*?</style>", " ", page, flags=re.S)
    labels = re.findall(r'\s(?:aria-label|alt|title)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", "\n", page)
    return [line.strip() for line in [*text.splitlines(), *labels] if line.strip()]


def dictionary(page: str) -> dict:
    found = re.search(r'<script id="words" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found[1].replace("<\\/", "</"))


@pytest.mark.parametrize(("header", "expected"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("es-419,es;q=0.9", "es"), ("en-US,de;q=0.5", "en"),
    ("fr-FR,es;q=0.7,de;q=0.6", "es"), ("pt-BR", "en"), ("", "en"), ("de;q=0.2,es;q=0.8", "es"), ("*", "en")])
def test_the_browsers_language_chooses_among_those_isles_speaks(header, expected):
    assert words.accepted(header) == expected


@pytest.mark.parametrize("language", ["de", "es"])
async def test_the_page_is_in_the_language_of_the_address(served, language):
    await start_table(served.service, "pioneers")
    token, _ = await seat_token(served, ALICE)
    answer = await served.client.get(f"/t/{token}?lang={language}", headers={"Accept-Language": "en"})
    assert answer.status == 200
    page = await answer.text()
    assert f'<html lang="{language}">' in page
    with lang.using(language):
        assert lang.tr("Your moves") in page and lang.tr("Your moves") != "Your moves"
        said = dictionary(page)
        assert said["Waiting for {players}"] == lang.tr("Waiting for {players}") != "Waiting for {players}"
    assert english_left(visible(page), language, allowed=["Isles", "Enter", "Escape", "Space"]) == []


async def test_the_browsers_language_is_the_pages_without_lang(served):
    await start_table(served.service, "pioneers")
    token, _ = await seat_token(served, ALICE)
    page = await (await served.client.get(f"/t/{token}", headers={"Accept-Language": "es-ES,es;q=0.9"})).text()
    assert '<html lang="es">' in page and "Tus jugadas" in page


async def test_every_sentence_of_the_script_is_in_its_dictionary(served):
    """What board.js wraps in tr() or trn() is what the page gets translated (a plural as its forms)."""
    sentences = dict(words._script_sentences())
    assert "Waiting for {players}" in sentences and len(sentences) > 40
    for language in lang.LANGUAGES:
        said = words.script_words(language)
        assert set(said) == set(sentences)
        untranslated = [m for m, text in said.items() if isinstance(text, str) and text == m and re.search("[a-z]", m)]
        assert untranslated == [], untranslated
        plural = said["{place}: {count} move"]
        assert isinstance(plural, list) and len(plural) == 2


async def test_english_is_the_page_as_written(served):
    await start_table(served.service, "pioneers")
    token, _ = await seat_token(served, ALICE)
    page = await (await served.client.get(f"/t/{token}", headers={"Accept-Language": "en-US"})).text()
    written = (STATIC / "page.html").read_text()
    assert page.replace(re.search(r'<script id="words".*?</script>\n', page, re.S)[0], "") == written
    assert all(k == v for k, v in dictionary(page).items() if isinstance(v, str))


async def test_the_servers_answers_to_the_page_are_in_its_language(served):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    watcher = served.token(0, table)
    state = await served.state(watcher)
    answer = await served.client.post(f"/t/{watcher}/move?lang=de", json={"move": "roll", "version": state["version"]},
                                      headers={"Origin": str(served.client.make_url("")).rstrip("/")})
    said = await answer.json()
    with lang.using("de"):
        assert said["message"] == lang.tr("You are watching this table: you have no seat to play.")
    forged = await served.client.get(f"/t/{watcher}x/state", headers={"Accept-Language": "es"})
    with lang.using("es"):
        assert await forged.text() == lang.tr(
            "This link is not valid (forged, altered or expired). Ask for a new one with /web.")


async def test_a_link_that_ended_says_so_in_the_browsers_language(served):
    await start_table(served.service, "pioneers")
    ended = served.token(ALICE.user_id, await served.table_id(), expires=1)
    answer = await served.client.get(f"/t/{ended}", headers={"Accept-Language": "de"})
    assert answer.status == 403
    page = await answer.text()
    assert '<html lang="de">' in page and "Dieser Link öffnet den Spielplan nicht mehr" in page
    assert english_left(visible(page), "de", allowed=["Isles", "web", "hand", "isles", "local"]) == []


def test_the_pages_sentences_are_extracted_as_they_are_translated():
    """The catalogue's msgids of the HTML are the very texts the server looks up."""
    page = (STATIC / "page.html").read_text()
    found = [message for _, message in tool.html_sentences(page)]
    assert "Trade with the other players" in found and "Places on the board you can use" in found
    seen: list[str] = []
    tool.html_translated(page, lambda message: seen.append(message) or message)
    assert sorted(seen) == sorted(found)


# -- in a real browser (tests/web/test_browser.py's Chromium) ----------------------------------------
from tests.web.test_browser import CHROMIUM, async_playwright  # noqa: E402

in_a_browser = pytest.mark.skipif(
    async_playwright is None or not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)),
    reason="playwright or Chromium is missing (see tests/web/test_browser.py)")


@pytest.fixture
async def chromium():
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            await launched.close()


@in_a_browser
async def test_a_german_page_shows_german_words_in_the_browser(chromium, served):
    browser = chromium
    from playwright.async_api import expect

    await start_table(served.service, "pioneers")
    token = served.token(ALICE.user_id, await served.table_id())
    page = await browser.new_page(viewport={"width": 1400, "height": 1000}, locale="de-DE")
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    await page.goto(str(served.client.make_url(f"/t/{token}")))  # the browser's German: Accept-Language
    await expect(page.locator("#turn")).not_to_have_text("")
    with lang.using("de"):
        turn = await page.locator("#turn").inner_text()
        assert turn in (lang.tr("Your turn"), lang.tr("Your answer")) or turn.startswith(
            lang.tr("Waiting for {players}").split("{")[0])
        await expect(page.locator("aside h2").first).to_have_text(lang.tr("Yours alone"))
        await expect(page.locator("#all-moves-count")).to_contain_text(lang.tr("All your moves ({count})").split(" (")[0])
        assert "· Isles" in await page.title() and ", Tisch " in await page.title()
    footer = await page.locator("footer").inner_text()
    assert english_left([footer], "de") == [] and footer.startswith("Tasten:")
    spanish = await browser.new_page(viewport={"width": 1400, "height": 1000}, locale="de-DE")
    await spanish.goto(str(served.client.make_url(f"/t/{token}?lang=es")))  # the address wins
    await expect(spanish.locator("#turn")).not_to_have_text("")
    await expect(spanish.locator("h2", has_text="Tus jugadas")).to_be_visible()
    assert problems == []

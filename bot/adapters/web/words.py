"""The board page in its reader's language: which language a request asks for, the page's HTML with
its sentences translated, and the dictionary of its script's sentences (board.js's `tr("...")`).

The language is the one the page's address names (`?lang=de`), else the browser's (Accept-Language),
else English; the page's script sends the address's choice with each of its requests. The sentences
of the HTML and the scripts are extracted into the catalogues by lang/tool.py, by the same rules used
here to translate them."""

from __future__ import annotations

import html
import json
from functools import cache

from aiohttp import web
from babel.messages.extract import extract_from_file

import lang
from bot.adapters.web.files import STATIC
from lang import tool

SCRIPTS = ("board.js", "activity.js")


def request_language(request: web.Request) -> str:
    """The language a request asks for: `?lang=`, else the first of the browser's languages that
    Isles speaks (English among them), else English."""
    asked = request.query.get("lang", "").strip()
    if asked:
        return lang.code(asked)
    return accepted(request.headers.get("Accept-Language", ""))


def accepted(header: str) -> str:
    """The language of an Accept-Language header ('de-DE,de;q=0.9,en;q=0.8'): the most wanted one
    Isles speaks; English when English comes first or none is spoken."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        name, _, weight = part.strip().partition(";")
        try:
            q = float(weight.strip()[2:]) if weight.strip().startswith("q=") else 1.0
        except ValueError:
            q = 0.0
        if name and q > 0:
            wanted.append((-q, index, name.strip()))
    for _, _, name in sorted(wanted):
        base = name.replace("_", "-").split("-")[0].lower()
        if base == lang.ENGLISH or lang.code(name) != lang.ENGLISH:
            return lang.code(name)
    return lang.ENGLISH


def listed(names: list[str]) -> str:
    """Several names in one phrase of the current language ("A and B")."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = lang.tr("{some} and {last}").format(some=text, last=name)
    return text


@web.middleware
async def speaking(request: web.Request, handler):
    """Every answer of the pages in the language the request asks for."""
    with lang.using(request_language(request)):
        return await handler(request)


@cache
def _script_sentences() -> tuple[tuple[str, str | None], ...]:
    """(msgid, plural) of each sentence the page's scripts wrap in tr or trn."""
    found: dict[str, str | None] = {}
    for name in SCRIPTS:
        for _line, message, _comments, _context in extract_from_file(
                "javascript", str(STATIC / name), keywords={"tr": None, "trn": (1, 2)}):
            if isinstance(message, tuple):
                found[message[0]] = message[1]
            else:
                found.setdefault(message, None)
    return tuple(found.items())


def script_words(language: str) -> dict[str, str | list[str]]:
    """The scripts' sentences in `language`: a plural as its two forms (one, more)."""
    words: dict[str, str | list[str]] = {}
    with lang.using(language):
        for message, plural in _script_sentences():
            if plural is None:
                words[message] = lang.tr(message)
            else:
                words[message] = [lang.ngettext(message, plural, 1), lang.ngettext(message, plural, 2)]
    return words


@cache
def page(name: str, language: str) -> bytes:
    """A page of static/ in `language`: its sentences translated, `<html lang>` said, and for the
    board page the script's dictionary (a JSON block, which the page's rules let no script run)."""
    text = (STATIC / name).read_text(encoding="utf-8")
    with lang.using(language):
        text = tool.html_translated(text, lambda message: lang.tr(message))
    text = text.replace('<html lang="en">', f'<html lang="{html.escape(language)}">', 1)
    if name == "page.html":
        words = json.dumps(script_words(language), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
        text = text.replace("</head>", f'<script id="words" type="application/json">{words}</script>\n</head>', 1)
    return text.encode("utf-8")

"""Finds English left in what a person reads in another language: a word that the English sentences
of the code use and that no sentence of the language's catalogues uses (player names, game titles and
move notation aside). `drawn_texts()` collects the words drawn into pictures, for the same check."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache

from lang import LANGUAGES, tool
from lang.domains import DOMAINS

_WORD = re.compile(r"[A-Za-zÀ-ÿß']{3,}")
# placeholders, code spans, marks, links, a lobby's options as typed (`board=isles`): notation; and a
# word cut short with an ellipsis to fit a line
_CODE = re.compile(r"\{[^{}]*\}|`[^`]*`|<[^<>]*>|https?://\S+|\(#?\w+:[^)]*\)|[\w-]+=[\w.,:-]+|[\wÀ-ÿ']+…")

# words English shares with German or Spanish, or that every language writes alike
SHARED = {"isles", "discord", "ok", "bot", "online", "the", "und", "ramparts", "pioneer's", "archipels",
          "propeller", "grow", "sky", "hawaii", "hawaiian", "islands", "age", "steam", "png", "isle"}


def words(text: str) -> set[str]:
    return {w.lower().strip("'") for w in _WORD.findall(_CODE.sub(" ", text))}


@cache
def english_words() -> frozenset[str]:
    found: set[str] = set()
    for domain in DOMAINS:
        for message in tool.template(domain):
            for part in [message.id] if isinstance(message.id, str) else list(message.id or ()):
                found |= words(part)
    return frozenset(found)


@cache
def language_words(language: str) -> frozenset[str]:
    found: set[str] = set()
    for domain in DOMAINS:
        for message in tool.read(language, domain):
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string or ""]
            for part in strings:
                found |= words(part)
    return frozenset(found)


def english_left(texts: Iterable[str], language: str, allowed: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(word, text) for each English word in `texts` that the language's sentences never use; `allowed`:
    words that may stand (player names, the notation of the game's moves)."""
    assert language in LANGUAGES
    keep = {w.lower() for w in allowed} | SHARED
    foreign = english_words() - language_words(language) - keep
    found = []
    for text in texts:
        for word in sorted(words(text) & foreign):
            found.append((word, text))
    return found


@contextmanager
def drawn_texts() -> Iterator[list[str]]:
    """Every text Pillow draws inside the block (ImageDraw.text and multiline_text)."""
    from PIL import ImageDraw

    seen: list[str] = []
    plain, multi = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.multiline_text

    def text(self, xy, content, *args, **kwargs):
        seen.append(str(content))
        return plain(self, xy, content, *args, **kwargs)

    def multiline_text(self, xy, content, *args, **kwargs):
        seen.append(str(content))
        return multi(self, xy, content, *args, **kwargs)

    ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.multiline_text = text, multiline_text
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.multiline_text = plain, multi

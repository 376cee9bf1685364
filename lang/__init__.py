"""The languages Isles speaks: English as written in the code, German and Spanish from the gettext
catalogues beside this module (lang/README.md).

Every sentence a person reads is wrapped where it is written: `tr("...")` for one sentence,
`ngettext(singular, plural, n)` where a number decides the form, `pgettext(context, "...")` where
one English word needs two translations (a command's name beside the same word in a sentence), and
`N_("...")` for a sentence kept in a table and translated where it is shown (`tr(TABLE[key])`).
Placeholders are named (`tr("{name} built a road.").format(name=...)`): a translator may move
them, never an f-string, which the extractor cannot read.

The language is the context's: `using("de")` around the work of one person or one post. English
needs no catalogue and returns every text exactly as written, so an English answer is the same
bytes with or without this module. This module imports nothing of Discord, the store or Pillow:
the games use it too.
"""

from __future__ import annotations

import gettext
import io
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

ENGLISH = "en"
# the languages beside English with a catalogue, by the code of their folder here
LANGUAGES = ("de", "es")
# every language a person may pick, each named in its own language (never translated)
NAMES = {"en": "English", "de": "Deutsch", "es": "Español"}
# Discord's locales (and a browser's) that one of the catalogues serves: Spanish of Spain serves
# Latin America too; every English and every unknown locale gets English
SERVED = {"de": "de", "es": "es"}

FOLDER = Path(__file__).resolve().parent

_current: ContextVar[str] = ContextVar("isles_language", default=ENGLISH)
_loaded: dict[str, gettext.NullTranslations] = {}
_loading = threading.Lock()


def code(locale: str | None) -> str:
    """The language that serves a locale as Discord, a browser or a person writes it ('de',
    'de-AT', 'es-419', 'es_ES', 'en-US', 'Deutsch'); English for anything else."""
    text = (locale or "").strip()
    for language, name in NAMES.items():
        if text.lower() == name.lower():
            return language
    base = text.replace("_", "-").split("-")[0].lower()
    return SERVED.get(base, ENGLISH)


def current() -> str:
    """The language of what is being written now."""
    return _current.get()


@contextmanager
def using(language: str | None) -> Iterator[str]:
    """Write in `language` (any locale: see `code`) inside the block; the language before comes back
    after it, also when the block raises."""
    chosen = code(language)
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def call_in(language: str, function: Callable[..., T], *args: Any) -> T:
    """function(*args) written in `language`: how a drawing sent to another thread or process takes
    the language of the call that asked for it (neither carries a context over by itself)."""
    with using(language):
        return function(*args)


def catalogue(language: str) -> gettext.NullTranslations:
    """Every domain of one language's catalogues as one translation, compiled from the .po files the
    first time it is asked for (compiled at start: the repository holds no .mo file)."""
    found = _loaded.get(language)
    if found is not None:
        return found
    with _loading:
        if language not in _loaded:
            _loaded[language] = _compile(language)
        return _loaded[language]


def _compile(language: str) -> gettext.NullTranslations:
    if language == ENGLISH or not (FOLDER / language).is_dir():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = gettext.NullTranslations()
    for po in sorted((FOLDER / language).glob("*.po")):
        with po.open("rb") as handle:
            read = read_po(handle, locale=language, domain=po.stem)
        compiled = io.BytesIO()
        write_mo(compiled, read, use_fuzzy=False)
        compiled.seek(0)
        part = gettext.GNUTranslations(compiled)
        if isinstance(merged, gettext.GNUTranslations):
            merged.add_fallback(part)
        else:
            merged = part
    return merged


def tr(message: str) -> str:
    """`message` in the current language (as written when it has no translation there)."""
    language = _current.get()
    if language == ENGLISH:
        return message
    return catalogue(language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` of a sentence with a number in it, in the current language (German and
    Spanish have two forms as English does; the catalogue's Plural-Forms decides)."""
    language = _current.get()
    if language == ENGLISH:
        return singular if n == 1 else plural
    return catalogue(language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language as meant in `context` (e.g. 'command' for a command's name)."""
    language = _current.get()
    if language == ENGLISH:
        return message
    return catalogue(language).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    language = _current.get()
    if language == ENGLISH:
        return singular if n == 1 else plural
    return catalogue(language).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks a sentence for the catalogues where it is written (a module's table) and leaves it in
    English: where it is shown, `tr(...)` translates it."""
    return message


def verbatim(text: str) -> str:
    """A text a person reads that is deliberately the same in every language: move notation, a
    game's proper name, a code. Changes nothing; tells the check for unwrapped sentences
    (tests/lang/test_wrapped.py) that it was not forgotten."""
    return text


def in_every_language(function: Callable[[], T]) -> dict[str, T]:
    """function() written once in each language, English first: e.g. a command's description for
    each locale Discord shows."""
    out = {}
    for language in (ENGLISH, *LANGUAGES):
        with using(language):
            out[language] = function()
    return out

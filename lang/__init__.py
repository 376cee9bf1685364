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

import inspect
import sys
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
_loaded: dict[str, Catalogue] = {}
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


class Catalogue:
    """One language's sentences, read from its .po files when first asked for (the repository keeps
    no compiled .mo file): each domain's own, and all of them together. A sentence is looked up in
    the domain of the module that asks first, so that a short word two games translate apart ("none",
    "empty", "Place") keeps each game's translation; then in every domain (a sentence marked with N_
    in one module and translated in another)."""

    def __init__(self, language: str):
        self.language = language
        self.domains: dict[str, dict[tuple[str | None, str], str | tuple[str, ...]]] = {}
        self.merged: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
        folder = FOLDER / language
        if language == ENGLISH or not folder.is_dir():
            return
        from babel.messages.pofile import read_po

        files = sorted(folder.glob("*.po"), key=lambda po: (po.stem != "core", po.stem))
        for po in files:
            with po.open("rb") as handle:
                read = read_po(handle, locale=language, domain=po.stem)
            own: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
            for message in read:
                if not message.id or message.fuzzy:
                    continue
                if isinstance(message.id, str):
                    if message.string:
                        own[(message.context, message.id)] = message.string
                elif all(message.string):
                    own[(message.context, message.id[0])] = tuple(message.string)
            self.domains[po.stem] = own
            for key, value in own.items():
                self.merged.setdefault(key, value)

    def __bool__(self) -> bool:
        return bool(self.merged)

    def find(self, context: str | None, message: str, domain: str | None) -> str | tuple[str, ...] | None:
        own = self.domains.get(domain) if domain else None
        found = own.get((context, message)) if own else None
        return found if found is not None else self.merged.get((context, message))


def catalogue(language: str) -> Catalogue:
    """One language's catalogue, read the first time it is asked for."""
    found = _loaded.get(language)
    if found is not None:
        return found
    with _loading:
        if language not in _loaded:
            _loaded[language] = Catalogue(language)
        return _loaded[language]


_module_domains: dict[str, str | None] = {}


def _asking_domain() -> str | None:
    """The domain (lang/domains.py) of the module that called tr, ngettext or pgettext."""
    frame = inspect.currentframe()
    caller = frame.f_back.f_back if frame is not None and frame.f_back is not None else None
    name = caller.f_globals.get("__name__", "") if caller is not None else ""
    if name not in _module_domains:
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None)
        domain = None
        if path:
            from lang.domains import ROOT, domain_of

            try:
                domain = domain_of(Path(path).resolve().relative_to(ROOT))
            except ValueError:  # a module outside the repository
                domain = None
        _module_domains[name] = domain
    return _module_domains[name]


def _plural(forms: str | tuple[str, ...], n: int) -> str:
    # both languages write one form for one and another for every other number, as English does
    if isinstance(forms, str):
        return forms
    return forms[0] if n == 1 else forms[min(1, len(forms) - 1)]


def tr(message: str) -> str:
    """`message` in the current language (as written when it has no translation there)."""
    language = _current.get()
    if language == ENGLISH:
        return message
    found = catalogue(language).find(None, message, _asking_domain())
    return message if found is None else _plural(found, 1)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` of a sentence with a number in it, in the current language (German and
    Spanish write one form for one and another for any other number, as English does)."""
    language = _current.get()
    if language != ENGLISH:
        found = catalogue(language).find(None, singular, _asking_domain())
        if found is not None:
            return _plural(found, n)
    return singular if n == 1 else plural


def pgettext(context: str, message: str) -> str:
    """`message` in the current language as meant in `context` (e.g. 'command name' for a command's name)."""
    language = _current.get()
    if language == ENGLISH:
        return message
    found = catalogue(language).find(context, message, _asking_domain())
    return message if found is None else _plural(found, 1)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    language = _current.get()
    if language != ENGLISH:
        found = catalogue(language).find(context, singular, _asking_domain())
        if found is not None:
            return _plural(found, n)
    return singular if n == 1 else plural


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

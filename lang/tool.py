"""The catalogues' upkeep, with Babel: `python -m lang.tool <verb> [domain ...]`.

    update     extract the sentences of each domain's files and bring every language's .po up to
               date (new sentences added untranslated, gone ones removed; no fuzzy guesses)
    check      list what a catalogue lacks: an untranslated or fuzzy sentence, a placeholder missing
               or invented, a plural form left empty
    unwrapped  list the sentences of the domain's modules not wrapped for translation (lang/scan.py)

No domain: every domain. The .po files are the only catalogues kept; lang.catalogue reads them when
the bot starts."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from lang import FOLDER, LANGUAGES
from lang.domains import DOMAINS, ROOT, files

KEYWORDS = {"tr": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "trn": (1, 2)}  # trn: the board page's plural (its JS)

# a page's sentences (bot/adapters/web/static/*.html): the words of an element marked `data-tr` (its
# inner markup, spaces collapsed, is the msgid: a translation keeps its tags), and the words of
# each `aria-label` and `alt`; the page is served translated by the same rule (`html_translated`)
HTML_MARKED = re.compile(r"(<(\w+)\b[^>]*\sdata-tr\b[^>]*>)(.*?)(</\2>)", re.S)
HTML_ATTRIBUTE = re.compile(r'(\s(?:aria-label|alt)=")([^"]*[A-Za-z][^"]*)(")')


def html_sentences(text: str) -> Iterable[tuple[int, str]]:
    """(line, msgid) of every sentence of a page, in the page's order."""
    found = [(m.start(3), " ".join(m[3].split())) for m in HTML_MARKED.finditer(text)]
    found += [(m.start(2), m[2]) for m in HTML_ATTRIBUTE.finditer(text)]
    for start, message in sorted(found):
        yield text.count("\n", 0, start) + 1, message


def html_translated(text: str, translate: Callable[[str], str]) -> str:
    """The page with each of its sentences replaced by `translate(msgid)`; a sentence translated as
    itself (English) is left as written, its line breaks kept."""

    def marked(found: re.Match) -> str:
        message = " ".join(found[3].split())
        said = translate(message)
        return found[1] + (found[3] if said == message else said) + found[4]

    text = HTML_MARKED.sub(marked, text)
    return HTML_ATTRIBUTE.sub(lambda m: m[1] + translate(m[2]).replace('"', "&quot;") + m[3], text)


def _extract_html(fileobj, keywords, comment_tags, options):
    for line, message in html_sentences(fileobj.read().decode("utf-8")):
        yield line, None, message, []


METHODS = {".py": "python", ".js": "javascript", ".mjs": "javascript", ".html": _extract_html}
# the catalogues' own dates: fixed, so that an update changes a .po only where a sentence changed
DATE = datetime(2026, 12, 7, tzinfo=UTC)
# extra sentences of a domain that no source file holds as written (e.g. the commands' names and
# descriptions, read from the command table): a function that yields (msgid, context, comment), the
# msgid a (singular, plural) pair for a plural, the context and comment "" or None where there is none
EXTRA: dict[str, Callable[[], Iterable[tuple[str | tuple[str, str], str | None, str | None]]]] = {}


def _command_names() -> Iterable[tuple[str, str | None, str | None]]:
    from bot.adapters.discord.translator import command_sentences

    return command_sentences()


# the names Discord shows of the commands, their options and choices (their descriptions are the
# sentences of the modules that write the command table)
EXTRA["commands"] = _command_names
# the header every catalogue starts with
HEADER = dict(project="Isles", version="0.1", copyright_holder="the Isles authors", msgid_bugs_address="the Isles issues",
              last_translator="the Isles translators", creation_date=DATE, revision_date=DATE, fuzzy=False)
TEAMS = {"de": "German", "es": "Spanish"}

_PLACEHOLDERS = re.compile(r"\{[^{}]*\}")


def template(domain: str) -> Catalog:
    """Every sentence of one domain, as extracted now."""
    catalog = Catalog(domain=domain, **HEADER)
    for path in files(domain):
        method = METHODS.get(path.suffix)
        if method is None:
            continue
        for line, message, comments, context in extract_from_file(
                method, str(ROOT / path), keywords=KEYWORDS, comment_tags=("translators:",), strip_comment_tags=True):
            catalog.add(message, None, [(path.as_posix(), line)], auto_comments=comments, context=context)
    extra = EXTRA.get(domain)
    if extra is not None:
        for message, context, comment in extra():
            catalog.add(message, None, [], auto_comments=[comment] if comment else [], context=context)
    return catalog


def po_path(language: str, domain: str) -> Path:
    return FOLDER / language / f"{domain}.po"


def read(language: str, domain: str) -> Catalog:
    path = po_path(language, domain)
    if not path.exists():
        catalog = Catalog(locale=language, domain=domain, language_team=TEAMS.get(language, language),
                       header_comment=f"# {TEAMS.get(language, language)} sentences of Isles: {domain} (lang/README.md).",
                       **HEADER)
        # two forms, one and more, as both languages write them (CLDR's third Spanish form, for
        # millions, is no form of these sentences)
        catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]
        return catalog
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def write(catalog: Catalog, language: str, domain: str) -> None:
    path = po_path(language, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.revision_date = DATE
    catalog.creation_date = DATE
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, ignore_obsolete=True, include_lineno=False, sort_output=False)


def update(domain: str) -> None:
    fresh = template(domain)
    for language in LANGUAGES:
        catalog = read(language, domain)
        catalog.update(fresh, no_fuzzy_matching=True)
        write(catalog, language, domain)


def _forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]


def problems(language: str, domain: str, fresh: Catalog | None = None) -> list[str]:
    """What one catalogue lacks against the sentences extracted now."""
    fresh = fresh or template(domain)
    catalog = read(language, domain)
    found = []
    for wanted in fresh:
        if not wanted.id:
            continue
        have = catalog.get(wanted.id, context=wanted.context)
        shown = wanted.id if isinstance(wanted.id, str) else wanted.id[0]
        where = f"{language}/{domain}.po: {shown[:70]!r}"
        if have is None:
            found.append(f"{where}: missing")
            continue
        forms = _forms(have)
        if have.fuzzy or any(not form.strip() for form in forms):
            found.append(f"{where}: untranslated")
            continue
        ids = [wanted.id] if isinstance(wanted.id, str) else list(wanted.id)
        expected = set().union(*(set(_PLACEHOLDERS.findall(i)) for i in ids))
        for form in forms:
            got = set(_PLACEHOLDERS.findall(form))
            # a plural's translation may leave the number out of the singular ("one card"), never invent one
            if got - expected or (len(ids) == 1 and got != expected):
                found.append(f"{where}: placeholders {sorted(got)} instead of {sorted(expected)}")
                break
    return found


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "check", "unwrapped"):
        print(__doc__)
        return 2
    verb, chosen = argv[0], argv[1:] or list(DOMAINS)
    unknown = [d for d in chosen if d not in DOMAINS]
    if unknown:
        print(f"No such domain: {', '.join(unknown)}. Domains: {', '.join(DOMAINS)}.")
        return 2
    count = 0
    for domain in chosen:
        if verb == "update":
            update(domain)
        elif verb == "check":
            fresh = template(domain)
            for language in LANGUAGES:
                for problem in problems(language, domain, fresh):
                    print(problem)
                    count += 1
        else:
            from lang.scan import unwrapped
            for path in files(domain):
                if path.suffix == ".py":
                    for found in unwrapped(path):
                        print(found)
                        count += 1
    if verb != "update":
        print(f"{count} found", file=sys.stderr)
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

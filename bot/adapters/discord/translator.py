"""The commands' names, descriptions, options and choices in each language Discord shows them in.

Discord asks once per command sync, for every locale it knows; this answers for German (`de`) and
Spanish (`es-ES`, `es-419`) from the catalogues (lang/) and leaves every other locale to the English
the commands are written in. A name is looked up under its own context (`pgettext("command name",
"open")`: the same word in a sentence may be translated otherwise), a description by the English
sentence the command table wraps it with. The names are those of the `commands` catalogue, read from
the command table by `command_sentences` (lang/tool.py's extra sentences)."""

from __future__ import annotations

import logging
import types
from collections.abc import Iterator

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import lang

log = logging.getLogger(__name__)

# the catalogues' contexts of the words Discord shows as names
COMMAND_NAME = "command name"  # verbatim: the catalogues' contexts
OPTION_NAME = "option name"  # verbatim: the catalogues' contexts
CHOICE = "command choice"  # verbatim: the catalogues' context (a word of a game may be "choice" too)

# Discord's locales that a catalogue serves
LOCALES = {discord.Locale.german: "de", discord.Locale.spain_spanish: "es",
           discord.Locale.latin_american_spanish: "es"}
NAMES = {Where.command_name: COMMAND_NAME, Where.group_name: COMMAND_NAME, Where.parameter_name: OPTION_NAME}
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100

# options whose choices are shown as written in every language: the languages, each in its own
UNTRANSLATED_CHOICES = frozenset(lang.NAMES) | frozenset(lang.NAMES.values())


def valid_name(name: str) -> bool:
    """Discord's rule for a command's or an option's name: 1-32 letters, digits, `-`, `_` or `'`, in
    their lowercase form (^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$)."""
    return (0 < len(name) <= MAX_NAME and name == name.lower()
            and all(ch.isalpha() or ch.isnumeric() or ch in "-_'" or _indic(ch) for ch in name))


def _indic(ch: str) -> bool:
    return "\u0900" <= ch <= "\u097f" or "\u0e00" <= ch <= "\u0e7f"  # Devanagari, Thai (their marks too)


def speaks_any() -> bool:
    """Whether a catalogue beside English is there to translate the commands (without one, the
    commands are synced exactly as written)."""
    return any(lang.catalogue(language) for language in lang.LANGUAGES)


def translated(text: str, where: Where, language: str) -> str | None:
    """`text` (a name, description or choice of a command) in `language`, or None where Discord
    should show the English (a translation that breaks Discord's rules is left out, and logged)."""
    with lang.using(language):
        context = NAMES.get(where)
        if context is not None:
            found = lang.pgettext(context, text)
            if not valid_name(found):
                log.warning("the %s translation %r of %r breaks Discord's naming rule", language, found, text)
                return None
            return found
        if where is Where.choice_name:
            if text in UNTRANSLATED_CHOICES:
                return None
            found = lang.pgettext(CHOICE, text)
            limit = MAX_CHOICE_NAME
        else:
            found = lang.tr(text)
            limit = MAX_DESCRIPTION
    if not 0 < len(found) <= limit:
        log.warning("the %s translation %r of %r is longer than Discord's %d characters", language, found, text, limit)
        return None
    return found


class CommandTranslator(app_commands.Translator):
    """discord.py's translator of the command tree, over the catalogues."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = LOCALES.get(locale)
        if language is None:
            return None
        return translated(string.message, context.location, language)


def translator() -> CommandTranslator | None:
    """The translator for the command tree; None without any catalogue (the commands as written)."""
    return CommandTranslator() if speaks_any() else None


# -- the sentences of the `commands` catalogue -----------------------------------------------------
# names the command table takes from the server settings' language (`/settings language:`,
# `clear:language`), kept so that their translations are ready wherever the table is read from
ANNOUNCED = ((OPTION_NAME, "language"), (CHOICE, "language"))


def every_command() -> list:
    """The whole command table as the bot offers it: the core's, every extension's, and /web. Read
    from a service with the standard extensions on no database (none is opened to list them)."""
    from bot.core.commands import WEB
    from bot.core.service import TableService
    from bot.extensions import install

    service = TableService(types.SimpleNamespace(conn=None), draw_images=False)
    install(service, prepare_daily=False)
    return [*service.commands(), WEB]


def command_sentences() -> Iterator[tuple[str, str | None, str | None]]:
    """(msgid, context, comment) of every name Discord shows: each command's and subcommand's name,
    each option's name and each choice's name, once each."""
    seen: set[tuple[str, str]] = set()

    def once(context: str, text: str, comment: str):
        if (context, text) not in seen:
            seen.add((context, text))
            yield text, context, comment

    rule = "lowercase, no spaces, at most 32 characters (Discord's rule for names)"  # verbatim: a note
    for command in every_command():
        yield from once(COMMAND_NAME, command.name, f"/{command.name}: the command's name; {rule}")  # verbatim: a note
        for sub in command.subcommands:
            yield from once(COMMAND_NAME, sub.name, f"/{command.name} {sub.name}: a subcommand's name; {rule}")  # verbatim: a note
        shown = {sub.name for sub in command.subcommands}
        for param in command.params:
            yield from once(OPTION_NAME, param.name, f"/{command.name} {param.name}: an option's name; {rule}")  # verbatim: a note
            for choice in param.choices:
                if choice in UNTRANSLATED_CHOICES or (param.name == "action" and choice in shown):
                    continue
                yield from once(CHOICE, choice, f"/{command.name} {param.name}:{choice}: a choice as Discord shows "
                                "it (the value typed stays English); at most 100 characters")  # verbatim: a note
    for context, text in ANNOUNCED:
        yield from once(context, text, f"/settings language: its {context}" + (f"; {rule}" if context != CHOICE else ""))  # verbatim: a note

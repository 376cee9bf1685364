"""The words of the Hawaiian Islands a person reads, in the language of the call (lang/).

The game keeps what happened at a round's end (`events`) and why the game ended (`reason`) in its
state as English sentences, as it always has: a saved game reads the same in every version. They are
told in another language here, read back by their form. Colours are written with the noun they go
with (a cube, a disc), since German and Spanish inflect a colour by it; island names are proper
names, the same in every language; move notation stays English everywhere.
"""

from __future__ import annotations

import re

import lang
from lang import N_, pgettext, tr

ACTION_TITLES = {
    "locomotive": N_("Locomotive"),
    "urbanize": N_("Urbanize"),
    "engineer": N_("Engineer"),
    "production": N_("Production"),
}
DIFFICULTY_TITLES = {"easy": N_("easy"), "standard": N_("standard"), "very_hard": N_("very hard")}


def colour(name: str | None) -> str:
    """A colour as it stands beside one cube or one disc."""
    return {
        "red": pgettext("colour", "red"), "blue": pgettext("colour", "blue"),
        "yellow": pgettext("colour", "yellow"), "purple": pgettext("colour", "purple"),
        "black": pgettext("colour", "black"),
    }.get(name or "", name or "")


def colours(name: str | None) -> str:
    """A colour as it stands beside several cubes ("takes red cubes")."""
    return {
        "red": pgettext("colours", "red"), "blue": pgettext("colours", "blue"),
        "yellow": pgettext("colours", "yellow"), "purple": pgettext("colours", "purple"),
        "black": pgettext("colours", "black"),
    }.get(name or "", name or "")


def colour_list(names) -> str:
    return ", ".join(colour(n) for n in names)


def action(name: str | None) -> str:
    """An action's name as its tile reads (Locomotive, Urbanize, ...)."""
    return tr(ACTION_TITLES[name]) if name in ACTION_TITLES else (name or "")


def action_word(name: str | None) -> str:
    """An action's name inside a sentence, lowercase as the notation writes it (`action engineer`)."""
    return {
        "locomotive": pgettext("action", "locomotive"), "urbanize": pgettext("action", "urbanize"),
        "engineer": pgettext("action", "engineer"), "production": pgettext("action", "production"),
    }.get(name or "", name or "")


def difficulty(name: str) -> str:
    return tr(DIFFICULTY_TITLES[name]) if name in DIFFICULTY_TITLES else name


# the events of a round's end and the reasons of a game's end, as the game writes them (game.py)
_EVENTS = (
    (re.compile(r"income \$(?P<amount>-?\d+)"), lambda m: tr("income ${amount}").format(**m.groupdict())),
    (re.compile(r"expenses \$(?P<amount>\d+)"), lambda m: tr("expenses ${amount}").format(**m.groupdict())),
    (re.compile(r"expenses \$(?P<amount>\d+): \$(?P<short>\d+) short, income cut by (?P<cut>\d+)"),
     lambda m: tr("expenses ${amount}: ${short} short, income cut by {cut}").format(**m.groupdict())),
    (re.compile(r"income reduced by (?P<cut>\d+)"), lambda m: tr("income reduced by {cut}").format(**m.groupdict())),
    (re.compile(r"die (?P<face>\d): (?P<island>\w+) is urbanized, no refill"),
     lambda m: tr("die {face}: {island} is urbanized, no refill").format(**m.groupdict())),
    (re.compile(r"die (?P<face>\d): (?P<colour>red|blue|yellow|purple|black) to (?P<island>\w+)"),
     lambda m: tr("die {face}: a {colour} cube to {island}").format(
         face=m["face"], colour=colour(m["colour"]), island=m["island"])),
    (re.compile(r"die (?P<face>\d): column empty"), lambda m: tr("die {face}: column empty").format(**m.groupdict())),
    (re.compile(r"bankrupt in round (?P<round>\d+): expenses could not be paid"),
     lambda m: tr("bankrupt in round {round}: expenses could not be paid").format(**m.groupdict())),
    (re.compile(r"every sea route is clear after round (?P<round>\d+)"),
     lambda m: tr("every sea route is clear after round {round}").format(**m.groupdict())),
    (re.compile(r"(?P<count>\d+) cubes? still on the sea routes after round (?P<round>\d+)"),
     lambda m: lang.ngettext("{count} cube still on the sea routes after round {round}",
                             "{count} cubes still on the sea routes after round {round}",
                             int(m["count"])).format(**m.groupdict())),
)


def told(sentence: str) -> str:
    """An event of a round's end or the reason a game ended, in the language of the call."""
    if lang.current() == lang.ENGLISH or not sentence:
        return sentence
    for pattern, say in _EVENTS:
        found = pattern.fullmatch(sentence)
        if found:
            return say(found)
    return sentence


def result(word: str | None) -> str:
    """won or lost, as the end of a move's line tells it."""
    if word == "won":
        return tr("won")
    if word == "lost":
        return tr("lost")
    return word or ""

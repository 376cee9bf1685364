"""Propeller Islands in the reader's language: amounts of resources, the names of the tables of
data.py, and the notes a move leaves in its record.

The notes are kept in the game's state in English as the rules engine writes them (`last`), so
that a saved game reads the same whatever language its players speak; `say` tells one in the
language of the call, read back from its English form, when a post, a picture or `/history`
shows it. In English it returns the note as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import lang
from games.propeller import data as D
from lang import N_, ngettext, tr

PART = D.PART


def amount(index: int, count: int) -> str:
    """`2 energy`, `1 steel`, `3 parts`."""
    if index == D.ENERGY:
        return ngettext("{count} energy", "{count} energy", count).format(count=count)
    if index == D.STEEL:
        return ngettext("{count} steel", "{count} steel", count).format(count=count)
    return ngettext("{count} part", "{count} parts", count).format(count=count)


def gained(index: int, count: int) -> str:
    """`+2 energy`, `+1 steel`, `+2 parts`."""
    if index == D.ENERGY:
        return ngettext("+{count} energy", "+{count} energy", count).format(count=count)
    if index == D.STEEL:
        return ngettext("+{count} steel", "+{count} steel", count).format(count=count)
    return ngettext("+{count} part", "+{count} parts", count).format(count=count)


def cost_words(cost: Sequence[int]) -> str:
    """`1 energy 2 parts`, or `nothing`: a cost in the reader's language."""
    return " ".join(amount(i, n) for i, n in enumerate(cost) if n) or tr("nothing")


def resource(index: int) -> str:
    """The name of a resource alone (a key, a column's head)."""
    return (tr("energy"), tr("steel"), tr("part"))[index]


def kind_name(kind: int) -> str:
    return tr(D.KIND_NAMES[kind])


def and_join(names: Sequence[str]) -> str:
    """`Ann and Bob`."""
    return (" " + tr("and") + " ").join(names)


# -- the notes of a move's record ---------------------------------------------------------------
_RES = {"energy": D.ENERGY, "steel": D.STEEL, "part": D.PART, "parts": D.PART}
_AMOUNT = re.compile(r"(\d+) (energy|steel|parts?)")
_GAIN = re.compile(r"\+(\d+) (energy|steel|parts?)")
ENDINGS = {
    "a player completed 7 Blueprints": N_("a player completed 7 Blueprints"),
    "a player deployed every worker": N_("a player deployed every worker"),
    "the draw stack is empty": N_("the draw stack is empty"),
}


def _cost(text: str) -> str:
    return " ".join(amount(_RES[word], int(n)) for n, word in _AMOUNT.findall(text))


def _gains(text: str) -> str:
    return " ".join(gained(_RES[word], int(n)) for n, word in _GAIN.findall(text))


def _change(text: str) -> str | None:
    """`paid 1 steel, +2 parts` (game.change_text) in the reader's language; None when it is not one."""
    parts = []
    for piece in text.split(", "):
        if piece.startswith("paid ") and _AMOUNT.match(piece[5:]):
            parts.append(tr("paid {cost}").format(cost=_cost(piece[5:])))
        elif _GAIN.fullmatch(piece):
            parts.append(_gains(piece))
        else:
            return None
    return ", ".join(parts)


def _fame_why(why: str) -> str:
    found = re.fullmatch(r"(\d+) new guild links?", why)
    if found:
        count = int(found.group(1))
        return ngettext("{count} new guild link", "{count} new guild links", count).format(count=count)
    return tr(why) if why == "dock reward" else why


def _activated(m: re.Match) -> str:
    head = tr("activated t{index} {name}").format(index=m.group(1), name=tr(m.group(2)))
    if m.group(3) is None:
        return head
    change = _change(m.group(3))
    return head if change is None else tr("{head}: {change}").format(head=head, change=change)


def _reached(m: re.Match) -> str:
    if m.group(1) == "basic":
        return tr("reached the basic power of {name}").format(name=m.group(2))
    return tr("reached the advanced power of {name}").format(name=m.group(2))


def _cleared(m: re.Match) -> str:
    reward = tr(m.group(3))
    if m.group(1) == "column":
        return tr("cleared column {letter}: {reward}").format(letter=m.group(2), reward=reward)
    return tr("cleared row {number}: {reward}").format(number=m.group(2), reward=reward)


N_("dock reward")
_NOTES: tuple[tuple[re.Pattern, Callable[[re.Match], str]], ...] = (
    (re.compile(r"chose (.+)"), lambda m: tr("chose {character}").format(character=tr(m.group(1)))),
    (re.compile(r"round (\d+): the dice show ([\d ]+)"),
     lambda m: tr("round {round}: the dice show {dice}").format(round=m.group(1), dice=m.group(2))),
    (re.compile(r"re-rolled it to (\d) \((.+)\)"),
     lambda m: tr("re-rolled it to {value} ({gain})").format(value=m.group(1), gain=_gains(m.group(2)))),
    (re.compile(r"placed (\d\d) (.+) as t(\d+)"),
     lambda m: tr("placed {number} {name} as t{index}").format(number=m.group(1), name=tr(m.group(2)),
                                                              index=m.group(3))),
    (re.compile(r"\+(\d+) fame \((.+)\)"),
     lambda m: tr("+{count} fame ({why})").format(count=m.group(1), why=_fame_why(m.group(2)))),
    (re.compile(r"reached the (basic|advanced) power of (.+)"), _reached),
    (re.compile(r"(Amelia|Nicola): \+1 energy"), lambda m: tr("{name}: +1 energy").format(name=m.group(1))),
    (re.compile(r"cleared (column|row) (\w): (.+)"), _cleared),
    (re.compile(r"drew (\d\d) (.+)"), lambda m: tr("drew {number} {name}").format(number=m.group(1), name=tr(m.group(2)))),
    (re.compile(r"completed Blueprint (\d+) \((\d+) VP, (.+)\)"),
     lambda m: tr("completed Blueprint {card} ({vp} VP, {upgrade})").format(card=m.group(1), vp=m.group(2),
                                                                           upgrade=tr(m.group(3)))),
    (re.compile(r"the bonus die shows (\d): everyone may activate with it"),
     lambda m: tr("the bonus die shows {value}: everyone may activate with it").format(value=m.group(1))),
    (re.compile(r"the game ends: (.+)"),
     lambda m: tr("the game ends: {reasons}").format(
         reasons="; ".join(tr(ENDINGS.get(reason, reason)) for reason in m.group(1).split("; ")))),
    (re.compile(r"activated t(\d+) ([^:]+)(?:: (.+))?"), _activated),
)


def say(note: str) -> str:
    """One note of a move's record (as `PropellerGame._note` and `_step` write it, in English) in
    the language of the call; a note of no known form as it is."""
    if lang.current() == lang.ENGLISH:
        return note
    for pattern, told in _NOTES:
        found = pattern.fullmatch(note)
        if found:
            return told(found)
    change = _change(note)
    return note if change is None else change


def say_all(notes: Sequence[str]) -> list[str]:
    return [say(note) for note in notes]

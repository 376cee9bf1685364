"""What a move did, in the words of the current language.

The state keeps each move's notes in English (`GrowSky.notes`, `last["notes"]`), written the same
whatever the language of the one who played it, so that a stored game and its replay are the same
bytes in every language. `note_words` tells one such note in the current language: each kind of
note is read back by its pattern and written again from a translated sentence."""

from __future__ import annotations

import re
from collections.abc import Callable

from games.growsky import data
from lang import ngettext, tr


def _bonus(words: str) -> str:
    return data.told_bonus(words)


def _paid(words: str) -> str:
    """`1 from the gauge, 2 Lv. 2 cubes` in the current language."""
    parts = []
    for part in words.split(", "):
        gauge = re.fullmatch(r"(\d+) from the gauge", part)
        cubes = re.fullmatch(r"(\d+) Lv\. (\d) cubes?", part)
        if gauge:
            parts.append(tr("{n} from the gauge").format(n=gauge[1]))
        elif cubes:
            n = int(cubes[1])
            parts.append(ngettext("{n} Lv. {level} cube", "{n} Lv. {level} cubes", n).format(n=n, level=cubes[2]))
        else:
            parts.append(part)
    return ", ".join(parts)


def _gained(words: str) -> str:
    """`2 fuel`, `no grow` (a gain as the state keeps it) in the current language."""
    if words.startswith("no "):
        what = words[3:]
        return {"victory point": tr("no victory point"), "fuel": tr("no fuel"), "grow": tr("no grow")}.get(what, words)
    atom = data.english_atom(words)
    return words if atom is None else data.atom_words(atom)


_NOTES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"final round: the dice show (.*)"), lambda m: tr("final round: the dice show {dice}").format(dice=m[1])),
    (re.compile(r"round (\d+): the dice show (.*)"),
     lambda m: tr("round {round}: the dice show {dice}").format(round=m[1], dice=m[2])),
    (re.compile(r"round over: the market's bottom row is discarded and the market refilled"),
     lambda m: tr("round over: the market's bottom row is discarded and the market refilled")),
    (re.compile(r"paid (\d+) fuel \((.*)\)"), lambda m: tr("paid {amount} fuel ({sources})").format(
        amount=m[1], sources=_paid(m[2]))),
    (re.compile(r"placed a route tile \((.*)\) on s(\d+)"),
     lambda m: tr("placed a route tile ({bonus}) on s{space}").format(bonus=_bonus(m[1]), space=m[2])),
    (re.compile(r"placed a Lv\. 3 cube in the engine room"), lambda m: tr("placed a Lv. 3 cube in the engine room")),
    (re.compile(r"placed part (.*) in the engine room"),
     lambda m: tr("placed part {part} in the engine room").format(part=m[1])),
    (re.compile(r"a tier-(\d) part fits nowhere \(or none is left\) and is lost"),
     lambda m: tr("a tier-{tier} part fits nowhere (or none is left) and is lost").format(tier=m[1])),
    (re.compile(r"searched (\d+) steps?, (\d+) to (\d+)"), lambda m: ngettext(
        "searched {n} step, {start} to {end}", "searched {n} steps, {start} to {end}", int(m[1])).format(
        n=m[1], start=m[2], end=m[3])),
    (re.compile(r"searched: the search track is at its end"), lambda m: tr("searched: the search track is at its end")),
    (re.compile(r"turned the rudder"), lambda m: tr("turned the rudder")),
    (re.compile(r"gained (\d+) blue cubes? \(storage full\)"), lambda m: ngettext(
        "gained {n} blue cube (storage full)", "gained {n} blue cubes (storage full)", int(m[1])).format(n=m[1])),
    (re.compile(r"gained (\d+) blue cubes?"), lambda m: ngettext(
        "gained {n} blue cube", "gained {n} blue cubes", int(m[1])).format(n=m[1])),
    (re.compile(r"raised the Lv\. 0 storage cap"), lambda m: tr("raised the Lv. 0 storage cap")),
    (re.compile(r"gained (.*) \(at the limit\)"),
     lambda m: tr("gained {what} (at the limit)").format(what=_gained(m[1]))),
    (re.compile(r"gained (.*)"), lambda m: tr("gained {what}").format(what=_gained(m[1]))),
    (re.compile(r"stopped on s(\d+)"), lambda m: tr("stopped on s{space}").format(space=m[1])),
    (re.compile(r"flag (\S+) first: (.*)"),
     lambda m: tr("flag {flag} first: {bonus}").format(flag=m[1], bonus=_bonus(m[2]))),
    (re.compile(r"flag (\S+): (.*)"), lambda m: tr("flag {flag}: {bonus}").format(flag=m[1], bonus=_bonus(m[2]))),
    (re.compile(r"this triggers the final round"), lambda m: tr("this triggers the final round")),
    (re.compile(r"instant win: a lead of 5 victory points"), lambda m: tr("instant win: a lead of 5 victory points")),
    (re.compile(r"the game is over"), lambda m: tr("the game is over")),
]


def note_words(note: str) -> str:
    """One note of a move (English, as the state keeps it) in the current language."""
    for pattern, told in _NOTES:
        found = pattern.fullmatch(note)
        if found:
            return told(found)
    return note

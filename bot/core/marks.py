"""Neutral marks for what each adapter writes its own way: a person, a place, a moment.

The core and the features mark a person as games mark a seat (`seat_name`): by a mark the
adapter fills in. Discord writes its mention, channel link and timestamp markup (and pings
exactly the people a reply lists in `Reply.mentions`, and the roles in `Reply.roles`); the
console writes `@name`, `#channel` and a UTC time; the board page a seat's name.
A mark is as long as Discord's own writing of it, so a text measured in the core (a page of
/history, a list of /games) is as long as Discord shows it.
Its brackets are characters of Unicode's private use area, which no keyboard types.
"""

from __future__ import annotations

import re
from collections.abc import Callable

OPEN, CLOSE = "\ue000", "\ue001"
_MARK = re.compile(f"{OPEN}(@&|@|#|t:)(\\d+)(?::(\\w))?{CLOSE}")
ROLE_WORDS = "@role"  # a role written by an adapter that has no name for it


def person(user_id: int) -> str:
    return f"{OPEN}@{user_id}{CLOSE}"


def place(channel_id: int) -> str:
    return f"{OPEN}#{channel_id}{CLOSE}"


def role(role_id: int) -> str:
    """A role of the server (/settings' seek role), pinged only where a reply lists it in `Reply.roles`."""
    return f"{OPEN}@&{role_id}{CLOSE}"


def moment(epoch: int, style: str = "R") -> str:
    """A moment every reader sees in their own way (Discord: in their time zone; `style` R: relative)."""
    return f"{OPEN}t:{epoch}:{style}{CLOSE}"


def write(text: str, person: Callable[[int], str], place: Callable[[int], str],
          moment: Callable[[int, str], str], role: Callable[[int], str] | None = None) -> str:
    """`text` with every mark written by the adapter's own writers (a role as `@role` by
    an adapter that gives no writer of roles)."""
    def one(found: re.Match[str]) -> str:
        kind, number = found[1], int(found[2])
        if kind == "@":
            return person(number)
        if kind == "@&":
            return role(number) if role is not None else ROLE_WORDS
        if kind == "#":
            return place(number)
        return moment(number, found[3] or "R")

    return _MARK.sub(one, text) if OPEN in text else text


def person_of(text: str) -> int | None:
    """The person a text names by a mark (an adapter's user option), else None."""
    found = _MARK.fullmatch(text.strip())
    return int(found[2]) if found and found[1] == "@" else None


def place_of(text: str) -> int | None:
    """The channel a text names by a mark (an adapter's channel option), else None."""
    found = _MARK.fullmatch(text.strip())
    return int(found[2]) if found and found[1] == "#" else None


def role_of(text: str) -> int | None:
    """The role a text names by a mark (an adapter's role option), else None."""
    found = _MARK.fullmatch(text.strip())
    return int(found[2]) if found and found[1] == "@&" else None

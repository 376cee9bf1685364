"""What the table service answers, in terms every adapter (Discord, console, tests) can show."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from bot.core import marks
from lang import N_

# The answers to a call that saved a change and then failed while showing it: the change stands.
SAVED_BUT = N_("That counted and is saved, but the bot failed while showing it. "
               "The board is being posted in the channel.")
SAVED_STORE_AWAY = N_("That counted and is saved: do not send it again. The bot lost its database before it "
                      "could show the board; it will be posted in the channel once the database is back.")

# custom ids of buttons and menus: "isles:<kind>:<table>:<version>[:<payload>]"; what a platform
# cannot carry (Discord: 100 characters) its adapter leaves out
PREFIX = "isles"


@dataclass(frozen=True)
class Caller:
    """Who did something, and where."""

    guild_id: int
    channel_id: int
    user_id: int
    name: str
    # may manage here: in Discord, Manage Server for server settings (/settings, /threads) and
    # Manage Channels (Manage Threads in a thread) for table commands such as /cancel
    can_manage: bool = False
    # the channel a thread belongs to when the call comes from one (or opens a table in one): where
    # /settings lists the channels tables may open in, a thread goes with its channel; 0: none
    parent_id: int = 0
    # the person's language and the server's, as the platform tells them ('de', 'es-ES', 'en-US';
    # Discord: interaction.locale and guild_locale); "" where it tells none (lang.code reads them)
    locale: str = ""
    guild_locale: str = ""

    def __post_init__(self) -> None:
        # a name enters the core here, from every adapter: it may not carry a mark of the core's
        object.__setattr__(self, "name", marks.clean(self.name))


@dataclass
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary, secondary, success, danger
    url: str = ""  # a link button: it opens this address and has no custom id (the board page)


@dataclass
class Menu:
    """A select menu of every option of one kind; `options` are (label, value). An adapter whose
    platform takes fewer at once shows them in parts (Discord: menus of 25, `.<part>` after the id)."""

    custom_id: str
    placeholder: str
    options: list[tuple[str, str]]


@dataclass(frozen=True)
class Attachment:
    """A file sent with a reply beside the board picture: a game's log, an animation."""

    name: str
    data: bytes
    private: bool = False  # goes with the private text instead of the public message
    alt: str = ""  # what it shows, for people who cannot see it (bot/core/alt_text.py)


@dataclass
class Section:
    """A block of a card: its text, and a button beside it (one of the reply's buttons)."""

    text: str
    button: Button | None = None
    divider: bool = False  # a line above this block, between parts of a long card


@dataclass
class Card:
    """A reply drawn as a card: blocks of text, some with a button beside them, the reply's picture,
    its other buttons and its menus under them. An adapter that draws cards (Discord: components
    v2) shows it; the others show the reply's text, which always holds the card's words.

    No sections: one block, the reply's own text (a leaderboard, a results post)."""

    sections: list[Section] = field(default_factory=list)
    private: bool = False  # the card is the private answer (/help, My moves), not the public post


def plain_text(sections: list[Section]) -> str:
    """A card's sections as the text an adapter without cards shows."""
    return "\n\n".join(section.text for section in sections if section.text.strip())


@dataclass
class Reply:
    text: str = ""  # public message; people, places and moments as marks (bot/core/marks.py)
    private: str = ""  # only the caller sees it
    image: bytes | None = None
    image_name: str = "board.png"
    image_private: bool = False  # the image belongs with the private text
    image_alt: str = ""  # what the picture shows, for people who cannot see it (bot/core/alt_text.py)
    mentions: list[int] = field(default_factory=list)  # user ids pinged by the public text
    roles: list[int] = field(default_factory=list)  # role ids pinged by the public text (/settings' seek role)
    buttons: list[Button] = field(default_factory=list)
    private_buttons: list[Button] = field(default_factory=list)  # go with the private text (Take back)
    menus: list[Menu] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    ok: bool = True
    table_id: int | None = None
    version: int | None = None
    since: int | None = None  # the version before the changes the public text tells (bot/core/calls.py)
    # a change was saved but its answer could not be composed: the post comes from the saved table
    unshown: bool = False
    # how an adapter that draws cards shows this reply (bot/core/cards.py); None: as a plain message
    card: Card | None = None

    @classmethod
    def error(cls, reason: str) -> Reply:
        return cls(private=reason, ok=False)

    def files(self, private: bool) -> list[tuple[str, bytes]]:
        """(name, data) of every file for the public message, or for the private answer."""
        out = [(self.image_name or "board.png", self.image)] if self.image and self.image_private == private else []
        return out + [(a.name, a.data) for a in self.attachments if a.private == private]

    def descriptions(self) -> dict[str, str]:
        """The alt text of each file that has one, by the file's name."""
        found = {a.name: a.alt for a in self.attachments if a.alt}
        if self.image_alt:
            found[self.image_name or "board.png"] = self.image_alt
        return found


def custom_id(kind: str, table_id: int, version: int | None = None, payload: str = "") -> str:
    """A component id."""
    parts = [PREFIX, kind, str(table_id)]
    if version is not None or payload:
        parts.append("-" if version is None else str(version))
    if payload:
        parts.append(payload)
    return ":".join(parts)


def parse_custom_id(text: str) -> tuple[str, int, int | None, str] | None:
    parts = text.split(":", 4)
    if len(parts) < 3 or parts[0] != PREFIX:
        return None
    try:
        table_id = int(parts[2])
        version = int(parts[3]) if len(parts) > 3 and parts[3] != "-" else None
    except ValueError:
        return None
    return parts[1], table_id, version, parts[4] if len(parts) > 4 else ""


class Outbox(Protocol):
    """How the bot speaks when nobody asked: reminders, deadlines, day-end boards.

    The Discord adapter sends to channels and direct messages; the console prints."""

    async def post(self, channel_id: int, reply: Reply) -> bool:
        """Post a public reply in a channel or thread (unarchiving a thread first); False on failure."""
        ...

    async def direct(self, user_id: int, text: str) -> bool:
        """A direct message; False when it was refused (closed DMs)."""
        ...

"""The shapes of a reply as Discord messages: content, components (buttons and menus) and files.

The sender (`posting`) posts a reply's public part in a channel and the client answers
interactions (the person's own answer, private parts, followups); both build their messages
here, so a reply looks the same whichever way it reaches Discord. A shape carries every file
of its part: the board picture and the public attachments beside it (`Reply.files`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core import marks
from bot.core.replies import Button, Menu, Reply

log = logging.getLogger(__name__)

# Discord's limits on what the bot sends (tests/discord/limits.py checks every message against them)
MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_PLACEHOLDER = 150
MAX_OPTION_TEXT = 100
MAX_SELECT_OPTIONS = 25
MAX_CHOICES = 25  # autocomplete
MAX_CHOICE_TEXT = 100
MAX_THREAD_NAME = 100
MAX_DESCRIPTION = 1024  # an attachment's description: its alt text
THREAD_ARCHIVE_MINUTES = 10080  # the longest auto-archive duration Discord offers

DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024  # a channel whose server is not known

BUTTON_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def discord_text(text: str) -> str:
    """The core's marks (bot/core/marks.py) as Discord writes them: a mention, a channel link, a timestamp."""
    return marks.write(text, person=lambda user_id: f"<@{user_id}>", place=lambda channel_id: f"<#{channel_id}>",
                       moment=lambda epoch, style: f"<t:{epoch}:{style}>", role=lambda role_id: f"<@&{role_id}>")


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_text(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """Split text into pieces of at most `limit` characters, at paragraph or line breaks
    where possible, closing and reopening ``` code blocks cut in two."""
    text = text.strip("\n")
    if not text:
        return []
    budget = limit - 8  # room to close and reopen a code block
    pieces: list[str] = []
    rest = text
    while rest:
        if len(rest) <= limit and rest.count("```") % 2 == 0:
            pieces.append(rest)
            break
        window = rest[:budget]
        cut = max(window.rfind("\n\n"), window.rfind("\n"))
        if cut < budget // 2:
            cut = window.rfind(" ")
        if cut < budget // 2:
            cut = budget
        piece, rest = rest[:cut].rstrip(), rest[cut:].lstrip("\n")
        if piece.count("```") % 2 == 1:  # a code block is open: close it here, reopen it next
            piece += "\n```"
            rest = "```\n" + rest
        if piece.strip():
            pieces.append(piece)
    return pieces



def menu_parts(menus: Sequence[Menu]) -> tuple[list[Menu], str]:
    """The core's menus as Discord's: each in parts of 25 options (`.<part>` after its id, `(k/n)`
    after its words when it has several), at most one a row; and the words for what is left out."""
    parts: list[Menu] = []
    for menu in menus:
        count = max(1, -(-len(menu.options) // MAX_SELECT_OPTIONS))
        for part in range(count):
            if len(parts) == MAX_ROWS:
                break
            suffix = f" ({part + 1}/{count})" if count > 1 else ""
            chunk = menu.options[part * MAX_SELECT_OPTIONS:(part + 1) * MAX_SELECT_OPTIONS]
            parts.append(Menu(f"{menu.custom_id}.{part}", f"{menu.placeholder}{suffix}", list(chunk)))
    total = sum(len(menu.options) for menu in menus)
    shown = sum(len(part.options) for part in parts)
    return parts, "" if shown == total else f"Showing {shown} of {total}; type /move for the rest."


def private_text(reply: Reply) -> str:
    """The private part's words as Discord shows them, with what its menus leave out."""
    _, left_out = menu_parts(reply.menus)
    return " ".join(x for x in (discord_text(reply.private), left_out) if x)


class Components(discord.ui.View):
    """Buttons and select menus only. Clicks are routed by custom id in `on_interaction`,
    so no view is kept in memory (and none is lost on a restart)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        return False


def build_components(buttons: Sequence[Button], menus: Sequence[Menu]) -> Components | None:
    """A view of the menus (one row each) then the buttons (five per row), within 5 rows.
    Items that cannot be shown within Discord's limits are left out and logged."""
    if not buttons and not menus:
        return None
    view = Components()
    used: set[str] = set()
    row = 0

    def usable(cid: str) -> bool:
        if not cid or len(cid) > MAX_CUSTOM_ID or cid in used:
            log.warning("component left out: custom id %r is empty, too long or repeated", cid)
            return False
        used.add(cid)
        return True

    for menu in menu_parts(menus)[0]:
        options = [
            discord.SelectOption(label=clip(label or value, MAX_OPTION_TEXT), value=value)
            for label, value in menu.options
            if value and len(value) <= MAX_OPTION_TEXT
        ][:MAX_SELECT_OPTIONS]
        if row >= MAX_ROWS:
            log.warning("menu %r left out: no row left", menu.custom_id)
            continue
        if not options or not usable(menu.custom_id):
            continue
        view.add_item(discord.ui.Select(
            custom_id=menu.custom_id, placeholder=clip(menu.placeholder, MAX_PLACEHOLDER) or None,
            options=options, min_values=1, max_values=1, row=row,
        ))
        row += 1
    in_row = 0
    for button in buttons:
        if in_row == MAX_BUTTONS_PER_ROW:
            row, in_row = row + 1, 0
        if row >= MAX_ROWS:
            log.warning("button %r left out: no row left", button.custom_id)
            continue
        label = clip(button.label, MAX_BUTTON_LABEL) or "·"
        if button.url:  # a link button opens its address; Discord gives it no custom id and no click
            view.add_item(discord.ui.Button(label=label, url=button.url, style=discord.ButtonStyle.link, row=row))
            in_row += 1
            continue
        if not usable(button.custom_id):
            continue
        view.add_item(discord.ui.Button(
            label=label, custom_id=button.custom_id,
            style=BUTTON_STYLES.get(button.style, discord.ButtonStyle.secondary), row=row,
        ))
        in_row += 1
    if not view.children:
        return None
    view.stop()  # finished: discord.py keeps no reference to it once sent (clicks are routed by custom id)
    return view


def mentions_of(reply: Reply) -> discord.AllowedMentions:
    """Ping exactly the users and roles the reply names (a role only where /settings chose one),
    never @everyone."""
    roles = [discord.Object(role_id) for role_id in dict.fromkeys(reply.roles)]
    return discord.AllowedMentions(
        everyone=False, roles=roles or False, replied_user=False,
        users=[discord.Object(user_id) for user_id in dict.fromkeys(reply.mentions)],
    )



def discord_files(files: Sequence[tuple[str, bytes]], limit: int,
                  descriptions: Mapping[str, str] | None = None) -> list[discord.File]:
    """Files within the upload limit; one over it is left out (and logged) rather than failing the post.
    Each carries its alt text (`descriptions`, by name) as the attachment's description."""
    out = []
    for name, data in files:
        if len(data) > limit:
            log.warning("%s of %d bytes is over the upload limit of %d; not sent", name, len(data), limit)
            continue
        alt = clip(discord_plain((descriptions or {}).get(name, "")), MAX_DESCRIPTION) or None
        out.append(discord.File(io.BytesIO(data), filename=name, description=alt))
    return out


def discord_plain(text: str) -> str:
    """Alt text without the core's marks: Discord shows a description as it is, so a mention would be
    read out as its number. The words around them still say what the picture shows."""
    return marks.write(text, person=lambda user_id: "", place=lambda channel_id: "",
                       moment=lambda epoch, style: "")


def some(**kwargs: Any) -> dict[str, Any]:
    """Only the keyword arguments that have a value (discord.py wants them left out otherwise)."""
    return {k: v for k, v in kwargs.items() if v is not None}


@dataclass
class Shape:
    """One message: its text, its files (several: the board and what goes beside it), its
    components and whom it may ping. Files are read once by Discord: build a shape per send."""

    content: str
    files: list[discord.File] = field(default_factory=list)
    view: Components | None = None
    mentions: discord.AllowedMentions | None = None

    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments of discord.py's send for everything but the content."""
        return some(files=self.files or None, view=self.view, allowed_mentions=self.mentions)


def public_shape(reply: Reply, limit: int, files: Sequence[tuple[str, bytes]] | None = None,
                 descriptions: Mapping[str, str] | None = None) -> Shape:
    """The public part of a reply: its text, its public files within `limit` bytes each (`files`
    and their alt texts `descriptions` when they are kept apart from the reply), its buttons and
    menus, pinging exactly the users it names."""
    files = reply.files(private=False) if files is None else files
    descriptions = reply.descriptions() if descriptions is None else descriptions
    return Shape(clip(discord_text(reply.text), MAX_CONTENT), discord_files(files, limit, descriptions),
                 build_components(reply.buttons, reply.menus), mentions_of(reply))

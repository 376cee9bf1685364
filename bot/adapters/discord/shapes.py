"""The shapes of a reply as Discord messages: content, components (buttons and menus) and files.

The sender (`posting`) posts a reply's public part in a channel and the client answers
interactions (the person's own answer, private parts, followups); both build their messages
here, so a reply looks the same whichever way it reaches Discord. A shape carries every file
of its part: the board picture and the public attachments beside it (`Reply.files`).
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core import marks
from bot.core.replies import Button, Card, Menu, Reply, Section
from lang import tr

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


# Discord markup that a text of the core never holds (it marks people, places and moments instead),
# so found in one it came from a person (a name, a move as typed): a mention, a channel, a command
# or a timestamp (`<@1>`, `<#1>`, `</x:1>`, `<t:1>`), a masked link (`[Free Nitro](https://...)`),
# @everyone and @here. An invisible space at the seam keeps Discord from reading it as markup
# (a backslash would not: a person can write one before it to escape the escape).
_POSING = re.compile(r"(?<=<)(?=[@#/]|t:|id:)|(?<=\])(?=\()|(?<=@)(?=everyone|here)", re.IGNORECASE)
SEAM = "\u200b"
# The core's own Markdown is bold (`**`), code (backticks) and a list's `- `; every other sign of
# Discord's Markdown in a text came from a person (a name such as `__big__`, `*tilted*` or
# `||hidden||`, a heading or a quote at a line's start) and is escaped, outside code and addresses,
# where a backslash would show or break the address. (A name holding `**` or a backtick can still
# bold or quote as code a part of the line: the core's own signs are not told apart from them.)
_KEPT = re.compile(r"```.*?```|``.*?``|`[^`\n]*`|https?://\S+", re.DOTALL)
_PERSONS_MARKDOWN = re.compile(r"[\\_~|]|(?<!\*)(?:\*|\*{3,})(?!\*)|^([ \t]*)(?=[#>]|-#)", re.MULTILINE)


def _escaped(words: str) -> str:
    def one(found: re.Match[str]) -> str:
        if found[1] is not None:  # a heading, a quote or a small line at a line's start
            return found[1] + "\\"
        return "".join("\\" + sign for sign in found[0])  # a run of asterisks the core's bold (**) is not

    return _PERSONS_MARKDOWN.sub(one, words)


def escape_persons_markdown(text: str) -> str:
    """`text` with the Markdown the core never writes escaped, code and addresses left as they are."""
    out, last = [], 0
    for kept in _KEPT.finditer(text):
        out += [_escaped(text[last:kept.start()]), kept[0]]
        last = kept.end()
    out.append(_escaped(text[last:]))
    return "".join(out)


# Signs a display name may hold that the core's own words use too (bold `**`, code in backticks),
# which no escape written later can tell apart from the core's, and a web address, which Discord
# links by itself: a name enters the core with look-alikes instead (an asterisk operator, a modifier
# grave accent, an invisible space after the scheme), so it reads the same and never bolds, quotes
# or links a part of a post.
_NAME_LOOKALIKES = str.maketrans({"*": "\u2217", "`": "\u02cb"})
_SCHEME = re.compile(r"(?<=[a-z]:)(?=//)", re.IGNORECASE)


def inert_name(name: str) -> str:
    """A person's display name as it enters the core: shown the same, never Discord markup."""
    return _SCHEME.sub(SEAM, name.translate(_NAME_LOOKALIKES))


def discord_text(text: str) -> str:
    """The core's marks (bot/core/marks.py) as Discord writes them: a mention, a channel link, a
    timestamp; any markup a person wrote into the text (a name, a move as typed) is shown as
    written, never acted on."""
    quiet = escape_persons_markdown(_POSING.sub(SEAM, text))
    return marks.write(quiet, person=lambda user_id: f"<@{user_id}>", place=lambda channel_id: f"<#{channel_id}>",
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
    return parts, "" if shown == total else tr("Showing {shown} of {total}; type /move for the rest.").format(
        shown=shown, total=total)


def private_words(reply: Reply) -> str:
    """The private part's words with what its menus leave out, marks not yet written (`discord_text`
    writes them once, on the way out)."""
    _, left_out = menu_parts(reply.menus)
    return " ".join(x for x in (reply.private, left_out) if x)


def private_text(reply: Reply) -> str:
    """The private part's words as Discord shows them, with what its menus leave out."""
    return discord_text(private_words(reply))


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


# -- components v2: a reply drawn as a card (bot/core/replies.py) ---------------------------------
MAX_V2_COMPONENTS = 40  # every component counts, nested ones included
MAX_V2_TEXT = 4000  # the text of every text display of a message together
MAX_GALLERY = 10
MAX_MEDIA_DESCRIPTION = 1024
PICTURE_ENDINGS = (".png", ".gif", ".webp", ".jpg", ".jpeg")
# Discord does not yet put the mentioned names of a v2 message into its push notifications
# (discord-api-docs#7854), so a post that pings people stays a classic message. Once it does, set
# this to True: every public post, turn posts included, is then drawn as a card.
CARDS_FOR_PINGS = False


def card_of(reply: Reply, private: bool) -> Card | None:
    """The card one part of a reply is drawn as, or None when that part stays a classic message."""
    card = reply.card
    if private:
        return card if card is not None and card.private else None
    if card is not None and card.private:
        return None
    if (reply.mentions or reply.roles) and not CARDS_FOR_PINGS:
        return None
    return card if card is not None else (Card() if CARDS_FOR_PINGS else None)


class CardView(discord.ui.LayoutView):
    """A card, sent once. Like `Components`, its buttons and menus are routed by custom id."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        return False


def v2_menu_parts(menus: Sequence[Menu], rows: int) -> tuple[list[Menu], int, int]:
    """The core's menus in parts of 25 options, at most `rows` of them; (parts, shown, total)."""
    parts: list[Menu] = []
    for menu in menus:
        count = max(1, -(-len(menu.options) // MAX_SELECT_OPTIONS))
        for part in range(count):
            if len(parts) == rows:
                break
            suffix = f" ({part + 1}/{count})" if count > 1 else ""
            chunk = menu.options[part * MAX_SELECT_OPTIONS:(part + 1) * MAX_SELECT_OPTIONS]
            parts.append(Menu(f"{menu.custom_id}.{part}", f"{menu.placeholder}{suffix}", list(chunk)))
    return parts, sum(len(p.options) for p in parts), sum(len(m.options) for m in menus)


def _v2_button(button: Button) -> discord.ui.Button:
    label = clip(button.label, MAX_BUTTON_LABEL) or "·"
    if button.url:
        return discord.ui.Button(label=label, url=button.url, style=discord.ButtonStyle.link)
    return discord.ui.Button(label=label, custom_id=button.custom_id,
                             style=BUTTON_STYLES.get(button.style, discord.ButtonStyle.secondary))


def _usable(button: Button, used: set[str]) -> bool:
    if button.url:
        return True
    cid = button.custom_id
    if not cid or len(cid) > MAX_CUSTOM_ID or cid in used:
        log.warning("component left out of a card: custom id %r is empty, too long or repeated", cid)
        return False
    used.add(cid)
    return True


def build_card(card: Card, text: str, files: Sequence[str], picture: str | None, buttons: Sequence[Button],
               menus: Sequence[Menu], described: dict[str, str] | None = None) -> CardView:
    """A card as one container: its blocks of text (a button beside those that have one), the picture
    (`picture`, one of `files`) and the other pictures (an animation) as a gallery and every other
    file as a file, then its menus (in parts of 25, as many as the 40 components allow, saying what
    they leave out) and the other buttons, within 4,000 characters of text in all. What passes 40
    components still (a card of many buttons) is left out from its end, and logged."""
    blocks = card.sections or [Section(text)]
    used: set[str] = set()
    beside = {id(b.button) for b in blocks if b.button is not None}
    rest = [b for b in buttons if id(b) not in beside]
    button_rows = -(-len(rest) // MAX_BUTTONS_PER_ROW)
    # what is counted before the menus: container, each block (a section is itself, its text and its
    # button), separators, the gallery, files, the rows of buttons and the note of what menus leave out
    fixed = 1 + sum(3 if b.button is not None else 1 for b in blocks) + sum(1 for b in blocks[1:] if b.divider)
    shown = [name for name in files if name == picture or name.lower().endswith(PICTURE_ENDINGS)][:MAX_GALLERY]
    fixed += (1 if shown else 0) + sum(1 for name in files if name not in shown)
    fixed += button_rows + len(rest) + (1 if menus else 0)
    parts, listed, total = v2_menu_parts(menus, max(0, (MAX_V2_COMPONENTS - fixed) // 2))
    left_out = tr("Showing {shown} of {total}; type /move for the rest.").format(
        shown=listed, total=total) if listed < total else ""
    budget = MAX_V2_TEXT - len(left_out)
    container = discord.ui.Container()
    for index, block in enumerate(blocks):
        written = clip(discord_text(block.text), max(1, budget)) if budget > 0 else ""
        budget -= len(written)
        if index and block.divider:
            container.add_item(discord.ui.Separator())
        if not written.strip():
            continue
        if block.button is not None and _usable(block.button, used):
            container.add_item(discord.ui.Section(discord.ui.TextDisplay(written), accessory=_v2_button(block.button)))
        else:
            container.add_item(discord.ui.TextDisplay(written))
    if shown:  # the picture, and an animation beside it, shown as pictures; other files as files
        described = described or {}  # a file's alt text goes with its picture in the gallery
        container.add_item(discord.ui.MediaGallery(*(discord.MediaGalleryItem(
            f"attachment://{n}", description=clip(described[n], MAX_MEDIA_DESCRIPTION) if described.get(n) else None)
            for n in shown)))
    for name in files:
        if name not in shown:
            container.add_item(discord.ui.File(f"attachment://{name}"))
    for menu in parts:
        options = [discord.SelectOption(label=clip(label or value, MAX_OPTION_TEXT), value=value)
                   for label, value in menu.options if value and len(value) <= MAX_OPTION_TEXT]
        if not options or not menu.custom_id or len(menu.custom_id) > MAX_CUSTOM_ID or menu.custom_id in used:
            continue
        used.add(menu.custom_id)
        container.add_item(discord.ui.ActionRow(discord.ui.Select(
            custom_id=menu.custom_id, placeholder=clip(menu.placeholder, MAX_PLACEHOLDER) or None,
            options=options, min_values=1, max_values=1)))
    if left_out:
        container.add_item(discord.ui.TextDisplay(left_out))
    fitting = [b for b in rest if _usable(b, used)]
    for start in range(0, len(fitting), MAX_BUTTONS_PER_ROW):
        container.add_item(discord.ui.ActionRow(*(_v2_button(b) for b in fitting[start:start + MAX_BUTTONS_PER_ROW])))
    while _count([container.to_component_dict()]) > MAX_V2_COMPONENTS and container.children:
        dropped = container.children[-1]
        log.warning("%s left out of a card: past %d components", type(dropped).__name__, MAX_V2_COMPONENTS)
        container.remove_item(dropped)
    view = CardView()
    view.add_item(container)
    view.stop()
    return view


def _count(components: Sequence[dict[str, Any]]) -> int:
    """Components as Discord counts them: each one, nested ones and a section's accessory included."""
    return sum(1 + _count(c.get("components") or []) + (1 if c.get("accessory") else 0) for c in components)


def card_shape(reply: Reply, card: Card, limit: int, files: Sequence[tuple[str, bytes]] | None = None,
               note: str = "", descriptions: Mapping[str, str] | None = None) -> Shape:
    """One part of a reply drawn as a card: no content (Discord refuses it beside v2 components), its
    files each shown once in the card, pinging exactly the users it names. `note` goes first (what
    the adapter adds to a private answer)."""
    files = reply.files(private=card.private) if files is None else files
    descriptions = reply.descriptions() if descriptions is None else descriptions
    sent = discord_files(files, limit, descriptions)
    names = [f.filename for f in sent]
    picture = reply.image_name or "board.png"
    picture = picture if picture in names and reply.image_private == card.private else None
    text = reply.private if card.private else reply.text
    if note:
        card = Card([Section(note), *(card.sections or [Section(text)])], card.private)
    buttons = [*reply.buttons, *reply.private_buttons] if card.private else reply.buttons
    described = {f.filename: f.description for f in sent if f.description}
    view = build_card(card, text, names, picture, buttons, reply.menus, described)
    return Shape(None, sent, view, mentions_of(reply))  # type: ignore[arg-type]


def message_shape(reply: Reply, limit: int, files: Sequence[tuple[str, bytes]] | None = None,
                  descriptions: Mapping[str, str] | None = None) -> Shape:
    """The public part of a reply: a card where it is drawn as one (`card_of`), else `public_shape`
    (`descriptions`: the files' alt texts where the files are kept apart from the reply)."""
    card = card_of(reply, private=False)
    if card is None:
        return public_shape(reply, limit, files, descriptions)
    return card_shape(reply, card, limit, files, descriptions=descriptions)

"""README's invite link asks for exactly the permissions the code lists (places.INVITE_NEEDS), and
that list holds every permission the adapter checks before it posts or makes a thread."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.adapters.discord.places import (
    INVITE_NEEDS,
    MISSING_NAMES,
    invite_permissions,
    post_needs,
    thread_needs,
)

README = Path(__file__).resolve().parents[2] / "README.md"
SHOWN = {  # as Discord's settings name them
    "view_channel": "View Channels", "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads", "create_public_threads": "Create Public Threads",
    "create_private_threads": "Create Private Threads", "manage_threads": "Manage Threads",
    "attach_files": "Attach Files",
}


def invite_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## Putting the bot on a server"):text.index("3. Open the link")]


def test_the_readme_link_asks_for_the_permissions_the_code_lists():
    (link,) = re.findall(r"https://discord\.com/oauth2/authorize\?\S+?(?=>)", invite_section())
    assert "scope=bot+applications.commands" in link
    (number,) = re.findall(r"[?&]permissions=(\d+)", link)
    assert int(number) == invite_permissions() == 395137027072
    asked = discord.Permissions(int(number))
    assert all(getattr(asked, name) for name in INVITE_NEEDS)
    assert bin(asked.value).count("1") == len(INVITE_NEEDS)  # nothing more


def test_the_readme_names_each_permission_it_asks_for():
    words = " ".join(invite_section().split())
    assert set(SHOWN) == set(INVITE_NEEDS)
    for name in INVITE_NEEDS:
        assert SHOWN[name] in words, name
    for never in ("Embed Links", "Read Message History", "Administrator", "Mention Everyone"):
        assert never not in words


def test_every_permission_the_adapter_checks_is_asked_for():
    checked = set(MISSING_NAMES) | set(post_needs(True)) | set(post_needs(False)) | set(thread_needs())
    assert checked <= set(INVITE_NEEDS), checked - set(INVITE_NEEDS)

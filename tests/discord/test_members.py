"""The Discord adapter tells the service who is still in a server (bot/core/members.py): Discord
asked about one person, and a ban heard at once."""

from __future__ import annotations

import types

from tests.discord.harness import ALICE, BOB, GUILD


async def test_discord_is_asked_whether_a_person_is_still_in_the_server(bot):
    members = bot.service.members
    assert await members.present(GUILD, ALICE.id)  # Discord knows the member
    assert [c.path for c in bot.calls if c.method == "GET"] == [f"/guilds/{GUILD}/members/{ALICE.id}"]
    bot.fail("GET", rf"/guilds/{GUILD}/members/{BOB.id}", 404, code=10007)  # unknown member: left
    assert not await members.present(GUILD, BOB.id)
    bot.fail("GET", rf"/guilds/{GUILD}/members/\d+", 503)
    assert await members.present(GUILD, 4242)  # Discord cannot answer now: the link keeps working


async def test_a_ban_is_told_to_the_service_at_once(bot):
    assert bot.client.intents.moderation and not bot.client.intents.members  # no privileged intent
    bot.service.members.ask = None  # nothing asked: the ban alone tells
    await bot.client.on_member_ban(types.SimpleNamespace(id=GUILD), types.SimpleNamespace(id=ALICE.id))
    assert not await bot.service.members.present(GUILD, ALICE.id)
    assert await bot.service.members.present(GUILD, BOB.id)

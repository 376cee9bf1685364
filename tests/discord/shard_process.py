"""One bot process as `isles run` starts it (settings from the environment), pointed at the fake
Discord on FAKE_DISCORD_PORT, with the test game and short lease times: for the test of several
processes sharing one database (test_two_processes.py)."""

from __future__ import annotations

import asyncio
import logging
import os

import discord
import yarl

import render
from bot import lease
from bot.adapters.discord import client as discord_app
from bot.adapters.web.hosting import beside_the_bot
from bot.settings import Settings
from games import registry
from tests.discord.conftest import PICTURE


def main() -> None:
    port = os.environ["FAKE_DISCORD_PORT"]
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/")
    registry.MODULES["sticks"] = "tests.sticks"
    drawn = render.draw
    render.draw = lambda key, view, names: PICTURE if key == "sticks" else drawn(key, view, names)
    lease.TTL, lease.RENEW = float(os.environ["LEASE_TTL"]), float(os.environ["LEASE_RENEW"])
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s shard {os.environ['ISLES_SHARD_IDS']} "
                                                   "%(levelname)s %(name)s: %(message)s")
    asyncio.run(discord_app.run(Settings.from_env(env_file=None), beside=beside_the_bot))


if __name__ == "__main__":
    main()

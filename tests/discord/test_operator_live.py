"""The operator's surface of the unmodified bot as `isles run` starts it (run() with bot/cli.py's
`beside`), against the local fake Discord: the presence line reaches the gateway, and /healthz on
ISLES_HEALTH_PORT tells the shard that is ready and the server it sees."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket

import aiohttp

from bot.adapters.discord import client as discord_app
from bot.adapters.web.hosting import beside_the_bot
from bot.cli import alongside
from bot.settings import HealthSettings
from tests.discord.conftest import settings_for
from tests.discord.test_fake_discord import fake  # noqa: F401 - the fixture


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def health_of_bot(port: int) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/healthz") as answer:
        return answer.status, await answer.json()


async def test_the_running_bot_shows_its_presence_and_answers_healthz(fake, sticks, tmp_path):  # noqa: F811
    port = free_port()
    settings = dataclasses.replace(settings_for(tmp_path / "isles.db"), health=HealthSettings("127.0.0.1", port))
    task = asyncio.create_task(discord_app.run(settings, beside=alongside(beside_the_bot)))
    try:
        await fake.wait_until(lambda: fake.presences or task.done(), timeout=20)
        assert not task.done(), task
        (shown,) = fake.presences
        assert shown["activities"][0]["type"] == 4  # a custom status
        assert shown["activities"][0]["state"] == "No tables in play: /open starts one"
        # on_shard_ready was dispatched before on_ready, which started the presence line: already heard
        status, body = await health_of_bot(port)
        assert status == 200, body
        assert body["gateway"]["shards_ready"] == 1 and body["gateway"]["servers"] == 1
        assert body["store"] == {"reachable": True} and body["outbox"]["waiting"] == 0
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 10)

"""Floods against the board pages on 127.0.0.1: how many slow bodies a page server with the default
room takes while a player's page is still answered within 1 s, and how many made-up Activity
sign-ins a second leave a real one getting in.

    .venv/bin/python bench/floods.py [--code ROOT ...] [--standing 320,640,960,1500,3000]
                                     [--churn 32,64,128] [--churn-seconds 12] [--sign-ins 10,20,40,80,160]
                                     [--seconds 10] [--sign-ins-code ROOT]

Slow bodies: the pages are served by tests/web/alone.py in a process of its own under a file
limit of 1,024 (the usual default: a room of 640 connections), run from each code root `--code`
in turn (its .venv's Python when it has one), e.g. the code before a change and after. For each
count of `--standing`, that many connections send a POST's headers to the Activity's sign-in
(no link needed) and the first byte of a 200-byte body, and no more; then the player's page asks
for its state ten times, each on a new connection. For each rate of `--churn`, new slow bodies
are opened at that rate for `--churn-seconds` (past the old 10 s deadline of a body) while the
player asks twice a second. A player's request counts as answered when its 200 came within 1 s;
the page is asked once before, so that its first picture is drawn. (A member's link does the same
through its moves, but its own limit of requests stops it after about a hundred.)

Sign-ins (the code at `--sign-ins-code`, this script's root by default): a fake of Discord's
endpoints on 127.0.0.1 and the pages with the bot's token; for each rate of `--sign-ins`, made-up
codes and instances are sent at that rate for `--seconds`, and the real player signs in once in
each second, at a moment drawn from a seed.

Every loop is bounded by its count and `--seconds`; nothing leaves 127.0.0.1. The printout gives,
per step, the player's requests answered within 1 s, their median and slowest time, and the
machine's load average.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from aiohttp import ClientSession, TCPConnector, web
from aiohttp.test_utils import TestClient, TestServer

HERE = Path(__file__).resolve().parents[1]
FILE_LIMIT = 1024
WITHIN = 1.0  # seconds: a player's request answered later than this counts as unanswered


def python_of(root: Path) -> str:
    own = root / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


@contextlib.asynccontextmanager
async def served_alone(root: Path, folder: Path):
    """tests/web/alone.py from `root`, with the Activity set up: its port and two seats' links."""
    env = dict(os.environ, ISLES_CLIENT_ID="424242424242424242", ISLES_CLIENT_SECRET="bench-secret",
               DISCORD_TOKEN="", PYTHONPATH=str(root))
    with (folder / "log").open("ab") as log:
        process = await asyncio.create_subprocess_exec(
            python_of(root), "-m", "tests.web.alone", str(folder / f"alone-{time.monotonic_ns()}.db"),
            str(FILE_LIMIT), stdout=asyncio.subprocess.PIPE, stderr=log, cwd=root, env=env)
    try:
        yield json.loads(await asyncio.wait_for(process.stdout.readline(), 60))
    finally:
        process.terminate()
        await process.wait()


async def slow_body(port: int, path: str):
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
    writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: 200\r\n\r\n{{".encode())
    await writer.drain()
    return reader, writer


async def ask(session: ClientSession, url: str) -> float | None:
    """Seconds to the player's 200, or None when it did not come within WITHIN."""
    start = time.monotonic()
    try:
        async with asyncio.timeout(WITHIN):
            async with session.get(url) as answer:
                await answer.read()
                return time.monotonic() - start if answer.status == 200 else None
    except Exception:  # refused, closed or too slow: not answered, whatever the reason
        return None


def summary(times: list[float | None]) -> str:
    answered = [t for t in times if t is not None]
    if not answered:
        return f"answered 0/{len(times)}"
    return (f"answered {len(answered)}/{len(times)}, median {statistics.median(answered) * 1000:.0f} ms, "
            f"slowest {max(answered) * 1000:.0f} ms")


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


async def slow_bodies(root: Path, standing: list[int], churn: list[int], seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with served_alone(root, Path(folder)) as served:
            port = served["port"]
            paths = ("/activity/token",)
            url = f"http://127.0.0.1:{port}/t/{served['alice']}/state"
            async with ClientSession(connector=TCPConnector(force_close=True)) as session:
                async with session.get(url) as answer:  # its picture drawn once, before any time counts
                    assert answer.status == 200, await answer.text()
                for count in standing:
                    opened = []
                    try:
                        for n in range(count):
                            with contextlib.suppress(OSError, TimeoutError):
                                opened.append(await slow_body(port, paths[n % len(paths)]))
                        times = [await ask(session, url) for _ in range(10)]
                    finally:
                        for _, writer in opened:
                            writer.close()
                    print(f"  {root.name}: {count} slow bodies standing ({len(opened)} opened): "
                          f"{summary(times)}; {load()}", flush=True)
                    await asyncio.sleep(1.0)  # the server closes them
                for rate in churn:
                    opened, times = [], []

                    async def flood(rate: int = rate, opened: list = opened) -> None:
                        start = time.monotonic()
                        for n in range(int(rate * seconds)):
                            with contextlib.suppress(OSError, TimeoutError):
                                opened.append(await slow_body(port, paths[n % len(paths)]))
                            await asyncio.sleep(max(0.0, start + (n + 1) / rate - time.monotonic()))

                    task = asyncio.create_task(flood())
                    try:
                        while not task.done():
                            times.append(await ask(session, url))
                            await asyncio.sleep(0.5)
                        await task
                    finally:
                        for _, writer in opened:
                            writer.close()
                    print(f"  {root.name}: {rate} new slow bodies a second for {seconds:.0f} s "
                          f"({len(opened)} opened): {summary(times)}; {load()}", flush=True)
                    await asyncio.sleep(1.0)


class FakeDiscord:
    """Discord's token, users/@me and activity-instances endpoints: one real launch, i-1, in `channel`."""

    def __init__(self, channel: int):
        self.channel = channel

    def app(self) -> web.Application:
        app = web.Application()
        app.add_routes([web.post("/api/v10/oauth2/token", self.token), web.get("/api/v10/users/@me", self.me),
                        web.get("/api/v10/applications/{app}/activity-instances/{instance}", self.instance)])
        return app

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("code") != "real-code":
            return web.json_response({"error": "invalid_grant"}, status=400)
        return web.json_response({"access_token": "real-access", "token_type": "Bearer"})

    async def me(self, _request: web.Request) -> web.Response:
        return web.json_response({"id": "1"})

    async def instance(self, request: web.Request) -> web.Response:
        if request.match_info["instance"] != "i-1":
            return web.json_response({"message": "Unknown Activity Instance", "code": 10000}, status=404)
        return web.json_response({"location": {"channel_id": str(self.channel)}, "users": ["1"]})


async def sign_ins(root: Path, rates: list[int], seconds: float) -> None:
    sys.path.insert(0, str(root))
    from bot.adapters.web.server import WebPages
    from tests.helpers import ALICE, service_at
    from tests.web.conftest import start_table

    fake = TestServer(FakeDiscord(ALICE.channel_id).app())
    await fake.start_server()
    with tempfile.TemporaryDirectory() as folder:
        for rate in rates:
            os.environ.update(ISLES_CLIENT_ID="424242424242424242", ISLES_CLIENT_SECRET="bench-secret",
                              ISLES_DISCORD_API=str(fake.make_url("/api/v10")), DISCORD_TOKEN="bench-bot")
            service = await service_at(Path(folder) / f"sign-ins-{rate}.db", seeds=lambda: 5)
            pages = WebPages(service, secret="bench")
            service.extend(pages)
            async with TestClient(TestServer(pages.app())) as client:
                await start_table(service, "pioneers")  # Alice (user 1, the real player) and Bob

                async def one(code: str, instance: str) -> int:
                    answer = await client.post("/activity/token", json={"code": code, "instance_id": instance,
                                                                        "channel_id": str(ALICE.channel_id)})
                    await answer.read()
                    return answer.status

                flood: list[asyncio.Task] = []
                real: list[asyncio.Task] = []
                draw = random.Random(rate)
                when = [second + draw.random() for second in range(int(seconds))]  # once in each second
                start = time.monotonic()
                n = 0
                while (now := time.monotonic() - start) < seconds:
                    while n < rate * now:
                        flood.append(asyncio.create_task(one(f"made-up-{n}", f"i-made-up-{n}")))
                        n += 1
                    if len(real) < len(when) and when[len(real)] <= now:
                        real.append(asyncio.create_task(one("real-code", "i-1")))
                    await asyncio.sleep(0.005)
                statuses = await asyncio.gather(*flood)
                real = await asyncio.gather(*real)
            await service.store.close()
            print(f"  {rate} made-up sign-ins a second for {seconds:.0f} s ({len(statuses)} sent, "
                  f"{sum(s == 429 for s in statuses)} answered 429): the real one got in {real.count(200)} "
                  f"of {len(real)} times; {load()}", flush=True)
    await fake.close()


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--code", nargs="*", default=[str(HERE)])
    parser.add_argument("--standing", default="320,640,960,1500,3000")
    parser.add_argument("--churn", default="32,64,128")
    parser.add_argument("--churn-seconds", type=float, default=12.0)
    parser.add_argument("--sign-ins", default="10,20,40,80,160")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--sign-ins-code", default=str(HERE))
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    print(f"slow bodies, the pages under a file limit of {FILE_LIMIT}:", flush=True)
    for root in args.code:
        await slow_bodies(Path(root).resolve(), numbers(args.standing), numbers(args.churn), args.churn_seconds)
    if numbers(args.sign_ins):
        root = Path(args.sign_ins_code).resolve()
        print(f"made-up Activity sign-ins (with the bot's token), {root.name}:", flush=True)
        await sign_ins(root, numbers(args.sign_ins), args.seconds)


if __name__ == "__main__":
    asyncio.run(main())

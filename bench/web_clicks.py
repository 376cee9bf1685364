"""A click's answer on the board pages with many tables moving at once.

    .venv/bin/python bench/web_clicks.py [--tables 30] [--clicks 8] [--runs 3] [--think 0] [--game pioneers] [--profile]

The bot's side runs in a process of its own, as it does in production: a table service on
SQLite that draws the channel's picture after every move (as for Discord), and the web adapter on
a real aiohttp server on 127.0.0.1. This process plays the browsers: one page per table. A click
is what the page does on Confirm: POST the move (its answer holds the page's new state), then GET
the new board picture; its time runs from the POST to the last byte of the picture. Every table clicks at
once, each time a move picked at random from the moves its last state listed (a seat whose turn
it is not first reads its own state, untimed). `--think 0` (the default) clicks again as soon as
the board is shown, the worst case; `--think S` waits a random 0-2S seconds first, as people do. Reports the median and the 90th percentile of
each run's clicks, and of all runs. `--profile` prints where the bot's process spent a run; `--unshared` draws every page's picture
apart from the channel post's, as the pages did before they shared it.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


# -- the bot's process ---------------------------------------------------------------------
async def serve(game: str, count: int, profile: bool, unshared: bool) -> None:
    from bot.adapters.web import server, tokens
    from bot.adapters.web.server import WebPages
    from bot.core.replies import Caller
    from bot.core.service import TableService
    from db.store import Store

    if unshared:  # as before the pages shared the post's drawing: every seat's picture drawn again
        server.SEAT_BLIND = frozenset()
    store = await Store.open(f"{tempfile.mkdtemp()}/bench.db")
    service = TableService(store, draw_images=True, seeds=lambda: 11)
    pages = WebPages(service, host="127.0.0.1", port=0, secret="bench")
    service.extend(pages)
    base = await pages.start()
    tables = []
    for t in range(count):
        channel = 5000 + t
        ann, bob = Caller(1, channel, 100 + 2 * t, f"ann{t}"), Caller(1, channel, 101 + 2 * t, f"bob{t}")
        for caller, command, args in ((ann, "open", {"game": game}), (bob, "join", {}), (ann, "start", {})):
            reply = await service.handle(caller, command, args)
            assert reply.ok, reply.private
        table = (await store.open_table(channel)).id
        expires = int(time.time()) + 3600
        tables.append([tokens.sign(pages.secret, who.user_id, table, expires) for who in (ann, bob)])
    print(json.dumps({"base": base, "tables": tables}), flush=True)
    loop = asyncio.get_running_loop()
    while True:  # one line from the browsers' side per run: start or stop profiling, or end
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if line == "profile":
            profiler = cProfile.Profile()
            profiler.enable()
        elif line == "report" and profile:
            profiler.disable()
            pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(20)
        elif line in ("", "end"):
            break
        print("ok", flush=True)
    await pages.stop()
    await store.close()


# -- the browsers ------------------------------------------------------------------------------
async def click(session, base: str, token: str, move: str, version: int) -> tuple[float, dict, bool]:
    start = time.perf_counter()
    async with session.post(f"{base}/t/{token}/move", json={"move": move, "version": version}) as answer:
        said = await answer.json()
    state = said["state"]  # the page's new state comes with the answer
    async with session.get(f"{base}/t/{token}/board.png?v={state['version']}") as answer:
        await answer.read()
        shown = answer.status == 200
    return time.perf_counter() - start, state, bool(said.get("ok")) and shown


async def table_clicks(session, base, seat_tokens, clicks, rng, times, refused, think=0.0) -> None:
    state, token = None, seat_tokens[0]
    for _ in range(clicks):
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        if state is None or not state["your_turn"]:
            for token in seat_tokens:  # the page of whoever must act
                async with session.get(f"{base}/t/{token}/state") as answer:
                    state = await answer.json()
                if state["your_turn"]:
                    break
        if not state["your_turn"] or not state["moves"]:
            return  # over
        move = rng.choice(state["moves"])
        spent, state, ok = await click(session, base, token, move, state["version"])
        times.append(spent)
        refused[0] += not ok


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def browse(args) -> None:
    from aiohttp import ClientSession, TCPConnector

    bot = subprocess.Popen([sys.executable, __file__, "--serve", "--game", args.game, "--tables", str(args.tables)]
                           + (["--profile"] if args.profile else []) + (["--unshared"] if args.unshared else []),
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        served = json.loads(bot.stdout.readline())
        base, tables = served["base"], served["tables"]
        everything: list[float] = []
        async with ClientSession(connector=TCPConnector(limit=0)) as session:
            for run in range(args.runs):
                last = args.profile and run == args.runs - 1
                if last:
                    bot.stdin.write("profile\n")
                    bot.stdin.flush()
                    bot.stdout.readline()
                times: list[float] = []
                refused = [0]
                rng = random.Random(run)
                began = time.perf_counter()
                await asyncio.gather(*(table_clicks(session, base, seat_tokens, args.clicks, random.Random(rng.random()),
                                                    times, refused, args.think) for seat_tokens in tables))
                wall = time.perf_counter() - began
                if last:
                    bot.stdin.write("report\n")
                    bot.stdin.flush()
                    bot.stdout.readline()
                everything += times
                print(f"run {run + 1}: {len(times)} clicks over {len(tables)} tables in {wall:.1f} s: median "
                      f"{statistics.median(times) * 1000:.0f} ms, p90 {percentile(times, 0.9) * 1000:.0f} ms"
                      + (f" ({refused[0]} refused)" if refused[0] else ""), flush=True)
        print(f"all runs: median {statistics.median(everything) * 1000:.0f} ms, "
              f"p90 {percentile(everything, 0.9) * 1000:.0f} ms over {len(everything)} clicks")
    finally:
        bot.stdin.write("end\n")
        bot.stdin.close()
        bot.wait(timeout=30)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--clicks", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", default="pioneers")
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--unshared", action="store_true", help="draw each page's picture apart from the post's")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    asyncio.run(serve(options.game, options.tables, options.profile, options.unshared) if options.serve
                else browse(options))

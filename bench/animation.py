"""The end-of-game animation: peak memory and time of one build, of three /replay at once, and how
long the last mover waits for the final message.

    .venv/bin/python bench/animation.py [GAME ...] [--players 4] [--repeat 3] [--modes make,one,three,final]

Each measurement runs in a fresh process whose render caches were first filled by drawing two
other games on the animation's thread (a running bot's are full, and bounded), so that its peak resident memory (ru_maxrss) above
what the process held before the build is the build's own. Figures are medians over the repeats;
nothing here asserts a time or a size.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import asyncio, gc, json, random, resource, sys, tempfile, time
sys.path.insert(0, ROOT)
from bot.extensions import install
from bot.core.replies import Caller
from bot.core.service import TableService
from db.store import Store
from games import registry

def rss_mib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20

def peak_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

async def main(key, players, mode):
    folder = tempfile.mkdtemp()
    store = await Store.open(folder + "/a.db")
    service = TableService(store, draw_images=True, seeds=lambda: 7)
    install(service, prepare_daily=False)
    animation = next(e for e in service.extensions if hasattr(e, "cmd_replay"))
    posted = []

    class Outbox:
        async def post(self, channel_id, reply):
            posted.append((time.perf_counter(), [a.name for a in reply.attachments]))
            return True

        async def direct(self, user_id, text):
            return True

    service.outbox = Outbox()
    people = [Caller(1, 50, 100 + i, f"P{i}", False) for i in range(players)]
    await service.handle(people[0], "open", {"game": key})
    for p in people[1:]:
        await service.handle(p, "join")
    await service.handle(people[0], "start")
    for p in people:  # the probe plays every move itself, the last one too (a lone move would end the game unseen)
        await service.handle(p, "auto", {"forced": "off"})
    table = (await store.open_table(50)).id
    by_user = {p.user_id: p for p in people}
    service.draw_images = False  # the game itself is played without pictures
    last, pick = None, random.Random(5)
    while (await store.table(table)).status == "active":
        seats = {s.seat: s.user_id for s in await store.seats(table)}
        game = registry.get(key).load((await store.table(table)).state)
        caller = by_user[seats[game.to_act()[0]]]
        move = pick.choice(game.legal_moves(game.to_act()[0]))  # random play: the pictures are measured
        state = await store.table(table)
        trial = registry.get(key).load(state.state)
        trial.play(game.to_act()[0], move)
        if trial.is_over():
            last = (caller, move)
            break
        await service.handle(caller, "move", {"move": move})
    service.draw_images = True
    import render
    def warm_up():
        for warm_seed in (99, 98):
            warm, rng = registry.get(key).new(players, {}, warm_seed), random.Random(warm_seed)
            while not warm.is_over():
                warm.play(warm.to_act()[0], rng.choice(warm.legal_moves(warm.to_act()[0])))
                render.draw(key, warm.view(None), [p.name for p in people])

    # a running bot's render caches are full already (they are bounded)
    await asyncio.to_thread(warm_up)
    gc.collect()
    base, start = rss_mib(), time.perf_counter()
    if mode == "make":  # the build alone, on this thread: its CPU time, and its peak above the warm process
        from bot.features.animation import make
        caller, move = last
        seat = next(s.seat for s in await store.seats(table) if s.user_id == caller.user_id)
        moves = [(m.seat, m.move) for m in await store.moves(table)] + [(seat, move)]
        row = await store.table(table)
        cpu = time.thread_time()
        made = make(key, players, row.options, row.seed, moves, [p.name for p in people], "", row.state)
        print(json.dumps({"cpu_s": time.thread_time() - cpu, "took_s": time.perf_counter() - start,
                          "peak_mib": peak_mib() - base, "bytes": len(made[0]), "frames": made[2],
                          "turns": len(moves)}))
        return
    if mode == "final":
        caller, move = last
        reply = await service.handle(caller, "move", {"move": move})
        waited = time.perf_counter() - start
        got = [a.name for a in reply.attachments]
        tasks = getattr(animation, "pending", lambda: [])()
        if tasks:
            await asyncio.gather(*tasks)
        total = time.perf_counter() - start
        got += [name for _, names in posted for name in names]
        print(json.dumps({"answer_s": waited, "total_s": total, "peak_mib": peak_mib() - base,
                          "inline": got}))
        return
    caller, move = last
    await service.handle(caller, "move", {"move": move})
    moves = await store.moves(table) if hasattr(store, "moves") else []
    gc.collect()
    base, start = rss_mib(), time.perf_counter()
    count = 1 if mode == "one" else 3
    cpu = time.process_time()
    replies = await asyncio.gather(*(animation.cmd_replay(people[i % players]) for i in range(count)))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    again = time.perf_counter()
    await animation.cmd_replay(people[0])
    second = time.perf_counter() - again
    size = len(replies[0].attachments[0].data)
    print(json.dumps({"took_s": took, "cpu_s": cpu, "again_s": second, "peak_mib": peak_mib() - base, "bytes": size,
                      "turns": len(moves),
                      "name": replies[0].attachments[0].name}))

async def run(*args):
    try:
        await main(*args)
    finally:
        import os
        sys.stdout.flush()
        os._exit(0)  # the store's worker thread would keep a finished probe waiting

asyncio.run(run(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
"""


def measure(key: str, players: int, mode: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE.replace("ROOT", repr(str(ROOT))), key, str(players), mode],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["propeller", "growsky"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--modes", default="make,one,three,final",
                        help="make: the build alone on one thread (CPU seconds, peak); one, three: /replay "
                             "asked once or three times at once; final: the last move's answer")
    args = parser.parse_args()
    for key in args.games:
        for mode in args.modes.split(","):
            runs = [measure(key, args.players, mode) for _ in range(args.repeat)]
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0] if isinstance(runs[0][k], float | int)}
            shown = "  ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in med.items())
            print(f"{key} {args.players}p {mode:6} {shown}  {runs[0].get('name') or runs[0].get('inline')}",
                  flush=True)


if __name__ == "__main__":
    main()

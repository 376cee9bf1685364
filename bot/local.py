"""`isles local`: the console on a terminal, or a script of lines on standard input."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.console import Console
from bot.extensions import install
from bot.service import TableService
from db.store import Store


async def run_console(
    db_path: str, out_dir: Path, managers: set[str], images: bool = True, seed: int | None = None
) -> int:
    store = await Store.open(db_path)
    seeds = (lambda: seed) if seed is not None else None
    service = TableService(store, draw_images=images, seeds=seeds)
    installed = install(service, prepare_daily=False)
    await installed.timing.catch_up()
    console = Console(service, out_dir, managers, tick=installed.tick)
    interactive = sys.stdin.isatty()
    if interactive:
        print("Isles offline console. Tables are kept in", db_path)
        print(console.help())
    try:
        while True:
            if interactive:
                try:
                    line = await asyncio.to_thread(input, "> ")
                except EOFError:
                    break
            else:
                line = sys.stdin.readline()
                if not line:
                    break
                if line.strip():
                    print(f"> {line.rstrip()}")
            if line.strip().lower() in ("quit", "exit"):
                break
            for out in await console.run_line(line):
                print(out)
    finally:
        await store.close()
    return 0

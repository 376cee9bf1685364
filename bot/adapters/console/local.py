"""`isles local`: the console on a terminal, or a script of lines on standard input.

Lines are read in the main thread, between the loop's turns, so Ctrl-C while waiting for a
line (or while a line runs) ends the console quietly and still closes the store.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.adapters.console.console import Console
from bot.adapters.web.console import install_pages, read_off_loop, stop_pages
from bot.core.service import TableService
from bot.extensions import install
from db.store import Store

INTERRUPTED = 130  # the shell's exit status for a program stopped by Ctrl-C


async def open_console(db_path: str, out_dir: Path, managers: set[str], images: bool = True,
                       seed: int | None = None) -> tuple[Console, Store]:
    store = await Store.open(db_path)
    try:
        seeds = (lambda: seed) if seed is not None else None
        service = TableService(store, draw_images=images, seeds=seeds)
        installed = install(service, prepare_daily=False)
        install_pages(service)
        await installed.timing.catch_up()
    except BaseException:
        await store.close()
        raise
    return Console(service, out_dir, managers, tick=installed.tick), store


def read_line(interactive: bool) -> str | None:
    """The next line, or None at the end of the input."""
    if interactive:
        try:
            return input("> ")
        except EOFError:
            print()
            return None
    line = sys.stdin.readline()
    if not line:
        return None
    if line.strip():
        print(f"> {line.rstrip()}", flush=True)
    return line


def run_console(db_path: str, out_dir: Path, managers: set[str], images: bool = True,
                seed: int | None = None) -> int:
    interactive = sys.stdin.isatty()
    with asyncio.Runner() as runner:
        try:
            console, store = runner.run(open_console(db_path, out_dir, managers, images, seed))
        except KeyboardInterrupt:
            return INTERRUPTED
        try:
            if interactive:
                print("Isles offline console. Tables are kept in", db_path)
                print(console.help())
            while (line := runner.run(read_off_loop(lambda: read_line(interactive)))) is not None:
                if line.strip().lower() in ("quit", "exit"):
                    break
                for out in runner.run(console.run_line(line)):
                    print(out)
                sys.stdout.flush()
        except KeyboardInterrupt:
            print()
            return INTERRUPTED
        finally:
            runner.run(stop_pages(console.service))
            runner.run(store.close())
    return 0

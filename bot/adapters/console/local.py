"""`isles local`: the console on a terminal, or a script of lines on standard input.

Lines are read on a thread of their own while the loop goes on (serving board pages, when
`isles local` set them beside the console), so Ctrl-C while waiting for a line (or while a
line runs) ends the console quietly and still closes the store.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import lang
from bot.adapters.console.console import Console
from bot.core.service import TableService
from bot.extensions import install
from db.store import Store
from lang import tr

INTERRUPTED = 130  # the shell's exit status for a program stopped by Ctrl-C


class Beside(Protocol):
    """Another adapter served beside the console (the board pages), stopped when it ends."""

    async def stop(self) -> None: ...


async def open_console(db_path: str, out_dir: Path, managers: set[str], images: bool = True,
                       seed: int | None = None, beside: Callable[[TableService], Beside] | None = None,
                       language: str = "") -> tuple[Console, Store, Beside | None]:
    """`language`: what the console's people and its server speak ('de', 'es'; English by default)."""
    store = await Store.open(db_path)
    try:
        seeds = (lambda: seed) if seed is not None else None
        service = TableService(store, draw_images=images, seeds=seeds)
        installed = install(service, prepare_daily=False)
        other = beside(service) if beside is not None else None
        await installed.timing.catch_up()
    except BaseException:
        await store.close()
        raise
    return Console(service, out_dir, managers, tick=installed.tick, language=language), store, other


async def read_off_loop(read: Callable[[], Any]) -> Any:
    """read() on a thread of its own while the loop goes on serving pages. A daemon thread, so that
    Ctrl-C while it waits for a line ends the program instead of waiting for one more line."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def deliver(setter: Callable[[Any], None], value: Any) -> None:
        if not done.done():
            setter(value)

    def work() -> None:
        try:
            value, setter = read(), done.set_result
        except BaseException as error:  # EOF, a closed stdin: the loop decides
            value, setter = error, done.set_exception
        try:
            loop.call_soon_threadsafe(deliver, setter, value)
        except RuntimeError:  # the loop closed while waiting (Ctrl-C)
            pass

    threading.Thread(target=work, daemon=True, name="isles-console-input").start()
    return await done


async def _stop(other: Beside | None) -> None:
    if other is not None:
        await other.stop()


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
                seed: int | None = None, beside: Callable[[TableService], Beside] | None = None,
                language: str = "") -> int:
    """`beside`: installs another adapter on the console's service (the board pages, from bot/cli.py)."""
    interactive = sys.stdin.isatty()
    with asyncio.Runner() as runner:
        try:
            console, store, other = runner.run(open_console(db_path, out_dir, managers, images, seed, beside,
                                                            language))
        except KeyboardInterrupt:
            return INTERRUPTED
        try:
            if interactive:
                with lang.using(language):
                    print(tr("Isles offline console. Tables are kept in {path}").format(path=db_path))
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
            runner.run(_stop(other))
            runner.run(store.close())
    return 0

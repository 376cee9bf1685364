"""Heavy searches (the daily deal's solver, any future search player) in worker processes.

A search holds the interpreter for seconds at a time. Run in the bot's own process, even on a
thread, it takes the lock every thread of the process needs, so boards and answers wait behind
it. Here it runs in a small pool of separate processes: `workers` bounds how many cores the
searches may take (1 by default, leaving the other core of a small machine to the bot), and a
search that runs past `timeout` seconds is given up, its worker replaced.

Workers are started the first time they are needed, with the "spawn" method: a fork of a
process that already runs threads (SQLite's, the renderers') could copy a held lock. Each worker
watches the process that started it and exits when it is gone: a worker waits on a pipe it
holds both ends of, so it would never learn of a bot killed with SIGKILL and would live on.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.core.workers import exit_with_parent
from games.base import is_number

log = logging.getLogger(__name__)

T = TypeVar("T")

DEFAULT_WORKERS = 1  # one core for searches, the other for the bot (a 2-core machine)
DEFAULT_TIMEOUT = 120.0  # seconds; a daily solve spends about 2 s a seed, so this is a hang, not a slow search


class SettingError(SystemExit):
    """A setting of the environment cannot be read; the message names it. A SystemExit, so that the
    bot stops at start with that one line and a nonzero status rather than a traceback."""


@dataclass(frozen=True)
class PoolSettings:
    workers: int = DEFAULT_WORKERS
    timeout: float = DEFAULT_TIMEOUT

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> PoolSettings:
        """`ISLES_SOLVER_WORKERS` (whole number, 1 or more) and `ISLES_SOLVER_TIMEOUT` (seconds)."""
        env = dict(os.environ if env is None else env)
        workers_text = env.get("ISLES_SOLVER_WORKERS", "").strip()
        timeout_text = env.get("ISLES_SOLVER_TIMEOUT", "").strip()
        workers, timeout = DEFAULT_WORKERS, DEFAULT_TIMEOUT
        if workers_text:
            if not is_number(workers_text) or int(workers_text) < 1:
                raise SettingError(f"ISLES_SOLVER_WORKERS must be a whole number of processes, 1 or more "  # verbatim
                                   f"(not `{workers_text}`).")  # verbatim: for the host who runs the bot
            workers = int(workers_text)
        if timeout_text:
            try:
                timeout = float(timeout_text)
            except ValueError:
                timeout = -1.0
            if not timeout > 0:
                raise SettingError(  # verbatim: for the host who runs the bot, as its log is
                    f"ISLES_SOLVER_TIMEOUT must be a number of seconds above 0 (not `{timeout_text}`).")  # verbatim
        return cls(workers, timeout)


class SolverPool:
    """Runs module-level functions in worker processes: `await pool.run(fn, *args)`."""

    def __init__(self, workers: int = DEFAULT_WORKERS, timeout: float = DEFAULT_TIMEOUT):
        self.workers = max(1, int(workers))
        self.timeout = timeout
        self._executor: ProcessPoolExecutor | None = None
        self._gate = asyncio.Semaphore(self.workers)  # queued jobs wait here, so a timeout counts from their start

    @classmethod
    def from_env(cls) -> SolverPool:
        settings = PoolSettings.from_env()
        return cls(settings.workers, settings.timeout)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=exit_with_parent, initargs=(os.getpid(),))
        return self._executor

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """fn(*args) in a worker. Raises TimeoutError (the worker is replaced) past the timeout (the
        pool's, or this call's)."""
        timeout = self.timeout if timeout is None else timeout
        async with self._gate:
            loop = asyncio.get_running_loop()
            pool = self._pool()
            try:
                future = loop.run_in_executor(pool, fn, *args)
            except BrokenProcessPool:
                self._discard(pool)
                future = loop.run_in_executor(self._pool(), fn, *args)
            try:
                return await asyncio.wait_for(future, timeout)
            except TimeoutError:
                log.warning("a search (%s) ran past %ss: its worker is replaced", getattr(fn, "__name__", fn), timeout)
                self._discard(pool)
                raise
            except BrokenProcessPool:
                self._discard(pool)
                raise

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        """Stop a pool whose worker hangs or died; the next job starts a new one."""
        if self._executor is pool:
            self._executor = None
        processes = list((getattr(pool, "_processes", None) or {}).values())  # CPython keeps them here
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()

    def close(self) -> None:
        """Stop the workers at once: a search is only kept when it has finished, so none is lost half-done."""
        if self._executor is not None:
            self._discard(self._executor)


__all__ = ["PoolSettings", "SettingError", "SolverPool"]

"""Where pictures are drawn: in a worker process when the machine has a core to spare, else on
threads of the bot's own process.

A board picture costs 5-20 ms of CPU, most of a move's work. Drawn on a thread, it holds the
interpreter's lock for much of that time, so however many tables a process serves, it uses about
one core. Drawn in a worker process, the bot's process keeps its core for rules and the store
while the picture is drawn on the other: the ceiling of a 2-core machine roughly doubles.

`ISLES_RENDER_WORKERS`: how many worker processes draw (0: threads of this process). By default one
a core, up to 4, where the machine has at least two cores (the bot's own process needs a quarter
of a core per picture's worth of work, so the workers keep every core busy), else 0. The worker keeps the renderer's caches (a
table's static board is drawn once per worker), is started with "spawn" (a fork of a process that
runs threads could copy a held lock), leaves when the bot's process is gone, and is replaced when
it dies: the picture that found it dead is drawn on a thread, so no move goes without its board.
What cannot be sent to a process (a stand-in drawing function of a test) is drawn on a thread too.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

import lang
from bot.core.workers import exit_with_parent

log = logging.getLogger(__name__)

T = TypeVar("T")

SETTING = "ISLES_RENDER_WORKERS"
RENDER_THREADS = 2
MOST_WORKERS = 4  # DESIGNED: past this, more workers only add their caches' memory for one process's tables  # pictures drawn here still keep off the default pool (file reads, other work)


class DrawingSettingError(SystemExit):
    """ISLES_RENDER_WORKERS cannot be read: stops the bot at start with the one line that names it."""


def workers_from_env(env: dict[str, str] | None = None, cores: int | None = None) -> int:
    env = dict(os.environ if env is None else env)
    text = env.get(SETTING, "").strip()
    if not text:
        cores = cores if cores is not None else os.cpu_count() or 1
        return min(cores, MOST_WORKERS) if cores >= 2 else 0
    if not text.isdigit() or len(text) > 3:
        raise DrawingSettingError(f"{SETTING} must be a whole number of processes, 0 (draw in the bot's own "  # verbatim: for the host
                                  f"process) or more (not `{text}`).")
    return int(text)


def _warm() -> None:
    """In a worker: import the renderer before the first picture asks for it."""
    import render  # noqa: F401


def _start_worker(parent: int, niceness: int) -> None:
    if niceness:
        try:
            os.nice(niceness)
        except OSError:
            pass  # not allowed here: the work is done at the usual priority
    # Ctrl-C in a terminal reaches every process of its group: the bot says one line and stops its
    # workers; a worker must not answer it with a traceback of its own
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent(parent)
    _warm()


class Drawing:
    """Runs drawing functions (module-level, their arguments plain data) off the event loop."""

    def __init__(self, workers: int, threads: int = RENDER_THREADS, tasks_per_worker: int | None = None,
                 name: str = "isles-render", niceness: int = 0):
        """`tasks_per_worker`: a worker is replaced after that many calls (None: never), which gives
        back the memory a large build (an animation) left in its heap. `niceness`: how far below
        the bot the workers run (background work that must not slow the answers to moves).

        The replacing is done here, not by the pool's `max_tasks_per_child`: on Python 3.11 to
        3.13 a pool whose worker leaves at that limit may start no other while calls wait
        (CPython gh-115634), which left builds unmade and the process unable to exit."""
        self.workers = max(0, int(workers))
        self.tasks_per_worker = tasks_per_worker
        self.niceness = niceness
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix=name)
        # one pool of one process per worker, so that a table's pictures always go to the same
        # worker and its static board is drawn and kept by one worker, not by each
        self._processes: list[ProcessPoolExecutor | None] = [None] * self.workers
        self._calls = [0] * self.workers  # calls sent to each worker's current pool
        self._retired: set[ProcessPoolExecutor] = set()  # pools finishing their last calls
        # each pool's calls not done yet (made, failed, or cancelled before they started): a
        # retired pool is kept until none is left, whoever stopped waiting for one
        self._pending: dict[ProcessPoolExecutor, set[Future]] = {}
        self._next = 0

    def _pool(self, index: int) -> ProcessPoolExecutor:
        pool = self._processes[index]
        if pool is None:
            pool = self._processes[index] = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker,
                initargs=(os.getpid(), self.niceness))
            self._calls[index] = 0
        return pool

    def _count_call(self, index: int, pool: ProcessPoolExecutor, call: Future) -> None:
        """One more call sent to `pool`; at `tasks_per_worker` the pool takes no more: the next
        call starts a new one, and this one's worker ends once its calls are done."""
        self._calls[index] += 1
        if self.tasks_per_worker is None:
            return
        pending = self._pending.setdefault(pool, set())
        pending.add(call)
        call.add_done_callback(partial(self._call_done, pool))
        if self._calls[index] < self.tasks_per_worker:
            return
        if self._processes[index] is pool:
            self._processes[index] = None
        # Kept for close() until its calls are done. A call's callback runs on the pool's own
        # thread: each side writes before it reads, so one of them always lets the pool go.
        self._retired.add(pool)
        if not pending:
            self._let_go(pool)
        pool.shutdown(wait=False)  # the calls already sent are still made

    def _call_done(self, pool: ProcessPoolExecutor, call: Future) -> None:
        pending = self._pending.get(pool)
        if pending is not None:
            pending.discard(call)
            if not pending and pool in self._retired:
                self._let_go(pool)

    def _let_go(self, pool: ProcessPoolExecutor) -> None:
        self._retired.discard(pool)
        self._pending.pop(pool, None)

    def warm(self) -> Future | None:
        """Start the workers now, so that the first move does not wait for their start; the
        future is done once the first has started."""
        started = [self._pool(index).submit(_warm) for index in range(self.workers)]
        return started[0] if started else None

    async def run(self, draw: Callable[..., T], *args: Any, route: int | None = None) -> T:
        """draw(*args) in a worker (the same one for the same `route`, e.g. a table's id), else
        on a thread of this process."""
        loop = asyncio.get_running_loop()
        # the words of a picture are in the language of the call that asks for it; neither a worker
        # process nor an executor's thread takes the caller's context along by itself
        sendable = self.workers and _sendable(draw, args)
        draw, args = lang.call_in, (lang.current(), draw, *args)
        if sendable:
            if route is None:
                route, self._next = self._next, self._next + 1
            index = route % self.workers
            pool = self._pool(index)
            try:
                call = pool.submit(draw, *args)  # sent now, not when awaited
                self._count_call(index, pool, call)
                return await asyncio.wrap_future(call)
            except BrokenProcessPool:
                log.warning("a drawing worker died: it is replaced, and this drawing is made in the bot's process")
                self._discard(index, pool)
        return await loop.run_in_executor(self._threads, partial(draw, *args))

    def _discard(self, index: int, pool: ProcessPoolExecutor) -> None:
        if self._processes[index] is pool:
            self._processes[index] = None
        self._pending.pop(pool, None)
        pool.shutdown(wait=False, cancel_futures=True)

    def started(self) -> bool:
        return any(pool is not None for pool in self._processes)

    def close(self) -> None:
        for index, pool in enumerate(self._processes):
            if pool is not None:
                self._discard(index, pool)
        for pool in list(self._retired):
            pool.shutdown(wait=False, cancel_futures=True)
        self._retired.clear()
        self._pending.clear()


def _sendable(draw: Callable[..., Any], args: tuple) -> bool:
    """Whether the call can be sent to a worker: a module-level function that the worker finds
    under its name (not a test's stand-in put in its place) and arguments that pickle."""
    module = getattr(draw, "__module__", None)
    name = getattr(draw, "__qualname__", "")
    if not module or "<" in name:
        return False
    try:
        import importlib

        found = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
        if found is not draw:
            return False
        pickle.dumps(args, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return False
    return True


_drawing: Drawing | None = None


def drawing() -> Drawing:
    """This process's drawing pool, made from the environment on first use."""
    global _drawing
    if _drawing is None:
        _drawing = Drawing(workers_from_env())
    return _drawing


def use(workers: int) -> Drawing:
    """Replace this process's drawing pool (the old one's workers stop)."""
    global _drawing
    if _drawing is not None:
        _drawing.close()
    _drawing = Drawing(workers)
    return _drawing


__all__ = ["Drawing", "DrawingSettingError", "drawing", "use", "workers_from_env"]  # verbatim: names of this module

"""Searches in worker processes: bounded, timed out, and away from the bot's process."""

from __future__ import annotations

import os
import time

import pytest

from bot.features.solving import PoolSettings, SettingError, SolverPool


def pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


async def test_a_search_runs_in_another_process_and_a_hung_one_is_given_up():
    pool = SolverPool(workers=1, timeout=60)  # generous: starting a worker is slow on a busy machine
    try:
        first = await pool.run(pid_after, 0)
        assert first != os.getpid()
        assert await pool.run(pid_after, 0) == first  # the worker is kept between searches
        with pytest.raises(TimeoutError):
            await pool.run(pid_after, 600, timeout=1.0)
        # a fresh worker: the hung one, asleep far longer than the pool's limit, does not block the next search
        after = await pool.run(pid_after, 0)
        assert after not in (first, os.getpid())
    finally:
        pool.close()


def test_the_pool_settings_are_read_from_the_environment():
    assert PoolSettings.from_env({}) == PoolSettings(1, 120.0)
    assert PoolSettings.from_env({"ISLES_SOLVER_WORKERS": "2", "ISLES_SOLVER_TIMEOUT": "30"}) == PoolSettings(2, 30.0)
    for name, value in (("ISLES_SOLVER_WORKERS", "0"), ("ISLES_SOLVER_WORKERS", "two"),
                        ("ISLES_SOLVER_TIMEOUT", "-1"), ("ISLES_SOLVER_TIMEOUT", "soon")):
        with pytest.raises(SettingError, match=name):
            PoolSettings.from_env({name: value})


async def test_boards_are_drawn_on_their_own_threads(tmp_path, monkeypatch):
    import threading

    import render
    from tests.helpers import ALICE, service_at

    drawn = render.draw
    threads: list[str] = []

    def recording(*args):
        threads.append(threading.current_thread().name)
        return drawn(*args)

    monkeypatch.setattr(render, "draw", recording)
    service = await service_at(tmp_path / "t.db", draw_images=True)
    assert (await service.handle(ALICE, "open", {"game": "hawaii"})).ok
    started = await service.handle(ALICE, "start")
    assert started.image and threads and all(name.startswith("isles-render") for name in threads)


def test_workers_leave_when_the_bot_is_killed(tmp_path):
    """A bot killed with SIGKILL (a crash, the out-of-memory killer) leaves no worker behind."""
    import signal
    import subprocess
    import sys

    script = tmp_path / "bot.py"
    script.write_text(
        "import asyncio, sys, time\n"
        f"sys.path.insert(0, {str(os.getcwd())!r})\n"
        "from bot.features.solving import SolverPool\n"
        "from tests.features.test_solving import pid_after\n"
        "async def main():\n"
        "    pool = SolverPool(workers=1, timeout=60)\n"
        "    print(await pool.run(pid_after, 0), flush=True)\n"
        "    await asyncio.sleep(600)\n"
        "if __name__ == \"__main__\":\n    asyncio.run(main())\n")
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    worker = 0
    try:
        worker = int(parent.stdout.readline())
        assert worker != parent.pid and alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait(60)
        deadline = time.monotonic() + 60
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(worker), "the worker outlived the bot"
    finally:
        parent.kill()
        if worker and alive(worker):
            os.kill(worker, signal.SIGKILL)


def alive(pid: int) -> bool:
    """True while the process runs (a zombie waiting for its parent to read it counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False

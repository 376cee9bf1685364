"""Pictures and animations drawn in worker processes: the same pictures, another process, a worker
that dies replaced without a move going without its board, and the setting read with one line."""

from __future__ import annotations

import os
import signal

import pytest

import render
from bot.core import drawing
from bot.core.drawing import Drawing, DrawingSettingError, workers_from_env
from bot.extensions import install
from bot.features import animation
from tests.helpers import ALICE, BOB, resign, service_at


@pytest.fixture
def workers():
    """This process's pictures drawn by one worker process for one test, threads again after."""
    pool = drawing.use(1)
    animation._builder = None
    yield pool
    drawing.use(int(os.environ.get("ISLES_RENDER_WORKERS", "0")))
    if animation._builder is not None:
        animation._builder.close()
    animation._builder = None


def test_by_default_a_machine_with_a_core_to_spare_draws_in_workers():
    assert workers_from_env({}, cores=2) == 2
    assert workers_from_env({}, cores=8) == 4
    assert workers_from_env({}, cores=1) == 0
    assert workers_from_env({"ISLES_RENDER_WORKERS": "0"}, cores=8) == 0
    assert workers_from_env({"ISLES_RENDER_WORKERS": " 2 "}, cores=1) == 2


@pytest.mark.parametrize("text", ["two", "-1", "1.5", "99999"])
def test_a_setting_that_cannot_work_is_one_line_naming_it(text):
    with pytest.raises(DrawingSettingError) as refused:
        workers_from_env({"ISLES_RENDER_WORKERS": text})
    assert "ISLES_RENDER_WORKERS" in str(refused.value) and text in str(refused.value)
    assert "\n" not in str(refused.value)


def test_the_bot_refuses_the_setting_at_start(monkeypatch):
    from bot.settings import SettingError, Settings

    monkeypatch.setenv("ISLES_RENDER_WORKERS", "lots")
    with pytest.raises(SettingError, match="ISLES_RENDER_WORKERS"):
        Settings.from_env(env_file=None)


async def test_a_worker_draws_in_its_own_process_and_is_replaced_when_it_dies():
    pool = Drawing(1)
    try:
        first = await pool.run(os.getpid)
        assert first != os.getpid()
        os.kill(first, signal.SIGKILL)
        # the call that finds the worker dead is made here rather than lost ...
        assert await pool.run(os.getpid) == os.getpid()
        # ... and the next one has a new worker
        second = await pool.run(os.getpid)
        assert second not in (first, os.getpid())
    finally:
        pool.close()


async def test_a_worker_replaced_after_its_calls_leaves_none_waiting():
    """Calls sent faster than a worker draws them, with a worker replaced every 2 calls: every
    call is made, by new workers in turn (a pool's own `max_tasks_per_child` stranded the calls
    waiting behind its first replacement on Python 3.11, and the process then could not exit)."""
    import asyncio

    pool = Drawing(1, tasks_per_worker=2)
    try:
        pids = await asyncio.wait_for(asyncio.gather(*(pool.run(os.getpid) for _ in range(10))), 120)
        assert len(pids) == 10 and os.getpid() not in pids
        assert len(set(pids)) == 5  # a worker for each two calls
        assert await asyncio.wait_for(pool.run(os.getpid), 60) not in pids
        assert not pool._retired  # a retired pool is let go once its calls are made
    finally:
        pool.close()


def draws_until(path: str) -> None:
    """A drawing that lasts until the test lets it end by making `path` (up to a minute), however
    slow or quick the machine."""
    import time

    for _ in range(6000):
        if os.path.exists(path):
            return
        time.sleep(0.01)


async def test_a_retired_worker_is_kept_until_every_call_sent_to_it_is_done(tmp_path):
    """The last call sent to a retired worker given up by its caller (a cancelled interaction)
    while an earlier one still draws: close() must still reach that worker."""
    import asyncio

    done = tmp_path / "done"
    pool = Drawing(1, tasks_per_worker=2)
    try:
        await asyncio.wrap_future(pool.warm())  # the worker is up, so the first call starts at once
        slow = asyncio.ensure_future(pool.run(draws_until, str(done)))
        await asyncio.sleep(0.3)
        last = asyncio.ensure_future(pool.run(os.getpid))  # the second call: the worker retires
        await asyncio.sleep(0)
        last.cancel()
        with pytest.raises(asyncio.CancelledError):
            await last
        assert not slow.done()
        assert len(pool._retired) == 1  # still drawing the slow call
        done.touch()
        await asyncio.wait_for(slow, 60)
        for _ in range(6000):  # the pool's own thread lets it go just after the call is made
            if not pool._retired:
                break
            await asyncio.sleep(0.01)
        assert not pool._retired and not pool._pending
    finally:
        pool.close()


async def test_ctrl_c_in_the_terminal_leaves_the_workers_to_the_bot():
    pool = Drawing(1)
    try:
        worker = await pool.run(os.getpid)
        os.kill(worker, signal.SIGINT)  # what a terminal sends every process of its group
        assert await pool.run(os.getpid) == worker
    finally:
        pool.close()


async def test_a_route_keeps_to_one_worker():
    pool = Drawing(2)
    try:
        first = {route: await pool.run(os.getpid, route=route) for route in (4, 5)}
        assert first[4] != first[5] and os.getpid() not in first.values()
        assert [await pool.run(os.getpid, route=route) for route in (6, 7, 9)] == [first[4], first[5], first[5]]
    finally:
        pool.close()


async def test_what_cannot_be_sent_to_a_worker_is_drawn_here():
    pool = Drawing(1)
    try:
        assert await pool.run(lambda: os.getpid()) == os.getpid()
        assert await pool.run(os.getpid) != os.getpid()
    finally:
        pool.close()


async def test_a_table_drawn_by_the_worker_shows_the_same_board(tmp_path, workers):
    service = await service_at(tmp_path / "t.db", draw_images=True)
    await service.handle(ALICE, "open", {"game": "pioneers"})
    await service.handle(BOB, "join")
    reply = await service.handle(ALICE, "start")
    assert reply.ok
    loaded = await service.table(reply.table_id)
    expected = render.draw("pioneers", loaded.game.view(None), loaded.names())
    assert reply.image == expected
    assert workers.started()  # drawn by the worker, not on a thread


async def test_the_end_of_game_animation_is_made_by_its_own_worker(tmp_path, workers):
    service = await service_at(tmp_path / "t.db", draw_images=True)
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "archipels"})
    await service.handle(BOB, "join")
    await service.handle(ALICE, "start")
    await resign(service, ALICE)
    again = await service.handle(BOB, "replay")
    assert again.ok and again.attachments and again.attachments[0].data[:4] == b"RIFF"  # a WebP
    builder = animation.builder()
    assert builder.workers == 1 and builder is not workers
    assert await builder.run(os.getpid) != os.getpid()
    assert await builder.run(os.nice, 0) == os.nice(0) + animation.BUILDER_NICENESS  # behind the answers to moves

"""Stopping the bot's process before any one statement of its store and starting it again, for the
tests that follow a results post through the Discord adapter's outbox (a season's, an event's): the
messages Discord was sent, and the check that every stop leaves one message like the uninterrupted
run's."""

from __future__ import annotations

import json
import shutil
from collections.abc import Awaitable, Callable
from typing import Any

from bot.adapters.discord import posting


class Died(BaseException):
    """The process stops here: nothing after it runs (no `except Exception` catches it)."""


def stop_before(store, statement: int | None) -> list[str]:
    """Count the store's statements from now on, and stop the process just before number `statement`
    (from 1) runs: everything between the one before and it has happened (a message sent included)."""
    conn, seen = store.conn, []
    run = conn.run_statement

    async def counted(sql, parameters):
        seen.append(sql)
        if statement is not None and len(seen) == statement:
            raise Died(sql)
        return await run(sql, parameters)

    conn.run_statement = counted
    return seen


def copy_of(path, to):
    """A copy of the SQLite database file `path` (with its journal files) at `to`."""
    for suffix in ("", "-wal", "-shm"):
        if (path.parent / (path.name + suffix)).exists():
            shutil.copy(path.parent / (path.name + suffix), to.parent / (to.name + suffix))
    return to


def capture(monkeypatch) -> list[dict]:
    """Every message sent to Discord: its channel, nonce, words and components, files (with their
    bytes and alt texts), and whether Discord took it."""
    taken: list[dict] = []
    send = posting.send_shape

    async def sent(channel, shape, nonce=None):
        files = [(f.filename, bytes(f.fp.getbuffer()), f.description) for f in shape.files]
        components = json.dumps(shape.view.to_components() if shape.view else [], sort_keys=True)
        tried = {"channel": channel.id, "nonce": nonce, "files": files, "took": False,
                 "view": (shape.content or "") + components}
        taken.append(tried)
        message = await send(channel, shape, nonce)
        tried["took"] = True
        return message

    monkeypatch.setattr(posting, "send_shape", sent)
    return taken


async def stops_sent_twice(start, tmp_path, count: int, taken: list[dict], first: dict,
                           process: Callable[[Any], Any], run: Callable[[Any, Any], Awaitable[Any]],
                           restart: Callable[[Any], Awaitable[None]],
                           posts: Callable[[list[dict]], list[dict]] = lambda taken: taken) -> list[int]:
    """On a fresh copy of the database `start` each time, a process runs `run(bot, feature)` and
    stops before statement `stop` (each of the `count` statements of the uninterrupted run, and
    after the last); then it starts again (`restart`). Every time, the posts (`posts` picks them
    from `taken`) must make the uninterrupted run's one message `first`. Returns the stops after
    which that message was sent twice under its nonce."""
    doubled = []
    for stop in range(1, count + 2):
        taken.clear()
        path = copy_of(start, tmp_path / f"stop{stop}.db")
        async with process(path) as (bot, feature):
            stop_before(bot.service.store, stop)
            try:
                await run(bot, feature)
            except Died:
                pass
        await restart(path)
        if one_message_as_whole(posts(taken), first, stop):
            doubled.append(stop)
    return doubled


def one_message_as_whole(posts: list[dict], first: dict, stop: int) -> bool:
    """Checks that the posts after a stop make the uninterrupted run's one message (one nonce, the
    same words, the same picture byte for byte); whether it was sent more than once."""
    assert all(t["took"] for t in posts)
    assert posts, f"stopped before statement {stop}: the results were never posted"
    assert {t["nonce"] for t in posts} == {first["nonce"]}, (stop, posts)  # one message, whatever the stop
    for t in posts:
        assert t["channel"] == first["channel"] and t["view"] == first["view"], stop
        assert t["files"] == first["files"], f"stopped before statement {stop}: another picture"
    return len(posts) > 1

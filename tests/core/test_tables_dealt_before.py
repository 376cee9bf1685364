"""A table of Pioneer's Isle dealt before its dice were read from the digest (`Rng.hashed`) replays
with the dice it was played with: the store check, /history, the web page's past boards, take-back
and the animation all start from `replay_deal`, which takes the stored table's kind of draws."""

from __future__ import annotations

import pytest

from bot.core import history
from bot.core.replay import matches_log, replayed
from bot.features.animation import turn_views
from bot.features.takeback import rebuild
from games.pioneers.game import PioneersGame
from tests.games.test_pioneers_same_dumps import stored_before
from tests.helpers import PEOPLE, service_at


def dealt_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """New tables deal as they did before the dice were hashed."""
    fresh = PioneersGame.new.__func__

    def new(cls, players, options=None, seed=0):  # noqa: ANN001, ANN202
        return stored_before(fresh(cls, players, options, seed))

    monkeypatch.setattr(PioneersGame, "new", classmethod(new))


async def play(service, table: int, count: int) -> None:
    by_user = {c.user_id: c for c in PEOPLE}
    seats = {s.seat: by_user[s.user_id] for s in await service.store.seats(table)}
    for _ in range(count):
        if (await service.store.table(table)).status != "active":
            break
        caller = seats[service._cache[table].game.to_act()[0]]
        reply = await service.handle(caller, "move", {"move": await service.ai_suggestion(caller)})
        assert reply.ok, reply.private


async def old_table(tmp_path, monkeypatch):
    """A three-player table started and played for a while on the old dice; then the code as it is now."""
    service = await service_at(tmp_path / "t.db", seeds=lambda: 17)
    with monkeypatch.context() as before:
        dealt_before(before)
        assert (await service.handle(PEOPLE[0], "open", {"game": "pioneers"})).ok
        for caller in PEOPLE[1:]:
            assert (await service.handle(caller, "join")).ok
        assert (await service.handle(PEOPLE[0], "start")).ok
        table = (await service.store.open_table(222)).id
        await play(service, table, 90)
    return service, table


def test_a_new_deal_is_hashed_and_replay_deal_follows_the_stored_table():
    hashed = PioneersGame.new(3, {}, 8)
    assert hashed.rng.hashed
    assert PioneersGame.replay_deal(3, {}, 8, None).dump() == hashed.dump()
    assert PioneersGame.replay_deal(3, {}, 8, hashed.dump()).dump() == hashed.dump()
    old = stored_before(hashed.copy())
    again = PioneersGame.replay_deal(3, {}, 8, old.dump())
    assert not again.rng.hashed and again.dump() == old.dump()


async def test_a_table_dealt_before_replays_with_its_own_dice_everywhere(tmp_path, monkeypatch):
    service, table = await old_table(tmp_path, monkeypatch)
    row = await service.store.table(table)
    assert len(row.state["state"]["rng"]) == 2  # the old kind of draws is what was stored
    moves = await service.store.moves(table)
    pairs = [(m.seat, m.move) for m in moves]
    assert any(m.move == "roll" for m in moves) and any("steal" in m.move for m in moves)
    # the test means something: a deal of today's kind plays these moves to another state
    try:
        other = replayed(PioneersGame, 3, row.options, row.seed, pairs, None).dump()
    except Exception:  # the other dice may make a logged move illegal
        other = None
    assert other != row.state

    assert await matches_log(service.store, table)
    assert replayed(PioneersGame, 3, row.options, row.seed, pairs, row.state).dump() == row.state
    assert rebuild(PioneersGame, 3, row.options, row.seed, moves, row.state)[-1].dump() == row.state
    assert turn_views(PioneersGame, 3, row.options, row.seed, pairs, row.state)[-1] == \
        PioneersGame.load(row.state).view(None)
    names = [s.name for s in sorted(await service.store.seats(table), key=lambda s: s.seat)]
    lines = [entry.public for entry in history.entries(row, names, moves)]
    assert len(lines) == len(moves) and not any("no longer replays" in line for line in lines)
    past = await service.replayed_after(table, moves[-1].n)
    assert past is not None and past.dump() == row.state


async def test_a_table_dealt_before_plays_on_with_its_own_dice_after_a_restart(tmp_path, monkeypatch):
    service, table = await old_table(tmp_path, monkeypatch)
    again = await service_at(tmp_path / "t.db")
    await again.table(table)  # loads the stored table into the new process's cache
    await play(again, table, 60)
    row = await again.store.table(table)
    assert len(row.state["state"]["rng"]) == 2
    assert await matches_log(again.store, table)

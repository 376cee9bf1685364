"""Whole games through the table service: the log replays to the stored state after every move."""

import pytest

from bot.core.replay import matches_log, replay
from games import registry
from tests.helpers import service_at, who

needs_archipels = pytest.mark.skipif("archipels" not in registry.available(), reason="Archipels not built")


async def play_whole_game(service, key, players, check_every_move=True):
    people = [who(f"P{i}", 10 + i) for i in range(players)]
    assert (await service.handle(people[0], "open", {"game": key})).ok
    for caller in people[1:]:
        assert (await service.handle(caller, "join")).ok
    assert (await service.handle(people[0], "start")).ok
    by_user = {c.user_id: c for c in people}
    table = (await service.store.open_table(222)).id
    moves = 0
    while (await service.store.table(table)).status == "active":
        seats = {s.seat: s.user_id for s in await service.store.seats(table)}
        game = service._cache[table].game
        caller = by_user[seats[game.to_act()[0]]]
        reply = await service.handle(caller, "move", {"move": await service.ai_suggestion(caller)})
        assert reply.ok, reply.private
        moves += 1
        if check_every_move:
            assert await matches_log(service.store, table), f"replay differs after move {moves}"
    return table, moves


@needs_archipels
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_replay_matches_the_stored_state_after_every_move(tmp_path, players):
    service = await service_at(tmp_path / "t.db", seeds=lambda: 40 + players)
    table, moves = await play_whole_game(service, "archipels", players)
    assert moves > 20
    row = await service.store.table(table)
    assert row.status == "finished"
    results = await service.store.results(table)
    outcome = (await replay(service.store, table)).outcome()
    assert [r["rank"] for r in sorted(results, key=lambda r: r["seat"])] == outcome.ranks


@needs_archipels
async def test_a_killed_process_loses_nothing(tmp_path):
    service = await service_at(tmp_path / "t.db", seeds=lambda: 3)
    people = [who("A", 1), who("B", 2)]
    await service.handle(people[0], "open", {"game": "archipels"})
    await service.handle(people[1], "join")
    await service.handle(people[0], "start")
    by_user = {c.user_id: c for c in people}
    acknowledged = []
    for _ in range(12):
        seats = {s.seat: s.user_id for s in await service.store.seats(1)}
        caller = by_user[seats[service._cache[1].game.to_act()[0]]]
        move = await service.ai_suggestion(caller)
        assert (await service.handle(caller, "move", {"move": move})).ok
        acknowledged.append(move)
    # no close, no checkpoint: a new process opens the same file as if the first had been killed
    again = await service_at(tmp_path / "t.db")
    assert [m.move for m in await again.store.moves(1)] == acknowledged
    assert await matches_log(again.store, 1)
    seats = {s.seat: s.user_id for s in await again.store.seats(1)}
    row = await again.store.table(1)
    game = registry.get("archipels").load(row.state)
    caller = by_user[seats[game.to_act()[0]]]
    assert (await again.handle(caller, "move", {"move": await again.ai_suggestion(caller)})).ok

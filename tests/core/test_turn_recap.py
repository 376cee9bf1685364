"""A turn told over several messages (roll, build, end) is retold in the message that ends it:
every earlier step in its public words, from the log, so a restart in mid-turn loses none."""

from __future__ import annotations

import random

import pytest

from tests.helpers import open_table, service_at, who

PEOPLE = [who("Ann", 11), who("Ben", 12)]


async def start(service, key: str, players: int) -> int:
    return await open_table(service, key, PEOPLE[:players])


async def play(service, table: int, rng: random.Random) -> tuple[str, str, bool]:
    """One person's move: (its public line, the whole public text, whether it ended a turn)."""
    loaded = await service.table(table)
    game = loaded.game
    seat = game.to_act()[0]
    caller = next(c for c in PEOPLE if c.user_id == loaded.by_seat(seat).user_id)
    mark = game.turn_mark()
    move = game.ai_move(seat, rng)
    reply = await service.handle(caller, "move", {"move": move})
    assert reply.ok, reply.private
    after = (await service.table(table)).game
    return reply.text.split("\n")[0], reply.text, after.is_over() or after.turn_mark() != mark


@pytest.mark.parametrize("key,players,seed", [("pioneers", 2, 4), ("archipels", 2, 6), ("hawaii", 1, 3)])
async def test_the_message_that_ends_a_turn_retells_its_earlier_steps(tmp_path, key, players, seed):
    service = await service_at(tmp_path / "t.db", seeds=lambda: seed)
    table = await start(service, key, players)
    rng = random.Random(seed)
    steps: list[str] = []
    told = 0
    for _ in range(120):
        if (await service.store.table(table)).status != "active":
            break
        line, text, ended = await play(service, table, rng)
        if ended:
            recaps = [t for t in text.split("\n") if t.startswith("This turn: ")]
            if steps:
                assert len(recaps) == 1, text
                for step in steps[:6]:  # a long turn keeps its first and last steps
                    assert step.strip().rstrip(".") in recaps[0]
                told += 1
            else:
                assert recaps == [], text  # a turn of one message needs no recap
            steps = []
        else:
            steps.append(line)
    assert told >= 3


async def test_a_restart_in_mid_turn_keeps_the_recap_whole(tmp_path):
    service = await service_at(tmp_path / "t.db", seeds=lambda: 4)
    table = await start(service, "pioneers", 2)
    rng = random.Random(4)
    while True:  # into a turn of play, past its first step
        line, _, ended = await play(service, table, rng)
        game = (await service.table(table)).game
        if not ended and game.phase != "setup" and "rolled" in line:
            break
    restarted = await service_at(tmp_path / "t.db", seeds=lambda: 4)
    while True:
        _, text, ended = await play(restarted, table, rng)
        if ended:
            break
    assert f"This turn: {line.rstrip('.')}" in text


async def test_games_that_tell_a_turn_in_one_message_get_no_recap(tmp_path):
    service = await service_at(tmp_path / "t.db", seeds=lambda: 2)
    table = await start(service, "propeller", 2)
    rng = random.Random(2)
    for _ in range(30):
        _, text, _ = await play(service, table, rng)
        assert "This turn: " not in text

"""Computer players of three strengths answer only legal moves, and the service plays them."""

from __future__ import annotations

import random

import pytest

from bot.extensions import install
from games import registry
from games.levels import LEVELS, choose
from tests.helpers import ALICE, service_at


@pytest.mark.parametrize("key", sorted(registry.available()))
def test_every_level_answers_a_legal_move(key):
    cls = registry.get(key)
    players = min(cls.max_players, 3)
    game = cls.new(players, {}, 4)
    rng = random.Random(4)
    for turn in range(45):
        if game.is_over():
            break
        seat = game.to_act()[0]
        level = LEVELS[turn % 3]
        before = game.dump()
        move = choose(game, seat, level, rng, budget=0.01)
        assert game.dump() == before  # the searching player works on copies
        assert move in game.legal_moves(seat), (level, move)
        game.play(seat, move)


async def test_addai_levels_are_kept_and_played(tmp_path):
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "archipels"})
    assert not (await service.handle(ALICE, "addai", {"level": "brutal"})).ok
    reply = await service.handle(ALICE, "addai", {"level": "easy"})
    assert reply.ok and "Bot 1 (easy)" in reply.text and "easy strength" in reply.text
    reply = await service.handle(ALICE, "addai")
    assert "Bot 2" in reply.text
    started = await service.handle(ALICE, "start")
    assert started.ok
    row = await service.store.open_table(ALICE.channel_id)
    moves = await service.store.moves(row.id)
    assert all(m.user_id is None for m in moves)  # computer seats moved by themselves

"""/preview through the service: a private picture of the move in place, and nothing changes."""

from __future__ import annotations

import random

from bot.extensions import install
from games import registry
from tests.helpers import ALICE, BOB, open_table, service_at


async def table_of(tmp_path, game, draw_images=False):
    service = await service_at(tmp_path / "t.db", draw_images=draw_images)
    install(service, prepare_daily=False)
    await open_table(service, game, (ALICE, BOB))
    return service


async def state(service):
    row = await service.store.open_table(ALICE.channel_id)
    seats = {s.seat: s.user_id for s in await service.store.seats(row.id)}
    game = registry.get(row.game).load(row.state)
    seat = game.to_act()[0]
    return (ALICE if seats[seat] == ALICE.user_id else BOB), game, seat, row


async def test_a_part_preview_is_a_private_picture_and_changes_nothing(tmp_path):
    service = await table_of(tmp_path, "growsky", draw_images=True)
    rng = random.Random(2)
    for _ in range(200):  # play until a part waits to be placed (develop gains parts)
        person, game, seat, row = await state(service)
        moves = game.legal_moves(seat)
        if any(m.startswith("place ") for m in moves):
            break
        develop = [m for m in moves if m.startswith("develop")]
        choice = rng.choice(develop) if develop and rng.random() < 0.7 else rng.choice(moves)
        assert (await service.handle(person, "move", {"move": choice})).ok
    move = next(m for m in moves if m.startswith("place "))
    logged = await service.store.moves(row.id)
    other = BOB if person is ALICE else ALICE
    reply = await service.handle(person, "preview", {"move": move.upper()})
    assert reply.ok and reply.image and reply.image_private and not reply.text
    assert move in reply.private
    refused = await service.handle(person, "preview", {"move": "place l4 o1 a7"})
    assert not refused.ok and refused.image is None
    refused = await service.handle(other, "preview", {"move": move})
    assert not refused.ok and "turn" in refused.private
    after = await service.store.open_table(ALICE.channel_id)
    assert (after.version, after.state) == (row.version, row.state)
    assert await service.store.moves(row.id) == logged
    assert (await service.handle(person, "move", {"move": move})).ok  # the move itself still plays


async def test_a_game_without_previews_says_so(tmp_path):
    service = await table_of(tmp_path, "pioneers")
    person, game, seat, row = await state(service)
    reply = await service.handle(person, "preview", {"move": game.legal_moves(seat)[0]})
    assert not reply.ok and "no move previews" in reply.private and reply.image is None
    after = await service.store.open_table(ALICE.channel_id)
    assert (after.version, after.state) == (row.version, row.state)

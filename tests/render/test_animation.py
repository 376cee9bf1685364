"""The game as an animation: a whole game of each kind fits Discord's 10 MiB, a frame per turn
(or the stated even sampling), the last frame held; it rides on the final message and /replay."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.animation import make, turn_views
from bot.extensions import install
from games import registry
from render.animation import HOLD_MS, LIMIT, MAX_FRAMES, sample
from tests.helpers import ALICE, BOB, service_at


async def resign(service, caller):
    """/resign, confirmed with its button when the service asks for it."""
    reply = await service.handle(caller, "resign")
    confirm = [b for b in reply.buttons if b.label.lower().startswith("resign")]
    return await service.press(caller, confirm[0].custom_id) if confirm else reply



def test_sampling_keeps_first_and_last_and_spreads_evenly():
    assert sample(5, 60) == [0, 1, 2, 3, 4]
    picked = sample(301, 60)
    assert len(picked) == 60 and picked[0] == 0 and picked[-1] == 300
    gaps = {b - a for a, b in zip(picked, picked[1:], strict=False)}
    assert max(gaps) - min(gaps) <= 1


def test_a_frame_at_the_end_of_every_turn():
    cls = registry.get("archipels")
    game = cls.new(2, {}, 3)
    moves, rng = [], random.Random(3)
    turns = 0
    while not game.is_over() and len(moves) < 40:
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        game.play(seat, move)
        moves.append((seat, move))
        turns += game.to_act()[:1] != [seat]
    views = turn_views(cls, 2, {}, 3, moves)
    assert len(views) == 1 + turns + (game.to_act()[:1] == [moves[-1][0]])
    assert views[-1] == game.view(None)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(registry.available()))
def test_a_whole_game_fits_the_upload_limit(key):
    cls = registry.get(key)
    players = min(cls.max_players, 4)
    game = cls.new(players, {}, 21)
    rng = random.Random(21)
    moves = []
    while not game.is_over():  # random play: the pictures, not the play, are under test
        seat = game.to_act()[0]
        move = rng.choice(game.legal_moves(seat))
        game.play(seat, move)
        moves.append((seat, move))
    data, ext, shown, turns = make(key, players, {}, 21, moves, [f"P{i}" for i in range(players)])
    assert len(data) <= LIMIT
    assert shown == min(turns, MAX_FRAMES) and turns > 10
    picture = Image.open(io.BytesIO(data))
    assert picture.format.lower() == ext and picture.n_frames == shown
    picture.seek(shown - 1)
    picture.load()
    assert picture.info["duration"] == HOLD_MS


async def test_final_message_carries_the_animation_and_replay_makes_it(tmp_path):
    service = await service_at(tmp_path / "t.db", draw_images=True)
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "archipels"})
    await service.handle(BOB, "join")
    assert not (await service.handle(ALICE, "replay")).ok  # nothing finished here yet
    await service.handle(ALICE, "start")
    row = await service.store.open_table(ALICE.channel_id)
    game = registry.get("archipels").load(row.state)
    seats = {s.seat: s for s in await service.store.seats(row.id)}
    mover = ALICE if seats[game.to_act()[0]].user_id == ALICE.user_id else BOB
    await service.handle(mover, "move", {"move": game.ai_move(game.to_act()[0], random.Random(1))})
    final = await resign(service, ALICE)  # one player left: the game is over
    names = [a.name for a in final.attachments if not a.private]
    assert len(names) == 1 and names[0].endswith((".webp", ".gif"))
    again = await service.handle(BOB, "replay")
    assert again.ok and again.attachments[0].data[:4] in (b"RIFF", b"GIF8")
    assert Image.open(io.BytesIO(again.attachments[0].data)).n_frames >= 1

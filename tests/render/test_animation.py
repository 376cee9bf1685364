"""The game as an animation: a whole game of each kind fits Discord's 10 MiB, a frame per turn
(or the stated even sampling), the last frame held; it rides on the final message and /replay."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.extensions import install
from bot.features.animation import make, turn_views
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


async def finished_table(tmp_path, outbox=None):
    service = await service_at(tmp_path / "t.db", draw_images=True)
    if outbox is not None:
        service.outbox = outbox
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "archipels"})
    await service.handle(BOB, "join")
    await service.handle(ALICE, "start")
    row = await service.store.open_table(ALICE.channel_id)
    game = registry.get("archipels").load(row.state)
    seats = {s.seat: s for s in await service.store.seats(row.id)}
    mover = ALICE if seats[game.to_act()[0]].user_id == ALICE.user_id else BOB
    await service.handle(mover, "move", {"move": game.ai_move(game.to_act()[0], random.Random(1))})
    return service, await resign(service, ALICE)


class Posts:
    def __init__(self):
        self.posts = []

    async def post(self, channel_id, reply):
        self.posts.append((channel_id, reply))
        return True

    async def direct(self, user_id, text):
        return True


async def test_the_final_message_does_not_wait_for_the_animation(tmp_path):
    outbox = Posts()
    service, final = await finished_table(tmp_path, outbox)
    assert not [a for a in final.attachments if a.name.endswith(".webp")]
    assert "follows" in final.text
    animation = next(e for e in service.extensions if hasattr(e, "cmd_replay"))
    await animation.settle_posts()
    [(channel, posted)] = outbox.posts
    assert channel == ALICE.channel_id and posted.attachments[0].name.endswith(".webp")
    assert Image.open(io.BytesIO(posted.attachments[0].data)).n_frames >= 2


async def test_replays_at_once_share_one_build_and_a_second_replay_is_kept(tmp_path, monkeypatch):
    import asyncio

    import bot.features.animation as module

    service, _ = await finished_table(tmp_path)  # no outbox: the final message built one already
    builds = []
    real = module.make

    def counted(*args):
        builds.append(args[0])
        return real(*args)

    monkeypatch.setattr(module, "make", counted)
    animation = next(e for e in service.extensions if hasattr(e, "cmd_replay"))
    animation._kept.clear()
    replies = await asyncio.gather(*(service.handle(p, "replay") for p in (ALICE, BOB, ALICE)))
    assert len(builds) == 1
    assert len({r.attachments[0].data for r in replies}) == 1
    await service.handle(BOB, "replay")
    assert len(builds) == 1  # kept: nothing is built again


def test_frames_are_drawn_one_at_a_time_into_the_encoder():
    """The encoder pulls frames as it goes: at no time are the earlier frames still held."""
    import gc
    import weakref

    from render.animation import encode

    made, most = [], [0]

    def draw(index):
        gc.collect()
        most[0] = max(most[0], sum(ref() is not None for ref in made))
        frame = Image.new("RGB", (320, 200), (index * 9 % 255, 120, 200))
        made.append(weakref.ref(frame))
        return frame

    data = encode(draw, 24, (320, 200))
    picture = Image.open(io.BytesIO(data))
    assert picture.n_frames == 24 and len(made) >= 24
    assert most[0] <= 1, f"{most[0]} frames held at once"


def test_each_frame_says_what_its_turn_did_in_public_words():
    from bot.features.animation import plain, turn_frames
    from render.animation import caption_lines, captioned

    cls = registry.get("pioneers")
    game = cls.new(3, {}, 4)
    rng, moves, names = random.Random(4), [], ["ann", "ben", "cleo"]
    for _ in range(60):
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        moves.append((seat, move))
        game.play(seat, move)
    frames = turn_frames(cls, 3, {}, 4, moves, names)
    replay = cls.new(3, {}, 4)
    told = []
    for seat, move in moves:
        replay.play(seat, move)
        told.append(plain(replay.describe_move(seat, move, names)))
    captions = [caption for _, caption in frames[1:]]
    assert " · ".join(captions) == " · ".join(told)  # every move told once, in order, as the table saw it
    assert all(captions) and "`" not in "".join(captions) and "**" not in "".join(captions)
    board = Image.new("RGB", (720, 400), (9, 9, 9))
    framed = captioned(board, "ann built a road · " * 40)
    assert framed.height > board.height and framed.getpixel((5, 5)) == (9, 9, 9)
    assert len(caption_lines("ann built a road · " * 40, 700)) == 3


async def test_a_game_ended_by_resignation_ends_its_animation_on_who_won(tmp_path, monkeypatch):
    import bot.features.animation as module

    seen = {}
    real = module.animate

    def spy(key, views, names, **kw):
        seen["views"], seen["captions"] = views, kw.get("captions")
        return real(key, views, names, **kw)

    monkeypatch.setattr(module, "animate", spy)
    service, final = await finished_table(tmp_path)  # Alice resigned: Bob is left
    last, caption = seen["views"][-1], seen["captions"][-1]
    assert last["to_act"] == [] and "Alice resigned" in last["ended"]
    assert "Alice resigned" in caption and "1. Bob" in caption


@pytest.mark.parametrize("told", ["right", "unknown", "too small"])
def test_an_animation_is_the_same_whether_its_frames_sizes_are_told_or_found(monkeypatch, told):
    """The canvas comes from `render.size` before drawing; a renderer that cannot tell, or tells
    a size its picture outgrows, gets its frames drawn and kept first, and the same animation."""
    import render
    from render.animation import animate

    cls = registry.get("growsky")
    game, rng = cls.new(2, {}, 8), random.Random(8)
    views = [game.view(None)]
    for _ in range(30):
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
        views.append(game.view(None))
    names, captions = ["ann", "ben"], [f"turn {n}" for n in range(len(views))]
    expected = animate("growsky", views, names, captions=captions)
    real = render.size
    if told == "unknown":
        monkeypatch.setattr(render, "size", lambda key, view, names: None)
    elif told == "too small":
        monkeypatch.setattr(render, "size", lambda key, view, names: (real(key, view, names)[0], 100))
    made = animate("growsky", views, names, captions=captions)
    assert made[1:] == expected[1:]
    first, again = Image.open(io.BytesIO(expected[0])), Image.open(io.BytesIO(made[0]))
    assert again.size == first.size and again.n_frames == first.n_frames == len(views)
    first.seek(first.n_frames - 1)
    again.seek(again.n_frames - 1)
    assert first.convert("RGB").tobytes() == again.convert("RGB").tobytes()


def test_a_caption_draws_a_dash_not_an_empty_box():
    """The bundled font has no em dash (a win's caption has one): drawn as a box it stood 11 px tall."""
    from PIL import Image

    from render.animation import captioned
    from render.common import PAPER

    frame = Image.new("RGB", (300, 40), PAPER)
    band = captioned(frame, "\u2014").crop((0, 42, 300, captioned(frame, "").height))
    inked = Image.eval(band.convert("L"), lambda v: 255 if v < 200 else 0).getbbox()
    assert inked is not None and inked[3] - inked[1] <= 4, inked

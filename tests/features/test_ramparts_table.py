"""Everything around a Ramparts table: take-back where nothing was revealed, ratings kept apart from
the island's, the animation of its turns."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.extensions import install
from bot.features.animation import make
from bot.features.ratings import Ratings
from games import registry
from tests.helpers import ALICE, BOB, CAROL, open_table, resign, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL
RAMPARTS = {"ramparts": True}


def person_of(loaded, seat, people):
    return next(p for p in people if p.user_id == loaded.by_seat(seat).user_id)


async def test_a_build_is_taken_back_a_roll_and_a_draw_never(tmp_path):
    people = (ALICE, BOB)
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    table = await open_table(service, "pioneers", people, options="ramparts=on")
    for person in people:
        assert (await service.handle(person, "auto", {"forced": "off"})).ok
    rng = random.Random(2)
    taken_back = rolled = 0
    for _ in range(200):
        loaded = await service.table(table)
        game = loaded.game
        if game.phase == "over" or (taken_back and rolled):
            break
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        builds = [m for m in moves if m.split()[0] in ("road", "knight", "wall", "improve", "activate")]
        move = rng.choice(builds) if builds and game.phase == "main" else game.ai_move(seat, rng)
        mover = person_of(loaded, seat, people)
        reply = await service.handle(mover, "move", {"move": move})
        assert reply.ok, reply.private
        offered = "Take back" in [b.label for b in reply.private_buttons]
        if move == "roll" or move.startswith(("draw ", "cistern ", "play ", "chase ")):
            assert not offered, move  # a die was thrown or a card drawn or shown
            rolled += move == "roll"
        elif move in builds and not taken_back:
            assert offered, move
            before = (await service.store.moves(table))[:-1]
            asked = await service.press(mover, reply.private_buttons[0].custom_id)
            other = next(p for p in people if p is not mover)
            agree = next(b.custom_id for b in asked.buttons if b.label == "Agree")
            assert (await service.press(other, agree)).ok
            assert [m.move for m in await service.store.moves(table)] == [m.move for m in before]
            taken_back += 1
    assert taken_back and rolled


def test_a_draw_and_the_cistern_are_never_taken_back():
    notation = registry.get("pioneers").new(2, RAMPARTS, 1).notation
    assert not notation.takes_back("draw lore") and not notation.takes_back("cistern ore")
    assert notation.takes_back("knight 23") and notation.takes_back("wall 17")


async def test_a_ramparts_table_is_rated_apart_from_the_island(tmp_path):
    service = await service_at(tmp_path / "t.db")
    ratings = Ratings(service)
    service.extend(ratings)
    people = (ALICE, BOB, CAROL)
    table = await open_table(service, "pioneers", people, options="ramparts=on")
    await resign(service, ALICE)
    await resign(service, BOB)
    assert (await service.store.table(table)).status == "finished"
    guild = ALICE.guild_id
    apart = await ratings.db.ratings(guild, "pioneers:ramparts", [p.user_id for p in people])
    island = await ratings.db.ratings(guild, "pioneers", [p.user_id for p in people])
    assert set(apart) == {p.user_id for p in people} and island == {}
    assert apart[CAROL.user_id].wins == 1
    board = await service.handle(ALICE, "leaderboard", {"game": "pioneers"})
    assert ALICE.name not in board.text + board.private  # the island's board has none of it


def test_the_animation_of_a_ramparts_game_has_a_frame_per_turn():
    cls = registry.get("pioneers")
    game = cls.new(3, RAMPARTS, 8)
    rng = random.Random(8)
    moves = []
    while not game.is_over() and len(moves) < 160:
        seat = game.to_act()[0]
        move = rng.choice(game.legal_moves(seat))
        game.play(seat, move)
        moves.append((seat, move))
    data, ext, shown, turns = make("pioneers", 3, RAMPARTS, 8, moves, ["Ann", "Ben", "Cat"])
    picture = Image.open(io.BytesIO(data))
    assert turns > 5 and shown == min(turns, 60) and picture.n_frames == shown


async def test_history_tells_a_draw_by_its_deck_never_its_card(tmp_path):
    from games.pioneers import progress as P
    from tests.helpers import who

    people = (ALICE, BOB)
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    table = await open_table(service, "pioneers", people, options="ramparts=on")
    rng = random.Random(5)
    drawn = False
    for _ in range(1500):
        loaded = await service.table(table)
        game = loaded.game
        if game.phase == "over":
            break
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        improve = [m for m in moves if m.startswith("improve ")]
        move = improve[0] if improve else game.ai_move(seat, rng)
        progress_before = [list(hand) for hand in game.progress]
        assert (await service.handle(person_of(loaded, seat, people), "move", {"move": move})).ok
        after = (await service.table(table)).game.progress
        if any(len(a) > len(b) for a, b in zip(after, progress_before, strict=True)):
            drawn = True
            break
    assert drawn, "nobody drew a progress card"
    watcher = who("Dan", 104)
    history = await service.handle(ALICE, "history")
    words = history.text + history.private
    lines = [line for line in words.splitlines() if " card" in line and "draws a" in line]
    assert lines, words[-800:]
    titles = [P.TITLES[c] for c in P.CARDS if c not in P.POINT_CARDS]
    for line in lines:
        assert not any(title in line for title in titles), line
    page = await service.page_data(table, watcher.user_id)
    logged = " ".join(str(entry) for entry in page["log"])
    assert "draws a" in logged
    assert not any(f"draws {title}" in logged for title in titles)

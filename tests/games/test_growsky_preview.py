"""Grow Sky's /preview: the part drawn where it would go, from the same placements `play` uses."""

from __future__ import annotations

import pytest

import render
from games.base import IllegalMove
from games.growsky import GAME
from games.growsky.data import mask_cells
from render import growsky
from render.common import open_png
from tests.games.test_growsky_helpers import ready


def part_waiting(seed: int = 1):
    game = ready(2, seed)
    seat = game.current()
    game.boards[seat].fuel = 3
    game.queue = ["part:2"]
    return game, seat


def test_the_preview_cells_are_the_squares_the_part_fills_once_played():
    game, seat = part_waiting()
    moves = [m for m in game.legal_moves(seat) if m.startswith("place ")]
    assert len(moves) > 100
    before = game.dump()
    for move in moves[::7]:
        view = game.preview(seat, move.upper())  # typed loosely, shown as canonical
        assert view["preview"]["seat"] == seat and view["preview"]["move"] == move
        played = GAME.load(before)
        filled = played.boards[seat].filled
        played.play(seat, move)
        assert sorted(view["preview"]["cells"]) == sorted(mask_cells(played.boards[seat].filled & ~filled))
        assert game.dump() == before


def test_a_cube_in_the_engine_room_has_a_preview_too():
    game = ready(2, 3)
    seat = game.current()
    game.boards[seat].cubes[3] = 1
    move = next(m for m in game.legal_moves(seat) if m.startswith("cube "))
    assert game.preview(seat, move)["preview"]["cells"] == [move.split(" ")[1]]


@pytest.mark.parametrize("move", ["place l4 o1 a7", "place q9 o1 a1", "fly 9", "place"])
def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing(move):
    game, seat = part_waiting()
    before = game.dump()
    with pytest.raises(IllegalMove):
        game.preview(seat, move)
    with pytest.raises(IllegalMove):
        game.preview(1 - seat, game.legal_moves(seat)[0])  # not that seat's turn
    assert game.dump() == before


def test_a_legal_move_that_places_nothing_has_no_preview():
    game = ready(2, 1)
    seat = game.current()
    with pytest.raises(IllegalMove, match="engine room"):
        game.preview(seat, game.legal_moves(seat)[0])


def test_the_picture_hatches_the_previewed_squares_in_the_seats_engine_room(tmp_path):
    game, seat = part_waiting()
    move = next(m for m in game.legal_moves(seat) if m.startswith("place l4 "))
    view = game.preview(seat, move)
    png = render.draw("growsky", view, ["Alice", "Bob"])
    (tmp_path / "preview.png").write_bytes(png)
    image, plain = open_png(png).convert("RGB"), open_png(render.draw("growsky", game.view(seat), ["Alice", "Bob"]))
    x0, y0 = growsky._panel_origin(seat)
    gx, gy = x0 + 236 + 14, y0 + 40 + 18
    for cell in view["preview"]["cells"]:
        c, r = "abcdefgh".index(cell[0]), int(cell[1:]) - 1
        x, y = gx + c * growsky.EC, gy + (6 - r) * growsky.EC
        square = [image.getpixel((x + dx, y + dy)) for dx in range(growsky.EC) for dy in range(growsky.EC)]
        assert sum(1 for p in square if p == growsky.GHOST) > growsky.EC * 4  # hatched and outlined
    assert image.tobytes() != plain.convert("RGB").tobytes()

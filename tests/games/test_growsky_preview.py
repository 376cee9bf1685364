"""Grow Sky's /preview: the part drawn where it would go, from the same placements `play` uses."""

from __future__ import annotations

import pytest

import render
from games.base import IllegalMove
from games.growsky import GAME
from games.growsky.data import ROOM_CARDS, mask_cells
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
    at = growsky.layout(view, ["Alice", "Bob"])
    for cell in view["preview"]["cells"]:
        x, y, _, _ = at.cell_box(seat, cell)
        square = [image.getpixel((x + dx, y + dy)) for dx in range(growsky.EC) for dy in range(growsky.EC)]
        assert sum(1 for p in square if p == growsky.GHOST) > growsky.EC * 4  # hatched and outlined
    assert image.tobytes() != plain.convert("RGB").tobytes()


def test_the_preview_tells_what_the_move_truly_costs():
    """An upgraded part costs fuel: the preview says how much and what pays it, as play would."""
    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 1, [0, 0, 2, 1]
    game.queue = ["part:1"]
    move = next(m for m in game.legal_moves(seat) if m.startswith("place l4 ") and " pay " not in m)
    ghost = game.preview(seat, move)["preview"]
    assert ghost["cost"] == 3 and ghost["paid"] == [1, 0, 2, 0]
    assert ghost["cost_words"] == "costs 3 fuel (1 from the gauge, 2 Lv. 2 cubes)"
    paid = game.preview(seat, move + " pay 1 lv3")["preview"]
    assert paid["paid"] == [1, 0, 1, 1] and paid["move"] == move + " pay 1 fuel 1 lv2 1 lv3"  # the rest as usual
    game.play(seat, move)
    assert (board.fuel, board.cubes) == (0, [0, 0, 0, 1])
    flat = game.copy()
    flat.queue = ["part:1"]
    plain = next(m for m in flat.legal_moves(seat) if m.startswith("place i2 "))
    assert flat.preview(seat, plain)["preview"]["cost_words"] == "costs nothing more"
    board.cubes[3] = 1
    game.queue = []
    cube = next(m for m in game.legal_moves(seat) if m.startswith("cube "))
    assert game.preview(seat, cube)["preview"]["cost_words"] == "costs 1 Lv. 3 cube"


def test_in_advanced_mode_each_room_card_side_can_be_previewed_before_choosing():
    game = GAME.new(2, {"advanced": True}, seed=2)
    before = game.dump()
    for seat in range(2):
        card = ROOM_CARDS[game.cards[seat]]
        for index, side in enumerate("ab"):
            ghost = game.preview(seat, f"side {side}")["preview"]
            assert ghost["shape"] == "card" and sorted(ghost["cells"]) == sorted(card[index])
    assert game.dump() == before
    game.play(0, "side a")
    with pytest.raises(IllegalMove):
        game.preview(0, "side b")  # chosen already

"""A four-player Propeller Islands table draws the island of the seat in turn large and the
others small; each player's own picture (/hand) draws theirs large enough to read at
Discord's preview width."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import propeller
from tests.render.test_propeller_picture import NAMES, played

PREVIEW = 550  # Discord shows a picture at most this wide until it is opened


def number_size_at_preview(radius: float, width: int) -> float:
    """The pixel height of a tile's number once the picture is shown `PREVIEW` wide."""
    return max(12, int(radius * 0.36)) * min(1.0, PREVIEW / width)


@pytest.mark.parametrize("seed,moves", [(9, 60), (9, 120), (9, 200), (4, 320)])
def test_each_seat_reads_its_own_island_at_preview_width_whoever_is_in_turn(seed, moves):
    game = played(4, seed, moves)
    table = game.view(None)
    _, drawn = propeller.picture(table, NAMES)
    # the table draws only the seat in turn large; every seat has its own large in its own picture
    assert set(drawn["spots"]) == {table["current"]}
    for seat in range(4):
        view = game.view(seat)
        own = Image.open(io.BytesIO(propeller.draw_hand(view, NAMES)))
        below = propeller.hand_image(view, NAMES, view["hand"], seat).height
        radius = propeller.own_radius(view["players"][seat], below)
        assert number_size_at_preview(radius, own.width) >= 11
        if moves <= 120:  # mid-game: the icons lettered as on the table's large island (wider late islands: smaller)
            assert radius >= propeller.LARGE_TILE, (seat, radius)
        assert own.width <= PREVIEW and own.height <= propeller.OWN_PICTURE_H  # shown unscaled, on one screen


def test_the_public_has_no_seat_picture():
    assert propeller.seat_picture(played(4, 9, 120).view(None), NAMES) is None

"""Pictures encoded in strips: the PNG is the picture, and a strip met before is not encoded again."""

from __future__ import annotations

import random
import zlib

from PIL import Image, ImageChops, ImageDraw

from games.propeller import GAME
from render import propeller
from render.common import (
    INK,
    PAPER,
    SEAT_COLOURS,
    WHITE,
    adler32_combine,
    fixed_palette,
    open_png,
    strips_png,
)


def test_adler32_of_joined_pieces():
    rng = random.Random(3)
    for _ in range(20):
        a = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 3000)))
        b = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 70000)))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def _strip(k: int, height: int) -> Image.Image:
    image = Image.new("RGB", (240, height), PAPER)
    d = ImageDraw.Draw(image)
    d.ellipse((20, 5, 120, height - 5), fill=SEAT_COLOURS[k % 4], outline=INK)
    d.text((140, 10), f"strip {k}", fill=INK)
    return image


def test_strips_decode_to_the_stacked_picture_and_keyed_strips_are_reused():
    palette = fixed_palette(SEAT_COLOURS, (PAPER, WHITE, INK))
    strips = [_strip(k, 40 + 9 * k) for k in range(3)]
    png = strips_png([("one", strips[0]), (None, strips[1]), ("three", strips[2])], palette)
    whole = Image.new("RGB", (240, sum(s.height for s in strips)))
    y = 0
    for strip in strips:
        whole.paste(strip, (0, y))
        y += strip.height
    expected = whole.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    assert ImageChops.difference(open_png(png).convert("RGB"), expected).getbbox() is None
    # a strip under a key seen before is taken from the cache, not encoded again
    again = strips_png([("one", _strip(9, 40)), (None, strips[1]), ("three", strips[2])], palette)
    assert again == png


def test_the_propeller_png_is_the_picture():
    game = GAME.new(4, {}, 9)
    rng = random.Random(9)
    for _ in range(120):
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    view = game.view(None)
    names = ["Ada", "Ben", "Cleo", "Dev"]
    drawn = open_png(propeller.draw(view, names)).convert("RGB")
    image = propeller.render(view, names)
    assert drawn.size == image.size
    diff = ImageChops.difference(drawn, image).convert("L")
    assert max(diff.tobytes()) <= 40  # the nearest colour of the palette, never another one
    assert sum(diff.tobytes()) / len(diff.tobytes()) < 2

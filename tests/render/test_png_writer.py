"""The PNG writer of every board picture (render.common.to_png): the palette picture it writes
is the one Pillow reads back, pixel for pixel and colour for colour, whichever deflate wrote it."""

from __future__ import annotations

import io
import random
import zlib

from PIL import Image

import render
from games import registry
from render import common
from render.common import open_png, palette_png, to_png
from tests.helpers import random_positions


def test_every_games_picture_reads_back_as_the_palette_picture_it_was():
    for key, players in (("archipels", 3), ("pioneers", 4), ("growsky", 2), ("hawaii", 1), ("propeller", 2)):
        positions = random_positions(registry.get(key), players, seed=11)
        for _ in range(5):
            game = next(positions)
        picture = render.image(key, game.view(None), ["Ann", "Ben", "Cy", "Di"][:players]).convert("RGB")
        read = open_png(to_png(picture))
        assert read.mode == "P" and read.size == picture.size
        # the same colours as Pillow's own writer gives for the same palette picture
        sample = picture.resize((picture.width // 4, picture.height // 4), Image.Resampling.NEAREST)
        palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        indexed = picture.quantize(palette=palette, dither=Image.Dither.NONE)
        pillows = io.BytesIO()
        indexed.save(pillows, "PNG")
        assert read.convert("RGB").tobytes() == open_png(pillows.getvalue()).convert("RGB").tobytes(), key


def test_a_small_palette_and_odd_sizes_are_written_right(monkeypatch):
    rng = random.Random(3)
    for width, height, colours in ((1, 1, 1), (7, 3, 2), (33, 17, 5)):
        indexed = Image.new("P", (width, height))
        indexed.putpalette([rng.randrange(256) for _ in range(3 * colours)])
        indexed.putdata([rng.randrange(colours) for _ in range(width * height)])
        for deflate in (common.deflate, zlib):  # ISA-L's and zlib's make the same picture
            monkeypatch.setattr(common, "deflate", deflate)
            read = open_png(palette_png(indexed))
            assert read.size == (width, height)
            assert read.convert("RGB").tobytes() == indexed.convert("RGB").tobytes()

"""Pioneer's Isle pictures: every public view of whole games draws, the island is cached."""

from __future__ import annotations

import json
import math
import random

from PIL import Image

from games.pioneers import GAME
from render import pioneers, pioneers_island, pioneers_pieces
from render.common import open_png

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def test_every_public_view_of_a_game_draws_without_hidden_cards():
    for seed, players in ((1, 2),):
        game = GAME.new(players, {"friendly_robber": seed == 1}, seed)
        rng = random.Random(seed)
        phases = set()
        while not game.is_over():
            seat = rng.choice(game.to_act())
            move = game.ai_move(seat, rng) if rng.random() < 0.8 else rng.choice(game.legal_moves(seat))
            game.play(seat, move)
            view = game.view(None)
            assert "hand" not in view and "dev_hand" not in view and "dev_new" not in view
            text = json.dumps(view)
            assert "victory point" not in text
            image = open_png(pioneers.draw(view, NAMES[:players]))
            assert image.size == (pioneers_island.WIDTH, pioneers_island.HEIGHT)
            phases.add(game.phase)
        assert {"roll", "main", "over"} <= phases


def test_seat_views_and_odd_names_draw():
    game = GAME.new(3, {"board": "beginner"}, 4)
    rng = random.Random(4)
    for _ in range(40):
        seat = rng.choice(game.to_act())
        game.play(seat, game.ai_move(seat, rng))
    for seat in range(3):
        assert open_png(pioneers.draw(game.view(seat), ["Zoë", "", "A very long player name indeed"])).size


def test_island_is_drawn_once_per_board():
    game = GAME.new(4, {}, 9)
    view = game.view(None)
    pioneers.render(view, NAMES)
    cached = pioneers_island.islands.get(view["board"]["key"], lambda: None)
    assert cached is not None
    pioneers.render(view, NAMES)
    assert pioneers_island.islands.get(view["board"]["key"], lambda: None) is cached


# -- legible at the width of a chat preview ------------------------------------------------------
PREVIEW = 550  # pixels: how wide chat previews show a picture before it is opened


def test_corner_numbers_read_at_preview_width() -> None:
    from PIL import ImageChops

    view = GAME.new(4, {}, 9).view(None)
    island = pioneers_island.island_picture(view["board"]).convert("L")
    scale = PREVIEW / pioneers_island.WIDTH
    for node in (0, 20, 31, 52, 53):  # corner numbers 1, 21, 32, 53, 54: coast and inland
        x, y = pioneers_island.node_xy(node)
        crop = island.crop((round(x) - 20, round(y) - 14, round(x) + 20, round(y) + 14))
        ink = crop.point(lambda v: 255 if v < 70 else 0).getbbox()  # the digits' dark strokes
        assert ink is not None, node
        height = (ink[3] - ink[1]) * scale
        assert height >= 6.5, (node + 1, height)  # about what 9 px text needs to stay legible
    # a 5 and a 6 stay apart once scaled down: the digits differ in more than a few pixels
    def corner(words: str) -> Image.Image:
        from PIL import ImageDraw

        from render.common import text

        image = Image.new("RGB", (60, 40), pioneers_pieces.TERRAIN_COLOURS["wool"])
        text(ImageDraw.Draw(image), (30, 20), words, pioneers_pieces.CORNER_SIZE, (30, 30, 30), "mm", bold=True,
             outline=(255, 255, 255))
        small = image.resize((round(60 * scale), round(40 * scale)), Image.Resampling.LANCZOS).convert("L")
        return small.point(lambda v: 255 if v < 90 else 0)

    differ = ImageChops.difference(corner("53"), corner("63"))
    assert sum(1 for v in differ.get_flattened_data() if v) >= 4


def test_harbour_labels_stay_inside_their_circles() -> None:
    from PIL import ImageDraw

    from render.common import text

    room = pioneers_pieces.HARBOUR_R - pioneers_pieces.HARBOUR_EDGE
    for kind in ("any", "lumber", "brick", "wool", "grain", "ore"):
        for label in pioneers_pieces.harbour_labels(kind):
            box = pioneers_pieces.label_box(*label)
            corners = [(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
            assert all(math.hypot(x, y) <= room for x, y in corners), (kind, label, box)
            # the box is where the ink really goes
            dx, dy, words, size, bold = label
            image = Image.new("L", (120, 120), 255)
            text(ImageDraw.Draw(image), (60 + dx, 60 + dy), words, size, (0, 0, 0), "mm", bold=bold)
            ink = image.point(lambda v: 255 if v < 200 else 0).getbbox()
            assert ink is not None
            assert box[0] - 1 <= ink[0] - 60 and ink[2] - 60 <= box[2] + 1, (kind, words, box, ink)
            assert box[1] - 1 <= ink[1] - 60 and ink[3] - 60 <= box[3] + 1, (kind, words, box, ink)
        sizes = [label[3] for label in pioneers_pieces.harbour_labels(kind)]
        assert min(sizes) >= 12  # and not shrunk into a smudge


def test_terrain_words_read_on_every_terrain_at_preview_width() -> None:
    """The word under each hex keeps its contrast once the picture is shrunk to a chat preview:
    the darkest stroke and the lightest point around it stay far apart, on the dark hexes too."""
    from PIL import ImageDraw

    scale = PREVIEW / pioneers_island.WIDTH
    for res, colour in pioneers_pieces.TERRAIN_COLOURS.items():
        image = Image.new("RGB", (120, 40), colour)
        pioneers_pieces.terrain_word(ImageDraw.Draw(image), (60, 20), res)
        small = image.resize((round(120 * scale), round(40 * scale)), Image.Resampling.LANCZOS).convert("L")
        grey = small.get_flattened_data()
        # dark grey on dark green or brown came to 45-70 levels apart, which a phone shows as a smudge
        assert max(grey) - min(grey) >= 140, (res, min(grey), max(grey))

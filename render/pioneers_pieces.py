"""What the Pioneer's Isle pictures share, the base island's and the sea layouts': terrain
colours and words, harbour labels, buildings and the panel's words for amounts and answers."""

from __future__ import annotations

import math
from functools import cache

from PIL import ImageDraw

from render.common import INK, WHITE, Cache, font, mix, seat_colour, text

# The static boards of Pioneer's Isle, the base island (about 170 KiB deflated) and a sea
# layout's map (about 300 KiB), in one budget: 200 tables of either kind, so a server's fifth
# or fiftieth table never redraws its board on every move
BOARD_TABLES = 200
boards = Cache(size=BOARD_TABLES, max_bytes=BOARD_TABLES * (300 << 10), per_table=True)

RADIUS = 65  # hex centre to corner, pixels
TERRAIN_COLOURS = {
    "lumber": (52, 120, 58),
    "brick": (190, 96, 52),
    "wool": (146, 196, 92),
    "grain": (236, 196, 72),
    "ore": (128, 132, 146),
    "desert": (222, 204, 160),
}
TERRAIN_WORDS = {"lumber": "lumber", "brick": "brick", "wool": "wool", "grain": "grain", "ore": "ore",
                 "desert": "desert"}
HOT = (200, 30, 30)
HIGHLIGHT = (255, 214, 0)
# corner numbers: bold, so that "53" and "63" stay apart when the picture is shown at about
# 550 px wide (half size), as chat previews do
CORNER_SIZE = 18
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
HARBOUR_R = RADIUS * 0.42  # a harbour's circle: room for "lumber" in a readable size
HARBOUR_EDGE = 3  # its outline


def label_box(dx: float, dy: float, words: str, size: int, bold: bool) -> tuple[float, float, float, float]:
    """The box a label drawn centred ("mm") at (dx, dy) covers, stroke included."""
    x0, y0, x1, y1 = font(size).getbbox(words, anchor="mm", stroke_width=1 if bold else 0)
    return dx + x0, dy + y0, dx + x1, dy + y1


def _inside(box: tuple[float, float, float, float], r: float) -> bool:
    return all(math.hypot(x, y) <= r for x in (box[0], box[2]) for y in (box[1], box[3]))


@cache
def harbour_labels(kind: str) -> tuple[tuple[float, float, str, int, bool], ...]:
    """(dx, dy, words, size, bold) of a harbour's labels around its centre: "3:1", or "2:1"
    over the resource, each as large as fits inside the circle's outline."""
    room = HARBOUR_R - HARBOUR_EDGE - 1
    if kind == "any":
        return ((0, 0, "3:1", 17, True),)
    for size in range(12, 8, -1):
        labels = ((0, -7, "2:1", 15, True), (0, 6, kind, size, False))
        if all(_inside(label_box(*label), room) for label in labels):
            return labels
    return labels


def terrain_word(draw: ImageDraw.ImageDraw, xy: tuple[float, float], res: str) -> None:
    """The terrain's name under its number, on a light halo: at the width a phone shows, dark
    words on the dark hexes (lumber, brick, ore) vanish without one."""
    text(draw, xy, TERRAIN_WORDS[res], 15, INK, "mm", outline=mix(TERRAIN_COLOURS[res], WHITE, 0.6))


def building(draw: ImageDraw.ImageDraw, xy: tuple[float, float], node: int, seat: int, level: int,
             glow: bool) -> None:
    """A settlement (level 1) or city at `xy`, its corner number written on it."""
    x, y = xy
    colour = seat_colour(seat)
    if level == 1:
        r = 14
        shape = [(x - r, y - 2), (x, y - r - 4), (x + r, y - 2), (x + r, y + r), (x - r, y + r)]
    else:
        r = 17
        shape = [(x - r, y + r), (x - r, y - 4), (x - r / 2, y - r - 4), (x, y - 4), (x + r, y - 4),
                 (x + r, y + r)]
    if glow:
        draw.ellipse((x - r - 9, y - r - 9, x + r + 9, y + r + 9), fill=HIGHLIGHT)
    draw.polygon(shape, fill=colour, outline=(20, 20, 20), width=2)
    text(draw, (x, y + (3 if level == 1 else 5)), str(node), 14, WHITE, "mm", bold=True, outline=(20, 20, 20))


RES_SHORT = ("lumber", "brick", "wool", "grain", "ore")


def count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def amounts(amounts: list[int]) -> str:
    return " ".join(f"{n} {RES_SHORT[i]}" for i, n in enumerate(amounts) if n)


def answer(who: str, offerer: str, answer: list) -> str:
    """An answer told from the offerer's side, as every offer is (a counter lists the answerer's cards)."""
    if answer[0] == "counter":
        return f"{who} counters: {offerer} gives {amounts(answer[2])}, gets {amounts(answer[1])}"
    return f"{who} {answer[0]}s"

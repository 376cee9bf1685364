"""The Archipels picture: the board of 20 spaces, the score board, and every player's island.

Layout (1000 px wide, made to stay readable when shown at about 550 px):

    +-------------------------------------------------------------+
    | Archipels  Day 3 of 8                       stack, canoe    |
    | who must act and what                                       |
    | the last move (or the final ranking)                        |
    +---------------------------------+---------------------------+
    | board: rows r1..r5, columns     | score board: icon, name,  |
    | c1..c5, paddles on the right    | flowers, points each;     |
    | and bottom edges                | legend                    |
    +---------------------------------+---------------------------+
    | player panel                    | player panel              |
    +---------------------------------+---------------------------+

Everything that depends only on the number of players (background, frames, labels, the
score board's rows, the legend) is drawn once and cached; each call copies that layer and
draws the pieces of the view on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, reduce
from typing import Any

from PIL import Image, ImageDraw

import lang
from lang import N_, tr
from render import icons
from render.common import (
    CARD,
    INK,
    LINE,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    Cache,
    alpha,
    font,
    mix,
    pill,
    readable_on,
    rect_region,
    rgb,
    seat_colour,
    seat_name,
    shade,
    supersampled,
    text,
    text_width,
    to_png,
)

SEA_ANIMALS = ("seahorse", "manta", "octopus", "fish")
LAND_ANIMALS = ("turtle", "parrot", "crab")
CONSTRUCTIONS = ("hut", "tiki")
ELEMENTS = SEA_ANIMALS + LAND_ANIMALS + CONSTRUCTIONS
# each element's name on the score board, translated where drawn (`tr(LABELS[el])`)
LABELS = {"seahorse": N_("Seahorse"), "manta": N_("Manta ray"), "octopus": N_("Octopus"), "fish": N_("Fish"),
          "turtle": N_("Turtle"), "parrot": N_("Parrot"), "crab": N_("Crab"), "hut": N_("Hut"), "tiki": N_("Tiki"),
          "bottle": N_("Bottle")}

# the three levels: face colour, edge colour, pattern colour
LEVELS: dict[int, tuple[RGB, RGB, RGB]] = {
    1: (rgb("#4dabf7"), rgb("#1864ab"), rgb("#a5d8ff")),  # sea
    2: (rgb("#f4dca6"), rgb("#a87b32"), rgb("#dcb46e")),  # sand
    3: (rgb("#82c45e"), rgb("#2b6a1f"), rgb("#5c9e3c")),  # construction (jungle ground)
}
LEVEL_NAMES = {1: N_("Sea"), 2: N_("Sand"), 3: N_("Construction")}
# what the seat to act does, after its name in the header
PHASES = {"take": N_("to choose tiles"), "place": N_("to place tiles"), "flower": N_("to add a flower"),
          "over": N_("to game over")}
# a rank's ending in English; a language writes each as it writes ordinals ("2.", "2.º")
_ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def ordinal(n: int) -> str:
    """`1st`, `2nd`, in the current language."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return tr(_ORDINALS[suffix]).format(n=n)

# -- geometry ---------------------------------------------------------------------------
WIDTH = 1000
MARGIN = 16
GAP = 12
HEAD = 118  # header height
CELL = 108  # one board space
TILE = 80  # a tile on the board (two squares of 40)
LAB = 30  # row / column label band
PADM = 48  # paddle band on the right and bottom edges
FRAME = 10
BOARD_X = MARGIN
BOARD_Y = HEAD
GRID_X = BOARD_X + FRAME + LAB
GRID_Y = BOARD_Y + FRAME + LAB
BOARD_W = FRAME + LAB + 5 * CELL + PADM + FRAME  # 628
BOARD_H = BOARD_W
SCORE_X = BOARD_X + BOARD_W + GAP
SCORE_W = WIDTH - MARGIN - SCORE_X
PANEL_Y = BOARD_Y + BOARD_H + GAP
PANEL_W = (WIDTH - 2 * MARGIN - GAP) // 2
PANEL_H = 318
PANEL_HEAD = 46
MINI = 56  # a hand or dock tile
MAX_SQUARE = 46  # largest island square

# the frame around the tile the last move placed (or docked): the yellow of the other
# pictures' last-move glow, between two dark lines so that it shows on sea, sand and jungle
LAST = (255, 214, 0)
LAST_EDGE = rgb("#3b2a12")

# colours of the frame
BG = PAPER
WATER = rgb("#0f4c75")
SLOT = rgb("#1b6293")
WOOD = rgb("#8a5a32")
WOOD_DARK = rgb("#5b3a1e")


def canvas_size(players: int) -> tuple[int, int]:
    rows = (max(1, players) + 1) // 2
    return WIDTH, PANEL_Y + rows * PANEL_H + (rows - 1) * GAP + MARGIN


def panel_box(seat: int, players: int) -> tuple[int, int, int, int]:
    row, col = divmod(seat, 2)
    y = PANEL_Y + row * (PANEL_H + GAP)
    if players % 2 == 1 and seat == players - 1:  # the odd last panel spans the width
        return MARGIN, y, WIDTH - MARGIN, y + PANEL_H
    x = MARGIN + col * (PANEL_W + GAP)
    return x, y, x + PANEL_W, y + PANEL_H


def cell_box(row: int, col: int) -> tuple[int, int, int, int]:
    x = GRID_X + (col - 1) * CELL
    y = GRID_Y + (row - 1) * CELL
    return x, y, x + CELL, y + CELL


def line_centre(line: str) -> float:
    index = int(line[1:])
    return (GRID_Y if line[0] == "r" else GRID_X) + (index - 0.5) * CELL


# -- what is visible --------------------------------------------------------------------
def squares(x: int, y: int) -> tuple[tuple[int, int], ...]:
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def visible_elements(island: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The elements of an island that show: those that no later tile of a higher level
    covers. Each as {"el", "index" (of its tile), "x", "y" (its square; for a
    construction the tile's top-left square), "whole" (covers the whole tile)}, in
    placement order."""
    above: dict[tuple[int, int], int] = {}  # square -> highest level of the tiles placed later
    shown: list[dict[str, Any]] = []
    for index in range(len(island) - 1, -1, -1):
        placed = island[index]
        tile = placed["tile"]
        level = tile["level"]
        x, y = placed["x"], placed["y"]
        own = squares(x, y)
        found = []
        for element in tile["elements"]:
            sq = element.get("sq")
            if sq is None:
                if all(above.get(square, 0) <= level for square in own):
                    found.append({"el": element["el"], "index": index, "x": x, "y": y, "whole": True})
            else:
                square = (x + sq % 2, y + sq // 2)
                if above.get(square, 0) <= level:
                    found.append({"el": element["el"], "index": index, "x": square[0], "y": square[1],
                                  "whole": False})
        shown[:0] = found
        for square in own:
            if above.get(square, 0) < level:
                above[square] = level
    return shown


# -- cached pieces ----------------------------------------------------------------------
_static = Cache(size=8, max_bytes=12 << 20)  # a table's board without its pieces, about 3 MiB
_faces = Cache(size=128)


def tile_face(level: int, size: int) -> Image.Image:
    """The empty face of a tile of `level`, `size` pixels square (2 x 2 squares), RGB."""

    def build() -> Image.Image:
        face, edge, pattern = LEVELS.get(level, LEVELS[1])
        image = Image.new("RGB", (size, size), face)
        d = ImageDraw.Draw(image)
        half = size / 2
        if level == 1:  # little waves
            for gx in (0, 1):
                for gy in (0, 1):
                    x0, y0 = gx * half, gy * half
                    for fx, fy in ((0.18, 0.2), (0.55, 0.82)):
                        cx, cy = x0 + fx * half, y0 + fy * half
                        w = half * 0.2
                        d.arc((cx, cy - w / 2, cx + w, cy + w / 2), 200, 340, fill=pattern, width=max(1, size // 50))
        elif level == 2:  # sand grains
            for gx in (0, 1):
                for gy in (0, 1):
                    for fx, fy in ((0.15, 0.2), (0.82, 0.3), (0.25, 0.85), (0.8, 0.82)):
                        cx, cy = gx * half + fx * half, gy * half + fy * half
                        r = max(1, size / 90)
                        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pattern)
        else:  # grass tufts in the corners
            for fx, fy in ((0.1, 0.12), (0.82, 0.12), (0.1, 0.85), (0.82, 0.85)):
                cx, cy = fx * size, fy * size
                w = max(2, size / 24)
                d.line((cx, cy + w, cx + w / 2, cy - w), fill=pattern, width=max(1, size // 60))
                d.line((cx + w, cy + w, cx + w / 2, cy - w), fill=pattern, width=max(1, size // 60))
        if level != 3:  # the four squares of a sea or sand tile
            d.line((half, 3, half, size - 4), fill=mix(face, edge, 0.35), width=1)
            d.line((3, half, size - 4, half), fill=mix(face, edge, 0.35), width=1)
        bevel = max(1, size // 36)
        d.rectangle((0, 0, size - 1, bevel - 1), fill=shade(face, 0.45))  # light from the top left
        d.rectangle((0, 0, bevel - 1, size - 1), fill=shade(face, 0.45))
        d.rectangle((0, size - bevel, size - 1, size - 1), fill=shade(face, -0.22))
        d.rectangle((size - bevel, 0, size - 1, size - 1), fill=shade(face, -0.22))
        d.rectangle((0, 0, size - 1, size - 1), outline=edge, width=max(1, round(size / 40)))
        return image

    return _faces.get((level, size), build)


def elevation(level: int, square: int) -> int:
    """How far the shadow of a tile falls: higher levels cast longer shadows."""
    return 0 if level <= 1 else max(2, round(square * (0.09 if level == 2 else 0.16)))


def _raise(d: ImageDraw.ImageDraw, level: int, x: float, y: float, size: int, drop: int) -> None:
    """The shadow and the side of a raised tile whose face will cover (x, y, size)."""
    if not drop:
        return
    d.rectangle((x + drop + 2, y + drop + 2, x + size + drop + 1, y + size + drop + 1), fill=(0, 0, 0, 55))
    side = shade(LEVELS[level][1], -0.15)
    d.polygon([(x, y + size), (x + drop, y + size + drop), (x + size + drop, y + size + drop),
               (x + size + drop, y + drop), (x + size, y)], fill=side)


# -- the static layer -------------------------------------------------------------------
def _static_layer(players: int) -> Image.Image:
    def build() -> Image.Image:
        image = Image.new("RGB", canvas_size(players), BG)
        d = ImageDraw.Draw(image, "RGBA")
        # header band
        d.rectangle((0, 0, WIDTH, HEAD - 8), fill=rgb("#0b3954"))
        d.rectangle((0, HEAD - 8, WIDTH, HEAD - 5), fill=rgb("#f4dca6"))
        _board_frame(image, d)
        _score_frame(image, d, players)
        for seat in range(players):
            x0, y0, x1, y1 = panel_box(seat, players)
            d.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=CARD, outline=LINE, width=2)
        return image

    return _static.get(("layer", players, lang.current()), build)


def _board_frame(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
    box = (BOARD_X, BOARD_Y, BOARD_X + BOARD_W, BOARD_Y + BOARD_H)
    d.rounded_rectangle(box, radius=16, fill=WOOD, outline=WOOD_DARK, width=3)
    inner = (box[0] + FRAME, box[1] + FRAME, box[2] - FRAME, box[3] - FRAME)
    d.rounded_rectangle(inner, radius=10, fill=WATER)
    for i in range(1, 6):
        cx = GRID_X + (i - 0.5) * CELL
        cy = GRID_Y + (i - 0.5) * CELL
        text(d, (cx, GRID_Y - LAB / 2 + 1), f"c{i}", 22, WHITE, "mm", bold=True)
        text(d, (GRID_X - LAB / 2 - 1, cy), f"r{i}", 22, WHITE, "mm", bold=True)
    for r in range(1, 6):
        for c in range(1, 6):
            if (r, c) in ((1, 1), (1, 5), (5, 1), (5, 5)):
                continue
            x0, y0, x1, y1 = cell_box(r, c)
            if (r, c) == (3, 3):
                _centre_island(image, d, (x0, y0, x1, y1))
                continue
            d.rounded_rectangle((x0 + 4, y0 + 3, x1 - 4, y1 - 3), radius=8, fill=SLOT)
    # the paddle bands
    right = GRID_X + 5 * CELL
    bottom = GRID_Y + 5 * CELL
    d.rounded_rectangle((right + 4, GRID_Y + 4, right + PADM - 6, bottom - 4), radius=8, fill=alpha(WHITE, 22))
    d.rounded_rectangle((GRID_X + 4, bottom + 4, right - 4, bottom + PADM - 6), radius=8, fill=alpha(WHITE, 22))


def _centre_island(image: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        s = CELL * k
        draw.ellipse((0.08 * s, 0.52 * s, 0.92 * s, 0.92 * s), fill=rgb("#a5d8ff"))
        draw.ellipse((0.12 * s, 0.5 * s, 0.88 * s, 0.86 * s), fill=rgb("#f4dca6"), outline=rgb("#a87b32"),
                     width=round(2 * k))
        draw.line((0.5 * s, 0.7 * s, 0.54 * s, 0.4 * s, 0.5 * s, 0.2 * s), fill=rgb("#7a4a22"),
                  width=round(5 * k), joint="curve")
        for ax, ay in ((0.22, 0.32), (0.78, 0.32), (0.3, 0.14), (0.7, 0.12), (0.5, 0.08)):
            draw.line((0.5 * s, 0.2 * s, ax * s, ay * s), fill=rgb("#2b8a3e"), width=round(7 * k))
        draw.ellipse((0.44 * s, 0.18 * s, 0.56 * s, 0.3 * s), fill=rgb("#5c3417"))

    picture = supersampled((CELL, CELL), paint)
    image.paste(picture, (round(cx - CELL / 2), round(cy - CELL / 2)), picture)


SCORE_TITLE = 38
ROW_H = 40
GROUP_H = 23


def _score_rows() -> list[tuple[str, str | None, int]]:
    """(kind, element, y) of the score board: group titles and element rows."""
    rows: list[tuple[str, str | None, int]] = []
    y = BOARD_Y + SCORE_TITLE
    for title, members in ((N_("Sea animals · 1 per flower"), SEA_ANIMALS),
                           (N_("Land animals · 2 per flower"), LAND_ANIMALS),
                           (N_("Constructions · 7 per flower"), CONSTRUCTIONS), (N_("Penalty"), ("bottle",))):
        rows.append(("group", title, y))
        y += GROUP_H
        for el in members:
            rows.append(("row", el, y))
            y += ROW_H
    return rows


def _score_frame(image: Image.Image, d: ImageDraw.ImageDraw, players: int) -> None:
    x0, y0 = SCORE_X, BOARD_Y
    x1 = SCORE_X + SCORE_W
    rows = _score_rows()
    last_y = rows[-1][2] + ROW_H
    d.rounded_rectangle((x0, y0, x1, last_y + 6), radius=12, fill=CARD, outline=LINE, width=2)
    each = tr("pts each")
    each_w = text_width(each, 18)
    text(d, (x0 + 14, y0 + 10), tr("Score board"), 24, INK, bold=True, width=_fit(SCORE_W - 42 - each_w))
    text(d, (x1 - 14, y0 + 14), each, 18, MUTED, "ra")
    for kind, el, y in rows:
        if kind == "group":
            text(d, (x0 + 14, y + GROUP_H / 2 + 1), tr(str(el)), 17, MUTED, "lm", width=_fit(SCORE_W - 22))
            continue
        assert el is not None
        band = mix(CARD, icons.COLOURS[el], 0.10)
        d.rounded_rectangle((x0 + 8, y + 2, x1 - 8, y + ROW_H - 2), radius=8, fill=band)
        icons.paste(image, el, 38, (x0 + 32, y + ROW_H / 2))
        text(d, (x0 + NAME_X, y + ROW_H / 2), tr(LABELS[el]), 20, INK, "lm")
    # legend: the levels and the marks
    y = last_y + 14
    bottom = BOARD_Y + BOARD_H
    d.rounded_rectangle((x0, y, x1, bottom), radius=12, fill=CARD, outline=LINE, width=2)
    ly = y + (bottom - y) / 4 + 1
    lx = x0 + 14
    # the levels' names at 18 px, smaller where a language's names would run past the frame
    size = 18 if lang.current() == lang.ENGLISH else next(
        (k for k in (18, 17, 16, 15)
         if 14 + sum(30 + text_width(tr(LEVEL_NAMES[level]), k) + 14 for level in (1, 2, 3)) - 14 <= SCORE_W - 12), 14)
    for level in (1, 2, 3):
        image.paste(tile_face(level, 24), (lx, round(ly) - 12))
        lx += 30
        lx += text(d, (lx, ly), tr(LEVEL_NAMES[level]), size, INK, "lm") + 14
    ly = y + 3 * (bottom - y) / 4 - 1
    lx = x0 + 10
    icons.paste(image, "canoe", 34, (lx + 16, ly))
    lx += 36
    lx += text(d, (lx, ly), tr("first player"), 18, INK, "lm") + 16
    # a piece of a sand tile hatched as a board tile under a paddle, in the players' colours
    box = blocked_swatch(players)
    image.paste(tile_face(2, TILE).crop((0, 0, box[2] - box[0], box[3] - box[1])), box[:2])
    _hatch(d, (box[0], box[1], box[2] - 1, box[3] - 1), [seat_colour(s) for s in range(players)])
    text(d, (box[2] + 6, ly), tr("blocked"), 18, INK, "lm", width=_fit(x1 - box[2] - 12))


def blocked_swatch(players: int) -> tuple[int, int, int, int]:
    """Where the legend's sample of a blocked tile goes."""
    rows = _score_rows()
    top = rows[-1][2] + ROW_H + 14
    bottom = BOARD_Y + BOARD_H
    ly = round(top + 3 * (bottom - top) / 4 - 1)
    lx = SCORE_X + 10 + 36 + text_width(tr("first player"), 18) + 16
    return lx, ly - 12, lx + 40, ly + 12


# -- drawing the pieces -----------------------------------------------------------------
@dataclass
class Picture:
    """The drawn image and where each element icon went (for checks and tests)."""

    image: Image.Image
    placed: list[dict[str, Any]] = field(default_factory=list)
    marked: list[dict[str, Any]] = field(default_factory=list)  # {"where", "tile", "box"} framed as last move


def _hatch(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB | Sequence[RGB],
           a: int = 150) -> None:
    """Darken `box` and stripe it at 45 degrees in `colour` (the blocking paddle's); with
    several colours the stripes take them in turn (the legend's sample)."""
    colours = [colour] if isinstance(colour[0], int) else list(colour)
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=(20, 24, 32, 105))
    step = 14
    w = x1 - x0
    h = y1 - y0
    for n, k in enumerate(range(-int(h), int(w), step)):
        # a 45-degree stripe clipped to the box
        ax, ay = x0 + max(k, 0), y0 + max(-k, 0)
        length = min(w - max(k, 0), h - max(-k, 0))
        if length > 0:
            d.line((ax, ay, ax + length, ay + length), fill=alpha(colours[n % len(colours)], a), width=3)


def _draw_tile(picture: Picture, d: ImageDraw.ImageDraw, tile: dict[str, Any], x: float, y: float, size: int,
               where: str) -> None:
    """A whole tile (all its elements) with its top-left corner at (x, y)."""
    image = picture.image
    level = tile.get("level", 1)
    _raise(d, level, x, y, size, elevation(level, size // 2))
    image.paste(tile_face(level, size), (round(x), round(y)))
    half = size / 2
    for element in tile.get("elements", []):
        sq = element.get("sq")
        if sq is None:
            centre = (x + half, y + half)
            isize = round(size * 0.8)
        else:
            centre = (x + (sq % 2 + 0.5) * half, y + (sq // 2 + 0.5) * half)
            isize = round(half * 0.84)
        icons.paste(image, element["el"], isize, centre)
        picture.placed.append({"where": where, "el": element["el"], "centre": centre, "size": isize})


def _draw_board(picture: Picture, d: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str]) -> None:
    blockers: dict[str, int | None] = {p["line"]: p.get("seat") for p in view.get("paddles", [])}
    for space in view.get("board", []):
        row, col = space.get("row"), space.get("col")
        if row is None or col is None:
            name = space.get("space", "r0c0")
            row, col = int(name[1]), int(name[3])
        x0, y0, x1, y1 = cell_box(row, col)
        tile = space.get("tile")
        line = f"r{row}" if f"r{row}" in blockers else f"c{col}" if f"c{col}" in blockers else None
        if tile is None:
            if line is not None and not space.get("free", True):
                _hatch(d, (x0 + 4, y0 + 3, x1 - 4, y1 - 3), seat_colour(blockers[line]), 110)
                word = tr("closed") if blockers[line] is None else tr("empty")
                text(d, ((x0 + x1) / 2, (y0 + y1) / 2), word, 17, shade(SLOT, 0.6), "mm", outline=SLOT)
            else:
                text(d, ((x0 + x1) / 2, (y0 + y1) / 2), tr("empty"), 17, shade(SLOT, 0.35), "mm")
            continue
        tx = x0 + (CELL - TILE) / 2
        ty = y0 + 5
        _draw_tile(picture, d, tile, tx, ty, TILE, f"board:{space.get('space')}")
        label_y = ty + TILE + 12
        if not space.get("free", True):
            colour = seat_colour(blockers.get(line)) if line else rgb("#868e96")
            _hatch(d, (tx, ty, tx + TILE - 1, ty + TILE - 1), colour)
            text(d, ((x0 + x1) / 2, label_y), f"t{tile['id']}", 20, shade(SLOT, 0.55), "mm", bold=True)
        else:
            text(d, ((x0 + x1) / 2, label_y), f"t{tile['id']}", 20, WHITE, "mm", bold=True)
    # paddles
    right = GRID_X + 5 * CELL
    bottom = GRID_Y + 5 * CELL
    for line, seat in blockers.items():
        colour = seat_colour(seat)
        dark = shade(colour, -0.5)
        c = line_centre(line)
        initial = "" if seat is None else seat_name(list(names), seat)[:1].upper()
        if line.startswith("r"):
            box = (right + 2, c - 16, right + PADM - 4, c + 16)
            icons.paddle(d, box, colour, dark, vertical=False)
            centre = (box[0] + (box[2] - box[0]) * 0.72, c)
        else:
            box = (c - 16, bottom + 2, c + 16, bottom + PADM - 4)
            icons.paddle(d, box, colour, dark, vertical=True)
            centre = (c, box[1] + (box[3] - box[1]) * 0.72)
        if initial:
            text(d, centre, initial, 16, readable_on(colour), "mm", bold=True)


def _draw_scores(picture: Picture, d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    image = picture.image
    flowers = view.get("flowers", {})
    values = view.get("values", {})
    x1 = SCORE_X + SCORE_W
    fx0 = flower_x(lang.current())
    for kind, el, y in _score_rows():
        if kind != "row":
            continue
        cy = y + ROW_H / 2
        if el == "bottle":
            value = values.get("bottle", -3)
            text(d, (x1 - 18, cy), f"{value}", 26, rgb("#c92a2a"), "rm", bold=True)
            continue
        count = int(flowers.get(el, 0))
        value = values.get(el, 0)
        if count <= 5:
            for i in range(count):
                icons.paste(image, "flower", 20, (fx0 + 10 + i * FLOWER_STEP, cy))
        else:
            icons.paste(image, "flower", 20, (fx0 + 10, cy))
            text(d, (fx0 + 23, cy), f"x {count}", 20, INK, "lm", bold=True)
        if count == 0:
            text(d, (fx0 + 2, cy), tr("no flower"), 15, MUTED, "lm")
        text(d, (x1 - 18, cy), f"{value}", 26, INK if value else MUTED, "rm", bold=True)


_PUT_DOWN = re.compile(r"(place|dock) t(\d+)(?: (-?\d+),(-?\d+))?")


def last_put_down(view: dict[str, Any]) -> dict[str, Any] | None:
    """The tile the last move put down, from its canonical text (`place t110 0,-3` or
    `dock t57`): {"seat", "tile", "where" ("island" or "dock"), "x", "y"}, else None."""
    last = view.get("last") or {}
    found = _PUT_DOWN.fullmatch(str(last.get("move", "")))
    if found is None or not isinstance(last.get("seat"), int):
        return None
    verb, tid, x, y = found.groups()
    if verb == "place" and x is None:
        return None
    return {"seat": last["seat"], "tile": int(tid), "where": "island" if verb == "place" else "dock",
            "x": None if x is None else int(x), "y": None if y is None else int(y)}


def _frame(picture: Picture, d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], where: str,
           tile: int, width: int = 5) -> None:
    """The last-move frame just outside `box`: a yellow band between two dark lines (no
    label: one would cover the island's coordinates or a neighbour)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    g = width
    d.rectangle((x0 - g - 2, y0 - g - 2, x1 + g + 1, y1 + g + 1), outline=LAST_EDGE, width=1)
    d.rectangle((x0 - g - 1, y0 - g - 1, x1 + g, y1 + g), outline=LAST, width=g)
    d.rectangle((x0 - 1, y0 - 1, x1, y1), outline=LAST_EDGE, width=1)
    picture.marked.append({"where": where, "tile": tile, "box": (x0, y0, x1, y1), "band": g})


NAME_X = 58  # element names on the score board, from its left edge
FLOWER_STEP = 19


@cache
def _fit(width: int) -> int | None:
    """The width a translated word must fit in; English is drawn as it always was, unbounded."""
    return None if lang.current() == lang.ENGLISH else width


def flower_x(language: str = lang.ENGLISH) -> int:
    """Where the row of flowers starts: clear of the longest element name (in `language`)."""
    with lang.using(language):
        return SCORE_X + NAME_X + max(text_width(tr(LABELS[el]), 20) for el in ELEMENTS) + 10


STRIP_H = 22 + MINI + 26  # hand and dock laid out along the bottom of a panel
TICK_TOP = 16  # island coordinates: x along the top edge
TICK_LEFT = 24  # and y along the left edge


def _extent(island: Sequence[dict[str, Any]]) -> tuple[int, int, int, int]:
    """(min x, min y, width, height) of an island in squares."""
    if not island:
        return 0, 0, 2, 2
    xs = [p["x"] for p in island]
    ys = [p["y"] for p in island]
    return min(xs), min(ys), max(xs) + 2 - min(xs), max(ys) + 2 - min(ys)


def _square(extent: tuple[int, int, int, int], area: tuple[int, int, int, int]) -> int:
    ax0, ay0, ax1, ay1 = area
    _, _, nx, ny = extent
    pad = 8
    w = ax1 - ax0 - pad - TICK_LEFT
    h = ay1 - ay0 - pad - TICK_TOP
    return max(4, int(min(MAX_SQUARE, w / nx, h / ny)))


def _side_width(hand: int, dock: int) -> int:
    """Width of the hand and dock column: room for the longer row of tiles."""
    n = max(hand, dock, 1)
    return max(92, n * (MINI + 8))


def _panel_layout(box: tuple[int, int, int, int], island: Sequence[dict[str, Any]], side_w: int,
                  ) -> tuple[str, tuple[int, int, int, int]]:
    """Where the hand and dock go ("side" or "bottom") and the island's area: whichever
    lets the island be drawn larger."""
    x0, y0, x1, y1 = box
    top = y0 + PANEL_HEAD + 8
    side = (x0 + 12, top, x1 - side_w - 24, y1 - 10)
    bottom = (x0 + 12, top, x1 - 12, y1 - STRIP_H - 12)
    extent = _extent(island)
    if _square(extent, bottom) > _square(extent, side):
        return "bottom", bottom
    return "side", side


def _draw_island(picture: Picture, d: ImageDraw.ImageDraw, island: Sequence[dict[str, Any]],
                 area: tuple[int, int, int, int], seat: int, mark: dict[str, Any] | None = None) -> None:
    ax0, ay0, ax1, ay1 = area
    if not island:
        d.rounded_rectangle(area, radius=10, fill=mix(CARD, LEVELS[1][0], 0.12))
        text(d, ((ax0 + ax1) / 2, (ay0 + ay1) / 2), tr("no island yet"), 20, MUTED, "mm")
        return
    extent = _extent(island)
    minx, miny, nx, ny = extent
    s = _square(extent, area)
    ox = ax0 + TICK_LEFT + (ax1 - ax0 - TICK_LEFT - nx * s) / 2 - minx * s
    oy = ay0 + TICK_TOP + (ay1 - ay0 - TICK_TOP - ny * s) / 2 - miny * s
    order = sorted(range(len(island)), key=lambda i: (island[i]["tile"]["level"], i))
    image = picture.image
    for i in order:
        placed = island[i]
        level = placed["tile"]["level"]
        x = round(ox + placed["x"] * s)
        y = round(oy + placed["y"] * s)
        _raise(d, level, x, y, 2 * s, elevation(level, s))
        image.paste(tile_face(level, 2 * s), (x, y))
    for shown in visible_elements(island):
        if shown["whole"]:
            centre = (ox + (shown["x"] + 1) * s, oy + (shown["y"] + 1) * s)
            size = round(s * 1.6)
        else:
            centre = (ox + (shown["x"] + 0.5) * s, oy + (shown["y"] + 0.5) * s)
            size = round(s * 0.86)
        icons.paste(image, shown["el"], size, centre)
        picture.placed.append({"where": f"island:{seat}", "el": shown["el"], "centre": centre, "size": size,
                               "square": (shown["x"], shown["y"])})
    if mark is not None and mark["where"] == "island":
        for placed in island:
            if (placed["tile"].get("id"), placed["x"], placed["y"]) == (mark["tile"], mark["x"], mark["y"]):
                x = round(ox + placed["x"] * s)
                y = round(oy + placed["y"] * s)
                drop = elevation(placed["tile"]["level"], s)
                _frame(picture, d, (x, y, x + 2 * s + drop, y + 2 * s + drop), f"island:{seat}", mark["tile"])
    # coordinates, so that a player can write `place t57 2,-1` (over the frame, which may reach them)
    step = 1 if s >= 18 else 2 if s >= 10 else 5
    size = 15 if s >= 18 else 13
    for gx in range(minx, minx + nx):
        if gx % step == 0:
            coordinate(d, ox + (gx + 0.5) * s, oy + miny * s - 3, gx, size, "md")
    for gy in range(miny, miny + ny):
        if gy % step == 0:
            coordinate(d, ox + minx * s - 5, oy + (gy + 0.5) * s, gy, size, "rm")


COORD_INK = MUTED


def coordinate(d: ImageDraw.ImageDraw, x: float, y: float, value: int, size: int, anchor: str) -> tuple[float, float]:
    """One island coordinate, its minus sign drawn as a bar half a digit wide and two or three
    pixels thick: the font's hyphen is one pixel, which a phone's 550 px preview blurs away, and
    `-1` then reads as `1`. Anchored "md" (centred above) or "rm" (right of, at mid-height);
    returns where the label starts and its width."""
    digits = str(abs(value))
    bar = round(size * 0.5) if value < 0 else 0
    gap = 2 if value < 0 else 0
    total = bar + gap + text_width(digits, size)
    left = x - total / 2 if anchor == "md" else x - total
    ascent, descent = font(size).getmetrics()
    base = y - descent if anchor == "md" else y + (ascent - descent) / 2
    text(d, (left + bar + gap, base), digits, size, COORD_INK, "ls")
    if value < 0:
        thick = max(2, round(size / 6))
        mid = base - size * 0.36
        d.rectangle((round(left), round(mid - thick / 2), round(left) + bar - 1, round(mid - thick / 2) + thick - 1),
                    fill=COORD_INK)
    return left, total


def _draw_minis(picture: Picture, d: ImageDraw.ImageDraw, tiles: Iterable[dict[str, Any]], x: int, y: int,
                where: str, marked: int | None = None) -> None:
    """Hand or dock tiles in a row, each with its label under it; tile `marked` framed."""
    for i, tile in enumerate(tiles):
        tx = x + i * (MINI + 8)
        _draw_tile(picture, d, tile, tx, y, MINI, where)
        if tile.get("id") == marked:
            drop = elevation(tile.get("level", 1), MINI // 2)
            _frame(picture, d, (tx, y, tx + MINI + drop, y + MINI + drop), where, marked, width=3)
        text(d, (tx + MINI / 2, y + MINI + 13), f"t{tile['id']}", 19, INK, "mm", bold=True)


def _draw_panel(picture: Picture, d: ImageDraw.ImageDraw, view: dict[str, Any], seat_view: dict[str, Any],
                names: Sequence[str], players: int) -> None:
    seat = seat_view["seat"]
    box = panel_box(seat, players)
    x0, y0, x1, y1 = box
    colour = seat_colour(seat)
    acting = seat in view.get("to_act", []) and view.get("phase") != "over"
    outcome = view.get("outcome")
    if acting:
        d.rounded_rectangle(box, radius=12, fill=mix(CARD, colour, 0.07), outline=colour, width=5)
    # header: name on the left; score, rank or turn, canoe and paddles on the right
    mid = y0 + PANEL_HEAD / 2 + 2
    d.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + PANEL_HEAD), radius=10, fill=mix(CARD, colour, 0.22))
    d.rounded_rectangle((x0 + 3, y0 + 3, x0 + 14, y0 + PANEL_HEAD), radius=5, fill=colour)
    right = x1 - 12
    score = seat_view.get("score", 0)
    if outcome:
        scores = outcome.get("scores") or []
        if seat < len(scores):
            score = scores[seat]
    score_text = f"{score:g}" if isinstance(score, float) else str(score)
    right -= text(d, (right, mid + 1), tr("pts"), 17, MUTED, "rm") + 4
    right -= text(d, (right, mid), score_text, 28, INK, "rm", bold=True) + 12
    if outcome:
        ranks = outcome.get("ranks") or []
        if seat < len(ranks):
            rank = ranks[seat]
            medal = {1: rgb("#f0b400"), 2: rgb("#adb5bd"), 3: rgb("#c07a3a")}.get(rank, rgb("#dee2e6"))
            right = pill(d, (right, mid), ordinal(rank), 19, medal, INK, "rm")[0] - 8
    elif acting:
        right = pill(d, (right, mid), tr("to act"), 18, colour, anchor="rm")[0] - 8
    if view.get("canoe") == seat:
        icons.paste(picture.image, "canoe", 40, (right - 20, mid))
        right -= 46
    for _ in range(int(seat_view.get("paddles_left", 0))):
        icons.paddle(d, (right - 40, mid - 10, right, mid + 10), colour, shade(colour, -0.5), vertical=False)
        right -= 46
    text(d, (x0 + 24, mid), seat_name(list(names), seat), 24, INK, "lm", bold=True,
         width=max(20, right - x0 - 32))
    # island, hand and dock (the hand only while it holds tiles)
    island = seat_view.get("island", [])
    hand, dock = seat_view.get("hand", []), seat_view.get("dock", [])
    side_w = _side_width(len(hand), len(dock))
    where, area = _panel_layout(box, island, side_w)
    mark = last_put_down(view)
    if mark is not None and mark["seat"] != seat:
        mark = None
    _draw_island(picture, d, island, area, seat, mark)
    groups = ([(tr("Hand"), hand, "hand")] if hand else []) + [(tr("Dock"), dock, "dock")]
    if where == "side":
        sx = x1 - side_w - 12
        d.line((sx - 6, y0 + PANEL_HEAD + 12, sx - 6, y1 - 12), fill=LINE, width=2)
        spots = [(sx + 4, y0 + PANEL_HEAD + 10 + i * (26 + MINI + 34)) for i in range(len(groups))]
    else:
        sy = y1 - STRIP_H - 6
        d.line((x0 + 12, sy - 4, x1 - 12, sy - 4), fill=LINE, width=2)
        spots = [(x0 + 16, sy), (x0 + 16 + len(hand) * (MINI + 8) + 28, sy)]
    for (title, tiles, key), (gx, gy) in zip(groups, spots, strict=False):
        w = text(d, (gx, gy), title, 19, MUTED)
        if key == "dock":
            text(d, (gx + w + 6, gy + 2), f"{len(tiles)}/2", 16, LINE)
        if tiles:
            docked = mark["tile"] if mark is not None and mark["where"] == key else None
            _draw_minis(picture, d, tiles, gx, gy + 26, f"{key}:{seat}", docked)
        else:
            d.rounded_rectangle((gx, gy + 26, gx + MINI, gy + 26 + MINI), radius=6, outline=LINE, width=2)
            text(d, (gx + MINI / 2, gy + 26 + MINI / 2), tr("empty"), 15, LINE, "mm")


def _draw_header(picture: Picture, d: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str]) -> None:
    ink = WHITE
    soft = rgb("#b8d8ee")
    x = MARGIN + 2
    x += text(d, (x, 10), "Archipels", 32, ink, bold=True) + 16  # verbatim: the game's name
    day, days = view.get("day", 1), view.get("days", 0)
    pill(d, (x, 13), tr("Day {day} of {days}").format(day=day, days=days) if days else tr("Day {day}").format(day=day),
         22, rgb("#f4dca6"), INK, "lt", pad=8)
    stack = view.get("stack")
    if stack is not None:
        text(d, (WIDTH - MARGIN, 22), lang.ngettext("{count} tile in the stack", "{count} tiles in the stack",
                                                     stack).format(count=stack), 19, soft, "rm")
    phase = view.get("phase", "")
    outcome = view.get("outcome")
    y2 = 64
    y3 = 94
    if phase == "over" or outcome:
        ranks = (outcome or {}).get("ranks") or []
        winners = [seat_name(list(names), s) for s, r in enumerate(ranks) if r == 1]
        line = tr("Game over")
        if len(winners) == 1:
            line += " · " + tr("{name} wins").format(name=winners[0])
        elif winners:
            line += " · " + tr("{names} share the win").format(
                names=reduce(lambda a, b: tr("{first} and {second}").format(first=a, second=b), winners))
        tiebreak = (outcome or {}).get("tiebreak")
        if tiebreak:  # it names the places it decided: they need not be the winner's
            line += " · " + tr("tie-break: {tiebreak}").format(tiebreak=tiebreak)
        text(d, (MARGIN + 2, y2), line, 24, rgb("#ffd43b"), "lm", bold=True, width=WIDTH - 2 * MARGIN)
        scores = (outcome or {}).get("scores") or []
        order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
        parts = []
        for s in order:
            sc = scores[s] if s < len(scores) else ""
            sc_text = f"{sc:g}" if isinstance(sc, float) else str(sc)
            parts.append(f"{ordinal(ranks[s])} {seat_name(list(names), s)} {sc_text}")
        text(d, (MARGIN + 2, y3), "   ".join(parts), 20, ink, "lm", width=WIDTH - 2 * MARGIN)
        return
    acting = [s for s in view.get("to_act", [])]
    x = MARGIN + 2
    if view.get("ended"):
        text(d, (x, y2), view["ended"], 24, rgb("#ffd43b"), "lm", bold=True, width=WIDTH - 2 * MARGIN)
    for s in acting:
        d.ellipse((x, y2 - 9, x + 18, y2 + 9), fill=seat_colour(s), outline=WHITE, width=2)
        x += 24
    if acting:
        who = ", ".join(seat_name(list(names), s) for s in acting)
        verb = tr(PHASES[phase]) if phase in PHASES else tr("to {verb}").format(verb=phase) if phase else ""
        x += text(d, (x, y2), who, 24, ink, "lm", bold=True, width=560)
        text(d, (x + 8, y2), verb or tr("to act"), 24, ink, "lm", width=WIDTH - MARGIN - x - 8)
    last = view.get("last")
    if last:
        caption = tr("Last move: {name}: {move}").format(name=seat_name(list(names), last.get("seat", 0)),
                                                          move=last.get("move", ""))
    else:
        caption = tr("First move of the game")
    text(d, (MARGIN + 2, y3), caption, 20, soft, "lm", width=WIDTH - 2 * MARGIN)


# -- entry points -----------------------------------------------------------------------
def render(view: dict[str, Any], names: Sequence[str]) -> Picture:
    """The picture of a view, with a record of where element icons were drawn."""
    seats = view.get("seats", [])
    players = int(view.get("players") or len(seats) or 2)
    picture = Picture(_static_layer(players).copy())
    d = ImageDraw.Draw(picture.image, "RGBA")
    _draw_header(picture, d, view, names)
    _draw_board(picture, d, view, names)
    _draw_scores(picture, d, view)
    for seat_view in seats:
        if 0 <= seat_view.get("seat", -1) < players:
            _draw_panel(picture, d, view, seat_view, names, players)
    return picture


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    """The PNG of an Archipels view; `names[seat]` names the players."""
    return to_png(render(view, names).image)


def image(view: dict[str, Any], names: list[str]) -> Image.Image:
    """`draw`'s picture before it is encoded."""
    picture = render(view, names).image
    return picture if picture.mode == "RGB" else picture.convert("RGB")


def size(view: dict[str, Any], names: list[str]) -> tuple[int, int]:
    """The size of `draw`'s picture, without drawing it."""
    players = int(view.get("players") or len(view.get("seats", [])) or 2)
    return _static_layer(players).size


def warm(players: Iterable[int] = (2, 3, 4)) -> None:
    """Build the cached layers and icons ahead of the first table (startup, off the event
    loop), so that the first picture of a table is as quick as the next ones."""
    for count in players:
        _static_layer(count)
    for name in ELEMENTS + ("bottle",):
        icons.icon(name, round(TILE / 2 * 0.84))
        icons.icon(name, round(MINI / 2 * 0.84))
    icons.icon("flower", 20)
    icons.icon("canoe", 40)


# -- regions ------------------------------------------------------------------------------
def _tile_words(tile: dict[str, Any]) -> str:
    level = tile.get("level", 1)
    elements = ", ".join(tr(LABELS[e["el"]]) if e["el"] in LABELS else e["el"] for e in tile.get("elements", []))
    elements = elements or tr("nothing")
    if level == 3:
        return tr("t{id}: Construction tile, {elements}").format(id=tile["id"], elements=elements)
    if level == 2:
        return tr("t{id}: Sand tile, {elements}").format(id=tile["id"], elements=elements)
    return tr("t{id}: Sea tile, {elements}").format(id=tile["id"], elements=elements)


def _mini_places(seat_view: dict[str, Any], players: int) -> list[tuple[dict[str, Any], tuple[int, int]]]:
    """(tile, top-left corner) of each hand and dock tile, placed as `_draw_panel` lays them out."""
    box = panel_box(seat_view["seat"], players)
    x0, y0, x1, y1 = box
    island = seat_view.get("island", [])
    hand, dock = seat_view.get("hand", []), seat_view.get("dock", [])
    side_w = _side_width(len(hand), len(dock))
    where, _ = _panel_layout(box, island, side_w)
    groups = ([hand] if hand else []) + [dock]
    if where == "side":
        sx = x1 - side_w - 12
        spots = [(sx + 4, y0 + PANEL_HEAD + 10 + i * (26 + MINI + 34)) for i in range(len(groups))]
    else:
        sy = y1 - STRIP_H - 6
        spots = [(x0 + 16, sy), (x0 + 16 + len(hand) * (MINI + 8) + 28, sy)]
    return [(tile, (gx + i * (MINI + 8), gy + 26))
            for tiles, (gx, gy) in zip(groups, spots, strict=False) for i, tile in enumerate(tiles)]


def _island_squares(seat_view: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """The island's squares where `_draw_island` puts them, named by coordinates as `place t57 2,-1`
    names the top-left square of a tile: every square a tile may start on next (up to two squares
    out from the island) that fits the island's area."""
    seat = seat_view["seat"]
    island = seat_view.get("island", [])
    box = panel_box(seat, players)
    _, area = _panel_layout(box, island, _side_width(len(seat_view.get("hand", [])), len(seat_view.get("dock", []))))
    ax0, ay0, ax1, ay1 = area
    extent = _extent(island)
    minx, miny, nx, ny = extent
    s = _square(extent, area)
    ox = ax0 + TICK_LEFT + (ax1 - ax0 - TICK_LEFT - nx * s) / 2 - minx * s
    oy = ay0 + TICK_TOP + (ay1 - ay0 - TICK_TOP - ny * s) / 2 - miny * s
    top: dict[tuple[int, int], int] = {}
    for placed in island:
        for square in squares(placed["x"], placed["y"]):
            top[square] = max(top.get(square, 0), placed["tile"]["level"])
    out = []
    reach = 0 if not island else 2
    for y in range(miny - reach, miny + ny + reach - 1 if island else 1):
        for x in range(minx - reach, minx + nx + reach - 1 if island else 1):
            left, upper = ox + x * s, oy + y * s
            if left < ax0 or upper < ay0 or left + s > ax1 or upper + s > ay1:
                continue
            level = top.get((x, y), 0)
            what = tr(LEVEL_NAMES[level]).lower() if level in LEVEL_NAMES else tr("open water")
            out.append(rect_region(f"{x},{y}", (left, upper, left + s, upper + s), "square", f"{x},{y}: {what}", seat))
    return out


def regions(view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """What a player may point at on `draw(view, names)`, in its pixels: the board's spaces
    (`flower r3c2 octopus`), its rows and columns by their labels (`take r2 c1,c3`), the score
    board's elements (`flower ... octopus`), and each player's hand and dock tiles (`place t57 ...`,
    `dock t57`), and the islands' squares by coordinates (`place t57 2,-1`). Tiles lie over squares."""
    out = []
    blockers = {p["line"]: p.get("seat") for p in view.get("paddles", [])}
    for space in view.get("board", []):
        row, col = space.get("row"), space.get("col")
        if row is None or col is None:
            name = space.get("space", "r0c0")
            row, col = int(name[1]), int(name[3])
        tile = space.get("tile")
        tip = _tile_words(tile) if tile else tr("empty")
        if tile and not space.get("free", True):
            tip += tr(" (its row or column holds a paddle)")
        out.append(rect_region(f"r{row}c{col}", cell_box(row, col), "space", tip))
    for i in range(1, 6):
        for line in (f"r{i}", f"c{i}"):
            seat = blockers.get(line, "free")
            tip = (tr("open") if seat == "free" else tr("closed all game") if seat is None
                   else tr("closed by {name}'s paddle").format(name=seat_name(list(names), seat)))
            centre = line_centre(line)
            if line[0] == "r":
                box = (GRID_X - LAB, centre - LAB / 2, GRID_X, centre + LAB / 2)
            else:
                box = (centre - LAB / 2, GRID_Y - LAB, centre + LAB / 2, GRID_Y)
            out.append(rect_region(line, box, "row" if line[0] == "r" else "column", f"{line}: {tip}"))
    flowers, values = view.get("flowers", {}), view.get("values", {})
    for kind, el, y in _score_rows():
        if kind != "row" or el is None:
            continue
        if el == "bottle":
            tip = tr("Bottle: {value} points each, never a flower").format(value=values.get("bottle", -3))
        else:
            tip = tr("{element}: {flowers} flowers, {value} points each").format(
                element=tr(LABELS[el]), flowers=flowers.get(el, 0), value=values.get(el, 0))
        out.append(rect_region(el, (SCORE_X, y, SCORE_X + SCORE_W, y + ROW_H), "element", tip))
    seats = view.get("seats", [])
    players = int(view.get("players") or len(seats) or 2)
    for seat_view in seats:
        seat = seat_view.get("seat", -1)
        if not 0 <= seat < players:
            continue
        out += _island_squares(seat_view, players)
        for tile, (tx, ty) in _mini_places(seat_view, players):
            out.append(rect_region(f"t{tile['id']}", (tx, ty, tx + MINI, ty + MINI + 22), "tile", _tile_words(tile),
                                   seat))
    return out

"""The Pioneer's Isle island under every base-map picture: its layout, the island drawn once
per board and cached, and the pieces every picture puts on it (roads, buildings, the robber).

Kept apart from render/pioneers.py so the Ramparts picture (render/pioneers_ramparts.py), which
pioneers.py hands a Ramparts view, draws the same island without importing pioneers.py back.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.pioneers import board as B
from render.common import INK, PAPER, WHITE, Packed, mix, seat_colour, shade, supersampled, text
from render.pioneers_pieces import (
    CORNER_SIZE,
    HARBOUR_EDGE,
    HARBOUR_R,
    HIGHLIGHT,
    HOT,
    RADIUS,
    TERRAIN_COLOURS,
    board_key,
    boards,
    building,
    harbour_labels,
    number_disc,
    terrain_word,
)

# -- layout -------------------------------------------------------------------------------
BOARD_W, BOARD_H = 700, 700
PANEL_W = 330
WIDTH, HEIGHT = BOARD_W + PANEL_W, BOARD_H
CX, CY = BOARD_W / 2, BOARD_H / 2
SQ3 = math.sqrt(3)

SEA = (64, 124, 172)
SEA_DEEP = (52, 104, 150)


def node_xy(node: int) -> tuple[float, float]:
    x, y = B.NODE_XY[node]
    return CX + x * SQ3 / 2 * RADIUS, CY + y * RADIUS / 2


def hex_xy(hex_index: int) -> tuple[float, float]:
    x, y = B.HEX_CENTER[hex_index]
    return CX + x * SQ3 / 2 * RADIUS, CY + y * RADIUS / 2


def corners(hex_index: int, scale: float = 1.0, shrink: float = 1.0) -> list[tuple[float, float]]:
    cx, cy = hex_xy(hex_index)
    points = []
    for node in B.HEX_NODES[hex_index]:
        x, y = node_xy(node)
        points.append(((cx + (x - cx) * shrink) * scale, (cy + (y - cy) * shrink) * scale))
    return points


# -- the static island ------------------------------------------------------------------------
# kept deflated (about 170 KiB an island, an eleventh of its pixels): a process serving hundreds of
# tables keeps every island, where a budget of raw pixels held four and redrew from the fifth table on
islands = boards  # one budget with the sea layouts' maps (render/pioneers_pieces.py)


def harbour_spot(edge: int) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    a, b = B.EDGE_NODES[edge]
    (ax, ay), (bx, by) = node_xy(a), node_xy(b)
    hex_index = B.HARBOUR_HEX[B.HARBOUR_EDGES.index(edge)]
    hx, hy = hex_xy(hex_index)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = mx - hx, my - hy
    length = math.hypot(dx, dy)
    spot = (mx + dx / length * RADIUS * 0.62, my + dy / length * RADIUS * 0.62)
    return (ax, ay), (bx, by), spot


def draw_island(board: dict[str, Any]) -> Image.Image:
    """The board without its pieces, with the side panel's paper."""
    hexes = board["hexes"]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        # the sea and the island's shore
        draw.rectangle((0, 0, BOARD_W * s, BOARD_H * s), fill=SEA)
        for ring, colour in ((1.22, SEA_DEEP), (1.10, (226, 210, 168))):
            for index in range(B.HEX_COUNT):
                draw.polygon(corners(index, s, ring), fill=colour)
        # harbour piers under everything else
        for info in board["harbours"]:
            edge = B.EDGE_INDEX[info["edge"]]
            a, b, spot = harbour_spot(edge)
            for end in (a, b):
                draw.line((end[0] * s, end[1] * s, spot[0] * s, spot[1] * s), fill=(120, 86, 52), width=round(5 * s))
        for index, info in enumerate(hexes):
            colour = TERRAIN_COLOURS[info["res"]]
            draw.polygon(corners(index, s), fill=shade(colour, -0.25))
            draw.polygon(corners(index, s, 0.93), fill=colour)
            cx, cy = hex_xy(index)
            number = info["number"]
            if number:
                number_disc(draw, cx, cy, RADIUS * 0.30, number, colour, s, step=5.2, dot=1.7)
        for info in board["harbours"]:
            _, _, spot = harbour_spot(B.EDGE_INDEX[info["edge"]])
            r = HARBOUR_R
            kind = info["kind"]
            fill = WHITE if kind == "any" else mix(TERRAIN_COLOURS[kind], WHITE, 0.45)
            draw.ellipse(((spot[0] - r) * s, (spot[1] - r) * s, (spot[0] + r) * s, (spot[1] + r) * s), fill=fill,
                         outline=(90, 64, 40), width=round(HARBOUR_EDGE * s))

    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    image.paste(supersampled((BOARD_W, BOARD_H), paint, factor=3, ground=SEA), (0, 0))
    draw = ImageDraw.Draw(image)
    for index, info in enumerate(hexes):
        cx, cy = hex_xy(index)
        number = info["number"]
        if number:
            text(draw, (cx, cy - 3), str(number), 24, HOT if number in (6, 8) else INK, "mm", bold=number in (6, 8))
        terrain_word(draw, (cx, cy + RADIUS * 0.58), info["res"])
        text(draw, (cx, cy - RADIUS * 0.56), info["label"], 22, INK, "mm", bold=True,
             outline=mix(TERRAIN_COLOURS[info["res"]], WHITE, 0.55))
    for info in board["harbours"]:
        _, _, spot = harbour_spot(B.EDGE_INDEX[info["edge"]])
        for dx, dy, words, size, bold in harbour_labels(info["kind"]):
            text(draw, (spot[0] + dx, spot[1] + dy), words, size, INK, "mm", bold=bold)
    for node in range(B.NODE_COUNT):
        x, y = node_xy(node)
        text(draw, (x, y), str(node + 1), CORNER_SIZE, (30, 30, 30), "mm", bold=True, outline=(255, 255, 255))
    return image


def island_picture(board: dict[str, Any]) -> Image.Image:
    """The board's island from the cache (drawn on a miss), a new picture to draw on."""
    return islands.get(board_key(board), lambda: Packed(draw_island(board))).image()


# -- pieces -----------------------------------------------------------------------------------
def draw_road(draw: ImageDraw.ImageDraw, label: str, seat: int, glow: bool) -> None:
    a, b = B.EDGE_NODES[B.EDGE_INDEX[label]]
    (ax, ay), (bx, by) = node_xy(a), node_xy(b)
    # stop short of the corners, so corner numbers and buildings stay clear
    t0, t1 = 0.25, 0.75
    x0, y0 = ax + (bx - ax) * t0, ay + (by - ay) * t0
    x1, y1 = ax + (bx - ax) * t1, ay + (by - ay) * t1
    if glow:
        draw.line((x0, y0, x1, y1), fill=HIGHLIGHT, width=17)
    draw.line((x0, y0, x1, y1), fill=(25, 25, 25), width=11)
    draw.line((x0, y0, x1, y1), fill=seat_colour(seat), width=7)


def draw_building(draw: ImageDraw.ImageDraw, node: int, seat: int, level: int, glow: bool) -> None:
    building(draw, node_xy(node - 1), node, seat, level, glow)


def draw_robber(draw: ImageDraw.ImageDraw, label: str, glow: bool) -> None:
    cx, cy = hex_xy(B.HEX_INDEX[label.lower()])
    x, y = cx + RADIUS * 0.47, cy + RADIUS * 0.05
    if glow:
        draw.ellipse((x - 19, y - 26, x + 19, y + 22), fill=HIGHLIGHT)
    draw.polygon([(x - 11, y + 16), (x - 6, y - 6), (x + 6, y - 6), (x + 11, y + 16)], fill=(40, 40, 44),
                 outline=WHITE, width=2)
    draw.ellipse((x - 8, y - 20, x + 8, y - 4), fill=(40, 40, 44), outline=WHITE, width=2)

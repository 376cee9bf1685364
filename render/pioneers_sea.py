"""The picture of Pioneer's Isle on a sea layout (Voyages), drawn from a view.

The map is wider than the island, so it takes the whole width and the standings go under it.
The sea, the islands, numbers, harbours and labels are drawn once per board and cached; roads,
ships, buildings, discovery markers, the robber and the pirate are drawn per picture. Ships are
hulls with a sail in the owner's colour, unlike the roads' bars; an island nobody has settled
has a dashed white coast; every corner keeps its number, those at sea smaller, as ships name them.
The holder of the longest trade route has its roads and ships laid on a white-cased band of its
colour; the edges of the pirate's hex, where no ship may be built or moved, are dashed and crossed
in red.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.pioneers import board as B
from games.pioneers.data import kind_word
from lang import N_, tr, verbatim
from render.common import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    Packed,
    band_region,
    circle_region,
    mix,
    poly_region,
    seat_colour,
    seat_name,
    shade,
    supersampled,
    text,
    text_width,
    to_png,
)
from render.pioneers_pieces import (
    CORNER_SIZE,
    HARBOUR_EDGE,
    HIGHLIGHT,
    HOT,
    TERRAIN_COLOURS,
    answer,
    badge_word,
    board_key,
    boards,
    building,
    building_tip,
    fitting_size,
    harbour_labels,
    hex_tip,
    last_move_words,
    number_disc,
    offer_line,
    phase_line,
    rolled_words,
    sources_line,
    stats_line,
    terrain_word,
    turn_words,
)

WIDTH = 1030
MARGIN = 14
SQ3 = math.sqrt(3)
SEA = (64, 124, 172)
SEA_HEX = (70, 134, 184)
SEA_LINE = (92, 152, 198)
GOLD = (214, 170, 30)
COLOURS = {**TERRAIN_COLOURS, "gold": GOLD, "sea": SEA_HEX}
WORDS = {"gold": "gold", "sea": ""}
PANEL_H = 300


class Frame:
    """Where a sea layout's hexes and corners fall in the picture."""

    def __init__(self, layout: str) -> None:
        self.geometry = geometry = B.SEA_GEOMETRY[layout]
        xs = [x for x, _ in geometry.node_xy]
        ys = [y for _, y in geometry.node_xy]
        span_x = (max(xs) - min(xs)) * SQ3 / 2
        span_y = (max(ys) - min(ys)) / 2
        self.radius = (WIDTH - 2 * MARGIN) / span_x
        self.x0 = MARGIN - min(xs) * SQ3 / 2 * self.radius
        self.y0 = MARGIN - min(ys) / 2 * self.radius
        self.board_h = round(span_y * self.radius + 2 * MARGIN)
        self.height = self.board_h + PANEL_H

    def node(self, node: int) -> tuple[float, float]:
        x, y = self.geometry.node_xy[node]
        return self.x0 + x * SQ3 / 2 * self.radius, self.y0 + y * self.radius / 2

    def hex(self, hex_index: int) -> tuple[float, float]:
        x, y = self.geometry.hex_center[hex_index]
        return self.x0 + x * SQ3 / 2 * self.radius, self.y0 + y * self.radius / 2

    def corners(self, hex_index: int, scale: float = 1.0, shrink: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.hex(hex_index)
        return [((cx + (x - cx) * shrink) * scale, (cy + (y - cy) * shrink) * scale)
                for x, y in (self.node(n) for n in self.geometry.hex_nodes[hex_index])]

    def edge(self, label: str) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = self.geometry.edge_nodes[self.geometry.edge_index[label]]
        return self.node(a), self.node(b)

    def harbour(self, label: str) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
        edge = self.geometry.edge_index[label]
        (ax, ay), (bx, by) = self.edge(label)
        land = next(h for h in self.geometry.edge_hexes[edge] if not self.geometry.sea[h])
        hx, hy = self.hex(land)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = mx - hx, my - hy
        length = math.hypot(dx, dy)
        spot = (mx + dx / length * self.radius * 0.5, my + dy / length * self.radius * 0.5)
        return (ax, ay), (bx, by), spot


_frames: dict[str, Frame] = {}


def frame(layout: str) -> Frame:
    if layout not in _frames:
        _frames[layout] = Frame(layout)
    return _frames[layout]


# -- the static map --------------------------------------------------------------------------
def _map(board: dict[str, Any]) -> Image.Image:
    f = frame(board["layout"])
    hexes = board["hexes"]
    geometry = f.geometry
    r = f.radius
    harbour_r = r * 0.40

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rectangle((0, 0, WIDTH * s, f.board_h * s), fill=SEA)
        for index, info in enumerate(hexes):
            if info["res"] == "sea":
                draw.polygon(f.corners(index, s), fill=SEA_HEX, outline=SEA_LINE, width=round(1 * s))
        for index, info in enumerate(hexes):  # a shore around each island
            if info["res"] != "sea":
                draw.polygon(f.corners(index, s, 1.10), fill=(226, 210, 168))
        for info in board["harbours"]:
            a, b, spot = f.harbour(info["edge"])
            for end in (a, b):
                draw.line((end[0] * s, end[1] * s, spot[0] * s, spot[1] * s), fill=(120, 86, 52),
                          width=round(4 * s))
        for index, info in enumerate(hexes):
            if info["res"] == "sea":
                continue
            colour = COLOURS[info["res"]]
            draw.polygon(f.corners(index, s), fill=shade(colour, -0.25))
            draw.polygon(f.corners(index, s, 0.93), fill=colour)
            cx, cy = f.hex(index)
            if info["res"] == "gold":  # a few nuggets, so gold reads apart from grain without colour
                for dx, dy in ((-0.42, 0.05), (0.40, 0.10), (-0.22, 0.38), (0.25, -0.38)):
                    x, y = cx + dx * r, cy + dy * r
                    draw.polygon([((x - 5) * s, y * s), (x * s, (y - 4) * s), ((x + 5) * s, (y - 1) * s),
                                  ((x + 3) * s, (y + 4) * s), ((x - 3) * s, (y + 4) * s)],
                                 fill=(255, 226, 90), outline=(150, 110, 10))
            number = info["number"]
            if number:
                number_disc(draw, cx, cy, r * 0.30, number, colour, s, step=4.6, dot=1.5)
        for info in board["harbours"]:
            _, _, spot = f.harbour(info["edge"])
            kind = info["kind"]
            fill = WHITE if kind == "any" else mix(TERRAIN_COLOURS[kind], WHITE, 0.45)
            draw.ellipse(((spot[0] - harbour_r) * s, (spot[1] - harbour_r) * s, (spot[0] + harbour_r) * s,
                          (spot[1] + harbour_r) * s), fill=fill, outline=(90, 64, 40), width=round(HARBOUR_EDGE * s))

    image = Image.new("RGBA", (WIDTH, f.height), PAPER)
    image.paste(supersampled((WIDTH, f.board_h), paint, factor=3, ground=SEA), (0, 0))
    draw = ImageDraw.Draw(image)
    for index, info in enumerate(hexes):
        cx, cy = f.hex(index)
        if info["res"] == "sea":
            text(draw, (cx, cy - r * 0.56), info["label"], 17, (214, 232, 248), "mm")
            continue
        number = info["number"]
        if number:
            text(draw, (cx, cy - 3), str(number), 22, HOT if number in (6, 8) else INK, "mm", bold=number in (6, 8))
        if info["res"] == "gold":
            text(draw, (cx, cy + r * 0.58), tr("gold"), 15, INK, "mm", outline=mix(GOLD, WHITE, 0.6))
        else:
            terrain_word(draw, (cx, cy + r * 0.58), info["res"])
        text(draw, (cx, cy - r * 0.56), info["label"], 20, INK, "mm", bold=True,
             outline=mix(COLOURS[info["res"]], WHITE, 0.55))
    for info in board["harbours"]:
        _, _, spot = f.harbour(info["edge"])
        for dx, dy, words, size, bold in harbour_labels(info["kind"]):
            text(draw, (spot[0] + dx * 0.9, spot[1] + dy * 0.9), words, max(size - 2, 9), INK, "mm", bold=bold)
    for node in range(geometry.node_count):
        x, y = f.node(node)
        if node in geometry.land_nodes_set:
            text(draw, (x, y), str(node + 1), CORNER_SIZE - 1, (30, 30, 30), "mm", bold=True, outline=WHITE)
        else:  # corners at sea: only ships name them
            text(draw, (x, y), str(node + 1), 15, (238, 246, 252), "mm", bold=True)
    return image


# -- pieces --------------------------------------------------------------------------------------
def _road(draw: ImageDraw.ImageDraw, f: Frame, label: str, seat: int, glow: bool) -> None:
    (ax, ay), (bx, by) = f.edge(label)
    x0, y0, x1, y1 = ax + (bx - ax) * 0.25, ay + (by - ay) * 0.25, ax + (bx - ax) * 0.75, ay + (by - ay) * 0.75
    if glow:
        draw.line((x0, y0, x1, y1), fill=HIGHLIGHT, width=16)
    draw.line((x0, y0, x1, y1), fill=(25, 25, 25), width=10)
    draw.line((x0, y0, x1, y1), fill=seat_colour(seat), width=6)


def _boat(draw: ImageDraw.ImageDraw, x: float, y: float, angle: float, hull: tuple, sail: tuple,
          size: float, glow: bool) -> None:
    """A boat at (x, y) along `angle`: a hull with a triangular sail above it."""
    ca, sa = math.cos(angle), math.sin(angle)
    if ca < 0:  # keep the sail up whatever way the edge runs
        ca, sa = -ca, -sa

    def at(u: float, v: float) -> tuple[float, float]:
        return x + u * ca - v * sa, y + u * sa + v * ca

    if glow:
        draw.ellipse((x - size * 1.3, y - size * 1.3, x + size * 1.3, y + size * 1.3), fill=HIGHLIGHT)
    draw.polygon([at(-size, 0), at(size, 0), at(size * 0.6, size * 0.45), at(-size * 0.6, size * 0.45)],
                 fill=hull, outline=(20, 20, 20), width=2)
    draw.polygon([at(-size * 0.1, -size * 1.05), at(-size * 0.1, -size * 0.05), at(-size * 0.75, -size * 0.05)],
                 fill=sail, outline=(20, 20, 20), width=2)
    draw.polygon([at(size * 0.02, -size * 0.95), at(size * 0.02, -size * 0.05), at(size * 0.7, -size * 0.05)],
                 fill=sail, outline=(20, 20, 20), width=2)


def _ship(draw: ImageDraw.ImageDraw, f: Frame, label: str, seat: int, glow: bool) -> None:
    (ax, ay), (bx, by) = f.edge(label)
    angle = math.atan2(by - ay, bx - ax)
    colour = seat_colour(seat)
    _boat(draw, (ax + bx) / 2, (ay + by) / 2 + 3, angle, shade(colour, -0.35), colour, 14, glow)


def _pirate(draw: ImageDraw.ImageDraw, f: Frame, label: str, glow: bool) -> None:
    cx, cy = f.hex(f.geometry.hex_index[label.lower()])
    x, y = cx, cy + f.radius * 0.1
    _boat(draw, x, y, 0.0, (30, 30, 34), (40, 40, 44), 17, glow)
    text(draw, (x, y - 9), "P", 12, WHITE, "mm", bold=True)


def _robber(draw: ImageDraw.ImageDraw, f: Frame, label: str, glow: bool) -> None:
    cx, cy = f.hex(f.geometry.hex_index[label.lower()])
    x, y = cx + f.radius * 0.47, cy + f.radius * 0.05
    if glow:
        draw.ellipse((x - 17, y - 24, x + 17, y + 20), fill=HIGHLIGHT)
    draw.polygon([(x - 10, y + 14), (x - 5, y - 5), (x + 5, y - 5), (x + 10, y + 14)], fill=(40, 40, 44),
                 outline=WHITE, width=2)
    draw.ellipse((x - 7, y - 18, x + 7, y - 4), fill=(40, 40, 44), outline=WHITE, width=2)


def _discovery(draw: ImageDraw.ImageDraw, f: Frame, node: int, seat: int) -> None:
    """A flag planted beside the settlement that found an island: the discovery points."""
    x, y = f.node(node - 1)
    x, y = x + 15, y - 20
    draw.line((x, y - 14, x, y + 8), fill=(20, 20, 20), width=2)
    draw.polygon([(x, y - 14), (x + 16, y - 9), (x, y - 4)], fill=seat_colour(seat), outline=(20, 20, 20))
    text(draw, (x + 9, y + 4), "+2", 11, INK, "mm", bold=True, outline=WHITE)


def _unclaimed(draw: ImageDraw.ImageDraw, f: Frame, island: str) -> None:
    """A dashed white coast round an island nobody has settled yet."""
    geometry = f.geometry
    for edge, hexes in enumerate(geometry.edge_hexes):
        if sorted(geometry.island[h] for h in hexes) != ["", island]:
            continue
        a, b = geometry.edge_nodes[edge]
        (ax, ay), (bx, by) = f.node(a), f.node(b)
        for t in (0.08, 0.40, 0.72):
            draw.line((ax + (bx - ax) * t, ay + (by - ay) * t, ax + (bx - ax) * (t + 0.2), ay + (by - ay) * (t + 0.2)),
                      fill=WHITE, width=3)


ROUTE_ENDS = 0.17  # the route's band stops this share of an edge short of each corner: the corner numbers stay
BLOCKED = (214, 20, 20)


def _route(draw: ImageDraw.ImageDraw, f: Frame, route: list, seat: int) -> None:
    """The title holder's longest trade route as a band under its roads and ships: a white casing
    round the holder's colour, so it reads on land and at sea, and unlike the last move's glow."""
    colour = seat_colour(seat)
    for width, fill in ((22, WHITE), (12, colour)):
        for label, _kind in route:
            (ax, ay), (bx, by) = f.edge(label)
            t0, t1 = ROUTE_ENDS, 1 - ROUTE_ENDS
            draw.line((ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1),
                      fill=fill, width=width)


def _blocked(draw: ImageDraw.ImageDraw, f: Frame, pirate: str) -> None:
    """The ship spots the pirate blocks (every edge of its hex): a red dashed line along each, just
    inside the hex, and a red cross beside its middle, clear of a ship standing there."""
    geometry = f.geometry
    hex_index = geometry.hex_index[pirate.lower()]
    cx, cy = f.hex(hex_index)
    for edge in geometry.hex_edges[hex_index]:
        if not geometry.sea_edges[edge]:
            continue
        a, b = geometry.edge_nodes[edge]
        (ax, ay), (bx, by) = ((cx + (x - cx) * 0.88, cy + (y - cy) * 0.88) for x, y in (f.node(a), f.node(b)))
        for t in (0.12, 0.40, 0.68):
            draw.line((ax + (bx - ax) * t, ay + (by - ay) * t, ax + (bx - ax) * (t + 0.2), ay + (by - ay) * (t + 0.2)),
                      fill=BLOCKED, width=5)
        mx, my = cx + ((ax + bx) / 2 - cx) * 0.74, cy + ((ay + by) / 2 - cy) * 0.74
        for width, fill in ((8, WHITE), (4, BLOCKED)):
            draw.line((mx - 7, my - 7, mx + 7, my + 7), fill=fill, width=width)
            draw.line((mx - 7, my + 7, mx + 7, my - 7), fill=fill, width=width)


# -- the standings under the map ------------------------------------------------------------------
PHASES = {
    "setup": N_("{name} places a starting piece"), "roll": N_("{name} to roll"),
    "discard": N_("{name} discards are awaited"), "robber": N_("{name} moves the robber or the pirate"),
    "main": N_("{name} builds and trades"), "roads": N_("{name} places free pieces"),
    "gold": N_("{name} gold is being chosen"), "over": "{name} ",
}
SHORT_SOURCES = {"Longest Road": N_("Route"), "Largest Army": N_("Army")}
BADGES = {"to play": N_("to play"), "Longest Route": N_("Longest Route"), "Largest Army": N_("Largest Army"),
          "protected": N_("protected")}


def _panel(draw: ImageDraw.ImageDraw, f: Frame, view: dict[str, Any], names: list[str]) -> None:
    top = f.board_h + 10
    x0, right = 16, WIDTH - 14
    current, phase = view["current"], view["phase"]
    if view.get("ended"):
        line, colour = view["ended"], INK
    elif phase == "over":
        line, colour = tr("{name} wins!").format(name=seat_name(names, view["winner"])), seat_colour(view["winner"])
    elif phase == "discard":
        line = tr("A 7: {players} discard").format(players=", ".join(seat_name(names, int(s)) for s in view["discards"]))
        colour = INK
    elif phase == "gold":
        line = tr("Gold: {players} choose").format(
            players=", ".join(seat_name(names, int(s)) for s in view.get("gold", {})))
        colour = INK
    else:
        line, colour = phase_line(phase, seat_name(names, current), PHASES), seat_colour(current)
    layout = view["board"]["layout"].capitalize()
    text(draw, (x0, top), verbatim(f"Pioneer's Isle · {layout}"), 22, INK, bold=True)
    text(draw, (x0 + 300, top + 4), turn_words(view["turn"]), 15, MUTED)
    text(draw, (x0 + 390, top + 4), tr("First to {target} points").format(target=view["target"]), 15, MUTED)
    if view.get("dice"):
        d1, d2 = view["dice"]
        text(draw, (right, top + 4), rolled_words(d1, d2), 16, HOT if d1 + d2 == 7 else INK, "ra", bold=True)
    text(draw, (x0, top + 30), line, 20, colour, bold=True, width=right - x0)
    y = top + 58
    column = (right - x0 - 10) / 2
    for seat, info in enumerate(view["players"]):
        bx = x0 + (seat % 2) * (column + 10)
        by = y + (seat // 2) * 78
        colour = seat_colour(seat)
        active = seat in view["to_act"] and phase != "over"
        draw.rounded_rectangle((bx - 6, by, bx + column, by + 72), radius=8, fill=mix(colour, WHITE, 0.86),
                               outline=colour if active else None, width=3)
        draw.rounded_rectangle((bx - 6, by, bx, by + 72), radius=3, fill=colour)
        text(draw, (bx + 6, by + 4), f"{seat + 1} {seat_name(names, seat)}", 20, INK, bold=True, width=column - 80)
        points = info.get("final_points", info["points"])
        text(draw, (bx + column - 8, by + 2), str(points), 26, colour, "ra", bold=True)
        text(draw, (bx + column - 8, by + 31), tr("pts"), 11, MUTED, "ra")
        stats = stats_line(info, "route") + "  " + tr("ships {count}").format(count=info["ships_left"])
        text(draw, (bx + 6, by + 28), stats, fitting_size(stats, 17, column - 50), INK, width=column - 50)
        if info.get("final_sources"):
            words = sources_line(info["final_sources"], SHORT_SOURCES)
            text(draw, (bx + 6, by + 50), words, 13, INK, width=column - 14)
            continue
        badges = []
        if seat in view["to_act"] and seat == current and phase != "over":
            badges.append("to play")  # verbatim: a key of BADGES
        if info["longest_road"]:
            badges.append("Longest Route")  # verbatim: a key of BADGES
        if info["largest_army"]:
            badges.append("Largest Army")  # verbatim: a key of BADGES
        if info.get("discovery_points"):
            badges.append(tr("found {count} +{points}").format(count=len(info["discovered"]),
                                                              points=info["discovery_points"]))
        if info.get("protected"):
            badges.append("protected")
        px = bx + 6
        for badge in badges:
            fill = (60, 60, 60) if badge == "to play" else (120, 150, 120) if badge == "protected" else (214, 160, 30)
            word = badge_word(badge, BADGES)
            w = 10 + text_width(word, 12, bold=True)
            draw.rounded_rectangle((px, by + 50, px + w, by + 68), radius=8, fill=fill)
            text(draw, (px + w / 2, by + 59), word, 12, WHITE, "mm", bold=True)
            px += w + 5
    y += 78 * ((len(view["players"]) + 1) // 2) + 4
    last = view.get("last") or {}
    unclaimed = [island for island, settled in view.get("islands", {}).items() if not settled]
    left = (tr("Unsettled islands: {count}").format(count=len(unclaimed)) if unclaimed
            else tr("Every island is settled"))
    text(draw, (right, y), tr("{islands} · cards left: {count}").format(islands=left, count=view["deck"]), 16, MUTED,
         "ra")
    if last.get("move"):
        move = last_move_words(last["move"])
        text(draw, (x0, y), tr("Last: {name}: {move}").format(name=seat_name(names, last["seat"]), move=move), 18, INK,
             bold=True, width=560)
    y += 22
    for offer in (view.get("offers") or [])[:2]:
        who = seat_name(names, offer["by"])
        answers = [answer(seat_name(names, int(s)), who, a) for s, a in offer["answers"].items()]
        words = offer_line(offer, who)
        text(draw, (x0, y), words + (f" ({', '.join(answers)})" if answers else ""), 14, INK, width=right - x0)
        y += 18


# -- drawing ---------------------------------------------------------------------------------------
def render(view: dict[str, Any], names: list[str]) -> Image.Image:
    board = view["board"]
    f = frame(board["layout"])
    image = boards.get(board_key(board), lambda: Packed(_map(board))).image()
    draw = ImageDraw.Draw(image)
    for island, settled in view.get("islands", {}).items():
        if not settled:
            _unclaimed(draw, f, island)
    last = view.get("last") or {}
    glow_edges = set(last.get("edges", ()))
    glow_nodes = set(last.get("nodes", ()))
    holder = next((seat for seat, info in enumerate(view["players"]) if info["longest_road"]), None)
    if holder is not None and view.get("route"):
        _route(draw, f, view["route"], holder)
    for label, seat in view["roads"]:
        _road(draw, f, label, seat, label in glow_edges)
    for label, seat in view.get("ships", ()):
        _ship(draw, f, label, seat, label in glow_edges)
    for node, seat, level in view["buildings"]:
        _sea_building(draw, f, node, seat, level, node in glow_nodes)
    for node, seat, _island in view.get("discoveries", ()):
        _discovery(draw, f, node, seat)
    _blocked(draw, f, view["pirate"])
    _robber(draw, f, view["robber"], last.get("hex") == view["robber"] and last.get("thief") != "pirate")
    _pirate(draw, f, view["pirate"], last.get("hex") == view["pirate"] and last.get("thief") == "pirate")
    _panel(draw, f, view, names)
    return image


def _sea_building(draw: ImageDraw.ImageDraw, f: Frame, node: int, seat: int, level: int, glow: bool) -> None:
    """The island's building, drawn where this map puts the corner."""
    building(draw, f.node(node - 1), node, seat, level, glow)


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    return to_png(render(view, names))


# -- regions ---------------------------------------------------------------------------------------
def _tip_of_corner(here: tuple[int, int] | None, names: list[str], land: bool) -> str:
    if here is not None:
        return building_tip(here, names)
    return tr("a corner: room for a settlement") if land else tr("a corner at sea: ships meet here")


def regions(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Hexes (`robber K`, `pirate S4`), harbours, edges (`road 4-8`, `ship 4-8`) and corners, in
    the picture's pixels; later regions over earlier ones."""
    board = view["board"]
    f = frame(board["layout"])
    geometry = f.geometry
    out = []
    for index, info in enumerate(board["hexes"]):
        if info["res"] == "sea":
            tip = tr("sea; the pirate is here") if info["label"] == view["pirate"] else tr("sea")
        else:
            tip = hex_tip(info, info["label"] == view["robber"])
        out.append(poly_region(info["label"], f.corners(index), "hex", tip))
    for info in board["harbours"]:
        _, _, (x, y) = f.harbour(info["edge"])
        out.append(circle_region(info["kind"], x, y, f.radius * 0.4, "harbour",
                                 tr("3:1 harbour") if info["kind"] == "any"
                                 else tr("2:1 {kind} harbour").format(kind=kind_word(info["kind"]))))
    roads = dict(map(tuple, view["roads"]))
    ships = dict(map(tuple, view.get("ships", ())))
    for index, label in enumerate(geometry.edge_labels):
        a, b = geometry.edge_nodes[index]
        (ax, ay), (bx, by) = f.node(a), f.node(b)
        start, end = (ax + (bx - ax) * 0.25, ay + (by - ay) * 0.25), (ax + (bx - ax) * 0.75, ay + (by - ay) * 0.75)
        if label in roads:
            tip = tr("road of {name}").format(name=seat_name(names, roads[label]))
        elif label in ships:
            tip = tr("ship of {name}").format(name=seat_name(names, ships[label]))
        elif geometry.land_edges[index] and geometry.sea_edges[index]:
            tip = tr("an edge: room for a road or a ship")
        elif geometry.land_edges[index]:
            tip = tr("an edge: room for a road")
        elif geometry.sea_edges[index]:
            tip = tr("an edge: room for a ship")
        else:
            tip = verbatim("an edge: room for ")
        out.append(band_region(label, start, end, 8, "edge", tip))
    built = {node: (seat, level) for node, seat, level in view["buildings"]}
    for node in range(geometry.node_count):
        x, y = f.node(node)
        out.append(circle_region(str(node + 1), x, y, 13, "corner",
                                 _tip_of_corner(built.get(node + 1), names, node in geometry.land_nodes_set)))
    return out

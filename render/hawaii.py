"""The board picture of Age of Steam: Hawaiian Islands, drawn from a view of the game."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

import lang
from games.hawaii import words as HW
from lang import N_, ngettext, pgettext, tr
from render.common import circle_region, line_length, poly_region, printable, rect_region, to_png
from render.common import text as draw_text

W, H = 1100, 720
MAP_W = 740
PANEL_X = MAP_W + 10

SEA = (156, 200, 226)
SEA_DARK = (120, 170, 204)
SAND = (236, 222, 178)
SAND_EDGE = (150, 128, 84)
INK = (34, 32, 30)
MUTED = (92, 96, 104)
PAPER = (246, 240, 226)
GREEN = (30, 140, 70)
HIGHLIGHT = (255, 122, 0)
CUBE = {
    "red": (214, 45, 45),
    "blue": (36, 104, 214),
    "yellow": (247, 204, 40),
    "purple": (140, 66, 182),
    "black": (28, 28, 28),
}

# island centres and radii on the map (west to east, roughly as on a real map)
ISLE = {
    "niihau": (40, 176, 28),
    "kauai": (148, 82, 46),
    "oahu": (330, 200, 48),
    "molokai": (490, 188, 32),
    "lanai": (446, 356, 28),
    "maui": (604, 330, 50),
    "kahoolawe": (516, 470, 28),
    "hawaii": (640, 590, 60),
}
# a bend point for routes that would otherwise cross an island
BEND = {"oahu-hawaii": (300, 640)}


def _text(draw: ImageDraw.ImageDraw, xy, text: str, size: int, fill=INK, anchor: str = "la", stroke: int = 0,
          stroke_fill=(255, 255, 255)) -> None:
    # through the shared path: words the bundled font lacks (names in other scripts) use the fallback face, and
    # a label drawn once is pasted from the cache of rendered text afterwards
    draw_text(draw, xy, text, size, tuple(fill), anchor, outline=stroke_fill if stroke else None, halo=stroke)


def _route_points(name: str, a: str, b: str) -> list[tuple[float, float]]:
    ax, ay, _ = ISLE[a]
    bx, by, _ = ISLE[b]
    if name in BEND:
        cx, cy = BEND[name]
        return [(ax + (cx - ax) * t * 2 if t < 0.5 else cx + (bx - cx) * (t - 0.5) * 2,
                 ay + (cy - ay) * t * 2 if t < 0.5 else cy + (by - cy) * (t - 0.5) * 2) for t in (0, 0.5, 1)]
    return [(ax, ay), (bx, by)]


def _curve(points: list[tuple[float, float]], steps: int = 24) -> list[tuple[float, float]]:
    """A quadratic Bézier through the bend point (or the straight line)."""
    if len(points) == 2:
        return points
    (x0, y0), (x1, y1), (x2, y2) = points
    out = []
    for k in range(steps + 1):
        t = k / steps
        out.append(((1 - t) ** 2 * x0 + 2 * (1 - t) * t * x1 + t * t * x2,
                    (1 - t) ** 2 * y0 + 2 * (1 - t) * t * y1 + t * t * y2))
    return out


def _along(poly: list[tuple[float, float]], frac: float) -> tuple[float, float, float]:
    """Point at a fraction of a polyline's length, with the direction angle there."""
    lengths = [math.dist(poly[i], poly[i + 1]) for i in range(len(poly) - 1)]
    goal = sum(lengths) * frac
    for i, seg in enumerate(lengths):
        if goal <= seg or i == len(lengths) - 1:
            t = goal / seg if seg else 0
            (x0, y0), (x1, y1) = poly[i], poly[i + 1]
            return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, math.atan2(y1 - y0, x1 - x0)
        goal -= seg
    x, y = poly[-1]
    return x, y, 0.0


def _dashed(draw: ImageDraw.ImageDraw, poly, fill, width: int, dash: int = 10) -> None:
    for (x0, y0), (x1, y1) in zip(poly, poly[1:], strict=False):
        seg = math.dist((x0, y0), (x1, y1))
        n = max(1, int(seg // dash))
        for k in range(0, n, 2):
            t0, t1 = k / n, min(1, (k + 1) / n)
            draw.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)],
                      fill=fill, width=width)


def _cube(draw: ImageDraw.ImageDraw, cx: float, cy: float, colour: str | None, size: int = 22) -> None:
    h = size / 2
    box = [cx - h, cy - h, cx + h, cy + h]
    if colour is None:
        draw.rectangle(box, fill=(255, 255, 255), outline=(120, 120, 120), width=2)
        return
    draw.rectangle(box, fill=CUBE[colour], outline=(255, 255, 255) if colour == "black" else INK, width=2)


def _disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, colour: str | None, r: int, label: str = "") -> None:
    if colour is None:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=None, outline=MUTED, width=2)
    else:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=CUBE[colour], outline=INK, width=2)
    if label:
        ink = INK if colour in ("yellow", None) else (255, 255, 255)
        _text(draw, (cx, cy), label, 16, fill=ink, anchor="mm")


CUBE_SIZE = 22  # a route cube's square
DISC_R = 10  # a route's marker disc
PITCH = 25  # from one square (or the disc) to the next along a route, across or down
CLEAR = 10  # from a square or disc to another route's line


@cache
def _layout(routes: tuple[tuple[str, str, str, int], ...]) -> dict[str, Any]:
    """Where each route's line, disc and squares go (depends only on the map). The squares
    and the disc sit in a row on the route's own line, so the line runs through the cubes it
    holds; the row skips the places where another route crosses, and stays off the islands,
    so no cube can be taken for another route's."""
    polys = {name: _curve(_route_points(name, a, b)) for name, a, b, _ in routes}
    out = {}
    for name, _a, _b, n in routes:
        poly = polys[name]
        others = [other for key, other in polys.items() if key != name]
        free = [k / 500 for k in range(501) if _free(*_along(poly, k / 500)[:2], others, False)]
        first, last = (free[0], free[-1]) if free else (0.0, 1.0)
        _, end = _row(poly, first, n, others)
        # the squares, then the disc, in the middle of the stretch of open water
        spots, _ = _row(poly, first + max(0.0, last - end) / 2, n, others)
        out[name] = {"poly": poly, "disc": spots[-1], "squares": spots[:-1]}
    return out


def _free(x: float, y: float, others: list[list[tuple[float, float]]], disc: bool) -> bool:
    """Whether a square (or the disc) at (x, y) keeps clear of every island and of the other
    routes' lines."""
    h = CUBE_SIZE / 2
    reach = DISC_R if disc else h * math.sqrt(2)
    for ix, iy, ir in ISLE.values():
        if disc:
            gap = math.dist((x, y), (ix, iy)) - DISC_R
        else:
            gap = math.dist((min(max(ix, x - h), x + h), min(max(iy, y - h), y + h)), (ix, iy))
        if gap <= ir + 3:
            return False
    return all(_distance(x, y, other) > reach + CLEAR for other in others)


def _distance(x: float, y: float, poly: list[tuple[float, float]]) -> float:
    best = math.inf
    for (x0, y0), (x1, y1) in zip(poly, poly[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy or 1)))
        best = min(best, math.dist((x, y), (x0 + t * dx, y0 + t * dy)))
    return best


def _apart(x: float, y: float, square: tuple[float, float], disc: bool) -> bool:
    """Whether a square (or the disc) at (x, y) keeps a small gap from the square before."""
    if not disc:
        return max(abs(x - square[0]), abs(y - square[1])) >= PITCH
    h = CUBE_SIZE / 2
    near = (min(max(x, square[0] - h), square[0] + h), min(max(y, square[1] - h), square[1] + h))
    return math.dist((x, y), near) >= DISC_R + PITCH - CUBE_SIZE


def _row(poly: list[tuple[float, float]], start: float, squares: int,
         others: list[list[tuple[float, float]]]) -> tuple[list[tuple[float, float]], float]:
    """The places of `squares` squares and then the disc along `poly` from the fraction
    `start` on, each the first free place apart from the one before; and the fraction of
    the last."""
    points: list[tuple[float, float]] = []
    t = start
    while len(points) <= squares and t < 1:
        disc = len(points) == squares
        x, y, _ = _along(poly, t)
        if _free(x, y, others, disc) and (not points or _apart(x, y, points[-1], disc)):
            points.append((x, y))
        t += 0.002
    while len(points) <= squares:  # no room left on the route: never on this map
        points.append(_along(poly, 1)[:2])
    return points, t


@cache
def _base(routes: tuple[tuple[str, str, str, int], ...], islands: tuple[tuple[str, str], ...],
          language: str = lang.ENGLISH) -> Image.Image:
    """The static part: sea, islands, the legend, the panel frame."""
    img = Image.new("RGB", (W, H), SEA)
    draw = ImageDraw.Draw(img)
    for k in range(20, 300, 40):
        draw.arc([k - 16, 660, k + 16, 680], 200, 340, fill=SEA_DARK, width=2)
    draw.rectangle([MAP_W, 0, W, H], fill=PAPER)
    draw.line([MAP_W, 0, MAP_W, H], fill=SAND_EDGE, width=3)
    for name, _label in islands:
        x, y, r = ISLE[name]
        draw.ellipse([x - r, y - r, x + r, y + r], fill=SAND, outline=SAND_EDGE, width=3)
    _legend(draw)  # in open sea that no route crosses: drawn once
    return img


def _label_pos(name: str) -> tuple[float, float, str]:
    x, y, r = ISLE[name]
    if name in ("hawaii",):
        return x - r - 6, y + 10, "rm"
    if name == "lanai":
        return x - r - 4, y, "rm"
    if name == "kahoolawe":
        return x, y + r + 4, "ma"
    if name in ("niihau",):
        return x, y + r + 4, "ma"
    return x, y - r - 4, "md"


def image(view: dict[str, Any], names: list[str]) -> Image.Image:
    """`draw`'s picture before it is encoded."""
    routes_key = tuple((r["name"], r["ends"][0], r["ends"][1], r["squares"]) for r in view["routes"])
    islands_key = tuple((i["name"], i["title"]) for i in view["islands"])
    layout = _layout(routes_key)
    img = _base(routes_key, islands_key, lang.current()).copy()  # its legend has words: one per language
    d = ImageDraw.Draw(img)
    # the last delivery's path shows on the picture right after it, not for the rest of the game
    fresh = (view.get("last_move") or "").startswith("deliver")
    last = (view.get("last_delivery") or None) if fresh else None
    path_routes = set(last["routes"]) if last else set()

    # routes: lines first, then the highlighted path, then discs and squares on top
    for route in view["routes"]:
        poly = layout[route["name"]]["poly"]
        if route["connected"]:
            d.line(poly, fill=GREEN, width=7, joint="curve")
        else:
            _dashed(d, poly, (70, 90, 110), 3)
    if last:
        for name in last["routes"]:
            d.line(layout[name]["poly"], fill=HIGHLIGHT, width=13, joint="curve")
            d.line(layout[name]["poly"], fill=CUBE[last["colour"]], width=5, joint="curve")
    # islands drawn again over the lines
    for isle in view["islands"]:
        x, y, r = ISLE[isle["name"]]
        on_path = bool(last) and isle["name"] in last["path"]
        d.ellipse([x - r, y - r, x + r, y + r], fill=SAND,
                  outline=HIGHLIGHT if on_path else SAND_EDGE, width=5 if on_path else 3)
    for route in view["routes"]:
        spot = layout[route["name"]]
        dx, dy = spot["disc"]
        _route_disc(d, dx, dy, route["connected"])
        for (sx, sy), cube in zip(spot["squares"], route["cubes"], strict=False):
            _cube(d, sx, sy, cube, CUBE_SIZE)
        if route["name"] in path_routes:
            for (sx, sy) in spot["squares"]:
                d.rectangle([sx - 14, sy - 14, sx + 14, sy + 14], outline=HIGHLIGHT, width=2)
    # island contents: name, colour disc with chart numbers, cubes
    for isle in view["islands"]:
        x, y, r = ISLE[isle["name"]]
        lx, ly, anchor = _label_pos(isle["name"])
        _text(d, (lx, ly), isle["title"], 22, anchor=anchor, stroke=3)
        nums = "/".join(str(n) for n in isle["numbers"])
        if isle["large"] or isle["disc"]:
            _disc(d, x, y - r * 0.45, isle["disc"], 15 if isle["large"] else 12, nums)
        cubes = isle["cubes"]
        per_row = 4 if isle["large"] else 3
        size = 18
        shown = cubes[:8]
        for k, colour in enumerate(shown):
            row, col = divmod(k, per_row)
            count = min(per_row, len(shown) - row * per_row)
            cx = x + (col - (count - 1) / 2) * (size + 3)
            cy = y + 8 + row * (size + 3)
            _cube(d, cx, cy, colour, size)
        if len(cubes) > 8:
            _text(d, (x, y + r - 6), f"+{len(cubes) - 8}", 16, anchor="md", stroke=2)

    _panel(d, view, names)
    _map_header(d, view)
    return img


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    return to_png(image(view, names))


def size(view: dict[str, Any], names: list[str]) -> tuple[int, int]:
    """The size of `draw`'s picture, without drawing it."""
    return W, H


def _route_disc(d: ImageDraw.ImageDraw, x: float, y: float, connected: bool) -> None:
    """A route's marker: green once the route is built, pale until then."""
    r = DISC_R if connected else DISC_R - 1
    if connected:
        d.ellipse([x - r, y - r, x + r, y + r], fill=GREEN, outline=(255, 255, 255), width=2)
    else:
        d.ellipse([x - r, y - r, x + r, y + r], fill=(225, 235, 240), outline=(70, 90, 110), width=2)


LEGEND = (12, 262, 250, 392)  # open sea west of the Oahu-Hawaii route


def _legend(d: ImageDraw.ImageDraw) -> None:
    """What the route markings mean: built or not, cubes on a route, the last delivery."""
    x0, y0, x1, y1 = LEGEND
    d.rounded_rectangle(LEGEND, 8, fill=(232, 242, 248), outline=SEA_DARK, width=2)
    _text(d, (x0 + 10, y0 + 7), tr("Routes"), 18, fill=MUTED)
    rows = y0 + 42
    for k, (connected, words) in enumerate(((True, tr("built")), (False, tr("not built yet")))):
        y = rows + k * 28
        if connected:
            d.line([x0 + 12, y, x0 + 52, y], fill=GREEN, width=7)
        else:
            _dashed(d, [(x0 + 12, y), (x0 + 52, y)], (70, 90, 110), 3)
        _route_disc(d, x0 + 32, y, connected)
        _text(d, (x0 + 64, y), words, 18, anchor="lm")
    y = rows + 56
    _dashed(d, [(x0 + 12, y), (x0 + 52, y)], (70, 90, 110), 3)
    _cube(d, x0 + 24, y, "red", 18)
    _cube(d, x0 + 42, y, None, 18)
    _text(d, (x0 + 64, y), tr("cubes on the route"), 18, anchor="lm")


def _map_header(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    left = view["route_cubes_left"]
    _text(d, (14, 560), tr("Round {round}/{rounds}").format(round=min(view['round'], view['rounds']),
                                                            rounds=view['rounds']), 30, stroke=3)
    _text(d, (14, 598), ngettext("{count} route cube left", "{count} route cubes left", left).format(count=left), 24,
          stroke=3)
    _text(d, (14, 630), tr("difficulty: {level}").format(level=HW.difficulty(view["difficulty"])), 20, stroke=3,
          fill=MUTED)
    last = view.get("last_move") or ""
    if last:
        _text(d, (14, 690), _fit(tr("Last move: {move}").format(move=last), 20, MAP_W - 28), 20, stroke=3)
    if view.get("result"):
        won = view["result"] == "won"
        msg = (tr("WON · score {score}") if won else tr("LOST · score {score}")).format(score=view.get("score"))
        _text(d, (MAP_W - 16, 14), msg, 32, fill=GREEN if won else (190, 30, 30), anchor="ra", stroke=4)
        _text(d, (MAP_W - 16, 54), _fit(HW.told(view.get("reason", "")), 18, 420), 18, anchor="ra", stroke=3)


def _panel(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    x0 = PANEL_X + 4
    y = 12
    who = names[0] if names and printable(names[0]) else tr("Player")
    _text(d, (x0, y), _fit(who, 24, W - x0 - 14), 24)
    y += 36
    stats = [(tr("Cash"), f"${view['cash']}"), (tr("Income"), str(view["income"])),
             (tr("Shares"), f"{view['shares']}/{view['max_shares']}"), (tr("Loco"), f"{view['loco']}/{view['max_loco']}")]
    for k, (label, value) in enumerate(stats):
        cx = x0 + (k % 2) * 170
        cy = y + (k // 2) * 52
        _text(d, (cx, cy), label, 18, fill=MUTED)
        _text(d, (cx, cy + 20), value, 28)
    y += 112
    y = _panel_actions(d, view, x0, y)
    y = _panel_chart(d, view, x0, y)
    dice = view.get("dice") or []
    if dice:
        _text(d, (x0, y), tr("Last dice: {dice}").format(dice=" ".join(str(n) for n in dice)), 18, fill=MUTED)
        y += 26
    # urbanization area
    _text(d, (x0, y), tr("Urbanization"), 18, fill=MUTED)
    y += 24
    for k, colour in enumerate(view["urban"]):
        _disc(d, x0 + 16 + k * 40, y + 14, colour, 14)
    y += 40
    # the bag, by colour only
    _text(d, (x0, y), tr("Bag"), 18, fill=MUTED)
    y += 24
    for k, colour in enumerate(("red", "blue", "yellow", "purple", "black")):
        bx = x0 + 10 + k * 64
        _cube(d, bx, y + 12, colour, 20)
        _text(d, (bx + 14, y + 12), str(view["bag"].get(colour, 0)), 20, anchor="lm")
    y += 36
    if view.get("drawn"):
        _text(d, (x0, y), tr("Drawn (place 2):"), 18, fill=MUTED)
        for k, colour in enumerate(view["drawn"]):
            _cube(d, x0 + 160 + k * 26, y + 10, colour, 20)
        y += 30
    # what is awaited / the last move
    phase = view["phase"]
    if view.get("ended"):
        _text(d, (x0, H - 40), view["ended"], 24)
    elif phase != "over":
        wait = {"shares": tr("issue shares"), "action": tr("choose an action"), "build": pgettext("step", "build"),
                "move": tr("move goods {number}/2").format(number=view['move_no']),
                "produce": tr("place cubes")}.get(phase, phase)
        _text(d, (x0, H - 40), _fit(tr("Now: {step}").format(step=wait), 24, W - x0 - 14), 24)


def _panel_actions(d: ImageDraw.ImageDraw, view: dict[str, Any], x0: int, y: int) -> int:
    """The action boxes, from `y`: this round's filled, last round's crossed out. Returns the
    height reached."""
    _text(d, (x0, y), tr("Actions"), 18, fill=MUTED)
    y += 24
    for k, action in enumerate(view["actions"]):
        bx = x0 + (k % 2) * 170
        by = y + (k // 2) * 40
        box = [bx, by, bx + 160, by + 34]
        if action == view.get("action"):
            d.rounded_rectangle(box, 8, fill=GREEN, outline=INK, width=2)
            _text(d, (bx + 80, by + 17), _fit(HW.action(action), 20, 150), 20, fill=(255, 255, 255), anchor="mm")
        elif action == view.get("last_action"):
            d.rounded_rectangle(box, 8, fill=(225, 220, 210), outline=MUTED, width=2)
            _text(d, (bx + 80, by + 17), _fit(HW.action(action), 20, 150), 20, fill=MUTED, anchor="mm")
            d.line([bx + 12, by + 17, bx + 148, by + 17], fill=(190, 30, 30), width=3)
        else:
            d.rounded_rectangle(box, 8, fill=(255, 255, 255), outline=MUTED, width=2)
            _text(d, (bx + 80, by + 17), _fit(HW.action(action), 20, 150), 20, anchor="mm")
    return y + 90


def _panel_chart(d: ImageDraw.ImageDraw, view: dict[str, Any], x0: int, y: int) -> int:
    """The goods chart, from `y`: a column per number, headed by the island it belongs to.
    Returns the height reached."""
    _text(d, (x0, y), tr("Goods chart"), 18, fill=MUTED)
    y += 22
    island_of = {}
    for isle in view["islands"]:
        for n in isle["numbers"]:
            island_of[n] = isle["title"][:2]
    cell = 40
    for c, column in enumerate(view["chart"]):
        cx = x0 + 14 + c * (cell + narrow_gap())
        _text(d, (cx + cell / 2, y), f"{c + 1}", 20, anchor="ma")
        _text(d, (cx + cell / 2, y + 22), island_of.get(c + 1, ""), 14, fill=MUTED, anchor="ma")
        for r, cube in enumerate(column):
            cy = y + 42 + r * (cell - 6)
            d.rectangle([cx + 3, cy, cx + cell - 3, cy + cell - 10], outline=MUTED, width=1, fill=(255, 255, 255))
            if cube:
                _cube(d, cx + cell / 2, cy + (cell - 10) / 2, cube, 24)
    return y + 42 + 3 * (cell - 6) + 10


def narrow_gap() -> int:
    return 8


def _fit(text: str, size: int, width: int) -> str:
    text = printable(text)
    if line_length(text, size) <= width:
        return text
    while text and line_length(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


# -- regions ----------------------------------------------------------------------------------
ACTION_TIPS = {
    "locomotive": N_("raise the locomotive by 1 for free"),
    "urbanize": N_("put a disc on a small island while building"),
    "engineer": N_("a second route this round for $4 more"),
    "production": N_("see 6 cubes from the bag and put 2 on the goods chart"),
}
ROUTE_HALF = 9  # half the width of a route's band: its squares and disc lie inside


def _band(poly: list[tuple[float, float]], half: float) -> list[tuple[float, float]]:
    """The outline of the band `half` pixels either side of a polyline."""
    left, right = [], []
    for i, (x, y) in enumerate(poly):
        (ax, ay), (bx, by) = poly[max(0, i - 1)], poly[min(len(poly) - 1, i + 1)]
        length = math.dist((ax, ay), (bx, by)) or 1.0
        nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]


@cache
def _route_bands(routes: tuple[tuple[str, str, str, int], ...]) -> dict[str, list[tuple[float, float]]]:
    """Each route's band over the part of its line between the shores of its two islands (the
    islands are regions of their own); depends only on the map."""
    layout = _layout(routes)
    bands = {}
    for name, a, b, _ in routes:
        (ax, ay, ar), (bx, by, br) = ISLE[a], ISLE[b]
        points = [_along(layout[name]["poly"], k / 60)[:2] for k in range(61)]
        water = [p for p in points if math.dist(p, (ax, ay)) > ar + 2 and math.dist(p, (bx, by)) > br + 2]
        bands[name] = _band(water, ROUTE_HALF)
    return bands


def _panel_places(view: dict[str, Any]) -> dict[str, Any]:
    """Where `_panel` puts what a player may point at, following its steps down the panel."""
    x0 = PANEL_X + 4
    places: dict[str, Any] = {"shares": (x0, 48 + 52, x0 + 160, 48 + 52 + 50)}  # the third of the four counts
    y = 12 + 36 + 112 + 24
    places["actions"] = [(x0 + (k % 2) * 170, y + (k // 2) * 40, x0 + (k % 2) * 170 + 160, y + (k // 2) * 40 + 34)
                         for k in range(len(view["actions"]))]
    y += 90 + 22
    cell = 40
    places["chart"] = {}
    for c, column in enumerate(view["chart"]):
        cx = x0 + 14 + c * (cell + narrow_gap())
        for r in range(len(column)):
            cy = y + 42 + r * (cell - 6)
            places["chart"][(c, r)] = (cx + 3, cy, cx + cell - 3, cy + cell - 10)
    y += 42 + 3 * (cell - 6) + 10
    if view.get("dice"):
        y += 26
    y += 24
    places["urban"] = [(x0 + 16 + k * 40, y + 14) for k in range(len(view["urban"]))]
    y += 40 + 24 + 36
    places["drawn"] = [(x0 + 160 + k * 26, y + 10) for k in range(len(view.get("drawn") or []))]
    return places


def regions(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """What a player may point at on `draw(view, names)`, in its pixels: the sea routes
    (`connect oahu-maui`), the islands (`urbanize lanai red`), the cubes on islands by colour
    (`deliver red ...`), the action tiles, the shares, the goods chart's squares (`place red 3,1`),
    the drawn cubes and the urbanization discs. Islands lie over the routes' ends."""
    routes_key = tuple((r["name"], r["ends"][0], r["ends"][1], r["squares"]) for r in view["routes"])
    bands = _route_bands(routes_key)
    titles = {isle["name"]: isle["title"] for isle in view["islands"]}
    out = []
    for route in view["routes"]:
        a, b = route["ends"]
        cubes = HW.colour_list(c for c in route["cubes"] if c) or tr("no cubes")
        state = tr("built") if route["connected"] else tr("not built: $8 to connect")
        tip = f"{titles.get(a, a)}–{titles.get(b, b)}: {state}; {cubes}"
        out.append(poly_region(route["name"], bands[route["name"]], "route", tip))
    for isle in view["islands"]:
        x, y, r = ISLE[isle["name"]]
        accepts = (tr("accepts {colour}").format(colour=HW.colours(isle["disc"])) if isle["disc"]
                   else tr("accepts no goods yet"))
        numbers = ("; " + tr("chart {numbers}").format(numbers="/".join(str(n) for n in isle["numbers"]))
                   if isle["numbers"] else "")
        out.append(circle_region(isle["name"], x, y, r, "island", f"{isle['title']}: {accepts}{numbers}"))
        shown = isle["cubes"][:8]
        per_row, size = (4 if isle["large"] else 3), 18
        for k, colour in enumerate(shown):
            row, col = divmod(k, per_row)
            count = min(per_row, len(shown) - row * per_row)
            cx = x + (col - (count - 1) / 2) * (size + 3)
            cy = y + 8 + row * (size + 3)
            out.append(rect_region(colour, (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2), "goods",
                                   tr("a {colour} cube on {island}").format(colour=HW.colour(colour),
                                                                            island=isle["title"])))
    places = _panel_places(view)
    out.append(rect_region("shares", places["shares"], "stat", tr("issue shares: $5 each, $1 a round each after")))
    for action, box in zip(view["actions"], places["actions"], strict=True):
        tip = tr(ACTION_TIPS[action]) if action in ACTION_TIPS else action
        if action == view.get("last_action"):
            tip = tr("{tip} (taken last round: not now)").format(tip=tip)
        out.append(rect_region(action, box, "action", tip))
    for (c, r), box in places["chart"].items():
        cube = view["chart"][c][r]
        tip = (tr("goods chart column {column}, row {row}: a {colour} cube").format(
            column=c + 1, row=r + 1, colour=HW.colour(cube)) if cube
            else tr("goods chart column {column}, row {row}: empty").format(column=c + 1, row=r + 1))
        out.append(rect_region(f"{c + 1},{r + 1}", box, "chart", tip))
    for (cx, cy), colour in zip(places["urban"], view["urban"], strict=True):
        if colour:
            out.append(circle_region(colour, cx, cy, 14, "disc", tr("a {colour} disc for urbanizing a small island").format(
                colour=HW.colour(colour))))
    for (cx, cy), colour in zip(places["drawn"], view.get("drawn") or [], strict=True):
        out.append(rect_region(colour, (cx - 10, cy - 10, cx + 10, cy + 10), "goods",
                                   tr("a drawn {colour} cube").format(colour=HW.colour(colour))))
    return out

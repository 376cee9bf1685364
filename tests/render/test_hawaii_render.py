"""The Hawaiian Islands board picture: it draws every kind of state, legibly and fast."""

from __future__ import annotations

import io
import math
from functools import cache

from PIL import Image

from games.hawaii import GAME, ai
from render import hawaii as R


@cache  # a solved game is slow to make; the tests only read views of it
def states():
    start = GAME.new(1, {"difficulty": "standard"}, seed=1003)
    result = ai.solve(1003, "standard", beams=(1,))
    game = GAME.new(1, {"difficulty": "standard"}, seed=1003)
    mid = None
    for move in result.moves:
        game.play(0, move)
        if mid is None and game.round == 5 and move.startswith("deliver"):
            mid = game.copy()
    return start, mid, game


def test_draws_start_mid_and_end():
    for game in states():
        png = R.draw(game.view(None), ["Ann"])
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size == (R.W, R.H)
        # still readable for a chat preview at about 550 px wide
        small = image.resize((550, 550 * image.height // image.width))
        assert small.size[0] == 550


def test_registry_draws_hawaii():
    import render

    png = render.draw("hawaii", GAME.new(1, {}, seed=2).view(None), ["Ann"])
    assert png and png[:8] == b"\x89PNG\r\n\x1a\n"


def test_last_delivery_is_highlighted():
    _start, mid, _end = states()
    view = mid.view(None)
    assert view["last_delivery"]["path"]
    img = Image.open(io.BytesIO(R.draw(view, ["Ann"]))).convert("RGB")
    plain = Image.open(io.BytesIO(R.draw(dict(view, last_delivery=None), ["Ann"]))).convert("RGB")
    layout = R._layout(tuple((r["name"], r["ends"][0], r["ends"][1], r["squares"]) for r in view["routes"]))
    path = [layout[name]["poly"] for name in view["last_delivery"]["routes"]]
    isles = [R.ISLE[name] for name in view["last_delivery"]["path"]]
    # what the highlight changes is in the highlight's colour, along the delivered routes
    changed = 0
    for y in range(0, R.H, 2):
        for x in range(0, R.MAP_W, 2):
            colour = img.getpixel((x, y))
            if colour == plain.getpixel((x, y)):
                continue
            changed += 1
            on_path = any(_distance_to_line((x, y), poly) <= 23 for poly in path) or any(
                math.dist((x, y), (i[0], i[1])) <= i[2] + 4 for i in isles)
            assert on_path, (x, y)
    assert changed > 100
    counts = {colour: n for n, colour in img.getcolors(1 << 16)}
    assert counts.get(R.HIGHLIGHT, 0) > 200 and counts.get(R.CUBE[view["last_delivery"]["colour"]], 0) > 0


# -- what a player reads off the map ----------------------------------------------------------
def _layout_of(view):
    return R._layout(tuple((r["name"], r["ends"][0], r["ends"][1], r["squares"]) for r in view["routes"]))


def _boxes(view):
    """(route, what, box) of every route disc and cube square on the map."""
    half = R.CUBE_SIZE / 2
    out = []
    for name, spot in _layout_of(view).items():
        dx, dy = spot["disc"]
        out.append((name, "disc", (dx - R.DISC_R, dy - R.DISC_R, dx + R.DISC_R, dy + R.DISC_R)))
        for k, (sx, sy) in enumerate(spot["squares"]):
            out.append((name, f"cube {k}", (sx - half, sy - half, sx + half, sy + half)))
    return out


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _distance_to_line(point, poly) -> float:
    best = float("inf")
    for (x0, y0), (x1, y1) in zip(poly, poly[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((point[0] - x0) * dx + (point[1] - y0) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.dist(point, (x0 + t * dx, y0 + t * dy)))
    return best


def test_no_route_disc_or_cube_covers_another_or_an_island():
    view = GAME.new(1, {"difficulty": "standard"}, seed=1003).view(None)
    boxes = _boxes(view)
    assert len(boxes) == len(view["routes"]) + sum(r["squares"] for r in view["routes"])
    for i, (route_a, what_a, a) in enumerate(boxes):
        for route_b, what_b, b in boxes[i + 1:]:
            assert not _overlap(a, b), (route_a, what_a, route_b, what_b)
        for isle, (x, y, r) in R.ISLE.items():  # the nearest point of the box stays off the island
            nx, ny = min(max(x, a[0]), a[2]), min(max(y, a[1]), a[3])
            assert math.dist((nx, ny), (x, y)) > r, (route_a, what_a, isle)


def test_each_routes_cubes_sit_on_its_own_line_and_no_other():
    view = GAME.new(1, {"difficulty": "standard"}, seed=1003).view(None)
    layout = _layout_of(view)
    far = R.CUBE_SIZE / 2 * math.sqrt(2)  # another line passes clear of the whole square
    for name, spot in layout.items():
        for point in [*spot["squares"], spot["disc"]]:
            assert _distance_to_line(point, spot["poly"]) < 1.5, name
            for other, other_spot in layout.items():
                if other != name:
                    assert _distance_to_line(point, other_spot["poly"]) > far, (name, other)


def test_the_map_has_a_legend_for_route_markers():
    view = GAME.new(1, {"difficulty": "standard"}, seed=1003).view(None)
    img = Image.open(io.BytesIO(R.draw(view, ["Ann"]))).convert("RGB")
    x0, y0, x1, y1 = R.LEGEND
    assert x1 <= R.MAP_W
    legend = img.crop(R.LEGEND)
    colours = {colour for _, colour in legend.getcolors(1 << 16)}
    assert R.GREEN in colours and (225, 235, 240) in colours  # the built and the unbuilt disc
    assert R.CUBE["red"] in colours
    # it covers no island, route or cube
    for _route, what, box in _boxes(view):
        assert not _overlap(box, R.LEGEND), what
    for name, (x, y, r) in R.ISLE.items():
        assert not _overlap((x - r, y - r, x + r, y + r), R.LEGEND), name
    for spot in _layout_of(view).values():
        for k in range(101):
            px, py, _ = R._along(spot["poly"], k / 100)
            assert not (x0 - 4 <= px <= x1 + 4 and y0 - 4 <= py <= y1 + 4)


def test_the_last_delivery_shows_only_on_the_turn_right_after_it():
    _start, mid, _end = states()
    fresh = mid.view(None)
    assert fresh["last_move"].startswith("deliver") and fresh["last_delivery"]
    later = dict(fresh, last_move="shares 1")  # the next move: the delivery is old news
    forgotten = dict(later, last_delivery=None)
    assert R.draw(later, ["Ann"]) == R.draw(forgotten, ["Ann"])
    highlighted = Image.open(io.BytesIO(R.draw(fresh, ["Ann"]))).convert("RGB")
    assert any(colour == R.HIGHLIGHT for _, colour in highlighted.getcolors(1 << 16))


def test_a_long_name_ends_with_an_ellipsis_inside_the_panel():
    view = GAME.new(1, {}, seed=2).view(None)
    long = "Bartholomew the Unready of the Far Isles"
    assert R._fit(long, 24, R.W - R.PANEL_X - 18).endswith("…")
    img = Image.open(io.BytesIO(R.draw(view, [long]))).convert("RGB")
    strip = img.crop((R.PANEL_X, 4, R.W, 44))
    ink = strip.convert("L").point(lambda v: 255 if v < 120 else 0).getbbox()
    assert ink is not None and R.PANEL_X + ink[2] <= R.W - 8  # clear of the picture's right edge
    short = Image.open(io.BytesIO(R.draw(view, ["Ann"]))).convert("RGB").crop((R.PANEL_X, 4, R.W, 44))
    assert ink[2] > short.convert("L").point(lambda v: 255 if v < 120 else 0).getbbox()[2] + 150

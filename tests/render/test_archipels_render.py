"""The Archipels picture: decodes, has the planned size, draws only visible elements."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from render import archipels
from render.common import open_png

ELEMENTS = ("seahorse", "manta", "octopus", "fish", "turtle", "parrot", "crab", "hut", "tiki")
MULTIPLIER = {"seahorse": 1, "manta": 1, "octopus": 1, "fish": 1, "turtle": 2, "parrot": 2, "crab": 2, "hut": 7,
              "tiki": 7}
DAYS = {2: 6, 3: 9, 4: 8}
SEA = ("seahorse", "manta", "octopus", "fish")
LAND = ("turtle", "parrot", "crab")
NAMES = ["Alice", "Bartholomew the Unready of the Far Isles", "Chen", "Dana"]


# -- hand-built views ---------------------------------------------------------------------
def tile(tile_id: int, level: int, *els: tuple[str, int | None]) -> dict[str, Any]:
    return {"id": tile_id, "level": level, "elements": [{"el": el, "sq": sq} for el, sq in els]}


def some_tile(tile_id: int) -> dict[str, Any]:
    """A varied, deterministic tile for a given id."""
    r = random.Random(tile_id)
    level = 1 + tile_id % 3
    if level == 3:
        return tile(tile_id, 3, (r.choice(("hut", "tiki")), None))
    pool = SEA if level == 1 else LAND
    sqs = r.sample(range(4), 3)
    els = [(pool[tile_id % len(pool)], sqs[0])]
    if tile_id % 2:
        els.append((pool[(tile_id + 1) % len(pool)], sqs[1]))
    if tile_id % 4 == 3:
        els.append(("bottle", sqs[2]))
    return tile(tile_id, level, *els)


def board(players: int, day: int, paddles: list[dict[str, Any]], empty: set[str] = frozenset()) -> list[dict]:
    blocked = {p["line"] for p in paddles}
    spaces = []
    for r in range(1, 6):
        for c in range(1, 6):
            if (r, c) in ((1, 1), (1, 5), (5, 1), (5, 5), (3, 3)):
                continue
            name = f"r{r}c{c}"
            under_fixed = players == 3 and r == 1
            t = None if under_fixed or name in empty else some_tile(r * 10 + c + day * 7)
            free = t is not None and f"r{r}" not in blocked and f"c{c}" not in blocked
            spaces.append({"space": name, "row": r, "col": c, "tile": t, "free": free})
    return spaces


def tall_island(base: int) -> list[dict[str, Any]]:
    """Six sea tiles, three sand tiles on them, one construction on the sand."""
    return [
        {"tile": tile(base + 1, 1, ("octopus", 0), ("fish", 3)), "x": 0, "y": 0},
        {"tile": tile(base + 2, 1, ("seahorse", 1), ("bottle", 2)), "x": 2, "y": 0},
        {"tile": tile(base + 3, 1, ("manta", 0), ("fish", 1)), "x": 0, "y": 2},
        {"tile": tile(base + 4, 1, ("fish", 2)), "x": 2, "y": 2},
        {"tile": tile(base + 5, 1, ("seahorse", 0), ("octopus", 3)), "x": 4, "y": 0},
        {"tile": tile(base + 6, 1, ("manta", 1), ("seahorse", 2)), "x": 4, "y": 2},
        {"tile": tile(base + 7, 2, ("turtle", 0), ("crab", 3)), "x": 1, "y": 0},
        {"tile": tile(base + 8, 2, ("parrot", 1), ("bottle", 2)), "x": 3, "y": 1},
        {"tile": tile(base + 9, 2, ("crab", 0), ("turtle", 2)), "x": 1, "y": 2},
        {"tile": tile(base + 10, 3, ("tiki", None)), "x": 2, "y": 1},
        {"tile": tile(base + 11, 1, ("octopus", 1)), "x": -2, "y": 3},
        {"tile": tile(base + 12, 1, ("fish", 0), ("manta", 3)), "x": 6, "y": -1},
    ]


def small_island(base: int, n: int) -> list[dict[str, Any]]:
    out = [
        {"tile": tile(base + 1, 1, ("seahorse", 0), ("manta", 3)), "x": 0, "y": 0},
        {"tile": tile(base + 2, 1, ("octopus", 1)), "x": 2, "y": 0},
        {"tile": tile(base + 3, 1, ("fish", 2), ("bottle", 1)), "x": 1, "y": 2},
        {"tile": tile(base + 4, 2, ("parrot", 0), ("turtle", 3)), "x": 1, "y": 0},
    ]
    return out[:n]


def counts(island: list[dict[str, Any]]) -> dict[str, int]:
    seen = {el: 0 for el in ELEMENTS + ("bottle",)}
    for shown in archipels.visible_elements(island):
        seen[shown["el"]] += 1
    return seen


def make_view(players: int, stage: str) -> dict[str, Any]:
    """A plausible public view of a game at the `start`, in the `mid`dle or `final`."""
    days = DAYS[players]
    fixed = [{"line": "r1", "seat": None}] if players == 3 else []
    if stage == "start":
        day, phase, to_act, paddles, last = 1, "take", [0], fixed, None
        flowers = {"seahorse": 1, "octopus": 1, "turtle": 1, "crab": 1}
        islands = [[] for _ in range(players)]
        hands = [[] for _ in range(players)]
        docks = [[] for _ in range(players)]
        left = [2 if players == 2 else 1] * players
    else:
        final = stage == "final"
        day = days if final else 3
        phase = "over" if final else "place"
        to_act = [] if final else [1 % players]
        paddles = fixed + [{"line": "r2", "seat": 0}, {"line": "c4", "seat": 1 % players}]
        if players == 4:
            paddles.append({"line": "c2", "seat": 2})
        last = {"seat": 0, "move": "take r2 c1,c2,c4"}
        flowers = {"seahorse": 3, "manta": 1, "octopus": 2, "fish": 7, "turtle": 2, "parrot": 1, "crab": 0,
                   "hut": 1, "tiki": 2}
        islands = [tall_island(200 + 20 * s) if s % 2 == 0 else small_island(300 + 20 * s, 3 + s % 2)
                   for s in range(players)]
        hands = [[] for _ in range(players)]
        hands[1 % players] = [some_tile(41), some_tile(42), some_tile(43)]
        docks = [[some_tile(51 + s)] * (s % 3) for s in range(players)]
        left = [0, 0] + [1] * (players - 2)
        if players == 2:
            left = [1, 1]
    values = {el: flowers.get(el, 0) * MULTIPLIER[el] for el in ELEMENTS}
    seats = []
    for s in range(players):
        seen = counts(islands[s])
        score = sum(values[el] * seen[el] for el in ELEMENTS) - 3 * seen["bottle"]
        seats.append({"seat": s, "island": islands[s], "hand": hands[s], "dock": docks[s], "visible": seen,
                      "score": score, "paddles_left": left[s]})
    outcome = None
    if stage == "final":
        scores = [float(seat["score"]) for seat in seats]
        ranks = [1 + sum(1 for o in scores if o > mine) for mine in scores]
        outcome = {"ranks": ranks, "scores": scores, "tiebreak": ""}
    return {
        "game": "archipels", "day": day, "days": days, "players": players, "phase": phase, "to_act": to_act,
        "canoe": (day - 1) % players,
        "board": board(players, day, paddles, empty={"r4c4"} if stage == "mid" else set()),
        "paddles": paddles, "flowers": flowers, "values": values, "seats": seats,
        "stack": 142 - 20 - 5 * day, "last": last, "outcome": outcome,
    }


STAGES = [(players, stage) for players in (2, 3, 4) for stage in ("start", "mid", "final")]


# -- the picture --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "stage"), STAGES)
def test_png_decodes_with_the_planned_size(players: int, stage: str) -> None:
    png = archipels.draw(make_view(players, stage), NAMES[:players])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = open_png(png)
    assert image.size == archipels.canvas_size(players)
    assert image.size[0] == archipels.WIDTH
    assert len(png) < 1_000_000


def test_through_the_render_registry() -> None:
    from render import draw

    png = draw("archipels", make_view(4, "mid"), NAMES)
    assert open_png(png).size == archipels.canvas_size(4)


def test_deterministic() -> None:
    view = make_view(4, "mid")
    first = archipels.draw(view, NAMES)
    assert archipels.draw(copy.deepcopy(view), NAMES) == first
    archipels.draw(make_view(3, "final"), NAMES[:3])  # another table in between
    assert archipels.draw(view, NAMES) == first


def test_view_is_not_changed() -> None:
    view = make_view(4, "mid")
    before = copy.deepcopy(view)
    archipels.draw(view, NAMES)
    assert view == before


def test_short_name_list_and_blank_names() -> None:
    png = archipels.draw(make_view(4, "final"), ["", "Bo"])
    assert open_png(png).size == archipels.canvas_size(4)


# -- what is drawn -------------------------------------------------------------------------
def test_covered_elements_are_not_visible() -> None:
    island = [
        {"tile": tile(1, 1, ("octopus", 0), ("fish", 3)), "x": 0, "y": 0},
        {"tile": tile(2, 1, ("seahorse", 1), ("manta", 2)), "x": 2, "y": 0},
        # sand on the right half of tile 1 and the left half of tile 2: hides the fish (1,1)
        # and the manta (2,1), leaves the octopus (0,0) and the seahorse (3,0)
        {"tile": tile(3, 2, ("turtle", 0), ("crab", 3)), "x": 1, "y": 0},
    ]
    shown = {(s["el"], s["x"], s["y"]) for s in archipels.visible_elements(island)}
    assert shown == {("octopus", 0, 0), ("seahorse", 3, 0), ("turtle", 1, 0), ("crab", 2, 1)}


def test_only_higher_later_tiles_hide() -> None:
    island = [
        {"tile": tile(1, 2, ("parrot", 0)), "x": 0, "y": 0},
        {"tile": tile(2, 1, ("fish", 0)), "x": 0, "y": 0},  # lower level on top: hides nothing
        {"tile": tile(3, 3, ("hut", None)), "x": 1, "y": 1},  # a construction covers 4 squares
    ]
    shown = {s["el"] for s in archipels.visible_elements(island)}
    assert shown == {"parrot", "fish", "hut"}
    covered = [
        {"tile": tile(1, 2, ("parrot", 3)), "x": 0, "y": 0},
        {"tile": tile(3, 3, ("tiki", None)), "x": 1, "y": 1},
    ]
    assert {s["el"] for s in archipels.visible_elements(covered)} == {"tiki"}


def test_hidden_element_is_not_painted() -> None:
    view = make_view(2, "start")
    view["seats"][0]["island"] = [
        {"tile": tile(1, 1, ("octopus", 0), ("fish", 3)), "x": 0, "y": 0},
        {"tile": tile(2, 1, ("manta", 0)), "x": 2, "y": 0},  # (2, 0): under the sand
        {"tile": tile(3, 2, ("turtle", 0)), "x": 1, "y": 0},
    ]
    picture = archipels.render(view, NAMES[:2])
    on_island = [p for p in picture.placed if p["where"] == "island:0"]
    assert sorted(p["el"] for p in on_island) == ["octopus", "turtle"]
    # the square (1, 1) held the fish: its centre shows the sand face, not the orange fish
    octopus = next(p for p in on_island if p["el"] == "octopus")
    turtle = next(p for p in on_island if p["el"] == "turtle")
    step = turtle["centre"][0] - octopus["centre"][0]  # one square
    cx, cy = octopus["centre"][0] + step, octopus["centre"][1] + step
    pixel = picture.image.getpixel((round(cx), round(cy)))
    sand = archipels.LEVELS[2][0]
    assert max(abs(a - b) for a, b in zip(pixel, sand, strict=True)) < 40
    # and the fish is drawn where it shows: on a board tile with the same face
    view["board"][0]["tile"] = tile(9, 1, ("fish", 3))
    board_picture = archipels.render(view, NAMES[:2])
    assert any(p["el"] == "fish" and p["where"].startswith("board:") for p in board_picture.placed)


def test_every_board_tile_and_blocked_line_is_drawn() -> None:
    view = make_view(4, "mid")
    picture = archipels.render(view, NAMES)
    on_board = {p["where"] for p in picture.placed if p["where"].startswith("board:")}
    with_tiles = {f"board:{s['space']}" for s in view["board"] if s["tile"]}
    assert on_board == with_tiles


def test_hand_and_dock_tiles_are_drawn() -> None:
    view = make_view(4, "mid")
    picture = archipels.render(view, NAMES)
    wheres = [p["where"] for p in picture.placed]
    for seat in view["seats"]:
        hand_els = sum(len(t["elements"]) for t in seat["hand"])
        dock_els = sum(len(t["elements"]) for t in seat["dock"])
        assert wheres.count(f"hand:{seat['seat']}") == hand_els
        assert wheres.count(f"dock:{seat['seat']}") == dock_els


def test_visible_counts_agree_with_the_view() -> None:
    view = make_view(4, "mid")
    for seat in view["seats"]:
        assert counts(seat["island"]) == seat["visible"]


# -- real games ----------------------------------------------------------------------------
def _played(players: int, moves: int, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    game_module = pytest.importorskip("games.archipels")
    game = game_module.GAME.new(players, {}, seed=seed)
    rng = random.Random(seed)
    views = [game.view(None)]
    played = 0
    while game.to_act() and played < moves:
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng) if played % 3 else rng.choice(game.legal_moves(seat)))
        played += 1
        if played % 7 == 0:
            views.append(game.view(None))
    views.append(game.view(None))
    return game, views


@pytest.mark.parametrize("players", [2, 3, 4])
def test_real_games_render_from_start_to_end(players: int) -> None:
    game, views = _played(players, 10_000, seed=players)
    assert game.outcome() is not None
    for view in views[:: max(1, len(views) // 6)] + [views[-1]]:
        picture = archipels.render(view, NAMES[:players])
        assert picture.image.size == archipels.canvas_size(players)
        for seat in view["seats"]:
            drawn = [p["el"] for p in picture.placed if p["where"] == f"island:{seat['seat']}"]
            visible = {el: n for el, n in seat["visible"].items() if n}
            assert {el: drawn.count(el) for el in set(drawn)} == visible
    png = archipels.draw(views[-1], NAMES[:players])
    assert open_png(png).size == archipels.canvas_size(players)


# -- shared helpers ------------------------------------------------------------------------
@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm", "md", "lt"])
@pytest.mark.parametrize("bold", [False, True])
def test_cached_text_lands_where_direct_text_does(anchor: str, bold: bool) -> None:
    from PIL import Image, ImageChops, ImageDraw

    from render import common

    direct = Image.new("RGB", (240, 80), common.PAPER)
    d = ImageDraw.Draw(direct)
    d.text((120, 40), "t57 Day 3", font=common.font(22), fill=common.INK, anchor=anchor,
           stroke_width=1 if bold else 0, stroke_fill=common.INK)
    cached = Image.new("RGB", (240, 80), common.PAPER)
    for _ in range(2):  # the second call comes from the cache
        cached.paste(common.PAPER, (0, 0, 240, 80))
        common.text(ImageDraw.Draw(cached), (120, 40), "t57 Day 3", 22, common.INK, anchor, bold)
        diff = ImageChops.difference(direct, cached).convert("L")
        assert diff.getbbox() is None or max(diff.getdata()) <= 8


def test_fit_text_and_cache() -> None:
    from render import common

    long = "Bartholomew the Unready of the Far Isles"
    short = common.fit_text(long, 20, 150)
    assert short.endswith("…") and common.text_width(short, 20) <= 150
    assert common.fit_text("Ann", 20, 150) == "Ann"
    cache = common.Cache(size=2)
    built = []
    for key in ("a", "b", "a", "c", "b"):
        cache.get(key, lambda key=key: built.append(key) or key.upper())
    assert built == ["a", "b", "c", "b"]  # "b" was the least recently used when "c" came
    assert len(cache) == 2


def test_png_without_palette() -> None:
    from PIL import Image

    from render import common

    image = Image.new("RGB", (30, 20), (10, 200, 30))
    assert open_png(common.to_png(image, colours=None)).mode == "RGB"
    decoded = open_png(common.to_png(image)).convert("RGB")
    assert decoded.getpixel((5, 5)) == (10, 200, 30)


def test_names_the_font_cannot_draw() -> None:
    from render import common

    assert common.printable("Zoë") == "Zoë"  # drawn with the shipped fallback face
    assert common.printable("Straße 🔥") == "Straße"
    assert common.printable("plain · text…") == "plain · text…"
    assert common.seat_name(["Дмитрий", "Łukasz"], 0) == "Дмитрий"
    assert common.seat_name(["Дмитрий", "Łukasz 🎲"], 1) == "Łukasz"
    png = archipels.draw(make_view(2, "mid"), ["🏝️", "Zoë"])
    assert open_png(png).size == archipels.canvas_size(2)


def test_warm_builds_the_static_layers() -> None:
    archipels.warm((2, 3))
    assert open_png(archipels.draw(make_view(3, "start"), NAMES[:3])).size == archipels.canvas_size(3)


# -- the last move, the legend and the score board, as a player reads them -------------------
def _last_pixels(image: Any, box: tuple[int, int, int, int]) -> int:
    """How many pixels of `box` have exactly the last-move frame's colour."""
    region = image.convert("RGB").crop(box)
    return sum(n for n, pixel in region.getcolors(1 << 20) if pixel == archipels.LAST)


def _panels_outside(image: Any, players: int, hole: tuple[int, int, int, int] | None) -> int:
    total = 0
    for seat in range(players):
        total += _last_pixels(image, archipels.panel_box(seat, players))
    if hole is not None:
        total -= _last_pixels(image, hole)
    return total


def test_the_tile_the_last_move_placed_is_framed() -> None:
    view = make_view(4, "mid")
    island = view["seats"][2]["island"]
    placed = island[-1]  # t232, a sea tile at (6, -1)
    view["last"] = {"seat": 2, "move": f"place t{placed['tile']['id']} {placed['x']},{placed['y']}"}
    picture = archipels.render(view, NAMES)
    assert [(m["where"], m["tile"]) for m in picture.marked] == [("island:2", placed["tile"]["id"])]
    x0, y0, x1, y1 = picture.marked[0]["box"]
    band = picture.marked[0]["band"]
    # the frame's band around the box is the frame colour all round
    ring = sum(_last_pixels(picture.image, side) for side in (
        (x0 - band - 1, y0 - band - 1, x1 + band + 1, y0 - 1),  # top
        (x0 - band - 1, y1 + 1, x1 + band + 1, y1 + band + 1),  # bottom
        (x0 - band - 1, y0 - 1, x0 - 1, y1 + 1),  # left
        (x1 + 1, y0 - 1, x1 + band + 1, y1 + 1),  # right
    ))
    perimeter = 2 * (x1 - x0 + 2 * band + 2) * band + 2 * (y1 - y0 + 2) * band
    assert ring >= 0.75 * perimeter
    # it frames exactly the placed tile's four squares: its elements inside, every other outside
    own = {(placed["x"] + dx, placed["y"] + dy) for dx in (0, 1) for dy in (0, 1)}
    for shown in (p for p in picture.placed if p["where"] == "island:2"):
        cx, cy = shown["centre"]
        inside = x0 <= cx <= x1 and y0 <= cy <= y1
        assert inside == (shown["square"] in own), shown
    # and nothing else in the players' panels wears the frame's colour
    hole = (x0 - band - 3, y0 - band - 3, x1 + band + 3, y1 + band + 3)
    assert _panels_outside(picture.image, 4, hole) == 0


def test_a_docked_tile_is_framed_and_other_moves_frame_nothing() -> None:
    view = make_view(4, "mid")
    docked = view["seats"][1]["dock"][0]
    view["last"] = {"seat": 1, "move": f"dock t{docked['id']}"}
    picture = archipels.render(view, NAMES)
    assert [(m["where"], m["tile"]) for m in picture.marked] == [("dock:1", docked["id"])]
    for move in ("take r2 c1,c2,c4", "done", "flower r3c2 octopus", "discard t41"):
        view["last"] = {"seat": 0, "move": move}
        picture = archipels.render(view, NAMES)
        assert picture.marked == []
        assert _panels_outside(picture.image, 4, None) == 0


def test_a_real_game_frames_each_placed_tile() -> None:
    game_module = pytest.importorskip("games.archipels")
    game = game_module.GAME.new(3, {}, seed=11)
    rng = random.Random(11)
    framed = 0
    while not game.is_over() and framed < 6:
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
        view = game.view(None)
        if not view["last"]["move"].startswith("place "):
            continue
        tid = int(view["last"]["move"].split()[1][1:])
        picture = archipels.render(view, NAMES[:3])
        assert [(m["where"], m["tile"]) for m in picture.marked] == [(f"island:{seat}", tid)]
        framed += 1
    assert framed == 6


def _dominant(image: Any, box: tuple[int, int, int, int], n: int) -> list[tuple[int, int, int]]:
    colours = sorted(image.convert("RGB").crop(box).getcolors(1 << 16), reverse=True)
    return [colour for _, colour in colours[:n]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legend_sample_is_hatched_as_the_board(players: int) -> None:
    view = make_view(players, "mid")
    picture = archipels.render(view, NAMES[:players])
    sample = archipels.blocked_swatch(players)
    in_sample = set(_dominant(picture.image, sample, 12))
    # a sand tile under a paddle on the board: its darkened face and the stripes of the paddle's colour
    blockers = {p["line"]: p["seat"] for p in view["paddles"]}
    checked = 0
    for space in view["board"]:
        line = next((ln for ln in (f"r{space['row']}", f"c{space['col']}") if ln in blockers), None)
        if space["tile"] is None or space["free"] or space["tile"]["level"] != 2 or blockers.get(line) is None:
            continue
        x0, y0, _, _ = archipels.cell_box(space["row"], space["col"])
        tx, ty = x0 + (archipels.CELL - archipels.TILE) // 2, y0 + 5
        board_colours = _dominant(picture.image, (tx + 4, ty + 4, tx + 40, ty + 40), 2)
        assert set(board_colours) <= in_sample, (space["space"], board_colours)
        checked += 1
    assert checked >= 1


def test_five_flowers_keep_clear_of_the_names_and_points() -> None:
    from PIL import ImageChops

    from render import common

    view = make_view(4, "mid")
    view["flowers"] = dict.fromkeys(ELEMENTS, 5)
    view["values"] = {el: 5 * MULTIPLIER[el] for el in ELEMENTS}
    image = archipels.render(view, NAMES).image.convert("RGB")
    static = archipels._static_layer(4).convert("RGB")
    x0, x1 = archipels.SCORE_X, archipels.SCORE_X + archipels.SCORE_W
    for kind, el, y in archipels._score_rows():
        if kind != "row" or el == "bottle":
            continue
        row = (x0 + 50, y + 4, x1 - 8, y + archipels.ROW_H - 4)
        # the name is in the static layer: dark ink; flowers and points are drawn on top
        name = static.crop(row).convert("L").point(lambda v: 255 if v < 110 else 0).getbbox()
        drawn = ImageChops.difference(image.crop(row), static.crop(row)).convert("L")
        points_left = x1 - 18 - common.text_width(str(view["values"][el]), 26, True) - row[0]
        flowers = drawn.crop((0, 0, points_left - 2, drawn.height)).point(lambda v: 255 if v > 30 else 0).getbbox()
        assert name is not None and flowers is not None, el
        assert flowers[0] - name[2] >= 6, (el, name, flowers)  # a clear gap after the name
        assert flowers[2] <= points_left - 6, (el, flowers, points_left)


@pytest.mark.parametrize("size", [13, 15])
def test_a_coordinates_minus_sign_survives_the_550_px_preview(size: int) -> None:
    """`-1` must not read as `1` on a phone: shrunk as Discord shrinks a 1000 px picture, the minus
    sign keeps a mark as dark as the digits' strokes are."""
    from PIL import Image, ImageDraw

    from render.common import CARD

    scale = 550 / 1000
    image = Image.new("RGB", (80, 40), CARD)
    d = ImageDraw.Draw(image)
    left, total = archipels.coordinate(d, 70, 20, -1, size, "rm")
    small = image.resize((round(80 * scale), round(40 * scale)), Image.LANCZOS).convert("L")
    bar_right = left + size * 0.5
    minus = small.crop((int(left * scale), 0, int(bar_right * scale) + 1, small.height))
    digit = small.crop((int((bar_right + 2) * scale), 0, int(70 * scale) + 1, small.height))
    background = sum(CARD) / 3
    assert background - min(minus.tobytes()) >= 0.6 * (background - min(digit.tobytes()))
    assert background - min(minus.tobytes()) >= 90

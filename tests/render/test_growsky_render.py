"""The Grow Sky picture: decodes at the planned size, stays small, shows the placement preview."""

from __future__ import annotations

import random

import pytest

import render
from games.growsky import GAME
from render import growsky
from render.common import open_png
from tests.games.test_growsky_helpers import ready

NAMES = ["Alice", "Bartholomew the Unready of the Far Isles", "Chen", "Dana"]


def played(players: int, seed: int, moves: int, **options):
    game = GAME.new(players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
    return game


def near(pixel, colour, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_picture_decodes_at_its_planned_size_and_under_a_mebibyte(players):
    for moves in (0, 300):
        game = played(players, players, moves, advanced=True)
        view = game.view(None)
        png = render.draw("growsky", view, NAMES[:players])
        image = open_png(png)
        assert image.size == growsky.canvas_size(view, NAMES[:players])
        assert len(png) < 1024 * 1024


def test_a_waiting_part_shows_the_legal_anchors_and_the_orientation_legend():
    game = ready(2, 5)
    seat = game.current()
    game.queue = ["part:3"]
    game.boards[seat].fuel, game.boards[seat].cubes = 0, [0, 0, 0, 0]
    view = game.view(None)
    assert set(view["orientations"]) == {"l4"}  # no fuel: no upgrade on offer
    image = open_png(growsky.draw(view, NAMES[:2])).convert("RGB")
    plain = ready(2, 5)
    assert image.height == growsky.canvas_size(plain.view(None))[1] + growsky.legend_height(view)
    gx, gy = growsky.layout(view, NAMES[:2]).engine(seat)
    anchors = {m.split(" ")[-1] for m in view["placements"]}
    for col, name in enumerate("abcdefgh"):
        x, y = gx + col * growsky.EC + 3, gy + 6 * growsky.EC + growsky.EC // 2  # row 1
        framed = near(image.getpixel((x, y)), growsky.ANCHOR)
        assert framed == (f"{name}1" in anchors)
    assert "a2" not in anchors  # floating squares are never offered


def test_the_final_picture_lists_every_end_step():
    game = played(3, 1, 5000)
    assert game.is_over()
    view = game.view(None)
    assert view["end"]
    image = open_png(growsky.draw(view, NAMES[:3]))
    assert image.size == growsky.canvas_size(view, NAMES[:3])
    assert image.height > growsky.canvas_size({**view, "end": None})[1] + 3 * 2 * growsky.RESULTS_LINE


def test_the_public_view_holds_no_bag_order():
    game = played(4, 2, 100)
    view = game.view(None)
    assert view["bag"] == len(game.bag)  # a count only
    twin = GAME.from_dict({**game.to_dict(), "bag": list(reversed(game.bag)), "rng": [123, 0]})
    assert twin.view(None) == view  # a different bag (and generator) shows the same picture data
    assert render.draw("growsky", view, NAMES) == render.draw("growsky", twin.view(None), NAMES)


def test_short_bonus_labels():
    assert growsky.short("cube*2+rudder") == "C2+R"
    assert growsky.short("boost:5:3|fuel*2") == "5>3/F2"
    assert growsky.short("part:2") == "P2"


def test_the_regions_stand_on_what_the_picture_draws_there():
    """The board page's places, checked in the pixels: each market tile, die, route space and
    rudder level where `regions` says (the engine room's squares: test_growsky_phone)."""
    game = played(3, 82, 60)
    view = game.view(None)
    image = open_png(growsky.draw(view, NAMES[:3])).convert("RGB")
    regions = growsky.regions(view, NAMES[:3])

    def inside(region, dx, dy):
        return image.getpixel((round(region["x"] + dx), round(region["y"] + dy)))

    def inked(region):
        box = (region["x"], region["y"], region["x"] + region["w"], region["y"] + region["h"])
        return min(image.crop(tuple(round(v) for v in box)).convert("L").tobytes()) < 90

    kinds = {}
    for region in regions:
        kinds[region.get("kind")] = kinds.get(region.get("kind"), 0) + 1
        if region.get("kind") == "market":
            tile = view["market"][int(region["name"][1:]) - 1]
            if tile:
                assert near(inside(region, 8, region["h"] / 2), growsky.YELLOW if tile["colour"] == "Y" else growsky.BLUE)
        elif region.get("kind") == "space":
            space = view["boards"][region["seat"]]["route"][int(region["name"][1:]) - 1]
            fill = growsky.PRINTED if space["tile"] is None else growsky.YELLOW if space["colour"] == "Y" else growsky.BLUE
            assert near(inside(region, region["w"] / 2, region["h"] - 5), fill), region  # under the bonus
        elif region.get("kind") in ("die", "rudder"):
            assert inked(region), region
    assert kinds["market"] == 8 and kinds["space"] == 3 * 12 and kinds["die"] == len(view["dice"])
    assert kinds["rudder"] == 3 * 4 and kinds["square"] == 3 * 56

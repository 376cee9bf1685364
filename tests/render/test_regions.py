"""The regions of every board picture: what a page lets a player point at, named as moves name it.

A move names a region when one of its words equals the region's name. Words are the move cut
at spaces and `;`, and each of those cut again at commas: `take r1 c2,c3` names r1, c2 and c3,
and `claim a at 1,-1` names slot a and the free place 1,-1.
"""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter

import pytest

from games import registry
from render.common import open_png

GAMES = sorted(registry.available())
NAMES = ["ann", "ben", "cleo", "dmitri"]

# moves that point at nothing on the picture, by their opening words
PLACELESS = {
    "archipels": r"done",
    "pioneers": r"roll|end|buy card|knight|offer .*|trade .*|discard .*|year of plenty .*|monopoly .*"
                r"|cancel \d+|accept \d+|decline \d+|counter .*",
    "propeller": r"stop|pass|skip|gain \w+|value \d|blueprint \d+ keep",
    "growsky": r"end|pass|pick \w+|grow .*|side [ab]",
    "hawaii": r"done|pass|locomotive",
}
SHAPES = {"rect": ("x", "y", "w", "h"), "circle": ("cx", "cy", "r"), "poly": ("points",)}
# kinds whose names a move must be able to tell apart (within one seat's board)
UNIQUE = {
    "pioneers": {"corner", "edge", "hex"},
    "archipels": {"space", "row", "column", "tile", "element", "square"},
    "propeller": {"slot", "forge", "spot", "tile", "dock", "card", "character", "stack"},
    "growsky": {"action", "market", "space", "square", "draft", "rudder", "shape"},
    "hawaii": {"island", "route", "action", "stat"},
}


def sizes(cls) -> list[int]:
    return sorted({cls.min_players, min(cls.max_players, 3)})


def positions(key: str, every: int, seed: int = 1, limit: int = 20000):
    """Copies of the game at every `every`-th position of random playouts of each small size."""
    cls = registry.get(key)
    for players in sizes(cls):
        rng = random.Random(seed + players)
        game = cls.new(players, {}, seed + players)
        for count in range(limit):
            if game.is_over():
                yield game
                break
            if count % every == 0:
                yield cls.load(game.dump())
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))


def module(key: str):
    return importlib.import_module(f"render.{key}")


def words(move: str) -> set[str]:
    pieces = [p for p in re.split(r"[ ;]+", move) if p]
    return set(pieces) | {w for p in pieces for w in p.split(",") if w}


def bounds(region: dict) -> tuple[float, float, float, float]:
    shape = region["shape"]
    if shape == "rect":
        return region["x"], region["y"], region["x"] + region["w"], region["y"] + region["h"]
    if shape == "circle":
        r = region["r"]
        return region["cx"] - r, region["cy"] - r, region["cx"] + r, region["cy"] + r
    xs = [p[0] for p in region["points"]]
    ys = [p[1] for p in region["points"]]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("key", GAMES)
def test_every_legal_move_names_a_region_of_its_seat_or_has_no_place(key):
    placeless = re.compile(PLACELESS[key])
    render = module(key)
    checked: Counter = Counter()
    seeds = iter(range(1, 40))
    while (checked["named"] < 300 or checked["positions"] < 100) and (seed := next(seeds, None)) is not None:
        for game in positions(key, every=7, seed=seed):
            check(game, render, placeless, checked)
            checked["positions"] += 1
    assert checked["named"] >= 300 and checked["positions"] >= 100, checked


def check(game, render, placeless, checked: Counter) -> None:
    """Every legal move of each seat to act names a region of that seat (or of nobody's) or has no place."""
    for seat in game.to_act():
        regions = render.regions(game.view(seat), NAMES[:game.players])
        named = {r["name"] for r in regions if r.get("seat", seat) == seat}
        for move in game.legal_moves(seat):
            if placeless.fullmatch(move):
                checked["placeless"] += 1
                continue
            assert words(move) & named, f"{game.key}: `{move}` names no region of seat {seat}"
            checked["named"] += 1


@pytest.mark.parametrize("key", GAMES)
def test_regions_are_well_formed_inside_the_picture_and_unique_where_moves_need_it(key):
    render = module(key)
    for game in positions(key, every=40):
        view = game.view(None)
        names = NAMES[:game.players]
        width, height = open_png(render.draw(view, names)).size
        regions = render.regions(view, names)
        assert regions, key
        for region in regions:
            assert isinstance(region["name"], str) and region["name"], region
            assert set(SHAPES[region["shape"]]) <= set(region), region
            assert set(region) <= {"name", "shape", "kind", "tip", "seat", *SHAPES[region["shape"]]}, region
            if region["shape"] == "poly":
                assert len(region["points"]) >= 3, region
            x0, y0, x1, y1 = bounds(region)
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, (key, region, (width, height))
            assert isinstance(region.get("tip", ""), str) and len(region.get("tip", "")) <= 200, region
        told = Counter((r.get("seat"), r.get("kind"), r["name"]) for r in regions if r.get("kind") in UNIQUE[key])
        assert not [k for k, n in told.items() if n > 1], (key, [k for k, n in told.items() if n > 1])


@pytest.mark.parametrize("key", GAMES)
def test_public_regions_do_not_depend_on_hidden_cards(key):
    rng = random.Random(6)
    cls = registry.get(key)
    changed = 0
    for game in positions(key, every=25, seed=7):
        if game.is_over():
            continue
        names = NAMES[:game.players]
        before = module(key).regions(game.view(None), names)
        if not game.redeal_hidden(rng):
            assert cls.load(game.dump()).dump() == game.dump()
            return
        changed += 1
        assert module(key).regions(game.view(None), names) == before, key
    assert changed, key


def test_propeller_regions_stand_where_the_picture_drew_its_places_and_slots():
    from render import propeller

    for game in positions("propeller", every=60, seed=3):
        view = game.view(None)
        _, drawn = propeller.picture(view, NAMES[:game.players])
        regions = propeller.regions(view, NAMES[:game.players])
        spots = {}
        for region in regions:
            if region.get("kind") == "spot":
                xs, ys = zip(*region["points"], strict=True)
                spots[(region["seat"], region["name"])] = (sum(xs) / len(xs), sum(ys) / len(ys))
        expected = {(seat, f"{q},{r}"): xy for seat, places in drawn["spots"].items() for (q, r), xy in places.items()}
        assert spots.keys() == expected.keys()
        for key, (x, y) in expected.items():
            assert abs(spots[key][0] - x) < 0.5 and abs(spots[key][1] - y) < 0.5, key
        slots = {r["name"]: (r["cx"], r["cy"], r["r"]) for r in regions if r.get("kind") == "slot"}
        assert slots.keys() == drawn["slots"].keys()
        for letter, (x, y, r) in drawn["slots"].items():
            assert abs(slots[letter][0] - x) < 0.1 and abs(slots[letter][1] - y) < 0.1 and slots[letter][2] == r

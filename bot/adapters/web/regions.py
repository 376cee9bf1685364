"""The clickable parts of a board picture, and which legal moves each one names.

`render.regions` gives, per game, each thing on the picture a click may name: its name in
the game's notation (`12`, `12-13`, `c1`, `t3`, `1,-1`), a shape in the PNG's pixels (`poly`
with `points` [[x, y], ...], `circle` with `cx`, `cy`, `r`, or `rect` with `x`, `y`, `w`, `h`),
and optionally its kind, a tip, and the seat whose board holds it. Later regions lie over
earlier ones. A game without them leaves the page to its list of moves.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import render
from games import registry

log = logging.getLogger(__name__)

PIECE = re.compile(r"[\s;]+")
# a name made of a letter-led word per axis (`r2c1`, the space at row r2 and column c1)
PART = re.compile(r"[a-z]+-?\d+")
SHAPES = {"poly": ("points",), "circle": ("cx", "cy", "r"), "rect": ("x", "y", "w", "h")}


def words(move: str) -> set[str]:
    """The words of a move as regions are named: the pieces between spaces and `;`, and the
    parts of each piece between commas (`take r2 c1,c3` names c1 and c3, `claim g at 1,-1`
    names the place 1,-1). Every word, whether it names a place or not: `Game.move_places` says
    which do."""
    pieces = [p for p in PIECE.split(move.lower()) if p]
    return set(pieces) | {part for p in pieces if "," in p for part in p.split(",") if part}


def parts(name: str) -> list[str]:
    """The words a compound name joins (`r2c1`: r2 and c1), or [] for a name of one word."""
    found = PART.findall(name)
    return found if len(found) > 1 and "".join(found) == name else []


Index = dict[str, dict[str, set[str]]]  # a place's name: each move naming it, with the kinds it names it as


def places_of(game: str, variant: str = "") -> Any:
    """`Game.move_places` of the table's own kind: a rules variant (Ramparts' `knight 23` names a
    corner where the island's `knight K` names a hex) reads its moves by its own words."""
    cls = registry.get(game)
    return cls.variants.get(variant, cls).move_places if variant else cls.move_places


def by_place(game: str, moves: Sequence[str], variant: str = "") -> Index:
    """Each place's moves, in the moves' order, as the game reads its moves (`Game.move_places`):
    reading each move once (a board has a hundred regions and a turn as many moves)."""
    places = places_of(game, variant)
    index: Index = {}
    for move in moves:
        for kind, name in places(move):
            index.setdefault(name, {}).setdefault(move, set()).add(kind)
    return index


def named(index: Index, name: str, kind: str = "") -> list[str]:
    """The moves naming a region of this name and kind: by its own name (as that kind, or as any
    place of the name), or, for a compound name, the moves that name each of its parts (`take r2
    c1,c3` names the space r2c1 and r2c3; Grow Sky's `place l4 o3 c1` the legend's l4o3)."""
    if name in index:
        return [m for m, kinds in index[name].items() if "" in kinds or kind in kinds]
    joined = parts(name)
    if not joined:
        return []
    common = set.intersection(*(set(index.get(part, ())) for part in joined))
    return [m for m in index.get(joined[0], ()) if m in common]


def of_picture(game: str, view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """The renderer's regions of this view as a page draws it; [] when it has none (or they cannot be read)."""
    try:
        found = render.regions(game, render.page_view(game, view), names)
    except Exception:  # a renderer's fault costs the page its clicks, never the page itself
        log.exception("regions of %s failed", game)
        return []
    return [r for r in found if isinstance(r, dict) and _well_formed(r)]


def _well_formed(region: dict[str, Any]) -> bool:
    fields = SHAPES.get(region.get("shape", ""))
    return bool(fields) and bool(str(region.get("name", ""))) and all(f in region for f in fields)


def for_page(game: str, view: dict[str, Any], names: Sequence[str], moves: Sequence[str],
             seat: int | None = None, found: list[dict[str, Any]] | None = None,
             variant: str = "") -> list[dict[str, Any]]:
    """Every region with the legal moves that name it as a place (`Game.move_places`) (`moves`, empty for a region nobody can
    use now). A region on another seat's board names none of this seat's moves (`t3` is on
    every island). Points come flat, [x0, y0, x1, y1, ...], as SVG reads them. `found`: the
    picture's regions when they are known already (`of_picture` of this view's picture)."""
    out = []
    index = by_place(game, moves, variant)
    for region in of_picture(game, view, names) if found is None else found:
        shape = region["shape"]
        item = {"name": str(region["name"]), "shape": shape, **{f: region[f] for f in SHAPES[shape]}}
        if shape == "poly" and item["points"] and isinstance(item["points"][0], list | tuple):
            item["points"] = [c for point in item["points"] for c in point]
        for extra in ("kind", "tip"):
            if region.get(extra):
                item[extra] = str(region[extra])
        owner = region.get("seat")
        item["moves"] = named(index, item["name"].lower(), item.get("kind", "")) if owner is None or owner == seat else []
        out.append(item)
    return out

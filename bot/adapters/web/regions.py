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

log = logging.getLogger(__name__)

PIECE = re.compile(r"[\s;]+")
# a name made of a letter-led word per axis (`r2c1`, the space at row r2 and column c1)
PART = re.compile(r"[a-z]+-?\d+")
SHAPES = {"poly": ("points",), "circle": ("cx", "cy", "r"), "rect": ("x", "y", "w", "h")}


def words(move: str) -> set[str]:
    """The words of a move as regions are named: the pieces between spaces and `;`, and the
    parts of each piece between commas (`take r2 c1,c3` names c1 and c3, `claim g at 1,-1`
    names the place 1,-1)."""
    pieces = [p for p in PIECE.split(move.lower()) if p]
    return set(pieces) | {part for p in pieces if "," in p for part in p.split(",") if part}


def naming(moves: Sequence[str], name: str) -> list[str]:
    """The moves that name a region: one of their words is the region's name."""
    wanted = name.lower()
    return [m for m in moves if wanted in words(m)]


def parts(name: str) -> list[str]:
    """The words a compound name joins (`r2c1`: r2 and c1), or [] for a name of one word."""
    found = PART.findall(name)
    return found if len(found) > 1 and "".join(found) == name else []


def named(index: dict[str, list[str]], name: str) -> list[str]:
    """The moves naming a region, from `by_word`: by its own name, or, for a compound name, the
    moves that name each of its parts (`take r2 c1,c3` names the space r2c1 and r2c3)."""
    if name in index:
        return list(index[name])
    joined = parts(name)
    if not joined:
        return []
    common = set.intersection(*(set(index.get(part, ())) for part in joined))
    return [m for m in index.get(joined[0], ()) if m in common]


def by_word(moves: Sequence[str]) -> dict[str, list[str]]:
    """Each word's moves, in the moves' order: `naming` for every region at once, reading each
    move once (a board has a hundred regions and a turn as many moves)."""
    index: dict[str, list[str]] = {}
    for move in moves:
        for word in words(move):
            index.setdefault(word, []).append(move)
    return index


def of_picture(game: str, view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """The renderer's regions of this view; [] when it has none (or they cannot be read)."""
    try:
        found = render.regions(game, view, names)
    except Exception:  # a renderer's fault costs the page its clicks, never the page itself
        log.exception("regions of %s failed", game)
        return []
    return [r for r in found if isinstance(r, dict) and _well_formed(r)]


def _well_formed(region: dict[str, Any]) -> bool:
    fields = SHAPES.get(region.get("shape", ""))
    return bool(fields) and bool(str(region.get("name", ""))) and all(f in region for f in fields)


def for_page(game: str, view: dict[str, Any], names: Sequence[str], moves: Sequence[str],
             seat: int | None = None, found: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every region with the legal moves that name it (`moves`, empty for a region nobody can
    use now). A region on another seat's board names none of this seat's moves (`t3` is on
    every island). Points come flat, [x0, y0, x1, y1, ...], as SVG reads them. `found`: the
    picture's regions when they are known already (`of_picture` of this view's picture)."""
    out = []
    index = by_word(moves)
    for region in of_picture(game, view, names) if found is None else found:
        shape = region["shape"]
        item = {"name": str(region["name"]), "shape": shape, **{f: region[f] for f in SHAPES[shape]}}
        if shape == "poly" and item["points"] and isinstance(item["points"][0], list | tuple):
            item["points"] = [c for point in item["points"] for c in point]
        for extra in ("kind", "tip"):
            if region.get(extra):
                item[extra] = str(region[extra])
        owner = region.get("seat")
        item["moves"] = named(index, item["name"].lower()) if owner is None or owner == seat else []
        out.append(item)
    return out

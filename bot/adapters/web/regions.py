"""The clickable parts of a board picture, and which legal moves each one names.

A renderer may offer `regions(view, names) -> list[dict]`, each item a name in the game's
notation (`12`, `e34`, `c1`, `t3`) and a shape in the PNG's pixels: `poly` with `points`
[x0, y0, x1, y1, ...], `circle` with `cx`, `cy`, `r`, or `rect` with `x`, `y`, `w`, `h`.
A renderer without it leaves the page to its list of moves.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Sequence
from typing import Any

log = logging.getLogger(__name__)

WORD = re.compile(r"[\s,;]+")
SHAPES = {"poly": ("points",), "circle": ("cx", "cy", "r"), "rect": ("x", "y", "w", "h")}


def words(move: str) -> set[str]:
    """The words of a move as regions are named: split on spaces, commas and `;`."""
    return {w for w in WORD.split(move.lower()) if w}


def naming(moves: Sequence[str], name: str) -> list[str]:
    """The moves that name a region: one of their words is the region's name."""
    wanted = name.lower()
    return [m for m in moves if wanted in words(m)]


def of_picture(game: str, view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """The renderer's regions of this view; [] when it has none (or they cannot be read)."""
    try:
        module = importlib.import_module(f"render.{game}")
    except ModuleNotFoundError:
        return []
    make = getattr(module, "regions", None)
    if make is None:
        return []
    try:
        found = make(view, list(names))
    except Exception:  # a renderer's fault costs the page its clicks, never the page itself
        log.exception("regions of %s failed", game)
        return []
    return [r for r in found if isinstance(r, dict) and _well_formed(r)]


def _well_formed(region: dict[str, Any]) -> bool:
    fields = SHAPES.get(region.get("shape", ""))
    return bool(fields) and bool(str(region.get("name", ""))) and all(f in region for f in fields)


def for_page(game: str, view: dict[str, Any], names: Sequence[str], moves: Sequence[str]) -> list[dict[str, Any]]:
    """Every region with the legal moves that name it (`moves`, empty for a region nobody can use now)."""
    out = []
    for region in of_picture(game, view, names):
        shape = region["shape"]
        item = {"name": str(region["name"]), "shape": shape, **{f: region[f] for f in SHAPES[shape]}}
        item["moves"] = naming(moves, item["name"])
        out.append(item)
    return out

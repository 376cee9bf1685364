"""Board pictures drawn with Pillow from a game's view (never from its full state).

Each game has a module `render/<key>.py` with `draw(view, names) -> bytes` (a PNG), and may
have `draw_hand(view, names) -> bytes | None`, the picture of a seat's hidden hand for /hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any


def draw(key: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None:
    """The PNG of a view, or None when the game has no picture yet."""
    try:
        module = importlib.import_module(f"render.{key}")
    except ModuleNotFoundError as error:
        if error.name == f"render.{key}":
            return None
        raise
    return module.draw(view, list(names))


def draw_hand(key: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None:
    """The PNG of the hand in a seat's view, or None when the game draws no hand."""
    try:
        module = importlib.import_module(f"render.{key}")
    except ModuleNotFoundError as error:
        if error.name == f"render.{key}":
            return None
        raise
    hand = getattr(module, "draw_hand", None)
    return hand(view, list(names)) if hand else None

"""Board pictures drawn with Pillow from a game's view (never from its full state).

Each game has a module `render/<key>.py` with `draw(view, names) -> bytes` (a PNG), and may
have `image(view, names)`, the same picture before it is encoded (an RGB image); `size(view,
names)`, its size without drawing it; `draw_hand(view, names) -> bytes | None`, the picture of
a seat's hidden hand for /hand; `regions(view, names)`, what a click on the picture may name
(the board page); and `page_view(view)`, the view as a board page draws it where that differs
from the channel's picture (Propeller Islands' phone layout at two players).
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from PIL import Image


def _renderer(key: str) -> ModuleType | None:
    """The game's picture module, or None for a game that has none yet (any other import
    error is a fault and is raised)."""
    try:
        return importlib.import_module(f"render.{key}")
    except ModuleNotFoundError as error:
        if error.name == f"render.{key}":
            return None
        raise


def draw(key: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None:
    """The PNG of a view, or None when the game has no picture yet."""
    module = _renderer(key)
    if module is None:
        return None
    return module.draw(view, list(names))


def image(key: str, view: dict[str, Any], names: Sequence[str]) -> Image.Image | None:
    """The picture of a view before it is encoded, or None when the game has no picture yet: for
    work that scales and encodes it again (an animation), where making a PNG only to decode it
    costs more than drawing."""
    module = _renderer(key)
    if module is None:
        return None
    made = getattr(module, "image", None)
    if made is None:
        return Image.open(io.BytesIO(module.draw(view, list(names)))).convert("RGB")
    return made(view, list(names))


def size(key: str, view: dict[str, Any], names: Sequence[str]) -> tuple[int, int] | None:
    """The size of `draw(key, view, names)`'s picture without drawing it, or None when the game's
    renderer cannot tell it."""
    module = _renderer(key)
    if module is None:
        return None
    told = getattr(module, "size", None)
    return told(view, list(names)) if told else None


def draw_hand(key: str, view: dict[str, Any], names: Sequence[str]) -> bytes | None:
    """The PNG of the hand in a seat's view, or None when the game draws no hand."""
    module = _renderer(key)
    if module is None:
        return None
    hand = getattr(module, "draw_hand", None)
    return hand(view, list(names)) if hand else None


def regions(key: str, view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """What can be pointed at on the picture of `draw(key, view, names)`: each a dict with the
    name a move uses for it, its shape in the PNG's pixels, and optionally its kind, a tip and
    the seat whose board holds it. Later regions lie over earlier ones. [] without a picture."""
    module = _renderer(key)
    if module is None:
        return []
    found = getattr(module, "regions", None)
    return found(view, list(names)) if found else []


def page_view(key: str, view: dict[str, Any]) -> dict[str, Any]:
    """The view as a board page draws it and names its regions: the renderer's `page_view`, or
    the view itself, drawn as in the channel."""
    module = _renderer(key)
    made = getattr(module, "page_view", None) if module is not None else None
    return made(view) if made else view


def page_drawn_apart(key: str) -> bool:
    """Whether a board page's picture may differ from the channel's (`page_view`)."""
    module = _renderer(key)
    return module is not None and getattr(module, "page_view", None) is not None

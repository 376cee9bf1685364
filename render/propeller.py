"""The Propeller Islands pictures, drawn from a view: the layout chosen by the number of players.

Two players: the table of `propeller_table`, two panels side by side under the forge. Three and
four: `propeller_phone`, laid out to be read at a phone's chat width. A seat's own picture
(/hand) is the phone layout's at any number. The pieces both are made of are named here too, as
`propeller_table` has them.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import propeller_phone as phone
from render import propeller_table as table
from render.propeller_phone import OWN_PICTURE_H, draw_hand, own_radius, seat_picture
from render.propeller_table import (
    COLUMN_WORDS,
    DOCK_ROW_ROOM,
    FOOTER_H,
    FORGE_R,
    FORGE_XY,
    GUILD_COLOURS,
    HEADER_H,
    HIGHLIGHT,
    ISLAND_MIN_H,
    LARGE_TILE,
    LEGEND_SIZE,
    NAME_RADIUS,
    PANEL_W,
    RES_COLOURS,
    ROW_LEGEND,
    ROW_WORDS,
    TOP_H,
    WIDTH,
    draw_tile,
    hand_image,
    header_lines,
    hex_centre,
    island_height,
    legend_lines,
    palette,
    table_radius,
    turn_lines,
)

__all__ = [
    "COLUMN_WORDS", "DOCK_ROW_ROOM", "FOOTER_H", "FORGE_R", "FORGE_XY", "GUILD_COLOURS", "HEADER_H", "HIGHLIGHT",
    "ISLAND_MIN_H", "LARGE_TILE", "LEGEND_SIZE", "NAME_RADIUS", "OWN_PICTURE_H", "PANEL_W", "RES_COLOURS",
    "ROW_LEGEND", "ROW_WORDS", "TOP_H", "WIDTH", "draw", "draw_hand", "draw_tile", "hand_image", "header_lines",
    "hex_centre", "image", "island_height", "legend_lines", "own_radius", "page_view", "palette", "picture", "regions",
    "render",
    "seat_picture", "size", "table_radius", "turn_lines",
]


def _layout(view: dict[str, Any]):
    return phone if view.get("narrow") or phone.laid_out(view) else table


def page_view(view: dict[str, Any]) -> dict[str, Any]:
    """A board page draws the phone layout at any number of players: 550 px wide, where the
    two-player table's 1,000 px would be shrunk to half on a phone."""
    return {**view, "narrow": True}


def picture(view: dict[str, Any], names: list[str]) -> tuple[Image.Image, dict[str, Any]]:
    """The public picture and what it drew where (see each layout's `picture`)."""
    return _layout(view).picture(view, names)


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    """The PNG of a Propeller Islands view; `names[seat]` names the players."""
    return _layout(view).draw(view, names)


def image(view: dict[str, Any], names: list[str]) -> Image.Image:
    """`draw`'s picture before it is encoded."""
    return picture(view, names)[0]


render = image


def size(view: dict[str, Any], names: list[str]) -> tuple[int, int]:
    """The size of `draw`'s picture, without drawing it."""
    return _layout(view).size(view, names)


def regions(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """What a player may point at on `draw(view, names)`, in its pixels (see each layout's)."""
    return _layout(view).regions(view, names)

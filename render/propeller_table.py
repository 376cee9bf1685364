"""The Propeller Islands table of two players, and the pieces every Propeller picture is made of.

The public picture: the forge board (dice on their spaces, the twelve offered tiles on the
ring, slots a-l), the Blueprint offer and the last move at the top; below, one panel per
player with their island (tile labels t0, t1, ... as the moves name them, free places with
their coordinates), their dock of workers with the rewards, drafted dice, resources, fame and
character. Three and four players are laid out for a phone's chat width by `propeller_phone`
from these pieces; `render.propeller` chooses the layout.
"""

from __future__ import annotations

import json
import math
from typing import Any

from PIL import Image, ImageDraw

import lang
from games.propeller import data as D
from games.propeller import words as W
from lang import N_, ngettext, pgettext, tr
from render.common import (
    CARD,
    INK,
    LINE,
    MUTED,
    PAPER,
    WHITE,
    Cache,
    Packed,
    circle_region,
    fit_text,
    fixed_palette,
    mix,
    poly_region,
    rect_region,
    seat_colour,
    seat_name,
    shade,
    strips_png,
    text,
    text_width,
)

WIDTH = 1000
TOP_H = 440
PANEL_W = 500
HEADER_H, FOOTER_H = 112, 136  # a panel: name and counts, the island, then the dock
ISLAND_MIN_H = 200
ISLAND_PAD = 8
MAX_RADIUS = 40
NAME_RADIUS = 36  # smaller hexes leave out the tile name (the key below the forge gives it)
SQ3 = math.sqrt(3)

GUILD_COLOURS = {"I": (128, 84, 44), "S": (112, 72, 188), "C": (200, 64, 132)}
FILL = {"capitol": (250, 236, 200), "depot": (190, 202, 214), "building": (240, 232, 212), "landmark": (238, 212, 128)}
SEA = (206, 226, 236)
FORGE_FILL = (92, 84, 76)
HIGHLIGHT = (255, 196, 0)
RES_COLOURS = ((232, 176, 30), (120, 130, 146), (176, 96, 48))  # energy, steel, part


def fitted(words: str, size: int, room: float, bold: bool = False, least: int = 3) -> int:
    """The type size, at most `size` and at least `size - least`, at which `words` fit `room`
    pixels: a longer language is set a little smaller rather than cut (at the smallest size it
    may still be cut, with an ellipsis). English is set as it always was."""
    if lang.current() == lang.ENGLISH:
        return size
    while size > 8 and least > 0 and text_width(words, size, bold) > room:
        size -= 1
        least -= 1
    return size


def hex_corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(60 * k)), cy + radius * math.sin(math.radians(60 * k)))
            for k in range(6)]


def polygon(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], fill: Any, outline: Any, width: int = 1) -> None:
    """A filled polygon with its outline drawn as a line (Pillow's wide polygon outlines are slow)."""
    draw.polygon(points, fill=fill)
    if outline is not None:
        draw.line([*points, points[0]], fill=outline, width=width)


def hex_centre(q: int, r: int, radius: float) -> tuple[float, float]:
    return 1.5 * radius * q, SQ3 * radius * (r + q / 2)


def kind_fill(kind: int, seat: int | None) -> tuple[int, int, int]:
    if kind == D.CAPITOL:
        return mix(FILL["capitol"], seat_colour(seat), 0.25) if seat is not None else FILL["capitol"]
    if kind in D.DEPOTS:
        return FILL["depot"]
    if kind in D.LANDMARKS:
        return FILL["landmark"]
    return FILL["building"]


def banner_icon(draw: ImageDraw.ImageDraw, x: float, y: float, guild: str, size: int, letter: int = 0) -> None:
    draw.rectangle((x, y, x + size, y + size * 0.8), fill=GUILD_COLOURS[guild])
    text(draw, (x + size / 2, y + size * 0.4), guild, letter or int(size * 0.7), WHITE, "mm", bold=True)


def hub_icon(draw: ImageDraw.ImageDraw, x: float, y: float, guild: str, size: int, letter: int = 0) -> None:
    """A hub: the guild's letter in a hexagon. With a large `letter` the hexagon is filled, as a
    banner is, so that the letter stands clear of an outline of its own colour."""
    if letter:
        polygon(draw, hex_corners(x, y, size / 2), GUILD_COLOURS[guild], INK, width=1)
        text(draw, (x, y), guild, letter, WHITE, "mm", bold=True)
        return
    polygon(draw, hex_corners(x, y, size / 2), WHITE, GUILD_COLOURS[guild], width=3)
    text(draw, (x, y), guild, int(size * 0.6), GUILD_COLOURS[guild], "mm", bold=True)


LARGE_TILE = 44  # from this hex size on, a tile's icons carry letters that read at a phone's chat width
ICON_LETTER = 14  # their size: a capital 10 px tall and more


def draw_tile(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, tile: dict[str, Any],
              seat: int | None = None, label: str = "", glow: bool = False,
              large: bool | None = None) -> dict[str, tuple[float, ...]]:
    """One hex tile: number and name, activation number, banner or hub, upgrades, worker, label.

    Returns the boxes it drew its parts in ("name", "number"), so that tests can check that no
    two cover each other. Rows from the top: kind number with banners and hub; the name; the
    activation number, production and worker; the label."""
    kind = tile["kind"]
    boxes: dict[str, tuple[float, ...]] = {}
    polygon(draw, hex_corners(cx, cy, radius), kind_fill(kind, seat), HIGHLIGHT if glow else shade(LINE, -0.3),
            width=4 if glow else 2)
    big = max(12, int(radius * 0.36))
    small = max(10, int(radius * 0.27))
    small_hex = radius < NAME_RADIUS  # no name: the middle row moves up, clear of the label
    # the top row, centred as a group: hub, kind number, banner; a second banner hangs under the first
    banners = [b for b in (tile.get("banner"), tile.get("ubanner")) if b]
    large = radius >= LARGE_TILE if large is None else large  # the ring of the chat layout asks for them
    icon = ICON_LETTER if large else 0
    flag = int(radius * 0.36) if large else max(8, int(radius * 0.3))
    hub = int(flag * 1.1)
    shown_kind = f"{kind:02d}" if kind != D.CAPITOL else tr("Cap")
    parts = ([("hub", hub)] if tile.get("hub") else []) + [("kind", text_width(shown_kind, big, True))]
    parts += [("flag0", flag)] if banners else []
    top_y = cy - radius * (0.46 if small_hex else 0.42 if large else 0.5)
    gap = 2 if radius < 40 else 3
    x = cx - (sum(w for _, w in parts) + gap * (len(parts) - 1)) / 2
    for part, w in parts:
        tall = big if part == "kind" else (hub * 0.87 if large else hub) if part == "hub" else flag * 0.8
        boxes[part] = (x, top_y - tall / 2, x + w, top_y + tall / 2)
        x += w + gap
    text(draw, ((boxes["kind"][0] + boxes["kind"][2]) / 2, top_y), shown_kind, big, INK, "mm", bold=True)
    if tile.get("hub"):
        hub_icon(draw, (boxes["hub"][0] + boxes["hub"][2]) / 2, top_y, tile["hub"], hub, icon)
    if banners:
        fx, fy = boxes["flag0"][0], boxes["flag0"][1]
        banner_icon(draw, fx, fy, banners[0], flag, icon)
        if len(banners) > 1:  # under the first; on a small hex, half over it like a stack of two
            dx, dy = (flag * 0.3, flag * 0.3) if small_hex else (0, flag * 0.8 + 2)
            banner_icon(draw, fx + dx, fy + dy, banners[1], flag, icon)
            boxes["flag1"] = (fx + dx, fy + dy, fx + dx + flag, fy + dy + flag * 0.8)
    row = cy + radius * (0.1 if small_hex else 0.24)  # the middle row: activation number, production, worker
    side = big + 2 if large else max(radius * 0.4, big + (2 if small_hex else 3))  # the number never stands out of its box
    if not small_hex:
        # the name keeps to the left of a hanging second banner
        right = boxes["flag1"][0] - 2 if "flag1" in boxes else cx + radius * 0.75
        left = cx - radius * 0.75
        nx, room = (left + right) / 2, right - left
        name = fit_text(short_name(kind), small, int(room))
        if name:
            under = max(boxes[part][3] for part in ("kind", "hub") if part in boxes)  # the large hub is the taller
            ny = max(cy - radius * 0.16, under + 1.5 + small / 2)
            text(draw, (nx, ny), name, small, MUTED, "mm")
            half = text_width(name, small) / 2
            boxes["name"] = (nx - half, ny - small / 2, nx + half, ny + small / 2)
            row = max(row, ny + small / 2 + 1.5 + max(side / 2, ICON_LETTER * 0.68 if large else 0))
    number = tile["number"]
    if kind != D.CAPITOL and number >= 0:
        shown = "?" if number == 0 else str(number)
        if tile.get("wild"):
            shown = "W"
        # as far left as the hex's slanted side allows at the box's lower edge
        left = cx - (radius - (row + side / 2 - cy) / SQ3) + 1.5
        box = (left, row - side / 2, left + side, row + side / 2)
        draw.rounded_rectangle(box, radius=4, fill=WHITE if not tile.get("wild") else HIGHLIGHT, outline=INK, width=2)
        text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), shown, big, INK, "mm", bold=True)
        boxes["number"] = box
    worker = tile.get("worker", 0)
    wr = radius * 0.145 if large else max(5 if small_hex else 6, radius * 0.18)  # large: clear of a hanging banner
    wx = cx + (radius - (row + wr * 1.3 - cy) / SQ3) - 1.5 - wr * 1.3  # by the hex's slanted side
    if seat is not None and tile["kind"] not in D.DEPOTS:
        colour = seat_colour(seat)
        wy = row
        if worker == 1:
            draw.ellipse((wx - wr, wy - wr * 1.3, wx + wr, wy + wr * 1.3), fill=colour, outline=INK, width=2)
        elif worker == 2:
            draw.ellipse((wx - wr * 1.3, wy - wr * 0.6, wx + wr * 1.3, wy + wr * 0.6),
                         fill=mix(colour, WHITE, 0.45), outline=INK, width=1)
        else:
            draw.ellipse((wx - wr, wy - wr, wx + wr, wy + wr), outline=MUTED, width=1)
        boxes["worker"] = (wx - wr * 1.3, wy - wr * 1.3, wx + wr * 1.3, wy + wr * 1.3)
    if tile.get("prod"):
        letter = tile["prod"]
        colour = RES_COLOURS["esp".index(letter)]
        # between the number and the worker, as large as the gap allows
        lo = boxes["number"][2] if "number" in boxes else cx - radius * 0.5
        hi = boxes["worker"][0] if "worker" in boxes else cx + radius * 0.5
        pr = max(3.0, min(small * 0.8, (hi - lo) / 2 - 1.5))  # on the smallest hexes the gap closes: a dot still shows
        px = (lo + hi) / 2
        if large:  # the capital alone, large enough to read (the key says what a lettered dot means)
            pr = ICON_LETTER * 0.68
            draw.ellipse((px - pr, row - pr, px + pr, row + pr), fill=colour, outline=INK)
            text(draw, (px, row), tile["prod"].upper(), ICON_LETTER, WHITE, "mm", bold=True)
        else:
            draw.ellipse((px - pr, row - pr, px + pr, row + pr), fill=colour, outline=INK)
            text(draw, (px, row), "+" + tile["prod"], max(8, int(pr * 1.2)), WHITE, "mm", bold=True)
        boxes["prod"] = (px - pr, row - pr, px + pr, row + pr)
    if label:
        size = ICON_LETTER if large else max(10, int(radius * 0.32))
        w = text_width(label, size) + 8
        ly = cy + radius * (0.64 if small_hex else 0.7 if large else 0.69)
        half = size * (0.55 if large else 0.6)
        pill_box = (cx - w / 2, ly - half, cx + w / 2, ly + half)
        draw.rounded_rectangle(pill_box, radius=5, fill=INK)
        text(draw, (cx, ly), label, size, WHITE, "mm")
        boxes["label"] = pill_box
    return boxes


def short_name(kind: int) -> str:
    """The name of a tile's kind as its hex has room for: short, and in a language of its own length."""
    return {
        1: pgettext("tile", "Capitol"),
        2: pgettext("tile", "Dep.wkr"),
        3: pgettext("tile", "Dep.stl"),
        4: pgettext("tile", "Dep.part"),
        5: pgettext("tile", "Tinker"),
        6: pgettext("tile", "Refinery"),
        7: pgettext("tile", "Foundry"),
        8: pgettext("tile", "Hotel"),
        9: pgettext("tile", "Smelter"),
        10: pgettext("tile", "Factory"),
        11: pgettext("tile", "Radio"),
        12: pgettext("tile", "Warehse"),
        13: pgettext("tile", "Crystal"),
        14: pgettext("tile", "Apartmts"),
        15: pgettext("tile", "Parcel"),
        16: pgettext("tile", "Gardens"),
        17: pgettext("tile", "Theater"),
        18: pgettext("tile", "Lab"),
        19: pgettext("tile", "Archives"),
        20: pgettext("tile", "News"),
        21: pgettext("tile", "Coffee"),
        22: pgettext("tile", "Zeppelin"),
        23: pgettext("tile", "Observ."),
    }[kind]


_tiles = Cache(size=1024, max_bytes=12 << 20)  # tiles drawn once per look, pasted wherever they stand


def paste_tile(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, tile: dict[str, Any],
               seat: int | None = None, label: str = "", glow: bool = False,
               large: bool | None = None) -> dict[str, tuple[float, ...]]:
    """`draw_tile` through a cache of tile pictures: the same tile in the same state is drawn
    once and pasted after; returns the boxes of its parts where it now stands."""
    key = json.dumps([lang.current(), tile, round(radius, 3), seat, label, glow, large], sort_keys=True)

    def build() -> tuple[Image.Image, dict[str, tuple[float, ...]]]:
        size = math.ceil(2 * radius) + 10
        image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        return image, draw_tile(ImageDraw.Draw(image), size / 2, size / 2, radius, tile, seat, label, glow, large)

    image, boxes = _tiles.get(key, build)
    x, y = round(cx - image.width / 2), round(cy - image.height / 2)
    draw._image.paste(image, (x, y), image)  # noqa: SLF001 - Pillow's ImageDraw has no public way to its image
    return {name: (box[0] + x, box[1] + y, box[2] + x, box[3] + y) for name, box in boxes.items()}


# -- forge board ----------------------------------------------------------------------------
def _die(draw: ImageDraw.ImageDraw, x: float, y: float, value: int, size: int, fill=WHITE) -> None:
    draw.rounded_rectangle((x - size / 2, y - size / 2, x + size / 2, y + size / 2), radius=4, fill=fill,
                           outline=INK, width=2)
    text(draw, (x, y), str(value), int(size * 0.7), INK, "mm", bold=True)


SLOT_R = 12  # the circle of a slot letter, outside its tile
SLOT_SIZE = 18  # slot letters in the regular face: bold fills the gap under the dot of an i, so that it reads as l


def _forge(draw: ImageDraw.ImageDraw, view: dict[str, Any], ox: float, oy: float, radius: float,
           drawn: dict[str, Any], large: bool = False) -> None:
    """The forge and its ring; `drawn` collects the slot circles, the tiles' boxes and each forge
    space's slot letters."""
    cx, cy = hex_centre(0, 0, radius)
    polygon(draw, hex_corners(ox + cx, oy + cy, radius), shade(FORGE_FILL, -0.2), INK, width=2)
    forge = tr("FORGE")
    text(draw, (ox, oy - 10), forge, fitted(forge, 15, 1.6 * radius, True), WHITE, "mm", bold=True)
    change = tr("±1: 1 energy")
    text(draw, (ox, oy + 10), change, fitted(change, 12, 1.7 * radius), WHITE, "mm")
    drawn["forge"] = {}
    for face, (q, r) in D.FORGE.items():
        x, y = hex_centre(q, r, radius)
        x, y = ox + x, oy + y
        polygon(draw, hex_corners(x, y, radius), FORGE_FILL, INK, width=2)
        text(draw, (x, y - radius * 0.58), str(face), 18, (230, 220, 200), "mm", bold=True)
        letters = " ".join(D.SLOTS[slot] for slot in sorted(D.SLOTS_BY_VALUE[face]))
        text(draw, (x, y + radius * 0.64), letters, 14, (236, 226, 206), "mm")
        drawn["forge"][face] = letters.split()
        count = view["forge"][face - 1]
        for k in range(count):
            _die(draw, x + (k - (count - 1) / 2) * 26, y + 2, face, 24,
                 fill=HIGHLIGHT if view.get("bonus_die") == face and view["phase"] == "bonus" else WHITE)
    drawn["slots"], drawn["ring"] = {}, {}
    for slot, (q, r) in enumerate(D.RING):
        x, y = hex_centre(q, r, radius)
        x, y = ox + x, oy + y
        tile = view["offer"][slot]
        if tile is None:
            polygon(draw, hex_corners(x, y, radius), SEA, LINE, width=2)
            boxes = {}
        else:
            boxes = paste_tile(draw, x, y, radius, tile, large=large or None)
        length = math.hypot(x - ox, y - oy)
        reach = radius + SLOT_R + 1  # beyond the hex's corners, so the circle stays off the tile
        tx, ty = x + (x - ox) / length * reach, y + (y - oy) / length * reach
        draw.ellipse((tx - SLOT_R, ty - SLOT_R, tx + SLOT_R, ty + SLOT_R), fill=INK)
        text(draw, (tx, ty), D.SLOTS[slot], SLOT_SIZE, WHITE, "mm")
        drawn["slots"][D.SLOTS[slot]] = (tx, ty, SLOT_R)
        drawn["ring"][D.SLOTS[slot]] = boxes


def _card(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, card: dict[str, Any],
          payable: bool | None = None) -> None:
    outline = (60, 150, 60) if payable else LINE
    draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=CARD, outline=outline, width=3 if payable else 2)
    text(draw, (x + 8, y + 6), f"#{card['id']}  {'I' * card['level']}", 16, INK, bold=True)
    text(draw, (x + w - 8, y + 6), tr("{vp} VP").format(vp=card["vp"]), 16, INK, "ra", bold=True)
    cx = x + 10
    for index, amount in enumerate(card["cost"]):
        for _ in range(amount):
            draw.ellipse((cx, y + 30, cx + 14, y + 44), fill=RES_COLOURS[index], outline=INK)
            cx += 17
    code = card["upgrade"]
    words = {"W": N_("wild die"), "Pe": N_("+energy"), "Ps": N_("+steel"), "Pp": N_("+part")}.get(code)
    if words is None:
        banner_icon(draw, x + w - 30, y + 28, code[1], 20)
        words = N_("banner")
    words = tr(words)
    room = w - 10 - 17 * sum(card["cost"]) - (36 if code[0] == "B" else 8)
    text(draw, (x + w - (36 if code[0] == "B" else 8), y + 30), words, fitted(words, 14, room, least=4), MUTED, "ra",
         width=None if lang.current() == lang.ENGLISH else room)


FORGE_XY, FORGE_R = (205, 220), 42


FORGE_BOX = (0, 0, 414, TOP_H)
# What these caches keep for a table must outlast the pictures of the other tables a process draws
# for in between: they are sized for TABLES tables, and their pictures are kept deflated (`Packed`,
# a tenth to a fiftieth of their pixels), so that a budget of raw pixels for a few tables now holds
# hundreds. The fastest level: a move draws a panel or two again, an animation dozens.
FAST = 1
TABLES = 200
_forges = Cache(size=TABLES, max_bytes=TABLES * (60 << 10), per_table=True)  # the forge and ring change only with the dice, the offer and the value in play


def lit_slots(view: dict[str, Any]) -> set[int]:
    """The ring slots the acting player may take from with the value in play."""
    if view["phase"] != "turn" or view["step"] != "act":
        return set()
    value = view["players"][view["current"]]["value"]
    return set(D.SLOTS_BY_VALUE.get(value, ())) if value else set()


def forge_image(view: dict[str, Any], large: bool = False) -> tuple[Packed, dict[str, Any]]:
    """The forge and ring without highlights (drawn over it by `_top`), cached by what it shows;
    `large`: the ring's tiles with letters that read at chat width."""
    key = json.dumps([lang.current(), view["offer"], view["forge"], view["phase"] == "bonus" and view.get("bonus_die"),
                      large], sort_keys=True)

    def build() -> tuple[Packed, dict[str, Any]]:
        image = Image.new("RGB", FORGE_BOX[2:], PAPER)
        drawn: dict[str, Any] = {}
        _forge(ImageDraw.Draw(image), view, FORGE_XY[0], FORGE_XY[1], FORGE_R, drawn, large)
        return Packed(image, FAST), drawn

    return _forges.get(key, build)


_offers = Cache(size=TABLES, max_bytes=TABLES * (12 << 10), per_table=True)  # the Blueprint offer changes only when a card is taken


def offer_image(offer: list[list[dict[str, Any]]], w: int, h: int) -> Image.Image:
    def build() -> Packed:
        image = Image.new("RGB", (3 * (w + 8), 2 * (h + 8)), PAPER)
        d = ImageDraw.Draw(image)
        for level, cards in enumerate(offer):
            for i, card in enumerate(cards):
                _card(d, i * (w + 8), level * (h + 8), w, h, card)
        return Packed(image, FAST)

    return _offers.get(json.dumps([lang.current(), offer, w, h], sort_keys=True), build).image()


def _top(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], drawn: dict[str, Any]) -> None:
    forge, where = forge_image(view)
    draw._image.paste(forge.image(), FORGE_BOX[:2])  # noqa: SLF001 - Pillow's ImageDraw has no public way to its image
    drawn.update(where)
    for slot in lit_slots(view):  # the tiles the value in play can take, framed as a glowing tile is
        if view["offer"][slot] is not None:
            x, y = hex_centre(*D.RING[slot], FORGE_R)
            corners = hex_corners(FORGE_XY[0] + x, FORGE_XY[1] + y, FORGE_R)
            draw.line([*corners, corners[0]], fill=HIGHLIGHT, width=4)
    x0 = 420
    y = 12
    text(draw, (x0, y), headline(view, names), 20, INK, bold=True, width=WIDTH - x0 - 12)
    y += 30
    line = stacks_line(view)[0]
    legend = _legend(draw, WIDTH - 12, y + 1)
    text(draw, (x0, y), line, fitted(line, 15, WIDTH - 12 - legend - 8 - x0), MUTED)
    y += 26
    w, h = 184, 52
    draw._image.paste(offer_image(view["bp_offer"], w, h), (x0, y))  # noqa: SLF001 - Pillow's ImageDraw has no public way to its image
    y += 2 * (h + 8) + 8
    bottom = TOP_H - 34 if view["phase"] == "characters" and view.get("dealt") else TOP_H - 4
    for words, size, colour, bold, indent, line_h in turn_lines(view, names, bottom - y):
        text(draw, (x0 + indent, y), words, size, colour, bold=bold, width=WIDTH - x0 - 12 - indent)
        y += line_h
    if view["phase"] == "characters" and view.get("dealt"):
        text(draw, (x0, TOP_H - 30), dealt_line(view)[0], 15, INK)


def stacks_line(view: dict[str, Any]) -> tuple[str, str, str]:
    """The line of the stacks, and what stands before the level I and before the level II stack in it."""
    first, second = f"I {view['bp_stacks'][0]}", f"II {view['bp_stacks'][1]}"
    line = ngettext("Draw stack {tiles} tiles · Blueprint stacks {first}, {second}",
                    "Draw stack {tiles} tiles · Blueprint stacks {first}, {second}", view["stack"])
    whole = line.format(tiles=view["stack"], first=first, second=second)
    marked = line.format(tiles=view["stack"], first="\x00", second="\x01")
    return whole, marked.split("\x00")[0], marked.split("\x01")[0].replace("\x00", first)


def dealt_line(view: dict[str, Any]) -> tuple[str, str]:
    """The line of the characters dealt, and what stands before their names in it."""
    marked = tr("Characters dealt: {names}").format(names="\x00")
    return marked.replace("\x00", ", ".join(view["dealt"])), marked.split("\x00")[0]


LAST_X = 420  # the last-move box, right of the forge and under the Blueprint offer
LAST_TOP = 12 + 30 + 26 + 2 * (52 + 8) + 8


def turn_lines(view: dict[str, Any], names: list[str], room: float,
               width: int = WIDTH - LAST_X - 12) -> list[tuple[str, int, Any, bool, int, int]]:
    """The last turn whole, as the text recap tells it: who, then every step with what it did, cut
    between words into the box's lines (words, size, colour, bold, indent, line height). Smaller
    type when the turn is long; when even that cannot hold it, its middle steps are counted, not
    told, as the recap does with a long turn."""
    last = view.get("last") or {}
    if not last.get("move"):
        return []
    who = seat_name(names, last["seat"]) if last.get("seat") is not None else ""
    steps = [(step, W.say_all(said)) for step, said in last.get("turn") or []] or [
        (last["move"], W.say_all(last.get("notes") or []))]
    for size, line_h in ((15, 20), (13, 17)):
        def told(chosen: list[tuple[str, list[str]]], size: int = size, line_h: int = line_h) -> list[tuple]:
            lines = [(tr("{name}'s turn:").format(name=who) if len(steps) > 1 else f"{who}: {steps[0][0]}", size + 1,
                      INK, True, 0, line_h + 3)]
            for step, said in chosen:
                words = " — ".join([step, "; ".join(said)]) if said else step
                if len(steps) == 1:
                    words = "; ".join(said)
                    if not words:
                        continue
                for k, piece in enumerate(wrap(words, size, width - 8 - 12, " ")):
                    lines.append((("· " if k == 0 else "  ") + piece, size, INK,
                                  False, 8, line_h))
            return lines

        lines = told(steps)
        if sum(line[5] for line in lines) <= room:
            return lines
    keep = len(steps)
    while keep > 2:
        keep -= 1
        head, tail = steps[:keep // 2], steps[len(steps) - (keep - keep // 2):]
        more = len(steps) - keep
        lines = told([*head, (ngettext("... {count} more steps ...", "... {count} more steps ...", more).format(count=more),
                              []), *tail])
        if sum(line[5] for line in lines) <= room:
            return lines
    return lines


def _legend(draw: ImageDraw.ImageDraw, right: float, y: float) -> float:
    """Which coloured dot is which resource, right-aligned at `right`; returns its width."""
    x = right
    for index in (2, 1, 0):
        x -= text(draw, (x, y), W.resource(index), 13, MUTED, "ra") + 4
        draw.ellipse((x - 13, y + 1, x - 1, y + 13), fill=RES_COLOURS[index], outline=INK)
        x -= 22
    return right - x


def headline(view: dict[str, Any], names: list[str]) -> str:
    if view.get("ended"):
        return view["ended"]
    if view["phase"] == "over":
        final = view["final"]
        best = [seat_name(names, s) for s, rank in enumerate(final["ranks"]) if rank == 1]
        return ngettext("Game over: {winners} wins", "Game over: {winners} win", len(best)).format(
            winners=W.and_join(best))
    if view["phase"] == "characters":
        return tr("{name} chooses a character").format(name=seat_name(names, view["current"]))
    if view["phase"] == "bonus":
        return tr("Round {round}: everyone uses the bonus die {value}").format(round=view["round"],
                                                                               value=view["bonus_die"])
    who = seat_name(names, view["current"])
    value = view["players"][view["current"]]["value"]
    step = HEADLINES.get(view["step"])
    if step is None:
        return f"Round {view['round']}: {who} "  # verbatim: no such step is reached
    return tr(step).format(round=view["round"], name=who, value=value)


HEADLINES = {
    "pick": N_("Round {round}: {name} drafts a die"), "act": N_("Round {round}: {name} acts with a {value}"),
    "run": N_("Round {round}: {name} activates with a {value}"),
    "blueprint": N_("Round {round}: {name} may complete a Blueprint"),
    "take": N_("Round {round}: {name} takes a Blueprint"),
}


# -- player panels ----------------------------------------------------------------------------
def frontier(player: dict[str, Any]) -> list[tuple[int, int]]:
    """The empty hexes touching the island: every place where a tile may be claimed."""
    cells = {(t["q"], t["r"]) for t in player["island"]}
    return sorted({cell for q, r in cells for cell in D.neighbours(q, r) if cell not in cells})


def span(player: dict[str, Any]) -> tuple[float, float, float, float]:
    """The island with its free places, in units of one hex radius: left, top, right, bottom."""
    cells = [(t["q"], t["r"]) for t in player["island"]] + frontier(player)
    xs = [1.5 * q for q, _ in cells]
    ys = [SQ3 * (r + q / 2) for q, r in cells]
    return min(xs) - 1, min(ys) - SQ3 / 2, max(xs) + 1, max(ys) + SQ3 / 2


def table_radius(view: dict[str, Any]) -> float:
    """One hex size for every island of the table: the largest that fits the widest island,
    with its free places, across a panel."""
    widths = [right - left for left, _, right, _ in map(span, view["players"])]
    return min(MAX_RADIUS, (PANEL_W - 20 - 2 * ISLAND_PAD) / max(widths))


def island_height(player: dict[str, Any], radius: float) -> int:
    """Height of the island box that holds the island and its free places at that hex size."""
    _, top, _, bottom = span(player)
    return max(ISLAND_MIN_H, math.ceil((bottom - top) * radius) + 2 * ISLAND_PAD)


def _island(draw: ImageDraw.ImageDraw, player: dict[str, Any], seat: int, box: tuple[int, int, int, int],
            radius: float, fresh: set[str]) -> dict[tuple[int, int], tuple[float, float]]:
    """The island centred in `box`, every free place with its coordinates; returns the centre of
    each free place drawn."""
    x0, y0, x1, y1 = box
    tiles = player["island"]
    left, top, right, bottom = span(player)
    ox = (x0 + x1) / 2 - (left + right) / 2 * radius
    oy = (y0 + y1) / 2 - (top + bottom) / 2 * radius
    spots = {}
    for q, r in frontier(player):
        x, y = hex_centre(q, r, radius)
        _paste_free_place(draw, ox + x, oy + y, radius, q, r)
        spots[(q, r)] = (ox + x, oy + y)
    for tile in tiles:
        x, y = hex_centre(tile["q"], tile["r"], radius)
        paste_tile(draw, ox + x, oy + y, radius - 1, tile, seat, tile["label"], glow=tile["label"] in fresh)
    _links(draw, tiles, radius, ox, oy)
    return spots


_free_places = Cache(size=512, max_bytes=4 << 20)


def _paste_free_place(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, q: int, r: int) -> None:
    """A free place: pale sea with its coordinates, drawn once per size and pasted after."""
    def build() -> Image.Image:
        size = math.ceil(2 * radius) + 6
        image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        polygon(d, hex_corners(size / 2, size / 2, radius - 1), mix(SEA, WHITE, 0.4), (176, 200, 214))
        text(d, (size / 2, size / 2), f"{q},{r}", max(11, int(radius * 0.32)), (96, 122, 140), "mm")
        return image

    image = _free_places.get((q, r, round(radius, 3)), build)
    draw._image.paste(image, (round(cx - image.width / 2), round(cy - image.height / 2)), image)  # noqa: SLF001 - Pillow's ImageDraw has no public way to its image


def _links(draw: ImageDraw.ImageDraw, tiles: list[dict[str, Any]], radius: float, ox: float, oy: float) -> None:
    """A bar of the guild's colour across each shared edge where a banner meets a hub of its guild."""
    at = {(t["q"], t["r"]): t for t in tiles}
    for tile in tiles:
        banners = {b for b in (tile.get("banner"), tile.get("ubanner")) if b}
        for cell in D.neighbours(tile["q"], tile["r"]):
            other = at.get(cell)
            if other is None or other.get("hub") not in banners:
                continue
            ax, ay = hex_centre(tile["q"], tile["r"], radius)
            bx, by = hex_centre(cell[0], cell[1], radius)
            mx, my = ox + (ax + bx) / 2, oy + (ay + by) / 2
            dx, dy = (bx - ax) / (SQ3 * radius), (by - ay) / (SQ3 * radius)
            half = radius * 0.3
            draw.line((mx - dy * half, my + dx * half, mx + dy * half, my - dx * half),
                      fill=GUILD_COLOURS[other["hub"]], width=max(4, int(radius * 0.14)))


ROW_WORDS = {"fame3": N_("+3 fame"), "any2": N_("2 more buildings"), "depot2": N_("2 Depots again")}
COLUMN_WORDS = {"part": N_("+1 part"), "es": N_("+1 energy +1 steel"), "tile": N_("a building from the stack"),
                "deploy": N_("deploy a worker")}
ROW_LEGEND = {"fame3": N_("+3 fame"), "any2": N_("activate two more buildings, any number"),
              "depot2": N_("use up to two Depots again")}


def dock_legend() -> tuple[str, str]:
    """The two lines of the dock's rewards, in the current language."""
    return (tr("Dock, a full column gives: {rewards}").format(rewards=" · ".join(
                f"{D.COLUMN_LETTERS[c]} {tr(COLUMN_WORDS[r])}" for c, r in enumerate(D.COLUMN_REWARDS))),
            tr("Dock, a full row gives: {rewards}").format(rewards=" · ".join(
                tr("row {number} {reward}").format(number=k + 1, reward=tr(ROW_LEGEND[r]))
                for k, r in enumerate(D.ROW_REWARDS))))


def _reward_icon(draw: ImageDraw.ImageDraw, reward: str, x: float, y: float, seat: int, faded: bool) -> None:
    """The picture of a column's reward, centred at (x, y): a part, energy and steel, a tile, a worker."""
    def tone(colour):
        return mix(colour, PAPER, 0.6) if faded else colour
    if reward == "part":
        draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=tone(RES_COLOURS[2]), outline=tone(INK))
    elif reward == "es":
        for dx, colour in ((-7, RES_COLOURS[0]), (7, RES_COLOURS[1])):
            draw.ellipse((x + dx - 6, y - 6, x + dx + 6, y + 6), fill=tone(colour), outline=tone(INK))
    elif reward == "tile":
        polygon(draw, hex_corners(x, y, 8), tone(FILL["building"]), tone(INK))
    else:
        draw.ellipse((x - 5, y - 7, x + 5, y + 7), fill=tone(seat_colour(seat)), outline=tone(INK), width=2)


def _dock(draw: ImageDraw.ImageDraw, player: dict[str, Any], seat: int, x0: float, y0: float,
          large: bool = False) -> None:
    step = 34
    colour = seat_colour(seat)
    for index, here in enumerate(player["dock"]):
        col, row = index % D.COLUMNS, index // D.COLUMNS
        x, y = x0 + 14 + col * step, y0 + 14 + row * step
        draw.rectangle((x - 14, y - 14, x + 14, y + 14), fill=(226, 216, 196), outline=LINE)
        if here:
            draw.ellipse((x - 9, y - 11, x + 9, y + 11), fill=colour, outline=INK, width=2)
    cleared = set(player["cleared"])
    for col, reward in enumerate(D.COLUMN_REWARDS):
        done = f"column {D.COLUMN_LETTERS[col]}" in cleared
        _reward_icon(draw, reward, x0 + 14 + col * step, y0 + 3 * step + 6, seat, done)
        text(draw, (x0 + 14 + col * step, y0 - (16 if large else 14)), D.COLUMN_LETTERS[col], 16 if large else 12,
             INK, "ma", bold=True)
    for row, reward in enumerate(D.ROW_REWARDS):
        done = f"row {row + 1}" in cleared
        words = tr(ROW_WORDS[reward])
        text(draw, (x0 + 4 * step + 2, y0 + 14 + row * step), words, fitted(words, 15 if large else 13, DOCK_ROW_ROOM - 8),
             MUTED if not done else (170, 160, 150), "lm", width=DOCK_ROW_ROOM)


def _fame_track(draw: ImageDraw.ImageDraw, player: dict[str, Any], seat: int, x: float, y: float) -> None:
    """The 0-15 fame track: trumpet spaces in gold, the tracker in the seat's colour."""
    for space in range(D.TRACK_SPACES):
        fill = HIGHLIGHT if space in D.TRUMPETS else WHITE
        draw.rectangle((x + space * 10, y, x + space * 10 + 9, y + 14), fill=fill, outline=LINE)
    spot = x + player["track"] * 10
    draw.ellipse((spot, y + 2, spot + 9, y + 12), fill=seat_colour(seat), outline=INK)


FAME_ROOM = PANEL_W - 28 - 16 * 10 - 12  # beside the fame track
DOCK_ROW_ROOM = 300 - 18 - 4 * 34 - 4  # from the dock's right edge to the drafted dice


def header_lines(player: dict[str, Any]) -> list[tuple[str, int, bool, int]]:
    """The panel's lines under the name, as (words, size, bold, room in pixels): the fame, the
    resources and links, the Blueprints. Each is short enough to be drawn whole."""
    fame = tr("Fame {fame}").format(fame=player["fame"])
    if player["tokens"]:
        fame += "  " + tr("(15+ ×{tokens}, track {track})").format(tokens=player["tokens"], track=player["track"])
    energy, steel, parts = player["resources"]
    stock = ngettext("{energy} energy · {steel} steel · {parts} part · links {links} · upgrades aside {aside}",
                     "{energy} energy · {steel} steel · {parts} parts · links {links} · upgrades aside {aside}",
                     parts).format(energy=energy, steel=steel, parts=parts, links=player["links"],
                                   aside=len(player["unused"]))
    done_vp = sum(c["vp"] for c in player["done"])
    cards = tr("Blueprints: {hand} in hand, {done} done ({vp} VP)").format(hand=player["hand"], done=len(player["done"]),
                                                                           vp=done_vp)
    return [(fame, fitted(fame, 17, FAME_ROOM, True), True, FAME_ROOM),
            (stock, fitted(stock, 15, PANEL_W - 28), False, PANEL_W - 28),
            (cards, fitted(cards, 14, PANEL_W - 28), False, PANEL_W - 28)]


def _panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], seat: int, x0: int, y0: int,
           height: int, radius: float, width: int = PANEL_W) -> dict[tuple[int, int], tuple[float, float]]:
    PANEL_H = height  # noqa: N806 - the panel's height, as the layout names it
    player = view["players"][seat]
    colour = seat_colour(seat)
    acting = seat in view["to_act"]
    draw.rectangle((x0 + 4, y0 + 4, x0 + width - 4, y0 + PANEL_H - 4),
                   outline=colour if acting else LINE, width=4 if acting else 2)  # on the panel's own paper
    char = player["character"]
    right = ""
    if char:
        right = [tr("{name} · no power yet"), tr("{name} · basic power"), tr("{name} · advanced power")][
            player["level"]].format(name=char.title())
        text(draw, (x0 + width - 14, y0 + 14), right, 15, INK, "ra")
    name = seat_name(names, seat) + ("  " + tr("★ first") if view["first"] == seat and view["phase"] != "over" else "")
    text(draw, (x0 + 14, y0 + 12), name, 20, colour, bold=True, width=width - 40 - text_width(right, 15))
    for k, (words, size, bold, room) in enumerate(header_lines(player)):
        text(draw, (x0 + 14, y0 + 40 + k * 23), words, size, INK if k < 2 else MUTED, bold=bold, width=room)
    _fame_track(draw, player, seat, x0 + width - 14 - 16 * 10, y0 + 42)
    fresh = _fresh(view, seat)
    box = (x0 + 10, y0 + HEADER_H, x0 + width - 10, y0 + PANEL_H - FOOTER_H)
    island, spots = _island_image(player, seat, box[2] - box[0], box[3] - box[1], radius, fresh)
    draw._image.paste(island.image(), box[:2])  # noqa: SLF001 - Pillow's ImageDraw has no public way to its image
    spots = {cell: (x + box[0], y + box[1]) for cell, (x, y) in spots.items()}
    _dock(draw, player, seat, x0 + 18, y0 + PANEL_H - 124, large=width > PANEL_W)
    dx = x0 + 300
    text(draw, (dx, y0 + PANEL_H - 116), tr("Dice drafted"), 13, MUTED, width=width - 310)
    for i, value in enumerate(player["drafted"]):
        _die(draw, dx + 14 + i * 32, y0 + PANEL_H - 84, value, 26)
    tasks = player.get("tasks") or []
    if acting and view["phase"] == "bonus":
        bonus = tr("bonus die as {value}").format(value=player["value"] or "?")
        text(draw, (dx, y0 + PANEL_H - 58), bonus, fitted(bonus, 14, width - 310, True), INK, bold=True)
    if tasks:
        choosing = tr("choosing: {choices}").format(choices=", ".join(task_name(t) for t in tasks))
        text(draw, (dx, y0 + PANEL_H - 38), choosing, fitted(choosing, 13, width - 310), INK, width=width - 310)
    if view["phase"] == "over":
        final = view["final"]["details"][seat]
        score = tr("Score {total} (rank {rank})").format(total=final["total"], rank=view["final"]["ranks"][seat])
        text(draw, (dx, y0 + PANEL_H - 58), score, fitted(score, 17, width - 310, True), INK, bold=True)
    return spots


def task_name(task: str) -> str:
    """A choice waiting inside an effect, as the panel names it."""
    return {"deploy": pgettext("choice", "deploy"), "place": pgettext("choice", "place"),
            "any": pgettext("choice", "any"), "depot": pgettext("choice", "depot"),
            "gain": pgettext("choice", "gain"), "value": pgettext("choice", "value")}.get(task, task)


# four seats a table, and a few more for the panels a move changed
# (two-player tables only: three and four are drawn by propeller_phone)
_panels = Cache(size=3 * TABLES, max_bytes=3 * TABLES * (32 << 10), per_table=True)  # a player's panel changes only when that player does something
_islands = Cache(size=3 * TABLES, max_bytes=3 * TABLES * (16 << 10), per_table=True)  # an island changes only when a tile, worker or upgrade does


def _fresh(view: dict[str, Any], seat: int) -> set[str]:
    """The labels of the tiles the last move placed on this seat's island (drawn lit)."""
    last = view.get("last") or {}
    if last.get("seat") != seat:
        return set()
    return {note.rsplit(" as ", 1)[1] for note in last.get("notes") or []
            if note.startswith("placed ") and " as t" in note}


def _island_key(player: dict[str, Any], seat: int, width: int, height: int, radius: float, fresh: set[str]) -> str:
    return json.dumps([lang.current(), seat, width, height, radius, player["island"], sorted(fresh)], sort_keys=True)


def _island_image(player: dict[str, Any], seat: int, width: int, height: int, radius: float,
                  fresh: set[str]) -> tuple[Packed, dict[tuple[int, int], tuple[float, float]]]:
    """The island on its panel's paper, and the centre of each free place in that image."""
    key = _island_key(player, seat, width, height, radius, fresh)

    def build() -> tuple[Packed, dict[tuple[int, int], tuple[float, float]]]:
        image = Image.new("RGB", (width, height), mix(PAPER, seat_colour(seat), 0.06))
        spots = _island(ImageDraw.Draw(image), player, seat, (0, 0, width, height), radius, fresh)
        return Packed(image, FAST), spots

    return _islands.get(key, build)


def panel_key(view: dict[str, Any], names: list[str], seat: int, height: int, radius: float) -> str:
    final = view.get("final")
    last = view.get("last") or {}
    return json.dumps([lang.current(), seat, seat_name(names, seat), height, radius, view["players"][seat], seat in view["to_act"],
                       view["first"] == seat, view["phase"], final and final["details"][seat],
                       final and final["ranks"][seat], last if last.get("seat") == seat else None], sort_keys=True)


def panel_image(view: dict[str, Any], names: list[str], seat: int, height: int,
                 radius: float, width: int = PANEL_W) -> tuple[Image.Image, dict[tuple[int, int], tuple[float, float]]]:
    image = Image.new("RGB", (width, height), mix(PAPER, seat_colour(seat), 0.06))
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, width - 1, height - 1), outline=PAPER, width=4)  # the margin between panels
    spots = _panel(d, view, names, seat, 0, 0, height, radius, width)
    return image, spots


def _packed_panel(view: dict[str, Any], names: list[str], seat: int, height: int,
                  radius: float) -> tuple[Packed, dict[tuple[int, int], tuple[float, float]]]:
    image, spots = panel_image(view, names, seat, height, radius)
    return Packed(image, FAST), spots


def wrap(words: str, size: int, width: int, sep: str = " · ") -> list[str]:
    """`words` cut at `sep` into lines of at most `width` pixels."""
    lines: list[str] = []
    for piece in words.split(sep):
        if lines and text_width(lines[-1] + sep + piece, size) <= width:
            lines[-1] += sep + piece
        else:
            lines.append(piece)
    return lines


LEGEND_SIZE = 14


def legend_lines(view: dict[str, Any]) -> list[str]:
    """The key under the forge: the dock's rewards, and the name of every tile number on the table."""
    kinds = {t["kind"] for p in view["players"] for t in p["island"]}
    kinds |= {t["kind"] for t in view["offer"] if t}
    kinds.discard(D.CAPITOL)
    names = tr("Tiles: {names}").format(names=" · ".join(f"{kind:02d} {W.kind_name(kind)}" for kind in sorted(kinds)))
    return [line for words in dock_legend() for line in wrap(words, LEGEND_SIZE, WIDTH - 24)] + wrap(
        names, LEGEND_SIZE, WIDTH - 24)


def _legend_band(draw: ImageDraw.ImageDraw, lines: list[str], y0: int) -> None:
    for k, line in enumerate(lines):
        text(draw, (12, y0 + 6 + k * LEGEND_LINE), line, LEGEND_SIZE, MUTED, width=WIDTH - 24)


LEGEND_LINE = 19


def _final(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], x0: int, y0: int) -> None:
    final = view["final"]
    text(draw, (x0, y0), tr("Final score by source"), 17, INK, bold=True, width=WIDTH - x0 - 10)
    y = y0 + 26
    head = final_heads()
    cols = [x0, x0 + 130, x0 + 185, x0 + 235, x0 + 290, x0 + 350, x0 + 410]
    for c, words in zip(cols, head, strict=True):
        text(draw, (c, y), words, 13, MUTED, width=55)
    y += 20
    for seat in sorted(range(len(final["ranks"])), key=lambda s: final["ranks"][s]):
        d = final["details"][seat]
        row = (f"{final['ranks'][seat]}. {seat_name(names, seat)}", d["fame"], d["energy"] + d["steel"] + d["parts"],
               d["upgrades"], sum(d["landmarks"].values()), d["blueprints"], d["total"])
        for c, words in zip(cols, row, strict=True):
            text(draw, (c, y), str(words), 14, INK, bold=c == cols[-1], width=120)
        y += 20
    y += 4
    for seat, d in enumerate(final["details"]):
        if d["landmarks"]:
            marks = ", ".join(f"{tr(name)} {vp}" for name, vp in d["landmarks"].items())
            text(draw, (x0, y), f"{seat_name(names, seat)}: {marks}", 13, MUTED, width=WIDTH - x0 - 10)
            y += 17
    if final.get("tiebreak"):
        text(draw, (x0, y + 2), tr("Tie-break: {rule}").format(rule=final["tiebreak"]), 13, MUTED, width=WIDTH - x0 - 10)


def final_heads() -> tuple[str, ...]:
    """The heads of the final table's columns: rank and name, fame, resources, upgrades, Landmarks,
    Blueprints, total."""
    return ("", tr("fame"), tr("res."), tr("upgr."), tr("landm."), tr("bluep."), tr("total"))


def render(view: dict[str, Any], names: list[str]) -> Image.Image:
    return picture(view, names)[0]


def _bands(view: dict[str, Any], names: list[str]) -> tuple[list[tuple[Any, Image.Image]], dict[str, Any]]:
    """The picture in strips the width of the picture, top to bottom: the board with the key,
    then one strip per row of two panels, each with the key it is cached under. Also what was
    drawn where (see `picture`)."""
    players = len(view["players"])
    radius = table_radius(view)
    heights = [HEADER_H + FOOTER_H + max(island_height(p, radius) for p in view["players"][row:row + 2])
               for row in range(0, players, 2)]
    legend = legend_lines(view)
    top = Image.new("RGB", (WIDTH, TOP_H), PAPER)
    draw = ImageDraw.Draw(top)
    drawn: dict[str, Any] = {"radius": radius, "spots": {}}
    _top(draw, view, names, drawn)
    if view["phase"] == "over":
        draw.rectangle((412, 240, WIDTH - 6, TOP_H - 6), fill=PAPER)
        _final(draw, view, names, 420, 246)
    strips: list[tuple[Any, Any]] = [(None, top), (("key", tuple(legend)), lambda: _key_image(legend))]
    y = TOP_H + len(legend) * LEGEND_LINE + 10
    for row in range(0, players, 2):
        keys, panels = [], []
        for seat in range(row, min(row + 2, players)):
            key = panel_key(view, names, seat, heights[row // 2], radius)
            panel, spots = _panels.get(key, lambda s=seat, h=heights[row // 2]: _packed_panel(view, names, s, h, radius))
            keys.append(key)
            panels.append(panel)
            x = (seat % 2) * PANEL_W
            drawn["spots"][seat] = {cell: (cx + x, cy + y) for cell, (cx, cy) in spots.items()}
        height = heights[row // 2]
        # the row in three strips: the islands' strip stays encoded while the counts above and
        # the docks below change from move to move
        islands = tuple((_island_key(view["players"][s], s, PANEL_W - 20, height - HEADER_H - FOOTER_H, radius,
                                     _fresh(view, s)), s in view["to_act"]) for s in range(row, min(row + 2, players)))
        whole: list[Image.Image] = []

        def made(panels=panels, height=height, whole=whole) -> Image.Image:
            if not whole:
                whole.append(_row_image(panels, height))
            return whole[0]

        cuts = (0, HEADER_H, height - FOOTER_H, height)
        for part, slice_key in enumerate((tuple(keys), ("island", height, islands), tuple(keys))):
            top_, bottom = cuts[part], cuts[part + 1]
            strips.append(((part, slice_key), lambda made=made, t=top_, b=bottom: made().crop((0, t, WIDTH, b))))
        y += height
    return strips, drawn


def _key_image(legend: list[str]) -> Image.Image:
    image = Image.new("RGB", (WIDTH, len(legend) * LEGEND_LINE + 10), PAPER)
    _legend_band(ImageDraw.Draw(image), legend, 0)
    return image


def _row_image(panels: list[Packed], height: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height), PAPER)
    for k, panel in enumerate(panels):
        image.paste(panel.image(), (k * PANEL_W, 0))
    return image


def picture(view: dict[str, Any], names: list[str]) -> tuple[Image.Image, dict[str, Any]]:
    """The public picture and what it drew where: "spots" (seat -> free place -> centre),
    "slots" (letter -> circle), "ring" (letter -> the boxes of that tile's parts), "forge"
    (value -> the slot letters written on its space), "radius" (the islands' hex size)."""
    strips, drawn = _bands(view, names)
    pictures = [strip() if callable(strip) else strip for _, strip in strips]
    image = Image.new("RGB", (pictures[0].width, sum(p.height for p in pictures)), PAPER)
    y = 0
    for strip in pictures:
        image.paste(strip, (0, y))
        y += strip.height
    return image, drawn


def palette() -> Image.Image:
    """The one palette of every Propeller Islands picture: its colours and their blends."""
    seats = tuple(seat_colour(s) for s in range(4))
    tints = tuple(mix(PAPER, c, 0.06) for c in seats)
    colours = (INK, MUTED, PAPER, CARD, LINE, WHITE, *seats, *tints, *GUILD_COLOURS.values(), *FILL.values(),
               *(mix(FILL["capitol"], c, 0.25) for c in seats), SEA, mix(SEA, WHITE, 0.4), (176, 200, 214),
               (96, 122, 140), FORGE_FILL, shade(FORGE_FILL, -0.2), (230, 220, 200), (236, 226, 206), HIGHLIGHT,
               *RES_COLOURS, shade(LINE, -0.3), (226, 216, 196), (170, 160, 150), (60, 150, 60),
               *(mix(c, WHITE, 0.45) for c in seats), *(mix(c, PAPER, 0.6) for c in seats + RES_COLOURS))
    bases = (PAPER, WHITE, INK, CARD, *tints, *FILL.values(), mix(SEA, WHITE, 0.4), FORGE_FILL, *seats,
             *GUILD_COLOURS.values(), *RES_COLOURS)
    return fixed_palette(colours, bases)


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    """The PNG of a Propeller Islands view; `names[seat]` names the players. The rows of panels
    that did not change since an earlier picture are not encoded again."""
    strips, _ = _bands(view, names)
    return strips_png(strips, palette())


def image(view: dict[str, Any], names: list[str]) -> Image.Image:
    """`draw`'s picture before it is encoded."""
    return render(view, names)


def size(view: dict[str, Any], names: list[str]) -> tuple[int, int]:
    """The size of `draw`'s picture, without drawing it: the strips of `_bands`."""
    radius = table_radius(view)
    players = view["players"]
    rows = sum(HEADER_H + FOOTER_H + max(island_height(p, radius) for p in players[row:row + 2])
               for row in range(0, len(players), 2))
    return WIDTH, TOP_H + len(legend_lines(view)) * LEGEND_LINE + 10 + rows


def hand_image(view: dict[str, Any], names: list[str], hand: list[dict[str, Any]], seat: int) -> Image.Image:
    per_row = 2  # as wide as the panel above: the whole picture is shown unscaled at preview width
    w, h = (PANEL_W - 10) // per_row - 10, 60
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    image = Image.new("RGB", (per_row * (w + 10) + 10, 64 + rows * (h + 10)), PAPER)
    draw_ = ImageDraw.Draw(image)
    have = view["players"][seat]["resources"]
    text(draw_, (10, 8), tr("{name}'s Blueprints").format(name=seat_name(names, seat)), 18, seat_colour(seat), bold=True)
    line = tr("You have {energy} energy, {steel} steel, {parts} parts; green: payable now").format(
        energy=have[0], steel=have[1], parts=have[2])
    text(draw_, (10, 34), line, fitted(line, 14, image.width - 20), MUTED, width=image.width - 20)
    _legend(draw_, image.width - 10, 12)
    for i, card in enumerate(hand):
        _card(draw_, 10 + (i % per_row) * (w + 10), 60 + (i // per_row) * (h + 10), w, h, card, card["payable"])
    if not hand:
        text(draw_, (10, 64), tr("No Blueprint in hand."), 15, INK)
    return image


# -- regions ----------------------------------------------------------------------------------
def tile_tip(tile: dict[str, Any]) -> str:
    number = {-1: "", 0: ""}.get(tile["number"], f" {tile['number']}")
    return f"{tr(tile['name'])}{number}: {tr(tile['effect'])}"


def card_tip(card: dict[str, Any]) -> str:
    if lang.current() == lang.ENGLISH:  # as it always read: `2 part`
        cost = ", ".join(f"{n} {D.RESOURCES[k]}" for k, n in enumerate(card["cost"]) if n) or "nothing"  # verbatim: English
    else:
        cost = ", ".join(W.amount(k, n) for k, n in enumerate(card["cost"]) if n) or tr("nothing")
    return tr("Blueprint #{card}: costs {cost}; {vp} VP and {upgrade}").format(
        card=card["id"], cost=cost, vp=card["vp"], upgrade=tr(D.UPGRADE_NAMES[card["upgrade"]]))


def stack_tip(level: int, count: int) -> str:
    if level == 1:
        return ngettext("level I Blueprints, {count} face down", "level I Blueprints, {count} face down",
                        count).format(count=count)
    return ngettext("level II Blueprints, {count} face down", "level II Blueprints, {count} face down",
                    count).format(count=count)


def character_tip(name: str) -> str:
    powers = D.CHARACTER_POWERS.get(name)
    if powers is None:
        return name
    return f"{tr(D.CHARACTER_NAMES[name])}: {tr(powers[0])}"


def words_at(x: float, y: float, before: str, words: str, size: int) -> tuple[float, float, float, float]:
    """The box of `words` in a line drawn from (x, y) that has `before` ahead of them."""
    left = x + text_width(before, size)
    return left, y - 1, left + text_width(words, size), y + size + 4


def top_regions(view: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    ox, oy = FORGE_XY
    for face, (q, r) in D.FORGE.items():
        x, y = hex_centre(q, r, FORGE_R)
        letters = ", ".join(D.SLOTS[slot] for slot in sorted(D.SLOTS_BY_VALUE[face]))
        count = view["forge"][face - 1]
        out.append(poly_region(str(face), hex_corners(ox + x, oy + y, FORGE_R), "forge",
                               ngettext("forge space {face}: {count} dice; its tiles are in slots {letters}",
                                        "forge space {face}: {count} dice; its tiles are in slots {letters}",
                                        count).format(face=face, count=count, letters=letters)))
    for slot, (q, r) in enumerate(D.RING):
        x, y = hex_centre(q, r, FORGE_R)
        x, y = ox + x, oy + y
        tile = view["offer"][slot]
        letter = D.SLOTS[slot]
        tip = tile_tip(tile) if tile else tr("empty")
        out.append(poly_region(letter, hex_corners(x, y, FORGE_R), "offer", tip))
        length = math.hypot(x - ox, y - oy)
        reach = FORGE_R + SLOT_R + 1
        out.append(circle_region(letter, x + (x - ox) / length * reach, y + (y - oy) / length * reach, SLOT_R, "slot",
                                 tr("slot {letter}: {tip}").format(letter=letter, tip=tip)))
    w, h = 184, 52
    for level, cards in enumerate(view["bp_offer"]):
        for i, card in enumerate(cards):
            x, y = 420 + i * (w + 8), 68 + level * (h + 8)
            out.append(rect_region(str(card["id"]), (x, y, x + w, y + h), "card", card_tip(card)))
    _, line, before_second = stacks_line(view)
    first, second = f"I {view['bp_stacks'][0]}", f"II {view['bp_stacks'][1]}"
    out.append(rect_region("i", words_at(420, 42, line, first, 15), "stack", stack_tip(1, view["bp_stacks"][0])))
    out.append(rect_region("ii", words_at(420, 42, before_second, second, 15), "stack",
                           stack_tip(2, view["bp_stacks"][1])))
    if view["phase"] == "characters" and view.get("dealt"):
        before = dealt_line(view)[1]
        for k, name in enumerate(view["dealt"]):
            tip = character_tip(name)
            out.append(rect_region(name, words_at(420, TOP_H - 30, before, name, 15), "character", tip[:200]))
            before += name + (", " if k < len(view["dealt"]) - 1 else "")
    return out


def panel_regions(player: dict[str, Any], seat: int, x0: float, y0: float, height: int,
                   radius: float, panel_w: int = PANEL_W) -> list[dict[str, Any]]:
    """The free places, tiles and dock spaces of one panel whose top left is (x0, y0), laid out
    as `_panel`, `_island` and `_dock` draw them."""
    out = []
    bx, by = x0 + 10, y0 + HEADER_H
    width, tall = panel_w - 20, height - HEADER_H - FOOTER_H
    left, top, right, bottom = span(player)
    ox = bx + width / 2 - (left + right) / 2 * radius
    oy = by + tall / 2 - (top + bottom) / 2 * radius
    for q, r in frontier(player):
        x, y = hex_centre(q, r, radius)
        out.append(poly_region(f"{q},{r}", hex_corners(ox + x, oy + y, radius - 1), "spot",
                               tr("free place {cell}").format(cell=f"{q},{r}"), seat))
    for tile in player["island"]:
        x, y = hex_centre(tile["q"], tile["r"], radius)
        out.append(poly_region(tile["label"], hex_corners(ox + x, oy + y, radius - 1), "tile",
                               f"{tile['label']} {tile_tip(tile)}", seat))
    dx, dy = x0 + 18, y0 + height - 124
    for index, here in enumerate(player["dock"]):
        col, row = index % D.COLUMNS, index // D.COLUMNS
        x, y = dx + 14 + col * 34, dy + 14 + row * 34
        name = D.space_name(index)
        tip = (tr("dock {space}: a worker; column {column} gives {reward}, row {row} {row_reward}") if here else
               tr("dock {space}: empty; column {column} gives {reward}, row {row} {row_reward}")).format(
            space=name, column=D.COLUMN_LETTERS[col], reward=tr(D.REWARD_TEXT[D.COLUMN_REWARDS[col]]), row=row + 1,
            row_reward=tr(D.REWARD_TEXT[D.ROW_REWARDS[row]]))
        out.append(rect_region(name, (x - 14, y - 14, x + 14, y + 14), "dock", tip, seat))
    return out


def regions(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """What a player may point at on `draw(view, names)`, in its pixels, as `picture` lays it
    out: the forge spaces (`die 4`), the ring's tiles and slot letters (`claim b at 1,-1`), the
    Blueprint offer (`take 30`) and stacks (`draw i`), the characters dealt (`character nelson`),
    and on each player's panel the free places (`1,-1`), the tiles (`run t3`) and the dock spaces
    (`deploy b2 to t3`)."""
    out = top_regions(view)
    players = len(view["players"])
    radius = table_radius(view)
    y = TOP_H + len(legend_lines(view)) * LEGEND_LINE + 10
    for row in range(0, players, 2):
        height = HEADER_H + FOOTER_H + max(island_height(p, radius) for p in view["players"][row:row + 2])
        for seat in range(row, min(row + 2, players)):
            out += panel_regions(view["players"][seat], seat, (seat % 2) * PANEL_W, y, height, radius)
        y += height
    return out

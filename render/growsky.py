"""The Grow Sky picture: the shared search board above, one panel per player below.

Layout (1000 px wide, sized to stay readable when shown at about 550 px):

    +---------------------------------------------------------------+
    | Grow Sky  Round 3                    who must act and what    |
    | the last move                                                 |
    +------------------------------+--------------------------------+
    | dice left; Fly, Develop and  | route tile market: top row 2   |
    | Standby spaces with costs    | fuel, middle 1, bottom free    |
    +------------------------------+--------------------------------+
    | search track 0..44: bonuses, flags, every player's token      |
    +------------------------------+--------------------------------+
    | player panel: gauges, route  | player panel ...               |
    | ring with airship, rudder,   |                                |
    | engine room with icons       |                                |
    +------------------------------+--------------------------------+
    | part orientations (while a part waits to be placed)           |
    +---------------------------------------------------------------+

The frame that depends only on the number of players is drawn once and cached. While a part
waits, the acting player's engine room marks every legal anchor square and a legend draws the
orientations o1, o2, ... of each shape on offer, so the picture is the placement preview.
A view from `/preview` also hatches the previewed part's squares in that seat's engine room.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    CARD,
    INK,
    LINE,
    MUTED,
    PAPER,
    WHITE,
    Cache,
    fit_text,
    mix,
    pill,
    rect_region,
    rgb,
    seat_colour,
    seat_name,
    shade,
    text,
    text_width,
    to_png,
)

W = 1000
HEADER = 74
SHARED = 236
TRACK = 90
PANEL_W, PANEL_H = 494, 316
LEGEND = 100
RESULTS_ROW = 30

YELLOW = rgb("#f6c945")
BLUE = rgb("#6fa8dc")
PRINTED = rgb("#dbe8f4")
GOLD = rgb("#b8860b")
SKY = rgb("#eef4fb")
CHECK = rgb("#c9b8e8")
SHAPE_COLOURS = {"cube": rgb("#3b6fb6"), "i2": rgb("#8fbf6a"), "v3": rgb("#e39b4a"), "l4": rgb("#c0616b"),
                 "p5": rgb("#8a6bbf")}
CARD_FILL = rgb("#9e9384")
ANCHOR = rgb("#2f9e44")
SIDE_FILLS = (rgb("#b197fc"), rgb("#63e6be"))  # a room card's two sides before one is chosen
SIDE_TINTS = tuple(mix(WHITE, colour, 0.6) for colour in SIDE_FILLS)  # their squares, over the engine room's icons
GHOST = rgb("#d6336c")  # a /preview part: hatched in a colour no part or seat uses

CHECKPOINTS = ("V", "R/S", "V", "P1/S")
FACES = {1: "RSP", 2: "RS", 3: "SP", 4: "RP", 5: "S", 6: "P"}
# engine room icons and row bonuses (as in games/growsky/data.py, drawn from there by the view's words)
ICONS = {"e1": "C2", "b2": "F2", "g2": "G", "d3": "S2", "h3": "R", "a4": "V", "b5": "G", "e5": "R", "g5": "F2",
         "c6": "C2", "h6": "S2", "d6": "T", "a7": "T", "f7": "V"}
ROW_BONUS = ("cap", "F2", "cap", "S2", "V", "V", "V2")
SEARCH_TRACK = {2: "C", 4: "F", 5: "V", 6: "G", 8: "C", 9: "F", 10: "V", 12: "G", 13: "C", 14: "R", 15: "V",
                16: "F", 17: "G", 18: "C", 20: "V", 21: "F", 23: "G", 24: "C", 25: "V", 26: "R", 27: "F",
                28: "G", 29: "V", 30: "C", 32: "V", 34: "F", 35: "V", 36: "G", 38: "V", 40: "V", 42: "V",
                44: "V2"}
FLAGS = {11: "P2", 22: "P3", 33: "P4"}
ATOMS = {"vp": "V", "fuel": "F", "grow": "G", "cube": "C", "search": "S", "rudder": "R", "buy": "T", "cap": "cap"}


def short(bonus: str) -> str:
    """`cube*2+rudder` -> `C2+R`; `boost:5:3|fuel*2` -> `5>3/F2`."""
    alts = []
    for alt in bonus.split("|"):
        atoms = []
        for atom in alt.split("+"):
            if atom.startswith("part:"):
                atoms.append(f"P{atom[5:]}")
            elif atom.startswith("boost:"):
                _, fuel, spaces = atom.split(":")
                atoms.append(f"{fuel}>{spaces}")
            else:
                name, _, count = atom.partition("*")
                atoms.append(ATOMS.get(name, name) + (count if count and count != "1" else ""))
        alts.append("+".join(atoms))
    return "/".join(alts)


KEY_SIZE, KEY_LINE = 14, 19
KEY = (
    "Key: F fuel · C blue cube · G grow · S search step · V victory point · R rudder turn · "
    "T buy a route tile · cap raises the Lv0 storage cap by 1 · P1-P4 a part of that tier · 5>3 pay 5 fuel to fly 3 more",
    "A+B both · A/B one of them · x2 tiles stacked on a space · * bolt · gold: the tile's back once upgraded · "
    "dice: R rudder, S search, P purchase · checkpoints R/S, P1/S: one of the two",
)


def key_lines() -> list[str]:
    """The key to every code and mark of the picture, wrapped to its width."""
    lines: list[str] = []
    for words in KEY:
        for piece in words.split(" · "):
            if lines and lines[-1] and text_width(lines[-1] + " · " + piece, KEY_SIZE) <= W - 32:
                lines[-1] += " · " + piece
            else:
                lines.append(piece)
    return lines


def key_height() -> int:
    return len(key_lines()) * KEY_LINE + 12


LAST_SIZE, LAST_LINE = 15, 20


def last_text(view: dict[str, Any], names: list[str]) -> str:
    last = view.get("last")
    if not last:
        return ""
    words = f"Last: {seat_name(names, last['seat'])} `{last['move']}`"
    if last.get("notes"):
        words += " — " + "; ".join(last["notes"])
    return words


def header_line(view: dict[str, Any], names: list[str]) -> str:
    """The line under the title: the final-round warning, and the last move with what it did
    when that fits; otherwise the move alone, its steps following under the boards."""
    line = ""
    if view.get("trigger") is not None and view["phase"] != "over" and not view["final"]:
        line = f"Final round next, triggered by {seat_name(names, view['trigger'])}.  "
    full = last_text(view, names)
    if text_width(line + full, LAST_SIZE + 1) <= W - 32:
        return line + full
    last = view["last"]
    return line + f"Last: {seat_name(names, last['seat'])} `{last['move']}` (all it did: under the boards)"


def last_lines(view: dict[str, Any], names: list[str]) -> list[str]:
    """The last move with everything it did, cut between words into lines of the picture's
    width, when the header line cannot hold it; else none."""
    if header_line(view, names).endswith(last_text(view, names)):
        return []
    lines: list[str] = []
    for word in last_text(view, names).split(" "):
        if lines and text_width(lines[-1] + " " + word, LAST_SIZE) <= W - 32:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def canvas_size(view: dict[str, Any], names: Sequence[str] = ()) -> tuple[int, int]:
    players = view["players"]
    rows = (players + 1) // 2
    extra = key_height() + len(last_lines(view, list(names))) * LAST_LINE
    if _pending_part(view):
        extra += LEGEND
    if view.get("end"):
        extra += 40 + RESULTS_ROW * players
    return W, HEADER + SHARED + TRACK + rows * (PANEL_H + 8) + 8 + extra


def _pending_part(view: dict[str, Any]) -> int | None:
    pending = view.get("pending")
    if pending and pending.startswith("part:") and "|" not in pending and view.get("placements"):
        return int(pending[5:])
    return None


# the frame's parts depend only on the number of players, not on a table's height: a cache of
# whole frames by size held two and redrew them while tables of several sizes took turns
_static = Cache(size=8, max_bytes=12 << 20)


def _frame(size: tuple[int, int], players: int) -> Image.Image:
    """The board without its pieces, a new picture to draw on: the panels and the shared boards
    at the top, the key at the bottom, paper between."""
    rows = (players + 1) // 2
    top = HEADER + SHARED + TRACK + rows * (PANEL_H + 8) + 8

    def build_top() -> Image.Image:
        image = Image.new("RGB", (W, top), PAPER)
        d = ImageDraw.Draw(image)
        d.rounded_rectangle((8, HEADER, W - 8, HEADER + SHARED - 6), 10, fill=CARD, outline=LINE)
        d.rounded_rectangle((8, HEADER + SHARED, W - 8, HEADER + SHARED + TRACK - 6), 10, fill=CARD, outline=LINE)
        for seat in range(players):
            x, y = _panel_origin(seat)
            d.rounded_rectangle((x, y, x + PANEL_W, y + PANEL_H), 10, fill=CARD, outline=LINE)
            _static_panel(d, seat)
        _static_shared(d, players)
        _static_track(d)
        return image

    def build_key() -> Image.Image:
        image = Image.new("RGB", (W, key_height()), PAPER)
        d = ImageDraw.Draw(image)
        for k, line in enumerate(key_lines()):
            text(d, (16, 4 + k * KEY_LINE), line, KEY_SIZE, MUTED)
        return image

    image = Image.new("RGB", size, PAPER)
    image.paste(_static.get(("top", players), build_top), (0, 0))
    image.paste(_static.get("key", build_key), (0, size[1] - key_height()))
    return image


def _panel_origin(seat: int) -> tuple[int, int]:
    return 8 + (seat % 2) * (PANEL_W + 4), HEADER + SHARED + TRACK + (seat // 2) * (PANEL_H + 8)


# -- header ---------------------------------------------------------------------------------
def headline(view: dict[str, Any], names: list[str]) -> tuple[str, int | None]:
    """The words of the pill at the top right and the seat whose colour it takes (None: grey)."""
    outcome = view.get("outcome")
    if view["phase"] == "over" and outcome:
        best = [s for s, rank in enumerate(outcome["ranks"]) if rank == 1]
        who = " and ".join(seat_name(names, s) for s in best)
        vp = int(outcome["scores"][best[0]])
        return f"Game over: {who} win{'s' if len(best) == 1 else ''} with {vp} VP", best[0] if len(best) == 1 else None
    if view.get("ended"):
        return view["ended"], None
    current = view.get("current")
    if current is not None:
        return f"{seat_name(names, current)}: {_doing(view)}", current
    if view["phase"] == "room":
        return "each player chooses a room card side", None
    return "", None


PILL_PAD = 6


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    phase = view["phase"]
    title = "Grow Sky"
    if phase == "room":
        title += "  ·  setup: room cards"
    elif phase == "draft":
        title += "  ·  setup draft"
    elif phase == "over":
        title += "  ·  game over"
    else:
        title += "  ·  final round" if view["final"] else f"  ·  round {view['round']}"
    room = W - 16 - (16 + text(d, (16, 10), title, 26, INK, bold=True)) - 24 - 2 * PILL_PAD
    words, seat = headline(view, names)
    if words:  # a long name is shortened rather than run over the title
        pill(d, (W - 16, 24), fit_text(words, 17, room, True), 17, seat_colour(seat) if seat is not None else MUTED,
             anchor="rm", pad=PILL_PAD)
    line = header_line(view, names)
    if line:
        text(d, (16, 46), line, LAST_SIZE + 1, MUTED)


def _doing(view: dict[str, Any]) -> str:
    if view["phase"] == "draft":
        return "draft a route tile"
    pending = view.get("pending")
    if pending:
        if "|" in pending:
            return f"choose {short(pending)}"
        if pending.startswith("part:"):
            return f"place a tier-{pending[5:]} part"
        return "buy route tiles or pass"
    return "free actions or end" if view.get("die_used") else "place a die"


# -- shared board -----------------------------------------------------------------------
def _die(d: ImageDraw.ImageDraw, x: float, y: float, face: int, size: int = 34, dim: bool = False) -> None:
    fill = mix(WHITE, PAPER, 0.5) if dim else WHITE
    d.rounded_rectangle((x, y, x + size, y + size), 6, fill=fill, outline=INK, width=2)
    # set on baselines, clear of the rim: the face letters (capitals) end three rows above it
    letter = 10 if size < 34 else 11
    text(d, (x + size / 2, y + size - 4), FACES[face], letter, MUTED, "ms")
    number_base = y + size - 4 - round(letter * 0.73) - 3  # a capital's height and a gap above the letter
    text(d, (x + size / 2, number_base), str(face), 15 if size < 34 else 18, INK, "ms", bold=True)


MARKET_ROWS = (((5, 6, 7), "2 fuel"), ((2, 3, 4), "1 fuel"), ((0, 1), "free"))
AREAS = {2: 3, 3: 4, 4: 5}


def _static_shared(d: ImageDraw.ImageDraw, players: int) -> None:
    top = HEADER + 10
    text(d, (20, top), "Dice left", 17, INK, bold=True)
    text(d, (20, top + 36), "R rudder, S search, P purchase", 13, MUTED)
    costs = {"Fly": (1, 2, 2, 3, 4), "Develop": (0, 0, 1, 1, 2)}
    for row, label in enumerate(("Fly", "Develop")):
        y = top + 62 + row * 56
        text(d, (20, y + 10), label, 17, INK, bold=True)
        for i in range(AREAS[players]):
            x = 110 + i * 48
            d.rounded_rectangle((x - 3, y - 4, x + 40, y + 44), 6, fill=SKY, outline=LINE)
            text(d, (x + 19, y + 20), f"{costs[label][i]}F", 15, MUTED, "mm")
    y = top + 176
    text(d, (20, y + 6), "Standby", 17, INK, bold=True)
    text(d, (20, y + 28), "C + S + F", 13, MUTED)
    text(d, (430, top), "Route tile market", 17, INK, bold=True)
    for r, (_, cost) in enumerate(MARKET_ROWS):
        text(d, (430, top + 26 + r * 66 + 24), cost, 16, INK, bold=True, anchor="lm")


def _pool(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """The setup draft's tiles, drawn over the (still empty) dice area."""
    top = HEADER + 10
    d.rectangle((14, top - 8, 420, top + 216), fill=CARD)
    text(d, (20, top), "Setup draft: tiles to take (no bonus paid)", 17, INK, bold=True)
    for i, tile in enumerate(view["pool"]):
        x, y = 20 + (i % 3) * 132, top + 30 + (i // 3) * 74
        colour = YELLOW if tile["colour"] == "Y" else BLUE
        d.rounded_rectangle((x, y, x + 124, y + 64), 6, fill=colour, outline=shade(colour, -0.4), width=2)
        text(d, (x + 6, y + 4), f"p{i + 1}", 14, INK, bold=True)
        text(d, (x + 118, y + 4), "yellow" if tile["colour"] == "Y" else "blue" + (" +bolt" if tile["bolt"] else ""),
             12, INK, anchor="ra")
        text(d, (x + 62, y + 34), short(tile["bonus"]), 18, INK, "mm", bold=True, width=116)
        text(d, (x + 62, y + 54), f"gold: {tile['back'][0]} {short(tile['back'][1])}", 12, INK, "mm", width=116)


def _shared(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    top = HEADER + 10
    if view["phase"] in ("draft", "room") and view["pool"]:
        _pool(d, view)
    step, size = dice_step(len(view["dice"]))
    for i, face in enumerate(view["dice"]):
        _die(d, 110 + i * step, top - 8, face, size)
    for row, key in enumerate(("flight", "develop")):
        y = top + 62 + row * 56
        for i, face in enumerate(view[key]):
            _die(d, 110 + i * 48 + 1, y, face, 36)
    for i, face in enumerate(view["standby"][:9]):
        _die(d, 110 + i * 34, top + 176, face, 30)  # nine end short of the market's "free"
    text(d, (W - 20, top), f"bag {view['bag']} · cubes {view['cube_supply']} · parts "
         + "/".join(str(n) for n in view["part_supply"]), 14, MUTED, anchor="ra")
    for r, (slots, _) in enumerate(MARKET_ROWS):
        for k, slot in enumerate(slots):
            _market_tile(d, 430 + 64 + k * 166, top + 26 + r * 66, slot, view["market"][slot])


DICE_ROOM = 420 - 110  # from the dice area's labels to short of the market heading


def dice_step(count: int) -> tuple[int, int]:
    """The pitch and size of the dice left: nine at four players must end before the market
    heading, so the row tightens and the dice shrink as needed."""
    step = min(40, DICE_ROOM // max(count, 1))
    return step, min(34, step - 4)


def _market_tile(d: ImageDraw.ImageDraw, x: float, y: float, slot: int, tile: dict[str, Any] | None) -> None:
    box = (x, y, x + 158, y + 58)
    if tile is None:
        d.rounded_rectangle(box, 6, outline=LINE, width=2)
        text(d, (x + 79, y + 29), f"m{slot + 1} empty", 14, MUTED, "mm")
        return
    colour = YELLOW if tile["colour"] == "Y" else BLUE
    d.rounded_rectangle(box, 6, fill=colour, outline=shade(colour, -0.4), width=2)
    text(d, (x + 6, y + 4), f"m{slot + 1}", 13, INK)
    bolt = "  +bolt" if tile["bolt"] else ""
    text(d, (x + 152, y + 4), ("yellow" if tile["colour"] == "Y" else "blue") + bolt, 12, INK, anchor="ra")
    text(d, (x + 79, y + 28), short(tile["bonus"]), 19, INK, "mm", bold=True, width=150)
    back_colour, back = tile["back"]
    text(d, (x + 79, y + 48), f"gold: {back_colour} {short(back)}", 12, shade(INK, 0.2), "mm", width=150)


def _static_track(d: ImageDraw.ImageDraw) -> None:
    y0 = HEADER + SHARED + 6
    cell = (W - 40) / 45
    for i in range(45):
        x = 20 + i * cell
        label = FLAGS.get(i) or SEARCH_TRACK.get(i, "")
        fill = rgb("#fff3bf") if label.startswith("V") else rgb("#ffe3e3") if i in FLAGS else WHITE
        d.rectangle((x, y0 + 22, x + cell - 2, y0 + 48), fill=fill, outline=LINE)
        text(d, (x + cell / 2 - 1, y0 + 35), label, 15, INK, "mm", bold=label.startswith("V"))
        if i % 5 == 0 or i == 44:
            text(d, (x + cell / 2 - 1, y0 + 58), str(i), 13, MUTED, "mm")
    text(d, (20, y0 + 2), "Search track (flags: first arrival P2/P3/P4, later P1/P1/P2)", 14, MUTED)


def _track(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    y0 = HEADER + SHARED + 6
    cell = (W - 40) / 45
    for space, owner in view.get("flags", {}).items():
        x = 20 + int(space) * cell
        d.rectangle((x + 1, y0 + 23, x + cell - 3, y0 + 26), fill=seat_colour(owner))
    by_space: dict[int, list[int]] = {}
    for b in view["boards"]:
        by_space.setdefault(b["search"], []).append(b["seat"])
    for space, seats in by_space.items():
        for k, seat in enumerate(seats):
            spread = (len(seats) - 1) * 4.5 + 8
            cx = min(max(20 + space * cell + cell / 2 - 1, 14 + spread), W - 14 - spread)
            cy = y0 + 74
            r = 7
            d.ellipse((cx - r + (k - (len(seats) - 1) / 2) * 9, cy - r, cx + r + (k - (len(seats) - 1) / 2) * 9, cy + r),
                      fill=seat_colour(seat), outline=INK)


# -- player panels ----------------------------------------------------------------------
RING_CELL = 44
LABEL_X, LABEL_Y = 21, 22  # the centre of a route space's bonus, above the airship's corner
LABEL_ROOM = RING_CELL - 6
LABEL_SIZES = (14, 13, 12, 11, 10)
# the rudder's rows inside the ring: label, up to four cubes, the count; all within the three
# inner columns (132 px) so that nothing runs into spaces 4-6
RUDDER_CUBES = 4
CUBES_X = 66
RUDDER_RIGHT = 3 * RING_CELL - 10
RUDDER_ROOM = 3 * RING_CELL - 8


def route_label(bonus: str) -> tuple[str, int]:
    """A route space's bonus code and the largest size at which it fits its space."""
    words = short(bonus)
    for size in LABEL_SIZES:
        if text_width(words, size, True) <= LABEL_ROOM:
            return words, size
    return words, LABEL_SIZES[-1]


def airship_points(bx: float, by: float) -> list[tuple[float, float]]:
    """The airship pennant in the lower left corner of the space at (bx, by)."""
    return [(bx + 3, by + 31), (bx + 13, by + 36), (bx + 3, by + 41)]


def _ring_xy(index: int) -> tuple[int, int]:
    if index <= 4:
        return index, 0
    if index <= 8:
        return 4, index - 4
    if index <= 12:
        return 12 - index, 4
    return 0, 16 - index


def _panel(d: ImageDraw.ImageDraw, view: dict[str, Any], board: dict[str, Any], names: list[str],
           anchors: set[str], ghost: dict[str, Any] | None = None) -> None:
    seat = board["seat"]
    x0, y0 = _panel_origin(seat)
    colour = seat_colour(seat)
    name = seat_name(names, seat) + (" (1st)" if view["first"] == seat and view["phase"] == "turn" else "")
    gauges = f"VP {board['vp']}  Grow {board['grow']}/8  Fuel {board['fuel']}/10  Search {board['search']}"
    room = PANEL_W - 30 - text_width(gauges, 16, True)
    text(d, (x0 + 10, y0 + 15), name, 17, WHITE, "lm", bold=True, width=room)
    text(d, (x0 + PANEL_W - 10, y0 + 15), gauges, 16, WHITE, "rm", bold=True)
    # route ring
    rx, ry = x0 + 10, y0 + 40
    for index in range(16):
        gx, gy = _ring_xy(index)
        bx, by = rx + gx * RING_CELL, ry + gy * RING_CELL
        box = (bx, by, bx + RING_CELL - 2, by + RING_CELL - 2)
        if index % 4 == 0:
            continue
        space = board["route"][index - 1 - index // 4]
        fill = PRINTED if space["tile"] is None else YELLOW if space["colour"] == "Y" else BLUE
        edge = GOLD if space["upgraded"] else shade(fill, -0.4)
        d.rectangle(box, fill=fill, outline=edge, width=3 if space["upgraded"] else 1)
        text(d, (bx + 3, by + 1), str(space["space"]), 11, MUTED)
        if space["depth"] > 1:
            text(d, (bx + 40, by + 1), f"x{space['depth']}", 11, MUTED, anchor="ra")
        if space["bolt"]:
            text(d, (bx + 40, by + 27), "*", 14, INK, anchor="ra", bold=True)
        words, size = route_label(space["bonus"])
        text(d, (bx + LABEL_X, by + LABEL_Y), words, size, INK, "mm", bold=True)
    gx, gy = _ring_xy(board["pos"])
    bx, by = rx + gx * RING_CELL, ry + gy * RING_CELL
    # the airship: the space framed in the seat's colour, a pennant in its free lower left corner
    d.rectangle((bx - 1, by - 1, bx + RING_CELL - 1, by + RING_CELL - 1), outline=colour, width=3)
    d.polygon(airship_points(bx, by), fill=colour, outline=INK)
    # rudder inside the ring
    ix, iy = rx + RING_CELL + 4, ry + RING_CELL + 4
    cubes, cap = board["cubes"], board["cap"]
    text(d, (ix + 28, iy + 21), f"cap {cap}", 14, MUTED)
    for level in range(4):
        y = iy + 22 + level * 22
        shown = min(cubes[level], RUDDER_CUBES)
        for k in range(shown):
            d.rectangle((ix + CUBES_X + k * 8, y + 3, ix + CUBES_X + 6 + k * 8, y + 9 + 3), fill=BLUE, outline=INK)
        text(d, (ix + RUDDER_RIGHT, y - 1), str(cubes[level]), 15, INK, anchor="ra", bold=True)
    text(d, (ix, iy + 110), f"flown {board['flown']}", 14, INK)
    # engine room
    _engine(d, x0 + 236, y0 + 40, board, anchors)
    if ghost:
        _ghost(d, x0 + 236, y0 + 40, ghost, board)
        for k, line in enumerate(preview_lines(board, ghost)):
            text(d, (x0 + 10, y0 + PREVIEW_Y + k * PREVIEW_LINE), line, PREVIEW_SIZE, GHOST, bold=True,
                 width=PREVIEW_ROOM)
    elif board.get("card") and board["card"]["side"] is None and board["card"].get("sides"):
        sides = board["card"]["sides"]
        _card_sides(d, x0 + 236, y0 + 40, sides)
        text(d, (x0 + 10, y0 + PREVIEW_Y), side_words(board["card"]["card"], sides), PREVIEW_SIZE, INK, bold=True,
             width=PREVIEW_ROOM)
    # footer
    text(d, (x0 + 10, y0 + PANEL_H - 22),
         f"blank {board['blanks']}  upgraded {board['upgraded']}  can pay {board['spendable']} fuel", 15, INK)
    card = board.get("card")
    if card:
        side = card["side"].upper() if card["side"] else "?"
        text(d, (x0 + PANEL_W - 10, y0 + PANEL_H - 22), f"room card {card['card']}{side}", 15, INK, anchor="ra")


EC = 26


def _static_panel(d: ImageDraw.ImageDraw, seat: int) -> None:
    x0, y0 = _panel_origin(seat)
    colour = seat_colour(seat)
    d.rounded_rectangle((x0, y0, x0 + PANEL_W, y0 + 30), 10, fill=colour)
    d.rectangle((x0, y0 + 20, x0 + PANEL_W, y0 + 30), fill=colour)
    rx, ry = x0 + 10, y0 + 40
    for index in range(0, 16, 4):
        gx, gy = _ring_xy(index)
        bx, by = rx + gx * RING_CELL, ry + gy * RING_CELL
        d.rounded_rectangle((bx, by, bx + RING_CELL - 2, by + RING_CELL - 2), 8, fill=CHECK, outline=shade(CHECK, -0.4))
        text(d, (bx + 21, by + 21), CHECKPOINTS[index // 4], 13, INK, "mm", bold=True)
    ix, iy = rx + RING_CELL + 4, ry + RING_CELL + 4
    text(d, (ix, iy), "Rudder", 15, INK, bold=True)
    for level in range(4):
        label = "Lv0" if level == 0 else f"Lv{level}" + (" 2=1F" if level == 1 else " 1=1F")
        text(d, (ix, iy + 21 + level * 22), label, 14, MUTED)
    gx, gy = x0 + 236 + 14, y0 + 40 + 18
    text(d, (x0 + 236, y0 + 38), "Engine room", 15, INK, bold=True)
    for r in range(7):
        y = gy + (6 - r) * EC
        text(d, (gx - 3, y + EC / 2), str(r + 1), 13, MUTED, "rm")
        text(d, (gx + 8 * EC + 4, y + EC / 2), ROW_BONUS[r], 14, GOLD, "lm", bold=True)
        for c in range(8):
            x = gx + c * EC
            name = "abcdefgh"[c] + str(r + 1)
            d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=WHITE, outline=LINE)
            if name in ICONS:
                text(d, (x + EC / 2, y + EC / 2), ICONS[name], 14, INK, "mm", bold=True)
    for c in range(8):
        text(d, (gx + c * EC + EC / 2, gy + 7 * EC + 9), "abcdefgh"[c], 13, MUTED, "mm")


def side_words(card: int, sides: list[list[str]]) -> str:
    return f"Room card {card}: " + " or ".join(
        f"side {'AB'[k]} ({' '.join(cells)})" for k, cells in enumerate(sides))


def _card_sides(d: ImageDraw.ImageDraw, x0: int, y0: int, sides: list[list[str]]) -> None:
    """Before a side is chosen, the squares each side of the seat's room card would fill, shaded
    and lettered (a square both sides fill is split), so a side can be chosen from the picture."""
    gx, gy = x0 + 14, y0 + 18
    both = set(sides[0]) & set(sides[1])
    for k, cells in enumerate(sides):
        for cell in cells:
            c, r = "abcdefgh".index(cell[0]), int(cell[1:]) - 1
            x, y = gx + c * EC, gy + (6 - r) * EC
            left = x + (EC // 2 if k and cell in both else 0)
            right = x + (EC // 2 if not k and cell in both else EC) - 1
            # a tint, so that the engine room's icon beneath still reads: where there is one it is
            # drawn again over the tint, and the side's letter makes way (its colour tells the side)
            d.rectangle((left, y, right, y + EC - 1), fill=SIDE_TINTS[k], outline=shade(SIDE_FILLS[k], -0.45), width=2)
            if cell in ICONS:
                text(d, (x + EC / 2, y + EC / 2), ICONS[cell], 14, INK, "mm", bold=True)
            else:
                text(d, ((left + right) / 2, y + EC / 2), "AB"[k], 15, INK, "mm", bold=True)


def _engine(d: ImageDraw.ImageDraw, x0: int, y0: int, board: dict[str, Any], anchors: set[str]) -> None:
    owner: dict[int, str] = {}
    masks = []
    for shape, _, cells in board["parts"]:
        mask = 0
        for cell in cells:
            i = (int(cell[1:]) - 1) * 8 + "abcdefgh".index(cell[0])
            owner[i] = shape
            mask |= 1 << i
        masks.append(mask)
    card_cells = set(board["card"]["cells"]) if board.get("card") else set()
    gx, gy = x0 + 14, y0 + 18
    for r in board["full_rows"]:  # a paid row bonus is struck through
        y = gy + (6 - r) * EC + EC // 2
        d.line((gx + 8 * EC + 3, y, gx + 8 * EC + 26, y), fill=INK, width=2)
    for cell in card_cells | anchors:
        c, r = "abcdefgh".index(cell[0]), int(cell[1:]) - 1
        x, y = gx + c * EC, gy + (6 - r) * EC
        if cell in card_cells:
            d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=CARD_FILL, outline=shade(CARD_FILL, -0.3))
        else:
            d.rectangle((x + 2, y + 2, x + EC - 3, y + EC - 3), outline=ANCHOR, width=3)
    for i, shape in owner.items():
        c, r = i % 8, i // 8
        x, y = gx + c * EC, gy + (6 - r) * EC
        fill = SHAPE_COLOURS[shape]
        d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=fill, outline=shade(fill, -0.35))
    # outline parts so neighbours of one shape stay apart
    for mask in masks:
        for i in range(56):
            if not mask >> i & 1:
                continue
            c, r = i % 8, i // 8
            x, y = gx + c * EC, gy + (6 - r) * EC
            if c == 7 or not mask >> (i + 1) & 1:
                d.line((x + EC - 1, y, x + EC - 1, y + EC - 1), fill=INK, width=2)
            if c == 0 or not mask >> (i - 1) & 1:
                d.line((x, y, x, y + EC - 1), fill=INK, width=2)
            if r == 6 or not mask >> (i + 8) & 1:
                d.line((x, y, x + EC - 1, y), fill=INK, width=2)
            if r == 0 or not mask >> (i - 8) & 1:
                d.line((x, y + EC - 1, x + EC - 1, y + EC - 1), fill=INK, width=2)


def preview_words(board: dict[str, Any], ghost: dict[str, Any]) -> str:
    """What the previewed placement costs and gives: the icons it covers and the bonus of every
    row it fills."""
    where = ghost["move"].split(" ", 1)[1] if " " in ghost["move"] else ghost["move"]
    cost = ghost.get("cost_words") or ("costs 1 Lv. 3 cube" if ghost["shape"] == "cube" else "costs nothing more")
    filled = {cell for _, _, cells in board["parts"] for cell in cells}
    if board.get("card"):
        filled |= set(board["card"]["cells"])
    new = set(ghost["cells"])
    gains = [ICONS[cell] for cell in sorted(new, key=lambda c: (int(c[1:]), c[0])) if cell in ICONS]
    for row in range(7):
        cells = {f"{c}{row + 1}" for c in "abcdefgh"}
        if not cells <= filled and cells <= filled | new:
            gains.append(f"row {row + 1}: {ROW_BONUS[row]}")
    return f"{where}: {cost}, gives " + (", ".join(gains) if gains else "nothing")


def preview_lines(board: dict[str, Any], ghost: dict[str, Any]) -> list[str]:
    """`Preview ...` under the route ring: one line, or the cost and what it gives on two when
    a payment in words and a row bonus do not fit one."""
    words = "Preview " + preview_words(board, ghost)
    if text_width(words, PREVIEW_SIZE, True) <= PREVIEW_ROOM:
        return [words]
    cost, gives = words.rsplit(", gives ", 1)
    return [cost + ",", "gives " + gives]


def _ghost(d: ImageDraw.ImageDraw, x0: int, y0: int, ghost: dict[str, Any], board: dict[str, Any]) -> None:
    """The previewed part: hatched squares and a thick outline, the icons under it kept readable."""
    gx, gy = x0 + 14, y0 + 18
    cells = {("abcdefgh".index(cell[0]), int(cell[1:]) - 1) for cell in ghost["cells"]}
    for c, r in cells:
        x, y = gx + c * EC, gy + (6 - r) * EC
        d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=mix(WHITE, GHOST, 0.18))
        for t in range(3, 2 * EC - 2, 6):  # diagonal hatching u + v = t inside the square
            u0, u1 = max(0, t - (EC - 1)), min(t, EC - 1)
            d.line((x + u0, y + t - u0, x + u1, y + t - u1), fill=GHOST, width=1)
        name = "abcdefgh"[c] + str(r + 1)
        if name in ICONS:  # over the hatching, on a white halo
            text(d, (x + EC / 2, y + EC / 2), ICONS[name], 14, INK, "mm", bold=True, outline=WHITE)
        if (c + 1, r) not in cells:
            d.line((x + EC - 1, y, x + EC - 1, y + EC - 1), fill=GHOST, width=3)
        if (c - 1, r) not in cells:
            d.line((x, y, x, y + EC - 1), fill=GHOST, width=3)
        if (c, r + 1) not in cells:
            d.line((x, y, x + EC - 1, y), fill=GHOST, width=3)
        if (c, r - 1) not in cells:
            d.line((x, y + EC - 1, x + EC - 1, y + EC - 1), fill=GHOST, width=3)


PREVIEW_ROOM = PANEL_W - 20  # the lines under the route ring
PREVIEW_Y, PREVIEW_LINE, PREVIEW_SIZE = 259, 16, 14  # two lines between the ring and the footer

def _legend(d: ImageDraw.ImageDraw, view: dict[str, Any], y0: int) -> None:
    orient = {shape: [[tuple(p) for p in o] for o in offsets] for shape, offsets in view["orientations"].items()}
    shapes = list(orient)
    text(d, (16, y0), "Part orientations (dot = anchor square; green frames = legal anchors of the acting player)",
         14, MUTED)
    x = 16
    unit = 13
    for shape in shapes:
        text(d, (x, y0 + 22), shape, 15, INK, bold=True)
        x += 30
        for k, offsets in enumerate(orient[shape], start=1):
            minx = min(dx for dx, _ in offsets)
            maxy = max(dy for _, dy in offsets)
            for dx, dy in offsets:
                px, py = x + (dx - minx) * unit, y0 + 22 + (maxy - dy) * unit
                d.rectangle((px, py, px + unit - 1, py + unit - 1), fill=SHAPE_COLOURS[shape], outline=INK)
                if (dx, dy) == (0, 0):
                    d.ellipse((px + 2, py + 2, px + unit - 3, py + unit - 3), fill=INK)
            text(d, (x, y0 + 24 + 3 * unit), f"o{k}", 13, INK, bold=True)
            width = (max(dx for dx, _ in offsets) - minx + 1) * unit
            x += max(width, 22) + 10
        x += 14


def _results(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y0: int) -> None:
    end = view["end"]
    outcome = view.get("outcome") or {}
    ranks = outcome.get("ranks") or [0] * len(end)
    text(d, (16, y0), "Final scoring: end steps on the search track pay victory points only", 16, INK, bold=True)
    if outcome.get("tiebreak"):
        text(d, (W - 16, y0), f"tie-break: {outcome['tiebreak']}", 15, GOLD, anchor="ra", bold=True)
    order = sorted(range(len(end)), key=lambda s: ranks[s])
    for k, seat in enumerate(order):
        rec = end[seat]
        y = y0 + 28 + k * RESULTS_ROW
        if "blanks" not in rec:
            line = f"{ranks[seat]}. {seat_name(names, seat)}: {rec['vp']} VP" + (" — instant win" if rec.get("instant_win") else "")
        else:
            line = (f"{ranks[seat]}. {seat_name(names, seat)}: {rec['vp']} VP (was {rec['vp_before']}) · "
                    f"{rec['blanks']} blank +{rec['blank_steps']} · {rec['upgraded']} upgraded +{rec['upgrade_steps']} · "
                    f"leftovers +{rec['grow_steps']}G +{rec['cube_steps']}C +{rec['fuel_steps']}F · "
                    f"search {rec['search_before']}->{rec['search']} · flown {rec['flown']}")
        d.rectangle((16, y + 3, 28, y + 15), fill=seat_colour(seat))
        text(d, (36, y), line, 14, INK, width=W - 52)


def image(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """`draw`'s picture before it is encoded."""
    names = list(names)
    size = canvas_size(view, names)
    picture = _frame(size, view["players"])
    d = ImageDraw.Draw(picture)
    _header(d, view, names)
    _shared(d, view)
    _track(d, view, names)
    part = _pending_part(view)
    anchors: set[str] = set()
    if part is not None:
        anchors = {move.split(" ")[-1] for move in view["placements"]}
    ghost = view.get("preview")
    for board in view["boards"]:
        _panel(d, view, board, names, anchors if board["seat"] == view.get("current") and not view.get("ended") else set(),
               ghost if ghost and ghost["seat"] == board["seat"] else None)
    y = HEADER + SHARED + TRACK + ((view["players"] + 1) // 2) * (PANEL_H + 8) + 8
    for k, line in enumerate(last_lines(view, names)):
        text(d, (16, y + k * LAST_LINE), line, LAST_SIZE, INK)
    y += len(last_lines(view, names)) * LAST_LINE
    if part is not None:
        _legend(d, view, y)
        y += LEGEND
    if view.get("end"):
        _results(d, view, names, y + 6)
    return picture


def draw(view: dict[str, Any], names: Sequence[str]) -> bytes:
    return to_png(image(view, names))


def size(view: dict[str, Any], names: Sequence[str]) -> tuple[int, int]:
    """The size of `draw`'s picture, without drawing it."""
    return canvas_size(view, names)


# -- regions ----------------------------------------------------------------------------------
FACE_WORDS = {"R": "rudder", "S": "search", "P": "purchase"}
ACTION_TIPS = {
    "fly": "a die on the leftmost free Flight space: pay its fuel, fly that many spaces",
    "develop": "a die on the leftmost free Develop space: pay its fuel, do the die's symbols",
    "standby": "any die: 1 blue cube, 1 search step, 1 fuel",
}


def _tile_tip(tile: dict[str, Any]) -> str:
    colour = "yellow" if tile["colour"] == "Y" else "blue"
    bolt = " with a bolt" if tile["bolt"] else ""
    return f"{colour} tile{bolt}: {short(tile['bonus'])}; gold side {tile['back'][0]} {short(tile['back'][1])}"


def regions(view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """What a player may point at on `draw(view, names)`, in its pixels: the dice left (`fly 4`
    names die 4), the Fly, Develop and Standby areas (`fly ...` names fly), the setup draft's tiles
    (`draft p2 s5`), the market's slots (`buy m3 s7`), and on each player's board the route spaces
    (`upgrade s3`), the rudder's levels (`pay lv2`) and the engine room's squares (`cube c1`,
    `place l4 o3 c1`); while a part waits, the legend's shapes and orientations (`l4`, `l4o3`)."""
    names = list(names)
    out = []
    top = HEADER + 10
    if view["phase"] in ("draft", "room") and view["pool"]:
        for i, tile in enumerate(view["pool"]):
            x, y = 20 + (i % 3) * 132, top + 30 + (i // 3) * 74
            out.append(rect_region(f"p{i + 1}", (x, y, x + 124, y + 64), "draft", _tile_tip(tile)))
    else:
        for i, face in enumerate(view["dice"]):
            x, y = 110 + i * 40, top - 8
            words = ", ".join(FACE_WORDS[c] for c in FACES[face])
            out.append(rect_region(str(face), (x, y, x + 34, y + 34), "die", f"a {face}: {words}"))
        right = 110 + (AREAS[view["players"]] - 1) * 48 + 40
        for row, (key, label) in enumerate((("flight", "fly"), ("develop", "develop"))):
            y = top + 62 + row * 56
            used = len(view[key])
            out.append(rect_region(label, (16, y - 4, right, y + 44), "action",
                                   f"{ACTION_TIPS[label]} ({used} of {AREAS[view['players']]} used)"))
        out.append(rect_region("standby", (16, top + 172, 420, top + 210), "action", ACTION_TIPS["standby"]))
    for r, (slots, cost) in enumerate(MARKET_ROWS):
        for k, slot in enumerate(slots):
            x, y = 430 + 64 + k * 166, top + 26 + r * 66
            tile = view["market"][slot]
            tip = (_tile_tip(tile) + f"; costs {cost}") if tile else "empty"
            out.append(rect_region(f"m{slot + 1}", (x, y, x + 158, y + 58), "market", tip))
    for board in view["boards"]:
        seat = board["seat"]
        x0, y0 = _panel_origin(seat)
        rx, ry = x0 + 10, y0 + 40
        for index in range(16):
            if index % 4 == 0:
                continue
            gx, gy = _ring_xy(index)
            bx, by = rx + gx * RING_CELL, ry + gy * RING_CELL
            space = board["route"][index - 1 - index // 4]
            kind = "printed space" if space["tile"] is None else ("gold " if space["upgraded"] else "") + "tile"
            tip = f"route space {space['space']}: {kind}, {short(space['bonus'])}"
            out.append(rect_region(f"s{space['space']}", (bx, by, bx + RING_CELL - 2, by + RING_CELL - 2), "space",
                                   tip, seat))
        ix, iy = rx + RING_CELL + 4, ry + RING_CELL + 4
        for level in range(4):
            y = iy + 22 + level * 22
            out.append(rect_region(f"lv{level}", (ix, y - 2, ix + RUDDER_ROOM, y + 18), "rudder",
                                   f"{board['cubes'][level]} blue cubes at Lv. {level}", seat))
        filled = {cell for _, _, cells in board["parts"] for cell in cells}
        card = set(board["card"]["cells"]) if board.get("card") else set()
        gx, gy = x0 + 236 + 14, y0 + 40 + 18
        for r in range(7):
            for c in range(8):
                name = "abcdefgh"[c] + str(r + 1)
                x, y = gx + c * EC, gy + (6 - r) * EC
                state = "filled" if name in filled or name in card else "empty"
                icon = f", icon {ICONS[name]}" if name in ICONS else ""
                out.append(rect_region(name, (x, y, x + EC, y + EC), "square",
                                       f"{name}: {state}{icon}; row {r + 1} pays {ROW_BONUS[r]}", seat))
    if _pending_part(view) is not None:
        out += _legend_regions(view, names)
    return out


def _legend_regions(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """The shapes and orientations of `_legend`, where it draws them."""
    y0 = HEADER + SHARED + TRACK + ((view["players"] + 1) // 2) * (PANEL_H + 8) + 8
    y0 += len(last_lines(view, names)) * LAST_LINE
    out = []
    x = 16
    unit = 13
    for shape, offsets_list in view["orientations"].items():
        out.append(rect_region(shape, (x, y0 + 20, x + 28, y0 + 40), "shape", f"the {shape} part"))
        x += 30
        for k, offsets in enumerate(offsets_list, start=1):
            xs = [dx for dx, _ in offsets]
            width = (max(xs) - min(xs) + 1) * unit
            # named by its part and turn (`l4o3`): a tap names that part so turned, not every part turned so
            out.append(rect_region(f"{shape}o{k}", (x - 2, y0 + 20, x + max(width, 22) + 2, y0 + 24 + 3 * unit + 18),
                                   "orientation", f"{shape} turned as o{k}"))
            x += max(width, 22) + 10
        x += 14
    return out

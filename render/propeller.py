"""The Propeller Islands pictures, drawn from a view.

The public picture: the forge board (dice on their spaces, the twelve offered tiles on the
ring, slots a-l), the Blueprint offer and the last move at the top; below, one panel per
player with their island (tile labels t0, t1, ... as the moves name them, free places with
their coordinates), their dock of workers with the rewards, drafted dice, resources, fame and
character. `draw_hand` draws one player's Blueprints for /hand.
"""

from __future__ import annotations

import json
import math
from typing import Any

from PIL import Image, ImageDraw

from games.propeller import data as D
from render.common import (
    CARD,
    INK,
    LINE,
    MUTED,
    PAPER,
    WHITE,
    Cache,
    mix,
    seat_colour,
    seat_name,
    shade,
    text,
    to_png,
)

WIDTH = 1000
TOP_H = 440
PANEL_W = 500
HEADER_H, FOOTER_H = 86, 136  # a panel: name and counts, the island, then the dock
ISLAND_MIN_H, ISLAND_MAX_H = 248, 640
MIN_RADIUS = 36
SQ3 = math.sqrt(3)

GUILD_COLOURS = {"I": (128, 84, 44), "S": (112, 72, 188), "C": (200, 64, 132)}
FILL = {"capitol": (250, 236, 200), "depot": (190, 202, 214), "building": (240, 232, 212), "landmark": (238, 212, 128)}
SEA = (206, 226, 236)
FORGE_FILL = (92, 84, 76)
HIGHLIGHT = (255, 196, 0)
RES_COLOURS = ((232, 176, 30), (120, 130, 146), (176, 96, 48))  # energy, steel, part


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


def _kind_fill(kind: int, seat: int | None) -> tuple[int, int, int]:
    if kind == D.CAPITOL:
        return mix(FILL["capitol"], seat_colour(seat), 0.25) if seat is not None else FILL["capitol"]
    if kind in D.DEPOTS:
        return FILL["depot"]
    if kind in D.LANDMARKS:
        return FILL["landmark"]
    return FILL["building"]


def _flag(draw: ImageDraw.ImageDraw, x: float, y: float, guild: str, size: int) -> None:
    draw.rectangle((x, y, x + size, y + size * 0.8), fill=GUILD_COLOURS[guild])
    text(draw, (x + size / 2, y + size * 0.4), guild, int(size * 0.7), WHITE, "mm", bold=True)


def _hub(draw: ImageDraw.ImageDraw, x: float, y: float, guild: str, size: int) -> None:
    polygon(draw, hex_corners(x, y, size / 2), WHITE, GUILD_COLOURS[guild], width=3)
    text(draw, (x, y), guild, int(size * 0.6), GUILD_COLOURS[guild], "mm", bold=True)


def draw_tile(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, tile: dict[str, Any],
              seat: int | None = None, label: str = "", glow: bool = False) -> None:
    """One hex tile: number and name, activation number, banner or hub, upgrades, worker, label."""
    kind = tile["kind"]
    polygon(draw, hex_corners(cx, cy, radius), _kind_fill(kind, seat), HIGHLIGHT if glow else shade(LINE, -0.3),
            width=4 if glow else 2)
    big = max(12, int(radius * 0.4))
    small = max(10, int(radius * 0.28))
    text(draw, (cx, cy - radius * 0.42), f"{kind:02d}" if kind != D.CAPITOL else "Cap", big, INK, "mm", bold=True)
    if radius >= 34 and not label:
        text(draw, (cx, cy - radius * 0.08), D.SHORT_NAMES[kind], small, MUTED, "mm", width=int(radius * 1.5))
    number = tile["number"]
    if kind != D.CAPITOL and number >= 0:
        shown = "?" if number == 0 else str(number)
        if tile.get("wild"):
            shown = "W"
        box = (cx - radius * 0.8, cy - radius * 0.12, cx - radius * 0.34, cy + radius * 0.34)
        draw.rounded_rectangle(box, radius=4, fill=WHITE if not tile.get("wild") else HIGHLIGHT, outline=INK, width=2)
        text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), shown, big, INK, "mm", bold=True)
    flag = max(10, int(radius * 0.34))
    banners = [b for b in (tile.get("banner"), tile.get("ubanner")) if b]
    for i, guild in enumerate(banners):
        _flag(draw, cx + radius * 0.32 + i * (flag + 2) - (flag + 2) * (len(banners) - 1), cy - radius * 0.86 + 2,
              guild, flag)
    if tile.get("hub"):
        _hub(draw, cx - radius * 0.52, cy - radius * 0.62, tile["hub"], int(flag * 1.3))
    if tile.get("prod"):
        letter = tile["prod"]
        colour = RES_COLOURS["esp".index(letter)]
        py = cy + radius * 0.05
        draw.ellipse((cx - small * 0.8, py - small * 0.8, cx + small * 0.8, py + small * 0.8), fill=colour, outline=INK)
        text(draw, (cx, py), "+" + letter, max(9, small - 2), WHITE, "mm", bold=True)
    worker = tile.get("worker", 0)
    if seat is not None and tile["kind"] not in D.DEPOTS:
        wx, wy, wr = cx + radius * 0.56, cy + radius * 0.1, max(6, radius * 0.2)
        colour = seat_colour(seat)
        if worker == 1:
            draw.ellipse((wx - wr, wy - wr * 1.3, wx + wr, wy + wr * 1.3), fill=colour, outline=INK, width=2)
        elif worker == 2:
            draw.ellipse((wx - wr * 1.3, wy - wr * 0.6, wx + wr * 1.3, wy + wr * 0.6),
                         fill=mix(colour, WHITE, 0.45), outline=INK, width=1)
        else:
            draw.ellipse((wx - wr, wy - wr, wx + wr, wy + wr), outline=MUTED, width=1)
    if label:
        size = max(12, int(radius * 0.42))
        w = len(label) * size * 0.6 + 8
        ly = cy + radius * 0.62
        draw.rounded_rectangle((cx - w / 2, ly - size * 0.62, cx + w / 2, ly + size * 0.62), radius=5, fill=INK)
        text(draw, (cx, ly), label, size, WHITE, "mm")


# -- forge board ----------------------------------------------------------------------------
def _die(draw: ImageDraw.ImageDraw, x: float, y: float, value: int, size: int, fill=WHITE) -> None:
    draw.rounded_rectangle((x - size / 2, y - size / 2, x + size / 2, y + size / 2), radius=4, fill=fill,
                           outline=INK, width=2)
    text(draw, (x, y), str(value), int(size * 0.7), INK, "mm", bold=True)


def _forge(draw: ImageDraw.ImageDraw, view: dict[str, Any], ox: float, oy: float, radius: float) -> None:
    value = None
    current = view["current"]
    if view["phase"] == "turn" and view["step"] == "act":
        value = view["players"][current]["value"]
    lit = set(D.SLOTS_BY_VALUE.get(value, ())) if value else set()
    cx, cy = hex_centre(0, 0, radius)
    polygon(draw, hex_corners(ox + cx, oy + cy, radius), shade(FORGE_FILL, -0.2), INK, width=2)
    text(draw, (ox, oy - 10), "FORGE", 15, WHITE, "mm", bold=True)
    text(draw, (ox, oy + 10), "±1: 1 energy", 12, WHITE, "mm")
    for face, (q, r) in D.FORGE.items():
        x, y = hex_centre(q, r, radius)
        x, y = ox + x, oy + y
        polygon(draw, hex_corners(x, y, radius), FORGE_FILL, INK, width=2)
        text(draw, (x, y - radius * 0.55), str(face), 18, (230, 220, 200), "mm", bold=True)
        count = view["forge"][face - 1]
        for k in range(count):
            _die(draw, x + (k - (count - 1) / 2) * 26, y + 8, face, 24,
                 fill=HIGHLIGHT if view.get("bonus_die") == face and view["phase"] == "bonus" else WHITE)
    for slot, (q, r) in enumerate(D.RING):
        x, y = hex_centre(q, r, radius)
        x, y = ox + x, oy + y
        tile = view["offer"][slot]
        if tile is None:
            polygon(draw, hex_corners(x, y, radius), SEA, LINE, width=2)
        else:
            draw_tile(draw, x, y, radius, tile, glow=slot in lit)
        length = math.hypot(x - ox, y - oy)
        tx, ty = x + (x - ox) / length * radius * 0.98, y + (y - oy) / length * radius * 0.98
        draw.ellipse((tx - 11, ty - 11, tx + 11, ty + 11), fill=INK)
        text(draw, (tx, ty), D.SLOTS[slot], 15, WHITE, "mm", bold=True)


def _card(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, card: dict[str, Any],
          payable: bool | None = None) -> None:
    outline = (60, 150, 60) if payable else LINE
    draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=CARD, outline=outline, width=3 if payable else 2)
    text(draw, (x + 8, y + 6), f"#{card['id']}  {'I' * card['level']}", 16, INK, bold=True)
    text(draw, (x + w - 8, y + 6), f"{card['vp']} VP", 16, INK, "ra", bold=True)
    cx = x + 10
    for index, amount in enumerate(card["cost"]):
        for _ in range(amount):
            draw.ellipse((cx, y + 30, cx + 14, y + 44), fill=RES_COLOURS[index], outline=INK)
            cx += 17
    code = card["upgrade"]
    words = {"W": "wild die", "Pe": "+energy", "Ps": "+steel", "Pp": "+part"}.get(code)
    if words is None:
        _flag(draw, x + w - 30, y + 28, code[1], 20)
        words = "banner"
    text(draw, (x + w - (36 if code[0] == "B" else 8), y + 30), words, 14, MUTED, "ra")


def _top(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    _forge(draw, view, 205, 222, 44)
    x0 = 420
    y = 12
    text(draw, (x0, y), _headline(view, names), 20, INK, bold=True, width=WIDTH - x0 - 12)
    y += 30
    text(draw, (x0, y), f"Draw stack {view['stack']} tiles · Blueprint stacks I {view['bp_stacks'][0]}, "
                        f"II {view['bp_stacks'][1]}", 15, MUTED)
    _legend(draw, WIDTH - 12, y + 1)
    y += 26
    w, h = 184, 52
    for level, cards in enumerate(view["bp_offer"]):
        for i, card in enumerate(cards):
            _card(draw, x0 + i * (w + 8), y + level * (h + 8), w, h, card)
    y += 2 * (h + 8) + 8
    last = view.get("last") or {}
    if last.get("move"):
        who = seat_name(names, last["seat"]) if last.get("seat") is not None else ""
        text(draw, (x0, y), f"{who}: {last['move']}", 16, INK, bold=True, width=WIDTH - x0 - 12)
        y += 24
        for note in (last.get("notes") or [])[:8]:
            text(draw, (x0 + 8, y), "· " + note, 15, MUTED, width=WIDTH - x0 - 20)
            y += 21
    if view["phase"] == "characters" and view.get("dealt"):
        text(draw, (x0, TOP_H - 30), "Characters dealt: " + ", ".join(view["dealt"]), 15, INK)


def _legend(draw: ImageDraw.ImageDraw, right: float, y: float) -> None:
    """Which coloured dot is which resource, right-aligned at `right`."""
    x = right
    for index in (2, 1, 0):
        x -= text(draw, (x, y), D.RESOURCES[index], 13, MUTED, "ra") + 4
        draw.ellipse((x - 13, y + 1, x - 1, y + 13), fill=RES_COLOURS[index], outline=INK)
        x -= 22


def _headline(view: dict[str, Any], names: list[str]) -> str:
    if view.get("ended"):
        return view["ended"]
    if view["phase"] == "over":
        final = view["final"]
        best = [seat_name(names, s) for s, rank in enumerate(final["ranks"]) if rank == 1]
        return "Game over: " + " and ".join(best) + " win" + ("s" if len(best) == 1 else "")
    if view["phase"] == "characters":
        return f"{seat_name(names, view['current'])} chooses a character"
    if view["phase"] == "bonus":
        return f"Round {view['round']}: everyone uses the bonus die {view['bonus_die']}"
    who = seat_name(names, view["current"])
    value = view["players"][view["current"]]["value"]
    step = {"pick": "drafts a die", "act": f"acts with a {value}", "run": f"activates with a {value}",
            "blueprint": "may complete a Blueprint", "take": "takes a Blueprint"}.get(view["step"], "")
    return f"Round {view['round']}: {who} {step}"


# -- player panels ----------------------------------------------------------------------------
def _island(draw: ImageDraw.ImageDraw, player: dict[str, Any], seat: int, box: tuple[int, int, int, int],
            fresh: set[str]) -> None:
    x0, y0, x1, y1 = box
    tiles = player["island"]
    cells = {(t["q"], t["r"]) for t in tiles}
    free = set()
    for q, r in cells:
        for cell in D.neighbours(q, r):
            if cell not in cells:
                free.add(cell)
    xs = [1.5 * q for q, _ in cells]
    ys = [SQ3 * (r + q / 2) for q, r in cells]
    span_w = max(xs) - min(xs) + 2
    span_h = max(ys) - min(ys) + SQ3
    radius = min((x1 - x0) / span_w, (y1 - y0) / span_h, 48)
    mid_x = (max(xs) + min(xs)) / 2 * radius
    mid_y = (max(ys) + min(ys)) / 2 * radius
    ox, oy = (x0 + x1) / 2 - mid_x, (y0 + y1) / 2 - mid_y
    for q, r in sorted(free):
        x, y = hex_centre(q, r, radius)
        if not (x0 + radius <= ox + x <= x1 - radius and y0 + radius * 0.8 <= oy + y <= y1 - radius * 0.8):
            continue
        polygon(draw, hex_corners(ox + x, oy + y, radius - 1), mix(SEA, WHITE, 0.4), (176, 200, 214))
        if radius >= 24:
            text(draw, (ox + x, oy + y), f"{q},{r}", max(10, int(radius * 0.3)), (120, 146, 164), "mm")
    for tile in tiles:
        x, y = hex_centre(tile["q"], tile["r"], radius)
        draw_tile(draw, ox + x, oy + y, radius - 1, tile, seat, tile["label"], glow=tile["label"] in fresh)
    _links(draw, tiles, radius, ox, oy)


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


def island_height(player: dict[str, Any]) -> int:
    """Height of the island box that keeps the tiles at least MIN_RADIUS across in a panel."""
    cells = [(t["q"], t["r"]) for t in player["island"]]
    xs = [1.5 * q for q, _ in cells]
    ys = [SQ3 * (r + q / 2) for q, r in cells]
    radius = min(MIN_RADIUS, (PANEL_W - 20) / (max(xs) - min(xs) + 2))
    return int(min(ISLAND_MAX_H, max(ISLAND_MIN_H, radius * (max(ys) - min(ys) + SQ3))))


def _dock(draw: ImageDraw.ImageDraw, player: dict[str, Any], seat: int, x0: float, y0: float) -> None:
    step = 34
    colour = seat_colour(seat)
    for index, here in enumerate(player["dock"]):
        col, row = index % D.COLUMNS, index // D.COLUMNS
        x, y = x0 + 14 + col * step, y0 + 14 + row * step
        draw.rectangle((x - 14, y - 14, x + 14, y + 14), fill=(226, 216, 196), outline=LINE)
        if here:
            draw.ellipse((x - 9, y - 11, x + 9, y + 11), fill=colour, outline=INK, width=2)
    rewards = {"part": "+P", "es": "+E+S", "tile": "tile", "deploy": "wkr", "fame3": "+3 fame",
               "any2": "2 any", "depot2": "2 depots"}
    cleared = set(player["cleared"])
    for col, reward in enumerate(D.COLUMN_REWARDS):
        done = f"column {D.COLUMN_LETTERS[col]}" in cleared
        text(draw, (x0 + 14 + col * step, y0 + 3 * step + 2), rewards[reward], 12,
             MUTED if not done else (170, 160, 150), "ma")
        text(draw, (x0 + 14 + col * step, y0 - 14), D.COLUMN_LETTERS[col], 12, INK, "ma", bold=True)
    for row, reward in enumerate(D.ROW_REWARDS):
        done = f"row {row + 1}" in cleared
        text(draw, (x0 + 4 * step + 4, y0 + 14 + row * step), f"{row + 1} {rewards[reward]}", 12,
             MUTED if not done else (170, 160, 150), "lm")


def _fame_track(draw: ImageDraw.ImageDraw, player: dict[str, Any], seat: int, x: float, y: float) -> None:
    """The 0-15 fame track: trumpet spaces in gold, the tracker in the seat's colour."""
    for space in range(D.TRACK_SPACES):
        fill = HIGHLIGHT if space in D.TRUMPETS else WHITE
        draw.rectangle((x + space * 10, y, x + space * 10 + 9, y + 14), fill=fill, outline=LINE)
    spot = x + player["track"] * 10
    draw.ellipse((spot, y + 2, spot + 9, y + 12), fill=seat_colour(seat), outline=INK)


def _panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], seat: int, x0: int, y0: int,
           height: int) -> None:
    PANEL_H = height  # noqa: N806 - the panel's height, as the layout names it
    player = view["players"][seat]
    colour = seat_colour(seat)
    acting = seat in view["to_act"]
    draw.rectangle((x0 + 4, y0 + 4, x0 + PANEL_W - 4, y0 + PANEL_H - 4), fill=mix(PAPER, colour, 0.06),
                   outline=colour if acting else LINE, width=4 if acting else 2)
    name = seat_name(names, seat) + ("  ★ first" if view["first"] == seat and view["phase"] != "over" else "")
    text(draw, (x0 + 14, y0 + 12), name, 20, colour, bold=True, width=250)
    char = player["character"]
    if char:
        level = ["no power yet", "basic power", "advanced power"][player["level"]]
        text(draw, (x0 + PANEL_W - 14, y0 + 14), f"{char.title()} · {level}", 15, INK, "ra")
    fame = f"Fame {player['fame']}"
    if player["tokens"]:
        fame += f" (15+ ×{player['tokens']}, track {player['track']})"
    line = f"{fame} · E {player['resources'][0]} · S {player['resources'][1]} · P {player['resources'][2]}"
    text(draw, (x0 + 14, y0 + 40), line, 17, INK, bold=True, width=300)
    _fame_track(draw, player, seat, x0 + PANEL_W - 14 - 16 * 10, y0 + 42)
    done_vp = sum(c["vp"] for c in player["done"])
    line2 = (f"Blueprints: {player['hand']} in hand, {len(player['done'])} done ({done_vp} VP)"
             f" · upgrades aside {len(player['unused'])} · links {player['links']}")
    text(draw, (x0 + 14, y0 + 64), line2, 14, MUTED, width=PANEL_W - 28)
    last = view.get("last") or {}
    fresh = set()
    if last.get("seat") == seat:
        for note in last.get("notes") or []:
            if note.startswith("placed ") and " as t" in note:
                fresh.add(note.rsplit(" as ", 1)[1])
    _island(draw, player, seat, (x0 + 10, y0 + HEADER_H, x0 + PANEL_W - 10, y0 + PANEL_H - FOOTER_H), fresh)
    _dock(draw, player, seat, x0 + 18, y0 + PANEL_H - 124)
    dx = x0 + 300
    text(draw, (dx, y0 + PANEL_H - 116), "Dice drafted", 13, MUTED)
    for i, value in enumerate(player["drafted"]):
        _die(draw, dx + 14 + i * 32, y0 + PANEL_H - 84, value, 26)
    tasks = player.get("tasks") or []
    if acting and view["phase"] == "bonus":
        text(draw, (dx, y0 + PANEL_H - 58), f"bonus die as {player['value'] or '?'}", 14, INK, bold=True)
    if tasks:
        text(draw, (dx, y0 + PANEL_H - 38), "choosing: " + ", ".join(tasks), 13, INK, width=PANEL_W - 310)
    if view["phase"] == "over":
        final = view["final"]["details"][seat]
        text(draw, (dx, y0 + PANEL_H - 58), f"Score {final['total']} (rank {view['final']['ranks'][seat]})", 17,
             INK, bold=True)


_panels = Cache(size=64)  # a player's panel changes only when that player does something


def _panel_key(view: dict[str, Any], names: list[str], seat: int, height: int) -> str:
    final = view.get("final")
    last = view.get("last") or {}
    return json.dumps([seat, seat_name(names, seat), height, view["players"][seat], seat in view["to_act"],
                       view["first"] == seat, view["phase"], final and final["details"][seat],
                       final and final["ranks"][seat], last if last.get("seat") == seat else None], sort_keys=True)


def _panel_image(view: dict[str, Any], names: list[str], seat: int, height: int) -> Image.Image:
    image = Image.new("RGB", (PANEL_W, height), PAPER)
    _panel(ImageDraw.Draw(image), view, names, seat, 0, 0, height)
    return image


def _final(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], x0: int, y0: int) -> None:
    final = view["final"]
    text(draw, (x0, y0), "Final score by source", 17, INK, bold=True)
    y = y0 + 26
    head = ("", "fame", "res.", "upgr.", "landm.", "bluep.", "total")
    cols = [x0, x0 + 130, x0 + 185, x0 + 235, x0 + 290, x0 + 350, x0 + 410]
    for c, words in zip(cols, head, strict=True):
        text(draw, (c, y), words, 13, MUTED)
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
            marks = ", ".join(f"{name} {vp}" for name, vp in d["landmarks"].items())
            text(draw, (x0, y), f"{seat_name(names, seat)}: {marks}", 13, MUTED, width=WIDTH - x0 - 10)
            y += 17
    if final.get("tiebreak"):
        text(draw, (x0, y + 2), "Tie-break: " + final["tiebreak"], 13, MUTED, width=WIDTH - x0 - 10)


def render(view: dict[str, Any], names: list[str]) -> Image.Image:
    players = len(view["players"])
    heights = [HEADER_H + FOOTER_H + max(island_height(p) for p in view["players"][row:row + 2])
               for row in range(0, players, 2)]
    image = Image.new("RGB", (WIDTH, TOP_H + sum(heights)), PAPER)
    draw = ImageDraw.Draw(image)
    _top(draw, view, names)
    if view["phase"] == "over":
        draw.rectangle((412, 240, WIDTH - 6, TOP_H - 6), fill=PAPER)
        _final(draw, view, names, 420, 246)
    for seat in range(players):
        row = seat // 2
        panel = _panels.get(_panel_key(view, names, seat, heights[row]), lambda s=seat, h=heights[row]: _panel_image(
            view, names, s, h))
        image.paste(panel, ((seat % 2) * PANEL_W, TOP_H + sum(heights[:row])))
    return image


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    """The PNG of a Propeller Islands view; `names[seat]` names the players."""
    return to_png(render(view, names))


def draw_hand(view: dict[str, Any], names: list[str]) -> bytes | None:
    """The Blueprints in the hand of the view's seat, those payable now outlined in green."""
    hand = view.get("hand")
    if hand is None:
        return None
    seat = view["seat"]
    per_row = 3
    w, h = 200, 60
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    image = Image.new("RGB", (3 * (w + 10) + 10, 64 + rows * (h + 10)), PAPER)
    draw_ = ImageDraw.Draw(image)
    have = view["players"][seat]["resources"]
    text(draw_, (10, 8), f"{seat_name(names, seat)}'s Blueprints", 18, seat_colour(seat), bold=True)
    text(draw_, (10, 34), f"You have {have[0]} energy, {have[1]} steel, {have[2]} parts; green: payable now",
         14, MUTED)
    _legend(draw_, image.width - 10, 12)
    for i, card in enumerate(hand):
        _card(draw_, 10 + (i % per_row) * (w + 10), 60 + (i // per_row) * (h + 10), w, h, card, card["payable"])
    if not hand:
        text(draw_, (10, 64), "No Blueprint in hand.", 15, INK)
    return to_png(image)

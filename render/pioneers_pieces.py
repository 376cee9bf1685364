"""What the Pioneer's Isle pictures share, the base island's and the sea layouts': terrain
colours and words, harbour labels, buildings and the panel's words for amounts and answers."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import ImageDraw

import lang
from games.pioneers.data import kind_word
from lang import N_, ngettext, tr
from render.common import INK, MUTED, WHITE, Cache, font, mix, seat_colour, seat_name, shade, text, text_width

# The static boards of Pioneer's Isle, the base island (about 170 KiB deflated) and a sea
# layout's map (about 300 KiB), in one budget: 200 tables of either kind, so a server's fifth
# or fiftieth table never redraws its board on every move
BOARD_TABLES = 200
boards = Cache(size=BOARD_TABLES, max_bytes=BOARD_TABLES * (300 << 10), per_table=True)

RADIUS = 65  # hex centre to corner, pixels
TERRAIN_COLOURS = {
    "lumber": (52, 120, 58),
    "brick": (190, 96, 52),
    "wool": (146, 196, 92),
    "grain": (236, 196, 72),
    "ore": (128, 132, 146),
    "desert": (222, 204, 160),
}
TERRAIN_WORDS = {"lumber": N_("lumber"), "brick": N_("brick"), "wool": N_("wool"), "grain": N_("grain"),
                 "ore": N_("ore"), "desert": N_("desert")}



def board_key(board: dict) -> object:
    """The cache key of a board's drawn map: its words (terrain, harbours) are in the language of
    the call, so each language has its own."""
    language = lang.current()
    return board["key"] if language == lang.ENGLISH else (board["key"], language)


HOT = (200, 30, 30)
HIGHLIGHT = (255, 214, 0)
# corner numbers: bold, so that "53" and "63" stay apart when the picture is shown at about
# 550 px wide (half size), as chat previews do
CORNER_SIZE = 18
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
HARBOUR_R = RADIUS * 0.42  # a harbour's circle: room for "lumber" in a readable size
HARBOUR_EDGE = 3  # its outline


def label_box(dx: float, dy: float, words: str, size: int, bold: bool) -> tuple[float, float, float, float]:
    """The box a label drawn centred ("mm") at (dx, dy) covers, stroke included."""
    x0, y0, x1, y1 = font(size).getbbox(words, anchor="mm", stroke_width=1 if bold else 0)
    return dx + x0, dy + y0, dx + x1, dy + y1


def _inside(box: tuple[float, float, float, float], r: float) -> bool:
    return all(math.hypot(x, y) <= r for x in (box[0], box[2]) for y in (box[1], box[3]))


def harbour_labels(kind: str) -> tuple[tuple[float, float, str, int, bool], ...]:
    """`_harbour_labels` in the language of the call."""
    return _harbour_labels(kind, lang.current())


@cache
def _harbour_labels(kind: str, language: str) -> tuple[tuple[float, float, str, int, bool], ...]:
    """(dx, dy, words, size, bold) of a harbour's labels around its centre: "3:1", or "2:1"
    over the resource, each as large as fits inside the circle's outline."""
    room = HARBOUR_R - HARBOUR_EDGE - 1
    if kind == "any":
        return ((0, 0, "3:1", 17, True),)
    for size in range(12, 8, -1):
        labels = ((0, -7, "2:1", 15, True), (0, 6, kind_word(kind), size, False))
        if all(_inside(label_box(*label), room) for label in labels):
            return labels
    return labels


def terrain_word(draw: ImageDraw.ImageDraw, xy: tuple[float, float], res: str) -> None:
    """The terrain's name under its number, on a light halo: at the width a phone shows, dark
    words on the dark hexes (lumber, brick, ore) vanish without one."""
    text(draw, xy, tr(TERRAIN_WORDS[res]), 15, INK, "mm", outline=mix(TERRAIN_COLOURS[res], WHITE, 0.6))


def building(draw: ImageDraw.ImageDraw, xy: tuple[float, float], node: int, seat: int, level: int,
             glow: bool) -> None:
    """A settlement (level 1) or city at `xy`, its corner number written on it."""
    x, y = xy
    colour = seat_colour(seat)
    if level == 1:
        r = 14
        shape = [(x - r, y - 2), (x, y - r - 4), (x + r, y - 2), (x + r, y + r), (x - r, y + r)]
    else:
        r = 17
        shape = [(x - r, y + r), (x - r, y - 4), (x - r / 2, y - r - 4), (x, y - 4), (x + r, y - 4),
                 (x + r, y + r)]
    if glow:
        draw.ellipse((x - r - 9, y - r - 9, x + r + 9, y + r + 9), fill=HIGHLIGHT)
    draw.polygon(shape, fill=colour, outline=(20, 20, 20), width=2)
    text(draw, (x, y + (3 if level == 1 else 5)), str(node), 14, WHITE, "mm", bold=True, outline=(20, 20, 20))


RES_SHORT = ("lumber", "brick", "wool", "grain", "ore")
KIND_WORDS = (*RES_SHORT, "ink", "sailcloth", "silver")  # a Ramparts hand and offer: 8 kinds


def number_disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, number: int, colour: tuple,
                s: float, step: float, dot: float) -> None:
    """A hex's number disc of radius `r` and its pips (red on 6 and 8), `step` apart and of radius
    `dot`; `s` scales every length (the board is drawn supersampled). Its number is written later."""
    draw.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=(250, 243, 222),
                 outline=shade(colour, -0.45), width=round(2 * s))
    dots = PIPS[number]
    ink = HOT if number in (6, 8) else INK
    for index in range(dots):
        px = cx + (index - (dots - 1) / 2) * step
        py = cy + r * 0.58
        draw.ellipse(((px - dot) * s, (py - dot) * s, (px + dot) * s, (py + dot) * s), fill=ink)


def count(n: int, word: str) -> str:
    if word == "card":
        return ngettext("{count} card", "{count} cards", n).format(count=n)
    if word == "knight":
        return ngettext("{count} knight", "{count} knights", n).format(count=n)
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def amounts(amounts: list[int]) -> str:
    """Cards as words, "1 wool 2 silver": five resources, or eight kinds with Ramparts."""
    return " ".join(f"{n} {kind_word(KIND_WORDS[i])}" for i, n in enumerate(amounts) if n)


def offer_line(offer: dict, who: str) -> str:
    """`#3 anna gives 1 wool, gets 1 ore`."""
    return tr("#{number} {who} gives {give}, gets {get}").format(
        number=offer["id"], who=who, give=amounts(offer["give"]), get=amounts(offer["get"]))


def answer(who: str, offerer: str, answer: list) -> str:
    """An answer told from the offerer's side, as every offer is (a counter lists the answerer's cards)."""
    if answer[0] == "counter":
        return tr("{who} counters: {offerer} gives {give}, gets {get}").format(
            who=who, offerer=offerer, give=amounts(answer[2]), get=amounts(answer[1]))
    if answer[0] == "accept":
        return tr("{who} accepts").format(who=who)
    return tr("{who} declines").format(who=who)


PLACE_WORDS = {"desert": N_("desert"), "gold": N_("gold"), "sea": N_("sea")}


def fitting_size(words: str, size: int, width: float, smallest: int = 12) -> int:
    """The size a line of another language than English is drawn in so that it fits `width`
    (German runs about a third longer), down to `smallest`; English keeps `size`, as drawn before."""
    if lang.current() == lang.ENGLISH:
        return size
    while size > smallest and text_width(words, size) > width:
        size -= 1
    return size


def phase_line(phase: str, name: str, phases: dict[str, str]) -> str:
    """`anna builds and trades`: who is awaited for what, in the current language."""
    words = phases[phase]
    return (tr(words) if words.strip() != "{name}" else words).format(name=name)


def badge_word(badge: str, badges: dict[str, str]) -> str:
    """A badge's word (a title, `to play`) as the panel shows it."""
    return tr(badges[badge]) if badge in badges else badge


def stats_line(info: dict[str, Any], route: str) -> str:
    """`7 cards  2 dev  1 knight  road 5`: a player's cards, development cards, knights and road."""
    return "  ".join((count(info["cards"], "card"), tr("{count} dev").format(count=info["dev_cards"]),
                      count(info["knights"], "knight"),
                      (tr("route {length}") if route == "route" else tr("road {length}")).format(
                          length=info["road_length"])))


def sources_line(sources: list, short: dict[str, str]) -> str:
    """`Road 2 · settlements 3`: the final points by source."""
    return " · ".join(f"{tr(short.get(label, label))} {points}" for label, points in sources)


def rolled_words(d1: int, d2: int) -> str:
    return tr("rolled {total}  ({d1}+{d2})").format(total=d1 + d2, d1=d1, d2=d2)


def turn_words(turn: int) -> str:
    return tr("Turn {turn}").format(turn=turn) if turn else tr("Setup")


def last_move_words(move: str) -> str:
    """The last move as played (notation), a counter told by its offer (its terms are below)."""
    if move.startswith("counter"):
        return tr("counter to offer #{number}").format(number=move.split()[1])
    words = move.split()
    if lang.current() != lang.ENGLISH and len(words) == 3 and words[0] == "discard" and words[2] == "cards":
        # `discard 7 cards`: the public record of a discard, which cards stays hidden
        count = int(words[1])
        return ngettext("discarded {count} card", "discarded {count} cards", count).format(count=count)
    return move


def terrain_tip(res: str) -> str:
    """A hex's resource (or desert, gold, sea) as a tip names it."""
    return tr(PLACE_WORDS[res]) if res in PLACE_WORDS else kind_word(res)


def hex_tip(info: dict[str, Any], robber: bool) -> str:
    """`wool, rolls 5; the robber stands here`."""
    res = terrain_tip(info["res"])
    if info["number"]:
        words = (tr("{res}, rolls {number}; the robber stands here") if robber else tr("{res}, rolls {number}"))
        return words.format(res=res, number=info["number"])
    return (tr("{res}; the robber stands here") if robber else "{res}").format(res=res)


def building_tip(here: tuple[int, int], names: list[str]) -> str:
    """`settlement of anna`."""
    if here[1] == 1:
        return tr("settlement of {name}").format(name=seat_name(names, here[0]))
    return tr("city of {name}").format(name=seat_name(names, here[0]))


def draw_offers(draw: ImageDraw.ImageDraw, x0: float, y: float, right: float, offers: list[dict],
                names: list[str], bottom: float | None = None) -> float:
    """The panel's open offers, four at most, each with its answers; with `bottom`, an offer that
    would come near it gives way to a line saying how many are left. Returns the y below them."""
    text(draw, (x0, y), tr("Open offers"), 14, MUTED)
    y += 19
    for shown, offer in enumerate(offers[:4]):
        if bottom is not None and y + 33 > bottom:
            text(draw, (x0, y), tr("{count} more: /offers lists them all").format(count=len(offers) - shown), 13, MUTED)
            y += 16
            break
        who = seat_name(names, offer["by"])
        line = offer_line(offer, who)
        text(draw, (x0, y), line, 14, INK, width=right - x0)
        y += 17
        answers = [answer(seat_name(names, int(s)), who, a) for s, a in offer["answers"].items()]
        if answers:
            text(draw, (x0 + 12, y), ", ".join(answers), 13, MUTED, width=right - x0 - 12)
            y += 16
    return y


# -- Ramparts pieces (drawn only for a view with "ramparts") -----------------------------------------
STONE = (150, 146, 138)
STONE_DARK = (70, 66, 60)
METROPOLIS_LETTERS = {"commerce": "E", "council": "C", "lore": "L"}  # Emporium, Citadel, Lighthouse
KNIGHT_R = 10  # the disc; each further point of strength adds a ring outside it
KNIGHT_RING_STEP = 4  # a ring: a pale gap, the owner's colour, a dark edge
KNIGHT_BASE = 16  # a pale ground at least this wide hides the corner number the island drew there


def knight_radius(strength: int) -> float:
    """How far from its corner a knight of that strength reaches: a strong one stays clear of the
    hex letters (their halo begins 18.6 pixels from the corner)."""
    return max(KNIGHT_BASE, KNIGHT_R + (strength - 1) * KNIGHT_RING_STEP)


def knight(draw: ImageDraw.ImageDraw, xy: tuple[float, float], node: int, seat: int, strength: int, active: bool,
           glow: bool) -> None:
    """A knight on its corner: a disc in its owner's colour with one ring a point of strength.
    Active: the disc filled and outlined in black; inactive: hollow (paper inside, the number in
    ink), so that the state reads without telling colours apart."""
    x, y = xy
    colour = seat_colour(seat)
    outer = knight_radius(strength)
    if glow:
        draw.ellipse((x - outer - 6, y - outer - 6, x + outer + 6, y + outer + 6), fill=HIGHLIGHT)
    draw.ellipse((x - outer, y - outer, x + outer, y + outer), fill=(250, 246, 236))
    for ring in range(strength - 1, 0, -1):  # outermost first, each inside the last
        r = KNIGHT_R + ring * KNIGHT_RING_STEP
        for inset, fill in ((0, (20, 20, 20)), (1, colour), (3, (250, 246, 236))):
            draw.ellipse((x - r + inset, y - r + inset, x + r - inset, y + r - inset), fill=fill)
    r = KNIGHT_R
    if active:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=(20, 20, 20), width=2)
        text(draw, (x, y), str(node), 13, WHITE, "mm", bold=True, outline=(20, 20, 20), halo=1)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(250, 246, 236), outline=colour, width=3)
        text(draw, (x, y), str(node), 13, INK, "mm", bold=True)


WALL_BOX = (-24, -20, 24, 18)  # around the corner: its foot clears the letter of the hex below


def wall(draw: ImageDraw.ImageDraw, xy: tuple[float, float]) -> None:
    """A wall: a square stone base standing under the city drawn over it, showing on its sides."""
    x, y = xy
    box = (x + WALL_BOX[0], y + WALL_BOX[1], x + WALL_BOX[2], y + WALL_BOX[3])
    draw.rectangle(box, fill=STONE, outline=STONE_DARK, width=2)
    for row in range(1, 4):  # courses of stone
        yy = box[1] + row * (box[3] - box[1]) / 4
        draw.line((box[0] + 2, yy, box[2] - 2, yy), fill=STONE_DARK, width=1)


def ruin(draw: ImageDraw.ImageDraw, xy: tuple[float, float], node: int, seat: int, glow: bool) -> None:
    """A pillaged city left standing: the city's outline with a broken roof line, pale and
    cracked, its corner number on it; it counts as a settlement."""
    x, y = xy
    colour = seat_colour(seat)
    r = 17
    if glow:
        draw.ellipse((x - r - 9, y - r - 9, x + r + 9, y + r + 9), fill=HIGHLIGHT)
    shape = [(x - r, y + r), (x - r, y - 8), (x - r / 2, y - r - 2), (x - 4, y - 10), (x, y - 2), (x + 5, y - 9),
             (x + 10, y - 3), (x + r, y - 7), (x + r, y + r)]
    draw.polygon(shape, fill=mix(colour, WHITE, 0.55), outline=(20, 20, 20), width=2)
    draw.line([(x - 9, y - 8), (x - 4, y + 1), (x - 10, y + 8), (x - 6, y + r - 1)], fill=(20, 20, 20), width=2)
    text(draw, (x + 3, y + 7), str(node), 14, INK, "mm", bold=True, outline=WHITE)


def metropolis(draw: ImageDraw.ImageDraw, xy: tuple[float, float], node: int, seat: int, track: str,
               glow: bool) -> None:
    """A metropolis: a city drawn as a gate, a wide block in its owner's colour with a dark arch
    holding its track's letter (E, C, L), its corner number under the arch."""
    x, y = xy
    colour = seat_colour(seat)
    if glow:
        draw.ellipse((x - 28, y - 28, x + 28, y + 26), fill=HIGHLIGHT)
    draw.rectangle((x - 19, y - 6, x + 19, y + 17), fill=colour, outline=(20, 20, 20), width=2)
    draw.chord((x - 19, y - 22, x + 19, y + 10), 180, 360, fill=colour, outline=(20, 20, 20), width=2)
    draw.line((x - 17, y - 6, x + 17, y - 6), fill=colour, width=2)
    draw.chord((x - 11, y - 17, x + 11, y + 5), 180, 360, fill=(20, 20, 20))
    draw.rectangle((x - 11, y - 7, x + 11, y + 1), fill=(20, 20, 20))
    text(draw, (x, y - 7), METROPOLIS_LETTERS[track], 15, WHITE, "mm", bold=True)
    text(draw, (x, y + 9), str(node), 14, WHITE, "mm", bold=True, outline=(20, 20, 20))


METROPOLIS_BOX = (-19, -22, 19, 17)  # around the corner: no higher than a city
CITY_BOX = (-17, -21, 17, 17)
SETTLEMENT_BOX = (-14, -18, 14, 14)  # its extent around the corner


def padlock(draw: ImageDraw.ImageDraw, xy: tuple[float, float]) -> None:
    """A padlock: the robber cannot move before the first raid."""
    x, y = xy
    draw.arc((x - 7, y - 15, x + 7, y + 1), 180, 360, fill=(20, 20, 20), width=5)
    draw.arc((x - 6, y - 14, x + 6, y), 180, 360, fill=(214, 160, 30), width=3)
    draw.rounded_rectangle((x - 10, y - 7, x + 10, y + 10), radius=3, fill=(214, 160, 30), outline=(20, 20, 20),
                           width=2)
    draw.ellipse((x - 2.5, y - 2, x + 2.5, y + 3), fill=(20, 20, 20))
    draw.line((x, y + 2, x, y + 6), fill=(20, 20, 20), width=2)


def peddler(draw: ImageDraw.ImageDraw, xy: tuple[float, float], seat: int | None) -> None:
    """The peddler: a figure with a pack on its back, in its holder's colour."""
    x, y = xy
    colour = seat_colour(seat)
    draw.rounded_rectangle((x - 15, y - 10, x - 2, y + 8), radius=3, fill=(156, 104, 54), outline=WHITE, width=2)
    draw.polygon([(x - 11, y + 16), (x - 6, y - 6), (x + 6, y - 6), (x + 11, y + 16)], fill=colour, outline=WHITE,
                 width=2)
    draw.ellipse((x - 8, y - 20, x + 8, y - 4), fill=colour, outline=WHITE, width=2)
    draw.polygon([(x - 12, y - 16), (x, y - 26), (x + 12, y - 16)], fill=(40, 40, 44), outline=WHITE, width=1)

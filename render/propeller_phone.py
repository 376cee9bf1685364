"""The Propeller Islands table of three and four players, laid out to be read in a chat.

Discord shows a picture about 550 px wide on a phone, and the two-panel table of a wider game
came out at half its size there. This layout is drawn 550 px wide, top to bottom: the headline;
the forge and its ring beside a key to the guild colours, banner and hub shapes; the Blueprint
offer; the last turn; every seat's score so far; the island of the seat in turn, as large as
its width allows, with its counts, dock and drafted dice; the other islands small, without
words (each seat sees its own large in its `/hand` picture and on its board page).
"""

from __future__ import annotations

import json
from typing import Any

from PIL import Image, ImageDraw

import lang
from games.propeller import data as D
from games.propeller import scoring as S
from games.propeller import words as W
from lang import N_, ngettext, tr
from render import propeller_table as P
from render.common import (
    INK,
    LINE,
    MUTED,
    PAPER,
    WHITE,
    Cache,
    Packed,
    fit_text,
    mix,
    poly_region,
    rect_region,
    seat_colour,
    seat_name,
    strips_png,
    text,
    to_png,
)

PHONE_W = 550
TITLE_H = 58
KEY_X = P.FORGE_BOX[2] + 2
CARD_W, CARD_H = 174, 52
OFFER_H = 2 * (CARD_H + 6) + 4
LAST_ROOM = 11 * 20 + 6  # the room the wide picture gives the last turn
SCORE_LINE = 25
BIG_RADIUS = 56
SMALL_H = 170  # the band of the other islands
TABLES = P.TABLES
GUILD_COLOURS = P.GUILD_COLOURS


def laid_out(view: dict[str, Any]) -> bool:
    """Whether this view's table is drawn in the chat layout: three and four players."""
    return len(view["players"]) >= 3


def in_turn(view: dict[str, Any]) -> int:
    """The seat whose island is drawn large: the one whose turn it is, else the first to act;
    once the game is over, the winner."""
    if view.get("final"):
        return min(range(len(view["players"])), key=lambda s: view["final"]["ranks"][s])
    if view["current"] in view["to_act"] or not view["to_act"]:
        return view["current"]
    return view["to_act"][0]


def big_radius(player: dict[str, Any]) -> float:
    """The hex size of the large island: as wide as the picture lets this island with its free places."""
    left, _, right, _ = P.span(player)
    return min(BIG_RADIUS, (PHONE_W - 20 - 2 * P.ISLAND_PAD) / (right - left))


def score_so_far(player: dict[str, Any]) -> int:
    """The points this player would have if the game ended now (public facts only)."""
    island = [(t["id"], t["q"], t["r"], t["worker"], t["prod"], t["ubanner"], t["wild"]) for t in player["island"]]
    return S.breakdown(player["fame"], player["resources"], len(player["unused"]), island,
                       sum(c["vp"] for c in player["done"]), sum(player["dock"]))["total"]


def _heights(view: dict[str, Any], names: list[str]) -> dict[str, int]:
    seat = in_turn(view)
    player = view["players"][seat]
    lines = P.turn_lines(view, names, LAST_ROOM, PHONE_W - 24)
    return {
        "title": TITLE_H, "forge": P.FORGE_BOX[3], "offer": OFFER_H,
        "last": sum(line[5] for line in lines) + 10 if lines else 0,
        "scores": _final_height(view, names) if view.get("final") else 30 + SCORE_LINE * len(view["players"]),
        "panel": P.HEADER_H + P.FOOTER_H + P.island_height(player, big_radius(player)),
        "others": SMALL_H,
    }


def _tops(heights: dict[str, int]) -> dict[str, int]:
    tops, y = {}, 0
    for band, height in heights.items():
        tops[band] = y
        y += height
    return tops


def size(view: dict[str, Any], names: list[str]) -> tuple[int, int]:
    return PHONE_W, sum(_heights(view, names).values())


# -- bands ------------------------------------------------------------------------------------
def _title(view: dict[str, Any], names: list[str]) -> Image.Image:
    image = Image.new("RGB", (PHONE_W, TITLE_H), PAPER)
    draw = ImageDraw.Draw(image)
    text(draw, (12, 8), fit_text(P.headline(view, names), 19, PHONE_W - 24, True), 19, INK, bold=True)
    line = _second_line(view)
    text(draw, (12, 34), line, P.fitted(line, 15, PHONE_W - 24), MUTED if not _choosing(view) else INK,
         width=PHONE_W - 24)
    return image


def _choosing(view: dict[str, Any]) -> bool:
    return view["phase"] == "characters" and bool(view.get("dealt"))


def _second_line(view: dict[str, Any]) -> str:
    """Under the headline: the characters to choose from while they are chosen, else the stacks."""
    if _choosing(view):
        return P.dealt_line(view)[0]
    return P.stacks_line(view)[0]


KEY_SIZE = 14
_keys = Cache(size=2, max_bytes=1 << 20)


def _key() -> Image.Image:
    """The key beside the forge: guild colours with their banner and hub shapes, the resources,
    the letter of a producing tile, a worker. The same on every picture: drawn once."""
    def build() -> Image.Image:
        image = Image.new("RGB", (PHONE_W - KEY_X, P.FORGE_BOX[3]), PAPER)
        draw = ImageDraw.Draw(image)
        x, y = 4, 8
        room = PHONE_W - KEY_X - x - 6

        def short(words: str, left: int, size: int = KEY_SIZE, bold: bool = False) -> int:
            return P.fitted(words, size, room - left, bold)

        def lines(words: str, y: int) -> int:
            """A note of the key in lines of its own (a longer language may need one more); returns
            the height it took."""
            parts = [piece for line in words.split("\n") for piece in P.wrap(line, KEY_SIZE - 1, room, " ")]
            for k, line in enumerate(parts):
                text(draw, (x, y + 17 * k), line, KEY_SIZE - 1, MUTED, width=room)
            return 44 + 17 * max(0, len(parts) - 2)

        text(draw, (x, y), tr("Key"), 16, INK, bold=True, width=room)
        y += 26
        words = tr("banner · hub")
        text(draw, (x, y), words, short(words, 0), MUTED, width=room)
        y += 24
        for guild in D.GUILDS:
            P.banner_icon(draw, x, y, guild, 20, P.ICON_LETTER)
            P.hub_icon(draw, x + 36, y + 8, guild, 22, P.ICON_LETTER)
            words = tr(D.GUILD_NAMES[guild])
            text(draw, (x + 52, y + 8), words, short(words, 52, bold=True), GUILD_COLOURS[guild], "lm", bold=True,
                 width=room - 52)
            y += 28
        y += lines(tr("a banner by a hub\nof its guild: a link"), y)
        for index, name in enumerate(D.RESOURCES):
            draw.ellipse((x, y, x + 20, y + 20), fill=P.RES_COLOURS[index], outline=INK)
            text(draw, (x + 10, y + 10), name[0].upper(), P.ICON_LETTER, WHITE, "mm", bold=True)
            words = W.resource(index)
            text(draw, (x + 28, y + 10), words, short(words, 28), INK, "lm", width=room - 28)
            y += 26
        y += lines(tr("on a tile: it makes\none more"), y)
        draw.rectangle((x, y, x + 24, y + 20), fill=WHITE, outline=INK, width=2)
        text(draw, (x + 12, y + 10), "4", P.ICON_LETTER, INK, "mm", bold=True)
        words = tr("runs on a 4")
        text(draw, (x + 32, y + 10), words, short(words, 32), INK, "lm", width=room - 32)
        y += 28
        draw.ellipse((x + 5, y, x + 19, y + 20), fill=(150, 150, 150), outline=INK, width=2)
        words = tr("a worker")
        text(draw, (x + 32, y + 10), words, short(words, 32), INK, "lm", width=room - 32)
        y += 28
        draw.rounded_rectangle((x, y, x + 30, y + 20), radius=5, fill=INK)
        text(draw, (x + 15, y + 10), "t3", P.ICON_LETTER, WHITE, "mm")
        words = tr("its name")
        text(draw, (x + 38, y + 10), words, short(words, 38), INK, "lm", width=room - 38)
        return image

    return _keys.get(("key", lang.current()), build)


def _forge_band(view: dict[str, Any], drawn: dict[str, Any]) -> Image.Image:
    image = Image.new("RGB", (PHONE_W, P.FORGE_BOX[3]), PAPER)
    forge, where = P.forge_image(view, large=True)
    image.paste(forge.image(), (0, 0))
    draw = ImageDraw.Draw(image)
    for slot in P.lit_slots(view):
        if view["offer"][slot] is not None:
            x, y = P.hex_centre(*D.RING[slot], P.FORGE_R)
            corners = P.hex_corners(P.FORGE_XY[0] + x, P.FORGE_XY[1] + y, P.FORGE_R)
            draw.line([*corners, corners[0]], fill=P.HIGHLIGHT, width=4)
    image.paste(_key(), (KEY_X, 0))
    top = drawn["tops"]["forge"]
    drawn["forge"] = where["forge"]
    drawn["key"] = (KEY_X, top, PHONE_W, top + P.FORGE_BOX[3])
    drawn["slots"] = {k: (x, y + top, r) for k, (x, y, r) in where["slots"].items()}
    drawn["ring"] = {k: {part: (b[0], b[1] + top, b[2], b[3] + top) for part, b in boxes.items()}
                     for k, boxes in where["ring"].items()}
    return image


def _offer_band(view: dict[str, Any]) -> Image.Image:
    image = Image.new("RGB", (PHONE_W, OFFER_H), PAPER)
    image.paste(P.offer_image(view["bp_offer"], CARD_W, CARD_H), (6, 2))
    return image


def _card_box(level: int, i: int, top: int) -> tuple[int, int, int, int]:
    x, y = 6 + i * (CARD_W + 8), top + 2 + level * (CARD_H + 8)
    return x, y, x + CARD_W, y + CARD_H


def _last_band(view: dict[str, Any], names: list[str], height: int) -> Image.Image:
    image = Image.new("RGB", (PHONE_W, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = 4
    for words, size_, colour, bold, indent, line_h in P.turn_lines(view, names, LAST_ROOM, PHONE_W - 24):
        text(draw, (12 + indent, y), words, size_, colour, bold=bold, width=PHONE_W - 24 - indent)
        y += line_h
    return image


SCORE_COLUMNS = (("", 34), (N_("score"), 196), (N_("fame"), 252), (N_("energy·steel·parts"), 304),
                 (N_("Blueprints"), 440))


def _scores_band(view: dict[str, Any], names: list[str], height: int) -> Image.Image:
    image = Image.new("RGB", (PHONE_W, height), PAPER)
    draw = ImageDraw.Draw(image)
    if view.get("final"):
        _final(draw, view, names)
        return image
    for k, (words, x) in enumerate(SCORE_COLUMNS):
        if words:
            room = (SCORE_COLUMNS[k + 1][1] if k + 1 < len(SCORE_COLUMNS) else PHONE_W - 6) - x - 4
            words = tr(words)
            text(draw, (x, 6), words, P.fitted(words, 14, room), MUTED, width=room)
    seat_now = in_turn(view)
    for seat, player in enumerate(view["players"]):
        y = 28 + seat * SCORE_LINE
        colour = seat_colour(seat)
        if seat == seat_now:
            draw.rectangle((6, y - 1, PHONE_W - 6, y + SCORE_LINE - 3), fill=mix(PAPER, colour, 0.15))
        draw.rectangle((12, y + 3, 26, y + 17), fill=colour, outline=INK)
        name = seat_name(names, seat) + (" ★" if view["first"] == seat and view["phase"] != "over" else "")
        text(draw, (34, y + 1), name, 16, colour, bold=True, width=156)
        text(draw, (196, y + 1), str(score_so_far(player)), 17, INK, bold=True)
        text(draw, (252, y + 1), str(player["fame"]), 16, INK)
        x = 304
        for index, amount in enumerate(player["resources"]):
            draw.ellipse((x, y + 4, x + 14, y + 18), fill=P.RES_COLOURS[index], outline=INK)
            x += 18 + text(draw, (x + 18, y + 1), str(amount), 16, INK) + 8
        cards = tr("{held} held, {done} done").format(held=player["hand"], done=len(player["done"]))
        text(draw, (440, y + 2), cards, P.fitted(cards, 14, PHONE_W - 446), INK, width=PHONE_W - 446)
    return image


FINAL_HEAD = (("", 12), ("fame", 170), ("res.", 222), ("upgr.", 272), ("landm.", 326), ("bluep.", 392), ("total", 460))  # verbatim: the heads are P.final_heads()


def _final_lines(view: dict[str, Any], names: list[str]) -> list[str]:
    """Under the final table: each seat's Landmarks, every one with its points, then the tie-break."""
    lines = []
    for seat, details in enumerate(view["final"]["details"]):
        if details["landmarks"]:
            marks = f"{seat_name(names, seat)}: " + ", ".join(
                ngettext("{name} {count} point", "{name} {count} points", vp).format(name=tr(name), count=vp)
                for name, vp in details["landmarks"].items())
            lines += P.wrap(marks, 14, PHONE_W - 24, ", ")
    if view["final"].get("tiebreak"):
        lines += P.wrap(tr("Tie-break: {rule}").format(rule=view["final"]["tiebreak"]), 14, PHONE_W - 24, " ")
    return lines


def _final_height(view: dict[str, Any], names: list[str]) -> int:
    return 30 + 20 + SCORE_LINE * len(view["players"]) + 18 * len(_final_lines(view, names)) + 8


def _final(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    """The final score by source, best first, and every Landmark that scored."""
    final = view["final"]
    text(draw, (12, 6), tr("Final score by source"), 17, INK, bold=True, width=PHONE_W - 24)
    for k, ((_, x), words) in enumerate(zip(FINAL_HEAD, P.final_heads(), strict=True)):
        room = (FINAL_HEAD[k + 1][1] if k + 1 < len(FINAL_HEAD) else PHONE_W - 6) - x - 4
        text(draw, (x, 30), words, P.fitted(words, 14, room), MUTED, width=room)
    y = 50
    for seat in sorted(range(len(final["ranks"])), key=lambda s: final["ranks"][s]):
        d = final["details"][seat]
        row = (f"{final['ranks'][seat]}. {seat_name(names, seat)}", d["fame"], d["energy"] + d["steel"] + d["parts"],
               d["upgrades"], sum(d["landmarks"].values()), d["blueprints"], d["total"])
        for (_, x), words in zip(FINAL_HEAD, row, strict=True):
            first = x == FINAL_HEAD[0][1]
            text(draw, (x, y), str(words), 16, seat_colour(seat) if first else INK, bold=first or x == FINAL_HEAD[-1][1],
                 width=150 if first else 60)
        y += SCORE_LINE
    for line in _final_lines(view, names):
        text(draw, (12, y + 2), line, 14, MUTED, width=PHONE_W - 24)
        y += 18


_bigs = Cache(size=2 * TABLES, max_bytes=2 * TABLES * (32 << 10), per_table=True)  # the seat in turn, and the one before


def _panel_key(view: dict[str, Any], names: list[str], height: int) -> str:
    seat = in_turn(view)
    return "big" + P.panel_key(view, names, seat, height, big_radius(view["players"][seat]))  # verbatim: a key


def _panel_band(view: dict[str, Any], names: list[str], height: int) -> tuple[Image.Image, dict]:
    seat = in_turn(view)
    player = view["players"][seat]
    radius = big_radius(player)
    key = _panel_key(view, names, height)

    def build() -> tuple[Packed, dict]:
        image, spots = P.panel_image(view, names, seat, height, radius, PHONE_W)
        return Packed(image, P.FAST), spots

    packed, spots = _bigs.get(key, build)
    return packed.image(), spots


_smalls = Cache(size=4 * TABLES, max_bytes=4 * TABLES * (4 << 10), per_table=True)  # islands without words deflate small


def _small_scale(player: dict[str, Any], width: int, height: int) -> tuple[float, float, float]:
    """The hex size and origin of an island drawn small in a box of that size."""
    cells = [(t["q"], t["r"]) for t in player["island"]]
    xs = [1.5 * q for q, _ in cells]
    ys = [P.SQ3 * (r + q / 2) for q, r in cells]
    left, right = min(xs) - 1, max(xs) + 1
    top, bottom = min(ys) - P.SQ3 / 2, max(ys) + P.SQ3 / 2
    radius = min(16.0, (width - 8) / (right - left), (height - 8) / (bottom - top))
    return radius, width / 2 - (left + right) / 2 * radius, height / 2 - (top + bottom) / 2 * radius


def _small_boxes(view: dict[str, Any]) -> list[tuple[int, int, int, int, int]]:
    """Where each other seat's small island stands in its band: (seat, left, top, width, height)."""
    seat_now = in_turn(view)
    others = [s for s in range(len(view["players"])) if s != seat_now]
    w = (PHONE_W - 8) // len(others)
    return [(seat, 4 + k * w + 6, 34, w - 12, SMALL_H - 42) for k, seat in enumerate(others)]


def _small_island(player: dict[str, Any], seat: int, width: int, height: int) -> Image.Image:
    """An island without words: its tiles' colours, banners and workers, to see its shape."""
    def build() -> Packed:
        image = Image.new("RGB", (width, height), mix(PAPER, seat_colour(seat), 0.06))
        draw = ImageDraw.Draw(image)
        radius, ox, oy = _small_scale(player, width, height)
        for tile in player["island"]:
            x, y = P.hex_centre(tile["q"], tile["r"], radius)
            x, y = ox + x, oy + y
            P.polygon(draw, P.hex_corners(x, y, radius - 0.5), P.kind_fill(tile["kind"], seat), P.shade(LINE, -0.3))
            guilds = [g for g in (tile.get("hub"), tile.get("banner"), tile.get("ubanner")) if g]
            for k, guild in enumerate(guilds[:2]):
                draw.rectangle((x - radius * 0.5 + k * radius * 0.5, y - radius * 0.6,
                                x - radius * 0.1 + k * radius * 0.5, y - radius * 0.25), fill=GUILD_COLOURS[guild])
            if tile.get("worker") and tile["kind"] not in D.DEPOTS:
                w = max(2.5, radius * 0.25)
                draw.ellipse((x - w, y, x + w, y + 2 * w), fill=seat_colour(seat), outline=INK)
        return Packed(image, P.FAST)

    key = json.dumps([seat, width, height, player["island"]], sort_keys=True)
    return _smalls.get(key, build).image()


def _others_band(view: dict[str, Any], names: list[str]) -> Image.Image:
    image = Image.new("RGB", (PHONE_W, SMALL_H), PAPER)
    draw = ImageDraw.Draw(image)
    for seat, x, y, w, h in _small_boxes(view):
        draw.rectangle((x - 4, 2, x + w + 4, SMALL_H - 3), outline=LINE, width=2)
        text(draw, (x + 4, 8), fit_text(seat_name(names, seat), 16, w - 8, True), 16, seat_colour(seat), bold=True)
        image.paste(_small_island(view["players"][seat], seat, w, h), (x, y))
    return image


def bands(view: dict[str, Any], names: list[str]) -> tuple[list[tuple[Any, Any]], dict[str, Any]]:
    """The picture's strips, top to bottom, each with the key it is encoded under (None: each
    time), and what was drawn where (as `P.picture` tells it)."""
    heights = _heights(view, names)
    tops = _tops(heights)
    seat = in_turn(view)
    drawn: dict[str, Any] = {"tops": tops, "radius": big_radius(view["players"][seat]), "seat": seat}
    strips: list[tuple[Any, Any]] = [(None, _title(view, names)), (None, _forge_band(view, drawn)),
                                     (("offer", lang.current(), json.dumps(view["bp_offer"])), lambda: _offer_band(view))]
    if heights["last"]:
        strips.append((None, _last_band(view, names, heights["last"])))
    strips.append((None, _scores_band(view, names, heights["scores"])))
    # the panel and the small islands change only when their seats do: encoded once for what they show
    panel, spots = _panel_band(view, names, heights["panel"])
    strips.append((_panel_key(view, names, heights["panel"]), panel))
    drawn["spots"] = {seat: {cell: (x, y + tops["panel"]) for cell, (x, y) in spots.items()}}
    others = json.dumps(["others", [(s, seat_name(names, s), view["players"][s]["island"]) for s, *_ in _small_boxes(view)]],
                        sort_keys=True)
    strips.append((others, lambda: _others_band(view, names)))
    return strips, drawn


# -- regions ----------------------------------------------------------------------------------
def regions(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """What a player may point at, as `bands` lays it out: the forge, the ring and its slot
    letters, the Blueprint offer, and on the large island its free places, tiles and dock."""
    heights = _heights(view, names)
    tops = _tops(heights)
    out = [_moved(region, 0, tops["forge"]) for region in P.top_regions(view)
           if region.get("kind") in ("forge", "offer", "slot")]
    line = _second_line(view)
    size = P.fitted(line, 15, PHONE_W - 24)
    if _choosing(view):
        before = P.dealt_line(view)[1]
        for name in view["dealt"]:
            out.append(rect_region(name, P.words_at(12, 34, before, name, size), "character", P.character_tip(name)[:200]))
            before += name + ", "
    else:
        _, head, before_second = P.stacks_line(view)
        out.append(rect_region("i", P.words_at(12, 34, head, f"I {view['bp_stacks'][0]}", size), "stack",
                               P.stack_tip(1, view["bp_stacks"][0])))
        out.append(rect_region("ii", P.words_at(12, 34, before_second, f"II {view['bp_stacks'][1]}", size),
                               "stack", P.stack_tip(2, view["bp_stacks"][1])))
    for level, cards in enumerate(view["bp_offer"]):
        for i, card in enumerate(cards):
            out.append(rect_region(str(card["id"]), _card_box(level, i, tops["offer"]), "card", P.card_tip(card)))
    seat = in_turn(view)
    out += P.panel_regions(view["players"][seat], seat, 0, tops["panel"], heights["panel"],
                            big_radius(view["players"][seat]), PHONE_W)
    for other, x0, y0, w, h in _small_boxes(view):  # a bonus die lets every seat act: their tiles too
        player = view["players"][other]
        radius, ox, oy = _small_scale(player, w, h)
        for tile in player["island"]:
            x, y = P.hex_centre(tile["q"], tile["r"], radius)
            corners = P.hex_corners(x0 + ox + x, tops["others"] + y0 + oy + y, radius - 0.5)
            out.append(poly_region(tile["label"], corners, "tile", f"{tile['label']} {P.tile_tip(tile)}", other))
    return out


def _moved(region: dict[str, Any], dx: float, dy: float) -> dict[str, Any]:
    moved = dict(region)
    if moved["shape"] == "poly":
        moved["points"] = [[round(x + dx, 1), round(y + dy, 1)] for x, y in moved["points"]]
    elif moved["shape"] == "circle":
        moved["cx"], moved["cy"] = round(moved["cx"] + dx, 1), round(moved["cy"] + dy, 1)
    else:
        moved["x"], moved["y"] = round(moved["x"] + dx, 1), round(moved["y"] + dy, 1)
    return moved


def picture(view: dict[str, Any], names: list[str]) -> tuple[Image.Image, dict[str, Any]]:
    """The picture and what it drew where (as `propeller_table.picture` tells it, with "tops":
    where each band begins, "key": the key's box, "seat": whose island is large)."""
    strips, drawn = bands(view, names)
    pictures = [strip() if callable(strip) else strip for _, strip in strips]
    image = Image.new("RGB", (PHONE_W, sum(p.height for p in pictures)), PAPER)
    y = 0
    for strip in pictures:
        image.paste(strip, (0, y))
        y += strip.height
    return image, drawn


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    """The PNG; the bands that did not change since an earlier picture are not encoded again."""
    strips, _ = bands(view, names)
    return strips_png(strips, P.palette())


# -- a seat's own picture ---------------------------------------------------------------------
OWN_PICTURE_H = 1100  # the own picture is read unscaled on a phone: one screen at most


def own_radius(player: dict[str, Any], below: int) -> float:
    """The hex size of a seat's own picture: the large island's, smaller only where a tall
    island with `below` pixels of Blueprints under it would not fit one screen."""
    _, top, _, bottom = P.span(player)
    room = OWN_PICTURE_H - P.HEADER_H - P.FOOTER_H - below - 2 * P.ISLAND_PAD
    return min(big_radius(player), room / (bottom - top))


def seat_picture(view: dict[str, Any], names: list[str]) -> Image.Image | None:
    """The view's seat alone, at any number of players: its panel (island, counts, dock) above
    its Blueprints, drawn to be read at a phone's width without opening it, lettered icons and
    all, whoever's turn it is."""
    hand = view.get("hand")
    if hand is None:
        return None
    seat = view["seat"]
    player = view["players"][seat]
    cards = P.hand_image(view, names, hand, seat)
    radius = own_radius(player, cards.height)
    panel, _ = P.panel_image(view, names, seat, P.HEADER_H + P.FOOTER_H + P.island_height(player, radius), radius,
                             PHONE_W)
    image = Image.new("RGB", (max(panel.width, cards.width), panel.height + cards.height), PAPER)
    image.paste(panel, ((image.width - panel.width) // 2, 0))
    image.paste(cards, (0, panel.height))
    return image


def draw_hand(view: dict[str, Any], names: list[str]) -> bytes | None:
    """The seat's own part of the table (`seat_picture`): its island and dock, and the
    Blueprints in its hand, those payable now outlined in green."""
    image = seat_picture(view, names)
    return None if image is None else to_png(image)

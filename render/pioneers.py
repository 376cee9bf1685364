"""The Pioneer's Isle board picture, drawn from a view.

The island (sea, hexes, numbers, harbours, hex letters and corner numbers) is drawn once per
board and cached (render/pioneers_island.py); roads, buildings, the robber, the last-move
highlight and the side panel are drawn on a copy for every picture. Corner numbers sit where
settlements go; a building shows its corner number on itself, so `city 12` can be read off the
picture. A sea layout's view goes to render/pioneers_sea.py, a Ramparts view to
render/pioneers_ramparts.py; neither imports this module back.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.pioneers import board as B
from games.pioneers.data import kind_word
from lang import N_, tr, verbatim
from render.common import (
    INK,
    MUTED,
    WHITE,
    band_region,
    circle_region,
    mix,
    poly_region,
    seat_colour,
    seat_name,
    text,
    text_width,
    to_png,
)
from render.pioneers_island import (
    BOARD_W,
    HEIGHT,
    WIDTH,
    corners,
    draw_building,
    draw_road,
    draw_robber,
    harbour_spot,
    island_picture,
    node_xy,
)
from render.pioneers_pieces import (
    HARBOUR_R,
    HOT,
    badge_word,
    building_tip,
    draw_offers,
    fitting_size,
    hex_tip,
    last_move_words,
    phase_line,
    rolled_words,
    sources_line,
    stats_line,
    terrain_tip,
    turn_words,
)

# -- the side panel -----------------------------------------------------------------------------
PHASES = {
    "setup": N_("{name} places a starting piece"), "roll": N_("{name} to roll"),
    "discard": N_("{name} discards are awaited"), "robber": N_("{name} moves the robber"),
    "main": N_("{name} builds and trades"), "roads": N_("{name} places free roads"), "over": "{name} ",
}
# the final points' sources as the panel names them (the view's labels: game.py SOURCE_LABELS)
SHORT_SOURCES = {"Longest Road": N_("Road"), "Largest Army": N_("Army")}
# the badges, by their key
BADGES = {"Longest Road": N_("Longest Road"), "Largest Army": N_("Largest Army"), "protected": N_("protected"),
          "to play": N_("to play")}


def _panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    x0 = BOARD_W + 16
    right = WIDTH - 14
    y = 16
    text(draw, (x0, y), verbatim("Pioneer's Isle"), 24, INK, bold=True)
    y += 34
    current = view["current"]
    phase = view["phase"]
    if view.get("ended"):
        line, colour = view["ended"], INK
    elif phase == "over":
        winner = view["winner"]
        line = tr("{name} wins!").format(name=seat_name(names, winner))
        colour = seat_colour(winner)
    elif phase == "discard":
        waiting = [seat_name(names, int(s)) for s in view["discards"]]
        line = tr("A 7: {players} discard").format(players=", ".join(waiting))
        colour = INK
    else:
        line = phase_line(phase, seat_name(names, current), PHASES)
        colour = seat_colour(current)
    text(draw, (x0, y), turn_words(view["turn"]), 15, MUTED)
    if view.get("dice"):
        d1, d2 = view["dice"]
        text(draw, (right, y), rolled_words(d1, d2), 15, HOT if d1 + d2 == 7 else INK, "ra", bold=True)
    y += 22
    text(draw, (x0, y), line, 17, colour, bold=True, width=right - x0)
    y += 30
    text(draw, (x0, y), tr("First to {target} points").format(target=view["target"]), 14, MUTED)
    y += 24
    for seat, info in enumerate(view["players"]):
        colour = seat_colour(seat)
        top = y
        box = (x0 - 6, top, right, top + 76)
        active = seat in view["to_act"] and phase != "over"
        draw.rounded_rectangle(box, radius=8, fill=mix(colour, WHITE, 0.86), outline=colour if active else None,
                               width=3)
        draw.rounded_rectangle((x0 - 6, top, x0, top + 76), radius=3, fill=colour)
        name = f"{seat + 1} {seat_name(names, seat)}"
        text(draw, (x0 + 6, top + 5), name, 19, INK, bold=True, width=right - x0 - 70)
        points = info.get("final_points", info["points"])
        text(draw, (right - 8, top + 4), str(points), 28, colour, "ra", bold=True)
        text(draw, (right - 8, top + 34), tr("pts"), 11, MUTED, "ra")
        stats = stats_line(info, "road")
        text(draw, (x0 + 6, top + 30), stats, fitting_size(stats, 16, right - x0 - 50), INK, width=right - x0 - 50)
        if info.get("final_sources"):  # the end: points by source in place of the badges, hidden cards revealed
            sources = sources_line(info["final_sources"], SHORT_SOURCES)
            text(draw, (x0 + 6, top + 53), sources, 14, INK, width=right - x0 - 14)
            y += 84
            continue
        badges = []
        if info["longest_road"]:
            badges.append("Longest Road")  # verbatim: a key of BADGES
        if info["largest_army"]:
            badges.append("Largest Army")  # verbatim: a key of BADGES
        if info.get("protected"):
            badges.append("protected")
        if seat in view["to_act"] and seat == current and phase != "over":
            badges.insert(0, "to play")  # verbatim: a key of BADGES
        bx = x0 + 6
        for badge in badges:
            fill = (60, 60, 60) if badge == "to play" else (214, 160, 30) if badge != "protected" else (120, 150, 120)
            word = badge_word(badge, BADGES)
            w = 10 + text_width(word, 13, bold=True)
            draw.rounded_rectangle((bx, top + 52, bx + w, top + 72), radius=8, fill=fill)
            text(draw, (bx + w / 2, top + 62), word, 13, WHITE, "mm", bold=True)
            bx += w + 5
        y += 84
    y += 4
    last = view.get("last") or {}
    if last.get("move"):
        who = seat_name(names, last["seat"])
        text(draw, (x0, y), tr("Last move"), 14, MUTED)
        y += 19
        move = last_move_words(last["move"])  # a counter's terms are in the answerer's words: the offers tell them
        text(draw, (x0, y), f"{who}: {move}", 17, INK, bold=True, width=right - x0)
        y += 27
    offers = view.get("offers") or []
    if offers:
        draw_offers(draw, x0, y, right, offers, names)
    text(draw, (x0, HEIGHT - 24), tr("Development cards left: {count}").format(count=view["deck"]), 14, MUTED)


# -- drawing --------------------------------------------------------------------------------
def render(view: dict[str, Any], names: list[str]) -> Image.Image:
    board = view["board"]
    if board.get("layout"):  # a sea layout has a map of its own
        from render import pioneers_sea

        return pioneers_sea.render(view, names)
    if "ramparts" in view:  # knights, walls and the raiders: a taller picture of its own
        from render import pioneers_ramparts

        return pioneers_ramparts.render(view, names)
    image = island_picture(board)
    draw = ImageDraw.Draw(image)
    last = view.get("last") or {}
    glow_edges = set(last.get("edges", ()))
    glow_nodes = set(last.get("nodes", ()))
    for label, seat in view["roads"]:
        draw_road(draw, label, seat, label in glow_edges)
    for node, seat, level in view["buildings"]:
        draw_building(draw, node, seat, level, node in glow_nodes)
    draw_robber(draw, view["robber"], last.get("hex") == view["robber"])
    _panel(draw, view, names)
    return image


def draw(view: dict[str, Any], names: list[str]) -> bytes:
    """The PNG of a Pioneer's Isle view; `names[seat]` names the players."""
    return to_png(render(view, names))


def image(view: dict[str, Any], names: list[str]) -> Image.Image:
    """`draw`'s picture before it is encoded."""
    return render(view, names)


def size(view: dict[str, Any], names: list[str]) -> tuple[int, int]:
    """The size of `draw`'s picture, without drawing it."""
    if "ramparts" in view and not view["board"].get("layout"):
        from render import pioneers_ramparts

        return pioneers_ramparts.size(view)
    return WIDTH, HEIGHT


def draw_hand(view: dict[str, Any], names: list[str]) -> bytes | None:
    """The PNG of a seat's own hand with Ramparts (eight kinds and its progress cards); None
    otherwise, as the base game's /hand is told in words alone."""
    if "ramparts" not in view:
        return None
    from render import pioneers_ramparts

    picture = pioneers_ramparts.hand_picture(view, names)
    return to_png(picture) if picture is not None else None


# -- regions ----------------------------------------------------------------------------------
CORNER_R = 14  # a corner's circle: its number, or the building standing on it
EDGE_HALF = 8  # half the width of an edge's band, as wide as a road drawn with its glow


def _harbour_tip(kind: str) -> str:
    if kind == "any":
        return tr("3:1 harbour: trade 3 of one resource for 1 of any")
    return tr("2:1 harbour: trade 2 {kind} for 1 of any").format(kind=kind_word(kind))


def regions(view: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """What a player may point at on `draw(view, names)`: hexes (by letter, as `robber A` names
    them), harbours, edges (`road 4-8`) and corners (`settlement 12`), in the picture's pixels.
    Later regions lie over earlier ones: a corner over the edges meeting there, an edge over its hexes."""
    board = view["board"]
    if board.get("layout"):
        from render import pioneers_sea

        return pioneers_sea.regions(view, names)
    hexes = board["hexes"]
    out = []
    for index, info in enumerate(hexes):
        out.append(poly_region(info["label"], corners(index), "hex",
                               hex_tip(info, info["label"] == view["robber"])))
    for info in board["harbours"]:
        _, _, (x, y) = harbour_spot(B.EDGE_INDEX[info["edge"]])
        out.append(circle_region(info["kind"], x, y, HARBOUR_R, "harbour", _harbour_tip(info["kind"])))
    roads = {label: seat for label, seat in view["roads"]}
    for index, label in enumerate(B.EDGE_LABELS):
        a, b = B.EDGE_NODES[index]
        (ax, ay), (bx, by) = node_xy(a), node_xy(b)
        start, end = (ax + (bx - ax) * 0.25, ay + (by - ay) * 0.25), (ax + (bx - ax) * 0.75, ay + (by - ay) * 0.75)
        seat = roads.get(label)
        tip = (tr("road of {name}").format(name=seat_name(names, seat)) if seat is not None
               else tr("an edge: room for a road"))
        out.append(band_region(label, start, end, EDGE_HALF, "edge", tip))
    built = {node: (seat, level) for node, seat, level in view["buildings"]}
    touching: dict[int, list[str]] = {}
    for index, info in enumerate(hexes):
        if info["number"]:
            for node in B.HEX_NODES[index]:
                touching.setdefault(node, []).append(f"{terrain_tip(info['res'])} {info['number']}")
    for node in range(B.NODE_COUNT):
        x, y = node_xy(node)
        here = built.get(node + 1)
        tip = building_tip(here, names) if here is not None else tr("a corner: room for a settlement")
        if touching.get(node):
            tip = tr("{tip}; touches {hexes}").format(tip=tip, hexes=", ".join(touching[node]))
        out.append(circle_region(str(node + 1), x, y, CORNER_R, "corner", tip))
    if "ramparts" in view:  # knights, walls and metropolises told on their corners, the raiders' track
        from render import pioneers_ramparts

        return pioneers_ramparts.regions(view, names, out)
    return out

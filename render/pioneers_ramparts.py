"""The Pioneer's Isle picture with Ramparts: the island as the base picture draws it, with the
knights, walls, ruins and metropolises on it, the peddler and the locked robber; a strip of sea
under the island with the raiders' track and the three dice; a standings panel with each player's
shields, progress cards held (their number only), active strength and three improvement tracks.

Drawn only for a view with "ramparts" (render/pioneers.py hands it over), from the public keys
of the engine's view: nothing here reads a progress hand, so the picture of every seat's view
and of the public one show the same standings.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import lang
from games.pioneers import board as B
from games.pioneers import ramparts_data as RD
from lang import N_, ngettext, tr
from render import icons
from render import pioneers_island as island
from render.common import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    mix,
    rect_region,
    seat_colour,
    seat_name,
    text,
    text_width,
)
from render.pioneers_pieces import (
    CITY_BOX,
    HOT,
    KIND_WORDS,
    METROPOLIS_BOX,
    METROPOLIS_LETTERS,
    RADIUS,
    SETTLEMENT_BOX,
    TERRAIN_COLOURS,
    WALL_BOX,
    draw_offers,
    knight,
    knight_radius,
    last_move_words,
    metropolis,
    padlock,
    peddler,
    ruin,
    wall,
)

TRACKS = ("commerce", "council", "lore")
COMMODITIES = ("ink", "sailcloth", "silver")
RAIDER_STEPS = 7

STRIP_H = 104  # the sea under the island: the raiders' track and the dice
PLAYER_H = 112  # a player's box in the standings, with the gap under it


def size(view: dict[str, Any]) -> tuple[int, int]:
    return island.WIDTH, island.BOARD_H + STRIP_H


# -- the raiders' track and the dice, under the island ----------------------------------------
STEP_X0, STEP_DX, STEP_R = 34, 40, 13
TRACK_Y = 760


def step_xy(step: int, top: int) -> tuple[float, float]:
    """The centre of the raiders' step `step` (0: their harbour, 7: the island's shore)."""
    return STEP_X0 + step * STEP_DX, top + 66


def _ship(draw: ImageDraw.ImageDraw, x: float, y: float, attacking: bool) -> None:
    """The raiders' fleet: a black ship with a red sail when it strikes."""
    dark = (28, 28, 32)
    draw.polygon([(x - 17, y + 2), (x + 17, y + 2), (x + 11, y + 12), (x - 11, y + 12)], fill=dark, outline=WHITE,
                 width=2)
    draw.line((x, y + 2, x, y - 20), fill=WHITE, width=4)
    draw.line((x, y + 2, x, y - 20), fill=dark, width=2)
    draw.polygon([(x + 2, y - 19), (x + 15, y - 2), (x + 2, y - 2)], fill=HOT if attacking else (230, 230, 230),
                 outline=dark, width=1)
    draw.polygon([(x - 2, y - 15), (x - 13, y - 2), (x - 2, y - 2)], fill=HOT if attacking else (230, 230, 230),
                 outline=dark, width=1)


def _tower(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The island's shore at the track's end: a small stone tower."""
    draw.rectangle((x - 11, y - 10, x + 11, y + 12), fill=(150, 146, 138), outline=(40, 38, 34), width=2)
    for dx in (-11, -3, 5):
        draw.rectangle((x + dx, y - 16, x + dx + 6, y - 10), fill=(150, 146, 138), outline=(40, 38, 34), width=2)
    draw.rectangle((x - 4, y + 2, x + 4, y + 12), fill=(40, 38, 34))


STRENGTHS_SIZE = 21  # "raiders 6 · knights 4" beside the track, read first
STRENGTHS_SMALLEST = 17  # "raiders 16 · knights 48" still fits at this size, 9 px high at 550
WORDS_GAP = 8  # between the words beside the track and the dice
SMALLEST_WORDS = 11  # German and Spanish words beside the track come down to this size to fit


def _fitting(words: str, size: int, room: float, bold: bool = False, smallest: int = SMALLEST_WORDS) -> int:
    """The size at which `words` fit in `room` pixels, down to `smallest`: a translation is never
    cut (English is drawn at its size, as it always was)."""
    if lang.current() == lang.ENGLISH:
        return size
    while size > smallest and text_width(words, size, bold) > room:
        size -= 1
    return size


def raiders_strip(draw: ImageDraw.ImageDraw, info: dict[str, Any], top: int, width: int) -> list[tuple]:
    """The raiders' track with the fleet on its step and the two strengths beside it; returns the
    boxes drawn (for the tests' check that all stay on the canvas)."""
    boxes: list[tuple] = []
    draw.rectangle((0, top, width - 1, top + STRIP_H), fill=island.SEA_DEEP)
    draw.line((0, top + 1, width - 1, top + 1), fill=(226, 210, 168), width=3)  # under the island, not on it
    steps = max(0, min(RAIDER_STEPS, int(info["raiders"])))
    tx = step_xy(RAIDER_STEPS, top)[0] + 26  # the words beside the track
    room = dice_left(width) - WORDS_GAP - tx
    words = tr("Raiders: {steps} of {total} steps").format(steps=steps, total=RAIDER_STEPS)
    w = text(draw, (tx, top + 10), words, _fitting(words, 15, room, True), (210, 226, 240), bold=True)
    boxes.append(("steps", (tx, top + 10, tx + w, top + 27)))
    for step in range(RAIDER_STEPS + 1):
        x, y = step_xy(step, top)
        if step < RAIDER_STEPS:
            nx, _ = step_xy(step + 1, top)
            draw.line((x + STEP_R, y, nx - STEP_R, y), fill=(190, 210, 228), width=2)
        if step == RAIDER_STEPS:
            _tower(draw, x, y)
            boxes.append(("tower", (x - 11, y - 16, x + 11, y + 12)))
            continue
        passed = step <= steps
        r = STEP_R if step else STEP_R - 4
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(226, 236, 244) if passed else island.SEA,
                     outline=WHITE, width=2)
        if step:
            text(draw, (x, y), str(step), 14, INK if passed else WHITE, "mm", bold=True)
        boxes.append(("step", (x - r, y - r, x + r, y + r)))
    fx, fy = step_xy(steps, top)
    attacking = steps >= RAIDER_STEPS
    _ship(draw, fx, fy - 22, attacking)
    boxes.append(("fleet", (fx - 17, fy - 44, fx + 17, fy - 8)))
    # the two strengths beside the track, the stronger side told in words by the colour and the sign
    raiders, knights = int(info["raiders_strength"]), int(info["defence"])
    x = tx
    line = tr("raiders {raiders} · knights {knights}").format(raiders=raiders, knights=knights)
    # two-digit strengths (up to 16 cities, 48 knights) take the letters down a size or two, so the
    # words end before the dice
    size = STRENGTHS_SIZE
    smallest = STRENGTHS_SMALLEST if lang.current() == lang.ENGLISH else SMALLEST_WORDS
    while size > smallest and x + text_width(line, size, True) > dice_left(width) - WORDS_GAP:
        size -= 1
    w = text(draw, (x, top + 34), line, size, WHITE, bold=True)
    boxes.append(("strengths", (x, top + 34, x + w, top + 34 + size + 2)))
    if raiders > knights:
        verdict = tr("the raiders are stronger")
    elif raiders == knights:
        verdict = tr("a tie: the island holds")
    else:
        verdict = tr("the knights are stronger")
    w = text(draw, (x, top + 64), verdict, _fitting(verdict, 15, room), (255, 200, 190) if raiders > knights
             else (210, 226, 240))
    boxes.append(("verdict", (x, top + 64, x + w, top + 81)))
    return boxes


# -- the dice ---------------------------------------------------------------------------------
DIE = 40
PIP_SPOTS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def dice_left(right: int) -> int:
    """The left edge of the three dice, drawn against the right end of the strip."""
    return right - 3 * DIE - 2 * 10 - 12


# the event die's face in words, under the dice
EVENT_WORDS = {"sail": N_("raiders sail"), "commerce": N_("commerce gate"), "council": N_("council gate"),
               "lore": N_("lore gate")}


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, value: int, fill: tuple, pip: tuple) -> None:
    draw.rounded_rectangle((x, y, x + DIE, y + DIE), radius=7, fill=fill, outline=(20, 20, 20), width=2)
    for dx, dy in PIP_SPOTS.get(value, []):
        cx, cy = x + DIE / 2 + dx * DIE * 0.27, y + DIE / 2 + dy * DIE * 0.27
        draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=pip)


def _event_die(draw: ImageDraw.ImageDraw, x: float, y: float, face: str) -> None:
    """The event die: a ship (the raiders sail on) or a gate with its track's letter."""
    draw.rounded_rectangle((x, y, x + DIE, y + DIE), radius=7, fill=WHITE, outline=(20, 20, 20), width=2)
    cx, cy = x + DIE / 2, y + DIE / 2
    if face == "sail":
        _ship(draw, cx - 1, cy + 4, False)
        return
    draw.rectangle((cx - 11, cy - 4, cx + 11, cy + 14), fill=(20, 20, 20))
    draw.ellipse((cx - 11, cy - 15, cx + 11, cy + 7), fill=(20, 20, 20))
    text(draw, (cx, cy + 1), METROPOLIS_LETTERS.get(face, "?"), 18, WHITE, "mm", bold=True)


def dice(draw: ImageDraw.ImageDraw, view: dict[str, Any], info: dict[str, Any], top: int, right: int) -> list[tuple]:
    """The last roll's red die, its other die and the event die, with their words under them."""
    rolled = view.get("dice") or []
    if len(rolled) != 2:
        return []
    red, other = rolled
    x = dice_left(right)
    y = top + 24
    boxes = []
    _die(draw, x, y, red, (206, 40, 40), WHITE)
    _die(draw, x + DIE + 10, y, other, (250, 214, 80), INK)
    face = info.get("event")
    if face:
        _event_die(draw, x + 2 * (DIE + 10), y, face)
    boxes.append(("dice", (x, y, x + 3 * DIE + 20, y + DIE)))
    if face:
        said = tr(EVENT_WORDS[face])
        size = _fitting(said, 13, right - 4 - x, True)
        w = text_width(said, size, True)
        ex = min(x + 2 * (DIE + 10) + DIE / 2 + w / 2, right - 4)
        text(draw, (ex, y + DIE + 6), said, size, WHITE, "ra", bold=True)
        boxes.append(("event", (ex - w, y + DIE + 6, ex, y + DIE + 20)))
    rolled_words = tr("rolled {total}").format(total=red + other)
    w = text_width(rolled_words, 14, True)
    text(draw, (x + DIE + 5, y - 5), rolled_words, 14, WHITE, "mb", bold=True)
    boxes.append(("rolled", (x + DIE + 5 - w / 2, y - 19, x + DIE + 5 + w / 2, y - 5)))
    return boxes


# -- the pieces on the island -------------------------------------------------------------------
def pieces(image: Image.Image, view: dict[str, Any], glow_nodes: set[int], glow_edges: set[str],
           glow_hex: str | None) -> list[tuple]:
    """Roads, walls, buildings, ruins, metropolises, knights, the robber and the peddler, in that
    order (a wall under its city, a knight over the roads reaching its corner)."""
    draw = ImageDraw.Draw(image)
    info = view["ramparts"]
    boxes: list[tuple] = []
    for label, seat in view["roads"]:
        island.draw_road(draw, label, seat, label in glow_edges)
    for node in info.get("walls", ()):
        x, y = island.node_xy(node - 1)
        wall(draw, (x, y))
        boxes.append(("wall", (x + WALL_BOX[0], y + WALL_BOX[1], x + WALL_BOX[2], y + WALL_BOX[3])))
    ruins = set(info.get("ruins", ()))
    gates = {node: track for track, node in (info.get("metropolises") or {}).items() if node}
    for node, seat, level in view["buildings"]:
        xy = island.node_xy(node - 1)
        if node in ruins:
            ruin(draw, xy, node, seat, node in glow_nodes)
            shape = CITY_BOX
        elif node in gates:
            metropolis(draw, xy, node, seat, gates[node], node in glow_nodes)
            shape = METROPOLIS_BOX
        else:
            island.draw_building(draw, node, seat, level, node in glow_nodes)
            shape = SETTLEMENT_BOX if level == 1 else CITY_BOX
        x0, y0, x1, y1 = shape
        boxes.append(("building", (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1)))
    for piece in info.get("knights", ()):
        node = piece["node"]
        xy = island.node_xy(node - 1)
        knight(draw, xy, node, piece["seat"], piece["strength"], piece["active"], node in glow_nodes)
        r = knight_radius(piece["strength"])
        boxes.append(("knight", (xy[0] - r, xy[1] - r, xy[0] + r, xy[1] + r)))
    island.draw_robber(draw, view["robber"], glow_hex == view["robber"])
    cx, cy = island.hex_xy(B.HEX_INDEX[view["robber"].lower()])
    rx, ry = cx + RADIUS * 0.47, cy + RADIUS * 0.05
    boxes.append(("robber", (rx - 11, ry - 20, rx + 11, ry + 16)))
    if not info.get("raided"):
        padlock(draw, (rx + 12, ry + 10))
        boxes.append(("padlock", (rx + 2, ry - 5, rx + 22, ry + 20)))
    label = info.get("peddler")
    if label:
        cx, cy = island.hex_xy(B.HEX_INDEX[label.lower()])
        px, py = cx - RADIUS * 0.5, cy + RADIUS * 0.05  # the robber's place, mirrored
        peddler(draw, (px, py), info.get("peddler_holder"))
        boxes.append(("peddler", (px - 15, py - 26, px + 12, py + 16)))
    return boxes


# -- the standings -------------------------------------------------------------------------------
PHASES = {
    "setup": N_("{name} places a starting piece"), "roll": N_("{name} to roll"),
    "discard": N_("{name} discards are awaited"), "robber": N_("{name} moves the robber"),
    "main": N_("{name} builds and trades"), "roads": N_("{name} places free roads"),
}
# the sources of points at the end, as the view names them (the engine's keys), in the panel's words
SOURCES = {"settlements": N_("settlements"), "cities": N_("cities"), "metropolises": N_("metropolises"),
           "Isle Shields": N_("Isle Shields"), "point cards": N_("point cards"), "the peddler": N_("the peddler"),
           "Longest Road": N_("Road")}
PIP_R = 8
PIP_DX = 19


def tracks(draw: ImageDraw.ImageDraw, x: float, y: float, levels: list[int], held: set[str]) -> list[tuple]:
    """Three columns, commerce, council and lore: the track's name over five pips filled up to
    its level, the third ringed (the level of its power); a held metropolis's letter beside the name."""
    boxes = []
    for column, track in enumerate(TRACKS):
        cx = x + (0, 106, 202)[column]  # commerce's name is the longest, with room for its letter
        word = RD.track_word(track)
        text(draw, (cx, y), word, 15, INK, bold=True)
        if track in held:
            lx = cx + text_width(word, 15, True) + 11
            draw.rounded_rectangle((lx - 9, y - 1, lx + 9, y + 16), radius=4, fill=(20, 20, 20))
            text(draw, (lx, y + 8), METROPOLIS_LETTERS[track], 13, WHITE, "mm", bold=True)
        level = levels[column] if column < len(levels) else 0
        for pip in range(5):
            px, py = cx + PIP_R + pip * PIP_DX, y + 28
            if pip == 2:  # the level of the track's power
                draw.ellipse((px - PIP_R - 3, py - PIP_R - 3, px + PIP_R + 3, py + PIP_R + 3), outline=INK, width=2)
            filled = pip < level
            draw.ellipse((px - PIP_R, py - PIP_R, px + PIP_R, py + PIP_R), fill=INK if filled else WHITE,
                         outline=INK, width=2)
        boxes.append(("track", (cx - 3, y - 1, cx + 4 * PIP_DX + 2 * PIP_R + 3, y + 28 + PIP_R + 3)))
    return boxes


def panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], width: int, height: int) -> list[tuple]:
    info = view["ramparts"]
    x0 = island.BOARD_W + 16
    right = width - 14
    y = 14
    boxes: list[tuple] = []
    text(draw, (x0, y), "Pioneer's Isle · Ramparts", 22, INK, bold=True, width=right - x0)  # verbatim: the name
    y += 32
    current, phase = view["current"], view["phase"]
    if view.get("ended"):
        line, colour = view["ended"], INK
    elif phase == "over":
        winner = view["winner"]
        line, colour = tr("{name} wins!").format(name=seat_name(names, winner)), seat_colour(winner)
    elif view.get("pending"):  # a card's out-of-turn answers (Firebrand, Festival, Customs House)
        waiting = ", ".join(seat_name(names, int(s)) for s in view["pending"])
        line, colour = tr("Waiting for an answer from {players}").format(players=waiting), INK
    elif phase == "discard":
        waiting = [seat_name(names, int(s)) for s in view["discards"]]
        line, colour = tr("A 7: {players} discard").format(players=", ".join(waiting)), INK
    else:
        said = PHASES.get(phase)
        who = seat_name(names, current)
        line, colour = tr(said).format(name=who) if said else f"{who} ", seat_colour(current)
    turn = tr("Turn {turn}").format(turn=view["turn"]) if view["turn"] else tr("Setup")
    text(draw, (x0, y), turn, 15, MUTED)
    target = tr("First to {points} points").format(points=view["target"])
    text(draw, (right, y), target, _fitting(target, 15, right - x0 - text_width(turn, 15) - 12), MUTED, "ra")
    y += 21
    text(draw, (x0, y), line, _fitting(line, 17, right - x0, True, 13), colour, bold=True, width=right - x0)
    y += 27
    if not info.get("raided"):
        locked = tr("The robber is locked until the first raid.")
        text(draw, (x0, y), locked, _fitting(locked, 14, right - x0), INK, width=right - x0)
        y += 20
    metropolises = info.get("metropolises") or {}
    owners = {node: seat for node, seat, _ in view["buildings"]}
    for seat, player in enumerate(view["players"]):
        colour = seat_colour(seat)
        top = y
        h = PLAYER_H - 6
        active = seat in view["to_act"] and phase != "over"
        draw.rounded_rectangle((x0 - 6, top, right, top + h), radius=8, fill=mix(colour, WHITE, 0.86),
                               outline=colour if active else None, width=3)
        draw.rounded_rectangle((x0 - 6, top, x0, top + h), radius=3, fill=colour)
        text(draw, (x0 + 6, top + 4), f"{seat + 1} {seat_name(names, seat)}", 18, INK, bold=True,
             width=right - x0 - 80)
        points = player.get("final_points", player["points"])
        text(draw, (right - 8, top + 2), str(points), 26, colour, "ra", bold=True)
        text(draw, (right - 8, top + 29), tr("pts"), 11, MUTED, "ra")
        cards = player["cards"]
        stats = ngettext("{cards} card · {progress} progress · road {road}",
                         "{cards} cards · {progress} progress · road {road}", cards).format(
            cards=cards, progress=player.get("progress_cards", 0), road=player["road_length"])
        text(draw, (x0 + 6, top + 26), stats, _fitting(stats, 16, right - x0 - 48, smallest=12), INK,
             width=right - x0 - 48)
        shields = player.get("shields", 0)
        second = ngettext("{count} shield · active strength {strength}", "{count} shields · active strength {strength}",
                          shields).format(count=shields, strength=player.get("active_strength", 0))
        text(draw, (x0 + 6, top + 45), second, _fitting(second, 16, right - x0 - 12, smallest=12), INK,
             width=right - x0 - 12)
        held = {track for track, node in metropolises.items() if node and owners.get(node) == seat}
        boxes += tracks(draw, x0 + 6, top + 66, player.get("levels", [0, 0, 0]), held)
        y += PLAYER_H
    y += 2
    ended = [p for p in view["players"] if p.get("final_sources")]
    if ended:  # the end: points by source
        text(draw, (x0, y), tr("Points by source"), 14, MUTED)
        y += 18
        for seat, player in enumerate(view["players"]):
            parts = [f"{tr(SOURCES[label]) if label in SOURCES else label} {n}"
                     for label, n in player.get("final_sources", [])]
            for line in _wrapped(f"{seat_name(names, seat)}:", parts, 14, right - x0):
                text(draw, (x0, y), line, 14, INK, width=right - x0)
                y += 18
    else:
        badges = []
        for seat, player in enumerate(view["players"]):
            if player.get("longest_road"):
                badges.append(tr("Longest Road: {name}").format(name=seat_name(names, seat)))
        holder = info.get("peddler_holder")
        if info.get("peddler") and holder is not None:
            badges.append(tr("Peddler: {name} ({hex})").format(name=seat_name(names, holder), hex=info["peddler"]))
        for badge in badges:
            text(draw, (x0, y), badge, _fitting(badge, 15, right - x0, True), INK, bold=True, width=right - x0)
            y += 20
        last = view.get("last") or {}
        if last.get("move"):
            move = last["move"]
            if move.startswith("counter"):
                move = tr("counter to offer #{id}").format(id=move.split()[1])
            else:
                move = last_move_words(move)
            said = tr("Last: {name}: {move}").format(name=seat_name(names, last["seat"]), move=move)
            text(draw, (x0, y), said, _fitting(said, 15, right - x0), INK, width=right - x0)
            y += 20
        raid = last.get("raid")
        if raid:
            for line in _raid_lines(raid, names):
                text(draw, (x0, y), line, _fitting(line, 15, right - x0, True), HOT if raid.get("pillaged") else INK,
                     bold=True, width=right - x0)
                y += 20
        offers = view.get("offers") or []
        if offers:
            y = draw_offers(draw, x0, y, right, offers, names, bottom=height - 26)  # the decks' line keeps its room
    decks = info.get("deck_counts") or {}
    line = tr("Decks: {decks}").format(decks=" · ".join(f"{RD.track_word(track)} {decks.get(track, 0)}"
                                                         for track in TRACKS))
    text(draw, (x0, height - 22), line, _fitting(line, 14, right - x0), MUTED, width=right - x0)
    boxes.append(("panel", (x0 - 6, 14, right, y)))  # the standings, down to their last line
    boxes.append(("decks", (x0, height - 22, right, height - 6)))
    return boxes


def _raid_lines(raid: dict[str, Any], names: list[str]) -> list[str]:
    """What the last roll's raid did, in whole sentences."""
    strength, defence = raid.get("strength", 0), raid.get("defence", 0)
    lost = [seat_name(names, seat) for seat, _, _ in raid.get("pillaged", ())]
    if strength > defence:
        lines = [tr("The raiders won, {strength} against {defence}.").format(strength=strength, defence=defence)]
        if lost:
            lines.append(tr("Lost a city: {players}.").format(players=", ".join(lost)))
        return lines
    lines = [tr("The knights held, {defence} against {strength}.").format(defence=defence, strength=strength)]
    if raid.get("shield", -1) >= 0:
        lines.append(tr("An Isle Shield for {name}.").format(name=seat_name(names, raid["shield"])))
    drawn = [seat_name(names, seat) for seat, _, _ in raid.get("draws", ())]
    if drawn:
        lines.append(tr("Tied, a progress card each: {players}.").format(players=", ".join(drawn)))
    return lines


def _wrapped(head: str, parts: list[str], size: int, width: int) -> list[str]:
    """`head` and the parts joined by " · ", cut into lines no wider than `width` between parts."""
    lines = [head]
    for part in parts:
        joined = f"{lines[-1]} {part}" if lines[-1] == head else f"{lines[-1]} · {part}"
        if text_width(joined, size) <= width or lines[-1] == head:
            lines[-1] = joined
        else:
            lines.append(f"    {part}")
    return lines


# -- drawing --------------------------------------------------------------------------------
def render_with_boxes(view: dict[str, Any], names: list[str]) -> tuple[Image.Image, list[tuple]]:
    width, height = size(view)
    image = Image.new("RGB", (width, height), PAPER)
    image.paste(island.island_picture(view["board"]), (0, 0))
    last = view.get("last") or {}
    boxes = pieces(image, view, set(last.get("nodes", ())), set(last.get("edges", ())), last.get("hex"))
    draw = ImageDraw.Draw(image)
    top = island.BOARD_H
    boxes += raiders_strip(draw, view["ramparts"], top, island.BOARD_W)
    boxes += dice(draw, view, view["ramparts"], top, island.BOARD_W)
    boxes += panel(draw, view, names, width, height)
    return image, boxes


def render(view: dict[str, Any], names: list[str]) -> Image.Image:
    return render_with_boxes(view, names)[0]


# -- regions ------------------------------------------------------------------------------------


def regions(view: dict[str, Any], names: list[str], found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The base picture's regions (`found`) with the Ramparts pieces told in their tips (a knight,
    a wall, a ruin, a metropolis on its corner; the locked robber and the peddler on their hexes),
    and the raiders' track under the island."""
    info = view["ramparts"]
    knights = {piece["node"]: piece for piece in info.get("knights", ())}
    walls, ruins = set(info.get("walls", ())), set(info.get("ruins", ()))
    gates = {node: track for track, node in (info.get("metropolises") or {}).items() if node}
    owners = {node: seat for node, seat, _ in view["buildings"]}
    out = []
    for region in found:
        region = dict(region)
        name = str(region["name"])
        if region.get("kind") == "corner":
            node = int(name)
            tip = region.get("tip") or ""
            piece = knights.get(node)
            # the piece told anew, then the hexes the corner touches as the base picture tells them
            touches = tip[tip.index(";"):] if ";" in tip else ""
            owner = seat_name(names, owners.get(node, 0))
            walled = node in walls
            if piece is not None:
                said = tr("knight of {name}, strength {strength}, active") if piece["active"] else \
                    tr("knight of {name}, strength {strength}, inactive")
                tip = said.format(name=seat_name(names, piece["seat"]), strength=piece["strength"]) + touches
            elif node in ruins:
                tip = tr("ruin of {name}").format(name=owner) + touches
            elif node in gates:
                said = tr("{metropolis} (metropolis) of {name}, walled") if walled else \
                    tr("{metropolis} (metropolis) of {name}")
                tip = said.format(metropolis=RD.metropolis_name(RD.TRACKS.index(gates[node])), name=owner) + touches
            elif walled and node in owners:
                tip = tr("city of {name}, walled").format(name=owner) + touches
            region["tip"] = tip
        elif region.get("kind") == "hex":
            if name == view["robber"] and not info.get("raided"):
                region["tip"] = tr("{tip}, locked until the first raid").format(tip=region.get("tip", ""))
            if name == info.get("peddler"):
                holder = info.get("peddler_holder")
                if holder is None:
                    said = tr("{tip}; the peddler stands here, held by nobody").format(tip=region.get("tip", ""))
                else:
                    said = tr("{tip}; the peddler stands here, held by {name}").format(tip=region.get("tip", ""),
                                                                                       name=seat_name(names, holder))
                region["tip"] = said
        out.append(region)
    top = island.BOARD_H
    steps = max(0, min(RAIDER_STEPS, int(info["raiders"])))
    tip = tr("the raiders: {steps} of {total} steps; raiders {raiders}, knights {knights}").format(
        steps=steps, total=RAIDER_STEPS, raiders=info["raiders_strength"], knights=info["defence"])
    out.append(rect_region("raiders", (0, top, step_xy(RAIDER_STEPS, top)[0] + 20, top + STRIP_H), "raiders", tip))
    return out


# -- the hand, for /hand ------------------------------------------------------------------------
HAND_KINDS = KIND_WORDS


def progress_name(key: str) -> str:
    from games.pioneers import progress

    return progress.TITLES.get(key, key.title())


def hand_picture(view: dict[str, Any], names: list[str]) -> Image.Image | None:
    """The seat's own hand: eight kinds with their counts (resources on their terrain's colour,
    commodities with their icons), and the progress cards it holds by name. None for a view
    without a hand (the public one)."""
    hand = view.get("hand")
    if hand is None:
        return None
    progress = view.get("progress_hand") or []
    width = 8 * 78 + 16
    rows = (len(progress) + 1) // 2
    height = 150 + (26 + 22 * rows if progress else 30)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    seat = view.get("seat")
    who = seat_name(names, seat) if seat is not None else ""
    text(draw, (12, 10), tr("{name}'s hand").format(name=who) if who else tr("Hand"), 18, INK, bold=True)
    for index, kind in enumerate(HAND_KINDS):
        x = 12 + index * 78
        n = hand[index] if index < len(hand) else 0
        fill = (255, 251, 242) if kind in COMMODITIES else mix(TERRAIN_COLOURS[kind], WHITE, 0.35)
        draw.rounded_rectangle((x, 40, x + 70, 140), radius=8, fill=fill, outline=INK, width=2)
        icons.paste(image, kind, 40, (x + 35, 64))
        draw.rounded_rectangle((x + 12, 88, x + 58, 116), radius=6, fill=mix(fill, WHITE, 0.6), outline=INK,
                               width=1)
        text(draw, (x + 35, 102), str(n), 22, INK, "mm", bold=True)
        word = RD.kind_word(kind)
        text(draw, (x + 35, 128), word, _fitting(word, 13, 66, True, 10), INK, "mm", bold=True, outline=WHITE)
    y = 150
    if progress:
        text(draw, (12, y), tr("Progress cards"), 15, MUTED)
        y += 22
        for index, key in enumerate(progress):
            text(draw, (12 + (index % 2) * 300, y + (index // 2) * 22), progress_name(key), 16, INK, bold=True)
    else:
        text(draw, (12, y), tr("No progress cards"), 15, MUTED)
    return image

"""What the Propeller Islands picture must show: every place to build, whole status lines,
slot letters that cannot be mistaken, a ring whose parts do not cover each other, and a key."""

from __future__ import annotations

import math
import random

import pytest

from games.propeller import GAME
from games.propeller import data as D
from render import propeller
from render.common import text_width

NAMES = ["Alice", "Carol", "Bob", "Dora"]


def played(players: int, seed: int, moves: int | None = None):
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    count = 0
    while not game.is_over() and (moves is None or count < moves):
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
        count += 1
    return game


def claim_spots(game, seat: int) -> set[tuple[int, int]]:
    """Where the rules let the seat place a tile (the frontier the claim moves are made from)."""
    return set(game.frontier(seat))


@pytest.mark.parametrize("players,seed,moves", [(3, 11, 40), (3, 7, 120), (4, 9, 200)])
def test_every_place_the_seat_in_turn_may_build_is_drawn_inside_its_large_panel(players, seed, moves):
    game = played(players, seed, moves)
    view = game.view(None)
    image, drawn = propeller.picture(view, NAMES[:players])
    seat, radius, top = drawn["seat"], drawn["radius"], drawn["tops"]["panel"]
    assert seat == game.to_act()[0] and set(drawn["spots"]) == {seat}
    assert set(drawn["spots"][seat]) == claim_spots(game, seat)
    height = drawn["tops"]["others"] - top
    for x, y in drawn["spots"][seat].values():
        assert 10 <= x - radius and x + radius <= image.width - 10
        assert y - radius * math.sqrt(3) / 2 >= top + propeller.HEADER_H - 1
        assert y + radius * math.sqrt(3) / 2 <= top + height - propeller.FOOTER_H + 1


@pytest.mark.parametrize("players,seed,moves", [(2, 5, None), (2, 5, 80)])
def test_every_place_a_seat_may_build_is_drawn_inside_its_panel(players, seed, moves):
    game = played(players, seed, moves)
    view = game.view(None)
    image, drawn = propeller.picture(view, NAMES[:players])
    radius = drawn["radius"]
    top = image.height - sum(propeller.HEADER_H + propeller.FOOTER_H + max(
        propeller.island_height(p, radius) for p in view["players"][row:row + 2]) for row in range(0, players, 2))
    for seat in range(players):
        spots = drawn["spots"][seat]
        assert set(spots) == claim_spots(game, seat)
        x0 = (seat % 2) * propeller.PANEL_W
        for x, y in spots.values():  # the whole hex lies within the panel's island area
            assert x0 + 10 <= x - radius and x + radius <= x0 + propeller.PANEL_W - 10
            assert y - radius * math.sqrt(3) / 2 >= top + propeller.HEADER_H - 1
            assert y + radius * math.sqrt(3) / 2 <= image.height


def test_all_islands_are_drawn_at_one_scale_and_the_capitol_is_surrounded_by_free_places():
    game = played(2, 9, 200)
    view = game.view(None)
    _, drawn = propeller.picture(view, NAMES)
    radius = drawn["radius"]
    assert radius >= 26
    for seat, player in enumerate(view["players"]):
        capitol = next(t for t in player["island"] if t["kind"] == D.CAPITOL)
        ring = [cell for cell in D.neighbours(capitol["q"], capitol["r"])]
        taken = {(t["q"], t["r"]) for t in player["island"]}
        # every side of the Capitol is either a tile or a drawn free place: it never meets the panel's edge
        assert all(cell in taken or cell in drawn["spots"][seat] for cell in ring)


def test_status_lines_fit_whole_even_with_the_largest_counts():
    player = {"fame": 99, "tokens": 6, "track": 3, "resources": [15, 15, 15], "links": 40, "unused": [1] * 9,
              "hand": 12, "done": [{"vp": 5}] * 12}
    for words, size, bold, room in propeller.header_lines(player):
        assert text_width(words, size, bold) <= room, words
    words = " ".join(w for w, *_ in propeller.header_lines(player))
    for part in ("Fame 99", "15+ ×6", "track 3", "15 energy", "15 steel", "15 parts", "links 40"):
        assert part in words


def _ink_rows(image, x: float, y: float, r: int) -> list[int]:
    """For each pixel row of the slot circle at (x, y), how many near-white (letter) pixels it has."""
    rows = []
    for py in range(round(y - r), round(y + r)):
        rows.append(sum(1 for px in range(round(x - r), round(x + r))
                        if math.hypot(px - x, py - y) <= r and min(image.getpixel((px, py))) > 200))
    return rows


def test_slot_letters_i_and_l_look_different():
    game = played(3, 7, 10)
    image, drawn = propeller.picture(game.view(None), NAMES[:3])
    image = image.convert("RGB")
    shapes = {}
    for letter in "il":
        x, y, r = drawn["slots"][letter]
        rows = _ink_rows(image, x, y, r - 3)
        inked = [k for k, n in enumerate(rows) if n]
        gaps = [k for k in range(inked[0], inked[-1]) if not rows[k]]
        shapes[letter] = (gaps, rows[inked[-1]], max(rows[inked[0]:inked[-1]]))
    assert shapes["i"][0], "the dot of the i stands apart from its stem"
    assert not shapes["l"][0], "the l is one stroke"
    assert shapes["l"][1] > min(n for n in _ink_rows(image, *drawn["slots"]["l"][:2], 9) if n), "the l has a tail"


def _apart(a, b, gap: float = 0) -> bool:
    return a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1]


def _circle_off_box(circle, box, gap: float) -> bool:
    x, y, r = circle
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return math.hypot(x - nx, y - ny) >= r + gap


@pytest.mark.parametrize("seed", [3, 7, 11, 19])
def test_ring_numbers_never_cover_names_and_slot_letters_keep_off_every_number(seed):
    game = played(3, seed, 5)
    _, drawn = propeller.picture(game.view(None), NAMES[:3])
    boxes = drawn["ring"]
    assert sum("number" in b for b in boxes.values()) >= 6
    for letter, parts in boxes.items():
        if "number" in parts and "name" in parts:
            assert _apart(parts["number"], parts["name"], 1), letter
    for circle in drawn["slots"].values():
        for parts in boxes.values():
            for part in parts.values():
                assert _circle_off_box(circle, part, 2)


def test_each_forge_space_names_the_three_slots_it_offers_before_any_die_is_drafted():
    game = GAME.new(3, {}, 4)
    while game.phase == "characters":
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    assert game.step == "pick"
    _, drawn = propeller.picture(game.view(None), NAMES[:3])
    for value in range(1, 7):
        assert drawn["forge"][value] == sorted(D.SLOTS[slot] for slot in D.SLOTS_BY_VALUE[value])


def test_the_key_names_every_dock_reward_and_every_tile_number_on_the_table():
    game = played(4, 9, 200)
    view = game.view(None)
    key = " · ".join(propeller.legend_lines(view))
    for words in list(propeller.COLUMN_WORDS.values()) + list(propeller.ROW_LEGEND.values()):
        assert words in key
    kinds = {t["kind"] for p in view["players"] for t in p["island"]} - {D.CAPITOL}
    for kind in kinds:
        assert f"{kind:02d} {D.KIND_NAMES[kind]}" in key
    for line in propeller.legend_lines(view):
        assert text_width(line, propeller.LEGEND_SIZE) <= propeller.WIDTH - 24
    for words in propeller.ROW_WORDS.values():
        assert text_width(words, 13) <= propeller.DOCK_ROW_ROOM


def _inside_hex(point, cx: float, cy: float, radius: float) -> bool:
    x, y = abs(point[0] - cx), abs(point[1] - cy)
    return y <= radius * math.sqrt(3) / 2 + 0.5 and x <= radius - y / math.sqrt(3) + 0.5


@pytest.mark.parametrize("radius", [26, 28, 31, 34, 37, 40, 42, 44, 46, 48, 52, 56])
def test_a_tile_keeps_its_number_name_and_label_apart_and_inside_it(radius):
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (200, 200))
    tile = {"kind": 13, "number": 5, "banner": "C", "hub": "S", "ubanner": "I", "prod": "s", "worker": 1, "wild": 0}
    boxes = propeller.draw_tile(ImageDraw.Draw(image), 100, 100, radius, tile, seat=0, label="t12")
    assert {"number", "label", "kind", "hub", "flag0", "flag1", "prod", "worker"} <= set(boxes)
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if radius < propeller.NAME_RADIUS and {a, b} == {"flag0", "flag1"}:
                continue  # a small hex stacks its two banners, the second half over the first
            assert _apart(boxes[a], boxes[b], 1), (a, b)
        x0, y0, x1, y1 = boxes[a]
        # small hexes (wide islands) may let the corner of a banner or hub touch the rim
        slack = 0 if radius >= propeller.NAME_RADIUS else 3
        for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            assert _inside_hex(corner, 100, 100, radius + slack), a


def test_the_tiles_the_value_in_play_can_take_are_framed():
    game = GAME.new(3, {}, 7)
    rng = random.Random(7)
    while not (game.phase == "turn" and game.step == "act"):
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    view = game.view(None)
    value = view["players"][view["current"]]["value"]
    image, drawn = propeller.picture(view, NAMES[:3])
    top = drawn["tops"]["forge"]  # three players: the chat layout, the forge under the headline
    lit = set(D.SLOTS_BY_VALUE[value])
    for slot, cell in enumerate(D.RING):
        if view["offer"][slot] is None:
            continue
        x, y = propeller.hex_centre(*cell, propeller.FORGE_R)
        x, y = propeller.FORGE_XY[0] + x, propeller.FORGE_XY[1] + y + top
        # the middle of each of the six edges, a pixel inside: all on a framed tile's frame (a tile
        # beside a framed one shares at most the edges it has with framed tiles)
        framed = 0
        for k in range(6):
            angle = math.radians(60 * k + 30)
            inner = propeller.FORGE_R * math.sqrt(3) / 2 - 1
            point = (round(x + inner * math.cos(angle)), round(y + inner * math.sin(angle)))
            framed += image.getpixel(point) == propeller.HIGHLIGHT
        assert framed == 6 if slot in lit else framed <= 3, (slot, framed)


def test_a_crowded_island_of_random_play_still_draws():
    """Random play builds islands wider than any computer player does: their hexes come out so
    small that the gap for the production mark closes (seed 1, four players, move 235)."""
    game = GAME.new(4, {}, 1)
    rng = random.Random(1)
    for _ in range(235):
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
    assert propeller.draw(game.view(None), NAMES)[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("players,seed,moves,steps", [(4, 9, 60, 4), (4, 9, 200, 9)])
def test_the_last_move_box_tells_the_whole_turn_as_the_recap_does(players, seed, moves, steps):
    game = played(players, seed, moves)
    rng = random.Random(seed)
    while len(game.view(None)["last"]["turn"]) < steps:  # a turn told over several messages
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    view = game.view(None)
    names = NAMES[:players]
    from render import propeller_phone as phone  # three and four players: the chat layout

    room, width = phone.LAST_ROOM, phone.PHONE_W - 24
    lines = propeller.turn_lines(view, names, room, width)
    told = " ".join(line[0].lstrip("· ").strip() for line in lines)
    for step, said in view["last"]["turn"]:
        assert step in told
        for note in said:
            assert " ".join(note.split()) in " ".join(told.split())
    assert sum(line[5] for line in lines) <= room
    for words, size, _, bold, indent, _ in lines:
        assert size >= 13 and text_width(words, size, bold) <= width - indent
    # drawn: ink on the row of the box's last line, not only under the turn's last step
    image, drawn = propeller.picture(view, names)
    image = image.convert("L")
    y = drawn["tops"]["last"] + 4 + sum(line[5] for line in lines[:-1])
    row = image.crop((12, y, phone.PHONE_W - 12, y + lines[-1][1]))
    assert sum(1 for p in row.tobytes() if p < 120) > 20

"""What the Grow Sky picture must show: a key to every code, labels inside their spaces, the
last move whole, the winner named, and a preview that says what it costs and gives."""

from __future__ import annotations

import random
import re

from PIL import ImageChops

from games.growsky import GAME, data
from render import growsky
from render.common import open_png, text_width

NAMES = ["Alice", "Bartholomew the Unready", "Chen", "Dana"]


def views_of_a_game(players: int, seed: int):
    game = GAME.new(players, {}, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
        yield game


def every_bonus() -> set[str]:
    found = {b for kind in data.TILE_KINDS for b in (kind[1], kind[4])}
    found |= set(data.ICONS.values()) | set(data.ROW_BONUS) | set(data.SEARCH_TRACK.values())
    found |= {b for pair in data.FLAGS.values() for b in pair} | set(data.CHECKPOINTS)
    game = GAME.new(4, {}, seed=3)
    found |= {space["bonus"] for board in game.view(None)["boards"] for space in board["route"]}
    return found


def test_the_key_explains_every_code_the_picture_uses():
    key = " · ".join(growsky.key_lines())
    symbols = set()
    for bonus in every_bonus():
        for atom in re.split(r"[+/]", growsky.short(bonus)):
            symbols.add(">" if ">" in atom else atom.rstrip("0123456789") or atom)
    symbols |= {"R", "S", "P"}  # the dice's develop symbols
    assert {"F", "C", "G", "S", "V", "R", "T", "cap", "P", ">"} <= symbols
    for symbol in symbols - {">", "P"}:
        assert re.search(rf"(^|· |Key: ){re.escape(symbol)} [a-z]", key), symbol
    assert "P1-P4" in key and "5>3 pay 5 fuel to fly 3 more" in key
    for mark in ("A+B", "A/B", "x2", "*", "gold:"):
        assert mark in key
    for line in growsky.key_lines():
        assert text_width(line, growsky.KEY_SIZE) <= growsky.W - 32


def test_every_route_bonus_fits_its_space():
    for bonus in every_bonus():
        words, size = growsky.route_label(bonus)
        assert text_width(words, size, True) <= growsky.LABEL_ROOM, words


def test_the_airship_keeps_off_the_space_number_and_the_bonus():
    for bonus in every_bonus():
        words, size = growsky.route_label(bonus)
        half = text_width(words, size, True) / 2
        label = (growsky.LABEL_X - half, growsky.LABEL_Y - size / 2, growsky.LABEL_X + half, growsky.LABEL_Y + size / 2)
        points = growsky.airship_points(0, 0)
        ship = (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
                max(y for _, y in points))
        assert ship[1] > label[3] or ship[0] > label[2], words
        assert ship[1] > 1 + 12  # below the space number in the top left corner


def test_the_rudder_counts_stay_off_the_route_spaces_beside_them():
    game = GAME.new(2, {}, seed=5)
    view = game.view(None)
    few = open_png(growsky.draw(view, NAMES[:2])).convert("RGB")
    many_view = {**view, "boards": [dict(view["boards"][0], cubes=[12, 12, 12, 12]), view["boards"][1]]}
    many = open_png(growsky.draw(many_view, NAMES[:2])).convert("RGB")
    x0, y0 = growsky._panel_origin(0)
    rx, ry = x0 + 10, y0 + 40
    right_column = (rx + 4 * growsky.RING_CELL - 3, ry + growsky.RING_CELL, rx + 5 * growsky.RING_CELL,
                    ry + 4 * growsky.RING_CELL)

    def change(box):  # the palette of each picture is its own: a shade or two apart is no change
        return max(hi for _, hi in ImageChops.difference(few.crop(box), many.crop(box)).getextrema())

    assert change(right_column) <= 24
    inner = (rx + growsky.RING_CELL, ry + growsky.RING_CELL, rx + 4 * growsky.RING_CELL - 3, ry + 4 * growsky.RING_CELL)
    assert change(inner) > 100  # the counts did change, inside the ring


def test_the_last_move_is_shown_whole_with_everything_it_did():
    seen_long = False
    for n, game in enumerate(views_of_a_game(4, 7)):
        if n % 5:
            continue
        view = game.view(None)
        line = growsky.header_line(view, NAMES)
        rest = growsky.last_lines(view, NAMES)
        assert text_width(line, growsky.LAST_SIZE + 1) <= growsky.W - 32
        for extra in rest:
            assert text_width(extra, growsky.LAST_SIZE) <= growsky.W - 32
        shown = line + " " + " ".join(rest)
        for note in (view.get("last") or {}).get("notes") or []:
            assert note in shown
        seen_long |= bool(rest)
        assert open_png(growsky.draw(view, NAMES)).size == growsky.canvas_size(view, NAMES)
    assert seen_long  # some turns need more than the header line


def test_the_game_over_headline_names_the_winner():
    *_, game = views_of_a_game(3, 1)
    view = game.view(None)
    outcome = game.outcome()
    words, _ = growsky.headline(view, NAMES[:3])
    for seat in outcome.winners:
        assert NAMES[seat] in words
    assert "win" in words and f"{int(outcome.scores[outcome.winners[0]])} VP" in words


def test_a_preview_says_what_it_costs_and_gives_and_leaves_the_icon_readable():
    for game in views_of_a_game(4, 7):
        seat = game.to_act()[0]
        covering = [m for m in game.legal_moves(seat) if m.startswith("place ")
                    and set(game.preview(seat, m)["preview"]["cells"]) & set(data.ICONS)]
        if covering:
            break
    move = covering[0]
    view = game.preview(seat, move)
    board = view["boards"][seat]
    cell = sorted(set(view["preview"]["cells"]) & set(data.ICONS))[0]
    words = growsky.preview_words(board, view["preview"])
    assert "costs" in words and growsky.ICONS[cell] in words
    plain = open_png(growsky.draw(game.view(seat), NAMES)).convert("RGB")
    shown = open_png(growsky.draw(view, NAMES)).convert("RGB")
    x0, y0 = growsky._panel_origin(seat)
    c, r = "abcdefgh".index(cell[0]), int(cell[1:]) - 1
    x, y = x0 + 236 + 14 + c * growsky.EC, y0 + 40 + 18 + (6 - r) * growsky.EC
    box = (x + 4, y + 4, x + growsky.EC - 4, y + growsky.EC - 4)

    def ink(image):
        return sum(1 for p in image.crop(box).convert("L").tobytes() if p < 90)

    assert ink(shown) >= 0.8 * ink(plain) > 0


def test_a_long_name_in_the_headline_stops_short_of_the_title():
    game = next(g for g in views_of_a_game(2, 4) if g.phase == "turn")
    names = ["A" + " very long name" * 8, "Bo"]
    view = game.view(None)
    view = {**view, "current": 0}
    image = open_png(growsky.draw(view, names)).convert("RGB")
    plain = open_png(growsky.draw(view, ["Al", "Bo"])).convert("RGB")
    title_end = 16 + text_width(f"Grow Sky  ·  round {view['round']}", 26, True)
    box = (0, 0, title_end + 8, 40)  # the title's corner is the same whoever plays
    assert max(hi for _, hi in ImageChops.difference(image.crop(box), plain.crop(box)).getextrema()) <= 24


def test_the_preview_under_the_ring_says_the_fuel_an_upgraded_part_costs_whole():
    """An upgraded tier-1 part pays 3 fuel: the picture says so and what pays it, uncut."""
    from tests.games.test_growsky_helpers import ready

    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 1, [0, 0, 2, 1]
    game.queue = ["part:1"]
    move = next(m for m in game.legal_moves(seat) if m.startswith("place l4 ") and " pay " not in m)
    view = game.preview(seat, move)
    lines = growsky.preview_lines(view["boards"][seat], view["preview"])
    said = " ".join(lines)
    assert "costs 3 fuel (1 from the gauge, 2 Lv. 2 cubes)" in said and "nothing more" not in said
    assert "gives" in said and 1 <= len(lines) <= 2
    for line in lines:
        assert text_width(line, growsky.PREVIEW_SIZE, True) <= growsky.PREVIEW_ROOM  # no ellipsis
    footer = growsky.PANEL_H - 22
    assert growsky.PREVIEW_Y + len(lines) * growsky.PREVIEW_LINE <= footer


def test_nine_dice_at_four_players_end_before_the_market_heading():
    game = next(g for g in views_of_a_game(4, 3) if g.phase == "turn" and len(g.view(None)["dice"]) == 9)
    image = open_png(growsky.draw(game.view(None), NAMES)).convert("L")
    top = growsky.HEADER + 10
    gap = image.crop((416, top - 8, 429, top + 28))  # between the last die and "Route tile market"
    assert min(gap.tobytes()) > 150
    heading = image.crop((430, top - 8, 430 + text_width("Route tile market", 17, True), top + 28))
    assert min(heading.tobytes()) < 100  # the heading drawn, in ink


def test_in_advanced_mode_both_room_card_sides_are_drawn_before_one_is_chosen():
    game = GAME.new(4, {"advanced": True}, seed=3)
    view = game.view(None)
    assert view["phase"] == "room"
    image = open_png(growsky.draw(view, NAMES)).convert("RGB")
    small = image.resize((550, round(image.height * 550 / image.width)))
    scale = 550 / image.width
    for seat, board in enumerate(view["boards"]):
        x0, y0 = growsky._panel_origin(seat)
        sides = board["card"]["sides"]
        for k, cells in enumerate(sides):
            for cell in set(cells) - set(sides[1 - k]):
                c, r = "abcdefgh".index(cell[0]), int(cell[1:]) - 1
                x = x0 + 236 + 14 + c * growsky.EC + 4
                y = y0 + 40 + 18 + (6 - r) * growsky.EC + 4
                assert image.getpixel((x, y)) == growsky.SIDE_TINTS[k]
                # still told apart at chat width
                got = small.getpixel((round((x + 1) * scale), round((y + 1) * scale)))
                other = growsky.SIDE_TINTS[1 - k]
                assert sum(abs(a - b) for a, b in zip(got, growsky.SIDE_TINTS[k], strict=True)) < \
                    sum(abs(a - b) for a, b in zip(got, other, strict=True))
        words = growsky.side_words(board["card"]["card"], sides)
        assert all(cell in words for cells in sides for cell in cells)
        assert text_width(words, growsky.PREVIEW_SIZE, True) <= growsky.PREVIEW_ROOM


def test_a_room_card_square_lets_the_engine_room_icon_beneath_show():
    """Four players, seed 3: side B of the first seat's room card covers g2, the square of a G."""
    import copy

    game = GAME.new(4, {"advanced": True}, seed=3)
    view = game.view(None)
    sides = view["boards"][0]["card"]["sides"]
    assert "g2" in sides[1] and growsky.ICONS["g2"] == "G"
    bare = copy.deepcopy(view)
    for board in bare["boards"]:
        board["card"]["sides"] = None  # nothing drawn over the engine room
    x0, y0 = growsky._panel_origin(0)
    c, r = "abcdefgh".index("g"), 1
    x, y = x0 + 236 + 14 + c * growsky.EC, y0 + 40 + 18 + (6 - r) * growsky.EC
    box = (x + 4, y + 4, x + growsky.EC - 4, y + growsky.EC - 4)  # inside the square's frame

    def ink(v) -> bytes:
        cell = open_png(growsky.draw(v, NAMES)).convert("L").crop(box)
        return bytes(p < 100 for p in cell.tobytes())

    under = ink(bare)
    assert sum(under) >= 15  # the G itself
    over = ink(view)
    differ = sum(a != b for a, b in zip(over, under, strict=True))
    assert differ <= sum(under) // 5, (differ, sum(under))  # the same letter where it was, over the side's tint


def test_a_die_keeps_its_number_and_face_letters_off_its_rim():
    """The 30 px dice of four players (nine on the board) as the 34 px ones: the face letters end
    at least two clear rows above the rim, the number two below the top."""
    from PIL import Image, ImageDraw

    for size in (30, 34):
        for face in range(1, 7):
            image = Image.new("RGB", (size + 20, size + 20), (255, 0, 0))
            growsky._die(ImageDraw.Draw(image), 10, 10, face, size)
            # each row across the die's middle: inked (face or number) or clear
            rows = []
            for y in range(10, 11 + size):
                pixels = [image.getpixel((x, y)) for x in range(18, 10 + size - 8)]
                rows.append(min(min(p) for p in pixels) < 200)
            rim = [k for k, inked in enumerate(rows) if inked]
            top_rim, bottom_rim = 1, size - 1  # the outline is two rows each side
            inside = [k for k in rim if top_rim < k < bottom_rim]
            assert inside[0] - top_rim >= 3, (size, face, "number against the top")
            assert bottom_rim - inside[-1] >= 3, (size, face, "letters against the rim")

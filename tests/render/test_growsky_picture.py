"""What the Grow Sky picture must show: a key to every code, labels inside their spaces, the
winner named, and a preview that says what it costs and gives (the last turn: test_growsky_phone)."""

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
        assert text_width(line, growsky.KEY_SIZE) <= growsky.ROOM


def test_every_route_bonus_fits_its_space():
    for bonus in every_bonus():
        words, size, bold = growsky.route_label(bonus)
        assert text_width(words, size, bold) <= growsky.LABEL_ROOM and size >= growsky.SMALL, words


def test_the_airship_keeps_off_the_space_number_and_the_bonus():
    for bonus in every_bonus():
        words, size, bold = growsky.route_label(bonus)
        half = text_width(words, size, bold) / 2
        label = (growsky.LABEL_X - half, growsky.LABEL_Y - size / 2, growsky.LABEL_X + half, growsky.LABEL_Y + size / 2)
        points = growsky.airship_points(0, 0)
        ship = (min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points),
                max(y for _, y in points))
        assert ship[1] > label[3] or ship[0] > label[2], words
        assert ship[1] > 3 + growsky.SMALL + 2  # below the space number in the top left corner


def test_the_rudder_counts_stay_off_the_route_spaces_beside_them():
    game = GAME.new(2, {}, seed=5)
    view = game.view(None)
    few = open_png(growsky.draw(view, NAMES[:2])).convert("RGB")
    many_view = {**view, "boards": [dict(view["boards"][0], cubes=[12, 12, 12, 12]), view["boards"][1]]}
    many = open_png(growsky.draw(many_view, NAMES[:2])).convert("RGB")
    rx, ry = growsky.layout(view, NAMES[:2]).ring(0)
    right_column = (rx + 4 * growsky.RING_W - 3, ry + growsky.RING_H, rx + 5 * growsky.RING_W,
                    ry + 4 * growsky.RING_H)

    def change(box):  # the palette of each picture is its own: a shade or two apart is no change
        return max(hi for _, hi in ImageChops.difference(few.crop(box), many.crop(box)).getextrema())

    assert change(right_column) <= 24
    inner = (rx + growsky.RING_W, ry + growsky.RING_H, rx + 4 * growsky.RING_W - 3, ry + 4 * growsky.RING_H)
    assert change(inner) > 100  # the counts did change, inside the ring


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

    def ink(image, picture_view):
        x, y, right, bottom = growsky.layout(picture_view, NAMES).cell_box(seat, cell)
        box = (x + 4, y + 4, right - 4, bottom - 4)
        return sum(1 for p in image.crop(box).convert("L").tobytes() if p < 90)

    assert ink(shown, view) >= 0.8 * ink(plain, game.view(seat)) > 0


def test_a_long_name_in_the_headline_stays_on_its_line_inside_the_picture():
    game = next(g for g in views_of_a_game(2, 4) if g.phase == "turn")
    names = ["A" + " very long name" * 8, "Bo"]
    view = game.view(None)
    view = {**view, "current": 0}
    image = open_png(growsky.draw(view, names)).convert("RGB")
    plain = open_png(growsky.draw(view, ["Al", "Bo"])).convert("RGB")
    title_end = growsky.X0 + text_width(growsky.title_words(view), growsky.TITLE_SIZE, True)
    box = (0, 0, title_end + 8, 36)  # the title above the pill is the same whoever plays
    assert max(hi for _, hi in ImageChops.difference(image.crop(box), plain.crop(box)).getextrema()) <= 24
    margin = image.crop((growsky.W - growsky.X0 + 2, 36, growsky.W, 64)).convert("L")
    assert min(margin.tobytes()) > 200  # the shortened pill ends inside the picture


def test_a_preview_says_the_fuel_an_upgraded_part_costs_whole_under_the_headline():
    """An upgraded tier-1 part pays 3 fuel: the picture says so and what pays it, uncut."""
    from tests.games.test_growsky_helpers import ready

    game = ready(2, 1)
    seat = game.current()
    board = game.boards[seat]
    board.fuel, board.cubes = 1, [0, 0, 2, 1]
    game.queue = ["part:1"]
    move = next(m for m in game.legal_moves(seat) if m.startswith("place l4 ") and " pay " not in m)
    view = game.preview(seat, move)
    lines = growsky.preview_lines(view)
    said = " ".join(lines)
    assert "costs 3 fuel (1 from the gauge, 2 Lv. 2 cubes)" in said and "nothing more" not in said
    assert "gives" in said and 1 <= len(lines) <= 2
    for line in lines:
        assert text_width(line, growsky.BODY, True) <= growsky.ROOM  # no ellipsis
    assert [words for words, *_ in growsky.header_lines(view, NAMES[:2])][:len(lines)] == lines


def test_nine_dice_at_four_players_fit_the_width():
    game = next(g for g in views_of_a_game(4, 3) if g.phase == "turn" and len(g.view(None)["dice"]) == 9)
    view = game.view(None)
    image = open_png(growsky.draw(view, NAMES)).convert("L")
    step, size = growsky.dice_step(9)
    assert size >= 40
    top = growsky.layout(view, NAMES).shared + growsky.DICE_Y
    last = growsky.X0 + 8 * step
    assert min(image.crop((last, top, last + size, top + size)).tobytes()) < 100  # the ninth die, drawn
    assert min(image.crop((last + size + 3, top, growsky.W - growsky.EDGE - 2, top + size)).tobytes()) > 150


def test_in_advanced_mode_both_room_card_sides_are_drawn_before_one_is_chosen():
    game = GAME.new(4, {"advanced": True}, seed=3)
    view = game.view(None)
    assert view["phase"] == "room"
    image = open_png(growsky.draw(view, NAMES)).convert("RGB")
    assert image.width <= 550  # shown as drawn in the chat
    at = growsky.layout(view, NAMES)
    for seat, board in enumerate(view["boards"]):
        sides = board["card"]["sides"]
        for k, cells in enumerate(sides):
            for cell in set(cells) - set(sides[1 - k]):
                x, y, _, _ = at.cell_box(seat, cell)
                assert image.getpixel((x + 4, y + 4)) == growsky.SIDE_TINTS[k]
        lines = growsky.stats_lines(board)
        words = " ".join(lines)
        assert all(cell in words for cells in sides for cell in cells)
        assert len(lines) <= 2 and all(text_width(line, growsky.SMALL) <= growsky.STATS_ROOM for line in lines)


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
    x, y, right, bottom = growsky.layout(view, NAMES).cell_box(0, "g2")
    box = (x + 4, y + 4, right - 4, bottom - 4)  # inside the square's frame

    def ink(v) -> bytes:
        cell = open_png(growsky.draw(v, NAMES)).convert("L").crop(box)
        return bytes(p < 100 for p in cell.tobytes())

    under = ink(bare)
    assert sum(under) >= 15  # the G itself
    over = ink(view)
    differ = sum(a != b for a, b in zip(over, under, strict=True))
    assert differ <= sum(under) // 5, (differ, sum(under))  # the same letter where it was, over the side's tint


def test_a_die_keeps_its_number_and_face_letters_off_its_rim():
    """The dice on standby, on the action spaces and left to take: the face letters end at least
    two clear rows above the rim, the number two below the top."""
    from PIL import Image, ImageDraw

    for size in (growsky.STANDBY_DIE, growsky.PLACED, growsky.DIE):
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

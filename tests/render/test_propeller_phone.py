"""The Propeller Islands table of three and four players read where Discord shows it: a picture
about 550 px wide. Measured in the picture scaled to that width, as a phone shows it."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from games.propeller import GAME
from render import propeller
from render.common import INK, WHITE, open_png
from tests.render.test_propeller_picture import NAMES, played

PREVIEW = 550
LETTER = 10  # the least height of a letter on an icon, in pixels of the 550 px picture

# (players, seed, moves): mid-game positions of three and four players
POSITIONS = [(3, 7, 60), (3, 11, 120), (4, 9, 60), (4, 9, 120), (4, 4, 160)]


def at_preview(image: Image.Image) -> tuple[Image.Image, float]:
    scale = min(1.0, PREVIEW / image.width)
    if scale < 1:
        image = image.resize((PREVIEW, round(image.height * scale)), Image.LANCZOS)
    return image.convert("RGB"), scale


def letter_height(image: Image.Image, box, ink, ground, inset: float, scale: float) -> int:
    """Rows, in the scaled picture, of the letter coloured `ink` on `ground` inside `box` (in
    full-size pixels, `inset` of outline left out top and bottom): from its first row with a
    pixel nearer the ink than the ground to its last. Only the middle half of the box is read,
    where a hexagon's slanted sides cannot be."""
    x0, y0, x1, y1 = box
    quarter = (x1 - x0) / 4
    left, right = round((x0 + quarter) * scale), round((x1 - quarter) * scale)
    top, bottom = round((y0 + inset) * scale), round((y1 - inset) * scale)

    def near(pixel, colour) -> int:
        return sum(abs(a - b) for a, b in zip(pixel, colour, strict=True))

    rows = [y for y in range(top, bottom) if any(
        near(image.getpixel((x, y)), ink) < near(image.getpixel((x, y)), ground) for x in range(left, right))]
    return rows[-1] - rows[0] + 1 if rows else 0


def in_turn(game) -> int:
    return game.to_act()[0]


def tile_boxes(view, seat: int, names):
    """Each tile of `seat`'s island where `draw` put it: the boxes of its parts, found from the
    page's regions (the hex it fills) and the tile drawn again at that size."""
    for region in propeller.regions(view, names):
        if region.get("kind") != "tile" or region.get("seat") != seat:
            continue
        xs = [p[0] for p in region["points"]]
        ys = [p[1] for p in region["points"]]
        radius = (max(xs) - min(xs)) / 2
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        if radius < 20:  # a small island of a seat not in turn: drawn without letters
            continue
        tile = next(t for t in view["players"][seat]["island"] if t["label"] == region["name"])
        boxes = propeller.draw_tile(ImageDraw.Draw(Image.new("RGB", (300, 300))), 150, 150, radius, tile, seat,
                                    tile["label"])
        yield tile, {part: (b[0] - 150 + cx, b[1] - 150 + cy, b[2] - 150 + cx, b[3] - 150 + cy)
                     for part, b in boxes.items()}


def icon_letters(tile, boxes):
    """(part, box, ink, ground, outline to leave out) of each lettered icon of a drawn tile."""
    banners = [b for b in (tile.get("banner"), tile.get("ubanner")) if b]
    for part, box in boxes.items():
        if part in ("flag0", "flag1"):
            yield part, box, WHITE, propeller.GUILD_COLOURS[banners[int(part[-1])]], 0
        elif part == "hub":
            yield part, box, WHITE, propeller.GUILD_COLOURS[tile["hub"]], 0
        elif part == "prod":
            yield part, box, WHITE, propeller.RES_COLOURS["esp".index(tile["prod"])], 2
        elif part == "number" and not tile.get("wild"):
            yield part, box, INK, WHITE, 3
        elif part == "label":
            yield part, box, WHITE, INK, 2


@pytest.mark.parametrize("players,seed,moves", POSITIONS)
def test_the_icons_of_the_seat_in_turn_read_at_550_px(players, seed, moves):
    game = played(players, seed, moves)
    view, names = game.view(None), NAMES[:players]
    image, scale = at_preview(open_png(propeller.draw(view, names)))
    seat = in_turn(game)
    measured = 0
    for tile, boxes in tile_boxes(view, seat, names):
        for part, box, ink, ground, inset in icon_letters(tile, boxes):
            height = letter_height(image, box, ink, ground, inset, scale)
            assert height >= LETTER, (tile["label"], part, height)
            measured += 1
    assert measured >= len(view["players"][seat]["island"])


@pytest.mark.parametrize("players,seed,moves", POSITIONS[:3])
def test_the_ring_and_its_slot_letters_read_at_550_px(players, seed, moves):
    game = played(players, seed, moves)
    view, names = game.view(None), NAMES[:players]
    image, scale = at_preview(open_png(propeller.draw(view, names)))
    _, drawn = propeller.picture(view, names)
    for letter, parts in drawn["ring"].items():
        tile = view["offer"]["abcdefghijkl".index(letter)]
        for part, box, ink, ground, inset in icon_letters(tile, parts):
            assert letter_height(image, box, ink, ground, inset, scale) >= LETTER, (letter, part)
    for letter, (x, y, r) in drawn["slots"].items():
        box = (x - r, y - r, x + r, y + r)
        assert letter_height(image, box, WHITE, INK, 2, scale) >= LETTER - 2 + (letter in "bdfhkl") * 2, letter


@pytest.mark.parametrize("players,seed,moves", POSITIONS)
def test_the_picture_fits_discord_and_shows_every_score_so_far(players, seed, moves):
    from render import propeller_phone

    game = played(players, seed, moves)
    view = game.view(None)
    png = propeller.draw(view, NAMES[:players])
    image = open_png(png)
    assert image.width <= PREVIEW and image.height <= 2400 and len(png) < 8 << 20
    assert image.size == propeller.size(view, NAMES[:players])
    for seat, player in enumerate(view["players"]):
        assert propeller_phone.score_so_far(player) == game.score(seat)["total"]


def test_the_large_island_follows_the_turn():
    game = played(4, 9, 60)
    rng = random.Random(1)
    seen = {}
    while len(seen) < 3:
        seat = in_turn(game)
        view = game.view(None)
        image, drawn = propeller.picture(view, NAMES)
        assert set(drawn["spots"]) == {seat}
        assert drawn["radius"] >= propeller.LARGE_TILE
        if seat not in seen:
            top = drawn["tops"]["panel"]
            seen[seat] = image.crop((0, top, image.width, top + 40))  # its name heads the panel
        game.play(seat, game.ai_move(seat, rng))
    names = list(seen.values())
    assert names[0].tobytes() != names[1].tobytes() != names[2].tobytes()


def test_a_key_shows_each_guild_colour_as_banner_and_hub_beside_the_forge():
    game = played(4, 9, 60)
    image, drawn = propeller.picture(game.view(None), NAMES)
    image, scale = at_preview(image)
    x0, top = drawn["key"][0], drawn["key"][1]
    key = image.crop((round(x0 * scale), round(top * scale), image.width, round(drawn["key"][3] * scale)))
    assert key.width >= 120
    counts = {colour: n for n, colour in key.getcolors(1 << 18)}
    for guild, colour in propeller.GUILD_COLOURS.items():
        assert counts.get(colour, 0) >= 150, guild  # a banner, a hub, the guild's name
    for colour in propeller.RES_COLOURS:
        assert counts.get(colour, 0) >= 100


def test_swapping_hidden_blueprints_leaves_the_picture_as_it_was():
    game = played(4, 9, 120)
    before = propeller.draw(game.view(None), NAMES)
    assert game.redeal_hidden(random.Random(3))
    assert propeller.draw(game.view(None), NAMES) == before


def test_a_whole_game_of_three_draws_in_every_phase():
    game = GAME.new(3, {}, 5)
    rng = random.Random(5)
    phases = set()
    while not game.is_over():
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
        if game.phase not in phases:
            phases.add(game.phase)
            image = open_png(propeller.draw(game.view(None), NAMES[:3]))
            assert image.width == PREVIEW
    assert {"characters", "turn", "over"} <= phases
    image = open_png(propeller.draw(game.view(None), NAMES[:3]))
    assert image.width == PREVIEW


def test_the_final_picture_names_every_landmark_of_every_seat():
    from render import propeller_phone
    from render.common import text_width

    game = played(4, 3)
    view = game.view(None)
    told = " ".join(propeller_phone._final_lines(view, NAMES))
    landmarks = 0
    for details in view["final"]["details"]:
        for name, vp in details["landmarks"].items():
            assert f"{name} {vp} points" in told, name
            landmarks += 1
    assert landmarks >= 4
    for line in propeller_phone._final_lines(view, NAMES):
        assert text_width(line, 14) <= propeller_phone.PHONE_W - 24
    image, drawn = propeller.picture(view, NAMES)
    assert drawn["seat"] == view["final"]["ranks"].index(1)  # the winner's island drawn large

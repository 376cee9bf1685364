"""Player names are drawn in their own script: accented Latin, Greek and Cyrillic come out as
written (with the shipped DejaVu Sans where the bundled font has no glyph), Chinese, Japanese
and Korean with the shipped Noto Sans CJK subset, emoji are left out without an empty box."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

import render
from games.archipels import GAME as ARCHIPELS
from games.hawaii import GAME as HAWAII
from games.pioneers import GAME as PIONEERS
from render import archipels, common, pioneers
from render.common import open_png
from render.leaderboard import COL_RATING, PAD, BoardLine, draw_leaderboard

NAMES = ["Дмитрий", "Ελένη", "Zoë", "Łukasz", "Ñoño Peña", "Ærøskøbing", "Şükrü Çağlar"]
# each name and a one-letter variant: folded or dropped letters would draw both the same
VARIANTS = [("Дмитрий", "Дмитрии"), ("Ελένη", "Ελενη"), ("Zoë", "Zoe"), ("Łukasz", "Lukasz")]


@pytest.mark.parametrize("name", NAMES)
def test_printable_keeps_letters_and_accents(name: str) -> None:
    assert common.printable(name) == name
    assert common.seat_name([name], 0) == name


def test_decomposed_accents_are_composed() -> None:
    assert common.printable("Zoe\u0308") == "Zoë"


@pytest.mark.parametrize("name", NAMES)
def test_the_fallback_face_has_every_letter(name: str) -> None:
    face = common.fallback_font(20)
    missing = bytes(face.getmask("\uffff"))
    for char in name.replace(" ", ""):
        assert common.has_glyph(char) or common.has_fallback_glyph(char), char
        if not common.has_glyph(char):
            assert bytes(face.getmask(char)) != missing, char


def test_fonts_are_shipped_with_the_package() -> None:
    face = common.fallback_font(20)
    here = Path(common.__file__).parent / "fonts"
    assert Path(face.path).resolve() == (here / "DejaVuSans.ttf").resolve()
    assert "Bitstream" in (here / "LICENSE").read_text()


def test_emoji_and_unknown_scripts_are_dropped() -> None:
    assert common.printable("Łukasz 🎲") == "Łukasz"
    assert common.printable("🏝️ Ελένη") == "Ελένη"
    assert common.printable("a\u200db\ufe0f") == "ab"
    assert common.printable("🎲\u0301") == ""  # an accent on a dropped emoji goes with it
    assert common.seat_name(["🎲🎲", "李明"], 0) == "Seat 1"
    assert common.printable("𓀀 Ann") == "Ann"  # Egyptian hieroglyphs: no shipped face has them


def canvas(words: str, size: int = 24, bold: bool = False, outline: common.RGB | None = None) -> Image.Image:
    image = Image.new("RGB", (400, 60), common.WHITE)
    common.text(ImageDraw.Draw(image), (10, 30), words, size, common.INK, "lm", bold=bold, outline=outline)
    return image


def ink_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(image, Image.new("RGB", image.size, common.WHITE)).getbbox()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("name", NAMES)
def test_text_draws_the_whole_name(name: str, bold: bool) -> None:
    box = ink_box(canvas(name, bold=bold))
    assert box is not None
    width = common.text_width(name, 24, bold)
    assert width > 10 * len(name.split()[0]) * 0.8
    assert abs((box[2] - box[0]) - width) <= 6
    assert 12 <= box[3] - box[1] <= 40  # one line, set on the baseline of the bundled font


def test_emoji_leave_no_box() -> None:
    assert ink_box(canvas("🎲")) is None
    assert ink_box(canvas("🎲", bold=True, outline=common.PAPER)) is None
    assert canvas("Łukasz 🎲").tobytes() == canvas("Łukasz").tobytes()


def test_mixed_lines_keep_the_bundled_font_for_plain_words() -> None:
    parts = common.runs("Last move: Дмитрий: build")
    assert parts == [("Last move: ", False), ("Дмитрий: ", True), ("build", False)]
    assert common.runs("Alice") == [("Alice", False)]


def test_names_are_shortened_to_fit() -> None:
    long = "Ελένη " * 12
    short = common.fit_text(long, 20, 150)
    assert short.endswith("…") and short.startswith("Ελένη")
    assert common.text_width(short, 20) <= 150


def differing_box(a: bytes, b: bytes) -> tuple[int, int, int, int] | None:
    """Where two pictures differ visibly (the palette of a PNG may shift a shade elsewhere)."""
    diff = ImageChops.difference(open_png(a).convert("RGB"), open_png(b).convert("RGB")).convert("L")
    return diff.point(lambda v: 255 if v > 40 else 0).getbbox()


def played(game, moves: int, seed: int):
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        game.play(seat, game.ai_move(seat, rng))
    return game


def image_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


@pytest.mark.parametrize("key", ["archipels", "pioneers"])
def test_game_pictures_draw_each_letter(key: str) -> None:
    if key == "archipels":
        view = played(ARCHIPELS.new(4, {}, 5), 12, 5).view(None)

        def picture(names: list[str]) -> Image.Image:  # before the PNG palette
            return archipels.render(view, names).image
    else:
        view = played(PIONEERS.new(4, {}, 7), 40, 7).view(None)

        def picture(names: list[str]) -> Image.Image:
            return pioneers.render(view, names)

    for name, variant in VARIANTS:
        drawn = picture(["Ann", name, "Ben", "Cat"])
        box = image_box(drawn, picture(["Ann", variant, "Ben", "Cat"]))
        assert box is not None, name  # one letter changed: the picture changed
        assert (box[2] - box[0]) * (box[3] - box[1]) < drawn.width * drawn.height / 20, name  # where the name is
    assert image_box(picture(["Ann", "Łukasz 🎲", "Ben", "Cat"]), picture(["Ann", "Łukasz", "Ben", "Cat"])) is None


def test_hawaii_picture_draws_each_letter() -> None:
    view = HAWAII.new(1, {"difficulty": "standard"}, seed=1003).view(None)
    for name, variant in VARIANTS:
        box = differing_box(render.draw("hawaii", view, [name]), render.draw("hawaii", view, [variant]))
        assert box is not None and box[0] >= 740 and box[3] <= 60, name  # the name atop the panel
    blank = render.draw("hawaii", view, ["🎲"])
    assert differing_box(blank, render.draw("hawaii", view, ["Player"])) is None


def test_leaderboard_draws_each_letter_in_the_name_column() -> None:
    def board(name: str) -> bytes:
        return draw_leaderboard("Leaderboard", "Archipels", [BoardLine(1, "Ann", 20, 5, 3),
                                                             BoardLine(2, name, 10, 4, 1, you=True)])

    for name, variant in VARIANTS:
        box = differing_box(board(name), board(variant))
        assert box is not None, name
        assert PAD + 40 <= box[0] and box[2] <= COL_RATING - 90, name
    assert differing_box(board("Łukasz 🎲"), board("Łukasz")) is None


# -- Chinese, Japanese and Korean ----------------------------------------------------------------
CJK_NAMES = ["李小龙", "陳大文", "王秀英", "さくら", "サクラ", "田中太郎", "김민준", "이서연"]
CJK_VARIANTS = [("李小龙", "李小虎"), ("さくら", "さくま"), ("김민준", "김민수")]


@pytest.mark.parametrize("name", CJK_NAMES)
def test_cjk_names_are_kept_not_replaced_by_the_seat(name: str) -> None:
    assert common.printable(name) == name
    assert common.seat_name(["Ann", name], 1) == name
    assert common.runs(name) == [(name, common.CJK)]


@pytest.mark.parametrize("name", CJK_NAMES)
def test_cjk_letters_are_glyphs_not_empty_boxes(name: str) -> None:
    face = common.cjk_font(24)
    notdef = bytes(face.getmask("\uffff"))
    for char in name:
        assert common.has_cjk_glyph(char), char
        assert bytes(face.getmask(char)) != notdef, char
    # the whole name as drawn is not a row of .notdef boxes either
    drawn = canvas(name)
    boxes = Image.new("RGB", drawn.size, common.WHITE)
    ImageDraw.Draw(boxes).text((10, 30), "\uffff" * len(name), font=face, fill=common.INK, anchor="lm")
    assert ink_box(drawn) is not None
    assert image_box(drawn, boxes) is not None
    box = ink_box(drawn)
    assert abs((box[2] - box[0]) - common.text_width(name, 24)) <= 6
    assert 14 <= box[3] - box[1] <= 30  # a little taller than Latin capitals, one line


def test_mixed_latin_and_cjk_words_use_each_face() -> None:
    assert common.runs("Ken 田中") == [("Ken ", common.BUNDLED), ("田中", common.CJK)]
    assert common.runs("Kenさん") == [("Ken", common.BUNDLED), ("さん", common.CJK)]
    # a space after a CJK word is drawn by the bundled font: the subset has none
    assert common.runs("田中 Ken") == [("田中", common.CJK), (" Ken", common.BUNDLED)]
    assert ink_box(canvas("田中 ")) == ink_box(canvas("田中"))


def test_cjk_font_is_shipped_small_with_its_licence() -> None:
    here = Path(common.__file__).parent / "fonts"
    shipped = here / common.CJK_FILE
    assert Path(common.cjk_font(20).path).resolve() == shipped.resolve()
    assert shipped.stat().st_size < 4 * 1024 * 1024
    licence = (here / "LICENSE").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK" in licence


@pytest.mark.parametrize("key", ["archipels", "pioneers"])
def test_game_pictures_draw_cjk_names(key: str) -> None:
    if key == "archipels":
        view = played(ARCHIPELS.new(4, {}, 5), 12, 5).view(None)

        def picture(names: list[str]) -> Image.Image:
            return archipels.render(view, names).image
    else:
        view = played(PIONEERS.new(4, {}, 7), 40, 7).view(None)

        def picture(names: list[str]) -> Image.Image:
            return pioneers.render(view, names)

    for name, variant in CJK_VARIANTS:
        drawn = picture(["Ann", name, "Ben", "Cat"])
        box = image_box(drawn, picture(["Ann", variant, "Ben", "Cat"]))
        assert box is not None, name
        assert (box[2] - box[0]) * (box[3] - box[1]) < drawn.width * drawn.height / 20, name
        assert image_box(drawn, picture(["Ann", "Seat 2", "Ben", "Cat"])) is not None, name


def test_hawaii_picture_draws_a_cjk_name() -> None:
    view = HAWAII.new(1, {"difficulty": "standard"}, seed=1003).view(None)
    for name, variant in CJK_VARIANTS:
        box = differing_box(render.draw("hawaii", view, [name]), render.draw("hawaii", view, [variant]))
        assert box is not None and box[0] >= 740 and box[3] <= 60, name

"""Drawing helpers shared by the board renderers: fonts, colours, text, caches, PNG output.

Fonts come from Pillow's bundled scalable font (`ImageFont.load_default(size=...)`), so a
picture looks the same on every machine whatever fonts the system has.
"""

from __future__ import annotations

import io
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

T = TypeVar("T")
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# -- colours ----------------------------------------------------------------------------
INK: RGB = (38, 34, 30)
MUTED: RGB = (110, 100, 88)
PAPER: RGB = (246, 239, 224)
CARD: RGB = (255, 251, 242)
LINE: RGB = (196, 182, 156)
WHITE: RGB = (255, 255, 255)
# one colour per seat, in seat order; chosen to stay apart for common colour blindness
SEAT_COLOURS: tuple[RGB, ...] = ((214, 48, 49), (25, 113, 194), (47, 158, 68), (240, 159, 0))
NEUTRAL: RGB = (134, 142, 150)  # pieces that belong to nobody


def rgb(value: str) -> RGB:
    """`"#1a2b3c"` as an (r, g, b) tuple."""
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b` (0 gives a, 1 gives b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def shade(colour: RGB, amount: float) -> RGB:
    """Darker (amount < 0) or lighter (amount > 0) by that fraction."""
    return mix(colour, (0, 0, 0), -amount) if amount < 0 else mix(colour, WHITE, amount)


def alpha(colour: RGB, a: int) -> RGBA:
    return (colour[0], colour[1], colour[2], a)


def seat_colour(seat: int | None) -> RGB:
    return NEUTRAL if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def readable_on(colour: RGB) -> RGB:
    """Ink or white, whichever reads better on a background of that colour."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


# -- caches -----------------------------------------------------------------------------
class Cache:
    """A small thread-safe least-recently-used cache: `get(key, build)` builds once.

    Values handed out are shared: treat cached images as read-only (copy before drawing).
    """

    def __init__(self, size: int = 32):
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = build()  # outside the lock: two threads may both build, both results are equal
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


# -- fonts and text ---------------------------------------------------------------------
_fonts = threading.local()  # a FreeType face is not safe to share between threads


def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled scalable font at `size` pixels, cached per size (and thread)."""
    cache = getattr(_fonts, "cache", None)
    if cache is None:
        cache = _fonts.cache = {}
    face = cache.get(size)
    if face is None:
        face = cache[size] = ImageFont.load_default(size=size)
    return face


_glyphs: dict[str, bool] = {}
_glyph_lock = threading.Lock()


def has_glyph(char: str) -> bool:
    """Whether the bundled font can draw `char` (it covers plain Latin letters, digits and
    common punctuation; accents, other scripts and emoji are missing)."""
    known = _glyphs.get(char)
    if known is None:
        face = font(20)
        with _glyph_lock:
            missing = bytes(face.getmask("\uffff"))  # a code point no font has: the empty box
            known = char.isspace() or bytes(face.getmask(char)) != missing
            _glyphs[char] = known
    return known


_printable = Cache(size=4096)
# letters without a decomposition into a plain letter and accents
_SPELLED = {"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "ł": "l", "Ł": "L",
            "đ": "d", "Đ": "D", "þ": "th", "Þ": "Th", "ð": "d", "ı": "i"}


def printable(words: str) -> str:
    """`words` with what the font cannot draw taken out: accented letters lose their
    accents ("Zoë" -> "Zoe"), other missing characters (emoji, other scripts) are dropped,
    so that no empty boxes show."""

    def build() -> str:
        if words.isascii():
            return words
        kept = []
        for char in words:
            if has_glyph(char):
                kept.append(char)
                continue
            base = _SPELLED.get(char) or "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            kept.append("".join(c for c in base if has_glyph(c)))
        return " ".join("".join(kept).split())

    return _printable.get(words, build)


_widths: Cache = Cache(size=8192)  # (text, size, bold) -> pixels


def text_width(text: str, size: int, bold: bool = False) -> int:
    return _widths.get((text, size, bold), lambda: round(font(size).getlength(text)) + (2 if bold else 0))


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis if needed so that it is at most `width` pixels wide."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def _sprite(words: str, size: int, fill: tuple[int, ...], anchor: str, bold: bool,
            outline: RGB | None) -> tuple[Image.Image, int, int] | None:
    """Text drawn once on a transparent image, cropped: (image, dx, dy) from the anchor point."""
    face = font(size)
    stroke = 1 if bold else 0
    halo = stroke + 2 if outline is not None else stroke
    pad = halo + 2
    width = round(face.getlength(words)) + 2 * pad
    height = size * 2 + 2 * pad
    ax = {"l": pad, "m": width // 2, "r": width - pad}.get(anchor[0], pad)
    ay = {"a": pad, "t": pad, "m": height // 2, "s": height - pad - size // 2, "b": height - pad,
          "d": height - pad}.get(anchor[1], pad)
    colour = tuple(fill[:3])
    image = Image.new("RGBA", (width, height), (*colour, 0))
    d = ImageDraw.Draw(image)
    ink = tuple(fill) if len(fill) == 4 else (*colour, 255)
    if outline is not None:
        d.text((ax, ay), words, font=face, fill=(*outline, 255), anchor=anchor, stroke_width=halo,
               stroke_fill=(*outline, 255))
    d.text((ax, ay), words, font=face, fill=ink, anchor=anchor, stroke_width=stroke, stroke_fill=ink)
    box = image.getbbox()
    if box is None:
        return None
    return image.crop(box), box[0] - ax, box[1] - ay


_sprites: Cache = Cache(size=2048)  # rendered labels, each a few kilobytes
SPRITE_CHARS = 24  # longer lines (names, captions) go to a smaller cache
_long_sprites: Cache = Cache(size=64)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB | RGBA = INK,
    anchor: str = "la",
    bold: bool = False,
    width: int | None = None,
    outline: RGB | None = None,
) -> int:
    """Draw one line of text; returns its width. The bundled font has no bold face, so
    bold is a one-pixel stroke in the text colour. `width` shortens the text to fit;
    `outline` draws a halo of that colour, for text over busy pictures.

    Rendered text is cached as small transparent pictures (labels repeat from one board
    to the next), so drawing it again is a paste."""
    words = printable(words)
    if width is not None:
        words = fit_text(words, size, width, bold)
    if words:
        key = (words, size, tuple(fill), anchor, bold, outline)
        cache = _sprites if len(words) <= SPRITE_CHARS else _long_sprites
        sprite = cache.get(key, lambda: _sprite(words, size, tuple(fill), anchor, bold, outline))
        if sprite is not None:
            image, dx, dy = sprite
            target = draw._image  # the image this ImageDraw paints on
            target.paste(image, (round(xy[0]) + dx, round(xy[1]) + dy), image)
    return text_width(words, size, bold)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB,
    ink: RGB | None = None,
    anchor: str = "mm",
    pad: int = 6,
    bold: bool = True,
) -> tuple[int, int, int, int]:
    """A rounded label with text on it, placed like text by `anchor` (h: l/m/r, v: t/m/b).
    Returns its box."""
    w = text_width(words, size, bold) + 2 * pad
    h = size + pad
    x, y = xy
    x0 = x - w / 2 if anchor[0] == "m" else x - w if anchor[0] == "r" else x
    y0 = y - h / 2 if anchor[1] == "m" else y - h if anchor[1] == "b" else y
    box = (round(x0), round(y0), round(x0 + w), round(y0 + h))
    draw.rounded_rectangle(box, radius=h // 2, fill=fill)
    text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), words, size, ink or readable_on(fill), "mm", bold)
    return box


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def seat_name(names: list[str], seat: int) -> str:
    """The name of a seat, or a stand-in when the list is short or the name is blank."""
    if 0 <= seat < len(names) and printable(str(names[seat])).strip():
        return " ".join(str(names[seat]).split())
    return f"Seat {seat + 1}"


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None], factor: int = 4) -> Image.Image:
    """A transparent RGBA picture of `size`, painted at `factor` times the size and scaled
    down, so that shapes drawn with ImageDraw come out smooth. `paint(draw, scale)` draws
    in units where `scale` pixels make one unit of the final picture."""
    big = Image.new("RGBA", (size[0] * factor, size[1] * factor), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(factor))
    return big.resize(size, Image.Resampling.LANCZOS)


# -- output -----------------------------------------------------------------------------
def to_png(image: Image.Image, colours: int | None = 256) -> bytes:
    """PNG bytes. With `colours`, the picture is first reduced to a palette of at most that
    many colours without dithering: flat board art loses nothing visible, and the file is
    several times smaller and faster to compress. The palette is chosen (fast octree) from
    every third pixel each way, then every pixel takes its nearest palette colour."""
    if colours:
        image = image.convert("RGB")
        sample = image.resize((max(1, image.width // 3), max(1, image.height // 3)), Image.Resampling.NEAREST)
        palette = sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=3 if colours else 1)
    return out.getvalue()


def open_png(data: bytes) -> Image.Image:
    """Decode PNG bytes (tests and tools)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


__all__ = [
    "CARD",
    "Cache",
    "INK",
    "LINE",
    "MUTED",
    "NEUTRAL",
    "PAPER",
    "RGB",
    "RGBA",
    "SEAT_COLOURS",
    "WHITE",
    "alpha",
    "fit_text",
    "font",
    "mix",
    "open_png",
    "ordinal",
    "pill",
    "printable",
    "has_glyph",
    "readable_on",
    "rgb",
    "seat_colour",
    "seat_name",
    "shade",
    "supersampled",
    "text",
    "text_width",
    "to_png",
]

"""Drawing helpers shared by the board renderers: fonts, colours, text, caches, PNG output.

Fonts come from Pillow's bundled scalable font (`ImageFont.load_default(size=...)`), so a
picture looks the same on every machine whatever fonts the system has. That font only covers
plain Latin; words it cannot draw (accented letters, Greek, Cyrillic, ...) are drawn with
DejaVu Sans, and Chinese, Japanese and Korean with a subset of Noto Sans CJK, both shipped
in render/fonts/.
"""

from __future__ import annotations

import contextlib
import io
import re
import struct
import threading
import unicodedata
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

import lang
from lang import pgettext, tr

try:  # ISA-L's deflate: the same zlib stream, several times faster at the fastest level
    from isal import isal_zlib as deflate
except ImportError:  # a platform without its wheel: zlib's, slower, the same pictures
    deflate = zlib

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
def size_of(value: Any) -> int:
    """Roughly how many bytes a cached value holds: images by their pixels, bytes by length,
    containers by their parts. Small values count as a little, so that no cache is free."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands()) + 200
    if isinstance(value, bytes | bytearray):
        return len(value) + 40
    if isinstance(value, Packed):
        return len(value.data) + 100
    if isinstance(value, tuple | list):
        return 60 + sum(size_of(v) for v in value)
    if isinstance(value, dict):
        return 100 + sum(size_of(v) + 50 for v in value.values())
    return 60


class Packed:
    """A picture kept deflated, losslessly: flat board art shrinks ten to twenty times, so a
    cache holds the boards of hundreds of tables in the bytes of a few, and a hit costs an
    inflate of a few milliseconds instead of drawing the board again. `image()` gives a new
    picture each time, free to draw on.

    The picture is deflated when first weighed (a cache keeping it) or sealed, not before: one
    drawn and not kept (`passing`) costs no deflate."""

    __slots__ = ("_data", "_raw", "level", "mode", "size")

    def __init__(self, image: Image.Image, level: int = 6):
        self.mode, self.size, self.level = image.mode, image.size, level
        self._raw: Image.Image | None = image
        self._data: bytes | None = None

    @property
    def data(self) -> bytes:
        data = self._data
        if data is None:
            raw = self._raw
            assert raw is not None
            data = self._data = zlib.compress(raw.tobytes(), self.level)
            self._raw = None  # after `_data`: a thread reading `_raw` as None finds the bytes
        return data

    def seal(self) -> Packed:
        """Deflated now, so that it holds its bytes and not its pixels."""
        self.data  # noqa: B018 - deflates
        return self

    def image(self) -> Image.Image:
        raw = self._raw
        if raw is not None:
            return raw.copy()
        # packed by zlib (its smaller stream keeps more boards in a cache's bytes), inflated by
        # `deflate`: ISA-L's inflate reads the same stream in about half the time
        return Image.frombytes(self.mode, self.size, deflate.decompress(self.data))


_passing = threading.local()


@contextlib.contextmanager
def passing() -> Iterator[None]:
    """Within it, on this thread, the caches that keep what a table's pictures share from one
    move to the next (`Cache(per_table=True)`) still answer from what they hold, but keep
    nothing new: an animation's sixty boards of a finished game would otherwise push out the
    boards of the tables still playing, and pay to deflate what nobody draws again."""
    before = getattr(_passing, "on", False)
    _passing.on = True
    try:
        yield
    finally:
        _passing.on = before


_caches: weakref.WeakSet[Cache] = weakref.WeakSet()  # every cache alive, for `cached_bytes`


class Cache:
    """A small thread-safe least-recently-used cache: `get(key, build)` builds once.

    Bounded by a count and by bytes (`size_of`): a busy bot draws for many tables, and a cache
    of pictures bounded by count alone grows with the size of what it holds.
    Values handed out are shared: treat cached images as read-only (copy before drawing).
    """

    def __init__(self, size: int = 32, max_bytes: int = 4 << 20, per_table: bool = False):
        self.size = size
        self.max_bytes = max_bytes
        self.per_table = per_table
        self.bytes = 0
        self.builds = 0  # values built (misses): what a test counts to see a cache thrash
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()
        _caches.add(self)

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key][0]
        value = build()  # outside the lock: two threads may both build, both results are equal
        if self.per_table and getattr(_passing, "on", False):
            return value
        cost = size_of(value)
        with self._lock:
            self.builds += 1
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._items[key] = (value, cost)
            self.bytes += cost
            while len(self._items) > 1 and (len(self._items) > self.size or self.bytes > self.max_bytes):
                _, (_, freed) = self._items.popitem(last=False)
                self.bytes -= freed
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def cache_builds() -> int:
    """Values built so far by every picture cache of the process (each a miss)."""
    return sum(c.builds for c in list(_caches))


def cached_bytes() -> tuple[int, int]:
    """(bytes held, bytes allowed) over every picture cache of the process."""
    return sum(c.bytes for c in _caches), sum(c.max_bytes for c in _caches)


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


# DejaVu Sans is drawn a little smaller so that its capitals are as tall as the bundled font's
FALLBACK_SCALE = 0.96
FONT_FILE = "DejaVuSans.ttf"  # bold text is this face with a one-pixel stroke, as for the bundled font
# ideographs fill the whole em: at this scale they stand a little taller than Latin capitals
CJK_SCALE = 0.85
CJK_FILE = "NotoSansCJK-Subset.otf"  # made by fonts/subset_cjk.py; its coverage is listed there

BUNDLED, FALLBACK, CJK = 0, 1, 2  # the faces, in the order they are tried for a word


def _font_file(name: str = FONT_FILE) -> Any:
    return resources.files(__package__ or "render").joinpath("fonts", name)


def _shipped(kind: str, name: str, size: float) -> ImageFont.FreeTypeFont:
    """A shipped face, cached per size (and thread) like `font`."""
    cache = getattr(_fonts, kind, None)
    if cache is None:
        cache = {}
        setattr(_fonts, kind, cache)
    face = cache.get(size)
    if face is None:
        source = _font_file(name)  # a file beside this module, unless installed in a zip
        face = ImageFont.truetype(str(source) if isinstance(source, Path) else io.BytesIO(source.read_bytes()),
                                  size)
        cache[size] = face
    return face


def fallback_font(size: int) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans face that draws what the bundled font cannot, for text of
    `size` pixels; cached per size (and thread) like `font`."""
    return _shipped("fallback", FONT_FILE, size * FALLBACK_SCALE)


def cjk_font(size: int) -> ImageFont.FreeTypeFont:
    """The shipped Noto Sans CJK subset that draws Chinese, Japanese and Korean, for text of
    `size` pixels."""
    return _shipped("cjk", CJK_FILE, size * CJK_SCALE)


def typeface(kind: int, size: int) -> ImageFont.FreeTypeFont:
    return font(size) if kind == BUNDLED else fallback_font(size) if kind == FALLBACK else cjk_font(size)


_glyphs: dict[tuple[str, int], bool] = {}
_glyph_lock = threading.Lock()


def _draws(char: str, kind: int) -> bool:
    """Whether the face `kind` has a visible glyph for `char`."""
    known = _glyphs.get((char, kind))
    if known is None:
        if char.isspace():
            known = True
        elif unicodedata.category(char) == "Cf" or "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef":
            known = False  # zero-width joiners, emoji variation selectors: nothing to draw alone
        else:
            drawn = typeface(kind, 20)
            with _glyph_lock:
                missing = bytes(drawn.getmask("\uffff"))  # a code point no font has: the empty box
                mask = drawn.getmask(char)
                known = mask.size[0] > 0 and bytes(mask) != missing
        _glyphs[(char, kind)] = known
    return known


def has_glyph(char: str) -> bool:
    """Whether the bundled font can draw `char` (it covers plain Latin letters, digits and
    common punctuation; accents, other scripts and emoji are missing)."""
    return _draws(char, BUNDLED)


def has_fallback_glyph(char: str) -> bool:
    """Whether the shipped DejaVu Sans can draw `char` (accented Latin, Greek, Cyrillic and
    more; not emoji)."""
    return _draws(char, FALLBACK)


def has_cjk_glyph(char: str) -> bool:
    """Whether the shipped Noto Sans CJK subset can draw `char` (the characters of GB 2312,
    Big5's frequent set, JIS X 0208 and KS X 1001, kana, CJK punctuation)."""
    return _draws(char, CJK)


def face_for(char: str) -> int | None:
    """The first face that draws `char`, or None when none does."""
    for kind in (BUNDLED, FALLBACK, CJK):
        if _draws(char, kind):
            return kind
    return None


_printable = Cache(size=4096)


def printable(words: str) -> str:
    """`words` with what neither font can draw taken out, so that no empty boxes show:
    letters keep their accents and scripts ("Zoë", "Дмитрий", "李明"); a missing letter that is an
    accented or compatibility form of a drawable one is replaced by it ("ｚ" -> "z"); the
    rest (emoji, scripts neither font covers) is dropped."""

    def build() -> str:
        if words.isascii():
            return words
        kept = []
        base_kept = True  # combining marks follow their letter: dropped with it
        for char in unicodedata.normalize("NFC", words):
            if unicodedata.combining(char) and not base_kept:
                continue
            if face_for(char) is not None:
                kept.append(char)
                base_kept = True
                continue
            base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            base = "".join(c for c in base if face_for(c) is not None)
            kept.append(base)
            base_kept = bool(base)
        return " ".join("".join(kept).split())

    return _printable.get(words, build)


_SPACES = re.compile(r"(\s+)")


def runs(words: str) -> list[tuple[str, int]]:
    """`words` cut into runs of (text, face): a word with a character the bundled font lacks
    is drawn whole with DejaVu Sans if it can be, so that a name keeps one face, else with
    the CJK face; a word that no one face covers (a Latin name written with kana) is cut
    where its face changes. Other words keep the bundled font."""
    out: list[tuple[str, int]] = []

    def add(piece: str, kind: int) -> None:
        if out and out[-1][1] == kind:
            out[-1] = (out[-1][0] + piece, kind)
        else:
            out.append((piece, kind))

    for piece in _SPACES.split(words):
        if not piece:
            continue
        if piece.isspace():
            # spaces go with the word before, but the CJK subset has no space of its own
            add(piece, out[-1][1] if out and out[-1][1] != CJK else BUNDLED)
            continue
        for kind in (BUNDLED, FALLBACK, CJK):
            if all(_draws(c, kind) for c in piece):
                add(piece, kind)
                break
        else:
            for char in piece:
                add(char, face_for(char) or BUNDLED)
    return out


def _faces(words: str, size: int, bold: bool) -> list[tuple[str, ImageFont.FreeTypeFont, int]]:
    """(run, face, stroke) for each run. Bold is a one-pixel stroke: DejaVu Sans's own bold
    face looks lighter than the stroked bundled font beside it. Small ideographs stay
    unstroked: a stroke fills in their many lines."""
    return [(run, typeface(kind, size), 1 if bold and (kind != CJK or size >= 20) else 0)
            for run, kind in runs(words)]


def line_length(words: str, size: int, bold: bool = False) -> float:
    """The advance width of `words` drawn by `draw_line` (without the stroke)."""
    return sum(face.getlength(run) for run, face, _ in _faces(words, size, bold))


def draw_line(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, size: int, fill: Any,
              anchor: str = "la", bold: bool = False, stroke_width: int = 0, stroke_fill: Any = None) -> None:
    """`ImageDraw.text` for one line in the bundled font at `size`, with the words it cannot
    draw in DejaVu Sans or the CJK face, set on the same baseline. `bold` as in `text`; `stroke_width` is added
    (a halo when `stroke_fill` differs from `fill`). Pass `printable(words)` to drop what
    neither font has."""
    parts = _faces(words, size, bold)
    if not parts:
        return
    if len(parts) == 1 and parts[0][1] is font(size):  # all in the bundled font: exactly as before
        draw.text(xy, words, font=font(size), fill=fill, anchor=anchor, stroke_width=stroke_width + parts[0][2],
                  stroke_fill=stroke_fill if stroke_width else fill)
        return
    lengths = [face.getlength(run) for run, face, _ in parts]
    total = sum(lengths)
    x = xy[0] - {"m": total / 2, "r": total}.get(anchor[0], 0)
    v = anchor[1]
    if v in "tb":  # the top or bottom of the drawn text
        boxes = [face.getbbox(run, anchor="ls") for run, face, _ in parts]
        baseline = xy[1] - (min(b[1] for b in boxes) if v == "t" else max(b[3] for b in boxes))
    else:  # ascender, middle, baseline or descender of the bundled font, as Pillow places them
        primary = font(size)
        baseline = xy[1] + primary.getbbox("H", anchor="l" + v)[1] - primary.getbbox("H", anchor="ls")[1]
    for (run, face, stroke), length in zip(parts, lengths, strict=True):
        draw.text((x, baseline), run, font=face, fill=fill, anchor="ls", stroke_width=stroke_width + stroke,
                  stroke_fill=stroke_fill if stroke_width else fill)
        x += length


_widths: Cache = Cache(size=8192)  # (text, size, bold) -> pixels


def text_width(text: str, size: int, bold: bool = False) -> int:
    """Pixels `text` takes when drawn by `text` (after `printable`)."""
    return _widths.get((text, size, bold),
                       lambda: round(line_length(printable(text), size, bold)) + (2 if bold else 0))


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` (made `printable`), shortened with an ellipsis if needed so that it is at most
    `width` pixels wide."""
    text = printable(text)
    if text_width(text, size, bold) <= width:
        return text
    # letters come off one by one from the end, as a reader would cut; but first the text is cut
    # by halving to a start some letters wider than the room (widths grow with the letters, give
    # or take a face changing mid-word), so that a long caption is not measured thousands of times
    over = len(text)
    fits = 0
    while over - fits > 1:
        middle = (fits + over) // 2
        if text_width(text[:middle], size, bold) <= width + 8 * size:
            fits = middle
        else:
            over = middle
    text = text[:over]
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def _sprite(words: str, size: int, fill: tuple[int, ...], anchor: str, bold: bool,
            outline: RGB | None, halo_width: int = 2) -> tuple[Image.Image, int, int] | None:
    """Text drawn once on a transparent image, cropped: (image, dx, dy) from the anchor point."""
    stroke = 1 if bold else 0
    halo = stroke + halo_width if outline is not None else stroke
    pad = halo + 2
    width = round(line_length(words, size, bold)) + 2 * pad
    height = size * 2 + 2 * pad
    ax = {"l": pad, "m": width // 2, "r": width - pad}.get(anchor[0], pad)
    ay = {"a": pad, "t": pad, "m": height // 2, "s": height - pad - size // 2, "b": height - pad,
          "d": height - pad}.get(anchor[1], pad)
    colour = tuple(fill[:3])
    image = Image.new("RGBA", (width, height), (*colour, 0))
    d = ImageDraw.Draw(image)
    ink = tuple(fill) if len(fill) == 4 else (*colour, 255)
    if outline is not None:
        draw_line(d, (ax, ay), words, size, (*outline, 255), anchor, bold, stroke_width=halo_width,
                  stroke_fill=(*outline, 255))
    draw_line(d, (ax, ay), words, size, ink, anchor, bold)
    box = image.getbbox()
    if box is None:
        return None
    return image.crop(box), box[0] - ax, box[1] - ay


_sprites: Cache = Cache(size=2048, max_bytes=8 << 20)  # rendered labels, each a few kilobytes
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
    halo: int = 2,
) -> int:
    """Draw one line of text; returns its width. Words the bundled font cannot draw are
    drawn with DejaVu Sans or the CJK face (see `draw_line`). The bundled font has no bold face, so bold is
    a one-pixel stroke in the text colour. `width` shortens the text to fit;
    `outline` draws a halo of that colour and `halo` pixels wide, for text over busy pictures.

    Rendered text is cached as small transparent pictures (labels repeat from one board
    to the next), so drawing it again is a paste."""
    words = printable(words)
    if width is not None:
        words = fit_text(words, size, width, bold)
    if words:
        key = (words, size, tuple(fill), anchor, bold, outline, halo)
        cache = _sprites if len(words) <= SPRITE_CHARS else _long_sprites
        sprite = cache.get(key, lambda: _sprite(words, size, tuple(fill), anchor, bold, outline, halo))
        if sprite is not None:
            image, dx, dy = sprite
            target = draw._image  # the image this ImageDraw paints on  # noqa: SLF001 - Pillow's ImageDraw has no public way to its image
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
    """A place in a ranking as drawn: 1st, 2nd (German 1., Spanish 1.º)."""
    if lang.current() != lang.ENGLISH:
        return pgettext("ordinal", "{number}th").format(number=n)
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def seat_name(names: list[str], seat: int) -> str:
    """The name of a seat as it will be drawn (what no font has, such as emoji, left out), or
    a stand-in when the list is short or nothing of the name can be drawn."""
    shown = printable(str(names[seat])).strip() if 0 <= seat < len(names) else ""
    return shown or tr("Seat {number}").format(number=seat + 1)


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None], factor: int = 4,
                 ground: RGB | None = None) -> Image.Image:
    """A transparent RGBA picture of `size`, painted at `factor` times the size and scaled
    down, so that shapes drawn with ImageDraw come out smooth. `paint(draw, scale)` draws
    in units where `scale` pixels make one unit of the final picture.

    With `ground`, an opaque RGB picture painted on that colour and box-averaged down: for art
    that covers its whole area (a static board), about a fifth of the cost of a Lanczos resize
    with transparency, for edges the eye cannot tell apart."""
    big_size = (size[0] * factor, size[1] * factor)
    if ground is not None:
        big = Image.new("RGB", big_size, ground)
        paint(ImageDraw.Draw(big), float(factor))
        return big.reduce(factor)
    big = Image.new("RGBA", big_size, (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(factor))
    return big.resize(size, Image.Resampling.LANCZOS)


# -- output -----------------------------------------------------------------------------
PALETTE_STEP = 4  # the palette is chosen from every fourth pixel each way


def to_png(image: Image.Image, colours: int | None = 256) -> bytes:
    """PNG bytes. With `colours`, the picture is first reduced to a palette of at most that
    many colours without dithering: flat board art loses nothing visible, and the file is
    several times smaller and faster to compress. The palette is chosen (fast octree) from
    every fourth pixel each way, then every pixel takes its nearest palette colour. The rows are
    deflated by `deflate` (ISA-L's, where installed: about 5 times zlib's speed at its fastest
    level for the same size; deflating was most of a picture's encoding) and written as PNG here."""
    if not colours:
        out = io.BytesIO()
        image.save(out, "PNG", optimize=False, compress_level=1)
        return out.getvalue()
    if image.mode != "RGB":
        image = image.convert("RGB")
    sample = image.resize((max(1, image.width // PALETTE_STEP), max(1, image.height // PALETTE_STEP)),
                          Image.Resampling.NEAREST)
    palette = sample.quantize(colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    return palette_png(indexed)


def unfiltered_rows(indexed: Image.Image) -> bytes:
    """A palette picture's rows as PNG stores them, each behind its filter byte 0 (none): the
    picture pasted one column in on a zeroed one lays them out in C, where joining a slice a row
    in Python cost a millisecond a picture."""
    framed = Image.new("P", (indexed.width + 1, indexed.height), 0)
    framed.paste(indexed, (1, 0))  # same mode: the indices are copied as they are
    return framed.tobytes()


def palette_png(indexed: Image.Image) -> bytes:
    """PNG bytes of a palette picture (mode P), each row unfiltered, as Pillow writes one at its
    fastest level, deflated by `deflate`."""
    width, height = indexed.size
    rows = unfiltered_rows(indexed)
    entries = bytes(indexed.getpalette() or [])[:768]
    entries = entries[:len(entries) - len(entries) % 3] or b"\0\0\0"
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"PLTE", entries)
            + _chunk(b"IDAT", deflate.compress(rows, 1)) + _chunk(b"IEND", b""))


# -- pictures encoded in strips ----------------------------------------------------------
def fixed_palette(colours: tuple[RGB, ...], bases: tuple[RGB, ...], size: int = 256) -> Image.Image:
    """A palette picture made once from a renderer's colours and their blends with the
    backgrounds they are drawn on (the edges of shapes and letters), so that every picture of
    that renderer maps to the same palette, whatever it shows."""
    return _palettes.get((colours, bases, size), lambda: _build_palette(colours, bases, size))


def _build_palette(colours: tuple[RGB, ...], bases: tuple[RGB, ...], size: int) -> Image.Image:
    exact = list(dict.fromkeys(colours + bases))[:size // 2]  # flat areas keep their very colour
    blends = [mix(base, colour, t / 8) for colour in exact for base in bases for t in range(1, 8)]
    swatch = Image.new("RGB", (len(blends), 1))
    swatch.putdata(blends)
    chosen = swatch.quantize(colors=size - len(exact), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    found = chosen.getpalette() or []
    entries = [c for colour in exact for c in colour] + found[:3 * (size - len(exact))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries + list(exact[0]) * ((768 - len(entries)) // 3))  # unused entries repeat one
    return palette


_palettes: Cache = Cache(size=8)
# (key, palette) -> the strip's deflated rows, their Adler-32 and length: about 10 KiB a strip, and
# seven strips a table of four, sized so that hundreds of tables keep theirs between two pictures
_strips: Cache = Cache(size=2048, max_bytes=20 << 20, per_table=True)
ADLER_BASE = 65521


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces of data joined, from the checksum of each and the second's
    length (as zlib's adler32_combine)."""
    rem = length % ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = rem * sum1 % ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + ADLER_BASE - rem) % ADLER_BASE
    return sum1 | sum2 << 16


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _strip(image: Image.Image, palette: Image.Image) -> tuple[bytes, int, int]:
    """One strip as deflate blocks that end on a byte boundary (a full flush), so that strips
    made apart can be joined into one stream; with the Adler-32 and length of its rows."""
    rows = unfiltered_rows(image.quantize(palette=palette, dither=Image.Dither.NONE))
    packer = deflate.compressobj(1, deflate.DEFLATED, -15)
    return packer.compress(rows) + packer.flush(deflate.Z_FULL_FLUSH), zlib.adler32(rows), len(rows)


def strips_png(strips: list[tuple[Hashable | None, Any]], palette: Image.Image) -> bytes:
    """PNG bytes of strips of one width laid top to bottom, in `palette` (from `fixed_palette`).
    A strip is a picture, or a function that draws it; one given with a key is drawn,
    quantized and compressed once for that key and reused, so a picture whose lower parts did
    not change costs only its changed strips."""
    body, adler, width, height = [], 1, 0, 0
    for key, image in strips:
        def make(image=image) -> tuple[bytes, int, int, int, int]:
            picture = image() if callable(image) else image
            if picture.mode != "RGB":
                picture = picture.convert("RGB")
            return (*_strip(picture, palette), picture.width, picture.height)

        made = _strips.get((key, id(palette)), make) if key is not None else make()
        body.append(made[0])
        adler = adler32_combine(adler, made[1], made[2])
        width, height = made[3], height + made[4]
    data = b"\x78\x01" + b"".join(body) + b"\x03\x00" + struct.pack(">I", adler)  # 03 00: the empty last block
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"PLTE", bytes(palette.getpalette()[:768]))
            + _chunk(b"IDAT", data) + _chunk(b"IEND", b""))


def open_png(data: bytes) -> Image.Image:
    """Decode PNG bytes (tests and tools)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


__all__ = [
    "CARD",
    "Cache",  # verbatim: a name of this module
    "INK",
    "LINE",
    "MUTED",
    "NEUTRAL",
    "Packed",  # verbatim: a name of this module
    "PAPER",
    "RGB",
    "RGBA",
    "SEAT_COLOURS",
    "WHITE",
    "alpha",
    "draw_line",
    "fallback_font",
    "fit_text",
    "fixed_palette",
    "strips_png",
    "font",
    "cjk_font",
    "face_for",
    "has_cjk_glyph",
    "has_fallback_glyph",
    "mix",
    "open_png",
    "ordinal",
    "passing",
    "pill",
    "printable",
    "has_glyph",
    "line_length",
    "readable_on",
    "rgb",
    "runs",
    "seat_colour",
    "seat_name",
    "shade",
    "supersampled",
    "text",
    "text_width",
    "to_png",
]


# -- regions: what a page may let a player point at on a picture ---------------------------
def _region(name: str, shape: dict[str, Any], kind: str | None, tip: str | None, seat: int | None) -> dict[str, Any]:
    region: dict[str, Any] = {"name": name, **shape}
    if kind:
        region["kind"] = kind
    if tip:
        region["tip"] = tip
    if seat is not None:  # on one player's board: a page matches it against that seat's moves only
        region["seat"] = seat
    return region


def rect_region(name: str, box: tuple[float, float, float, float], kind: str | None = None, tip: str | None = None,
                seat: int | None = None) -> dict[str, Any]:
    """A rectangle given as (left, top, right, bottom), in pixels of the picture."""
    x0, y0, x1, y1 = box
    return _region(name, {"shape": "rect", "x": round(x0, 1), "y": round(y0, 1), "w": round(x1 - x0, 1),
                          "h": round(y1 - y0, 1)}, kind, tip, seat)


def circle_region(name: str, cx: float, cy: float, r: float, kind: str | None = None, tip: str | None = None,
                  seat: int | None = None) -> dict[str, Any]:
    return _region(name, {"shape": "circle", "cx": round(cx, 1), "cy": round(cy, 1), "r": round(r, 1)}, kind,
                   tip, seat)


def poly_region(name: str, points: list[tuple[float, float]], kind: str | None = None, tip: str | None = None,
                seat: int | None = None) -> dict[str, Any]:
    return _region(name, {"shape": "poly", "points": [[round(x, 1), round(y, 1)] for x, y in points]}, kind, tip,
                   seat)


def band_region(name: str, a: tuple[float, float], b: tuple[float, float], half: float, kind: str | None = None,
                tip: str | None = None, seat: int | None = None) -> dict[str, Any]:
    """The band `half` pixels either side of the segment from a to b: an edge, a road, a route."""
    (ax, ay), (bx, by) = a, b
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1.0
    nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
    return poly_region(name, [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)], kind,
                       tip, seat)

"""A whole game as one animated picture: a frame per turn of the public board, the last one held.

Frames are the game's own board pictures (drawn from public views only), scaled down and, for
long games, sampled evenly (the first and last frames always kept). They are drawn one at a time
straight into the encoder, so a build holds one frame, never the whole game: a list of 60
full-size frames cost a 4-player table hundreds of MiB. WebP at quality 90 keeps the small text
of a board readable (quality 70 blurred it); when the file is still over the limit the frames
are scaled down, then thinned.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

import render
from render.common import INK, PAPER, Packed, fit_text, passing, text

LIMIT = 10 * 1024 * 1024  # Discord's upload limit for a bot's message
MAX_FRAMES = 60  # DESIGNED: a longer game is sampled evenly down to this many frames (27 s at 450 ms)
WIDTH = 720  # frames are scaled to at most this width
FRAME_MS = 450
HOLD_MS = 4000  # the last frame stays this long before the loop starts over
CAPTION_SIZE = 17  # DESIGNED: the caption's letters, readable in a 720-pixel frame shown at 550
CAPTION_LINES = 3  # a longer turn is shortened with an ellipsis on the last line


def sample(count: int, most: int) -> list[int]:
    """Indexes of `most` frames spread evenly over `count`, first and last included."""
    if count <= most:
        return list(range(count))
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


class DrawnFrames(Image.Image):
    """A multi-frame image whose frames are drawn when the encoder seeks to them (as Pillow's own
    readers decode a frame on `seek`), so that only the current frame is in memory."""

    def __init__(self, draw: Callable[[int], Image.Image], count: int, size: tuple[int, int]):
        super().__init__()
        self._draw, self._count, self._canvas = draw, count, size
        self._index = -1
        self.seek(0)

    @property
    def n_frames(self) -> int:
        return self._count

    @property
    def is_animated(self) -> bool:
        return self._count > 1

    def seek(self, frame: int) -> None:
        if frame == self._index:
            return
        if not 0 <= frame < self._count:
            raise EOFError("no such frame")  # verbatim: Pillow's signal, read by no person
        picture = on_canvas(self._draw(frame), self._canvas)
        self.im = picture.im
        self._mode, self._size = picture.mode, picture.size
        self._index = frame

    def tell(self) -> int:
        return self._index


def on_canvas(frame: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A frame on the animation's one canvas: a picture smaller than the largest of the game is
    placed top left, the rest filled with its own corner colour."""
    if frame.size == size:
        return frame
    canvas = Image.new("RGB", size, frame.getpixel((0, 0)))
    canvas.paste(frame, (0, 0))
    return canvas


def scaled(image: Image.Image, width: int, caption: str = "") -> Image.Image:
    """A board picture at the animation's width with its caption under it. The picture comes
    straight from the renderer (`render.image`): a PNG made only to be decoded again cost a
    build more than the drawing."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    if image.width > width:
        # Hamming rather than Lanczos: as sharp to the eye at this scale (board text checked side by
        # side), half the time on a tall board, which is a third of a frame's cost
        image = image.resize((width, round(image.height * width / image.width)), Image.HAMMING)
    if caption:
        image = captioned(image, caption)
    return image


def scaled_size(size: tuple[int, int], width: int, caption: bool) -> tuple[int, int]:
    """The size `scaled` gives a picture of `size`."""
    w, h = size
    if w > width:
        w, h = width, round(h * width / w)
    return w, h + (caption_band() if caption else 0)


def caption_lines(caption: str, width: int, size: int = CAPTION_SIZE) -> list[str]:
    """The caption wrapped to `width` pixels in at most CAPTION_LINES lines."""
    lines: list[str] = []
    words = caption.split()
    while words and len(lines) < CAPTION_LINES:
        line = words.pop(0)
        while words and fit_text(f"{line} {words[0]}", size, width) == f"{line} {words[0]}":
            line += " " + words.pop(0)
        lines.append(line)
    if words:
        lines[-1] = fit_text(lines[-1] + " " + " ".join(words), size, width)
    return [fit_text(line, size, width) for line in lines]


def caption_band(size: int = CAPTION_SIZE) -> int:
    """The caption band's height: one for every frame, so that the caption stays put."""
    return CAPTION_LINES * (size + 5) + 2 * (size // 2)


def captioned(image: Image.Image, caption: str, size: int = CAPTION_SIZE) -> Image.Image:
    """The frame with a band under it that says what the turn did."""
    pad = size // 2
    lines = caption_lines(caption, image.width - 2 * pad, size)
    band = caption_band(size)
    out = Image.new("RGB", (image.width, image.height + band), PAPER)
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    draw.line([(0, image.height), (image.width, image.height)], fill=INK, width=2)
    # written as every picture writes text: what the bundled font lacks (a dash, a name's
    # letters) from a fallback face, not as an empty box
    for n, line in enumerate(lines):
        text(draw, (pad, image.height + pad + n * (size + 5)), line, size, INK)
    return out


def encode(draw: Callable[[int], Image.Image], count: int, size: tuple[int, int]) -> bytes:
    """The frames as an animated WebP, drawn one by one as the encoder takes them. Quality 90 keeps
    small text sharp at half the size of a lossless file."""
    durations = [FRAME_MS] * (count - 1) + [HOLD_MS]
    out = io.BytesIO()
    # a key frame only at the start (kmax 0): a player watches the loop from its beginning, and
    # frames kept as changes to the one before encode faster and smaller (a fifth less)
    DrawnFrames(draw, count, size).save(out, "WEBP", save_all=True, duration=durations, loop=0,
                                        quality=90, method=0, kmin=0, kmax=0)
    return out.getvalue()


class _Outgrown(Exception):
    """A frame came out larger than its renderer said."""


def animate(key: str, views: Sequence[dict[str, Any]], names: Sequence[str], limit: int = LIMIT,
            most: int = MAX_FRAMES, captions: Sequence[str] | None = None) -> tuple[bytes, str, list[int]] | None:
    """(data, extension, indexes of the views shown) within `limit` bytes; None without pictures.

    Where the renderer tells its pictures' sizes (`render.size`), the canvas is known before any
    frame is drawn, and each frame is drawn as the encoder takes it, then dropped. Else each
    board is drawn once and kept deflated (a small fraction of the decoded frame), and the
    encoder inflates them one at a time. Boards drawn here are not kept by the caches of the
    tables still playing (`passing`)."""
    width = WIDTH

    def frame(index: int) -> Image.Image | None:
        with passing():
            picture = render.image(key, views[index], names)
        return None if picture is None else scaled(picture, width, captions[index] if captions else "")

    while True:
        chosen = sample(len(views), most)
        told = [render.size(key, views[i], names) for i in chosen]
        data = None
        if all(told):
            sizes = [scaled_size(size, width, bool(captions and captions[i]))
                     for size, i in zip(told, chosen, strict=True)]
            canvas = (max(w for w, _ in sizes), max(h for _, h in sizes))

            def drawn(n: int, chosen: list[int] = chosen, canvas: tuple[int, int] = canvas) -> Image.Image:
                picture = frame(chosen[n])
                if picture is None or picture.width > canvas[0] or picture.height > canvas[1]:
                    raise _Outgrown
                return picture

            try:
                data = encode(drawn, len(chosen), canvas)
            except _Outgrown:
                data = None
        if data is None:
            frames: dict[int, Packed] = {}
            for index in chosen:
                picture = frame(index)
                if picture is None:
                    return None
                frames[index] = Packed(picture, level=1).seal()
                del picture  # one decoded board at a time
            sizes = [frames[i].size for i in chosen]
            canvas = (max(w for w, _ in sizes), max(h for _, h in sizes))
            data = encode(lambda n, c=chosen, f=frames: f[c[n]].image(), len(chosen), canvas)
        if len(data) <= limit:
            return data, "webp", chosen
        if width > 320:
            width = width * 3 // 4
        else:
            most = max(2, most // 2)

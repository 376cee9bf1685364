"""A whole game as one animated picture: a frame per turn of the public board, the last one held.

Frames are the game's own board pictures (drawn from public views only), scaled down and, for
long games, sampled evenly (the first and last frames always kept). Both an animated WebP and
a GIF are made and the smaller one is kept; when it is still over the limit the frames are
scaled down again, then thinned.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

import render

LIMIT = 10 * 1024 * 1024  # Discord's upload limit for a bot's message
MAX_FRAMES = 60  # DESIGNED: a longer game is sampled evenly down to this many frames (27 s at 450 ms)
WIDTH = 720  # frames are scaled to at most this width
FRAME_MS = 450
HOLD_MS = 4000  # the last frame stays this long before the loop starts over


def sample(count: int, most: int) -> list[int]:
    """Indexes of `most` frames spread evenly over `count`, first and last included."""
    if count <= most:
        return list(range(count))
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def frames_of(key: str, views: Sequence[dict[str, Any]], names: Sequence[str], width: int) -> list[Image.Image]:
    frames = []
    for view in views:
        png = render.draw(key, view, names)
        if png is None:
            return []
        image = Image.open(io.BytesIO(png)).convert("RGB")
        if image.width > width:
            image = image.resize((width, round(image.height * width / image.width)), Image.BILINEAR)
        frames.append(image)
    return same_size(frames)


def same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Frames on one canvas (an animation needs it): a picture that grows during the game is
    placed top left on the largest size, the rest filled with its own corner colour."""
    width = max((f.width for f in frames), default=0)
    height = max((f.height for f in frames), default=0)
    out = []
    for frame in frames:
        if frame.size != (width, height):
            canvas = Image.new("RGB", (width, height), frame.getpixel((0, 0)))
            canvas.paste(frame, (0, 0))
            frame = canvas
        out.append(frame)
    return out


def encode(frames: list[Image.Image]) -> tuple[bytes, str]:
    """(data, extension) of the smaller of an animated WebP and a GIF."""
    durations = [FRAME_MS] * (len(frames) - 1) + [HOLD_MS]
    webp = io.BytesIO()
    frames[0].save(webp, "WEBP", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   quality=70, method=1)
    gif = io.BytesIO()
    paletted = [f.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE) for f in frames]
    paletted[0].save(gif, "GIF", save_all=True, append_images=paletted[1:], duration=durations, loop=0,
                     optimize=False, disposal=1)
    best = min((webp.getvalue(), "webp"), (gif.getvalue(), "gif"), key=lambda pair: len(pair[0]))
    return best


def animate(key: str, views: Sequence[dict[str, Any]], names: Sequence[str], limit: int = LIMIT,
            most: int = MAX_FRAMES) -> tuple[bytes, str, list[int]] | None:
    """(data, extension, indexes of the views shown) within `limit` bytes; None without pictures."""
    width = WIDTH
    while True:
        chosen = sample(len(views), most)
        frames = frames_of(key, [views[i] for i in chosen], names, width)
        if not frames:
            return None
        data, ext = encode(frames)
        if len(data) <= limit:
            return data, ext, chosen
        if width > 320:
            width = width * 3 // 4
        else:
            most = max(2, most // 2)

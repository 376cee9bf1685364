"""The Hawaiian Islands board picture: it draws every kind of state, legibly and fast."""

from __future__ import annotations

import io

from PIL import Image

from games.hawaii import GAME, ai
from render import hawaii as R


def states():
    start = GAME.new(1, {"difficulty": "standard"}, seed=1003)
    result = ai.solve(1003, "standard", beams=(1,))
    game = GAME.new(1, {"difficulty": "standard"}, seed=1003)
    mid = None
    for move in result.moves:
        game.play(0, move)
        if mid is None and game.round == 5 and move.startswith("deliver"):
            mid = game.clone()
    return start, mid, game


def test_draws_start_mid_and_end():
    for game in states():
        png = R.draw(game.view(None), ["Ann"])
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size == (R.W, R.H)
        # still readable for a chat preview at about 550 px wide
        small = image.resize((550, 550 * image.height // image.width))
        assert small.size[0] == 550


def test_registry_draws_hawaii():
    import render

    png = render.draw("hawaii", GAME.new(1, {}, seed=2).view(None), ["Ann"])
    assert png and png[:8] == b"\x89PNG\r\n\x1a\n"


def test_last_delivery_is_highlighted():
    _start, mid, _end = states()
    view = mid.view(None)
    assert view["last_delivery"]["path"]
    img = Image.open(io.BytesIO(R.draw(view, ["Ann"]))).convert("RGB")
    layout = R._layout(tuple((r["name"], r["ends"][0], r["ends"][1], r["squares"]) for r in view["routes"]))
    # a point a quarter of the way along the delivered route is painted in the highlight or cube colour
    name = view["last_delivery"]["routes"][0]
    x, y, _ = R._along(layout[name]["poly"], 0.25)
    colour = img.getpixel((int(x), int(y)))

    def near(a, b):
        return sum(abs(p - q) for p, q in zip(a, b, strict=True)) < 40

    assert near(colour, R.HIGHLIGHT) or near(colour, R.CUBE[view["last_delivery"]["colour"]])

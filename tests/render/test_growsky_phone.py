"""The Grow Sky picture read where Discord shows it: about 550 px wide on a phone. Every word and
number drawn stands at least 10 px tall (a capital's height) at that width, and the last turn is
told whole in plain words."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from games.growsky import GAME
from render import growsky
from render.common import Cache, font, open_png
from tests.games.test_growsky_helpers import ready

CHAT = 550
LETTER = 10  # the least height of a capital, in pixels of the picture shown 550 px wide
NAMES = ["Ann", "Ben", "Cleo", "Dana"]


def capital(size: int) -> int:
    """The height in pixels of a capital drawn at `size`."""
    top = font(size).getbbox("H", anchor="ls")[1]
    return -top


def drawn(monkeypatch, view, names) -> tuple[Image.Image, list[tuple[str, int]]]:
    """The picture, and (words, size) of every text it draws: its frame drawn afresh too."""
    seen: list[tuple[str, int]] = []
    real_text, real_pill = growsky.text, growsky.pill

    def text(d, xy, words, size, *args, **kwargs):
        seen.append((words, size))
        return real_text(d, xy, words, size, *args, **kwargs)

    def pill(d, xy, words, size, *args, **kwargs):
        seen.append((words, size))
        return real_pill(d, xy, words, size, *args, **kwargs)

    monkeypatch.setattr(growsky, "text", text)
    monkeypatch.setattr(growsky, "pill", pill)
    monkeypatch.setattr(growsky, "_static", Cache(size=8, max_bytes=12 << 20))
    image = open_png(growsky.draw(view, names)).convert("RGB")
    return image, seen


def played(players: int, seed: int, moves: int, **options):
    game = GAME.new(players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    return game


def views():
    """Mid-game at two, three and four players, the setup draft, room card sides, a part
    waiting with its legend, a preview, and the final scoring."""
    yield "3 players", played(3, 82, 60).view(None)
    yield "4 players", played(4, 3, 140).view(None)
    yield "2 players", played(2, 5, 90).view(None)
    yield "draft", GAME.new(4, {}, seed=3).view(None)
    yield "room sides", GAME.new(4, {"advanced": True}, seed=3).view(None)
    game = ready(2, 5)
    seat = game.current()
    game.queue = ["part:3"]
    yield "part waiting", game.view(None)
    yield "preview", game.preview(seat, next(m for m in game.legal_moves(seat) if m.startswith("place ")))
    yield "game over", played(3, 1, 5000).view(None)


@pytest.mark.parametrize("label,view", list(views()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_word_and_number_stands_10_px_tall_at_550_px(monkeypatch, label, view):
    image, seen = drawn(monkeypatch, view, NAMES[:view["players"]])
    scale = min(1.0, CHAT / image.width)
    assert seen
    small = sorted({(capital(size) * scale, words) for words, size in seen if words.strip()})
    assert small[0][0] >= LETTER, (label, image.width, small[:5])
    shown = " ".join(words for words, _ in seen)
    for board in view["boards"]:  # the gauges, the market and the engine room's labels among them
        assert f"Fuel {board['fuel']}/10" in shown
    assert "cap" in shown and "Route tile market" in shown and "Engine room" in shown


def ink_rows(image: Image.Image, box, scale: float) -> int:
    """Rows of dark ink inside `box` (full-size pixels, its outline left out) of the picture
    shown at `scale`."""
    x0, y0, x1, y1 = (round(v * scale) for v in box)
    crop = image.crop((x0 + 2, y0 + 2, x1 - 2, y1 - 2)).convert("L")
    rows = [y for y in range(crop.height) if min(crop.crop((0, y, crop.width, y + 1)).tobytes()) < 110]
    return rows[-1] - rows[0] + 1 if rows else 0


def test_the_engine_room_icons_measure_10_px_in_the_picture_shown_550_px_wide():
    """Measured in the pixels, found from the page's regions: the letters of each icon square."""
    view = played(3, 82, 60).view(None)
    image = open_png(growsky.draw(view, NAMES[:3])).convert("RGB")
    scale = min(1.0, CHAT / image.width)
    if scale < 1:
        image = image.resize((CHAT, round(image.height * scale)), Image.LANCZOS)
    icons = [r for r in growsky.regions(view, NAMES[:3]) if r.get("kind") == "square" and "icon" in r["tip"]
             and "empty" in r["tip"]]
    assert len(icons) >= 3 * 10
    for region in icons:
        box = (region["x"], region["y"], region["x"] + region["w"], region["y"] + region["h"])
        assert ink_rows(image, box, scale) >= LETTER, region


def multi_step_turns(players: int = 3, seed: int = 82):
    """Each position just after a seat's turn of three or more steps ended, with that seat."""
    game = GAME.new(players, {}, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        game.play(seat, move)
        last = game.view(None)["last"]
        if move == "end" and len(last["turn"]) >= 3:
            yield game, seat


def test_the_last_turn_is_told_whole_in_plain_words(monkeypatch):
    """Every step of the last turn, in the words the channel was told when the turn ended
    (`describe_move`), with what each did: never the notation in backticks."""
    checked = 0
    for game, seat in multi_step_turns():
        view = game.view(None)
        lines = growsky.last_lines(view, NAMES[:3])
        shown = " ".join(words for words, _, _ in lines)
        assert "`" not in shown
        assert lines[0][0] == f"{NAMES[seat]}'s turn:"
        told = game.describe_move(seat, "end", NAMES[:3]).split("\n")[1]
        steps = view["last"]["told"]
        assert len(steps) == len(view["last"]["turn"]) >= 3
        at = 0
        for words, said in steps:  # in order, each with its notes
            at = shown.index(words, at)
            assert words in told
            for note in said:
                assert note in shown
        for words, indent, _ in lines:
            assert growsky.text_width(words, growsky.LAST_SIZE) <= growsky.ROOM - indent
        checked += 1
        if checked == 4:
            break
    assert checked == 4
    image, seen = drawn(monkeypatch, view, NAMES[:3])
    assert [words for words, _, _ in lines] == [words for words, _ in seen if words in {w for w, _, _ in lines}]


def test_the_turn_of_the_issue_is_told_step_by_step():
    """Grow Sky, 3 people, seed 82: `fly 6`, `pick search`, then `end` for the same seat."""
    game = GAME.new(3, {}, seed=82)
    rng = random.Random(82)
    for _ in range(60):
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    view = game.view(None)
    assert [step for step, _ in view["last"]["turn"]] == ["fly 6", "pick search", "end"]
    shown = growsky.last_text(view, NAMES[:3])
    for words in ("Ann's turn:", "flew with a 6", "chose search", "ended the turn", "paid 2 fuel",
                  "round 3: the dice show"):
        assert words in shown
    assert "`" not in shown and "pick search" not in shown

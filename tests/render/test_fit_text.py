"""`fit_text` cuts as taking letters off the end one by one would, without measuring a long text
once per letter (an animation's captions of long turns were measured thousands of times)."""

from __future__ import annotations

import random

from render import common
from render.common import fit_text, printable, text_width


def one_by_one(text: str, size: int, width: int, bold: bool = False) -> str:
    text = printable(text)
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def test_the_cut_is_the_one_letter_by_letter_gives():
    rng = random.Random(3)
    words = ["ann", "built", "a", "road", "Zoë", "Дмитрий", "李明", "WWW", "iii", "·", "t12", "3,-2", "😀"]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 30)))
        size, width, bold = rng.choice([11, 14, 17, 24]), rng.randrange(0, 600), rng.random() < 0.3
        assert fit_text(text, size, width, bold) == one_by_one(text, size, width, bold)


def test_a_long_text_is_measured_a_few_dozen_times(monkeypatch):
    measured = []
    real = common.text_width
    monkeypatch.setattr(common, "text_width", lambda *a, **k: measured.append(a) or real(*a, **k))
    words = "ann placed a tile on 3,-2 and took two dice · " * 200
    cut = fit_text(words, 17, 700)
    assert cut.endswith("…") and real(cut, 17) <= 700
    assert len(measured) < 80

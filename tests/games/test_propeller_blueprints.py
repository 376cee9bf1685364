"""The designed Blueprints keep what their note says about VP against the end value of the cost."""

from __future__ import annotations

from fractions import Fraction

from games.propeller import GAME
from games.propeller import data as D


def margin(card: D.Blueprint) -> Fraction:
    """The card's VP minus what its cost would score at the end (3 energy, 2 steel or 1 part a VP)."""
    return card.vp - sum(Fraction(n, rate) for n, rate in zip(card.cost, D.VP_RATE, strict=True))


def test_a_level_i_card_pays_about_what_its_cost_would_score():
    margins = [margin(c) for c in D.BLUEPRINTS if c.level == 1]
    assert min(margins) == Fraction(-1, 2) and max(margins) == Fraction(2, 3)  # card 21: 1 steel 2 parts, 2 VP


def test_a_level_ii_card_beats_its_cost_by_one_to_two():
    margins = [margin(c) for c in D.BLUEPRINTS if c.level == 2]
    assert all(Fraction(5, 6) <= m <= Fraction(13, 6) for m in margins)
    assert sum(margins) / len(margins) > 1


def test_the_rules_help_says_the_same():
    text = GAME.rules_help()
    assert "about what its cost would score at the end" in text and "1 to 2 VP more than its cost" in text

"""Archipels components, the board layout and the rulebook's scoring example."""

from __future__ import annotations

from collections import Counter

from games.archipels import GAME, data
from games.archipels.island import score_counts, values_from_flowers
from tests.games.test_archipels_helpers import tiles_of


def test_142_tiles_with_distinct_ids_in_three_levels():
    ids = [t["id"] for t in data.TILES]
    assert len(ids) == 142 and len(set(ids)) == 142
    levels = Counter(t["level"] for t in data.TILES)
    assert set(levels) == {1, 2, 3}
    # each level needs area of the level below: counts fall level by level
    assert levels[1] > levels[2] > levels[3] > 0


def test_elements_sit_on_the_right_levels():
    for tile in data.TILES:
        els = [e["el"] for e in tile["elements"]]
        scorable = [el for el in els if el != data.BOTTLE]
        assert 1 <= len(scorable) <= 2, tile
        if tile["level"] == 1:
            assert set(scorable) <= set(data.SEA_ANIMALS)
        elif tile["level"] == 2:
            assert set(scorable) <= set(data.LAND_ANIMALS)
        else:
            assert els in (["hut"], ["tiki"])
            assert tile["elements"][0]["sq"] is None
        if tile["level"] < 3:
            squares = [e["sq"] for e in tile["elements"]]
            assert all(sq in (0, 1, 2, 3) for sq in squares)
            assert len(set(squares)) == len(squares), "two elements on one square"


def test_every_element_appears_and_bottles_only_on_sea_and_sand():
    seen = Counter(e["el"] for t in data.TILES for e in t["elements"])
    for el in data.ELEMENTS:
        assert seen[el] > 0, el
    assert seen[data.BOTTLE] > 0
    assert not tiles_of(3, with_el=data.BOTTLE)
    assert tiles_of(1, with_el=data.BOTTLE) and tiles_of(2, with_el=data.BOTTLE)


def test_board_has_twenty_spaces_and_three_on_each_edge():
    assert len(data.SPACES) == 20
    assert "r3c3" not in data.SPACES
    for corner in ("r1c1", "r1c5", "r5c1", "r5c5"):
        assert corner not in data.SPACES
    for edge in ("r1", "r5", "c1", "c5"):
        assert len(data.LINE_SPACES[edge]) == 3
    # the three-player fixed paddle leaves 17 tiles
    assert 20 - len(data.LINE_SPACES[data.FIXED_PADDLE_LINE]) == 17


def test_multipliers_follow_the_rulebook():
    flowers = dict.fromkeys(data.ELEMENTS, 2)
    values = values_from_flowers(flowers)
    assert values["octopus"] == 2 and values["fish"] == 2
    assert values["turtle"] == 4 and values["crab"] == 4
    assert values["hut"] == 14 and values["tiki"] == 14


def test_rulebook_scoring_example_totals_101():
    # Debora's island: counts and values as printed in the rulebook's example
    counts = {
        "seahorse": 4,
        "manta": 2,
        "octopus": 3,
        "fish": 2,
        "turtle": 3,
        "parrot": 4,
        "crab": 1,
        "hut": 1,
        "tiki": 2,
        "bottle": 2,
    }
    printed_values = {
        "seahorse": 3,
        "manta": 0,
        "octopus": 5,
        "fish": 4,
        "turtle": 8,
        "parrot": 4,
        "crab": 4,
        "hut": 0,
        "tiki": 14,
    }
    # the flowers on the score board behind those values
    flowers = {el: printed_values[el] // data.MULTIPLIER[el] for el in data.ELEMENTS}
    assert values_from_flowers(flowers) == printed_values
    assert score_counts(counts, values_from_flowers(flowers)) == 101

    # and the same through a finished game's outcome
    game = GAME.new(2, seed=1)
    game.start = []
    game.scored = [(0, el) for el in data.ELEMENTS for _ in range(flowers[el])]
    game._recount_flowers()
    game.islands[0].visible = dict(counts)
    game.phase = "over"
    outcome = game.outcome()
    assert outcome.scores[0] == 101
    assert outcome.details[0]["points"]["tiki"] == 28
    assert outcome.details[0]["points"]["bottle"] == -6


def test_designed_values_are_listed_in_the_help():
    text = GAME.rules_help()
    for note in data.DESIGNED_NOTES:
        assert note in text
    assert "take r2 c1,c3" in text and "place t57 2,-1" in text and "flower r3c2 octopus" in text

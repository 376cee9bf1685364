"""Placement points: a win, a tie for the win, points by place and ties splitting their places."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.placement import placement_points


def test_a_win_is_one_and_every_other_place_nothing():
    assert placement_points([2, 1, 3, 4]) == [0.0, 1.0, 0.0, 0.0]
    assert placement_points([1, 2]) == [1.0, 0.0]


def test_winners_who_tie_split_the_win():
    assert placement_points([1, 1, 3]) == [0.5, 0.5, 0.0]
    assert placement_points([1, 1, 1, 1]) == [0.25, 0.25, 0.25, 0.25]
    assert placement_points([3, 1, 1, 1]) == pytest.approx([0.0, 1 / 3, 1 / 3, 1 / 3])


def test_a_tie_below_first_splits_nothing_by_default():
    assert placement_points([1, 2, 2, 4]) == [1.0, 0.0, 0.0, 0.0]


def test_by_place_first_is_one_last_is_zero_and_the_rest_between():
    assert placement_points([1, 2, 3, 4], by_place=True) == pytest.approx([1.0, 2 / 3, 1 / 3, 0.0])
    assert placement_points([3, 1, 2], by_place=True) == pytest.approx([0.0, 1.0, 0.5])
    assert placement_points([2, 1], by_place=True) == [0.0, 1.0]


def test_by_place_ties_split_the_places_they_cover():
    assert placement_points([1, 2, 2, 4], by_place=True) == pytest.approx([1.0, 0.5, 0.5, 0.0])
    assert placement_points([1, 1, 3], by_place=True) == pytest.approx([0.75, 0.75, 0.0])
    assert placement_points([1, 1], by_place=True) == [0.5, 0.5]


def test_dense_and_competition_ranks_give_the_same_points():
    for by_place in (False, True):
        assert placement_points([1, 1, 2, 3], by_place) == placement_points([1, 1, 3, 4], by_place)


def test_a_table_of_one_and_an_empty_table():
    assert placement_points([1]) == [1.0]
    assert placement_points([1], by_place=True) == [1.0]
    assert placement_points([]) == []


@given(st.lists(st.integers(min_value=1, max_value=5), min_size=2, max_size=6), st.booleans())
def test_every_table_gives_out_the_same_total_and_better_ranks_never_earn_less(ranks, by_place):
    points = placement_points(ranks, by_place)
    assert sum(points) == pytest.approx(len(ranks) / 2 if by_place else 1.0)
    for a in range(len(ranks)):
        for b in range(len(ranks)):
            if ranks[a] < ranks[b]:
                assert points[a] >= points[b]
            if ranks[a] == ranks[b]:
                assert points[a] == points[b]

"""Swiss pairing: the count, byes, first seats, repeats, score groups, standings and determinism."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.pairing import Event, repeated_pairs
from bot.core.pairing import (
    PAIRING_EXPLAINED,
    Entrant,
    Round,
    bye_points,
    pair_round,
    standings,
    table_sizes,
)

# --- the count -----------------------------------------------------------------------------------


def test_table_sizes_fill_full_tables_first_and_seat_everyone_when_a_split_exists():
    assert table_sizes(16, 4, 2) == ([4, 4, 4, 4], 0)
    assert table_sizes(13, 4, 2) == ([4, 3, 3, 3], 0)
    assert table_sizes(6, 4, 3) == ([3, 3], 0)
    assert table_sizes(7, 3, 2) == ([3, 2, 2], 0)


def test_table_sizes_sit_players_out_only_when_no_split_exists():
    assert table_sizes(5, 4, 2) == ([4], 1)
    assert table_sizes(9, 2, 2) == ([2, 2, 2, 2], 1)
    assert table_sizes(7, 4, 4) == ([4], 3)  # a game of exactly four has no smaller table
    assert table_sizes(2, 4, 2) == ([], 2)
    assert table_sizes(0, 3, 2) == ([], 0)


def test_table_sizes_never_make_a_table_of_one():
    assert table_sizes(3, 2, 1) == ([2], 1)


def test_table_sizes_refuse_impossible_tables():
    for seats, min_seats in ((1, 1), (4, 5), (3, 0)):
        with pytest.raises(ValueError):
            table_sizes(8, seats, min_seats)


@given(st.integers(0, 60), st.integers(2, 5), st.data())
def test_table_sizes_seat_as_many_as_any_split_allows(count, seats, data):
    min_seats = data.draw(st.integers(1, seats))
    sizes, out = table_sizes(count, seats, min_seats)
    allowed = {seats} | ({seats - 1} if seats - 1 >= max(min_seats, 2) else set())
    assert sum(sizes) + out == count
    assert set(sizes) <= allowed
    # no split with fewer players out: brute force over the counts of each size
    for fewer in range(out):
        rest = count - fewer
        assert not any(
            full * seats + small * (seats - 1) == rest and (small == 0 or seats - 1 in allowed)
            for full in range(rest // seats + 1)
            for small in range(rest // max(seats - 1, 1) + 1)
        )


# --- one round from any history ------------------------------------------------------------------


@st.composite
def fields(draw):
    count = draw(st.integers(0, 24))
    seats = draw(st.integers(2, 4))
    min_seats = draw(st.integers(2, seats))
    keys = [f"k{number}" for number in range(count)]
    met: dict[str, dict[str, int]] = {key: {} for key in keys}
    for a, b in itertools.combinations(keys, 2):
        times = draw(st.sampled_from([0, 0, 0, 1, 2]))
        if times:
            met[a][b] = met[b][a] = times
    entrants = [
        Entrant(
            key,
            draw(st.sampled_from([0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0])),
            met[key],
            draw(st.integers(0, 2)),
            draw(st.integers(0, 3)),
            draw(st.floats(0, 50)),
        )
        for key in keys
    ]
    return entrants, seats, min_seats, draw(st.integers(0, 2**32))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields())
def test_a_round_seats_everyone_once_at_allowed_sizes_with_byes_to_the_fewest_byes(field):
    entrants, seats, min_seats, seed = field
    paired = pair_round(entrants, seats, min_seats, seed)
    seated = [key for table in paired.tables for key in table]
    everyone = sorted(entrant.key for entrant in entrants)
    assert sorted(seated + list(paired.byes)) == everyone  # each seated or out, none twice
    sizes, out = table_sizes(len(entrants), seats, min_seats)
    assert sorted((len(table) for table in paired.tables), reverse=True) == sizes
    assert len(paired.byes) == out
    byes = {entrant.key: entrant.byes for entrant in entrants}
    for out_key in paired.byes:
        assert all(byes[out_key] <= byes[key] for key in seated)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields())
def test_a_round_is_the_same_for_the_same_seed_in_any_order_of_entrants(field):
    entrants, seats, min_seats, seed = field
    paired = pair_round(entrants, seats, min_seats, seed)
    assert pair_round(entrants, seats, min_seats, seed) == paired
    shuffled = list(entrants)
    random.Random(seed).shuffle(shuffled)
    assert pair_round(shuffled, seats, min_seats, seed) == paired


def test_a_bye_goes_to_the_lowest_player_who_has_none():
    entrants = [
        Entrant("a", 0.0, {}, byes=1),  # lowest, but already had one
        Entrant("b", 0.5),
        Entrant("c", 1.0),
        Entrant("d", 2.0),
        Entrant("e", 3.0),
    ]
    assert pair_round(entrants, 2, 2, 7).byes == ("b",)


def test_the_first_round_seats_players_of_like_rating_together():
    entrants = [Entrant(f"p{number}", 0.0, rating=float(number)) for number in range(8)]
    paired = pair_round(entrants, 4, 2, 3)
    assert [sorted(table) for table in paired.tables] == [["p4", "p5", "p6", "p7"], ["p0", "p1", "p2", "p3"]]


def test_players_of_like_points_sit_together_when_nobody_has_met():
    entrants = [Entrant(f"p{number}", float(number % 4), rating=float(-number)) for number in range(8)]
    paired = pair_round(entrants, 2, 2, 11)
    tables = sorted(tuple(sorted(table)) for table in paired.tables)
    assert tables == [("p0", "p4"), ("p1", "p5"), ("p2", "p6"), ("p3", "p7")]


def test_opponents_already_met_are_kept_apart_before_points_are_kept_together():
    entrants = [
        Entrant("a", 2.0, {"b": 1}),
        Entrant("b", 2.0, {"a": 1}),
        Entrant("c", 0.0),
        Entrant("d", 0.0),
    ]
    paired = pair_round(entrants, 2, 2, 5)
    assert all(set(table) != {"a", "b"} for table in paired.tables)


def test_at_two_seats_the_player_owed_a_first_seat_sits_first():
    # a has sat first in both games; b first in none of two
    entrants = [Entrant("a", 1.0, {"x": 2}, first_seats=2), Entrant("b", 1.0, {"y": 2}, first_seats=0)]
    assert pair_round(entrants, 2, 2, 1).tables == (("b", "a"),)
    # a bye left c with one game fewer: balance, not the count of first seats, decides
    entrants = [Entrant("c", 1.0, {"x": 1}, first_seats=1), Entrant("d", 1.0, {"y": 4}, first_seats=2)]
    assert pair_round(entrants, 2, 2, 1).tables == (("d", "c"),)


def test_at_more_seats_the_player_with_fewest_first_seats_sits_first():
    entrants = [
        Entrant(key, 1.0, first_seats=first) for key, first in (("a", 2), ("b", 1), ("c", 0), ("d", 3))
    ]
    assert pair_round(entrants, 4, 2, 4).tables[0][0] == "c"


def test_nobody_is_an_empty_round():
    assert pair_round([], 4, 2, 0) == Round((), ())
    assert pair_round([Entrant("a", 0.0)], 2, 2, 0) == Round((), ("a",))


def test_a_key_listed_twice_is_refused():
    with pytest.raises(ValueError):
        pair_round([Entrant("a", 0.0), Entrant("a", 1.0)], 2, 2, 0)


# --- whole events --------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 21), st.integers(1, 14), st.integers(0, 10**6))
def test_first_seats_stay_within_one_of_second_seats_over_a_two_seat_event(players, rounds, seed):
    event = Event(players, 2, seed)
    for _ in range(rounds):
        event.play()
        games = {key: sum(event.met[key].values()) for key in event.keys}
        for key in event.keys:
            assert abs(2 * event.first[key] - games[key]) <= 1
        firsts = event.first.values()
        assert max(firsts) - min(firsts) <= 1


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 19), st.integers(2, 4), st.integers(1, 8), st.integers(0, 10**6))
def test_over_an_event_nobody_has_a_second_bye_while_anyone_has_none(players, seats, rounds, seed):
    event = Event(players, seats, seed)
    for _ in range(rounds):
        event.play()
        byes = event.byes.values()
        assert max(byes) - min(byes) <= 1


def test_events_in_fours_avoid_repeats():
    for seed in range(3):
        assert repeated_pairs(40, 4, 5, seed) == 0
        assert repeated_pairs(24, 4, 5, seed) <= 1


def test_sixteen_in_fours_find_a_whole_affine_plane_by_looking_ahead():
    # 5 rounds in which everyone meets everyone once: round 3 must be chosen so that 4 and 5 exist
    for seed in range(3):
        assert repeated_pairs(16, 4, 5, seed) == 0


def test_when_repeats_are_forced_no_more_are_made_than_the_count_needs():
    # 8 rounds of 16 in fours seat 192 pairs among 120: at least 72 meetings again
    assert repeated_pairs(16, 4, 8, 0) == 72


def test_a_round_with_no_repeat_left_is_found_by_the_search():
    # four players, round robin at two seats: three rounds, every pair once
    event = Event(4, 2, 9)
    for _ in range(3):
        event.play()
    assert event.repeated_pairs() == 0


# --- standings -----------------------------------------------------------------------------------


def test_standings_break_ties_by_the_mean_points_of_opponents_met():
    entrants = [
        Entrant("ann", 2.0, {"cy": 1, "dee": 1}),  # opponents' mean (1 + 0) / 2
        Entrant("bo", 2.0, {"cy": 2}),  # opponents' mean 1
        Entrant("cy", 1.0, {"ann": 1, "bo": 2}),
        Entrant("dee", 0.0, {"ann": 1}),
    ]
    table = standings(entrants)
    assert [(row.place, row.key) for row in table] == [(1, "bo"), (2, "ann"), (3, "cy"), (4, "dee")]
    assert table[1].opponents_points == pytest.approx(0.5)
    assert table[2].opponents_points == pytest.approx(2.0)


def test_standings_share_a_place_when_points_and_tie_break_are_equal():
    thirds = 1 / 3 + 1 / 3 + 1 / 3  # not exactly 1.0 in floating point
    entrants = [Entrant("b", thirds, {"x": 1}), Entrant("a", 1.0, {"x": 1}), Entrant("c", 0.0)]
    table = standings(entrants, others={"x": 0.5})
    assert [(row.place, row.key) for row in table] == [(1, "a"), (1, "b"), (3, "c")]


def test_a_bye_is_worth_an_average_seat():
    assert bye_points(4) == 0.25
    assert bye_points(2) == 0.5
    assert bye_points(3, by_place=True) == 0.5


def test_the_explanation_is_whole_sentences_with_no_placeholder():
    assert "{" not in PAIRING_EXPLAINED
    for paragraph in PAIRING_EXPLAINED.split("\n\n"):
        assert paragraph[0].isupper() and paragraph.endswith(".")

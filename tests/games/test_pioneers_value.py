"""The win-chance model of Pioneer's Isle's hard player: the fitted two-seat logistic model as it
was fitted, and with more seats a share over all of them that every rival lowers."""

from __future__ import annotations

import math
import random

from games.pioneers import data as D
from games.pioneers import value as V
from games.pioneers.game import PioneersGame


def midgame(players: int, seed: int, moves: int = 60) -> PioneersGame:
    game = PioneersGame.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.phase == "over":
            break
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    assert game.phase != "over"
    return game


def test_with_two_seats_the_chance_is_the_fitted_logistic_of_the_difference():
    for seed in range(5):
        game = midgame(2, seed)
        for seat in (0, 1):
            other = 1 - seat
            to_move = 1.0 if game.current == seat else -1.0
            race = V.ROAD_RACE * (V.road_race(game, seat) - V.road_race(game, other))
            logit = V.score(V.features(game, seat), V.features(game, other), to_move) + race
            assert math.isclose(V.win_chance(game, seat), 1 / (1 + math.exp(-logit)), rel_tol=1e-9)


def test_with_more_seats_the_chances_add_up_and_every_rival_counts():
    for players in (3, 4):
        game = midgame(players, 7)
        chances = [V.win_chance(game, seat) for seat in range(players)]
        assert math.isclose(sum(chances), 1.0, rel_tol=1e-9)
        # a weaker rival's gain lowers the seat's chance too, not only the strongest rival's
        features = V.features
        strengths = {s: V.score(features(game, s), [0.0] * len(V.FEATURES), 0.0) for s in range(players)}
        seat = max(strengths, key=strengths.get)
        weakest = min(strengths, key=strengths.get)
        before = V.win_chance(game, seat)
        game.hands[weakest][0] += 3  # three more cards in the weakest rival's hand
        assert V.win_chance(game, seat) < before


def raced(lengths: list[int], holder: int) -> PioneersGame:
    """A midgame position with the road lengths and title set as given (the race reads no more)."""
    game = midgame(len(lengths), 3)
    game.road_len = list(lengths)
    game.road_holder = holder
    return game


def test_the_race_for_the_longest_road_counts_the_roads_still_needed():
    # no holder yet: five roads take the title, so four is one short and three two short
    game = raced([4, 3, 2], -1)
    assert [V.road_race(game, seat) for seat in range(3)] == [1.0, 0.5, 0.0]
    # a holder at 6: a rival needs 7, so 6 is one short and 5 two short; the holder is at risk
    # from the nearest rival, and safe with a lead of three
    game = raced([6, 6, 5, 2], 0)
    assert [V.road_race(game, seat) for seat in range(4)] == [-1.0, 1.0, 0.5, 0.0]
    game = raced([7, 4, 3, 2], 0)
    assert V.road_race(game, 0) == 0.0 and V.road_race(game, 1) == 0.0
    # a seat with every road built cannot race
    game.pieces[1][0] = D.ROADS
    game.road_len[1] = 6
    assert V.road_race(game, 1) == 0.0


def test_a_rival_near_the_title_lowers_the_holders_chance(monkeypatch):
    near = raced([6, 6, 2, 2], 0)
    far = raced([6, 3, 2, 2], 0)
    raced_gap = V.win_chance(far, 0) - V.win_chance(near, 0)
    assert V.win_chance(near, 1) > V.win_chance(far, 1)
    monkeypatch.setattr(V, "ROAD_RACE", 0.0)
    length_gap = V.win_chance(far, 0) - V.win_chance(near, 0)  # the rival's longer road alone
    assert raced_gap > 2 * length_gap > 0

"""The win-chance model of Pioneer's Isle's hard player: the fitted two-seat logistic model as it
was fitted, and with more seats a share over all of them that every rival lowers."""

from __future__ import annotations

import math
import random

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
            logit = V.score(V.features(game, seat), V.features(game, other), to_move)
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

"""Pioneer's Isle: the heuristic player against uniformly random players.

The random players pick uniformly among all legal moves of the seat that must act. A game
that reaches turn 1,000 unfinished would count as a loss for the heuristic player (none has
so far: its games end after about 70 turns).
"""

from __future__ import annotations

import random

from games.pioneers import GAME
from games.pioneers import board as B

TURN_CAP = 1000


def duel(seed: int) -> bool:
    game = GAME.new(4, {"friendly_robber": seed % 4 == 0}, seed)
    rng = random.Random(seed)
    smart = seed % 4  # the heuristic player sits in every seat in turn
    while not game.is_over() and game.turn < TURN_CAP:
        seat = rng.choice(game.to_act())
        if seat == smart:
            move = game.ai_move(seat, rng)
        else:
            move = rng.choice(game.legal_moves(seat))
        game.play(seat, move)
    outcome = game.outcome()
    return outcome is not None and outcome.winners == [smart]


def test_heuristic_player_beats_three_random_players():
    wins = sum(duel(seed) for seed in range(200))
    assert wins > 180, f"won {wins} of 200"


def test_heuristic_moves_are_legal_in_every_phase_and_games_end():
    for seed in range(12):
        players = 2 + seed % 3
        game = GAME.new(players, {"friendly_robber": seed % 2 == 0, "board": "beginner"}, seed)
        rng = random.Random(seed)
        moves = 0
        while not game.is_over():
            seat = rng.choice(game.to_act())
            move = game.ai_move(seat, rng)
            assert move in game.legal_moves(seat)
            game.play(seat, move)
            moves += 1
            assert moves < 3000
        assert game.outcome().winners


def test_setup_prefers_rich_varied_corners():
    game = GAME.new(4, {"board": "beginner"}, 1)
    move = game.ai_move(0, random.Random(0))
    node = int(move.split()[1]) - 1
    pips = sum({2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}.get(game.numbers[h], 0)
               for h in B.NODE_HEXES[node])
    assert pips >= 11


def test_answers_offers_by_need():
    from tests.games.test_pioneers_rules import blank, give, settle

    game = blank()
    settle(game, 1, 24)
    give(game, 0, 0, 0, 0, 0, 3)
    give(game, 1, 1, 1, 1, 0, 2)  # one grain short of a settlement, ore to spare
    game.play(0, "offer 1 ore for 1 grain")  # player 1 wants grain, gives ore: useless to player 2
    game.hands[0][3] += 1
    game.bank[3] -= 1
    game.play(0, "offer 1 grain for 1 ore")  # gives player 2 the grain it needs
    assert game.ai_move(1, random.Random(0)) == "accept 2"
    game.play(1, "accept 2")
    assert game.ai_move(1, random.Random(0)) == "decline 1"


def test_robber_goes_after_others_not_self():
    from tests.games.test_pioneers_rules import blank, give, roll, settle

    game = blank()
    settle(game, 0, 9)  # A, B, E
    settle(game, 1, 41, level=2)  # N, O, R: grain 6
    give(game, 1, 1, 0, 0, 0, 0)
    roll(game, 7)
    move = game.ai_move(0, random.Random(0))
    assert move.endswith("steal 2") and move.split()[1] in ("N", "O", "R")

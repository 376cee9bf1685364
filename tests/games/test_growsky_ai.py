"""The heuristic Grow Sky player: always legal, and far stronger than random play."""

from __future__ import annotations

import random

from games.growsky import GAME
from games.growsky.ai import bonus_value, evaluate
from tests.games.test_growsky_helpers import check_invariants, ready


def play_ai_against_random(seed: int, ai_seat: int, players: int = 4) -> bool:
    game = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_moves(seat)
        if seat == ai_seat:
            move = game.ai_move(seat, rng)
            assert move in legal
        else:
            move = rng.choice(legal)
        game.play(seat, move)
    return game.outcome().ranks[ai_seat] == 1


def test_the_heuristic_player_beats_three_random_players():
    # the acceptance figure (200 games, > 90 %) is measured by bench/growsky_bench.py
    wins = sum(play_ai_against_random(300 + i, i % 4) for i in range(4))
    assert wins >= 3


def test_heuristic_players_finish_a_game_with_legal_moves_only():
    game = GAME.new(2, {"advanced": True}, seed=8)
    rng = random.Random(8)
    while not game.is_over():
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        assert move in game.legal_moves(seat)
        game.play(seat, move)
        check_invariants(game)
    assert max(b.vp for b in game.boards) >= 10


def test_the_evaluation_prefers_victory_points_and_values_waiting_choices():
    game = ready(2)
    seat = game.current()
    base = evaluate(game, seat)
    game.boards[seat].vp += 1
    assert evaluate(game, seat) > base
    assert bonus_value("fuel*2|grow*2") == bonus_value("fuel*2") > bonus_value("grow*2")
    assert bonus_value("buy:2") > bonus_value("buy:1")


def test_copy_is_a_deep_copy_equal_to_a_reload():
    game = ready(3, 4)
    rng = random.Random(4)
    for _ in range(80):
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
    twin = game.copy()
    assert twin.dump() == GAME.load(game.dump()).dump() == game.dump()
    seat = twin.to_act()[0]
    twin.play(seat, twin.legal_moves(seat)[0])
    assert twin.dump() != game.dump() and GAME.load(game.dump()).dump() == game.dump()

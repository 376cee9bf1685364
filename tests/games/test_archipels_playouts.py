"""Whole Archipels games: random playouts with invariants, speed, and the heuristic player."""

from __future__ import annotations

import random

import pytest

from games.archipels import GAME
from games.archipels.data import LEVEL
from games.archipels.island import Island
from games.base import rank_by
from tests.games.test_archipels_helpers import check_invariants, independent_scores, random_playout

GAMES_PER_COUNT = 500


def check_finished(game) -> None:
    outcome = game.outcome()
    assert outcome is not None and game.to_act() == []
    assert game.day == game.days
    scores, bottles = independent_scores(game)
    assert outcome.scores == scores
    assert outcome.ranks == rank_by([(s, -b) for s, b in zip(scores, bottles, strict=True)])
    for seat in range(game.players):
        assert outcome.details[seat]["score"] == scores[seat]
        # every tile of the island was legal when it was placed, checked from scratch
        rebuilt = Island()
        for tid, x, y in game.islands[seat].placements:
            assert rebuilt.placement_error(LEVEL[tid], x, y) is None
            rebuilt.place(tid, x, y)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_tile_and_score_right(players):
    over_days = set()
    for seed in range(GAMES_PER_COUNT):
        game, moves = random_playout(players, 1000 * players + seed, check=check_invariants)
        check_finished(game)
        over_days.add(game.day)
        assert moves
    assert over_days == {game.days}


def play_ai_against_random(seed: int, ai_seat: int) -> tuple[int, list[int]]:
    game = GAME.new(2, seed=seed)
    rng = random.Random(seed)
    while game.to_act():
        seat = game.to_act()[0]
        legal = game.legal_moves(seat)
        if seat == ai_seat:
            move = game.ai_move(seat, rng)
            assert move in legal
        else:
            move = rng.choice(legal)
        game.play(seat, move)
    outcome = game.outcome()
    return outcome.ranks[ai_seat], outcome.ranks


def test_heuristic_player_beats_random_play():
    wins = 0
    for i in range(200):
        ai_seat = i % 2
        rank, ranks = play_ai_against_random(5000 + i, ai_seat)
        wins += rank == 1 and ranks.count(1) == 1
    assert wins / 200 > 0.70, wins


@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_players_finish_larger_games(players):
    game = GAME.new(players, seed=players)
    rng = random.Random(0)
    while game.to_act():
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        assert move in game.legal_moves(seat)
        game.play(seat, move)
        check_invariants(game)
    check_finished(game)
    assert max(game.outcome().scores) > 0

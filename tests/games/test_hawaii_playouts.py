"""Random and heuristic playouts of the Hawaiian Islands solo game: they finish, conserve cubes,
replay deterministically and survive dump/load."""

from __future__ import annotations

import json
import random

import pytest

from games.hawaii import GAME, ai
from games.hawaii import data as D

TOTAL = sum(D.BASE_CUBES.values())


def random_game(seed: int, difficulty: str, check_every: int = 1):
    game = GAME.new(1, {"difficulty": difficulty}, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not game.is_over():
        legal = game.legal_moves(0)
        # shares are issued sparingly so that games run their ten rounds more often
        if game.phase == "shares":
            move = legal[min(len(legal) - 1, rng.choice((0, 0, 1, 2)))]
        else:
            move = rng.choice(legal)
        game.play(0, move)
        moves.append(move)
        if len(moves) % check_every == 0:
            assert game.cube_total() == TOTAL
    return game, moves


@pytest.mark.parametrize("difficulty", D.DIFFICULTIES)
def test_thousand_random_games_finish_with_cubes_conserved(difficulty):
    results = {"won": 0, "lost": 0}
    for seed in range(1000):
        game, moves = random_game(seed, difficulty, check_every=7)
        assert game.cube_total() == TOTAL
        assert game.outcome() is not None and game.to_act() == []
        assert game.round <= D.ROUNDS and len(moves) < 400
        results[game.result] += 1
    assert sum(results.values()) == 1000


def test_same_seed_and_moves_give_the_same_dump():
    game, moves = random_game(11, "standard")
    again = GAME.new(1, {"difficulty": "standard"}, seed=11)
    for move in moves:
        again.play(0, move)
    assert json.dumps(again.dump(), sort_keys=True) == json.dumps(game.dump(), sort_keys=True)
    assert GAME.new(1, {}, seed=12).dump() != GAME.new(1, {}, seed=13).dump()


def test_dump_and_load_at_every_step():
    game = GAME.new(1, {"difficulty": "easy"}, seed=21)
    rng = random.Random(21)
    while not game.is_over():
        data = json.loads(json.dumps(game.dump()))
        loaded = GAME.load(data)
        assert loaded.dump() == game.dump()
        assert loaded.legal_moves(0) == game.legal_moves(0)
        move = rng.choice(game.legal_moves(0))
        game.play(0, move)
        loaded.play(0, move)
        assert loaded.dump() == game.dump()
    with pytest.raises(ValueError):
        GAME.load({"game": "hawaii", "format": 99, "state": {}})


def test_illegal_moves_change_nothing():
    game = GAME.new(1, {}, seed=5)
    before = game.dump()
    for bad in ("deliver red kauai-oahu", "connect oahu-maui", "shares 99", "action flying", "place red 1,1"):
        with pytest.raises(ValueError):
            game.play(0, bad)
        assert game.dump() == before


def test_ai_moves_are_legal_and_games_finish():
    for seed, difficulty in ((1, "easy"), (2, "standard")):
        game = GAME.new(1, {"difficulty": difficulty}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            move = game.ai_move(0, rng)
            assert move in game.legal_moves(0)
            game.play(0, move)
        assert game.cube_total() == TOTAL


def test_hint_is_legal_mid_round():
    game = GAME.new(1, {}, seed=9)
    for _ in range(3):
        move = ai.hint(game)
        assert move in game.legal_moves(0)
        game.play(0, move)


@pytest.mark.parametrize("difficulty,seed", [("easy", 1010), ("standard", 1003)])
def test_solver_finds_a_win_that_replays(difficulty, seed):
    result = ai.solve(seed, difficulty, beams=(1,))
    assert result.won  # speed belongs to bench/hawaii_bench.py, not to an assertion here
    game = GAME.new(1, {"difficulty": difficulty}, seed=seed)
    for move in result.moves:
        assert move in game.legal_moves(0), move
        game.play(0, move)
    assert game.result == "won" and game.outcome().scores[0] == result.score


def test_games_package_stays_pure():
    import pathlib

    for path in pathlib.Path("games/hawaii").glob("*.py"):
        text = path.read_text()
        for banned in ("import discord", "sqlite", "from PIL", "import PIL"):
            assert banned not in text, (path, banned)

"""The hard Grow Sky player: it searches only worlds it could know, by a fixed amount, legally."""

from __future__ import annotations

import random

import pytest

from games.base import Rng
from games.growsky import GAME
from games.growsky.game import GrowSky
from games.growsky.search import hard_move, judge
from games.levels import choose
from tests.games.test_growsky_helpers import ready


def positions(seed: int, plies: int, every: int = 1):
    """Decision points of a 2-player game played on by the normal player (the game at each)."""
    game = ready(2, seed)
    rng = random.Random(seed)
    found = []
    for ply in range(plies):
        if game.is_over():
            break
        seat = game.to_act()[0]
        if ply % every == 0 and len(game.legal_moves(seat)) > 1:
            found.append(game.copy())
        game.play(seat, game.ai_move(seat, rng))
    return found


def reseeded(game: GrowSky, seed: int) -> GrowSky:
    """The same public state with other dice to come and other bag draws."""
    twin = game.copy()
    twin.rng = Rng(seed)
    return twin


def next_round_dice(game: GrowSky) -> list[int]:
    """The dice the next round would show, found by playing the normal player on a copy."""
    probe = game.copy()
    rng = random.Random(0)
    start = probe.round
    while probe.round == start and not probe.is_over():
        seat = probe.to_act()[0]
        probe.play(seat, probe.ai_move(seat, rng))
    return list(probe.dice)


def test_a_redrawn_world_keeps_everything_open_and_draws_the_future_afresh():
    game = positions(3, 40)[-1]
    world = game.redraw_hidden(game.current(), random.Random(1))
    assert world.view(None) == game.view(None) and world.bag == game.bag  # boards, market, dice left, bag contents
    assert world.rng.to_list() != game.rng.to_list()
    assert game.redraw_hidden(game.current(), random.Random(1)).dump() == world.dump()
    futures = {tuple(next_round_dice(game.redraw_hidden(game.current(), random.Random(s)))) for s in range(6)}
    assert len(futures) > 1  # the dice to come really are drawn again


def test_the_world_depends_only_on_what_the_seat_sees():
    game = positions(5, 30)[-1]
    other = reseeded(game, 99)
    assert next_round_dice(game) != next_round_dice(other)  # the two games' futures differ...
    seat = game.current()
    # ...but the worlds drawn for the search are the same
    assert game.redraw_hidden(seat, random.Random(7)).dump() == other.redraw_hidden(seat, random.Random(7)).dump()


def moves_over_reseeded_twins(games: list[GrowSky]) -> list[set[str]]:
    """For each game, the hard moves chosen (same rng) in twins that differ in the dice and draws to come."""
    return [{hard_move(reseeded(game, s), game.to_act()[0], random.Random(21), 30.0) for s in (1, 2)}
            for game in games]


def test_hard_chooses_the_same_move_whatever_the_future_dice_and_draws():
    games = positions(15, 120, every=5)
    for game, moves in zip(games, moves_over_reseeded_twins(games), strict=True):
        assert len(moves) == 1, (game.round, game.queue, moves)


def test_a_hard_player_searching_the_real_future_would_be_caught(monkeypatch):
    # the test above has teeth: with worlds that keep the real Rng, the move follows the dice
    monkeypatch.setattr(GrowSky, "redraw_hidden", lambda self, seat, rng: self.copy())
    assert any(len(moves) > 1 for moves in moves_over_reseeded_twins(positions(15, 120, every=5)))


def test_the_search_is_a_fixed_amount_so_the_move_does_not_follow_the_clock():
    for game in positions(13, 60, every=6):
        seat = game.to_act()[0]
        before = game.dump()
        roomy = hard_move(game, seat, random.Random(5), 30.0)
        assert roomy == hard_move(game, seat, random.Random(5), 1.5)
        assert game.dump() == before  # it searched on copies
        assert roomy in game.legal_moves(seat)


def test_the_levels_dispatch_to_the_game_s_own_hard_player():
    game = positions(17, 20)[-1]
    seat = game.to_act()[0]
    assert choose(game, seat, "hard", random.Random(3), 30.0) == hard_move(game, seat, random.Random(3), 30.0)


def test_a_won_game_is_judged_above_any_lead_in_play():
    game = ready(2)
    game.boards[0].vp = 14
    lead = judge(game, 0)
    assert lead > 0 > judge(game, 1)
    finished = ready(2)
    finished.phase, finished.end = "over", []
    finished.boards[0].vp, finished.boards[1].vp = 11, 10
    assert judge(finished, 0) > lead and judge(finished, 1) < 0


@pytest.mark.slow
def test_hard_finishes_a_game_against_normal_with_legal_moves_only():
    game = GAME.new(2, {"advanced": True}, seed=23)
    rng = random.Random(23)
    while not game.is_over():
        seat = game.to_act()[0]
        level = "hard" if seat == 0 else "normal"
        move = choose(game, seat, level, rng, 30.0)
        assert move in game.legal_moves(seat)
        game.play(seat, move)
    assert game.outcome() is not None


def test_a_copy_shares_no_list_with_its_original():
    game = positions(19, 50)[-1]
    twin = game.copy()
    for name, value in vars(game).items():
        if isinstance(value, list) and value:
            assert vars(twin)[name] is not value, name
    assert all(a is not b for a, b in zip(twin.boards, game.boards, strict=True))

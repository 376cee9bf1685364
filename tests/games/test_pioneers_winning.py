"""Pioneer's Isle: the win within a turn that the hard player looks for before it searches.

The lines found are played out and must win; where none is found, a search without the cut-off
finds none either; the line depends only on what the seat sees; and the hard player plays it.
"""

from __future__ import annotations

import random

import pytest

from games.pioneers import GAME
from games.pioneers import data as D
from games.pioneers import search as S
from games.pioneers import winning as W
from games.pioneers.game import PioneersGame

from .test_pioneers_hard import hidden_changed


def main_positions(seeds: range, least: int) -> tuple[list, list]:
    """Positions of games between heuristic players where the seat in turn, in its main phase,
    has at least `least` points: (those with a winning line, those without)."""
    winning, not_winning = [], []
    for seed in seeds:
        game = GAME.new(4, {}, seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = (game.awaited_answers() or game.to_act())[0]
            if (game.phase == "main" and seat == game.current and not game.offers
                    and game.total_points(seat) >= least):
                position = PioneersGame.load(game.dump())
                (winning if W.winning_line(position, seat) else not_winning).append((position, seat))
            game.play(seat, game.ai_move(seat, rng))
    return winning, not_winning


WINNING, NOT_WINNING = main_positions(range(12), 7)


def test_enough_positions_of_each_kind():
    assert len(WINNING) >= 8 and len(NOT_WINNING) >= 50


@pytest.mark.parametrize("index", range(8))
def test_a_line_found_wins_when_played(index):
    game, seat = WINNING[index]
    before = game.dump()
    line = W.winning_line(game, seat)
    assert game.dump() == before  # searched on copies
    copy = PioneersGame.load(before)
    for move in line:
        assert copy.phase != "over"
        assert move in copy.legal_moves(seat)
        copy.play(seat, move)
    assert copy.phase == "over" and copy.winner == seat


def exhaustive(game: PioneersGame, seat: int, depth: int) -> bool:
    """Whether some sequence of at most `depth` of the moves the solver tries wins: no cut-off."""
    if depth == 0:
        return False
    for move in W._tries(game, seat):
        copy = PioneersGame.load(game.dump())
        copy.play(seat, move)
        if copy.phase == "over":
            if copy.winner == seat:
                return True
            continue
        if copy.phase == "robber":
            quiet = W._quiet_robber(copy)
            if quiet is None:
                continue
            copy.play(seat, quiet)
        if exhaustive(copy, seat, depth - 1):
            return True
    return False


def test_where_no_line_is_found_none_of_three_moves_exists():
    """The cut-off (every point costs four cards at least) never hides a win."""
    checked = 0
    for game, seat in NOT_WINNING[::7][:12]:
        assert not exhaustive(game, seat, 3)
        checked += 1
    assert checked >= 8


def test_the_cut_off_counts_a_title_within_reach():
    """A seat two points short, with a playable knight that takes the largest army: no cards
    needed, so the reach must count the title."""
    game, seat = next((g, s) for g, s in NOT_WINNING if W._points_missing(g, s) == D.TITLE_POINTS)
    game = PioneersGame.load(game.dump())
    rival = (seat + 1) % game.n
    game.knights[rival] = 2
    game.knights[seat] = 2
    game.army = -1
    game.devs[seat][D.KNIGHT] += 1
    game.new_devs = [0] * 5
    game.dev_played = False
    game.hands[seat] = [0] * 5
    assert W._reach(game, seat) >= D.TITLE_POINTS
    assert W.winning_line(game, seat)[0] == "knight"


@pytest.mark.parametrize("index", range(4))
def test_the_line_depends_only_on_what_the_seat_sees(index):
    game, seat = WINNING[index]
    line = W.winning_line(game, seat)
    for twin_seed in range(3):
        twin = hidden_changed(game, seat, random.Random(twin_seed), D.VICTORY)
        assert W.winning_line(twin, seat) == line


@pytest.mark.parametrize("index", range(8))
def test_the_hard_player_plays_the_line(index):
    game, seat = WINNING[index]
    assert S.hard_move(game, seat, random.Random(3)) == W.winning_line(game, seat)[0]

"""Pioneer's Isle's move values: one parser and one writer that agree with the rules, computer
players apart from game.py, and no import circle among the game's modules."""

from __future__ import annotations

import random
from itertools import chain as _chain
from pathlib import Path
from typing import get_args

import pytest

from games.base import IllegalMove
from games.pioneers import GAME, ai
from games.pioneers import moves as M
from games.pioneers.players import COMPUTER

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "pioneers"


def positions(seeds: range, players: int = 3, by_ai: bool = False, limit: int = 600):
    for seed in seeds:
        game = GAME.new(players, {}, seed=seed)
        rng = random.Random(seed)
        for _ in range(limit):
            if game.is_over():
                break
            yield game
            seat = game.to_act()[0]
            legal = game.legal_moves(seat)
            game.play(seat, game.ai_move(seat, rng) if by_ai and rng.random() < 0.5 else rng.choice(legal))


def test_every_legal_move_reads_into_a_value_that_writes_it_back():
    kinds = set()
    for game in _chain(positions(range(6)), positions(range(6, 10), by_ai=True)):
        for seat in range(game.n):
            for move in game.legal_moves(seat):
                value = M.parse(move)
                kinds.add(type(value))
                assert M.text(value) == move
                assert M.parse(M.text(value)) == value
    # a confirm needs an answer from a seat not in turn, which random play by `to_act` never gives
    assert set(get_args(M.Move)) - kinds == {M.Confirm}


def test_a_confirm_reads_and_writes_back_after_an_answer():
    for game in positions(range(3)):
        offers = [m for m in game.legal_moves(game.current) if isinstance(M.parse(m), M.Offer)]
        answerer = (game.current + 1) % game.n
        if game.phase != "main" or not offers or not any(game.hands[answerer]):
            continue
        trial = GAME.load(game.dump())
        trial.play(trial.current, offers[0])
        trial.play(answerer, next(m for m in trial.legal_moves(answerer) if isinstance(M.parse(m), M.Counter)))
        confirms = [m for m in trial.legal_moves(trial.current) if isinstance(M.parse(m), M.Confirm)]
        if confirms:
            value = M.parse(confirms[0])
            assert value.partner == answerer and M.text(value) == confirms[0]
            return
    raise AssertionError("no position gave a confirm")


def test_the_table_of_verbs_covers_every_kind_of_move():
    assert set(M.NOTATION.verbs) == set(get_args(M.Move))
    assert {type(M.parse(text)) for text in ("knight", "road building", "year of plenty wool ore",
                                             "monopoly ore")} == {M.Knight, M.RoadBuilding, M.Plenty, M.Monopoly}


@pytest.mark.parametrize("text", ["", "fly", "roll 3", "end now", "robber zz", "robber k rob 1", "robber k steal x",
                                  "settlement x", "settlement 99", "city", "road 1-99", "road building x", "buy it",
                                  "knight x", "year of", "year of plenty gold", "monopoly gold", "trade 4 wool",
                                  "offer 1 wool for 1 wool", "accept", "accept x", "accept 1 2", "counter 1",
                                  "confirm 1", "confirm x 1", "cancel", "cancel 1 2", "discard 1 gold",
                                  "settlement ④", "discard ² wool"])
def test_a_text_outside_the_notation_is_refused_by_the_parser(text):
    with pytest.raises(IllegalMove):
        M.parse(text)


def test_the_parser_reads_spellings_the_rules_accept():
    assert M.parse("robber k steal 2") == M.parse("robber K steal 2") == M.Robber(10, 1)
    assert M.parse("discard wool 2 lumber") == M.Discard((2, 0, 1, 0, 0))
    assert M.text(M.parse("discard wool 2 lumber")) == "discard 2 lumber 1 wool"
    assert M.parse("counter #3 2 ore for 1 wool") == M.parse("counter 3 give 2 ore get 1 wool")
    assert M.parse("buy development card") == M.parse("buy") == M.BuyCard()
    assert M.text(M.parse("year of plenty ore wool")) == "year of plenty wool ore"


def test_the_computer_players_live_apart_from_the_rules():
    assert GAME.computer is COMPUTER
    assert COMPUTER.hard is not None
    game = GAME.new(3, {}, seed=3)
    assert game.ai_move(0, random.Random(1)) == COMPUTER.normal(game, 0, random.Random(1))


def test_a_heuristic_that_finds_no_road_fails_instead_of_playing_some_move(monkeypatch):
    game = GAME.new(3, {}, seed=3)
    game.play(0, ai.choose(game, 0, random.Random(0)))  # the first settlement; a road is next
    monkeypatch.setattr(ai, "_best_road", lambda game, seat, roads: None)
    with pytest.raises(RuntimeError):
        game.ai_move(0, random.Random(1))

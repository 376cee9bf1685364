"""The searching (hard) Archipels player: it plays fair, it works on copies, its play-outs
follow the normal player, and where nothing is left to chance it never does worse than the
normal player."""

from __future__ import annotations

import random

import pytest

from games.archipels import search
from games.archipels.ai import choose
from games.archipels.game import Archipels
from games.base import Rng

NO_CAP = 600.0  # seconds: the time cap never bites, the fixed amount of search decides


def reach(seed: int, day: int, phase: str, players: int = 2, turn: int = 0) -> Archipels:
    """A game played by the normal player until the `turn`-th time `phase` comes up on `day`."""
    game = Archipels.new(players, {}, seed)
    rng = random.Random(seed)
    seen = 0
    last = None
    while game.to_act():
        here = (game.day, game.phase, game.turn, game.flower_index)
        if game.day == day and game.phase == phase and here != last:
            if seen == turn:
                return game
            seen += 1
        last = here
        seat = game.to_act()[0]
        game.play(seat, choose(game, seat, rng))
    raise AssertionError("the game ended before that point")


def twin(game: Archipels, seed: int) -> Archipels:
    """The same public state with another order of the face-down stack and other dice to come."""
    other = Archipels.load(game.dump())
    random.Random(seed).shuffle(other.stack)
    other.rng = Rng(seed)
    assert other.stack != game.stack and sorted(other.stack) == sorted(game.stack)
    return other


SPOTS = [(11, 1, "take", 1), (12, 2, "take", 0), (13, 3, "flower", 0), (14, 2, "take", 3), (15, 4, "flower", 1)]


def test_hard_cannot_see_the_stack_order_or_the_dice_to_come(monkeypatch):
    games = [reach(seed, day, phase, turn=turn) for seed, day, phase, turn in SPOTS]
    twins = [twin(game, 100 + k) for k, game in enumerate(games)]
    for game, other in zip(games, twins, strict=True):
        seat = game.current()
        first = game.computer.hard(game, seat, random.Random(5), NO_CAP)
        assert other.computer.hard(other, seat, random.Random(5), NO_CAP) == first
        assert first in game.legal_moves(seat)

    # the check has teeth: a search that played out the real stack would choose differently
    def peek(self, seat, rng):
        return self.copy()

    monkeypatch.setattr(Archipels, "redraw_hidden", peek)
    differ = 0
    for game, other in zip(games, twins, strict=True):
        seat = game.current()
        differ += game.computer.hard(game, seat, random.Random(5), NO_CAP) != other.computer.hard(
            other, seat, random.Random(5), NO_CAP
        )
    assert differ >= 1


def test_hard_works_on_copies_and_answers_a_legal_move():
    for seed, day, phase, turn in SPOTS[:3]:
        game = reach(seed, day, phase, turn=turn)
        before = game.dump()
        seat = game.current()
        move = game.computer.hard(game, seat, random.Random(1), NO_CAP)
        assert game.dump() == before
        assert move in game.legal_moves(seat)


def test_a_single_legal_move_is_answered_without_search():
    game = reach(3, 1, "place")
    seat = game.current()
    while len(game.legal_moves(seat)) > 1:
        game.play(seat, choose(game, seat, random.Random(0)))
        seat = game.current()
    assert game.computer.hard(game, seat, random.Random(0), NO_CAP) == game.legal_moves(seat)[0]


def last_day_worth(game: Archipels, seat: int, move: str) -> float:
    copy = game.copy()
    copy.play(seat, move)
    search.play_out(copy)
    return search.worth(copy, seat)


def test_on_the_last_day_hard_does_at_least_as_well_as_normal():
    """Nothing is drawn on the last day, so a move's play-out against the normal player is its
    exact result: hard's move never ends worse than the normal move, and sometimes better."""
    better = 0
    for seed in range(20, 32):
        game = reach(seed, 6, "take", turn=seed % 4)
        seat = game.current()
        hard = game.computer.hard(game, seat, random.Random(0), NO_CAP)
        normal = choose(game, seat, random.Random(0))
        assert last_day_worth(game, seat, hard) >= last_day_worth(game, seat, normal)
        better += last_day_worth(game, seat, hard) > last_day_worth(game, seat, normal)
    assert better >= 1


def test_a_time_cap_that_bites_leaves_the_normal_move():
    """The budget is a safety cap only: when not one world could be played out in time, the
    normal move stands rather than a half-searched one."""
    changed = 0
    for seed in range(20, 32):
        game = reach(seed, 6, "take", turn=seed % 4)
        seat = game.current()
        normal = choose(game, seat, random.Random(0))
        if game.computer.hard(game, seat, random.Random(0), NO_CAP) != normal:
            changed += 1
            assert game.computer.hard(game, seat, random.Random(0), 0.0) == normal
    assert changed >= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_outs_follow_the_normal_player(players):
    """The fast normal player of the play-outs picks the normal player's move; a tie between
    two moves may rarely fall the other way through rounding, hence the small allowance."""
    same = total = 0
    for seed in range(4):
        game = Archipels.new(players, {}, 40 + seed)
        rng = random.Random(seed)
        while game.to_act():
            seat = game.to_act()[0]
            normal = choose(game, seat, rng)
            total += 1
            same += search.normal_move(game, seat) == normal
            game.play(seat, normal if rng.random() < 0.8 else rng.choice(game.legal_moves(seat)))
    assert same >= 0.99 * total, (same, total)


def test_copies_are_independent_and_complete():
    game = reach(7, 3, "place")
    copy = game.copy()
    assert copy.dump() == game.dump()
    before = game.dump()
    search.play_out(copy)
    assert copy.phase == "over" and game.dump() == before

"""Take-back for Propeller Islands and Grow Sky: only moves that drew, rolled and revealed nothing."""

from __future__ import annotations

import random

import pytest

from games import registry


def play_until(key, players, seed, wanted):
    """A random playout up to the first state where `wanted(game, seat, moves)` names a move."""
    cls = registry.get(key)
    game = cls.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        assert not game.is_over(), "the playout ended before the wanted move came up"
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        move = wanted(game, seat, moves)
        if move is not None:
            return game, seat, move
        game.play(seat, rng.choice(moves))
    raise AssertionError("the wanted move never came up")


def played(game, seat, move):
    before = type(game).load(game.dump())
    after = type(game).load(game.dump())
    after.play(seat, move)
    return before, after


def first(moves, test):
    return next((m for m in moves if test(m)), None)


# -- Propeller Islands ------------------------------------------------------------------

def test_propeller_character_choice_and_pass_are_reversible_a_draw_and_a_roll_are_not():
    cls = registry.get("propeller")
    game = cls.new(3, {}, 4)
    seat = game.to_act()[0]
    assert seat != 0  # the last seat chooses first; seat 0's choice rolls the round's dice
    move = game.legal_moves(seat)[0]
    before, after = played(game, seat, move)
    assert after.rng.counter == before.rng.counter and after.can_take_back(before, seat, move)

    game, seat, move = play_until("propeller", 3, 4, lambda g, s, ms: first(ms, lambda m: m == "pass"))
    before, after = played(game, seat, move)
    assert after.can_take_back(before, seat, move)

    game, seat, move = play_until("propeller", 3, 4, lambda g, s, ms: first(ms, lambda m: m.startswith("draw ")))
    before, after = played(game, seat, move)
    assert after.rng.counter == before.rng.counter  # the Rng says nothing: the stack's order was fixed at setup
    assert not after.can_take_back(before, seat, move)

    def roll(g, s, ms):  # seat 0 chooses last, and its choice rolls the first round's dice
        return ms[0] if g.phase == "characters" and s == 0 else None

    game, seat, move = play_until("propeller", 3, 4, roll)
    before, after = played(game, seat, move)
    assert after.rng.counter != before.rng.counter
    assert not after.can_take_back(before, seat, move)


def test_propeller_claim_refilled_from_the_stack_and_a_completed_blueprint_are_refused():
    def claim(g, s, ms):
        return first(ms, lambda m: m.startswith("claim ")) if g.stack else None

    game, seat, move = play_until("propeller", 2, 7, claim)
    before, after = played(game, seat, move)
    assert len(after.stack) == len(before.stack) - 1
    assert not after.can_take_back(before, seat, move)

    game, seat, move = play_until("propeller", 2, 7, lambda g, s, ms: first(ms, lambda m: m.startswith("blueprint ")))
    before, after = played(game, seat, move)
    assert after.rng.counter == before.rng.counter and len(after.stack) == len(before.stack)
    assert not after.can_take_back(before, seat, move)  # the card came out of a hidden hand


# -- Grow Sky ---------------------------------------------------------------------------

def test_growsky_draft_pick_is_reversible_the_last_pick_rolls_and_is_not():
    cls = registry.get("growsky")
    game = cls.new(3, {}, 2)
    seat = game.to_act()[0]
    move = game.legal_moves(seat)[0]
    before, after = played(game, seat, move)
    assert after.can_take_back(before, seat, move)
    game = after
    for _ in range(2):
        seat = game.to_act()[0]
        before = cls.load(game.dump())
        move = game.legal_moves(seat)[0]
        game.play(seat, move)
    assert game.phase == "turn" and game.rng.counter != before.rng.counter
    assert not game.can_take_back(before, seat, move)


def test_growsky_the_round_ending_refill_is_refused_a_purchase_is_not():
    def last_end(g, s, ms):
        return "end" if "end" in ms and len(g.dice) <= 1 else None

    game, seat, move = play_until("growsky", 2, 5, last_end)
    before, after = played(game, seat, move)
    assert after.market != before.market
    assert not after.can_take_back(before, seat, move)

    game, seat, move = play_until("growsky", 2, 5, lambda g, s, ms: first(ms, lambda m: m.startswith("buy ")))
    before, after = played(game, seat, move)
    assert after.market != before.market and after.can_take_back(before, seat, move)


# -- both, over random playouts ---------------------------------------------------------

def hidden_piles(key, game):
    """What a take-back must never undo: the Rng and every pile drawn from, with what the offer shows."""
    if key == "propeller":
        return (game.rng.counter, len(game.stack), [len(s) for s in game.bp_stacks])
    return (game.rng.counter, sorted(game.bag))


def revealed(key, before, after):
    if key == "propeller":
        new_tiles = any(t >= 0 and t not in before.offer for t in after.offer)
        left_hand = any(set(old) - set(new) for old, new in zip(before.hands, after.hands, strict=True))
        return new_tiles or left_hand
    return any(t is not None and t not in before.market for t in after.market)


@pytest.mark.parametrize("key, players", [("propeller", 2), ("propeller", 4), ("growsky", 2), ("growsky", 4)])
def test_no_move_that_drew_or_revealed_is_ever_reversible(key, players):
    cls = registry.get(key)
    seen = set()
    for seed in range(2):
        rng = random.Random(100 + seed)
        game = cls.new(players, {}, seed)
        for _ in range(2000):
            if game.is_over():
                break
            seat = game.to_act()[0]
            move = rng.choice(game.legal_moves(seat))
            before = cls.load(game.dump())
            game.play(seat, move)
            allowed = game.can_take_back(before, seat, move)
            changed = hidden_piles(key, game) != hidden_piles(key, before) or revealed(key, before, game)
            assert not (allowed and changed), (seed, move)
            seen.add(allowed)
    assert seen == {True, False}

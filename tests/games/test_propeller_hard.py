"""Propeller Islands: the hard player searches only worlds drawn from what its seat can see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.base import Rng
from games.propeller import GAME, ai
from games.propeller import data as D
from games.propeller.search import finish_round, hard_move, judge


def positions(seed: int, every: int = 9, players: int = 2):
    """Positions of a game played by the normal player, with the seat to move."""
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    found = []
    for number in range(400):
        acting = game.to_act()
        if not acting:
            break
        seat = acting[0]
        if number % every == 0 and game.phase == "turn":
            found.append((GAME.load(game.dump()), seat))
        game.play(seat, game.ai_move(seat, rng))
    return found


def levels(cards) -> Counter:
    return Counter(D.BLUEPRINT_BY_ID[c].level for c in cards)


def twin(game, seat: int, seed: int):
    """The same table seen from `seat`: the other seats hold other Blueprints (as many of each
    level), the stacks lie in another order and the dice to come differ."""
    other = GAME.load(game.dump())
    rng = random.Random(seed)
    others = [s for s in range(other.n) if s != seat]
    for level in (1, 2):
        unseen = list(other.bp_stacks[level - 1])
        for s in others:
            unseen += [c for c in other.hands[s] if D.BLUEPRINT_BY_ID[c].level == level]
        rng.shuffle(unseen)
        for s in others:
            keep = [c for c in other.hands[s] if D.BLUEPRINT_BY_ID[c].level != level]
            count = len(other.hands[s]) - len(keep)
            other.hands[s] = sorted(keep + unseen[:count])
            unseen = unseen[count:]
        other.bp_stacks[level - 1] = unseen
    rng.shuffle(other.stack)
    other.rng = Rng(seed + 1000)
    other.last.pop("secret", None)
    return other


def test_redraw_hidden_keeps_what_the_seat_sees_and_draws_the_rest_afresh():
    moved = {"hands": 0, "stack": 0, "blueprints": 0}
    spots = positions(21, every=7, players=3)
    for index, (game, seat) in enumerate(spots):
        before = game.dump()
        world = game.redraw_hidden(seat, random.Random(index))
        assert game.dump() == before  # a copy: the table is left alone
        assert world.view(seat) == game.view(seat)  # the public table and the seat's own hand
        assert world.hands[seat] == game.hands[seat]
        for s in range(game.n):
            assert levels(world.hands[s]) == levels(game.hands[s])
        for level in (0, 1):
            seen = sorted(game.bp_stacks[level] + [c for s in range(game.n) if s != seat for c in game.hands[s]
                                                    if D.BLUEPRINT_BY_ID[c].level == level + 1])
            drawn = sorted(world.bp_stacks[level] + [c for s in range(game.n) if s != seat for c in world.hands[s]
                                                     if D.BLUEPRINT_BY_ID[c].level == level + 1])
            assert seen == drawn
        assert sorted(world.stack) == sorted(game.stack)
        assert world.rng.to_list() != game.rng.to_list()  # the dice to come are drawn again
        moved["hands"] += any(world.hands[s] != game.hands[s] for s in range(game.n))
        moved["stack"] += world.stack != game.stack
        moved["blueprints"] += world.bp_stacks != game.bp_stacks
        world.play(seat, world.ai_move(seat, random.Random(1)))  # a world is a game one can play on
    assert all(count >= len(spots) // 2 for count in moved.values()), moved


def test_redraw_depends_only_on_what_the_seat_sees():
    for game, seat in positions(22, every=11):
        other = twin(game, seat, 5)
        assert other.view(seat) == game.view(seat)
        assert other.dump() != game.dump()
        one = game.redraw_hidden(seat, random.Random(3))
        two = other.redraw_hidden(seat, random.Random(3))
        assert one.dump() == two.dump()


def test_hard_and_normal_choose_the_same_whatever_the_hidden_cards_stacks_and_dice(monkeypatch):
    """Twins that differ only in what the seat cannot see get the same move at both levels. A
    searching player that peeked (searching copies of the real table) would be caught here."""
    spots = [spot for seed in (23, 24) for spot in positions(seed, every=5)]
    twins = [(game, twin(game, seat, index), seat) for index, (game, seat) in enumerate(spots)]
    assert any(game.step == "take" and "draw i" in game.legal_moves(seat) for game, _, seat in twins)
    for index, (game, other, seat) in enumerate(twins):
        assert hard_move(game, seat, random.Random(index), 60.0) == hard_move(other, seat, random.Random(index), 60.0)
        assert game.ai_move(seat, random.Random(index)) == other.ai_move(seat, random.Random(index))
    monkeypatch.setattr(GAME, "redraw_hidden", lambda game, seat, rng: game.copy())
    peeked = sum(hard_move(game, seat, random.Random(index), 60.0) != hard_move(other, seat, random.Random(index), 60.0)
                 for index, (game, other, seat) in enumerate(twins))
    assert peeked >= 1


def test_normal_counts_a_blueprint_drawn_face_down_at_the_average_of_those_unseen():
    for game, seat in positions(27, every=1):
        if game.step == "take" and "draw i" in game.legal_moves(seat):
            break
    best = max(D.BLUEPRINT_BY_ID[c].vp for c in game.bp_stacks[0])
    worst = min(D.BLUEPRINT_BY_ID[c].vp for c in game.bp_stacks[0])
    choices = set()
    for top in (best, worst):  # the best or the worst card on top of the stack: the same choice
        card = next(c for c in game.bp_stacks[0] if D.BLUEPRINT_BY_ID[c].vp == top)
        game.bp_stacks[0].remove(card)
        game.bp_stacks[0].append(card)
        choices.add(game.ai_move(seat, random.Random(1)))
    assert len(choices) == 1
    assert ai.unseen_vp(game, seat, 1) == pytest.approx(
        sum(D.BLUEPRINT_BY_ID[c].vp for c in game.bp_stacks[0] + [c for c in game.hands[1 - seat]
                                                                  if D.BLUEPRINT_BY_ID[c].level == 1])
        / (len(game.bp_stacks[0]) + sum(1 for c in game.hands[1 - seat] if D.BLUEPRINT_BY_ID[c].level == 1)))


def test_hard_answers_a_legal_move_and_leaves_the_table_alone():
    for game, seat in positions(25, every=13):
        before = game.dump()
        for budget in (0.0, 60.0):  # the time cap only ever cuts the search short
            assert hard_move(game, seat, random.Random(2), budget) in game.legal_moves(seat)
        assert game.dump() == before


def test_a_playout_goes_to_the_end_of_the_round_and_the_final_result_outranks_any_margin():
    game, seat = positions(26, every=40)[1]
    late = game.copy()
    assert not finish_round(late, random.Random(1), deadline=0.0)  # past the time cap: nothing played
    assert late.dump() == game.dump()
    copy = game.copy()
    assert finish_round(copy, random.Random(1), deadline=float("inf"))
    assert copy.round == game.round + 1 or copy.phase == "over"
    assert copy.phase in ("turn", "over") and (copy.phase == "over" or copy.turn_no == 0)
    ahead = judge(copy, seat)
    assert ahead == pytest.approx(-judge(copy, 1 - seat))  # two players: one's lead is the other's gap
    over = GAME.load(game.dump())
    while not over.is_over():
        who = over.to_act()[0]
        over.play(who, over.ai_move(who, random.Random(2)))
    winner = over.outcome().ranks.index(1)
    assert judge(over, winner) > 1000 > judge(over, 1 - winner)

"""A computer seat decides from what it may see, through the table service.

Two tables of one seed, dealt alike but for one card in the person's hand, are played with the
same moves of the person: as long as a computer seat sees the same table at both (its view), it
makes the same move at both, at every level. The computer's generator is seeded by what its seat
sees (`position_rng`), so another seat's card, or the dice to come, cannot steer it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import partial

import pytest

from bot.core.moves import position_rng
from bot.extensions import install
from bot.features import levels as level_feature
from games import registry
from games.base import Game, Rng
from games.levels import choose
from tests.helpers import ALICE, BOB, open_table, random_positions, service_at, who

TWIN_CHANNEL = 333  # the twin table: the same people in another channel
LEVELS = ("easy", "normal", "hard")
# The hard players do a fixed amount of work and let the time budget cut it only in an emergency;
# a budget that could cut would make the twins differ by the machine's load, not by what they see.
UNCUT = 600.0


@pytest.fixture(autouse=True)
def hard_uncut(monkeypatch):
    monkeypatch.setattr(level_feature, "choose", partial(choose, budget=UNCUT))


def swap_pioneers(game: Game, seat: int) -> bool:
    """One development card of the seat's hand (not bought this turn) traded with the deepest card
    of another kind in the deck (drawn last). Victory point cards stay out of it: one would end the
    game earlier at one table. (A resource card has no hidden place to go: the bank's stacks lie
    open, and the computers read them.)"""
    from games.pioneers import data

    bought = game.new_devs if seat == game.current else [0] * 5
    held = [c for c in range(5) if c != data.VICTORY and game.devs[seat][c] > bought[c]]
    for index, card in enumerate(game.deck):
        other = next((c for c in held if c != card), None)
        if card != data.VICTORY and other is not None:
            game.devs[seat][other] -= 1
            game.devs[seat][card] += 1
            game.deck[index] = other
            return True
    return False


def swap_propeller(game: Game, seat: int) -> bool:
    """One Blueprint of the seat's hand traded with the bottom card of its level's stack (drawn last)."""
    from games.propeller import data

    hand = game.hands[seat]
    for index, card in enumerate(hand):
        stack = game.bp_stacks[data.BLUEPRINT_BY_ID[card].level - 1]
        if stack and stack[0] != card:
            hand[index], stack[0] = stack[0], card
            return True
    return False


# every game that hides cards between seats, with the way its twin is dealt, and how many moves
# Alice makes (a Pioneer's Isle player buys a development card only after the setup and a few turns)
SWAPS = {"pioneers": swap_pioneers, "propeller": swap_propeller}
PERSON_MOVES = {"pioneers": 60, "propeller": 30}


def hides_cards(key: str) -> bool:
    cls = registry.get(key)
    return cls.new(cls.min_players, {}, 1).redeal_hidden(random.Random(0))


def test_every_game_that_hides_cards_has_its_twin():
    assert sorted(SWAPS) == sorted(key for key in registry.available() if hides_cards(key))


def unseen_twins(game: Game, seat: int, index: int) -> list[Game]:
    """The game with what `seat` cannot see drawn afresh: the dice and draws to come, and where the
    game can draw them, the others' cards and the piles' order too."""
    dice = game.copy()
    dice.rng = Rng(10_000 + index)
    redraw = getattr(game, "redraw_hidden", None)
    return [dice] + ([redraw(seat, random.Random(index))] if redraw else [])


@pytest.mark.parametrize("key", registry.available())
def test_the_generator_reads_what_the_seat_sees(key):
    """Everything a seat cannot see drawn afresh leaves its generator as it was; another seat,
    another position or another table's seed changes it."""
    cls = registry.get(key)
    players = min(cls.max_players, 3)
    spots = [game.copy() for index, game in enumerate(random_positions(cls, players, 5)) if index % 4 == 0]
    firsts, redrawn = [], 0
    for index, game in enumerate(spots):
        for seat in range(players):
            for twin in unseen_twins(game, seat, index):
                redrawn += twin.dump() != game.dump()
                assert position_rng(5, twin, seat).random() == position_rng(5, game, seat).random(), (index, seat)
        draws = [position_rng(5, game, seat).random() for seat in range(players)]
        assert len(set(draws)) == players, index  # seat to seat
        assert position_rng(6, game, 0).random() != draws[0]  # table to table
        firsts.append(draws[0])
    assert redrawn >= len(firsts) * players  # the twins differed indeed
    assert len(set(firsts)) == len(firsts)  # position to position


@dataclass
class Run:
    compared: Counter = field(default_factory=Counter)  # moves compared, by who made them
    differed: list[tuple[str, str, str]] = field(default_factory=list)  # (who, move, twin's move)
    swapped_at: int | None = None  # the log's length when the twin got its other card
    end: str = "moves"  # "over", "moves" (the person's moves ran out) or "learnt" (a watched seat saw the card)


def twin_of(caller):
    return who(caller.name, caller.user_id, channel=TWIN_CHANNEL)


def compared(run: Run, logs, watched: dict[int, str], mirrors: list[Game]) -> bool:
    """Compare the moves both tables logged since the last look, seat by seat, while a watched seat
    sees the same table at both; True when the run ends there (a seat learnt, or chose apart)."""
    for one, other in zip(*logs, strict=False):
        assert one.seat == other.seat
        if one.seat in watched:
            if mirrors[0].view(one.seat) != mirrors[1].view(one.seat):
                run.end = "learnt"
                return True
            run.compared[watched[one.seat]] += 1
            if one.move != other.move:
                run.differed.append((watched[one.seat], one.move, other.move))
                return True
        for mirror, row in zip(mirrors, (one, other), strict=True):
            mirror.play(row.seat, row.move)
    return False


async def play_twins(tmp_path, key: str, seed: int, person_moves: int, people=(ALICE,), levels=LEVELS,
                     played_for=None) -> Run:
    """Two tables of one seed; once the last of `people` holds a card that can be swapped, the second
    table gets the other card. The people make the same moves at both (the one suggested where it
    is legal at both), except `played_for`, whose turns the computer plays as at a missed deadline.
    Every move of a computer seat and of `played_for` is compared while that seat sees the same
    table at both, and so are the hints `played_for` is given."""
    service = await service_at(tmp_path / "t.db", seeds=lambda: seed)
    install(service, prepare_daily=False)
    callers = [people, tuple(twin_of(person) for person in people)]
    tables = [await open_table(service, key, group, levels=levels) for group in callers]
    seats = await service.store.seats(tables[0])
    person_at = {s.seat: [p for p in people if p.user_id == s.user_id] for s in seats if not s.is_ai}
    swapped = next(s for s, p in person_at.items() if p == [people[-1]])
    watched = {s.seat: s.name.partition("(")[2].rstrip(")") or "normal" for s in seats if s.is_ai}  # "Bot 3 (hard)"
    if played_for is not None:
        watched[next(s for s, p in person_at.items() if p == [played_for])] = "played for"
    cls, run, rng = registry.get(key), Run(), random.Random(seed)
    mirrors: list[Game] = []  # both tables, replayed move by move to see what each seat saw
    done = [0, 0]
    for _ in range(person_moves):
        games = [(await service.table(t)).game for t in tables]
        if not mirrors:  # alike so far
            twin = games[1].copy()
            if SWAPS[key](twin, swapped):
                await service.write(await service.table(tables[1]), service.store.take_back, [], twin.dump())
                games[1] = (await service.table(tables[1])).game
                assert games[1].view(swapped) != games[0].view(swapped)
                assert all(games[1].view(s) == games[0].view(s) for s in watched)
                mirrors = [cls.load(game.dump()) for game in games]
                done = [len(await service.store.moves(t)) for t in tables]
                run.swapped_at = done[0]
        else:
            logs = [(await service.store.moves(t))[n:] for t, n in zip(tables, done, strict=True)]
            done = [n + len(log) for n, log in zip(done, logs, strict=True)]
            if compared(run, logs, watched, mirrors):
                return run
            assert len(logs[0]) == len(logs[1])
            assert [mirror.dump() for mirror in mirrors] == [game.dump() for game in games]
        if any(game.is_over() for game in games):
            run.end = "over"
            return run
        seat = next(s for s in [*games[0].awaited_answers(), *games[0].to_act()] if s in person_at)
        mover = [person_at[seat][0], twin_of(person_at[seat][0])]
        if seat in watched and mirrors and games[0].view(seat) == games[1].view(seat):
            hints = [await service.ai_suggestion(caller) for caller in mover]
            run.compared["hint"] += 1
            if hints[0] != hints[1]:
                run.differed.append(("hint", *hints))
                return run
        if mover[0] is played_for and seat in games[0].to_act():
            for table in tables:
                assert await service.play_for(table, seat, "") is not None
            continue
        other_legal = set(games[1].legal_moves(seat))
        both = [move for move in games[0].legal_moves(seat) if move in other_legal]
        suggested = await service.ai_suggestion(mover[0])
        move = suggested if suggested in both else rng.choice(both)
        for caller in mover:
            reply = await service.handle(caller, "move", {"move": move})
            assert reply.ok, reply.private
    return run


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(SWAPS))
async def test_a_card_in_a_persons_hand_does_not_steer_the_computers(tmp_path, key):
    """Twin tables, each with an easy, a normal and a hard computer: every computer move is the
    same at both for as long as Alice plays, though her hand differs by a card."""
    run = await play_twins(tmp_path, key, 11, PERSON_MOVES[key])
    assert run.swapped_at is not None, "Alice never held a card to swap"
    assert not run.differed, run
    assert all(run.compared[level] >= 20 for level in LEVELS), run


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(SWAPS))
async def test_a_card_in_another_persons_hand_does_not_steer_a_missed_turn_or_a_hint(tmp_path, key):
    """Alice misses every deadline and asks for hints; Bob's hand differs by a card between the
    twins: the computer plays Alice's turns and hints her the same at both, and the easy computer
    at the table (whose lapses come from its generator) moves the same too."""
    run = await play_twins(tmp_path, key, 13, 3 * PERSON_MOVES[key], people=(ALICE, BOB), levels=("easy",),
                           played_for=ALICE)
    assert run.swapped_at is not None, "Bob never held a card to swap"
    assert not run.differed, run
    assert min(run.compared[name] for name in ("easy", "played for", "hint")) >= 20, run


TAKEBACK_SEEDS = {"propeller": 2}


@pytest.mark.parametrize("key", [key for key in registry.available() if registry.get(key).max_players >= 4])
async def test_taking_back_and_moving_again_meets_the_same_answers_at_every_level(tmp_path, key):
    """Alice's move taken back and made again, four times: the computers of every level answer it
    the same way each time, since they read the position, not the table's history or version."""
    # a deal where some answer of the computers reveals nothing: in Propeller Islands at seed 5 every
    # one of them claims (a draw) or rolls, so none of Alice's moves could be taken back with them
    seed = TAKEBACK_SEEDS.get(key, 5)
    service = await service_at(tmp_path / "t.db", seeds=lambda: seed)
    install(service, prepare_daily=False)
    table = await open_table(service, key, (ALICE,), levels=LEVELS)
    for _ in range(300):  # Alice's moves until one that computers answer and that may be taken back
        done = len(await service.store.moves(table))
        assert not (await service.table(table)).game.is_over(), f"{key}: no answer could be taken back"
        move = await service.ai_suggestion(ALICE)
        assert (await service.handle(ALICE, "move", {"move": move})).ok
        answers = (await service.store.moves(table))[done + 1:]
        if answers and (await service.handle(ALICE, "takeback")).ok:
            break
    else:
        raise AssertionError(f"{key}: the computers never answered a move that could be taken back")
    seen = [tuple(m.move for m in answers)]
    for _ in range(4):
        assert (await service.handle(ALICE, "move", {"move": move})).ok
        seen.append(tuple(m.move for m in (await service.store.moves(table))[done + 1:]))
        assert (await service.handle(ALICE, "takeback")).ok
    assert len(set(seen)) == 1, seen

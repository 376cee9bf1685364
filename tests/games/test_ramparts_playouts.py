"""Ramparts: random games at 2, 3 and 4 players with invariants checked along the way: pieces,
the bank and the hands of the 8 kinds conserved, the decks with the progress hands and point
cards conserved, knights, walls and metropolises where the rules allow them, and every player's
points recounted from the board.

The random player is the base game's (tests/games/test_pioneers_playouts.py), progress cards and
offers included: it picks among the legal moves of a seat that must act, `end` weighing a third of
another move, and now and then a seat not asked to act answers an open offer. One change: all the
offers a seat could post weigh together as one move, and all its counter-offers as another. With
eight kinds of cards a hand lists hundreds of them, and picked one by one they filled the turns
(two moves in three were offers and their cancels, and the longest of 1,000 games took 56,775
moves); grouped, the 1,000 games take a median of 2,082 moves and at most 25,529.
Every card played must go under its own deck; across the thousand games every card is played.

A random table is slow, never stuck. The longest games are at two players: nobody defends, the
raiders pillage both starting cities, and the game goes on from two settlements each, the Isle
Shields of raids won (by whoever has an active knight, once no city is left to take) doing much of
the counting. Nothing in the rules makes 13 unreachable while a player can still activate a knight,
so a game reaching `MOVE_CAP` (over twice the longest seen) fails here: it would be a bug, not a count.
"""

from __future__ import annotations

import os
import random

import pytest

from games.pioneers import GAME, RampartsGame
from games.pioneers import board as B
from games.pioneers import data as D
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD

MOVE_CAP = 60_000
TOTAL = [D.BANK_PER_RESOURCE] * 5 + [RD.COMMODITY_BANK] * 3


def random_move(game: RampartsGame, rng: random.Random) -> tuple[int, str]:
    seats = game.to_act()
    if game.offers and rng.random() < 0.15:  # a seat not asked answers an open offer
        seat = rng.randrange(game.n)
        moves = game.legal_moves(seat)
        if moves and seat not in seats:
            return seat, rng.choice(grouped(moves, rng))
    seat = rng.choice(seats)
    moves = grouped(game.legal_moves(seat), rng)
    if len(moves) > 1 and "end" in moves:
        if rng.random() < 1 / (3 * len(moves) - 2):
            return seat, "end"
        moves = [m for m in moves if m != "end"]
    return seat, rng.choice(moves)


def grouped(moves: list[str], rng: random.Random) -> list[str]:
    """The moves with all offers standing as one of them, and all counter-offers as another."""
    out = [m for m in moves if not m.startswith(("offer ", "counter "))]
    for head in ("offer ", "counter "):
        some = [m for m in moves if m.startswith(head)]
        if some:
            out.append(rng.choice(some))
    return out


def recount(game: RampartsGame, seat: int) -> int:
    """The seat's points from the board and the public counts alone."""
    points = 0
    for node in range(B.NODE_COUNT):
        if game.node_owner[node] == seat:
            points += 1 if game.node_level[node] == 1 else 2
            if node in game.metropolis.values():
                points += 2
    points += game.shields[seat] + len(game.point_cards[seat])
    points += (game.peddler_holder == seat) + 2 * (game.road_holder == seat)
    return points


def check_invariants(game: RampartsGame) -> None:
    for kind in range(8):
        assert game.bank[kind] + sum(hand[kind] for hand in game.hands) == TOTAL[kind], RD.KINDS[kind]
        assert game.bank[kind] >= 0 and all(hand[kind] >= 0 for hand in game.hands)
    cards = 0
    for track in RD.TRACKS:
        held = [c for s in range(game.n) for c in game.progress[s] + game.point_cards[s] if P.CARDS[c][0] == track]
        assert sorted(game.decks[track] + held) == sorted(P.deck_cards(track))
        cards += len(game.decks[track]) + len(held)
    assert cards == P.TOTAL_CARDS == 54
    for seat in range(game.n):
        assert len(game.progress[seat]) <= RD.PROGRESS_HAND
        owned = [node for node in range(B.NODE_COUNT) if game.node_owner[node] == seat]
        ruins = [node for node in game.ruins if game.node_owner[node] == seat]
        settlements = sum(1 for node in owned if game.node_level[node] == 1) - len(ruins)
        cities = sum(1 for node in owned if game.node_level[node] == 2) + len(ruins)
        assert game.pieces[seat] == [game.edge_owner.count(seat), settlements, cities]
        assert settlements <= D.SETTLEMENTS and cities <= D.CITIES and game.pieces[seat][0] <= D.ROADS
        for strength in (1, 2, 3):
            assert sum(1 for r in game.knight_at.values() if r[0] == seat and r[1] == strength) <= 2
        assert game.walls_of(seat) <= RD.WALLS
        assert game.visible_points(seat) == recount(game, seat)
        assert game.road_len[seat] == game.longest_road_of(seat)
        assert all(0 <= level <= 5 for level in game.levels[seat])
    for node in game.knight_at:
        assert game.node_owner[node] == -1
    for node in game.walls:
        assert game.node_level[node] == 2 and game.walls.count(node) == 1
    for track, node in game.metropolis.items():
        if node >= 0:
            assert game.node_level[node] == 2
            assert game.levels[game.node_owner[node]][RD.TRACK_INDEX[track]] >= RD.METROPOLIS_LEVEL
    assert len([n for n in game.metropolis.values() if n >= 0]) == len({n for n in game.metropolis.values() if n >= 0})
    assert 0 <= game.raiders < RD.RAIDERS_STEPS


def play_random(players: int, seed: int, check_every: int = 25) -> dict:
    game = GAME.new(players, {"ramparts": "on", "friendly_robber": seed % 3 == 0,
                              "board": "beginner" if seed % 5 == 0 else "random"}, seed)
    rng = random.Random(seed * 7919 + players)
    moves = 0
    heads: set[str] = set()
    played: set[str] = set()
    while not game.is_over():
        seat, move = random_move(game, rng)
        game.play(seat, move)
        heads.add(move.split()[0])
        if move.startswith("play "):
            card = game.notation.parse(move).card
            assert game.decks[P.CARDS[card][0]][-1] == card, move  # under its own deck
            played.add(card)
        moves += 1
        if moves % check_every == 0:
            check_invariants(game)
        assert moves < MOVE_CAP, f"game {players}p seed {seed} did not finish"
    check_invariants(game)
    assert game.outcome().winners == [game.winner]
    assert game.total_points(game.winner) >= game.opts["target"]
    return {"moves": moves, "heads": heads, "raided": game.raided, "played": played}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_ramparts_games_finish_with_invariants(players):
    results = [play_random(players, seed) for seed in range(4)]
    heads = set().union(*(r["heads"] for r in results))
    assert {"city", "settlement", "road", "knight", "activate", "roll", "end", "improve", "play", "offer"} <= heads, heads


@pytest.mark.slow
def test_a_thousand_random_ramparts_games():
    heads: set[str] = set()
    played: set[str] = set()
    # ISLES_RAMPARTS_PLAYOUTS games (400 unless set), so the whole suite keeps within its time;
    # ISLES_RAMPARTS_PLAYOUTS=1000 is the full run, made before a change to Ramparts' rules lands
    for index in range(int(os.environ.get("ISLES_RAMPARTS_PLAYOUTS", "400"))):
        players = 2 + index % 3
        result = play_random(players, 1000 + index, check_every=100)
        heads |= result["heads"]
        played |= result["played"]
    for head in ("city", "settlement", "road", "knight", "promote", "activate", "move", "chase", "wall", "improve",
                 "robber", "discard", "trade", "end", "play", "take", "give", "offer", "accept", "counter", "draw",
                 "cistern"):
        assert head in heads, head
    assert played == set(P.CARDS) - set(P.POINT_CARDS)

"""Shared helpers for the Grow Sky tests: games ready to play, random playouts, invariants."""

from __future__ import annotations

import random

from games.growsky import GAME
from games.growsky.data import COLS, PART_SUPPLY, PLACEMENT_BY_TEXT, ROOM_CARD_MASKS, TILE_COUNT, TOTAL_CUBES


def ready(players: int = 2, seed: int = 0, **options):
    """A game past its setup draft (each seat drafts the pool's first tile onto its own space)."""
    game = GAME.new(players, options, seed=seed)
    for seat in range(players):
        if game.phase == "room":
            game.play(seat, "side a")
    while game.phase == "draft":
        seat = game.current()
        game.play(seat, f"draft p1 s{seat + 1}")
    assert game.phase == "turn"
    return game


def clear_route(game, seat: int) -> None:
    for stack in game.boards[seat].route:
        game.bag.extend(t for t, _ in stack)
        stack.clear()
    game.bag.sort()


def record_atoms(game, monkeypatch) -> list[str]:
    """Every automatic effect applied from now on, in order."""
    seen: list[str] = []
    original = type(game)._apply

    def spy(self, seat, atom):
        seen.append(atom)
        return original(self, seat, atom)

    monkeypatch.setattr(type(game), "_apply", spy)
    return seen


def supported(filled: int, mask: int) -> bool:
    """Gravity checked square by square, without the precomputed tables."""
    for i in range(56):
        if mask >> i & 1:
            if i < COLS:
                return True
            if filled >> (i - COLS) & 1 and not mask >> (i - COLS) & 1:
                return True
    return False


def check_invariants(game) -> None:
    placed = [sum(len(stack) for stack in b.route) for b in game.boards]
    assert len(game.bag) + sum(t is not None for t in game.market) + len(game.removed) + len(game.pool) + sum(placed) \
        == TILE_COUNT
    assert game.bag == sorted(game.bag)  # no order is kept, so none can leak
    on_boards = sum(sum(b.cubes) + b.engine_cubes() for b in game.boards)
    assert game.cube_supply + on_boards == TOTAL_CUBES and game.cube_supply >= 0
    for tier in range(1, 5):
        shape = ("i2", "v3", "l4", "p5")[tier - 1]
        used = sum(1 for b in game.boards for s, _ in b.parts if s == shape)
        assert game.part_supply[tier - 1] + used == PART_SUPPLY[tier - 1]
    for b in game.boards:
        assert all(c >= 0 for c in b.cubes) and b.cubes[0] <= b.cap
        assert 0 <= b.vp <= 25 and 0 <= b.grow <= 8 and 0 <= b.fuel <= 10 and 0 <= b.search <= 44
        filled = ROOM_CARD_MASKS[b.card[0]][b.card[1]] if b.card else 0
        for shape, text in b.parts:
            mask = PLACEMENT_BY_TEXT[shape][text]
            assert not mask & filled, "parts overlap"
            assert supported(filled, mask), f"unsupported part {text}"
            filled |= mask
        assert filled == b.filled


def random_playout(players: int, seed: int, check=None, options=None):
    game = GAME.new(players, options or {}, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not game.is_over():
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
        moves += 1
        if check is not None:
            check(game)
        assert moves < 5000
    return game, moves

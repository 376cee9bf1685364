"""Shared helpers for the Archipels tests (this module holds no tests of its own)."""

from __future__ import annotations

import random

from games.archipels import GAME
from games.archipels.data import BOTTLE, ELEMENTS, MULTIPLIER, TILE_BY_ID, TILES

TOTAL_TILES = 142


def tiles_of(level: int, *, with_el: str | None = None, without_el: str | None = None) -> list[int]:
    """Ids of tiles of a level, optionally showing (or not showing) an element."""
    out = []
    for tile in TILES:
        if tile["level"] != level:
            continue
        els = {e["el"] for e in tile["elements"]}
        if with_el is not None and with_el not in els:
            continue
        if without_el is not None and without_el in els:
            continue
        out.append(tile["id"])
    return out


def all_tile_ids(game) -> list[int]:
    ids = [t for t in game.board if t is not None] + list(game.stack)
    for seat in range(game.players):
        ids += game.hands[seat] + game.docks[seat]
        ids += [p[0] for p in game.islands[seat].placements]
    ids += [t for t, _ in game.scored] + list(game.discards)
    return ids


def check_invariants(game) -> None:
    ids = all_tile_ids(game)
    assert len(ids) == TOTAL_TILES, f"{len(ids)} tiles accounted for"
    assert len(set(ids)) == TOTAL_TILES, "a tile is in two places"
    for seat in range(game.players):
        assert len(game.docks[seat]) <= 2
        assert game.paddles_left[seat] >= 0
    if game.players == 3:
        assert game.paddles[0] == ("r1", None)
        assert all(game.board[i] is None for i in range(3))  # r1c2, r1c3, r1c4
    owned = [line for line, seat in game.paddles]
    assert len(owned) == len(set(owned)), "two paddles on one line"


def independent_scores(game) -> tuple[list[int], list[int]]:
    """Scores and visible bottles computed from the placement lists alone."""
    flowers = dict.fromkeys(ELEMENTS, 0)
    for el in game.start:
        flowers[el] += 1
    for _, el in game.scored:
        flowers[el] += 1
    scores, bottles = [], []
    for island in game.islands:
        shown: dict[tuple[int, int], str | None] = {}
        towers = []
        for tile_id, x, y in island.placements:
            tile = TILE_BY_ID[tile_id]
            for dx in (0, 1):
                for dy in (0, 1):
                    shown[(x + dx, y + dy)] = None
            for e in tile["elements"]:
                if e["sq"] is None:
                    towers.append(e["el"])
                else:
                    shown[(x + e["sq"] % 2, y + e["sq"] // 2)] = e["el"]
        counts = dict.fromkeys(ELEMENTS + (BOTTLE,), 0)
        for el in list(shown.values()) + towers:
            if el is not None:
                counts[el] += 1
        total = sum(counts[el] * flowers[el] * MULTIPLIER[el] for el in ELEMENTS) - 3 * counts[BOTTLE]
        scores.append(total)
        bottles.append(counts[BOTTLE])
    return scores, bottles


def random_playout(players: int, seed: int, check=None, max_moves: int = 5000):
    """Play a whole game with uniformly random legal moves; returns (game, moves played)."""
    game = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    played = []
    while True:
        act = game.to_act()
        if not act:
            return game, played
        seat = act[0]
        move = rng.choice(game.legal_moves(seat))
        game.play(seat, move)
        played.append((seat, move))
        if check is not None:
            check(game)
        assert len(played) < max_moves


def play_first_moves_until(game, stop) -> None:
    """Play the first legal move of the acting seat until `stop(game)` holds."""
    for _ in range(10000):
        if stop(game):
            return
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    raise AssertionError("never stopped")


def pull(game, tile_id: int) -> None:
    """Take a tile out of the stack or off the board (for rigging a position)."""
    if tile_id in game.stack:
        game.stack.remove(tile_id)
    else:
        game.board[game.board.index(tile_id)] = None


def rig_place(game, seat: int, hand: list[int], dock: list[int] | None = None) -> None:
    """Put `seat` in its building step holding `hand` (and `dock`), tiles pulled from the stack or board."""
    for tid in hand + (dock or []):
        pull(game, tid)
    game.turn = game.order.index(seat)
    game.phase = "place"
    game.hands[seat] = list(hand)
    game.docks[seat] = list(dock or [])


def build(game, seat: int, placements: list[tuple[int, int, int]]) -> None:
    """Build tiles onto a seat's island through `play`, taking them from the stack first."""
    for tid, x, y in placements:
        rig_place(game, seat, [tid])
        game.play(seat, f"place t{tid} {x},{y}")

"""Positions for the Propeller Islands tests: a game past the character draft, tiles set by hand."""

from __future__ import annotations

from games.propeller import GAME
from games.propeller import data as D

NAMES = ["Susan", "Vera", "Carl", "Dora"]


def find_tile(kind: int, number: int | None = None, banner: str | None = None, hub: str | None = None,
              skip: tuple[int, ...] = ()) -> int:
    for spec in D.TILES:
        if spec.kind != kind or spec.id in skip:
            continue
        if number is not None and spec.number != number:
            continue
        if banner is not None and spec.banner != banner:
            continue
        if hub is not None and spec.hub != hub:
            continue
        return spec.id
    raise LookupError((kind, number, banner, hub))


def started(players: int = 2, seed: int = 1, chars: tuple[str, ...] | None = None):
    """A game whose character draft is over (seat i takes chars[i] when given)."""
    game = GAME.new(players, {}, seed)
    if chars is not None:
        game.dealt = list(chars) + [c for c in D.CHARACTERS if c not in chars][:1]
    for seat in range(players - 1, -1, -1):
        choice = chars[seat] if chars else game.dealt[0]
        game.play(seat, f"character {choice}")
    return game


def build(game, seat: int, tiles: list[tuple[int, int, int, int]]) -> None:
    """Add tiles (tile_id, q, r, worker) to an island; the tiles leave the stack or the offer."""
    for tile_id, q, r, worker in tiles:
        if tile_id in game.stack:
            game.stack.remove(tile_id)
        elif tile_id in game.offer:
            slot = game.offer.index(tile_id)
            game.offer[slot] = game.stack.pop()
        if worker:
            spaces = [i for i, here in enumerate(game.dock[seat]) if here]
            game.dock[seat][spaces[-1]] = 0
        game.islands[seat].append([tile_id, q, r, worker, "", "", 0])
    game._derive()


def set_forge(game, faces: list[int]) -> None:
    game.forge = [0] * 7
    for face in faces:
        game.forge[face] += 1
    game._derive()


def offer_at(game, slot_letter: str, tile_id: int) -> None:
    """Put a tile in an offer slot (swapping it with the tile there)."""
    slot = D.SLOTS.index(slot_letter)
    old = game.offer[slot]
    if tile_id in game.stack:
        game.stack[game.stack.index(tile_id)] = old
    elif tile_id in game.offer:
        game.offer[game.offer.index(tile_id)] = old
    game.offer[slot] = tile_id
    game._derive()


def conserved_tiles(game) -> int:
    on_islands = sum(len(island) - 1 for island in game.islands)
    pending = sum(1 for tasks in game.tasks for task in tasks if task["t"] == "place")
    offered = sum(1 for t in game.offer if t >= 0)
    return on_islands + pending + offered + len(game.stack) + len(game.discarded)

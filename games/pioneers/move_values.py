"""The few move values that both the notation (moves.py) and the progress cards (progress.py)
need, with the ending every public line of a move shares.

A card plays its effect through the engine's own handlers (a Hoist's improvement, a Mason's wall,
an Armourer's promotions, a Herbalist's city, a Firebrand's discards), so it builds these values;
moves.py in turn reads the cards' verbs from progress.py. Kept here, below both, the two modules
never import each other in a circle. moves.py re-exports every name, so `moves.City` and the rest
stay where readers look for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lang import tr

Amounts = tuple[int, int, int, int, int]  # cards per resource, in the order of D.RESOURCES


@dataclass(frozen=True, slots=True)
class Discard:
    cards: Amounts


@dataclass(frozen=True, slots=True)
class City:
    node: int


@dataclass(frozen=True, slots=True)
class Promote:
    node: int


@dataclass(frozen=True, slots=True)
class Wall:
    node: int


@dataclass(frozen=True, slots=True)
class Improve:
    track: int  # index in RD.TRACKS
    node: int | None  # the city taking the track's metropolis, when this level takes it


def discard_options(hand: Sequence[int], k: int, limit: int) -> list[list[int]]:
    """Combinations of exactly k cards from a hand of any number of kinds, at most `limit`: the
    most even one first (the kind of which most are left, again and again), then the others with
    the most of the first kind first, and so on."""
    kinds = len(hand)
    greedy = [0] * kinds
    left = list(hand)
    for _ in range(k):
        best = max(range(kinds), key=lambda index: (left[index], -index))
        left[best] -= 1
        greedy[best] += 1
    found = [greedy]
    suffix = [0] * (kinds + 1)
    for index in range(kinds - 1, -1, -1):
        suffix[index] = suffix[index + 1] + hand[index]

    def walk(index: int, rest: int, chosen: list[int]) -> bool:
        if index == kinds - 1:
            option = [*chosen, rest]
            if option != greedy:
                found.append(option)
            return len(found) >= limit
        for take in range(min(hand[index], rest), max(0, rest - suffix[index + 1]) - 1, -1):
            if walk(index + 1, rest - take, [*chosen, take]):
                return True
        return False

    if k <= suffix[0]:
        walk(0, k, [])
    return found


def close_line(game: Any, seat: int, who: str, line: str) -> str:
    """A move's public line ended: the winner told when the move won the game."""
    if game.phase == "over" and game.winner == seat:
        line += " — " + tr("{who} reaches {points} points and wins!").format(who=who, points=game.total_points(seat))
    return line if line.endswith(("!", "`")) else line + "."

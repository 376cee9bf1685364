"""Points for a finished table: what each seat earns towards a season's or an event's standings.

A table's result is its ranks (1 is best; seats that tie share a rank). Either convention of
shared ranks is read the same way, competition (1, 1, 3) or dense (1, 1, 2): only the order of
the values and which of them are equal count.

- By default a table is won or not: the winner earns 1, everyone else 0.
- With `by_place`, every place is worth something: first 1, last 0, the places between spread
  evenly (at four seats 1, 2/3, 1/3, 0).

Ties split what the places they cover are worth, so a table always hands out the same total.
"""

from __future__ import annotations

from collections.abc import Sequence


def placement_points(ranks: Sequence[int], by_place: bool = False) -> list[float]:
    """Each seat's points, in seat order, for a table that finished with these ranks."""
    seats = len(ranks)
    if seats == 0:
        return []
    if seats == 1:
        # DESIGNED: a table of one has a first place and no last; it counts as a win in either
        # scale, the same as the win it is in the table's own outcome.
        return [1.0]
    order = sorted(range(seats), key=lambda seat: ranks[seat])
    worth = [_place_worth(place, seats, by_place) for place in range(seats)]
    points = [0.0] * seats
    start = 0
    while start < seats:
        end = start
        while end < seats and ranks[order[end]] == ranks[order[start]]:
            end += 1
        # DESIGNED: seats that tie share equally what the places they cover are worth. By default
        # only first place is worth anything: winners who tie split the 1, and a tie further down
        # splits 0 (a tie for second is still not a win). By place, a tie for 2nd and 3rd of four
        # gives each (2/3 + 1/3) / 2 = 1/2. Every table then gives out the same total, 1 by
        # default and seats / 2 by place, however it ends.
        share = sum(worth[start:end]) / (end - start)
        for place in range(start, end):
            points[order[place]] = share
        start = end
    return points


def _place_worth(place: int, seats: int, by_place: bool) -> float:
    """What the place (0 for first) is worth at a table of `seats` (two or more)."""
    if by_place:
        return (seats - 1 - place) / (seats - 1)
    return 1.0 if place == 0 else 0.0

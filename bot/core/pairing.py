"""Swiss pairing for events at tables of two to four seats, and the standings that order them.

A pure module: `pair_round` gives the same round for the same entrants and seed, draws from its own
`random.Random(seed)` and keeps nothing between calls. What a round needs to know of each player
comes in an `Entrant`: points so far, how often they met each other player, byes, first seats.

How a round is made, in this order of importance:

1. The count. Tables have the game's seats k, or k - 1 where the count needs it (never below the
   game's minimum, never a table of one); only when no such split exists do players sit out.
2. Byes. They go to the players with the fewest byes, and among them to the lowest on points,
   then on opponents' points, then on rating, then by the seeded draw: nobody gets a second bye
   while anyone has none.
3. First seats at two seats. A player's balance is first seats minus second seats (a meeting is a
   game at two seats, so the games are the meetings). Two players who would both leave +-1 are
   not seated together where the round allows it, and at each table the lower balance sits first;
   so every balance stays within +-1 however the results go.
4. Repeat opponents. Each pair seated together again costs the times they have already met.
5. Like points together. The players are ordered by points, then rating, then the seeded draw
   (so the first round, everyone on 0, goes by rating); the round starts from consecutive
   tables in that order, and a table costs the squared differences of its players' points, then
   of their places in the order.

Steps 3 to 5 weigh as a lexicographic cost: no saving on a later step is worth a cost on an
earlier one. The search starts from the ideal tables of step 5 and swaps pairs of players between
tables, first every swap that lowers the cost, then, while any repeat or first-seat conflict is
left, a short tabu search over the players at conflicted tables (the best swap each time, even
one that costs, with the players just moved held still for a few steps) that keeps the best round
it met.

A field of up to 64 players then searches again from other draws of the order among equal points
when the round still has a conflict (fresh starts find what one long search misses), or when some
player is running short of opponents not yet met: then a look one round ahead (with points as they
stand) prefers, among rounds as good on steps 3 to 5's conflicts and points, the one after which
the next round can have fewest repeats. So 16 players in fours play the 5 rounds of the affine
plane of order 4, in which everyone meets everyone once, where a round-by-round choice blind to
the next round met repeats in round 4 in 16 of 20 seeded events.

Every search's length is a fixed count of evaluations, so the result never depends on the
machine. bench/pairing.py measures the repeats and the time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.core.placement import placement_points
from lang import N_

# A round's cost is a pair compared in order: the conflicts, a whole number (a first-seat conflict
# weighs COLOUR, more than any round's repeats; a repeat the times the pair met), then closeness:
# each point difference at a table squared and weighed POINTS, each difference of places in the
# order, as a share of the field, squared and weighed 1 (a twelfth of a point outweighs it).
COLOUR = 1_000_000
POINTS = 1e3
CLOSER = 1e-6  # a saving in closeness smaller than this is rounding, not a better round

# DESIGNED: the searches' lengths in swaps tried, a few tenths of a second at most in all for a
# small field's hardest round (bench/pairing.py), while 256 players are paired in tens of
# milliseconds. Small fields search again from 30 other draws, each 2,000 swaps, and each looks
# ahead with as many; a look ahead begins once a player has fewer than 5 tables' worth of
# opponents not yet met (24 in fours, after 3 rounds), which is when a choice starts to close
# off the next round; larger fields have room enough.
SEARCH_EVALUATIONS = 10_000
LOOKAHEAD_FIELD = 64
LOOKAHEAD_FRESH = 5
LOOKAHEAD_TRIES = 30
LOOKAHEAD_EVALUATIONS = 2_000
WINDOW = 2  # tables either side searched first for a swap; the whole field only when none of them helps


@dataclass(frozen=True)
class Entrant:
    key: str
    points: float
    met: Mapping[str, int] = field(default_factory=dict)  # times met each other key
    byes: int = 0
    first_seats: int = 0
    rating: float = 0.0


@dataclass(frozen=True)
class Round:
    tables: tuple[tuple[str, ...], ...]  # each table's keys in seat order, first seat first; top table first
    byes: tuple[str, ...]


@dataclass(frozen=True)
class Standing:
    place: int  # shared by players equal on points and on the tie-break
    key: str
    points: float
    opponents_points: float  # the tie-break: the mean points of the opponents met


PAIRING_EXPLAINED = N_(
    "Each round seats players with the same points, or as close as the count allows, at the same "
    "tables. In the first round nobody has points yet, so players of similar rating sit together, "
    "and a seeded draw settles the rest.\n\n"
    "Players who have already met are kept apart whenever the count allows it.\n\n"
    "When the players do not fill every table, some tables have one seat fewer. Only when that "
    "does not work either do the lowest players who have not yet had a bye sit the round out, and "
    "nobody gets a second bye while another player has had none. A bye is worth what an average "
    "seat at a full table earns, so sitting out neither costs nor gains.\n\n"
    "At two seats, whoever has sat first less often than second sits first, so that no player's "
    "first seats and second seats ever differ by more than one.\n\n"
    "Players on equal points are separated by the average points of the opponents they have met. "
    "Players still equal share the place."
)


def bye_points(seats: int, by_place: bool = False) -> float:
    """What a bye is worth in an event of tables of `seats`.

    DESIGNED: the average a seat earns at a full table (a quarter of a win at four seats, a half at
    two; a half by place). Byes go to the lowest players, who would not expect more than the
    average from a game, and a full win would lift a player who did not play above one who did.
    """
    return sum(placement_points(list(range(1, seats + 1)), by_place)) / seats


def table_sizes(count: int, seats: int, min_seats: int) -> tuple[list[int], int]:
    """The sizes of the tables for `count` players (largest first) and how many sit out.

    Sizes are `seats` or `seats - 1`, and never below `min_seats` nor a table of one. Players sit
    out only when no such split of the whole count exists, and then as few as possible; among the
    splits, the one with the most full tables.
    """
    if seats < 2 or not 1 <= min_seats <= seats:
        raise ValueError(f"a table of {seats} seats with a minimum of {min_seats} cannot be paired")
    if count < 0:
        raise ValueError("a negative count of players")
    small = seats - 1 if seats - 1 >= max(min_seats, 2) else 0
    for sitting_out in range(count + 1):
        rest = count - sitting_out
        for full in range(rest // seats, -1, -1):
            left = rest - full * seats
            if left == 0:
                return [seats] * full, sitting_out
            if small and left % small == 0:
                return [seats] * full + [small] * (left // small), sitting_out
    return [], count


def opponents_points(entrant: Entrant, points: Mapping[str, float]) -> float:
    """Mean points of the opponents met, each counted once per meeting; 0 before any meeting.

    The mean rather than the sum (the plain Buchholz score) because tables of k and k - 1 seats and
    byes give players different numbers of opponents. Opponents whose points are unknown (gone
    from the event and not given) are left out.
    """
    total = 0.0
    meetings = 0
    for other, times in entrant.met.items():
        if times > 0 and other in points:
            total += times * points[other]
            meetings += times
    return total / meetings if meetings else 0.0


def standings(entrants: Sequence[Entrant], others: Mapping[str, float] | None = None) -> list[Standing]:
    """The entrants in order: points, then the mean points of the opponents they met, then the key.

    The key only makes the order stable: players equal on points and opponents' points share a
    place. `others` gives the points of players met who are no longer among the entrants.
    """
    points = dict(others or {})
    points.update((entrant.key, entrant.points) for entrant in entrants)
    rows = [(entrant, opponents_points(entrant, points)) for entrant in entrants]
    # Points are sums of fractions (thirds, quarters); rounded, equal totals compare equal.
    ranked = sorted(rows, key=lambda row: (-round(row[0].points, 9), -round(row[1], 9), row[0].key))
    table: list[Standing] = []
    for index, (entrant, opp) in enumerate(ranked):
        place = index + 1
        if table:
            previous = table[-1]
            if round(previous.points, 9) == round(entrant.points, 9) and round(
                previous.opponents_points, 9
            ) == round(opp, 9):
                place = previous.place
        table.append(Standing(place, entrant.key, entrant.points, opp))
    return table


def pair_round(entrants: Sequence[Entrant], seats: int, min_seats: int, seed: int | str) -> Round:
    """The next round's tables and byes (see the module's docstring for how they are chosen)."""
    people = sorted(entrants, key=lambda entrant: entrant.key)
    keys = [entrant.key for entrant in people]
    if len(set(keys)) != len(keys):
        raise ValueError("an entrant is listed twice")
    sizes, sitting_out = table_sizes(len(people), seats, min_seats)
    rng = random.Random(seed)
    draw = {entrant.key: rng.random() for entrant in people}
    points = {entrant.key: entrant.points for entrant in people}
    opp = {entrant.key: opponents_points(entrant, points) for entrant in people}

    lowest_first = sorted(
        people, key=lambda e: (e.byes, round(e.points, 9), round(opp[e.key], 9), e.rating, draw[e.key])
    )
    byes = lowest_first[:sitting_out]
    bye_keys = {entrant.key for entrant in byes}
    order = sorted(
        (entrant for entrant in people if entrant.key not in bye_keys),
        key=lambda e: (-round(e.points, 9), -e.rating, draw[e.key]),
    )
    search = _Search(order, sizes, seats == 2, rng)
    search.run()
    search.redraw()
    tables = []
    for members in search.tables:
        seated = [order[index] for index in sorted(members)]
        if seats == 2:
            # the lower balance sits first; equal balances go by fewer first seats, then the draw
            seated.sort(key=lambda e: (_balance(e), e.first_seats, draw[e.key]))
        else:
            seated.sort(key=lambda e: (e.first_seats, draw[e.key]))
        tables.append((min(members), tuple(entrant.key for entrant in seated)))
    tables.sort()
    return Round(tuple(table for _, table in tables), tuple(entrant.key for entrant in byes))


def _balance(entrant: Entrant) -> int:
    """First seats minus second seats, at two seats where every meeting was one game."""
    return 2 * entrant.first_seats - sum(entrant.met.values())


def _over(balance: int) -> int:
    return abs(balance) - 1 if abs(balance) > 1 else 0


class _Search:
    """Tables of players (indices into the order) improved by swapping players between them."""

    def __init__(
        self,
        order: Sequence[Entrant],
        sizes: Sequence[int],
        two_seats: bool,
        rng: random.Random,
        met: list[list[int]] | None = None,
        budget: int = SEARCH_EVALUATIONS,
    ):
        count = len(order)
        self.count = count
        self.rng = rng
        self.two_seats = two_seats
        if met is None:
            index = {entrant.key: number for number, entrant in enumerate(order)}
            met = [[0] * count for _ in range(count)]
            for number, entrant in enumerate(order):
                row = met[number]
                for other, times in entrant.met.items():
                    if other in index:
                        row[index[other]] = times
        self.met = met
        self.order = order
        self.sizes = sizes
        self.points = [entrant.points for entrant in order]
        self.balance = [_balance(entrant) for entrant in order] if two_seats else [0] * count
        self.spread = 1.0 / max(count, 1)
        self.tables: list[list[int]] = []
        self.where = [0] * count
        start = 0
        for size in sizes:
            members = list(range(start, start + size))
            for member in members:
                self.where[member] = len(self.tables)
            self.tables.append(members)
            start += size
        self.evaluations = 0
        self.budget = budget
        self.touched: set[int] = set()  # tables changed since the last pass over their neighbours

    # --- costs: (conflicts, closeness), compared in that order -----------------------------------

    def colour_cost(self, a: int, b: int) -> int:
        low, high = sorted((self.balance[a], self.balance[b]))
        return COLOUR * (_over(low + 1) + _over(high - 1))

    def table_cost(self, members: Sequence[int]) -> tuple[int, float]:
        hard = 0
        soft = 0.0
        for position, a in enumerate(members):
            for b in members[position + 1 :]:
                gap = self.points[a] - self.points[b]
                far = (a - b) * self.spread
                hard += self.met[a][b]
                soft += POINTS * gap * gap + far * far
        if self.two_seats and len(members) == 2:
            hard += self.colour_cost(members[0], members[1])
        return hard, soft

    def total(self) -> tuple[int, float]:
        costs = [self.table_cost(members) for members in self.tables]
        return sum(hard for hard, _ in costs), sum(soft for _, soft in costs)

    def conflicted(self, members: Sequence[int]) -> bool:
        for position, a in enumerate(members):
            row = self.met[a]
            for b in members[position + 1 :]:
                if row[b]:
                    return True
        if self.two_seats and len(members) == 2:
            return self.colour_cost(members[0], members[1]) > 0
        return False

    def swap_delta(self, i: int, j: int) -> tuple[int, float]:
        """The change in cost if players i and j (at different tables) changed places."""
        self.evaluations += 1
        table_i = self.tables[self.where[i]]
        table_j = self.tables[self.where[j]]
        met_i = self.met[i]
        met_j = self.met[j]
        points = self.points
        points_i = points[i]
        points_j = points[j]
        spread = self.spread
        hard = 0
        soft = 0.0
        for x in table_i:
            if x != i:
                gap_j = points_j - points[x]
                gap_i = points_i - points[x]
                far_j = (j - x) * spread
                far_i = (i - x) * spread
                hard += met_j[x] - met_i[x]
                soft += POINTS * (gap_j * gap_j - gap_i * gap_i) + far_j * far_j - far_i * far_i
        for y in table_j:
            if y != j:
                gap_i = points_i - points[y]
                gap_j = points_j - points[y]
                far_i = (i - y) * spread
                far_j = (j - y) * spread
                hard += met_i[y] - met_j[y]
                soft += POINTS * (gap_i * gap_i - gap_j * gap_j) + far_i * far_i - far_j * far_j
        if self.two_seats and len(table_i) == 2 and len(table_j) == 2:
            mate_i = table_i[0] if table_i[1] == i else table_i[1]
            mate_j = table_j[0] if table_j[1] == j else table_j[1]
            hard += (
                self.colour_cost(j, mate_i)
                + self.colour_cost(i, mate_j)
                - self.colour_cost(i, mate_i)
                - self.colour_cost(j, mate_j)
            )
        return hard, soft

    def swap(self, i: int, j: int) -> None:
        at_i, at_j = self.where[i], self.where[j]
        table_i, table_j = self.tables[at_i], self.tables[at_j]
        table_i[table_i.index(i)] = j
        table_j[table_j.index(j)] = i
        self.where[i], self.where[j] = at_j, at_i
        self.touched.update((at_i, at_j))

    # --- search --------------------------------------------------------------------------------

    def run(self) -> None:
        if len(self.tables) < 2:
            return
        self.descend()
        if any(self.conflicted(members) for members in self.tables):
            self.tabu()
            self.descend()

    def conflicted_players(self) -> list[int]:
        return [player for members in self.tables if self.conflicted(members) for player in members]

    def best_swap(self, i: int, candidates) -> int:
        """The partner of i's best improving swap among the candidates, or -1."""
        best: tuple[int, float] = (0, -CLOSER)
        partner = -1
        at = self.where[i]
        for j in candidates:
            if self.where[j] != at:
                hard, soft = self.swap_delta(i, j)
                if hard < best[0] or (hard == best[0] and soft < best[1]):
                    best, partner = (hard, soft - CLOSER), j
        return partner

    def near(self, i: int) -> range:
        reach = WINDOW * len(self.tables[self.where[i]])
        return range(max(0, i - reach), min(self.count, i + reach + 1))

    def descend(self) -> None:
        """Improving swaps until none is left: each conflicted player's best swap anywhere, then the best
        swap near each player of a table that changed (the tables as first laid out need none)."""
        while True:
            moved = False
            for i in self.conflicted_players():
                if not self.conflicted(self.tables[self.where[i]]):
                    continue
                j = self.best_swap(i, self.near(i))
                if j < 0:
                    j = self.best_swap(i, range(self.count))
                if j >= 0:
                    self.swap(i, j)
                    moved = True
            changed = sorted(self.touched)
            self.touched.clear()
            for i in [player for at in changed for player in self.tables[at]]:
                j = self.best_swap(i, self.near(i))
                if j >= 0:
                    self.swap(i, j)
                    moved = True
            if not moved:
                return

    # --- a look at the next round ----------------------------------------------------------------

    def at_risk(self) -> bool:
        """Whether some player is running out of opponents not yet met, so that this round's choice
        may force a repeat in the next."""
        largest = max(len(members) for members in self.tables)
        fresh = min(self.count - 1 - sum(1 for times in row if times) for row in self.met)
        # after this round, a player left with fewer than a table's worth meets someone again anyway
        return 2 * (largest - 1) <= fresh < LOOKAHEAD_FRESH * (largest - 1)

    def points_cost(self) -> float:
        cost = 0.0
        for members in self.tables:
            for position, a in enumerate(members):
                for b in members[position + 1 :]:
                    gap = self.points[a] - self.points[b]
                    cost += gap * gap
        return cost

    def next_repeats(self) -> int:
        """The fewest repeats a next round could have after this one (points as they stand)."""
        met = [list(row) for row in self.met]
        for members in self.tables:
            for a in members:
                for b in members:
                    if a != b:
                        met[a][b] += 1
        probe = _Search(
            self.order, self.sizes, False, random.Random(self.rng.random()), met, LOOKAHEAD_EVALUATIONS
        )
        probe.run()
        return probe.total()[0]

    def redraw(self) -> None:
        """In a small field, rounds found again from other draws of the order among equal points:
        kept if fewer conflicts, or as few and as close on points but leaving the next round fewer
        repeats (DESIGNED: a player would rather sit a little further from their place among equals
        than meet someone again a round later). Fresh starts find what one long search misses."""
        if self.count > LOOKAHEAD_FIELD or len(self.tables) < 2:
            return
        risk = self.at_risk()
        hard, soft = self.total()
        best = (hard, round(self.points_cost(), 6), self.next_repeats() if risk else 0, soft)
        best_tables = self.tables
        for _ in range(LOOKAHEAD_TRIES):
            if best[0] == 0 and best[2] == 0:
                break
            redrawn = sorted(range(self.count), key=lambda i: (-round(self.points[i], 9), self.rng.random()))
            other = _Search(
                [self.order[i] for i in redrawn],
                self.sizes,
                self.two_seats,
                random.Random(self.rng.random()),
                [[self.met[a][b] for b in redrawn] for a in redrawn],
                LOOKAHEAD_EVALUATIONS,
            )
            other.run()
            self.set_tables([[redrawn[x] for x in members] for members in other.tables])
            hard, soft = self.total()
            points = round(self.points_cost(), 6)
            if (hard, points) <= best[:2]:
                candidate = (hard, points, self.next_repeats() if risk else 0, soft)
                if candidate < best:
                    best, best_tables = candidate, self.tables
        self.set_tables(best_tables)

    def set_tables(self, tables: list[list[int]]) -> None:
        self.tables = tables
        for number, members in enumerate(tables):
            for member in members:
                self.where[member] = number

    def tabu(self) -> None:
        """The best swap of a conflicted player each step, costly or not; the best round met kept."""
        cost = self.total()
        best_cost = cost
        best_tables = [list(members) for members in self.tables]
        held_until = [0] * self.count
        step = 0
        while self.evaluations < self.budget and best_cost[0] > 0:
            step += 1
            choice: tuple[int, float, float, int, int] | None = None
            for i in self.conflicted_players():
                at = self.where[i]
                for j in range(self.count):
                    if self.where[j] == at:
                        continue
                    hard, soft = self.swap_delta(i, j)
                    if (held_until[i] > step or held_until[j] > step) and not _better(
                        (cost[0] + hard, cost[1] + soft), best_cost
                    ):
                        continue  # held still, unless the swap makes the best round yet
                    ranked = (hard, soft, self.rng.random(), i, j)
                    if choice is None or ranked < choice:
                        choice = ranked
            if choice is None:
                break
            i, j = choice[3], choice[4]
            self.swap(i, j)
            cost = self.total()  # summed afresh, so that rounding does not pile up over the steps
            tenure = 2 + self.rng.randrange(max(2, len(self.tables)))
            held_until[i] = held_until[j] = step + tenure
            if _better(cost, best_cost):
                best_cost = cost
                best_tables = [list(members) for members in self.tables]
        self.set_tables(best_tables)


def _better(cost: tuple[int, float], than: tuple[int, float]) -> bool:
    return cost[0] < than[0] or (cost[0] == than[0] and cost[1] < than[1] - CLOSER)

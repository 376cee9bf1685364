"""One player's board: gauges, rudder, route ring and engine room, with the gauge limits.

The state machine (`game.py`) decides when things happen; this module only keeps one
player's pieces and the arithmetic of paying fuel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.growsky.data import (
    FUEL_MAX,
    GROW_MAX,
    LV0_CAP,
    PLACEMENT_BY_TEXT,
    ROOM_CARD_MASKS,
    ROW_MASKS,
    ROWS,
    START_CUBES,
    START_FUEL,
    TILES,
)
from lang import ngettext, tr

PAY_SOURCES = ("fuel", "lv1", "lv2", "lv3")  # what fuel is paid from, in the usual order


def source_words(index: int, count: int) -> str:
    """`2 Lv. 1 cubes`, `1 fuel in the gauge`: a count of one source of PAY_SOURCES."""
    if index == 0:
        return tr("{count} fuel in the gauge").format(count=count)
    return ngettext("{count} Lv. {level} cube", "{count} Lv. {level} cubes", count).format(count=count, level=index)


LIMITS = {"grow": GROW_MAX, "fuel": FUEL_MAX}  # victory points have no limit


class Board:
    __slots__ = ("vp", "grow", "fuel", "search", "cubes", "cap", "pos", "flown", "route", "parts", "card", "filled")

    def __init__(self) -> None:
        self.vp = 0
        self.grow = 0
        self.fuel = 0
        self.search = 0
        self.cubes = [0, 0, 0, 0]  # blue cubes on rudder levels 0..3
        self.cap = LV0_CAP
        self.pos = 0  # ring index 0..15; 0 is the start checkpoint
        self.flown = 0  # route spaces flown in all
        self.route: list[list[list[int]]] = [[] for _ in range(12)]  # per space: stack of [tile id, upgraded]
        self.parts: list[list[str]] = []  # [shape, placement text] in the order placed
        self.card: list[Any] | None = None  # [card index, side 0/1] in advanced mode
        self.filled = 0

    @classmethod
    def start(cls, seat: int) -> Board:
        board = cls()
        board.fuel = START_FUEL[seat]
        board.cubes = list(START_CUBES)
        return board

    # -- resources --------------------------------------------------------------------
    def gain(self, name: str, amount: int) -> int:
        """Add to a gauge up to its limit; returns what was actually gained."""
        have = getattr(self, name)
        new = min(LIMITS.get(name, have + amount), have + amount)
        setattr(self, name, new)
        return new - have

    def spendable(self) -> int:
        """Fuel this player can pay: the gauge plus cubes at their level's value."""
        c = self.cubes
        return self.fuel + c[1] // 2 + c[2] + c[3]

    def payment(self, amount: int, plan: Sequence[tuple[str, int | None]] = ()) -> list[int]:
        """What paying `amount` fuel takes: [fuel, Lv. 1, Lv. 2, Lv. 3 cubes]. The plan's counts
        are taken first, exactly (gauge fuel or cubes); then the sources it names without a count,
        in its order, as much as each pays; the rest comes in the usual order: the gauge, then
        Lv. 1 cubes two a fuel, then Lv. 2, then Lv. 3 (kept last for the free actions only they
        allow). A plan that cannot be followed raises ValueError with the reason."""
        assert amount <= self.spendable()
        have = [self.fuel, *self.cubes[1:]]
        paid = [0, 0, 0, 0]
        order = [item for item in plan if item[1] is not None] + [item for item in plan if item[1] is None]
        for source, count in [*order, *((source, None) for source in PAY_SOURCES)]:
            i = PAY_SOURCES.index(source)
            rate = 2 if i == 1 else 1  # cubes (or fuel) to one fuel
            left = have[i] - paid[i]
            if count is None:
                take = min(left // rate, amount) * rate
            else:
                if count > left:
                    raise ValueError(tr("you have only {what}").format(what=source_words(i, left)) if left else
                                     tr("you have no fuel in the gauge") if i == 0 else
                                     tr("you have no Lv. {level} cube").format(level=i))
                if count % rate:
                    raise ValueError(tr("Lv. 1 cubes pay in pairs, two for a fuel"))
                if count // rate > amount:
                    raise ValueError(tr("that pays more than the move costs"))
                take = count
            paid[i] += take
            amount -= take // rate
        return paid

    def payments(self, amount: int) -> list[list[int]]:
        """Every distinct way to pay `amount` fuel, [fuel, Lv. 1, Lv. 2, Lv. 3] as `payment`
        gives: the usual order first, then the others keeping ever more of the gauge, Lv. 1,
        Lv. 2 and Lv. 3 in that order (the usual order keeps the most of the later ones)."""
        fuel, c = self.fuel, self.cubes
        out = []
        for pairs in range(min(c[1] // 2, amount), -1, -1):
            for two in range(min(c[2], amount - pairs), -1, -1):
                for three in range(min(c[3], amount - pairs - two), -1, -1):
                    gauge = amount - pairs - two - three
                    if gauge <= fuel:
                        out.append([gauge, 2 * pairs, two, three])
        out.sort(reverse=True)
        return out

    def pay(self, amount: int, plan: Sequence[tuple[str, int | None]] = ()) -> list[int]:
        """Pay fuel as `payment` says; returns cubes paid per level (index 0 is always 0)."""
        paid = self.payment(amount, plan)
        self.fuel -= paid[0]
        for level in (1, 2, 3):
            self.cubes[level] -= paid[level]
        return [0, *paid[1:]]

    def turn_rudder(self) -> None:
        c = self.cubes
        self.cubes = [0, c[0], c[1], c[2] + c[3]]

    # -- route ------------------------------------------------------------------------
    def top(self, space: int) -> list[int] | None:
        stack = self.route[space]
        return stack[-1] if stack else None

    def upgraded(self) -> int:
        return sum(1 for stack in self.route if stack and stack[-1][1])

    # -- engine room ------------------------------------------------------------------
    def rebuild(self) -> None:
        filled = 0
        if self.card is not None:
            filled |= ROOM_CARD_MASKS[self.card[0]][self.card[1]]
        for shape, text in self.parts:
            filled |= PLACEMENT_BY_TEXT[shape][text]
        self.filled = filled

    def blanks(self) -> int:
        return 56 - self.filled.bit_count()

    def full_rows(self) -> list[int]:
        return [r for r in range(ROWS) if self.filled & ROW_MASKS[r] == ROW_MASKS[r]]

    def engine_cubes(self) -> int:
        return sum(1 for shape, _ in self.parts if shape == "cube")

    def copy(self) -> Board:
        board = Board.__new__(Board)
        board.vp, board.grow, board.fuel, board.search = self.vp, self.grow, self.fuel, self.search
        board.cubes = list(self.cubes)
        board.cap, board.pos, board.flown, board.filled = self.cap, self.pos, self.flown, self.filled
        board.route = [[list(t) for t in stack] for stack in self.route]
        board.parts = [list(p) for p in self.parts]
        board.card = list(self.card) if self.card is not None else None
        return board

    # -- persistence ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "vp": self.vp, "grow": self.grow, "fuel": self.fuel, "search": self.search,
            "cubes": list(self.cubes), "cap": self.cap, "pos": self.pos, "flown": self.flown,
            "route": [[list(t) for t in stack] for stack in self.route],
            "parts": [list(p) for p in self.parts],
            "card": list(self.card) if self.card is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        board = cls()
        for name in ("vp", "grow", "fuel", "search", "cap", "pos", "flown"):
            setattr(board, name, data[name])
        board.cubes = list(data["cubes"])
        board.route = [[list(t) for t in stack] for stack in data["route"]]
        board.parts = [list(p) for p in data["parts"]]
        board.card = list(data["card"]) if data["card"] is not None else None
        board.rebuild()
        return board


def tile_side(tile: list[int]) -> tuple[str, str]:
    """(colour, bonus) of a placed tile [id, upgraded]."""
    info = TILES[tile[0]]
    return info["back"] if tile[1] else info["front"]

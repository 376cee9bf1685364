"""One player's board: gauges, rudder, route ring and engine room, with the gauge limits.

The state machine (`game.py`) decides when things happen; this module only keeps one
player's pieces and the arithmetic of paying fuel.
"""

from __future__ import annotations

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

PAY_SOURCES = ("fuel", "lv1", "lv2", "lv3")  # what fuel is paid from, in the usual order
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

    def payment(self, amount: int, first: str | None = None) -> list[int]:
        """What paying `amount` fuel takes: [fuel, Lv. 1, Lv. 2, Lv. 3 cubes]. The usual order is
        the gauge, then Lv. 1 cubes two a fuel, then Lv. 2, then Lv. 3 (kept last for the free
        actions only they allow); `first` (`fuel`, `lv1`, `lv2`, `lv3`) is drawn on before the
        others, which then follow in the usual order."""
        assert amount <= self.spendable()
        order = [first] if first in PAY_SOURCES else []
        order += [source for source in PAY_SOURCES if source not in order]
        paid = [0, 0, 0, 0]
        for source in order:
            if source == "fuel":
                take = min(self.fuel, amount)
                paid[0] = take
            elif source == "lv1":
                take = min(self.cubes[1] // 2, amount)
                paid[1] = 2 * take
            else:
                level = int(source[2])
                take = min(self.cubes[level], amount)
                paid[level] = take
            amount -= take
        return paid

    def pay(self, amount: int, first: str | None = None) -> list[int]:
        """Pay fuel as `payment` says; returns cubes paid per level (index 0 is always 0)."""
        paid = self.payment(amount, first)
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

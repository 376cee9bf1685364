"""Tally: the game of bench/trust.py, where every move of a table has its own text, so that a
move in the log, a line of a post and the interaction that sent it can be matched by text alone.

Seats mark in turn. A person plays `mark <k>` with any whole number k larger than the last one
a person marked at the table (the bench uses its own running count of interactions); the
computer plays `auto <n>`, n the number of the move. The game never ends.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Game, IllegalMove


class Tally(Game):
    key = "tally"
    title = "Tally"
    min_players = 1
    max_players = 4

    def __init__(self, players: int, turn: int = 0, count: int = 0, last: int = 0):
        self._players, self.turn, self.count, self.last = players, turn, count, last

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Tally:
        return cls(players)

    @property
    def players(self) -> int:
        return self._players

    def to_dict(self) -> dict[str, Any]:
        return {"players": self._players, "turn": self.turn, "count": self.count, "last": self.last}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        return cls(data["players"], data["turn"], data["count"], data["last"])

    def to_act(self) -> list[int]:
        return [self.turn]

    def legal_moves(self, seat: int) -> list[str]:
        return [self._auto()] if seat == self.turn else []

    def _auto(self) -> str:
        return f"auto {self.count + 1}"

    def play(self, seat: int, move: str) -> None:
        if seat != self.turn:
            raise IllegalMove("It is not your turn.")
        word, _, number = self.normalize(move).partition(" ")
        if word == "mark" and number.isdigit() and int(number) > self.last:
            self.last = int(number)
        elif self.normalize(move) != self._auto():
            raise IllegalMove(f"`{move}` is not a move here: mark a number above {self.last}.")
        self.count += 1
        self.turn = (self.turn + 1) % self._players

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"game": self.key, **self.to_dict()}

    def outcome(self) -> None:
        return None

    def ai_move(self, seat: int, rng: random.Random) -> str:
        return self._auto()

    def redeal_hidden(self, rng: random.Random) -> bool:
        return False

    @classmethod
    def rules_help(cls) -> str:
        return "Mark a number larger than the last one marked (`mark 12`). The game never ends."

    def status(self, names: Sequence[str]) -> str:
        return f"{self.count} moves marked; {names[self.turn]} marks next."


GAME = Tally

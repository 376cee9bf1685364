"""A tiny game used to test the service and adapters apart from any real game's rules.

Players take 1 to `most` sticks in turn from a pile; whoever takes the last stick wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Game, IllegalMove, OptionSpec, Outcome, parse_options, rank_by


class Sticks(Game):
    key = "sticks"
    title = "Sticks"
    min_players = 1
    max_players = 4
    options = (
        OptionSpec("sticks", int, 15, "How many sticks lie in the pile", min=3, max=200),
        OptionSpec("most", int, 3, "Most sticks one turn may take", min=1, max=60),
    )

    def __init__(self, players: int, pile: int, most: int = 3, turn: int = 0, taken: list[int] | None = None,
                 last: int = -1):
        self._players, self.pile, self.most, self.turn = players, pile, most, turn
        self.taken = taken or [0] * players
        self.last = last

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Sticks:
        values = parse_options(cls.options, options)
        return cls(players, values["sticks"], values["most"])

    @property
    def players(self) -> int:
        return self._players

    def to_dict(self) -> dict[str, Any]:
        return {"players": self._players, "pile": self.pile, "most": self.most, "turn": self.turn,
                "taken": self.taken, "last": self.last}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sticks:
        return cls(data["players"], data["pile"], data["most"], data["turn"], list(data["taken"]), data["last"])

    def to_act(self) -> list[int]:
        return [] if self.pile == 0 else [self.turn]

    def legal_moves(self, seat: int) -> list[str]:
        if seat not in self.to_act():
            return []
        return [f"take {n}" for n in range(1, min(self.most, self.pile) + 1)]

    def play(self, seat: int, move: str) -> None:
        if seat not in self.to_act():
            raise IllegalMove("It is not your turn.")
        if self.normalize(move) not in self.legal_moves(seat):
            raise IllegalMove(f"`{move}` is not a move here: take 1 to {min(self.most, self.pile)} sticks.")
        count = int(move.split()[1])
        self.pile -= count
        self.taken[seat] += count
        self.last = seat
        self.turn = (self.turn + 1) % self._players

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"game": "sticks", "pile": self.pile, "turn": self.turn, "taken": list(self.taken)}

    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        keys = [(seat == self.last,) for seat in range(self._players)]
        return Outcome(rank_by(keys), [float(t) for t in self.taken])

    def ai_move(self, seat: int, rng: random.Random) -> str:
        moves = self.legal_moves(seat)
        best = self.pile % (self.most + 1)
        return f"take {best}" if best and f"take {best}" in moves else rng.choice(moves)

    @classmethod
    def rules_help(cls) -> str:
        return "Take 1 to `most` sticks on your turn (`take 2`). Whoever takes the last stick wins."

    def status(self, names: Sequence[str]) -> str:
        return f"{self.pile} sticks left; {names[self.turn]} takes next." if self.pile else "No sticks left."

    def quick_moves(self, seat: int) -> list[str]:
        return self.legal_moves(seat)


GAME = Sticks

"""A tiny two-player game for the adapter's tests: take 1 to `most` sticks, last stick wins.

It follows the engine protocol of games/base.py and knows nothing of Discord.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Game, IllegalMove, OptionSpec, Outcome, parse_options


class Sticks(Game):
    key = "sticks"
    title = "Sticks"
    min_players = 2
    max_players = 2
    options = (
        OptionSpec("sticks", int, 15, "Sticks on the table at the start", min=5, max=200),
        OptionSpec("most", int, 3, "Most sticks one turn may take", min=1, max=60),
    )

    def __init__(self, players: int, left: int, most: int, turn: int = 0, winner: int | None = None):
        self._players = players
        self.left = left
        self.most = most
        self.turn = turn
        self.winner = winner

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Sticks:
        values = parse_options(cls.options, options)
        return cls(players, values["sticks"], values["most"])

    def to_dict(self) -> dict[str, Any]:
        return {"players": self._players, "left": self.left, "most": self.most, "turn": self.turn,
                "winner": self.winner}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sticks:
        return cls(data["players"], data["left"], data["most"], data["turn"], data["winner"])

    @property
    def players(self) -> int:
        return self._players

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def legal_moves(self, seat: int) -> list[str]:
        if self.winner is not None or seat != self.turn:
            return []
        return [f"take {n}" for n in range(1, min(self.most, self.left) + 1)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"left": self.left, "turn": self.turn}

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome([1 if s == self.winner else 2 for s in range(self._players)],
                       [1.0 if s == self.winner else 0.0 for s in range(self._players)])

    def play(self, seat: int, move: str) -> None:
        move = self.normalize(move)
        if seat != self.turn or self.winner is not None:
            raise IllegalMove("It is not your turn.")
        if move not in self.legal_moves(seat):
            raise IllegalMove(f"You may take 1 to {min(self.most, self.left)} sticks: write `take <n>`.")
        self.left -= int(move.split()[1])
        if self.left == 0:
            self.winner = seat
        self.turn = (self.turn + 1) % self._players

    def ai_move(self, seat: int, rng: random.Random) -> str:
        return rng.choice(self.legal_moves(seat))

    @classmethod
    def rules_help(cls) -> str:
        lines = ["**Sticks** — take turns taking sticks; whoever takes the last one wins.",
                 "```", "/move take 2", "```"]
        lines += [f"Example {n}: with {n + 4} sticks left, taking {n % 3 + 1} leaves {n + 3 - n % 3}."
                  for n in range(1, 120)]
        lines += ["```", "A long block", *[f"line {n} of a worked example" for n in range(60)], "```"]
        return "\n".join(lines)

    def status(self, names: Sequence[str]) -> str:
        return f"{self.left} sticks left; {names[self.turn]} takes next."

    def quick_moves(self, seat: int) -> list[str]:
        return self.legal_moves(seat)[:4]

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        moves = self.legal_moves(seat)
        return [("Take sticks", moves)] if moves else []


GAME = Sticks

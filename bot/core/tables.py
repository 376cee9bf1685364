"""A table as the service holds it in memory: its row, its seats and its live game."""

from __future__ import annotations

from dataclasses import dataclass

from db.store import SeatRow, TableRow
from games.base import Game


@dataclass
class Loaded:
    """A table as the service holds it in memory."""

    row: TableRow
    seats: list[SeatRow]
    game: Game | None

    @property
    def version(self) -> int:
        return self.row.version

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def names(self) -> list[str]:
        ordered = sorted((s for s in self.seats if s.seat is not None), key=lambda s: s.seat)
        return [s.name for s in ordered]

    def by_seat(self, seat: int) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

"""Grow Sky without its player (games/auto.py): nothing is hidden, so a lone legal move is forced
in public; the one question asked of every seat at once is the room card's side (advanced mode)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games import auto
from games.base import IllegalMove
from lang import tr

if TYPE_CHECKING:
    from games.growsky.game import GrowSky


class GrowSkyAuto(auto.OpenRules):
    @property
    def answers(self) -> tuple[auto.Answer, ...]:  # type: ignore[override]
        return (auto.Answer("side", tr("Advanced mode's room card: the side to choose for you (a or b), or off"), "a"),)

    @property
    def out_of_turn(self) -> str:  # type: ignore[override]
        return tr("Out of turn, in advanced mode, every seat chooses its room card's side: `/auto side:a` "
                  "chooses it for you.")

    def read(self, name: str, value: str) -> str:
        if name == "side":
            words = value.strip().lower().removeprefix("side ").strip()
            if words not in ("a", "b", "off"):
                raise IllegalMove(tr("`side:` is `a`, `b` or `off`."))
            return words
        return super().read(name, value)

    def standing(self, game: GrowSky, seat: int, answers: dict[str, str]) -> str | None:
        side = answers.get("side", "off")
        if side != "off" and game.phase == "room" and f"side {side}" in game.legal_moves(seat):
            return f"side {side}"
        return None


AUTO = GrowSkyAuto()

"""Propeller Islands without its player (games/auto.py). Blueprint hands are hidden (how many of
each level a seat holds is public), so a lone `pass` at the Blueprint step is forced in public
only when no Blueprint of the levels the seat holds could be paid with its (public) resources."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games import auto
from games.base import IllegalMove
from games.propeller import data as D
from lang import N_, tr

if TYPE_CHECKING:
    from games.propeller.game import PropellerGame


class PropellerAuto(auto.AutoRules):
    answers = (
        auto.Answer("bonus", N_("The bonus die out of turn: stop to leave it unused, off to choose yourself"), "stop"),
    )
    out_of_turn = N_("Out of turn you may use the end-of-round bonus die: `/auto bonus:stop` leaves it unused "
                     "for you when stopping is legal.")

    def forced(self, game: PropellerGame, seat: int) -> str | None:
        move = auto.only_move(game, seat)
        if move is None or seat not in game.to_act():
            return None
        if game.tasks[seat] or (game.phase == "turn" and game.step == "blueprint"):
            return move if self._hand_unplayable(game, seat) else None
        return move  # dice, runs, claims and characters depend on public facts only

    @staticmethod
    def _hand_unplayable(game: PropellerGame, seat: int) -> bool:
        """Whether no Blueprint of a level the seat holds could be paid now: the hand plays no part."""
        levels = {D.BLUEPRINT_BY_ID[card].level for card in game.hands[seat]}
        have = game.res[seat]
        return not any(card.level in levels and all(have[i] >= card.cost[i] for i in range(3))
                       for card in D.BLUEPRINTS)

    def read(self, name: str, value: str) -> str:
        if name == "bonus":
            words = value.strip().lower()
            if words not in ("stop", "off"):
                raise IllegalMove(tr("`bonus:` is `stop` (leave the bonus die unused) or `off`."))
            return words
        return super().read(name, value)

    def standing(self, game: PropellerGame, seat: int, answers: dict[str, str]) -> str | None:
        if answers.get("bonus") == "stop" and game.phase == "bonus" and seat in game.to_act() \
                and not game.tasks[seat] and "stop" in game.legal_moves(seat):
            return "stop"
        return None


AUTO = PropellerAuto()

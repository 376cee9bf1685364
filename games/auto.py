"""What a game says about moves a table may make for a person who is not there: the small shared
protocol behind forced moves, standing answers and planned moves (bot/features/auto.py).

Everything here is a pure function of a game's state and a seat's own settings, so the table
service can ask it without knowing the game. Three rules bind every game's answers:

- A forced move is one whose being the only move follows from public facts alone. A seat whose
  single legal move depends on its hidden cards (Pioneer's Isle's `roll` while it holds a
  development card) is not forced, for playing it at once would tell the table the seat holds
  nothing playable.
- A standing answer is the move the person asked for in advance, given only what the seat may
  see; it must be legal now, else the person is asked.
- A plan is kept only if the game's `plan_mark` (public facts the move depends on) is the same
  when it becomes the seat's turn as when it was made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.base import IllegalMove
from lang import tr

if TYPE_CHECKING:
    from games.base import Game


@dataclass(frozen=True)
class Answer:
    """One standing answer a game offers (an option of `/auto`): its option name, its words for
    the player (at most 100 characters), and an example value."""

    name: str
    description: str
    example: str
    default: str = "off"  # what the table does with no answer set (a choice it always makes has one)


class AutoRules:
    """A game's rules for playing without its player. The defaults play nothing: a game says
    which of its single moves are public (`forced`) and which answers it takes."""

    answers: tuple[Answer, ...] = ()
    # the rules help's line about out-of-turn questions (a game without any says so)
    out_of_turn: str = ""

    def forced(self, game: Game, seat: int) -> str | None:
        """The seat's move when it has exactly one and public facts alone make it so; else None."""
        return None

    def read(self, name: str, value: str) -> str:
        """A standing answer's value as kept (canonical words), or IllegalMove saying why not."""
        raise IllegalMove(tr("This game has no standing answer `{name}`.").format(name=name))

    def standing(self, game: Game, seat: int, answers: dict[str, str]) -> str | None:
        """The move the seat's standing answers make now, if one applies and is legal; else None."""
        return None

    def decided(self, game: Game, seat: int, answers: dict[str, str]) -> str | None:
        """The seat's answer to a choice the table always makes for it, never asking (Ramparts'
        tie draw and Cistern): its standing answer, or the game's default when it set none.
        Played whatever the seat's other settings, forced moves off included."""
        return None

    def plannable(self, game: Game, seat: int, move: str) -> str | None:
        """Why `move` may not be planned (it reveals something), or None when it may."""
        notation = type(game).notation
        if notation is None or not notation.takes_back(move):
            return tr("only a move that reveals nothing (no die, no draw, no hidden card) may be planned")
        return None

    def plan_mark(self, game: Game, seat: int, move: str) -> str:
        """Public facts the planned move depends on; a change drops the plan. Default: nothing
        beyond its being legal when the turn comes."""
        return ""


def only_move(game: Game, seat: int) -> str | None:
    """The seat's single legal move, or None when it has none or several."""
    moves = game.legal_moves(seat)
    return moves[0] if len(moves) == 1 else None


def legal_now(game: Game, seat: int, move: str) -> bool:
    """Whether `move` would be played for the seat now, tried on a copy (a game's listed moves may
    be cut short, as Pioneer's Isle's discards are)."""
    trial = game.copy()
    try:
        trial.play(seat, move)
    except IllegalMove:
        return False
    return True


class OpenRules(AutoRules):
    """A game with nothing hidden between seats: any single legal move is public knowledge."""

    def forced(self, game: Game, seat: int) -> str | None:
        return only_move(game, seat)


DEFAULT = AutoRules()

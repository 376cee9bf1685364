"""The recap of a turn told over several messages (roll, build, end), for the message that ends it.

Games whose turn is one message (Propeller Islands, Grow Sky: steps joined with `;`) tell the
whole turn in that message; the others mark their turns (`Game.turn_mark`), and when a
person's move ends a turn, the turn's earlier steps are told again in one line, from the log,
so the recap holds across restarts and take-backs. Public words only (`describe_move`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from bot.core import replay
from games.base import Game

MOST_STEPS = 12  # a longer turn is told by its first and last steps


def earlier_steps(game: Game, moves: Iterable[tuple[int, str]], mark: Hashable, names: Sequence[str]) -> list[str]:
    """The public lines of the steps, before the last one, of the turn that ended with the last
    of `moves`, replayed on `game` (a fresh deal of the table): the trailing run of moves made
    while the game's `turn_mark` was `mark`."""
    told: list[str] = []
    logged = list(moves)
    for step in replay.steps(game, logged[:-1]):
        if step.mark != mark:
            told = []
        else:
            told.append(game.describe_move(step.seat, step.move, names))
    return told


def recap_line(steps: Sequence[str]) -> str:
    """`This turn: a · b · c`, or "" for a turn of one step."""
    if not steps:
        return ""
    if len(steps) > MOST_STEPS:
        half = MOST_STEPS // 2
        steps = [*steps[:half], f"... {len(steps) - 2 * half} more ...", *steps[-half:]]
    return "This turn: " + " · ".join(s.strip().rstrip(".") for s in steps) + "."

"""The recap of a turn told over several messages (roll, build, end), for the message that ends it.

Games whose turn is one message (Propeller Islands, Grow Sky: steps joined with `;`) tell the
whole turn in that message; the others mark their turns (`Game.turn_mark`), and when a
person's move ends a turn, the turn's earlier steps are told again in one line, from the log,
so the recap holds across restarts and take-backs. Public words only (`describe_move`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from bot.core.history import Entry
from lang import ngettext, tr

MOST_STEPS = 12  # a longer turn is told by its first and last steps


def earlier_steps(log: Sequence[Entry], mark: Hashable) -> list[str]:
    """The public lines of the steps, before the last one, of the turn that ended with the last
    entry of `log`: the trailing run of moves made while the game's `turn_mark` was `mark`."""
    told: list[str] = []
    for entry in log[:-1]:
        if entry.mark != mark:
            told = []
        else:
            told.append(entry.public)
    return told


def recap_line(steps: Sequence[str]) -> str:
    """`This turn: a · b · c`, or "" for a turn of one step."""
    if not steps:
        return ""
    if len(steps) > MOST_STEPS:
        half = MOST_STEPS // 2
        hidden = len(steps) - 2 * half
        steps = [*steps[:half], ngettext("... {count} more ...", "... {count} more ...", hidden).format(count=hidden),
                 *steps[-half:]]
    return tr("This turn: {steps}.").format(steps=" · ".join(s.strip().rstrip(".") for s in steps))

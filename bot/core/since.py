"""Since your last turn: what happened at a table between a person's last move and now, for the
notice that calls them back (the private part of a turn reply, /hand, the direct message).

Each other seat's turn is folded into one line: its moves in their public form (the log's
words, `describe_move`), then what the person gained or lost by it that only they may know
(`Game.private_change`, read from their own hidden things alone). A long absence keeps its
latest turns and counts the rest, so a notice stays well inside one Discord message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core import replay
from bot.core.history import Entry
from games.base import Game
from lang import N_, ngettext, tr

HEAD = N_("Since your last turn:")
MOST_TURNS = 8  # turns told one by one; older ones are counted
LINE_CHARS = 240  # one turn's line
NOTICE_CHARS = 1200  # the whole notice, leaving room in a 2000-character message for the rest
STEPS_SHOWN = 6  # steps of one turn told before the rest are counted


@dataclass
class Turn:
    """One run of moves by one other seat, after the person's last move."""

    seat: int
    steps: list[str]  # public words of each move
    change: str = ""  # what the person gained or lost by it, privately


def runs(entries: Sequence[Entry], seat: int) -> tuple[int, list[Turn]]:
    """(index of the first entry after `seat`'s last move, the other seats' turns since), each
    turn a run of consecutive moves of one seat."""
    last = max((i for i, e in enumerate(entries) if e.seat == seat), default=-1)
    turns: list[Turn] = []
    for entry in entries[last + 1:]:
        words = (entry.told or entry.public).strip().rstrip(".")
        if turns and turns[-1].seat == entry.seat:
            turns[-1].steps.append(words)
        else:
            turns.append(Turn(entry.seat, [words]))
    return last + 1, turns


def add_changes(turns: list[Turn], seat: int, states: Sequence[Game]) -> None:
    """Fill each turn's private change from the states at its edges: `states[i]` before turn i,
    `states[-1]` now."""
    for index, turn in enumerate(turns):
        turn.change = states[index + 1].private_change(seat, states[index])


def fold(turns: Sequence[Turn], names: Sequence[str]) -> str:
    """The notice: one line a turn, the latest MOST_TURNS of them, within NOTICE_CHARS; "" when
    nobody else moved."""
    if not turns:
        return ""
    lines = []
    for turn in turns:
        steps = list(turn.steps)
        if len(steps) > STEPS_SHOWN:
            hidden = len(steps) - STEPS_SHOWN + 1
            steps = [*steps[:STEPS_SHOWN - 1], ngettext("… {count} more", "… {count} more", hidden).format(count=hidden)]
        who = names[turn.seat] if 0 <= turn.seat < len(names) else tr("Seat {number}").format(number=turn.seat + 1)
        # the turn's player is named once: `Bob rolled 8 · built a road`, not `Bob ... · Bob ...`
        steps = [steps[0], *(step[len(who) + 1:] if step.startswith(who + " ") else step for step in steps[1:])]
        text = " · ".join(steps)
        if not text.startswith(who):
            text = f"{who}: {text}"
        if len(text) > LINE_CHARS:
            text = text[:LINE_CHARS - 1] + "…"
        if turn.change:
            text += " " + tr("(you: {change})").format(change=turn.change)
        lines.append("- " + text)
    shown = lines[-MOST_TURNS:]
    while len(shown) > 1 and len("\n".join(shown)) > NOTICE_CHARS:
        shown.pop(0)
    earlier = len(lines) - len(shown)
    head = [tr(HEAD)] + ([ngettext("- … {count} earlier turn (see /history)", "- … {count} earlier turns (see /history)",
                                   earlier).format(count=earlier)] if earlier else [])
    return "\n".join([*head, *shown])[:NOTICE_CHARS + 200]


def states_at(cls: type[Game], players: int, options: dict, seed: int, stored: dict | None,
              moves: Sequence[tuple[int, str]], start: int, turns: Sequence[Turn]) -> list[Game]:
    """The game before each turn since move `start`, and now, replayed from the seed."""
    game = cls.replay_deal(players, options, seed, stored)
    edges = {start}
    at = start
    for turn in turns:
        at += len(turn.steps)
        edges.add(at)
    out = [game.copy()] if start == 0 else []
    for step in replay.steps(game, moves):
        if step.index + 1 in edges:
            out.append(game.copy())
    return out


def private_changes_matter(game: Game) -> bool:
    """Whether the game can tell a seat anything privately (it overrides `private_change`)."""
    return type(game).private_change is not Game.private_change

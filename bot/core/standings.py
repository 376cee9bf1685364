"""The final standings of a table in words: places, scores and how each score is made up."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.base import Game, rank_by


def final_ranks(game: Game, resigned: Collection[int]) -> list[int]:
    """The game's ranks with resigned seats moved below everyone who played on."""
    outcome = game.outcome()
    base = outcome.ranks if outcome else [1] * game.players
    return rank_by([(seat not in resigned, -base[seat]) for seat in range(game.players)])


def standings_text(game: Game, names: Sequence[str], resigned: Collection[int]) -> str:
    outcome = game.outcome()
    if game.players == 1:
        seat_name = names[0]
        if 0 in resigned or outcome is None:
            return f"**The game is over.** {seat_name} resigned: the game counts as lost."
    ranks = final_ranks(game, resigned)
    order = sorted(range(game.players), key=lambda s: (ranks[s], s))
    lines = ["**The game is over.**"]
    for seat in order:
        line = f"{ranks[seat]}. {names[seat]}"
        if outcome:
            line += f" — {outcome.scores[seat]:g} points"
            breakdown = game.score_breakdown(seat)
            if breakdown:
                line += f" ({breakdown})"
        elif not game.is_over():  # stopped by a resignation: the score as it stood
            stood = game.score_when_stopped(seat)
            if stood:
                line += f" — when the game stopped: {stood}"
        if seat in resigned:
            line += " (resigned)"
        lines.append(line)
    if outcome and outcome.tiebreak:
        lines.append(f"Tie-break: {outcome.tiebreak}")
    return "\n".join(lines)

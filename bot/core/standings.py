"""The final standings of a table in words: places, scores and how each score is made up."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import lang
from games.base import Game, rank_by
from lang import ngettext, tr


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
            return tr("**The game is over.** {name} resigned: the game counts as lost.").format(name=seat_name)
    ranks = final_ranks(game, resigned)
    order = sorted(range(game.players), key=lambda s: (ranks[s], s))
    lines = [tr("**The game is over.**")]
    for seat in order:
        line = f"{ranks[seat]}. {names[seat]}"
        if outcome:
            score = outcome.scores[seat]
            # the score as a number: 1 point, 2 points, 2.5 points (English has always said "1 points"
            # here, and its posts stay as they were)
            one = score == 1 and lang.current() != lang.ENGLISH
            line += " — " + ngettext("{score} point", "{score} points", 1 if one else 2).format(score=f"{score:g}")
            breakdown = game.score_breakdown(seat)
            if breakdown:
                line += f" ({breakdown})"
        elif not game.is_over():  # stopped by a resignation: the score as it stood
            stood = game.score_when_stopped(seat)
            if stood:
                line += " — " + tr("when the game stopped: {score}").format(score=stood)
        if seat in resigned:
            line += " " + tr("(resigned)")
        lines.append(line)
    if outcome and outcome.tiebreak:
        lines.append(tr("Tie-break: {tiebreak}").format(tiebreak=tr(outcome.tiebreak)))
    return "\n".join(lines)

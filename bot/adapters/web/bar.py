"""The bar at the foot of a board page: the moves that need no place on the board (roll, end, pass,
the answers to an offer), always in reach of a thumb, the obvious one first (a phone's Space key)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.adapters.web.regions import places_of

FEW = 3  # moves of one kind up to this many stand on the bar each; more open a list of their own


def bar(game: str, moves: Sequence[str], actions: Sequence[dict[str, str]], obvious: str,
        traded: bool, variant: str = "") -> list[dict[str, Any]]:
    """The bar's buttons, each {"label", "moves", "style"}: one move plays (after Confirm, or at
    once for the obvious move and an answer to an offer), several open a list to choose from.
    The answers to offers come first with the game's own labels, then the obvious move; moves
    that name a place are left to the board, offers to the trade panel (`traded`)."""
    places = places_of(game, variant)
    answered = {a["move"] for a in actions}
    items: list[dict[str, Any]] = [{"label": a["label"], "moves": [a["move"]], "style": a.get("style", "")}
                                   for a in actions]
    kinds: dict[str, list[str]] = {}
    for move in moves:
        verb = move.split()[0] if move.split() else ""
        if move in answered or places(move) or (traded and verb == "offer"):
            continue
        kinds.setdefault(verb, []).append(move)
    own: list[dict[str, Any]] = []
    for verb, some in kinds.items():
        if len(some) <= FEW:
            own += [{"label": move, "moves": [move], "style": "primary" if move == obvious else ""} for move in some]
        else:
            own.append({"label": f"{verb} ({len(some)})", "moves": some, "style": ""})
    own.sort(key=lambda item: item["moves"] != [obvious])  # the obvious move first, the rest in their order
    return items + own

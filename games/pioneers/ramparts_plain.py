"""A plain computer player for Ramparts, until its own players are built: it picks among the
legal moves by a fixed order of kinds (cities, improvements, settlements, knights, walls, roads),
never offers, declines offers and answers with the first listed answer. Every level plays it
(easy with the generic lapses, hard through the generic search), so a Ramparts table with
computer seats always moves legally.
"""

from __future__ import annotations

import random

from games.base import Game

# the first words of the moves it makes, best first; a move of none of them is never chosen
# unless nothing else is legal
ORDER = ("city", "improve", "settlement", "activate", "knight", "promote", "wall", "chase", "move", "road",
         "play", "robber", "discard", "give", "take", "roll", "confirm", "decline", "trade", "end")


def plain_move(game: Game, seat: int, rng: random.Random) -> str:
    moves = game.legal_moves(seat)
    if not moves:
        raise ValueError("no legal move to choose from")
    by_word: dict[str, list[str]] = {}
    for move in moves:
        by_word.setdefault(move.split()[0], []).append(move)
    for word in ORDER:
        found = by_word.get(word)
        if not found:
            continue
        if word == "trade" and "end" in by_word and rng.random() < 0.5:
            continue  # trades only now and then: half the time it ends the turn instead
        if word in ("discard", "give", "take"):
            return found[0]  # the most even discard, the first answer
        return rng.choice(found)
    return moves[0]

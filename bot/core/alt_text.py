"""Words for the pictures Isles uploads, for people who cannot see them (alt text).

Said from what every player may already read (a board's status and who acts, a ranking's own
message), never from a seat's view: the picture is public, so are its words. Whole sentences with
named places, so that they can be translated; an adapter cuts them to its platform's limit.
"""

from __future__ import annotations

from collections.abc import Sequence

BOARD = "The board of {game}. {status}"
WAITING = "Waiting for {names}."
FINAL = "The final board of {game}. {standings}"
HAND = "Your own view of {game}: what only you may see."
ANIMATION = "An animation of a game of {game}, {frames}, from the first move to the last."
LEADERBOARD = "The leaderboard of this server for {game} as a picture; the message lists the same players."
STATS = "The ratings of {name} as a picture, with how they moved game after game; the message lists them."
DAILY = "The daily challenge board of {day} as a picture; the message lists the same results."
PREVIEW = "Where your move would go, seen by you alone; nothing is played."
SOLO = "The solo board of this server as a picture; the message lists the same results."


def plain(text: str) -> str:
    """A message's words as one line without Markdown marks."""
    return " ".join(text.replace("**", "").replace("`", "").replace("-# ", "").split())


def board(game: str, status: str, acting: Sequence[str]) -> str:
    """A running game's board: where it stands and whom it waits for."""
    words = BOARD.format(game=game, status=plain(status))
    if acting and not all(name in words for name in acting):  # most statuses name them already
        words += " " + WAITING.format(names=", ".join(acting))
    return words


def final(game: str, standings: str) -> str:
    return FINAL.format(game=game, standings=plain(standings))

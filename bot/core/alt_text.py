"""Words for the pictures Isles uploads, for people who cannot see them (alt text).

Said from what every player may already read (a board's status and who acts, a ranking's own
message), never from a seat's view: the picture is public, so are its words. Whole sentences with
named places, so that they can be translated; an adapter cuts them to its platform's limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.leaderboard import points_text
from render.league import ResultLine, podium

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
SEASON_BOARD = "The standings of {season} in this server for {game} as a picture; the message lists the same players."
SEASON_PROVISIONAL = "Players with fewer than {games} games are listed apart as provisional."
RESULTS = "The results of {title} as a picture: a podium, then the top players with their points and games."
ON_PODIUM = "Place {place}: {name}, {points} points."  # points have a decimal: 1.0 points
MOST_GAMES = ("Most games: {name}, {games} game.", "Most games: {name}, {games} games.")
CLIMBER = "Biggest climber: {name}, from place {before} to place {after}."


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


def season_board(game: str, season: str, provisional: int = 0, ranked_from: int = 5) -> str:
    """A season's board (render.leaderboard's `draw_leaderboard` with `points`)."""
    words = SEASON_BOARD.format(season=season, game=game)
    return words + (" " + SEASON_PROVISIONAL.format(games=ranked_from) if provisional else "")


def results(title: str, lines: Sequence[ResultLine], most_games: tuple[str, int] | None = None,
            climber: tuple[str, int, int] | None = None) -> str:
    """A season's or an event's results picture (render.league's `draw_results`, given the same
    values): who stands on its podium, who played most, who climbed furthest."""
    words = [RESULTS.format(title=title)]
    for line in podium(lines):
        words.append(ON_PODIUM.format(place=line.place, name=line.name, points=points_text(line.points)))
    if most_games:
        name, games = most_games
        words.append((MOST_GAMES[0] if games == 1 else MOST_GAMES[1]).format(name=name, games=games))
    if climber:
        words.append(CLIMBER.format(name=climber[0], before=climber[1], after=climber[2]))
    return " ".join(words)

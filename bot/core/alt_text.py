"""Words for the pictures Isles uploads, for people who cannot see them (alt text).

Said from what every player may already read (a board's status and who acts, a ranking's own
message), never from a seat's view: the picture is public, so are its words. Whole sentences with
named places, so that they can be translated; an adapter cuts them to its platform's limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from lang import N_, ngettext, tr
from render.leaderboard import points_text
from render.league import ResultLine, podium

BOARD = N_("The board of {game}. {status}")
WAITING = N_("Waiting for {names}.")
FINAL = N_("The final board of {game}. {standings}")
HAND = N_("Your own view of {game}: what only you may see.")
ANIMATION = N_("An animation of a game of {game}, {frames}, from the first move to the last.")
LEADERBOARD = N_("The leaderboard of this server for {game} as a picture; the message lists the same players.")
STATS = N_("The ratings of {name} as a picture, with how they moved game after game; the message lists them.")
DAILY = N_("The daily challenge board of {day} as a picture; the message lists the same results.")
PREVIEW = N_("Where your move would go, seen by you alone; nothing is played.")
SOLO = N_("The solo board of this server as a picture; the message lists the same results.")
SEASON_BOARD = N_("The standings of {season} in this server for {game} as a picture; the message lists the same players.")
SEASON_PROVISIONAL = N_("Players with fewer than {games} games are listed apart as provisional.")
RESULTS = N_("The results of {title} as a picture: a podium, then the top players with their points and games.")
ON_PODIUM = N_("Place {place}: {name}, {points} points.")  # points have a decimal: 1.0 points
CLIMBER = N_("Biggest climber: {name}, from place {before} to place {after}.")


def plain(text: str) -> str:
    """A message's words as one line without Markdown marks."""
    return " ".join(text.replace("**", "").replace("`", "").replace("-# ", "").split())


def board(game: str, status: str, acting: Sequence[str]) -> str:
    """A running game's board: where it stands and whom it waits for."""
    words = tr(BOARD).format(game=game, status=plain(status))
    if acting and not all(name in words for name in acting):  # most statuses name them already
        words += " " + tr(WAITING).format(names=", ".join(acting))
    return words


def final(game: str, standings: str) -> str:
    return tr(FINAL).format(game=game, standings=plain(standings))


def season_board(game: str, season: str, provisional: int = 0, ranked_from: int = 5) -> str:
    """A season's board (render.leaderboard's `draw_leaderboard` with `points`)."""
    words = tr(SEASON_BOARD).format(season=season, game=game)
    return words + (" " + tr(SEASON_PROVISIONAL).format(games=ranked_from) if provisional else "")


def results(title: str, lines: Sequence[ResultLine], most_games: tuple[str, int] | None = None,
            climber: tuple[str, int, int] | None = None) -> str:
    """A season's or an event's results picture (render.league's `draw_results`, given the same
    values): who stands on its podium, who played most, who climbed furthest."""
    words = [tr(RESULTS).format(title=title)]
    for line in podium(lines):
        words.append(tr(ON_PODIUM).format(place=line.place, name=line.name, points=points_text(line.points)))
    if most_games:
        name, games = most_games
        words.append(ngettext("Most games: {name}, {games} game.", "Most games: {name}, {games} games.", games).format(
            name=name, games=games))
    if climber:
        words.append(tr(CLIMBER).format(name=climber[0], before=climber[1], after=climber[2]))
    return " ".join(words)

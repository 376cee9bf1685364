"""The results picture of a server's league: at a season's or an event's end, the podium, the top
ten with their points and games, and who played most and who climbed furthest.

Drawn in the leaderboard's house (its width, header, rows and medals: render/leaderboard.py), so
that it stays legible where Discord shows it at about 550 pixels. A place is always told by its
number, on the podium also by the height of its step, never by colour alone; names are cut with an
ellipsis, never drawn over what lies beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from lang import N_, ngettext, tr
from render.common import CARD, INK, LINE, MUTED, PAPER, SEAT_COLOURS, fit_text, readable_on, text, to_png
from render.leaderboard import (
    MEDALS,
    NAME_X,
    PAD,
    PROVISIONAL_WORD,
    ROW,
    WIDTH,
    board_row,
    column_heads,
    header,
    points_text,
)

TOP = 10  # rows of the table under the podium
PODIUM_MOST = 4  # steps at most: a tie for third may stand beside the other three
STEP_HEIGHTS = {1: 96, 2: 70, 3: 50}  # by place: the height tells the place with the number on it
PODIUM_TOP = 18  # room between the header and the highest name
PODIUM_HEIGHT = 64 + STEP_HEIGHTS[1] + 18  # the name and points over the tallest step, then the floor
COL_POINTS, COL_GAMES = 478, WIDTH - PAD
NAME_WIDTH = COL_POINTS - 80 - NAME_X  # a name and its tags end here
PANEL_HEIGHT = 100
UP = SEAT_COLOURS[2]

# the words a reader sees, whole so that they can be translated
POINTS = N_("{n} points")  # always written with a decimal: 1.0 points
MOST_GAMES = N_("Most games")
CLIMBER = N_("Biggest climber")
CLIMBED = N_("from place {before} to place {after}")
HEADS = ("#", N_("Player"), N_("Points"), N_("Games"))


@dataclass(frozen=True)
class ResultLine:
    place: int  # equal for players tied
    name: str
    points: float
    games: int
    provisional: bool = False  # fewer games than a season ranks: marked, never on the podium
    division: str = ""  # a season's tier ("Division 1"), shown beside the name when given


def games_text(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=n)


def podium(lines: Sequence[ResultLine]) -> list[ResultLine]:
    """Who stands on the podium, best first: the ranked players of the first three places."""
    return [line for line in lines if not line.provisional and 1 <= line.place <= 3][:PODIUM_MOST]


def table(lines: Sequence[ResultLine]) -> list[ResultLine]:
    """The rows under the podium: the ranked players in their order, then the provisional ones."""
    ordered = [line for line in lines if not line.provisional] + [line for line in lines if line.provisional]
    return ordered[:TOP]


@dataclass(frozen=True)
class Layout:
    """Where the parts of a results picture begin, from the top."""
    podium: int | None  # None without anyone on a podium
    rows: int  # the first row of the table
    panels: int | None  # None without most games nor a climber
    height: int


def layout(lines: Sequence[ResultLine], most_games: tuple[str, int] | None = None,
           climber: tuple[str, int, int] | None = None) -> Layout:
    y = 78
    steps = None
    if podium(lines):
        steps = y + PODIUM_TOP
        y = steps + PODIUM_HEIGHT + 18
    rows = y + 14 + 30  # the column heads and their rule
    y = rows + len(table(lines)) * ROW + 18
    panels = y if most_games or climber else None
    return Layout(steps, rows, panels, y + PANEL_HEIGHT + 18 if panels else y)


def size(lines: Sequence[ResultLine], most_games: tuple[str, int] | None = None,
         climber: tuple[str, int, int] | None = None) -> tuple[int, int]:
    """The picture's size without drawing it."""
    return WIDTH, layout(lines, most_games, climber).height


def step_spans(count: int) -> list[tuple[int, int]]:
    """The left and right edges of `count` podium steps, left to right."""
    column, gap = (176, 12) if count <= 3 else (130, 10)
    left = (WIDTH - count * column - (count - 1) * gap) // 2
    return [(left + slot * (column + gap), left + slot * (column + gap) + column) for slot in range(count)]


def _podium(d: ImageDraw.ImageDraw, y: int, standing: Sequence[ResultLine]) -> None:
    """The steps side by side, the best in the middle, the second on its left, then right of it."""
    count = len(standing)
    order = [1, 0, 2, 3][:count] if count > 1 else [0]
    floor = y + PODIUM_HEIGHT - 12
    d.line((PAD, floor, WIDTH - PAD, floor), fill=LINE, width=3)
    for (x0, x1), index in zip(step_spans(count), order, strict=True):
        line = standing[index]
        centre, column = (x0 + x1) / 2, x1 - x0
        top = floor - STEP_HEIGHTS[line.place]
        medal = MEDALS[line.place - 1]
        d.rounded_rectangle((x0, top, x0 + column, floor), radius=8, fill=medal, corners=(True, True, False, False))
        text(d, (centre, top + 30), str(line.place), 34, readable_on(medal), "mm", bold=True)
        text(d, (centre, top - 42), fit_text(line.name, 18, column - 4, bold=True), 18, INK, "mm", bold=True)
        text(d, (centre, top - 18), tr(POINTS).format(n=points_text(line.points)), 15, MUTED, "mm", width=column)


def _panel(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], heading: str, name: str, detail: str,
           rising: bool) -> None:
    x0, y0, x1, _ = box
    d.rounded_rectangle(box, radius=10, fill=CARD, outline=LINE)
    x = x0 + 16
    if rising:  # an arrow that points up: the climb is said in words beside it as well
        d.polygon(((x, y0 + 26), (x + 8, y0 + 14), (x + 16, y0 + 26)), fill=UP)
        d.rectangle((x + 5, y0 + 25, x + 11, y0 + 31), fill=UP)
        x += 24
    text(d, (x, y0 + 22), heading, 15, MUTED, "lm", bold=True, width=x1 - x - 16)
    text(d, (x0 + 16, y0 + 52), name, 20, INK, "lm", bold=True, width=x1 - x0 - 32)
    text(d, (x0 + 16, y0 + 80), detail, 16, INK, "lm", width=x1 - x0 - 32)


def draw_results(title: str, subtitle: str, lines: Sequence[ResultLine], most_games: tuple[str, int] | None = None,
                 climber: tuple[str, int, int] | None = None) -> bytes:
    """The PNG of a season's or an event's results. `lines` are in their final order, ties sharing a
    place; `most_games` is (name, games); `climber` is (name, place before, place after)."""
    at = layout(lines, most_games, climber)
    image = Image.new("RGB", (WIDTH, at.height), PAPER)
    d = ImageDraw.Draw(image)
    header(d, title, subtitle)
    if at.podium is not None:
        _podium(d, at.podium, podium(lines))
    y = column_heads(d, at.rows - 30, ((HEADS[0], PAD + 16, "ma"), (tr(HEADS[1]), NAME_X, "la"),
                                       (tr(HEADS[2]), COL_POINTS, "ra"), (tr(HEADS[3]), COL_GAMES, "ra")))
    for index, line in enumerate(table(lines)):
        tags = ((tr(PROVISIONAL_WORD),) if line.provisional else ()) + ((line.division,) if line.division else ())
        board_row(d, y, None if line.provisional else line.place, line.name,
                  ((points_text(line.points), COL_POINTS, True), (str(line.games), COL_GAMES, False)),
                  NAME_WIDTH, index % 2 == 0, tags=tags)
        y += ROW
    panels = [(tr(MOST_GAMES), most_games[0], games_text(most_games[1]), False)] if most_games else []
    if climber:
        panels.append((tr(CLIMBER), climber[0], tr(CLIMBED).format(before=climber[1], after=climber[2]), True))
    if panels and at.panels is not None:
        y, gap = at.panels, 14
        each = (WIDTH - 2 * PAD - gap * (len(panels) - 1)) // len(panels)
        for n, (heading, name, detail, rising) in enumerate(panels):
            x0 = PAD + n * (each + gap)
            _panel(d, (x0, y, x0 + each, y + PANEL_HEIGHT), heading, name, detail, rising)
    return to_png(image)


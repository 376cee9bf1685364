"""Leaderboard and player statistics pictures, drawn 600 pixels wide so that they stay
legible where Discord shows them at about 550."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

import lang
from lang import N_, ngettext, tr
from render.common import (
    CARD,
    INK,
    LINE,
    MUTED,
    NEUTRAL,
    PAPER,
    SEAT_COLOURS,
    WHITE,
    fit_text,
    mix,
    pill,
    text,
    text_width,
    to_png,
)

WIDTH = 600
PAD = 22
ROW = 36
MEDALS = ((222, 172, 32), (160, 168, 178), (196, 122, 64))  # gold, silver, bronze
HIGHLIGHT = mix(SEAT_COLOURS[1], WHITE, 0.82)
CHART_COLOURS = (*SEAT_COLOURS, (142, 68, 173), (22, 160, 160), (230, 90, 150))


@dataclass
class BoardLine:
    place: int
    name: str
    rating: float
    games: int
    wins: int
    you: bool = False
    provisional: bool = False  # a season's player with too few games to be ranked yet
    division: str = ""  # a season's tier, as its heading reads ("Division 1")


@dataclass
class GameLine:
    title: str
    rating: float
    games: int
    wins: int
    change: float | None = None  # of the last rated game


def wrap(words: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and text_width(trial, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def header(d: ImageDraw.ImageDraw, title: str, subtitle: str) -> int:
    """The dark band atop every ranking picture; returns its bottom."""
    d.rectangle((0, 0, WIDTH, 78), fill=INK)
    big, small = _fitting(title, 28, 22, True), _fitting(subtitle, 16, 13, False)
    text(d, (PAD, 16 + (28 - big) // 2), title, big, WHITE, bold=True, width=WIDTH - 2 * PAD)
    text(d, (PAD, 52), subtitle, small, mix(WHITE, INK, 0.3), width=WIDTH - 2 * PAD)
    return 78


def _fitting(words: str, size: int, least: int, bold: bool) -> int:
    """The size a header's line is drawn at: its own, or in German and Spanish (longer than the
    English) a smaller one down to `least` where that makes it fit, so that a season's dates are not
    cut; English is drawn as it always was."""
    if lang.current() == lang.ENGLISH:
        return size
    while size > least and text_width(words, size, bold) > WIDTH - 2 * PAD:
        size -= 1
    return size


def draw_note(d: ImageDraw.ImageDraw, y: int, note: str) -> int:
    for line in wrap(note, 15, WIDTH - 2 * PAD):
        text(d, (PAD, y), line, 15, MUTED)
        y += 21
    return y


def note_height(note: str) -> int:
    return 21 * len(wrap(note, 15, WIDTH - 2 * PAD)) if note else 0


def rating_text(value: float, sign: str = "") -> str:
    """One decimal, never "-0.0" (a rating a hair under 0 reads 0.0)."""
    shown = f"{value:{sign}.1f}"
    return shown.replace("-0.0", "+0.0" if sign else "0.0") if shown.lstrip("+-") == "0.0" else shown


def points_text(value: float) -> str:
    """Season or event points: one decimal, two where a tie split three ways needs them (2.33)."""
    shown = f"{value:.2f}"
    return shown[:-1] if shown.endswith("0") else shown


# columns of the leaderboard: right edges of the numbers
COL_RATING, COL_GAMES, COL_WINS = 420, 505, WIDTH - PAD
NAME_X = PAD + 44
PROVISIONAL_WORD = N_("provisional")  # a tag beside a name: tr(PROVISIONAL_WORD) where drawn
TAG_SIZE = 13


def column_heads(d: ImageDraw.ImageDraw, y: int, heads: Sequence[tuple[str, int, str]]) -> int:
    """The muted headings of a table's columns, (label, x, anchor) each, and the rule under them;
    returns where the first row starts."""
    for label, x, anchor in heads:
        text(d, (x, y), label, 15, MUTED, anchor, bold=True)
    y += 26
    d.line((PAD, y, WIDTH - PAD, y), fill=LINE, width=2)
    return y + 4


def section(d: ImageDraw.ImageDraw, y: int, words: str) -> int:
    """A heading between rows (a division, the provisional players); returns the next row's top."""
    text(d, (PAD - 4, y + 10), words, 16, INK, bold=True, width=WIDTH - 2 * PAD)
    return y + SECTION


SECTION = 34  # the height of a `section`


def tag_width(word: str) -> int:
    return text_width(word, TAG_SIZE) + 10


def board_row(d: ImageDraw.ImageDraw, y: int, place: int | None, name: str,
              cells: Sequence[tuple[str, int, bool]], name_width: int, shaded: bool, you: bool = False,
              tags: Sequence[str] = ()) -> None:
    """One row of a ranking: the place (a numbered medal for the first three, nothing for a player
    not ranked), the name cut to `name_width` with its `tags` as words in pills after it, and the
    `cells`, (words, right edge, bold) each."""
    back = HIGHLIGHT if you else (CARD if shaded else PAPER)
    d.rectangle((PAD - 8, y, WIDTH - PAD + 8, y + ROW - 2), fill=back)
    middle = y + ROW // 2 - 1
    if place is not None and place <= 3:
        medal = MEDALS[place - 1]
        d.ellipse((PAD + 3, middle - 13, PAD + 29, middle + 13), fill=medal)
        text(d, (PAD + 16, middle), str(place), 16, WHITE, "mm", bold=True)
    elif place is not None:
        text(d, (PAD + 16, middle), str(place), 16, MUTED, "mm")
    room = name_width - sum(tag_width(tag) + 8 for tag in tags)
    x = NAME_X + text(d, (NAME_X, middle), fit_text(name, 18, room), 18, INK, "lm", bold=you)
    for tag in tags:
        box = pill(d, (x + 8, middle), tag, TAG_SIZE, mix(MUTED, WHITE, 0.8), ink=INK, anchor="lm", pad=5,
                   bold=False)
        x = box[2]
    for words, right, bold in cells:
        text(d, (right, middle), words, 18, INK, "rm", bold=bold)


def _board_rows(lines: Sequence[BoardLine], ranked_from: int) -> list[BoardLine | str]:
    """The ranked lines with a heading where a division begins, then the provisional ones under theirs."""
    ranked = [line for line in lines if not line.provisional]
    provisional = [line for line in lines if line.provisional]
    rows: list[BoardLine | str] = []
    division = ""
    for line in ranked:
        if line.division and line.division != division:
            rows.append(line.division)
        division = line.division
        rows.append(line)
    if provisional:
        rows.append(ngettext("Provisional: fewer than {games} game, not ranked yet",
                             "Provisional: fewer than {games} games, not ranked yet", ranked_from).format(games=ranked_from))
        rows.extend(provisional)
    return rows


def draw_leaderboard(title: str, subtitle: str, lines: Sequence[BoardLine], you: BoardLine | None = None,
                     note: str = "", points: bool = False, ranked_from: int = 5) -> bytes:
    """The top lines of a board; `you` is the caller's line when it is not among them.

    A season's board gives `points` (the numbers are season points, not ratings); its lines may
    carry a division, headed where each begins, and provisional players (fewer than `ranked_from`
    games) are drawn apart after the ranked ones, without a place and marked with a word. Without
    them the picture is the all-time board's, unchanged."""
    rows = _board_rows(lines, ranked_from)
    headings = sum(isinstance(row, str) for row in rows)
    height = 78 + 44 + (len(rows) - headings + (2 if you else 0)) * ROW + headings * SECTION + 16 \
        + note_height(note) + 16
    image = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(image)
    y = header(d, title, subtitle) + 14
    y = column_heads(d, y, (("#", PAD + 16, "ma"), (tr("Player"), NAME_X, "la"),
                            (tr("Points") if points else tr("Rating"), COL_RATING, "ra"), (tr("Games"), COL_GAMES, "ra"),
                            (tr("Wins"), COL_WINS, "ra")))
    number = points_text if points else rating_text

    def row(line: BoardLine, index: int) -> None:
        nonlocal y
        name = tr("{name} (you)").format(name=line.name) if line.you else line.name
        board_row(d, y, None if line.provisional else line.place, name,
                  ((number(line.rating), COL_RATING, True), (str(line.games), COL_GAMES, False),
                   (str(line.wins), COL_WINS, False)),
                  COL_RATING - 90 - NAME_X, index % 2 == 0, line.you,
                  (tr(PROVISIONAL_WORD),) if line.provisional else ())
        y += ROW

    index = 0
    for entry in rows:
        if isinstance(entry, str):
            y = section(d, y, entry)
            index = 0
            continue
        row(entry, index)
        index += 1
    if you:
        for dot in range(3):
            d.ellipse((WIDTH // 2 - 14 + dot * 12, y + ROW // 2 - 3, WIDTH // 2 - 8 + dot * 12, y + ROW // 2 + 3),
                      fill=LINE)
        y += ROW
        row(you, 0)
    y += 14
    draw_note(d, y, note)
    return to_png(image)


# the chart of rating histories
CHART_H = 230
LEFT_AXIS = 52


def _nice_step(span: float) -> float:
    for step in (0.5, 1, 2, 5, 10, 20, 50):
        if span / step <= 5:
            return step
    return 100


def _chart(d: ImageDraw.ImageDraw, top: int, series: Sequence[tuple[str, Sequence[tuple[int, float]]]]) -> int:
    """Lines of rating after each game from the start (0), one per game; returns the bottom of the legend.
    A point is (n, rating): n counts the player's rated games of every game in order, one axis for all
    lines, so a game's line steps only at its own games."""
    x0, x1 = PAD + LEFT_AXIS, WIDTH - PAD - 8
    y0, y1 = top + 10, top + CHART_H - 28
    d.rounded_rectangle((PAD - 8, top - 6, WIDTH - PAD + 8, top + CHART_H + 2), radius=10, fill=CARD)
    values = [0.0] + [v for _, points in series for _, v in points]
    low, high = min(values), max(values)
    if high - low < 2:
        low, high = low - 1, high + 1
    step = _nice_step(high - low)
    low = step * (low // step)
    high = step * -(-high // step)

    def ypos(v: float) -> float:
        return y1 - (v - low) / (high - low) * (y1 - y0)

    tick = low
    while tick <= high + 1e-9:
        yy = ypos(tick)
        d.line((x0, yy, x1, yy), fill=mix(LINE, CARD, 0.4 if tick else 0.0), width=2 if tick == 0 else 1)
        text(d, (x0 - 8, yy), f"{tick:g}", 14, MUTED, "rm")
        tick += step
    longest = max((n for _, points in series for n, _ in points), default=0)
    text(d, (x0 + 6, y1 + 16), tr("start"), 14, MUTED, "lm")
    text(d, (x1 - 6, y1 + 16), f"{longest}", 14, MUTED, "rm")
    text(d, ((x0 + x1) / 2, y1 + 16), tr("your rated games, every game in order"), 14, MUTED, "mm")

    def xpos(i: int) -> float:
        return x0 + 6 + (x1 - x0 - 12) * (i / longest if longest else 0.5)

    for index, (_, points) in enumerate(series):
        colour = CHART_COLOURS[index % len(CHART_COLOURS)] if index or len(series) == 1 else NEUTRAL
        xy = [(xpos(n), ypos(v)) for n, v in [(0, 0.0), *points]]  # everyone starts at 0
        if len(xy) > 1:
            d.line(xy, fill=colour, width=3, joint="curve")
        if len(xy) <= 40:
            for x, yy in xy:
                d.ellipse((x - 4, yy - 4, x + 4, yy + 4), fill=colour, outline=WHITE)
    # legend
    x, y = PAD, top + CHART_H + 12
    for index, (label, _) in enumerate(series):
        colour = CHART_COLOURS[index % len(CHART_COLOURS)] if index or len(series) == 1 else NEUTRAL
        w = text_width(label, 15) + 34
        if x + w > WIDTH - PAD:
            x, y = PAD, y + 24
        d.rounded_rectangle((x, y + 3, x + 18, y + 15), radius=4, fill=colour)
        text(d, (x + 24, y + 9), label, 15, INK, "lm")
        x += w
    return y + 26


def draw_stats(name: str, subtitle: str, games: Sequence[GameLine],
               series: Sequence[tuple[str, Sequence[float]]], note: str = "") -> bytes:
    """A player's rating, games and wins per game, and the rating after each rated game.
    The first series is the overall one (drawn grey when there are several)."""
    legend_rows = 1 + sum(text_width(label, 15) + 34 for label, _ in series) // (WIDTH - 2 * PAD)
    height = 78 + 44 + len(games) * ROW + 30 + CHART_H + 14 + 24 * legend_rows + 12 + note_height(note) + 16
    image = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(image)
    y = header(d, name, subtitle) + 14
    y = column_heads(d, y, ((tr("Game"), PAD, "la"), (tr("Rating"), COL_RATING, "ra"), (tr("Games"), COL_GAMES, "ra"),
                            (tr("Wins"), COL_WINS, "ra")))
    for index, line in enumerate(games):
        d.rectangle((PAD - 8, y, WIDTH - PAD + 8, y + ROW - 2), fill=CARD if index % 2 == 0 else PAPER)
        middle = y + ROW // 2 - 1
        text(d, (PAD, middle), fit_text(line.title, 18, 260), 18, INK, "lm", bold=index == 0)
        if line.change is not None:
            shown = rating_text(line.change, "+")
            colour = MUTED if shown in ("+0.0", "-0.0") else SEAT_COLOURS[2] if line.change > 0 else SEAT_COLOURS[0]
            shown = "±0.0" if colour == MUTED else shown
            pill(d, (COL_RATING - 64, middle), shown, 13, mix(colour, WHITE, 0.8), ink=colour, anchor="rm", pad=5,
                 bold=False)
        text(d, (COL_RATING, middle), rating_text(line.rating), 18, INK, "rm", bold=True)
        text(d, (COL_GAMES, middle), str(line.games), 18, INK, "rm")
        text(d, (COL_WINS, middle), str(line.wins), 18, INK, "rm")
        y += ROW
    y += 14
    text(d, (PAD, y), tr("Rating after each rated game"), 16, INK, bold=True)
    y += 30
    y = _chart(d, y, series) + 6
    draw_note(d, y, note)
    return to_png(image)

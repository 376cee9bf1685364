"""Pictures of the daily challenge board and the solo board (plain data in, PNG out).

Layout (1000 px wide, drawn to stay readable when shown at about 550 px; its words in the language
of the call, a footer note that is too long wrapped onto a second line):

    +--------------------------------------------------------------+
    | title                                             badge       |
    | subtitle                                                      |
    +--------------------------------------------------------------+
    | column labels                                                 |
    | row: rank, name, result pill, numbers, marks                  |
    | ...                                                           |
    +--------------------------------------------------------------+
    | footer notes                                                  |
    +--------------------------------------------------------------+
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from lang import N_, ngettext, tr
from render.common import CARD, INK, LINE, MUTED, PAPER, RGB, WHITE, mix, pill, rgb, text, text_width, to_png

WIDTH = 1000
MARGIN = 28
HEAD = 118
LABELS = 46
ROW = 58
FOOT_LINE = 36
TITLE_SIZE = 40
SUB_SIZE = 26
LABEL_SIZE = 22
MIN_LABEL_SIZE = 15  # a long label of another language shrinks to fit its column, down to this
BODY_SIZE = 28
FOOT_SIZE = 24

SEA = rgb("#1c6e8c")
WON = rgb("#2f9e44")
LOST = rgb("#c92a2a")
ENDED = rgb("#868e96")
HINT = rgb("#e8590c")
GOLD = rgb("#f2b705")
SILVER = rgb("#adb5bd")
BRONZE = rgb("#d08c4f")
STRIPE = mix(CARD, PAPER, 0.55)
DIFFICULTY = {"easy": rgb("#2f9e44"), "standard": rgb("#1971c2"), "very_hard": rgb("#862e9c")}
RESULT = {"won": (N_("WON"), WON), "lost": (N_("LOST"), LOST), "resigned": (N_("RESIGNED"), ENDED),
          "cancelled": (N_("ABANDONED"), ENDED), "expired": (N_("OUT OF TIME"), ENDED)}
DIFFICULTY_WORDS = {"easy": N_("EASY"), "standard": N_("STANDARD"), "very_hard": N_("VERY HARD")}


@dataclass(frozen=True)
class Column:
    label: str
    width: int
    align: str = "l"  # l, m or r


def _medal(draw: ImageDraw.ImageDraw, x: float, y: float, rank: int) -> None:
    colour = {1: GOLD, 2: SILVER, 3: BRONZE}.get(rank)
    if colour is not None:
        r = 19
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=mix(colour, INK, 0.35), width=2)
        text(draw, (x, y), str(rank), 24, INK, "mm", bold=True)
    else:
        text(draw, (x, y), str(rank), 24, MUTED, "mm", bold=True)


def _sheet(title: str, subtitle: str, badge: tuple[str, RGB] | None, columns: Sequence[Column],
           rows: Sequence[Sequence[Any]], footer: Sequence[str], empty: str) -> Image.Image:
    """A titled table. A cell is a string, ("rank", n), ("pill", words, colour) or ("mark", words, colour)."""
    footer = [part for line in footer for part in _wrapped(line, FOOT_SIZE, WIDTH - 2 * MARGIN)]
    body = max(1, len(rows)) * ROW
    height = HEAD + LABELS + body + 16 + len(footer) * FOOT_LINE + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    # head band
    draw.rectangle((0, 0, WIDTH, HEAD - 10), fill=SEA)
    text(draw, (MARGIN, 22), title, TITLE_SIZE, WHITE, "la", bold=True, width=WIDTH - 2 * MARGIN - 220)
    text(draw, (MARGIN, 72), subtitle, SUB_SIZE, mix(WHITE, SEA, 0.15), "la", width=WIDTH - 2 * MARGIN - 220)
    if badge is not None:
        pill(draw, (WIDTH - MARGIN, (HEAD - 10) / 2), badge[0], 26, badge[1], WHITE, anchor="rm", pad=14)
    # column labels
    top = HEAD + 4
    x = MARGIN
    spots = []
    for column in columns:
        anchor_x = {"l": x, "m": x + column.width / 2, "r": x + column.width}[column.align]
        spots.append((anchor_x, column))
        label = column.label.upper()
        text(draw, (anchor_x, top + LABELS / 2), label, _label_size(label, column.width), MUTED,
             column.align + "m", bold=True)
        x += column.width
    top += LABELS
    draw.line((MARGIN, top - 2, WIDTH - MARGIN, top - 2), fill=LINE, width=2)
    if not rows:
        text(draw, (WIDTH / 2, top + ROW / 2), empty, BODY_SIZE, MUTED, "mm")
    for index, row in enumerate(rows):
        y0 = top + index * ROW
        mid = y0 + ROW / 2
        draw.rectangle((MARGIN - 8, y0, WIDTH - MARGIN + 8, y0 + ROW - 1), fill=CARD if index % 2 == 0 else STRIPE)
        for (anchor_x, column), cell in zip(spots, row, strict=True):
            if isinstance(cell, tuple) and cell[0] == "rank":
                _medal(draw, anchor_x, mid, cell[1])
            elif isinstance(cell, tuple) and cell[0] == "pill":
                pill(draw, (anchor_x, mid), cell[1], 20, cell[2], WHITE, anchor=column.align + "m", pad=10)
            elif isinstance(cell, tuple) and cell[0] == "mark":
                if cell[1]:
                    pill(draw, (anchor_x, mid), cell[1], 18, cell[2], WHITE, anchor=column.align + "m", pad=8)
            else:
                words = str(cell)
                text(draw, (anchor_x, mid), words, BODY_SIZE, INK, column.align + "m",
                     bold=column is columns[1], width=column.width - 12)
    y = top + body + 16
    for line in footer:
        text(draw, (MARGIN, y + FOOT_LINE / 2), line, FOOT_SIZE, MUTED, "lm", width=WIDTH - 2 * MARGIN)
        y += FOOT_LINE
    return image


def _label_size(label: str, width: int) -> int:
    """The size of a column's label: LABEL_SIZE, smaller where a language's word is wider than its column."""
    size = LABEL_SIZE
    while size > MIN_LABEL_SIZE and text_width(label, size, bold=True) > width - 8:
        size -= 1
    return size


def _wrapped(line: str, size: int, width: int) -> list[str]:
    """One footer note as lines of at most `width` pixels, broken between words (one line when it fits)."""
    if text_width(line, size) <= width:
        return [line]
    lines: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current] if current else lines


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def daily_board(board: dict[str, Any]) -> bytes:
    """The board of one server's daily challenge on one day.

    `board`: day ("2026-01-01"), weekday, difficulty, final (bool), playing (unfinished attempts),
    rows: [{rank, name, result (won/lost/resigned/cancelled/expired), score, hints, moves, takebacks}] best
    first; hints and moves taken back are marked ("2 HINTS", "1 TAKEN BACK")."""
    difficulty = str(board.get("difficulty", ""))
    columns = (
        Column("#", 56, "m"),
        Column(tr("Player"), 240),
        Column(tr("Result"), 170, "m"),
        Column(tr("Score"), 120, "r"),
        Column(tr("Moves"), 110, "r"),
        Column("", 248, "r"),  # room for both marks: "2 HINTS · 1 TAKEN BACK"
    )
    rows = []
    for row in board.get("rows", []):
        words, colour = RESULT.get(row["result"], (row["result"].upper(), ENDED))
        words = tr(words)
        hints = int(row.get("hints") or 0)
        taken = int(row.get("takebacks") or 0)
        marks = [ngettext("HINT", "{count} HINTS", hints).format(count=hints) if hints else "",
                 ngettext("{count} TAKEN BACK", "{count} TAKEN BACK", taken).format(count=taken) if taken else ""]
        rows.append([
            ("rank", int(row["rank"])),
            row["name"],
            ("pill", words, colour),
            _number(row.get("score")),
            str(row.get("moves", "")),
            ("mark", " · ".join(m for m in marks if m), HINT),
        ])
    weekday = board.get("weekday", "")
    subtitle = f"{weekday} {board['day']} (UTC)".strip()
    title = tr("Daily challenge · final board") if board.get("final") else tr("Daily challenge")
    footer = []
    playing = int(board.get("playing") or 0)
    if playing:
        footer.append(ngettext("{count} player still playing: results appear when finished; attempts end at "
                               "00:00 UTC.",
                               "{count} players still playing: results appear when finished; attempts end at "
                               "00:00 UTC.", playing).format(count=playing))
    footer.append(tr("One deal for every server that day, one attempt each; hints and take-backs are marked."))
    shown = tr(DIFFICULTY_WORDS[difficulty]) if difficulty in DIFFICULTY_WORDS else difficulty.replace("_", " ").upper()
    badge = (shown, DIFFICULTY.get(difficulty, SEA)) if difficulty else None
    image = _sheet(title, subtitle, badge, columns, rows, footer, tr("No finished attempt yet."))
    return to_png(image)


def solo_board(board: dict[str, Any]) -> bytes:
    """The solo board of a server: rows [{rank, name, games, wins, best, best_hinted, streak, longest}]."""
    columns = (
        Column("#", 56, "m"),
        Column(tr("Player"), 330),
        Column(tr("Games"), 100, "r"),
        Column(tr("Wins"), 90, "r"),
        Column(tr("Best"), 120, "r"),
        Column(tr("Streak"), 120, "r"),
        Column(tr("Longest"), 128, "r"),
    )
    rows = []
    for row in board.get("rows", []):
        best = _number(row.get("best")) + ("*" if row.get("best_hinted") else "")
        rows.append([
            ("rank", int(row["rank"])),
            row["name"],
            str(row["games"]),
            str(row["wins"]),
            best,
            str(row["streak"]),
            str(row["longest"]),
        ])
    footer = [tr("Streaks count consecutive days with a daily challenge won. * best reached with a hint.")]
    footer += list(board.get("notes", []))
    image = _sheet(board["title"] if "title" in board else tr("Solo board"), board.get("subtitle", ""), None, columns, rows, footer,
                   tr("No solo game finished yet."))
    return to_png(image)

"""A table's move log as people may read it: pages for /history, and a file to download.

The store keeps each move's exact canonical text, for replay. Others read a move in its
public form (`describe_move`, replayed from the seed): a discard on a 7 by its count, never
its cards. The player who made a move also sees its exact text. Once the game is over
nothing is left to protect, so every move shows exactly, and the file gives the seed: with
it the file replays the game. While the game runs the seed stays out of the file, since it
decides every roll and draw still to come.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import lang
from bot.core import replay
from db.store import MoveRow, TableRow
from games import registry
from games.base import Game
from lang import N_, ngettext, tr

PAGE_CHARS = 1700  # a page and its header fit a private Discord message (2000)


@dataclass
class Entry:
    n: int
    seat: int
    move: str  # the exact canonical text
    public: str  # what everyone may read
    mark: Hashable | None = None  # the game's turn_mark before the move
    told: str = ""  # the public form as the log reads it: each step once (`step_once`)


@dataclass
class Log:
    """A table's log replayed once, with the game past its last move, so that the log of the next
    version replays only the moves added since (a turn's recap and every board page after every
    move read the log: replayed whole each time, a long game costs more with every move)."""

    key: tuple  # what the replay depends on besides the moves
    moves: tuple[tuple[int, int, str], ...]  # (n, seat, move) as logged
    entries: list[Entry]
    game: Game


def entries(row: TableRow, names: Sequence[str], moves: Sequence[MoveRow]) -> list[Entry]:
    """Every logged move with its public form, by replaying the table from its seed."""
    return continued(None, row, names, moves).entries


def continued(kept: Log | None, row: TableRow, names: Sequence[str], moves: Sequence[MoveRow]) -> Log:
    """The log of `moves`, replaying only what `kept` (an earlier log of the same table) lacks; from
    the seed when the moves do not continue it (a take-back). `kept` is used up: its game moves on."""
    key = (row.id, row.game, row.seed, tuple(names), lang.current())  # the public words are in one language
    logged = tuple((m.n, m.seat, m.move) for m in moves)
    if kept is not None and kept.key == key and logged[:len(kept.moves)] == kept.moves:
        game, start, out = kept.game, len(kept.moves), list(kept.entries)
    else:
        game, start, out = registry.get(row.game).replay_deal(len(names), row.options, row.seed, row.state), 0, []
    added = [(seat, move) for _, seat, move in logged[start:]]
    for step in replay.steps(game, added, canonical=True, past_errors=True):
        public = None  # a log the engine no longer reads: say so rather than show the move
        if step.error is None:
            try:
                public = game.describe_move(step.seat, step.move, names)
            except Exception:
                public = None
        if public is None:
            public = tr("{name} moved (this move no longer replays).").format(name=names[step.seat])
        out.append(Entry(logged[start + step.index][0], step.seat, step.move, public, step.mark,
                         step_once(public, names[step.seat])))
    return Log(key, logged, out, game)


def step_once(public: str, who: str) -> str:
    """A move's public words without the retelling of its whole turn. A game whose turn spans
    several messages (Propeller Islands, Grow Sky) ends the turn's last message with
    `<who>'s turn: ...`, every step again, for the channel; in the log each of those steps has its
    own line above, so the log tells them once. What follows the retelling (a new line, the final
    scores) is kept."""
    for lead in ("\n", ". "):
        start = public.find(f"{lead}{who}'s turn: ")
        if start < 0:
            continue
        rest = public[start + len(lead):]
        ends = [i for i in (rest.find("\n"), rest.find(". Final: ")) if i >= 0]
        tail = rest[min(ends):] if ends else ""
        return public[:start] + ("." if lead == ". " and not tail else "") + tail
    return public


def shows_exact(entry: Entry, viewer: int | None, over: bool) -> bool:
    return over or entry.seat == viewer


def line(entry: Entry, viewer: int | None, over: bool) -> str:
    text = f"{entry.n}. {entry.told or entry.public}"
    if shows_exact(entry, viewer, over) and f"`{entry.move}`" not in entry.public:
        text += f" `{entry.move}`"
    return text


def pages(lines: Sequence[str], limit: int = PAGE_CHARS) -> list[list[str]]:
    """Lines packed into pages from the first move on, so a page keeps its number as moves come."""
    out: list[list[str]] = [[]]
    size = 0
    for text in lines:
        text = text if len(text) <= limit else text[: limit - 2] + " …"
        if out[-1] and size + len(text) + 1 > limit:
            out.append([])
            size = 0
        out[-1].append(text)
        size += len(text) + 1
    return out


def _head(text: str, viewer: int | None, over: bool) -> str:
    if over:
        return tr("{head} (the game is over: every move shows exactly)").format(head=text)
    if viewer is not None:
        return tr("{head} (your own moves show exactly; others' as the table saw them)").format(head=text)
    return tr("{head} (as the table saw them)").format(head=text)


def latest_start(lines: Sequence[str], limit: int = PAGE_CHARS) -> int:
    """The index of the first line of the fullest page that ends with the newest line."""
    size, start = 0, len(lines)
    while start > 0:
        text = lines[start - 1]
        text_size = min(len(text), limit) + 1
        if start < len(lines) and size + text_size > limit:
            break
        size += text_size
        start -= 1
    return start


def page_text(lines: Sequence[str], page: int, viewer: int | None, over: bool) -> tuple[str, int, int]:
    """(text, page shown, page count) for a 1-based page; 0 or past the end means the latest
    moves: a full page ending with the newest move (page 0), not a last page holding one move."""
    book = pages(lines)
    count = len(book)
    if count == 1:
        page = 1
    if 1 <= page <= count:
        head = tr("Moves, page {page} of {count}").format(page=page, count=count)
        return _head(head, viewer, over) + ":\n" + "\n".join(book[page - 1]), page, count
    start = latest_start(lines)
    body = [text if len(text) <= PAGE_CHARS else text[: PAGE_CHARS - 2] + " …" for text in lines[start:]]
    head = ngettext("The latest moves ({shown} of {total}; {count} page in all)",
                    "The latest moves ({shown} of {total}; {count} pages in all)", count).format(
        shown=len(body), total=len(lines), count=count)
    return _head(head, viewer, over) + ":\n" + "\n".join(body), 0, count


def page_of_line(lines: Sequence[str], index: int) -> int:
    """The 1-based page that holds line `index`."""
    seen = 0
    for number, page in enumerate(pages(lines), 1):
        seen += len(page)
        if index < seen:
            return number
    return len(pages(lines))


PAGER = {"first": N_("First page"), "earlier": N_("Earlier"), "later": N_("Later"), "last": N_("Last page"),
         "latest": N_("Latest moves")}


def pager(lines: Sequence[str], shown: int, count: int) -> list[tuple[str, int]]:
    """(label, page) of the buttons under a page; page 0 is the latest moves. No page is offered
    twice (on page 2, First and Earlier both lead to page 1: only First is kept)."""
    return [(tr(PAGER[key]), target) for key, target in _pager(lines, shown, count)]


def _pager(lines: Sequence[str], shown: int, count: int) -> list[tuple[str, int]]:
    if shown == 0:
        start = latest_start(lines)
        wanted = [("first", 1), ("earlier", page_of_line(lines, start - 1) if start else 0)]
    else:
        wanted = [("first", 1), ("earlier", shown - 1), ("later", shown + 1), ("last", count), ("latest", 0)]
    out: list[tuple[str, int]] = []
    for label, target in wanted:
        if target == shown or any(target == t for _, t in out):
            continue
        if (1 <= target <= count) or (target == 0 and shown != 0 and count > 1 and label == "latest"):
            out.append((label, target))
    return out


def log_file(row: TableRow, title: str, names: Sequence[str], options_text: str, items: Sequence[Entry],
             viewer: int | None, over: bool, standings: str = "", seed_until: str = "") -> bytes:
    """The whole log as text. Lines are `n<TAB>seat<TAB>move<TAB>public form`; a move the
    reader may not see yet reads `?` in the move column. `seed_until` keeps the seed out of a
    finished game's file while its deal is still being played elsewhere (the daily challenge)."""
    out = [
        tr("# Isles game log: {title} ({game}), table {table}").format(title=title, game=row.game, table=row.id),
        tr("# opened {created}, status {status}").format(created=row.created_at, status=row.status),
        f"game: {row.game}",
        f"options: {options_text or '(defaults)'}",
        f"seed: {row.seed}" if over and not seed_until else
        "seed: " + tr("(given {until}: others are still playing this deal)").format(until=seed_until) if seed_until else
        "seed: " + tr("(given once the game is over: it decides every roll and draw to come)"),
        "seats: " + ", ".join(f"{seat + 1}={name}" for seat, name in enumerate(names)),
        tr("# To replay: new(players, options, seed), then play(seat - 1, move) for each line below."),
    ]
    if not over:
        out.append(tr("# While the game runs, other players' moves show as the table saw them (move `?`)."))
    out.append("n\tseat\tmove\tpublic")
    for entry in items:
        move = entry.move if shows_exact(entry, viewer, over) else "?"
        out.append(f"{entry.n}\t{entry.seat + 1}\t{move}\t{entry.public}")
    if standings:
        out += ["", *("# " + text for text in standings.splitlines())]
    return ("\n".join(out) + "\n").encode()


def read_log_file(data: bytes) -> tuple[str, dict[str, str], int, int, list[tuple[int, str]]]:
    """(game, options, seed, players, [(seat, move)]) from a downloaded file of a finished game."""
    head: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    body = False
    for text in data.decode().splitlines():
        if not text or text.startswith("#"):
            continue
        if text.startswith("n\tseat\tmove"):
            body = True
            continue
        if body:
            _n, seat, move, _public = text.split("\t", 3)
            moves.append((int(seat) - 1, move))
        else:
            key, _, value = text.partition(": ")
            head[key] = value
    options = {} if head["options"] == "(defaults)" else dict(
        pair.split("=", 1) for pair in head["options"].split())
    return head["game"], options, int(head["seed"]), len(head["seats"].split(", ")), moves

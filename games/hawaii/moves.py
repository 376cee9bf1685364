"""The moves of the Hawaiian Islands as values: one reader from text, one writer back.

`parse` reads a normalized text (after `Game.normalize`) into one of the small values below and
refuses text that is not a move in the notation; whether the move is allowed now is the rules'
business (game.py). `text` writes the canonical form, the one `legal_moves` lists. `NOTATION`
(`games.base.Notation`) is the move table: per kind of move its verb, reader, canonical text,
public words, menu group and the phase that allows it; game.py plays each kind with its
`_play_<kind>`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import IllegalMove, Notation, PlaceWord, Verb, is_number
from games.hawaii import data as D
from games.hawaii import words as W
from games.hawaii.data import ISLAND_INDEX, ROUTE_BETWEEN
from lang import N_, ngettext, tr


@dataclass(frozen=True, slots=True)
class Shares:
    n: int


@dataclass(frozen=True, slots=True)
class TakeAction:
    action: str  # one of D.ACTIONS


@dataclass(frozen=True, slots=True)
class Connect:
    route: int


@dataclass(frozen=True, slots=True)
class Urbanize:
    island: int
    colour: str  # as written: whether such a disc is left is a question of the state


@dataclass(frozen=True, slots=True)
class Done:
    pass


@dataclass(frozen=True, slots=True)
class Deliver:
    colour: str
    path: tuple[int, ...]  # islands from the cube's own to where it ends; the rules check the way


@dataclass(frozen=True, slots=True)
class Locomotive:
    pass


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Place:
    colour: str  # as written: whether it was drawn is a question of the state
    column: int  # from 0
    row: int  # from 0


Move = Shares | TakeAction | Connect | Urbanize | Done | Deliver | Locomotive | Pass | Place


# -- canonical texts, most made once ------------------------------------------------------------
SHARES_TEXTS = tuple(f"shares {n}" for n in range(D.MAX_SHARES + 1))
ACTION_TEXTS = {action: f"action {action}" for action in D.ACTIONS}
CONNECT_TEXTS = tuple(f"connect {name}" for name in D.ROUTE_NAMES)
PLACE_TEXTS = {colour: [[f"place {colour} {c + 1},{r + 1}" for r in range(D.CHART_ROWS)]
                        for c in range(D.CHART_COLUMNS)] for colour in D.COLOURS}


def shares_text(n: int) -> str:
    return SHARES_TEXTS[n] if 0 <= n < len(SHARES_TEXTS) else f"shares {n}"


def urbanize_text(island: int, colour: str) -> str:
    return f"urbanize {D.ISLANDS[island]} {colour}"


def deliver_text(colour: str, path: Sequence[int]) -> str:
    return f"deliver {colour} {'-'.join(D.ISLANDS[i] for i in path)}"


def place_text(colour: str, column: int, row: int) -> str:
    texts = PLACE_TEXTS.get(colour)
    return texts[column][row] if texts else f"place {colour} {column + 1},{row + 1}"


# -- reading, verb by verb (the words after the verb) -----------------------------------------
def _read_shares(words: list[str]) -> Shares:
    args = words[1:]
    if len(args) != 1 or not is_number(args[0]):
        raise IllegalMove(tr("Write `shares N` with a number, e.g. `shares 2` (or `shares 0`)."))
    return Shares(int(args[0]))


def _read_action(words: list[str]) -> TakeAction:
    args = words[1:]
    if len(args) != 1 or args[0] not in D.ACTIONS:
        raise IllegalMove(tr("The actions are: locomotive, urbanize, engineer, production."))
    return TakeAction(args[0])


def _read_connect(words: list[str]) -> Connect:
    args = words[1:]
    if len(args) != 1:
        raise IllegalMove(tr("Write `connect a-b`, e.g. `connect oahu-maui`."))
    parts = args[0].split("-")
    if len(parts) != 2 or any(p not in ISLAND_INDEX for p in parts):
        raise IllegalMove(tr("`{route}` is not a route; name its two islands, e.g. `connect oahu-maui`.").format(
            route=args[0]))
    r = ROUTE_BETWEEN.get((ISLAND_INDEX[parts[0]], ISLAND_INDEX[parts[1]]))
    if r is None:
        raise IllegalMove(tr("No sea route runs between {a} and {b}.").format(a=D.TITLES[parts[0]],
                                                                               b=D.TITLES[parts[1]]))
    return Connect(r)


def _read_urbanize(words: list[str]) -> Urbanize:
    args = words[1:]
    if len(args) != 2:
        raise IllegalMove(tr("Write `urbanize island colour`, e.g. `urbanize lanai red`."))
    name, colour = args
    if name not in ISLAND_INDEX:
        raise IllegalMove(tr("No island `{name}`.").format(name=name))
    return Urbanize(ISLAND_INDEX[name], colour)


def _nothing_after(word: str, value: Move) -> Callable[[list[str]], Move]:
    def read(words: list[str]) -> Move:
        if words[1:]:
            raise IllegalMove(tr("`{word}` takes nothing after it.").format(word=word))
        return value

    return read


def _read_deliver(words: list[str]) -> Deliver:
    args = words[1:]
    if len(args) != 2:
        raise IllegalMove(tr("Write `deliver colour a-b-c` with the whole path, e.g. "
                             "`deliver purple hawaii-oahu-kauai`."))
    colour, path_text = args
    if colour not in D.COLOURS:
        raise IllegalMove(tr("`{colour}` is not a cube colour ({colours}).").format(
            colour=colour, colours=", ".join(D.COLOURS)))
    names = path_text.split("-")
    for name in names:
        if name not in ISLAND_INDEX:
            raise IllegalMove(tr("No island `{name}` (islands: {islands}).").format(name=name,
                                                                                      islands=", ".join(D.ISLANDS)))
    if len(names) < 2:
        raise IllegalMove(tr("A delivery path names at least two islands, from the cube's island to where it ends."))
    return Deliver(colour, tuple(ISLAND_INDEX[n] for n in names))


def _read_place(words: list[str]) -> Place:
    args = words[1:]
    if len(args) != 2:
        raise IllegalMove(tr("Write `place colour column,row`, e.g. `place red 3,1`."))
    colour, square = args
    parts = square.split(",")
    if len(parts) != 2 or not all(is_number(p) for p in parts):
        raise IllegalMove(tr("A chart square is `column,row`, e.g. `3,1`."))
    c, r = int(parts[0]) - 1, int(parts[1]) - 1
    if not (0 <= c < D.CHART_COLUMNS and 0 <= r < D.CHART_ROWS):
        raise IllegalMove(tr("The chart has columns 1-{columns} and rows 1-{rows}.").format(
            columns=D.CHART_COLUMNS, rows=D.CHART_ROWS))
    return Place(colour, c, r)


# -- public words (`describe_move`); `None` leaves the text as typed ---------------------------
def _title(i: int) -> str:
    return D.TITLES[D.ISLANDS[i]]


def _told_deliver(game: Any, seat: int, move: Deliver, names: Sequence[str]) -> str | None:
    d = game.last_delivery
    if not d or game.last_move != deliver_text(move.colour, move.path):
        return None
    path = " → ".join(D.TITLES[n] for n in d["path"])
    cleared = len(d["removed"])
    if cleared:
        return ngettext("{name} delivers a {colour} cube {path}: income +{income}, {cleared} route cube cleared",
                        "{name} delivers a {colour} cube {path}: income +{income}, {cleared} route cubes cleared",
                        cleared).format(name=names[seat], colour=W.colour(d["colour"]), path=path,
                                        income=len(d["routes"]), cleared=cleared)
    return tr("{name} delivers a {colour} cube {path}: income +{income}").format(
        name=names[seat], colour=W.colour(d["colour"]), path=path, income=len(d["routes"]))


def _told_connect(game: Any, seat: int, move: Connect, names: Sequence[str]) -> str:
    a, b, _ = D.ROUTES[move.route]
    return tr("{name} connects {a}–{b}").format(name=names[seat], a=D.TITLES[a], b=D.TITLES[b])


# Nothing is hidden from the one player, so every kind but the build's choices may be a button.
NOTATION = Notation({
    Shares: Verb("shares", _read_shares, lambda m: shares_text(m.n),
                 lambda g, s, m, names: ngettext("{name} issues {count} share", "{name} issues {count} shares",
                                                 m.n).format(name=names[s], count=m.n), N_("Shares"),
                 ("shares",), button=True),
    TakeAction: Verb("action", _read_action, lambda m: ACTION_TEXTS[m.action],
                     lambda g, s, m, names: tr("{name} takes the {action} action").format(
                         name=names[s], action=W.action(m.action)), N_("Action"),
                     ("action",), button=True),
    Connect: Verb("connect", _read_connect, lambda m: CONNECT_TEXTS[m.route], _told_connect, N_("Connect"), ("build",)),
    Urbanize: Verb("urbanize", _read_urbanize, lambda m: urbanize_text(m.island, m.colour),
                   lambda g, s, m, names: tr("{name} urbanizes {island} with a {colour} disc").format(
                       name=names[s], island=_title(m.island), colour=W.colour(m.colour)),
                   N_("Urbanize"), ("build",)),
    Done: Verb("done", _nothing_after("done", Done()), lambda m: "done",
               lambda g, s, m, names: tr("{name} ends the build").format(name=names[s]), N_("Finish"), ("build",),
               button=True),
    Deliver: Verb("deliver", _read_deliver, lambda m: deliver_text(m.colour, m.path), _told_deliver, N_("Deliver"),
                  ("move",), button=True),
    Locomotive: Verb("locomotive", _nothing_after("locomotive", Locomotive()), lambda m: "locomotive",
                     lambda g, s, m, names: tr("{name} raises the locomotive to {loco}").format(name=names[s], loco=g.loco),
                     N_("Locomotive"), ("move",),
                     button=True),
    Pass: Verb("pass", _nothing_after("pass", Pass()), lambda m: "pass", lambda g, s, m, names: tr("{name} passes").format(name=names[s]),
               N_("Pass"), ("move",), button=True),
    Place: Verb("place", _read_place, lambda m: place_text(m.colour, m.column, m.row),
                lambda g, s, m, names: tr("{name} places a {colour} cube on chart square {column},{row}").format(
                    name=names[s], colour=W.colour(m.colour), column=m.column + 1, row=m.row + 1),
                N_("Place"), ("produce",), button=True),
}, N_("Unknown move `{text}`."), cache=4096)
parse = NOTATION.parse
text = NOTATION.text


# the words of a move that name a place on the board (a page lights it): `shares 3` names the shares
# box, `deliver red maui-oahu` the red cube and the route
PLACES = {
    "shares": (PlaceWord(0, "stat"),), "action": (PlaceWord(1, "action"),), "connect": (PlaceWord(1, "route"),),
    "urbanize": (PlaceWord(0, "action"), PlaceWord(1, "island"), PlaceWord(2)),
    "deliver": (PlaceWord(1), PlaceWord(2, "route")), "locomotive": (PlaceWord(0, "action"),),
    "place": (PlaceWord(1), PlaceWord(2, "chart")),
}

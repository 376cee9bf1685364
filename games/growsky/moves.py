"""Grow Sky's move notation: one parser from text to a move value, and one table of verbs.

`parse` reads one normalized step (`Game.normalize`) into a small frozen value and `text` writes
the canonical form back (`parse(text(m)) == m`); `legal_moves` lists exactly those forms. It
writes them with f-strings of its own, as `text` would: building a value per listed move made
random playouts a third slower, and tests/games/test_growsky_moves.py checks every listed move
reads back as itself. The
parser knows the notation only: whether a move is legal now is the game's business. Two lenient
spellings parse to values the game resolves: `fly 3 +0` / `fly 3 1` (a boost read as a count)
and `pick 2` (the second side of the either/or waiting, a `PickNth`).

`VERBS` gives, per move class, the canonical text, the public words (`describe_move`; told
after the move was played, so a tile it put down is on top of its space) and the menu group
(`move_groups`; `None` keeps it out of the menus).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import games.growsky.data as data
from games.base import Game, IllegalMove, is_number
from games.growsky.board import PAY_SOURCES, tile_side


@dataclass(frozen=True, slots=True)
class Side:  # advanced mode: the side of the room card
    side: str  # a or b


@dataclass(frozen=True, slots=True)
class Draft:  # setup: a tile of the pool onto a route space
    tile: int  # 1-based, as typed
    space: int


@dataclass(frozen=True, slots=True)
class Fly:
    face: int
    boost: int = 0


@dataclass(frozen=True, slots=True)
class Develop:
    face: int


@dataclass(frozen=True, slots=True)
class Standby:
    face: int


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Upgrade:  # a Lv. 3 cube flips the tile on a space
    space: int


@dataclass(frozen=True, slots=True)
class Cube:  # a Lv. 3 cube placed as a part
    at: str


@dataclass(frozen=True, slots=True)
class Grow:  # fuel, fuel2 or rudder
    what: str


@dataclass(frozen=True, slots=True)
class GrowDie:
    face: int
    to: int


@dataclass(frozen=True, slots=True)
class GrowMove:  # the top tile of one route space onto another
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class Pick:  # one side of an either/or bonus, by its first word
    alt: str


@dataclass(frozen=True, slots=True)
class PickNth:  # `pick 2`: the game reads it as the side in that place
    index: int


@dataclass(frozen=True, slots=True)
class Place:  # a part in the engine room
    shape: str
    where: str  # the placement as data.PLACEMENT_BY_TEXT names it: `v3 o1 a1`

    @property
    def anchor(self) -> str:
        return self.where.rpartition(" ")[2]


@dataclass(frozen=True, slots=True)
class Buy:
    slot: int  # market slot, 1-based
    space: int


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Pay:  # a paying move with its fuel drawn from other cubes first
    move: Move
    source: str  # one of PAY_SOURCES


Move = (Side | Draft | Fly | Develop | Standby | End | Upgrade | Cube | Grow | GrowDie | GrowMove | Pick
        | PickNth | Place | Buy | Pass | Pay)

GROW_KINDS = ("fuel", "fuel2", "rudder")
SIDES = ("a", "b")


# -- reading ---------------------------------------------------------------------------
def _bad(text: str, why: str) -> IllegalMove:
    return IllegalMove(f"`{text}` is not a Grow Sky move: {why} (see /moves).")


def _count(word: str, text: str, prefix: str = "") -> int:
    """A number as listed (`s5`, `3`): no sign, no leading zero, no other digits."""
    digits = word[len(prefix):] if word.startswith(prefix) else ""
    if not is_number(digits) or str(int(digits)) != digits:
        raise _bad(text, f"`{word}` should be {'a number' if not prefix else prefix + ' and a number'}")
    return int(digits)


def _words(text: str, words: list[str], count: int) -> None:
    if len(words) != count:
        raise _bad(text, f"`{words[0]}` takes {count - 1} word{'s' if count != 2 else ''} after it")


def _face_move(kind: type) -> Callable[[str, list[str]], Move]:
    def read(text: str, words: list[str]) -> Move:
        _words(text, words, 2)
        return kind(_count(words[1], text))
    return read


def _fly(text: str, words: list[str]) -> Move:
    if len(words) == 2:
        return Fly(_count(words[1], text))
    _words(text, words, 3)
    return Fly(_count(words[1], text), _count(words[2].lstrip("+"), text))


def _side(text: str, words: list[str]) -> Move:
    _words(text, words, 2)
    if words[1] not in SIDES:
        raise _bad(text, "the room card's sides are a and b")
    return Side(words[1])


def _grow(text: str, words: list[str]) -> Move:
    kind = words[1] if len(words) > 1 else ""
    if kind == "die":
        _words(text, words, 4)
        return GrowDie(_count(words[2], text), _count(words[3], text))
    if kind == "move":
        _words(text, words, 4)
        return GrowMove(_count(words[2], text, "s"), _count(words[3], text, "s"))
    _words(text, words, 2)
    if kind not in GROW_KINDS:
        raise _bad(text, "grow buys fuel, fuel2, rudder, die or move")
    return Grow(kind)


def _pick(text: str, words: list[str]) -> Move:
    _words(text, words, 2)
    return PickNth(int(words[1])) if is_number(words[1]) else Pick(words[1])


def _place(text: str, words: list[str]) -> Move:
    where = " ".join(words[1:])
    shape = words[1] if len(words) > 1 else ""
    if where not in data.PLACEMENT_BY_TEXT.get(shape, ()) or shape == "cube":
        raise _bad(text, "a part is its shape, orientation and square, as in `place v3 o1 a1`")
    return Place(shape, where)


def _cube(text: str, words: list[str]) -> Move:
    _words(text, words, 2)
    if words[1] not in data.PLACEMENT_BY_TEXT["cube"]:
        raise _bad(text, "a cube goes on a square of the engine room, as in `cube a1`")
    return Cube(words[1])


def _no_word(kind: type) -> Callable[[str, list[str]], Move]:
    def read(text: str, words: list[str]) -> Move:
        _words(text, words, 1)
        return kind()
    return read


READERS: dict[str, Callable[[str, list[str]], Move]] = {
    "side": _side,
    "draft": lambda text, w: (_words(text, w, 3), Draft(_count(w[1], text, "p"), _count(w[2], text, "s")))[1],
    "fly": _fly,
    "develop": _face_move(Develop),
    "standby": _face_move(Standby),
    "end": _no_word(End),
    "upgrade": lambda text, w: (_words(text, w, 2), Upgrade(_count(w[1], text, "s")))[1],
    "cube": _cube,
    "grow": _grow,
    "pick": _pick,
    "place": _place,
    "buy": lambda text, w: (_words(text, w, 3), Buy(_count(w[1], text, "m"), _count(w[2], text, "s")))[1],
    "pass": _no_word(Pass),
}


@lru_cache(maxsize=8192)  # the same few thousand texts come back all game long (the players try them on copies)
def parse(text: str) -> Move:
    """One step, normalized, as a move value; `IllegalMove` if it is not in the notation."""
    base, paid, source = text.partition(" pay ")
    if paid:
        if source not in PAY_SOURCES:
            raise _bad(text, "pay names fuel, lv1, lv2 or lv3")
        return Pay(parse(base), source)
    words = text.split(" ")
    reader = READERS.get(words[0])
    if reader is None:
        raise _bad(text, "the verbs are " + ", ".join(READERS))
    return reader(text, words)


def steps(text: str) -> list[str]:
    """The steps of a normalized text joined with `;` (`buy m1 s5; pass`), each normalized."""
    return [Game.normalize(part) for part in text.split(";") if part.strip()]


def parse_steps(text: str) -> tuple[Move, ...]:
    return tuple(parse(step) for step in steps(text))


def verb_of(text: str) -> str:
    """The first word of a step, whether or not the rest is in the notation (for refusals)."""
    return text.partition(" ")[0]


def unpaid(text: str) -> tuple[str, str]:
    """(the step without its ` pay ...` suffix, what it names to pay from; `""` without one)."""
    base, _, source = text.partition(" pay ")
    return base, source


def face_of(text: str) -> int | None:
    """The die a die move names, read as a refusal reads it (`fly 03` names a 3)."""
    words = text.split(" ")
    return int(words[1]) if len(words) > 1 and is_number(words[1]) else None


# -- writing and telling ---------------------------------------------------------------
def text(move: Move) -> str:
    return VERBS[type(move)].text(move)


def describe(game: Any, seat: int, move: Move) -> str:
    """One step in words, after it was played."""
    return VERBS[type(move)].describe(game, seat, move)


def group(move: Move) -> str | None:
    return VERBS[type(move)].group(move)


def _tile_told(game: Any, seat: int, space: int) -> str:
    top = game.boards[seat].top(space - 1) if 1 <= space <= 12 else None
    return f" ({data.bonus_words(tile_side(top)[1])})" if top else ""


def _developed(m: Develop) -> str:
    symbols = ", ".join(data.SYMBOL_WORDS[c] for c in data.FACES[m.face])
    return f"developed with a {m.face} ({symbols})"


def _grown(m: Grow | GrowDie | GrowMove) -> str:
    return f"used grow: {text(m)[5:]}"


class Verb(NamedTuple):
    text: Callable[[Any], str]
    describe: Callable[[Any, int, Any], str]  # (game, seat, move)
    group: Callable[[Any], str | None]


def _label(label: str) -> Callable[[Any], str]:
    return lambda m: label


VERBS: dict[type, Verb] = {
    Side: Verb(lambda m: f"side {m.side}", lambda g, s, m: f"chose room card side {m.side.upper()}",
               _label("Room card")),
    Draft: Verb(lambda m: f"draft p{m.tile} s{m.space}",
                lambda g, s, m: f"drafted the pool's tile p{m.tile}{_tile_told(g, s, m.space)} onto s{m.space}",
                _label("Draft")),
    Fly: Verb(lambda m: f"fly {m.face} +{m.boost}" if m.boost else f"fly {m.face}",
              lambda g, s, m: f"flew with a {m.face}" + (f", boosting {m.boost}" if m.boost else ""), _label("Fly")),
    Develop: Verb(lambda m: f"develop {m.face}", lambda g, s, m: _developed(m), _label("Develop")),
    Standby: Verb(lambda m: f"standby {m.face}", lambda g, s, m: f"stood by with a {m.face}", _label("Standby")),
    End: Verb(lambda m: "end", lambda g, s, m: "ended the turn", _label("End turn")),
    Upgrade: Verb(lambda m: f"upgrade s{m.space}", lambda g, s, m: f"upgraded the route tile on s{m.space}",
                  _label("Upgrade tile")),
    Cube: Verb(lambda m: f"cube {m.at}", lambda g, s, m: f"placed a Lv. 3 cube at {m.at}",
               _label("Lv. 3 cube as part")),
    Grow: Verb(lambda m: f"grow {m.what}", lambda g, s, m: _grown(m), _label("Grow")),
    GrowDie: Verb(lambda m: f"grow die {m.face} {m.to}", lambda g, s, m: _grown(m), _label("Grow")),
    GrowMove: Verb(lambda m: f"grow move s{m.source} s{m.target}", lambda g, s, m: _grown(m), _label("Grow")),
    Pick: Verb(lambda m: f"pick {m.alt}", lambda g, s, m: f"chose {m.alt}", _label("Choose")),
    PickNth: Verb(lambda m: f"pick {m.index}", lambda g, s, m: f"chose {m.index}", _label("Choose")),
    # a menu per shape, the part as gained first (the upgrades cost fuel)
    Place: Verb(lambda m: f"place {m.where}", lambda g, s, m: f"placed part {m.where}", lambda m: f"Place {m.shape}"),
    Buy: Verb(lambda m: f"buy m{m.slot} s{m.space}",
              lambda g, s, m: f"bought the route tile of m{m.slot}{_tile_told(g, s, m.space)} for s{m.space}",
              _label("Buy tile")),
    Pass: Verb(lambda m: "pass", lambda g, s, m: "bought no more route tiles", _label("Buy tile")),
    # another payment order is typed (the autocomplete lists it), not a menu line
    Pay: Verb(lambda m: f"{text(m.move)} pay {m.source}", lambda g, s, m: describe(g, s, m.move), lambda m: None),
}

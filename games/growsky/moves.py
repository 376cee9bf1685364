"""Grow Sky's move notation: one parser from text to a move value, and one table of verbs.

`parse` reads one normalized step (`Game.normalize`) into a small frozen value and `text` writes
the canonical form back (`parse(text(m)) == m`); `legal_moves` lists exactly those forms. It
writes them with f-strings of its own, as `text` would: building a value per listed move made
random playouts a third slower, and tests/games/test_growsky_moves.py checks every listed move
reads back as itself. The
parser knows the notation only: whether a move is legal now is the game's business. Two lenient
spellings parse to values the game resolves: `fly 3 +0` / `fly 3 1` (a boost read as a count)
and `pick 2` (the second side of the either/or waiting, a `PickNth`).

`NOTATION` (`games.base.Notation`) is the move table: per move class its verb, reader, canonical
text, public words (`describe_move`; told after the move was played, so a tile it put down is on
top of its space), menu group (`move_groups`; `None` keeps it out of the menus), the phase that
allows it and whether it may stand on a public button; game.py plays each kind with its
`_play_<kind>`. A paying move is read by the table's modifier: the move before ` pay `, then the
sources that pay it first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import games.growsky.data as data
import lang
from games.base import IllegalMove, Notation, PlaceWord, Verb, is_number
from games.growsky.board import PAY_SOURCES, tile_side
from lang import N_, ngettext, tr


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
class Pay:  # a paying move with the sources its fuel is drawn from first
    move: Move
    plan: tuple[tuple[str, int | None], ...]  # (one of PAY_SOURCES, how much or None: as much as it pays)

    @property
    def words(self) -> str:
        return " ".join(source if count is None else f"{count} {source}" for source, count in self.plan)


Move = (Side | Draft | Fly | Develop | Standby | End | Upgrade | Cube | Grow | GrowDie | GrowMove | Pick
        | PickNth | Place | Buy | Pass | Pay)

GROW_KINDS = ("fuel", "fuel2", "rudder")
SIDES = ("a", "b")


# -- reading ---------------------------------------------------------------------------
def _bad(words: list[str], why: str) -> IllegalMove:
    return IllegalMove(tr("`{typed}` is not a Grow Sky move: {why} (see /moves).").format(typed=" ".join(words), why=why))


def _count(word: str, words: list[str], prefix: str = "") -> int:
    """A number as listed (`s5`, `3`): no sign, no leading zero, no other digits."""
    digits = word[len(prefix):] if word.startswith(prefix) else ""
    if not is_number(digits) or str(int(digits)) != digits:
        raise _bad(words, tr("`{word}` should be a number").format(word=word) if not prefix
                   else tr("`{word}` should be {prefix} and a number").format(word=word, prefix=prefix))
    return int(digits)


def _words(words: list[str], count: int) -> None:
    if len(words) != count:
        raise _bad(words, ngettext("`{verb}` takes {count} word after it", "`{verb}` takes {count} words after it",
                                   count - 1).format(verb=words[0], count=count - 1))


def _face_move(kind: type) -> Callable[[list[str]], Move]:
    def read(words: list[str]) -> Move:
        _words(words, 2)
        return kind(_count(words[1], words))
    return read


def _fly(words: list[str]) -> Move:
    if len(words) == 2:
        return Fly(_count(words[1], words))
    _words(words, 3)
    return Fly(_count(words[1], words), _count(words[2].lstrip("+"), words))


def _side(words: list[str]) -> Move:
    _words(words, 2)
    if words[1] not in SIDES:
        raise _bad(words, tr("the room card's sides are a and b"))
    return Side(words[1])


def _draft(words: list[str]) -> Move:
    _words(words, 3)
    return Draft(_count(words[1], words, "p"), _count(words[2], words, "s"))


def _upgrade(words: list[str]) -> Move:
    _words(words, 2)
    return Upgrade(_count(words[1], words, "s"))


def _buy(words: list[str]) -> Move:
    _words(words, 3)
    return Buy(_count(words[1], words, "m"), _count(words[2], words, "s"))


def _grow(words: list[str]) -> Move:
    kind = words[1] if len(words) > 1 else ""
    if kind == "die":
        _words(words, 4)
        return GrowDie(_count(words[2], words), _count(words[3], words))
    if kind == "move":
        _words(words, 4)
        return GrowMove(_count(words[2], words, "s"), _count(words[3], words, "s"))
    _words(words, 2)
    if kind not in GROW_KINDS:
        raise _bad(words, tr("grow buys fuel, fuel2, rudder, die or move"))
    return Grow(kind)


def _side_word(alt: str) -> str:
    """The side a `pick` chose, as its notation: a word of the move as typed, so in every language
    but English (whose sentence has always named it bare) it is written as code."""
    return alt if lang.current() == lang.ENGLISH else f"`{alt}`"


def _pick(words: list[str]) -> Move:
    _words(words, 2)
    return PickNth(int(words[1])) if is_number(words[1]) else Pick(words[1])


def _place(words: list[str]) -> Move:
    where = " ".join(words[1:])
    shape = words[1] if len(words) > 1 else ""
    if where not in data.PLACEMENT_BY_TEXT.get(shape, ()) or shape == "cube":
        raise _bad(words, tr("a part is its shape, orientation and square, as in `place v3 o1 a1`"))
    return Place(shape, where)


def _cube(words: list[str]) -> Move:
    _words(words, 2)
    if words[1] not in data.PLACEMENT_BY_TEXT["cube"]:
        raise _bad(words, tr("a cube goes on a square of the engine room, as in `cube a1`"))
    return Cube(words[1])


def _no_word(kind: type) -> Callable[[list[str]], Move]:
    def read(words: list[str]) -> Move:
        _words(words, 1)
        return kind()
    return read


def _paid(text: str, parse: Callable[[str], Move]) -> Move | None:
    """A move ending ` pay ...`: the move before it, then what pays it first, each source once,
    with or without a count: `pay 1 fuel 1 lv2`, `pay lv2` (as much as Lv. 2 cubes pay)."""
    base, paid, rest = text.partition(" pay ")
    if not paid:
        return None
    words = rest.split(" ")
    plan: list[tuple[str, int | None]] = []
    count: int | None = None
    for word in words:
        if count is None and is_number(word):
            count = _count(word, words)
            continue
        if word not in PAY_SOURCES:
            raise _bad(text.split(" "), tr("pay names fuel, lv1, lv2 or lv3, each with how much it pays, as in "
                                          "`pay 1 fuel 1 lv2`"))
        if any(source == word for source, _ in plan):
            raise _bad(text.split(" "), tr("pay names {word} once").format(word=word))
        plan.append((word, count))
        count = None
    if count is not None or not plan:
        raise _bad(text.split(" "), tr("a count of pay is followed by what it pays from, as in `pay 1 fuel 1 lv2`"))
    return Pay(parse(base), tuple(plan))


def paid_text(paid: Sequence[int]) -> str:
    """The suffix of one payment [fuel, Lv. 1, Lv. 2, Lv. 3 cubes], as listed: ` pay 1 fuel 1 lv2`."""
    return " pay " + " ".join(f"{n} {source}" for n, source in zip(paid, PAY_SOURCES, strict=True) if n)


def verb_of(text: str) -> str:
    """The first word of a step, whether or not the rest is in the notation (for refusals)."""
    return text.partition(" ")[0]


# -- the table of verbs ----------------------------------------------------------------
def _tile_told(game: Any, seat: int, space: int) -> str:
    """The bonus of the tile a step put on a space, as it was put there: face up, even when an
    upgrade later in the turn has turned it (the turn is told after all its steps)."""
    top = game.boards[seat].top(space - 1) if 1 <= space <= 12 else None
    return f" ({data.bonus_words(tile_side([top[0], 0])[1])})" if top else ""  # verbatim: a bonus in brackets


def _developed(m: Develop) -> str:
    symbols = ", ".join(tr(data.SYMBOL_WORDS[c]) for c in data.FACES[m.face])
    return tr("developed with a {face} ({symbols})").format(face=m.face, symbols=symbols)


def _grown(m: Grow | GrowDie | GrowMove) -> str:
    return tr("used grow: {what}").format(what=text(m)[5:])


def _told(words: Callable[[Any, int, Any], str]) -> Callable[[Any, int, Any, Sequence[str]], str]:
    """Public words told without the player's name: `describe_move` puts it before them."""
    return lambda game, seat, move, names: words(game, seat, move)


# Public buttons: the end of a turn, passing on a purchase, a side of an either/or, the room card's
# side, and a die put on standby. A move of another payment order is typed (the autocomplete lists
# it), not a menu line; `pick 2` is resolved into the side it names before it is played.
_TURN = ("turn",)


class _Told(str):
    """The refusal of a text that is no move, told in the current language: `Notation` writes it with
    `replace("{text}", ...)` when it refuses the text."""

    def replace(self, old, new, count=-1):  # type: ignore[override]
        return str.replace(tr(str(self)), old, new, count)



NOTATION = Notation({
    Side: Verb("side", _side, lambda m: f"side {m.side}", _told(lambda g, s, m: tr("chose room card side {side}").format(side=m.side.upper())),
               N_("Room card"), ("room",), button=True),
    Draft: Verb("draft", _draft, lambda m: f"draft p{m.tile} s{m.space}",
                _told(lambda g, s, m: tr("drafted the pool's tile p{tile}{bonus} onto s{space}").format(
                    tile=m.tile, bonus=_tile_told(g, s, m.space), space=m.space)),
                N_("Draft"), ("draft",)),
    Fly: Verb("fly", _fly, lambda m: f"fly {m.face} +{m.boost}" if m.boost else f"fly {m.face}",
              _told(lambda g, s, m: tr("flew with a {face}, boosting {boost}").format(face=m.face, boost=m.boost)
                    if m.boost else tr("flew with a {face}").format(face=m.face)), N_("Fly"),
              _TURN),
    Develop: Verb("develop", _face_move(Develop), lambda m: f"develop {m.face}", _told(lambda g, s, m: _developed(m)),
                  N_("Develop"), _TURN),
    Standby: Verb("standby", _face_move(Standby), lambda m: f"standby {m.face}",
                  _told(lambda g, s, m: tr("stood by with a {face}").format(face=m.face)), N_("Standby"), _TURN,
                  button=True),
    End: Verb("end", _no_word(End), lambda m: "end", _told(lambda g, s, m: tr("ended the turn")), N_("End turn"), _TURN,
              button=True),
    Upgrade: Verb("upgrade", _upgrade, lambda m: f"upgrade s{m.space}",
                  _told(lambda g, s, m: tr("upgraded the route tile on s{space}").format(space=m.space)),
                  N_("Upgrade tile"), _TURN),
    Cube: Verb("cube", _cube, lambda m: f"cube {m.at}", _told(lambda g, s, m: tr("placed a Lv. 3 cube at {at}").format(at=m.at)),
               N_("Lv. 3 cube as part"), _TURN),
    Grow: Verb("grow", _grow, lambda m: f"grow {m.what}", _told(lambda g, s, m: _grown(m)), N_("Grow"), _TURN),
    GrowDie: Verb("grow", _grow, lambda m: f"grow die {m.face} {m.to}", _told(lambda g, s, m: _grown(m)), N_("Grow"),  # verbatim: notation
                  _TURN),
    GrowMove: Verb("grow", _grow, lambda m: f"grow move s{m.source} s{m.target}", _told(lambda g, s, m: _grown(m)),  # verbatim: notation
                   N_("Grow"), _TURN),
    Pick: Verb("pick", _pick, lambda m: f"pick {m.alt}", _told(lambda g, s, m: tr("chose {choice}").format(choice=_side_word(m.alt))), N_("Choose"), _TURN,
               button=True),
    PickNth: Verb("pick", _pick, lambda m: f"pick {m.index}", _told(lambda g, s, m: tr("chose {choice}").format(choice=m.index)), N_("Choose"),
                  _TURN, handler=None),
    # a menu per shape, the part as gained first (the upgrades cost fuel)
    Place: Verb("place", _place, lambda m: f"place {m.where}", _told(lambda g, s, m: tr("placed part {where}").format(where=m.where)),
                N_("Place {m.shape}"), _TURN),
    Buy: Verb("buy", _buy, lambda m: f"buy m{m.slot} s{m.space}",
              _told(lambda g, s, m: tr("bought the route tile of m{slot}{bonus} for s{space}").format(
                  slot=m.slot, bonus=_tile_told(g, s, m.space), space=m.space)),
              N_("Buy tile"), _TURN),
    Pass: Verb("pass", _no_word(Pass), lambda m: "pass", _told(lambda g, s, m: tr("bought no more route tiles")),
               N_("Buy tile"), _TURN, button=True),
    Pay: Verb("", None, lambda m: f"{text(m.move)} pay {m.words}",
              lambda g, s, m, names: NOTATION.tell(g, s, m.move, names), None, _TURN, handler=None),
}, _Told(N_("`{text}` is not a Grow Sky move: the verbs are side, draft, fly, develop, standby, end, upgrade, "
            "cube, grow, pick, place, buy, pass (see /moves).")), modifier=_paid)

parse = NOTATION.parse



text = NOTATION.text


# the words of a move that name a place on the board (a page lights it); what a move pays (` pay 2
# lv1`) names none: `fly 4` names the Fly area and die 4, `place l4 o3 c1` the part, its turn and the
# engine room's square c1
PLACES = {
    "draft": (PlaceWord(1, "draft"), PlaceWord(2, "space")),
    "fly": (PlaceWord(0, "action"), PlaceWord(1, "die")), "develop": (PlaceWord(0, "action"), PlaceWord(1, "die")),
    "standby": (PlaceWord(0, "action"), PlaceWord(1, "die")),
    "buy": (PlaceWord(1, "market"), PlaceWord(2, "space")), "upgrade": (PlaceWord(1, "space"),),
    "cube": (PlaceWord(1, "square"),), "place": (PlaceWord(1), PlaceWord(2), PlaceWord(3, "square")),
}

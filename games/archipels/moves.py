"""Archipels moves: the notation read into small values, and each value's canonical text.

`NOTATION` is the move table (`games.base.Notation`): per move class its verb, reader, canonical
text, public words, menu group and the phases that allow it. Its `parse` reads a normalized text
(after `Game.normalize`) and knows nothing of the state: it refuses only what is not a move of the
notation, with the reason the player reads. Whether a move may be made now is the game's business
(game.py), which plays each kind with its `_play_<kind>`. `text` writes the one text the log keeps
and `legal_moves` lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.archipels.data import LEVEL, LEVEL_WORDS, LINES, MULTIPLIER, SPACES, TILE_BY_ID, element_word
from games.base import IllegalMove, Notation, PlaceWord, Verb, is_number
from lang import N_, ngettext, tr

SPACE_NAMES = frozenset(SPACES)


@dataclass(frozen=True, slots=True)
class Take:
    line: str  # r1..r5, c1..c5
    cross: tuple[str, ...]  # the crossing lines of the tiles taken, ascending (`c1`, `c3`)


@dataclass(frozen=True, slots=True)
class Paddle:
    line: str


@dataclass(frozen=True, slots=True)
class Place:
    tile: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Dock:
    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    tile: int


@dataclass(frozen=True, slots=True)
class Done:
    pass


@dataclass(frozen=True, slots=True)
class Flower:
    space: str  # a board space, `r3c2`
    element: str  # any word: whether the tile there shows it depends on the board


Move = Take | Paddle | Place | Dock | Discard | Done | Flower


def line_word(line: str) -> str:
    """`row 2`, `column 4`, in the current language."""
    if line[0] == "r":
        return tr("row {number}").format(number=line[1:])
    return tr("column {number}").format(number=line[1:])


def tile_words(tile_id: int) -> str:
    els = [element_word(e["el"]) for e in TILE_BY_ID[tile_id]["elements"]]
    return f"t{tile_id} ({tr(LEVEL_WORDS[LEVEL[tile_id]])}: {', '.join(els)})"


def tile_number(token: str) -> int:
    """`t57` (or `57`) as 57."""
    digits = token[1:] if token.startswith("t") else token
    if not is_number(digits):
        raise IllegalMove(tr("`{token}` is not a tile; tiles are written like `t57`.").format(token=token))
    return int(digits)


def _signed(text: str) -> int:
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not is_number(digits):
        raise ValueError(text)
    return int(text)


def _take(words: list[str]) -> Move:
    if len(words) < 2 or words[1] not in LINES:
        raise IllegalMove(tr("Name a line: rows r1..r5 or columns c1..c5, e.g. `take r2 c1,c3`."))
    line = words[1]
    if words[0] == "paddle":
        if len(words) != 2:
            raise IllegalMove(tr("Write `paddle r2`: a paddle alone takes no tile."))
        return Paddle(line)
    kind = "c" if line[0] == "r" else "r"
    raw = "".join(words[2:]).replace(",", " ").split()
    if not raw:
        raise IllegalMove(tr("Say which tiles of {line}, e.g. `take {notation} {kind}1,{kind}3`.").format(
            line=line_word(line), notation=line, kind=kind))
    cross = []
    for part in raw:
        p = part if part.startswith(kind) else kind + part
        if len(p) != 2 or not is_number(p[1]) or not 1 <= int(p[1]) <= 5:
            raise IllegalMove((tr("`{part}` is not a row (1 to 5).") if kind == "r"
                               else tr("`{part}` is not a column (1 to 5).")).format(part=part))
        cross.append(p)
    if len(set(cross)) != len(cross):
        raise IllegalMove(tr("Each tile can be taken once."))
    return Take(line, tuple(sorted(cross)))


def _tile_move(words: list[str]) -> Move:
    verb = words[0]
    if verb != "place" and len(words) != (1 if verb == "done" else 2):
        raise IllegalMove(tr("Write `done`.") if verb == "done"
                          else tr("Write `{verb} t57`: one tile.").format(verb=verb))
    if verb == "done":
        return Done()
    if len(words) < 2:
        raise IllegalMove(tr("Name a tile, e.g. `t57`."))
    tile = tile_number(words[1])
    if verb == "dock":
        return Dock(tile)
    if verb == "discard":
        return Discard(tile)
    try:
        x_text, y_text = "".join(words[2:]).split(",")
        return Place(tile, _signed(x_text), _signed(y_text))
    except ValueError:
        raise IllegalMove(tr("Give a position, e.g. `place t57 2,-1`.")) from None


def _flower(words: list[str]) -> Move:
    if len(words) != 3:
        raise IllegalMove(tr("Write `flower r3c2 octopus`: a free board tile and one of its elements."))
    if words[1] not in SPACE_NAMES:
        raise IllegalMove(tr("There is no space {space} on the board.").format(space=words[1]))
    return Flower(words[1], words[2])


# -- the table of verbs ---------------------------------------------------------------------
def _told_take(game: Any, seat: int, m: Take, names: Sequence[str]) -> str:
    n = len(m.cross)
    return ngettext("{name} took {count} tile from {line} ({cross}).", "{name} took {count} tiles from {line} ({cross}).",
                    n).format(name=names[seat], count=n, line=line_word(m.line), cross=",".join(m.cross))


def _told_flower(game: Any, seat: int, move: Flower, names: Sequence[str]) -> str:
    el = move.element
    worth = game.flowers[el] * MULTIPLIER[el]
    return tr("{name} added a flower to {element} (tile from {space}); each visible {element} is now worth {worth}."
              ).format(name=names[seat], element=element_word(el), space=move.space, worth=worth)


class _Told(str):
    """The refusal of a text that is no move, told in the current language: `Notation` writes it with
    `replace("{text}", ...)` when it refuses the text."""

    def replace(self, old, new, count=-1):  # type: ignore[override]
        return str.replace(tr(str(self)), old, new, count)


# public buttons: a paddle when no tile is left to take, and the steps of placing what was taken
# (the tiles taken lie open, so docking or discarding one reveals nothing)
NOTATION = Notation({
    Take: Verb("take", _take, lambda m: f"take {m.line} {','.join(m.cross)}", _told_take, N_("Take"), ("take",)),
    Paddle: Verb("paddle", _take, lambda m: f"paddle {m.line}",
                 lambda g, s, m, names: tr("{name} blocked {line} with a paddle, no free tile being left to take."
                                           ).format(name=names[s], line=line_word(m.line)),
                 N_("Paddle"), ("take",), button=True),
    Place: Verb("place", _tile_move, lambda m: f"place t{m.tile} {m.x},{m.y}",
                lambda g, s, m, names: tr("{name} placed {tile} at {x},{y}.").format(
                    name=names[s], tile=tile_words(m.tile), x=m.x, y=m.y), N_("Place"),
                ("place",)),
    Dock: Verb("dock", _tile_move, lambda m: f"dock t{m.tile}",
               lambda g, s, m, names: tr("{name} put {tile} on their dock.").format(name=names[s], tile=tile_words(m.tile)),
               N_("Dock"), ("place",),
               button=True),
    Discard: Verb("discard", _tile_move, lambda m: f"discard t{m.tile}",
                  lambda g, s, m, names: tr("{name} discarded {tile}, unable to place it.").format(
                      name=names[s], tile=tile_words(m.tile)),
                  N_("Discard"), ("place",), button=True),
    Done: Verb("done", _tile_move, lambda m: "done", lambda g, s, m, names: tr("{name} ended their turn.").format(name=names[s]),
               N_("End turn"), ("place",), button=True),
    Flower: Verb("flower", _flower, lambda m: f"flower {m.space} {m.element}", _told_flower, N_("Flower"), ("flower",)),
}, _Told(N_("Unknown move `{text}`. Moves: take, paddle, place, dock, discard, done, flower.")))

parse = NOTATION.parse



text = NOTATION.text


# the words of a move that name a place on the board (a page lights it): `take r1 c2,c3` names a row
# and its columns (and so the spaces where they cross), `place t30 -1,2` a tile and a square
PLACES = {
    "take": (PlaceWord(1, listed=True), PlaceWord(2, listed=True)), "paddle": (PlaceWord(1),),
    "place": (PlaceWord(1, "tile"), PlaceWord(2, "square")), "dock": (PlaceWord(1, "tile"),),
    "discard": (PlaceWord(1, "tile"),), "flower": (PlaceWord(1, "space"), PlaceWord(2, "element")),
}

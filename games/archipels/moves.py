"""Archipels moves: the notation read into small values, and each value's canonical text.

`parse` reads a normalized text (after `Game.normalize`) and knows nothing of the state: it
refuses only what is not a move of the notation, with the reason the player reads. Whether a
move may be made now is the game's business (game.py). `text` writes the one text the log keeps
and `legal_moves` lists; `VERBS` gives, per move class, its verb, its public description and its
menu group.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.archipels.data import LEVEL, LEVEL_NAMES, LINES, MULTIPLIER, SPACES, TILE_BY_ID
from games.base import IllegalMove, is_number

LINE_WORD = {"r": "row", "c": "column"}
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
    return f"{LINE_WORD[line[0]]} {line[1:]}"


def tile_words(tile_id: int) -> str:
    els = [e["el"] for e in TILE_BY_ID[tile_id]["elements"]]
    return f"t{tile_id} ({LEVEL_NAMES[LEVEL[tile_id]]}: {', '.join(els)})"


def tile_number(token: str) -> int:
    """`t57` (or `57`) as 57."""
    digits = token[1:] if token.startswith("t") else token
    if not is_number(digits):
        raise IllegalMove(f"`{token}` is not a tile; tiles are written like `t57`.")
    return int(digits)


def _signed(text: str) -> int:
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not is_number(digits):
        raise ValueError(text)
    return int(text)


def _take(words: list[str]) -> Move:
    if len(words) < 2 or words[1] not in LINES:
        raise IllegalMove("Name a line: rows r1..r5 or columns c1..c5, e.g. `take r2 c1,c3`.")
    line = words[1]
    if words[0] == "paddle":
        if len(words) != 2:
            raise IllegalMove("Write `paddle r2`: a paddle alone takes no tile.")
        return Paddle(line)
    kind = "c" if line[0] == "r" else "r"
    raw = "".join(words[2:]).replace(",", " ").split()
    if not raw:
        raise IllegalMove(f"Say which tiles of {line_word(line)}, e.g. `take {line} {kind}1,{kind}3`.")
    cross = []
    for part in raw:
        p = part if part.startswith(kind) else kind + part
        if len(p) != 2 or not is_number(p[1]) or not 1 <= int(p[1]) <= 5:
            raise IllegalMove(f"`{part}` is not a {LINE_WORD[kind]} (1 to 5).")
        cross.append(p)
    if len(set(cross)) != len(cross):
        raise IllegalMove("Each tile can be taken once.")
    return Take(line, tuple(sorted(cross)))


def _tile_move(words: list[str]) -> Move:
    verb = words[0]
    if verb != "place" and len(words) != (1 if verb == "done" else 2):
        raise IllegalMove("Write `done`." if verb == "done" else f"Write `{verb} t57`: one tile.")
    if verb == "done":
        return Done()
    if len(words) < 2:
        raise IllegalMove("Name a tile, e.g. `t57`.")
    tile = tile_number(words[1])
    if verb == "dock":
        return Dock(tile)
    if verb == "discard":
        return Discard(tile)
    try:
        x_text, y_text = "".join(words[2:]).split(",")
        return Place(tile, _signed(x_text), _signed(y_text))
    except ValueError:
        raise IllegalMove("Give a position, e.g. `place t57 2,-1`.") from None


def _flower(words: list[str]) -> Move:
    if len(words) != 3:
        raise IllegalMove("Write `flower r3c2 octopus`: a free board tile and one of its elements.")
    if words[1] not in SPACE_NAMES:
        raise IllegalMove(f"There is no space {words[1]} on the board.")
    return Flower(words[1], words[2])


_READERS: dict[str, Callable[[list[str]], Move]] = {
    "take": _take, "paddle": _take, "place": _tile_move, "dock": _tile_move, "discard": _tile_move,
    "done": _tile_move, "flower": _flower,
}


def parse(text: str) -> Move:
    """The move a normalized text stands for; IllegalMove (with the reason) if it is none."""
    words = text.split(" ")
    reader = _READERS.get(words[0])
    if reader is None:
        raise IllegalMove(f"Unknown move `{text}`. Moves: take, paddle, place, dock, discard, done, flower.")
    return reader(words)


# -- the table of verbs ---------------------------------------------------------------------
def _describe_flower(game: Any, move: Flower, who: str) -> str:
    el = move.element
    worth = game.flowers[el] * MULTIPLIER[el]
    return f"{who} added a flower to {el} (tile from {move.space}); each visible {el} is now worth {worth}."


@dataclass(frozen=True)
class Verb:
    word: str
    text: Callable[[Any], str]  # the canonical text of a move of this verb
    describe: Callable[[Any, Any, str], str]  # (game after the move, move, player's name) -> public line
    group: str  # the label of its group in the player's menus


VERBS: dict[type, Verb] = {
    Take: Verb("take", lambda m: f"take {m.line} {','.join(m.cross)}",
               lambda g, m, who: f"{who} took {'1 tile' if len(m.cross) == 1 else f'{len(m.cross)} tiles'} "
                                 f"from {line_word(m.line)} ({','.join(m.cross)}).", "Take"),
    Paddle: Verb("paddle", lambda m: f"paddle {m.line}",
                 lambda g, m, who: f"{who} blocked {line_word(m.line)} with a paddle, no free tile being left to take.",
                 "Paddle"),
    Place: Verb("place", lambda m: f"place t{m.tile} {m.x},{m.y}",
                lambda g, m, who: f"{who} placed {tile_words(m.tile)} at {m.x},{m.y}.", "Place"),
    Dock: Verb("dock", lambda m: f"dock t{m.tile}",
               lambda g, m, who: f"{who} put {tile_words(m.tile)} on their dock.", "Dock"),
    Discard: Verb("discard", lambda m: f"discard t{m.tile}",
                  lambda g, m, who: f"{who} discarded {tile_words(m.tile)}, unable to place it.", "Discard"),
    Done: Verb("done", lambda m: "done", lambda g, m, who: f"{who} ended their turn.", "End turn"),
    Flower: Verb("flower", lambda m: f"flower {m.space} {m.element}", _describe_flower, "Flower"),
}


def text(move: Move) -> str:
    """The canonical text of a move, as `legal_moves` lists it."""
    return VERBS[type(move)].text(move)

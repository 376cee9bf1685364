"""Propeller Islands moves: the notation read into small values, and each value's canonical text.

`parse` reads one normalized step (after `Game.normalize`) and knows nothing of the state: it
refuses only a text that is no step of the notation. Whether a step may be made now is the
game's business: `play` accepts a step because it is in the legal set, and works out why not
from the rules only when it refuses. Steps sent together are joined with `;` and read by
`NOTATION.parse_steps`. `NOTATION` (`games.base.Notation`) is the move table: per move class its
verb, reader, canonical text, menu group, the phases that allow it, whether it may stand on a
public button, and for `run` what the move's record tells before the step's costs and gains;
game.py plays each kind with its `_play_<kind>`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import IllegalMove, Notation, PlaceWord, Verb, is_number
from games.propeller import data as D
from lang import N_, tr

RUN_CHOICES = ("deploy", "goods", "buy steel", "buy part", "sell part", "sell steel")  # verbatim: notation ("" for none)
GAINS = ("energy", "steel")
STACKS = ("i", "ii")


@dataclass(frozen=True, slots=True)
class Character:
    name: str


@dataclass(frozen=True, slots=True)
class Die:
    face: int  # the value on the forge
    to: int = 0  # the value it is changed to (0: unchanged)
    reroll: bool = False  # Jacques's re-roll


@dataclass(frozen=True, slots=True)
class Claim:
    slot: str  # a to l
    q: int
    r: int


@dataclass(frozen=True, slots=True)
class Discard:
    slot: str


@dataclass(frozen=True, slots=True)
class Run:
    tile: int  # t0 is the Capitol
    choice: str = ""  # one of RUN_CHOICES, "" for a building that offers none
    extra: bool = False  # Marie's activation of a building of another number


@dataclass(frozen=True, slots=True)
class Stop:
    pass


@dataclass(frozen=True, slots=True)
class Deploy:
    space: str  # a dock space, a1 to d3
    tile: int


@dataclass(frozen=True, slots=True)
class Place:
    q: int
    r: int


@dataclass(frozen=True, slots=True)
class Depot:
    tile: int


@dataclass(frozen=True, slots=True)
class Gain:
    resource: str  # energy or steel


@dataclass(frozen=True, slots=True)
class Value:
    value: int  # the bonus die's value, Nelson's choice


@dataclass(frozen=True, slots=True)
class Skip:
    pass


@dataclass(frozen=True, slots=True)
class Blueprint:
    card: int
    tile: int = -1  # the tile its upgrade goes on; -1: kept aside


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Take:
    card: int  # a face-up Blueprint of the offer


@dataclass(frozen=True, slots=True)
class Draw:
    stack: str  # i or ii


Move = (Character | Die | Claim | Discard | Run | Stop | Deploy | Place | Depot | Gain | Value | Skip | Blueprint
        | Pass | Take | Draw)


# -- reading ----------------------------------------------------------------------------------
def _number(text: str, what: str) -> int:
    """`what`: the refusal of a text that is no number (`{text}` in it)."""
    if not is_number(text):
        raise IllegalMove(tr(what).format(text=text))
    return int(text)


def _signed(text: str) -> int | None:
    digits = text[1:] if text[:1] in ("+", "-") else text
    return int(text) if is_number(digits) else None


def read_cell(text: str) -> tuple[int, int] | None:
    """`1,-1` as (1, -1); None when it is not two whole numbers."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    q, r = _signed(parts[0]), _signed(parts[1])
    return None if q is None or r is None else (q, r)


def _cell(text: str) -> tuple[int, int]:
    cell = read_cell(text)
    if cell is None:
        raise IllegalMove(tr("`{text}` is not a hex: write it like `1,-1`.").format(text=text))
    return cell


def _tile(text: str) -> int:
    if text[:1] != "t" or not is_number(text[1:]):
        raise IllegalMove(tr("`{text}` is not a tile of an island: write it like `t3`.").format(text=text))
    return int(text[1:])


def _slot(text: str) -> str:
    if len(text) != 1 or text not in D.SLOTS:
        raise IllegalMove(tr("`{text}` is not a slot of the offer (a to l).").format(text=text))
    return text


def _words(words: list[str], count: int, example: str) -> None:
    if len(words) != count:
        raise IllegalMove(tr("Write it like `{example}`.").format(example=example))


def _read_character(words: list[str]) -> Move:
    _words(words, 2, "character marie")  # verbatim: move notation
    if words[1] not in D.CHARACTERS:
        raise IllegalMove(tr("`{text}` is not a character: {names}.").format(text=words[1], names=", ".join(D.CHARACTERS)))
    return Character(words[1])


def _face(text: str) -> int:
    face = _number(text, N_("`{text}` is not a die value (1 to 6)."))
    if not 1 <= face <= 6:
        raise IllegalMove(tr("`{text}` is not a die value (1 to 6).").format(text=text))
    return face


def _read_die(words: list[str]) -> Move:
    if len(words) == 2:
        return Die(_face(words[1]))
    if len(words) == 3 and words[2] == "reroll":
        return Die(_face(words[1]), reroll=True)
    if len(words) == 4 and words[2] == "to":
        return Die(_face(words[1]), _face(words[3]))
    raise IllegalMove(tr("Write `die 4`, `die 4 to 5` or `die 4 reroll`."))


def _read_claim(words: list[str]) -> Move:
    if len(words) != 4 or words[2] != "at":
        raise IllegalMove(tr("Write `claim b at 1,-1`: the slot, then where the tile goes."))
    q, r = _cell(words[3])
    return Claim(_slot(words[1]), q, r)


def _read_discard(words: list[str]) -> Move:
    _words(words, 2, "discard b")
    return Discard(_slot(words[1]))


def _read_run(words: list[str]) -> Move:
    if len(words) < 2:
        raise IllegalMove(tr("Write `run t3` (or `run t0 goods`): the tile to activate."))
    rest = words[2:]
    extra = bool(rest) and rest[-1] == "extra"
    choice = " ".join(rest[:-1] if extra else rest)
    if choice and choice not in RUN_CHOICES:
        raise IllegalMove(tr("`{text}` is not a way to activate a building: {choices}.").format(
            text=choice, choices=", ".join(RUN_CHOICES)))
    return Run(_tile(words[1]), choice, extra)


def _read_deploy(words: list[str]) -> Move:
    if len(words) != 4 or words[2] != "to":
        raise IllegalMove(tr("Write `deploy a2 to t3`: the dock space, then the tile."))
    if words[1] not in D.SPACE_INDEX:
        raise IllegalMove(tr("`{text}` is not a dock space (columns a-d, rows 1-3).").format(text=words[1]))
    return Deploy(words[1], _tile(words[3]))


def _read_place(words: list[str]) -> Move:
    _words(words, 2, "place 1,0")  # verbatim: move notation
    return Place(*_cell(words[1]))


def _read_depot(words: list[str]) -> Move:
    _words(words, 2, "depot t4")  # verbatim: move notation
    return Depot(_tile(words[1]))


def _read_gain(words: list[str]) -> Move:
    if len(words) != 2 or words[1] not in GAINS:
        raise IllegalMove(tr("Write `gain energy` or `gain steel`."))
    return Gain(words[1])


def _read_value(words: list[str]) -> Move:
    _words(words, 2, "value 5")  # verbatim: move notation
    return Value(_face(words[1]))


NOT_A_CARD = N_("`{text}` is not a Blueprint number.")


def _read_blueprint(words: list[str]) -> Move:
    if len(words) == 3 and words[2] == "keep":
        return Blueprint(_number(words[1], NOT_A_CARD))
    if len(words) == 4 and words[2] == "on":
        return Blueprint(_number(words[1], NOT_A_CARD), _tile(words[3]))
    raise IllegalMove(tr("Write `blueprint 12 on t3` or `blueprint 12 keep`."))


def _read_take(words: list[str]) -> Move:
    _words(words, 2, "take 30")  # verbatim: move notation
    return Take(_number(words[1], NOT_A_CARD))


def _read_draw(words: list[str]) -> Move:
    if len(words) != 2 or words[1] not in STACKS:
        raise IllegalMove(tr("Write `draw i` or `draw ii`: the stack of that level."))
    return Draw(words[1])


def _read_alone(move: Move) -> Callable[[list[str]], Move]:
    def read(words: list[str]) -> Move:
        if len(words) != 1:
            raise IllegalMove(tr("`{text}` stands alone.").format(text=words[0]))
        return move

    return read


# -- writing ----------------------------------------------------------------------------------
def _die_text(move: Die) -> str:
    if move.reroll:
        return f"die {move.face} reroll"  # verbatim: move notation
    return f"die {move.face} to {move.to}" if move.to else f"die {move.face}"  # verbatim: move notation


def _run_text(move: Run) -> str:
    return " ".join(part for part in (f"run t{move.tile}", move.choice, "extra" if move.extra else "") if part)


def _blueprint_text(move: Blueprint) -> str:
    return f"blueprint {move.card} keep" if move.tile < 0 else f"blueprint {move.card} on t{move.tile}"  # verbatim: move notation


def _activated(game: Any, seat: int, move: Run, names: Sequence[str]) -> str:
    kind = D.tile(game.islands[seat][move.tile][0]).kind
    return f"activated t{move.tile} {D.KIND_NAMES[kind]}"  # verbatim: the record, in English (words.say)


# Public buttons: steps that say nothing of a Blueprint hand (a die only as it lies on the forge,
# which the game sees to). Drawing a Blueprint always takes a hidden card. A step that answers a
# choice inside an effect comes in a turn or with the bonus die.
_TURN, _EITHER = ("turn",), ("turn", "bonus")
NOTATION = Notation({
    Character: Verb("character", _read_character, lambda m: f"character {m.name}", None, N_("Choose a character"),
                    ("characters",), button=True),
    Die: Verb("die", _read_die, _die_text, None, N_("Draft a die"), _TURN, button=True),
    Claim: Verb("claim", _read_claim, lambda m: f"claim {m.slot} at {m.q},{m.r}", None, N_("Claim a tile"), _TURN),  # verbatim: move notation
    Discard: Verb("discard", _read_discard, lambda m: f"discard {m.slot}", None, N_("Discard a tile for 2 energy"), _TURN),
    # what a `run` activated is told before what it cost and gave
    Run: Verb("run", _read_run, _run_text, _activated, N_("Activate"), _EITHER),
    Stop: Verb("stop", _read_alone(Stop()), lambda m: "stop", None, N_("Finish"), _EITHER, button=True),
    Deploy: Verb("deploy", _read_deploy, lambda m: f"deploy {m.space} to t{m.tile}", None, N_("Deploy a worker"), _EITHER),  # verbatim: move notation
    Place: Verb("place", _read_place, lambda m: f"place {m.q},{m.r}", None, N_("Place the building"), _EITHER),
    Depot: Verb("depot", _read_depot, lambda m: f"depot t{m.tile}", None, N_("Use a Depot"), _EITHER),
    Gain: Verb("gain", _read_gain, lambda m: f"gain {m.resource}", None, N_("Gain"), _EITHER, button=True),
    Value: Verb("value", _read_value, lambda m: f"value {m.value}", None, N_("Bonus die value"), ("bonus",), button=True),
    Skip: Verb("skip", _read_alone(Skip()), lambda m: "skip", None, N_("Finish"), _EITHER, button=True),
    Blueprint: Verb("blueprint", _read_blueprint, _blueprint_text, None, N_("Complete a Blueprint"), _TURN),
    Pass: Verb("pass", _read_alone(Pass()), lambda m: "pass", None, N_("Finish"), _TURN, button=True),
    Take: Verb("take", _read_take, lambda m: f"take {m.card}", None, N_("Take a Blueprint"), _TURN),
    Draw: Verb("draw", _read_draw, lambda m: f"draw {m.stack}", None, N_("Take a Blueprint"), _TURN, takes_back=False),
}, N_("`{text}` is not a move of Propeller Islands."))
parse = NOTATION.parse
text = NOTATION.text


def single_verb(move: str) -> str:
    """The verb of a legal move of one step; "" for steps joined with `;`."""
    steps = NOTATION.parse_steps(move)
    return NOTATION.verb(steps[0]).word if len(steps) == 1 else ""


def group(move: str) -> str:
    """The menu group of a legal move: that of its first step."""
    return NOTATION.group(NOTATION.parse_steps(move)[0])


# the words of a move that name a place on the board (a page lights it): `take 12` names the drafted
# card 12, never forge space 1 or 2; `claim f at -1,0` names the offer's tile f and the spot -1,0
PLACES = {
    "character": (PlaceWord(1),), "die": (PlaceWord(1, "forge"),), "claim": (PlaceWord(1), PlaceWord(3, "spot")),
    "discard": (PlaceWord(1),), "draw": (PlaceWord(1),), "take": (PlaceWord(1, "card"),),
    "run": (PlaceWord(1, "tile"),), "deploy": (PlaceWord(1, "dock"), PlaceWord(3, "tile")),
    "place": (PlaceWord(1, "spot"),), "depot": (PlaceWord(1, "tile"),), "blueprint": (PlaceWord(3, "tile"),),
}

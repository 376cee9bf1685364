"""The engine protocol that every game implements (documented in games/README.md).

A game is a deterministic state machine: all of its randomness comes from an `Rng` kept in
its state, so the seed plus the move log replays a table exactly.
"""

from __future__ import annotations

import _random
import functools
import hashlib
import importlib
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Container, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from games.state import Field, compile_state
from lang import ngettext, tr

T = TypeVar("T")

# The longest text a move may have, in every game: a move travels whole in a button id and a menu
# value, which leave this much beside the table and version they carry. A game that joins steps
# into one listed move (Propeller Islands' whole activation) stops adding steps here.
MOVE_TEXT_LIMIT = 60
# The longest text a person may send as a move: typed loosely (spaces, words in full) it is longer
# than its canonical text, but past this it is no move and is refused unread.
TYPED_MOVE_LIMIT = 400


_PADDING = re.compile(r"(?<![0-9])0+(?=[0-9])")


def unpad(text: str) -> str:
    """The text with numbers' leading zeros dropped (`t03` -> `t3`, `044` -> `44`; `10`, `t0` stay)."""
    return _PADDING.sub("", text)


class IllegalMove(ValueError):
    """A move that may not be made now. The message is shown to the player, with every
    `seat_name(seat)` in it replaced by that seat's name."""


def is_number(text: str) -> bool:
    """True for a whole number in the digits 0-9. `str.isdigit` also says yes to `²` and `④`,
    which `int` refuses, so a move text read with it could fail half-way through a move."""
    return text.isascii() and text.isdecimal()


_SEAT_MARK = re.compile(r"\{seat(\d+)\}")


def seat_name(seat: int) -> str:
    """A seat's place in a text the game writes without knowing names (a refusal, a button
    label): the table service puts the player's name there (`fill_names`)."""
    return f"{{seat{seat}}}"


def fill_names(text: str, names: Sequence[str]) -> str:
    """`text` with every `seat_name` mark replaced by the seat's name."""

    def name(match: re.Match) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else tr("player {number}").format(number=seat + 1)

    return _SEAT_MARK.sub(name, text)


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option of a game. Values arrive as text from commands and are parsed here."""

    name: str
    kind: type  # int, bool or str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    # the default worked out from the other options' values, where it depends on them (a sea
    # layout's victory target); None: `default`
    default_for: Callable[[Mapping[str, Any]], Any] | None = None

    def parse(self, raw: Any) -> Any:
        if self.kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise IllegalMove(tr("Option `{name}` takes on or off, not `{value}`.").format(name=self.name, value=raw))
        if self.kind is int:
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise IllegalMove(tr("Option `{name}` takes a whole number, not `{value}`.").format(
                    name=self.name, value=raw)) from None
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                raise IllegalMove(tr("Option `{name}` must be between {least} and {most}.").format(
                    name=self.name, least=self.min, most=self.max))
            return value
        text = str(raw).strip().lower()
        if self.choices and text not in self.choices:
            raise IllegalMove(tr("Option `{name}` is one of: {choices}.").format(name=self.name,
                                                                                  choices=", ".join(self.choices)))
        return text


def parse_options(specs: Sequence[OptionSpec], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with the given values; unknown names are refused with the valid ones."""
    known = {spec.name: spec for spec in specs}
    values = {spec.name: spec.default for spec in specs}
    for name, value in (raw or {}).items():
        spec = known.get(name.strip().lower())
        if spec is None:
            valid = ", ".join(known) or tr("none")
            raise IllegalMove(tr("Unknown option `{name}`. This game's options: {valid}.").format(name=name, valid=valid))
        values[spec.name] = spec.parse(value)
    given = {spec.name for spec in specs if spec.name in {name.strip().lower() for name in (raw or {})}}
    for spec in specs:
        if spec.default_for is not None and spec.name not in given:
            values[spec.name] = spec.default_for(values)
    return values


@dataclass
class Outcome:
    """How a finished game ended. `ranks[seat]` is 1 for the best; tied seats share a rank."""

    ranks: list[int]
    scores: list[float]
    tiebreak: str = ""  # the tie-break that decided, in words; "" when none was needed
    details: list[dict[str, Any]] = field(default_factory=list)  # per-seat score breakdown

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]

    def to_dict(self) -> dict[str, Any]:
        return {"ranks": self.ranks, "scores": self.scores, "tiebreak": self.tiebreak, "details": self.details}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(list(data["ranks"]), list(data["scores"]), data.get("tiebreak", ""), list(data.get("details", [])))


def count_text(count: int, word: str, plural: str | None = None) -> str:
    """`1 card`, `2 cards`: a number and its word in the right form."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def counts_change(before: Sequence[int], after: Sequence[int], words: Sequence[str]) -> list[str]:
    """`+2 wool`, `-1 ore`: how each counted kind (named by `words`) changed, gains first."""
    deltas = [(after[i] - before[i], words[i]) for i in range(len(words))]
    return ([f"+{d} {w}" for d, w in deltas if d > 0] + [f"-{-d} {w}" for d, w in deltas if d < 0])


def players_text(least: int, most: int) -> str:
    """`1 player`, `2 to 4 players`: how many a game takes."""
    if least == most:
        return ngettext("{count} player", "{count} players", least).format(count=least)
    return tr("{least} to {most} players").format(least=least, most=most)


def rng_untouched(before: Game, after: Game) -> bool:
    """True when no random draw happened between the two states (both keep their Rng as `rng`)."""
    first, second = getattr(before, "rng", None), getattr(after, "rng", None)
    return isinstance(first, Rng) and isinstance(second, Rng) and first.to_list() == second.to_list()


def rank_by(keys: Sequence[tuple]) -> list[int]:
    """Competition ranks (1, 1, 3, ...) for per-seat sort keys where larger is better."""
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


_TOP = 1 << 64
_seed_state = _random.Random.seed  # what `random.Random.seed` ends in, given the seed as an integer
try:  # the built-in SHA-512 starts faster than OpenSSL's for a few bytes; the digest is the same
    from _sha512 import sha512 as _sha512
except ImportError:  # its module name in later Pythons
    try:
        from _sha2 import sha512 as _sha512
    except ImportError:
        _sha512 = hashlib.sha512


class Rng:
    """A seeded generator whose whole state is a few integers, so it dumps to JSON.

    Each draw comes from a generator seeded with the text "seed:counter", exactly as
    `random.Random("seed:counter")` would be (string seeds are hashed with SHA-512, which is
    stable across Python runs and platforms).

    With `hashed` set, a whole number (`randint`: dice, a stolen card) is read straight from
    the SHA-512 digest of that text instead, 64 bits at a time with the uneven top rejected,
    so it is exactly uniform: about 1.3 us a draw where seeding the Mersenne Twister for one
    number made it 7 us (a fifth of a random playout of Pioneer's Isle went there). Shuffles and
    choices still come from the seeded generator. The flag is kept in the dump, so a game
    stored without it draws as it always did.
    """

    __slots__ = ("seed", "counter", "hashed", "_generator")

    def __init__(self, seed: int, counter: int = 0, hashed: bool = False):
        self.seed = int(seed)
        self.counter = int(counter)
        self.hashed = bool(hashed)
        self._generator: random.Random | None = None

    def _draw(self) -> random.Random:
        # Building a `random.Random` per draw cost more than the draw. Each Rng reseeds a generator
        # of its own (never one shared between Rngs, which games on other threads would race
        # for) into the state `random.Random(text)` starts from: `Random.seed` turns a text into
        # the integer of its bytes followed by their SHA-512 digest, then seeds with that integer.
        generator = self._generator
        if generator is None:  # made unseeded: it is seeded before every draw
            generator = self._generator = random.Random.__new__(random.Random)
        key = b"%d:%d" % (self.seed, self.counter)  # the bytes of the text "seed:counter"
        self.counter += 1
        _seed_state(generator, int.from_bytes(key + _sha512(key).digest(), "big"))
        generator.gauss_next = None
        return generator

    def randint(self, low: int, high: int) -> int:
        if self.hashed:
            width = high - low + 1
            if 0 < width <= 1 << 32 and type(low) is int and type(high) is int:
                key = b"%d:%d" % (self.seed, self.counter)
                self.counter += 1
                digest = _sha512(key).digest()
                limit = _TOP - _TOP % width  # below it every remainder comes equally often
                for start in range(0, 64, 8):
                    value = int.from_bytes(digest[start:start + 8], "big")
                    if value < limit:
                        return low + value % width
                # eight rejections in a row (chance under 2**-256): the seeded generator decides
                self.counter -= 1
        # `_draw()`, written out: dice are drawn on every turn
        generator = self._generator
        if generator is None:
            generator = self._generator = random.Random.__new__(random.Random)
        key = b"%d:%d" % (self.seed, self.counter)
        self.counter += 1
        _seed_state(generator, int.from_bytes(key + _sha512(key).digest(), "big"))
        generator.gauss_next = None
        width = high - low + 1
        if width <= 0 or type(low) is not int or type(high) is not int:
            return generator.randint(low, high)  # with the error `randint` gives
        # what `random.Random.randint` does for whole numbers (`randrange` -> `_randbelow`),
        # without its checks and calls
        bits = width.bit_length()
        getrandbits = generator.getrandbits
        drawn = getrandbits(bits)
        while drawn >= width:
            drawn = getrandbits(bits)
        return low + drawn

    def choice(self, items: Sequence[T]) -> T:
        return self._draw().choice(items)

    def shuffle(self, items: list) -> None:
        generator = self._draw()
        if type(items) is not list:
            generator.shuffle(items)
            return
        # what `random.Random.shuffle` does (each place swapped with one drawn by `_randbelow`),
        # without a call per card: boards and decks are shuffled at every new game
        getrandbits = generator.getrandbits
        for place in reversed(range(1, len(items))):
            width = place + 1
            bits = width.bit_length()
            other = getrandbits(bits)
            while other >= width:
                other = getrandbits(bits)
            items[place], items[other] = items[other], items[place]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._draw().sample(list(items), k)

    def random(self) -> float:
        return self._draw().random()

    def to_list(self) -> list[int]:
        return [self.seed, self.counter, 1] if self.hashed else [self.seed, self.counter]

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)  # the values are checked already: a copy is made for every copied game
        new.seed, new.counter, new.hashed, new._generator = self.seed, self.counter, self.hashed, None
        return new

    @classmethod
    def from_list(cls, data: Sequence[int]) -> Rng:
        return cls(data[0], data[1], len(data) > 2 and data[2] == 1)


# the field of a game's Rng, in every game's table (`Game.fields`); dumped by its own `to_list`, as
# a searching player may put a generator of its own in a world it made (it dumps the same way)
RNG_FIELD = Field("rng", dump=lambda rng: rng.to_list(), load=Rng.from_list, copy=Rng.copy)


def normalize(move: str) -> str:
    """A move as typed, in lower case with single spaces (`Game.normalize`)."""
    return " ".join(move.strip().lower().split())


def split_steps(text: str) -> list[str]:
    """The steps of a move sent as several joined with `;` (`die 5; run t3; stop`), each
    normalized; blank steps dropped."""
    return [normalize(part) for part in text.split(";") if part.strip()]


def legal_examples(why: str, typed: str, moves: Sequence[str], verbs: Container[str]) -> str:
    """The refusal `why` with each backquoted example that is a move (its first word one of
    `verbs`) a legal move now, each given once: kept when it is legal and new, else the first
    listed move of the same form (numbers aside) not given yet, else one of the same verb and
    length in words. An example with none left is dropped with the word joining it to the sentence (`, ` or ` or `,
    a bracket `(or ...)`). What the player typed is quoted as typed."""
    legal = set(moves)
    given: set[str] = set()
    steps = [m for m in moves if "; " not in m]

    def form(move: str) -> str:
        return re.sub(r"[-+]?\d+", "#", move)

    def fix(match: re.Match) -> str:
        example = match.group(1)
        if example.split(" ")[0] not in verbs or example == typed:
            return match.group(0)
        if example in legal and example not in given:
            given.add(example)
            return match.group(0)
        words = example.split(" ")
        for same in ([m for m in steps if form(m) == form(example)],
                     [m for m in steps if m.split(" ")[0] == words[0] and m.count(" ") == len(words) - 1]):
            fresh = [m for m in same if m not in given]
            if fresh:
                given.add(fresh[0])
                return f"`{fresh[0]}`"
        return f"\0{example}\0"

    out = re.sub(r"`([^`]+)`", fix, why)
    if "\0" in out:
        for joined in (r" \((?:or |e\.g\. )?\0[^\0]*\0\)", r",? or \0[^\0]*\0", r", \0[^\0]*\0",
                       r"\0[^\0]*\0,? (?:or )?(?=`)"):
            out = re.sub(joined, "", out)
        none_now = tr("{example} (none possible now)").replace("\\", "\\\\").replace("{example}", "\\1")
        out = re.sub(r"\0([^\0]*)\0", none_now, out)  # the notation's shape, not to copy
    return out


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True)
class Verb:
    """One kind of move: a row of a game's move table (boardgame.io's long-form move), saying
    how a move of this kind is read and written, which handler plays it, how it is told and
    offered, and when it is allowed. `games/<key>/moves.py` gives one per move class."""

    word: str  # the first word of its text
    # the words of a normalized text, its own first -> the move value, or IllegalMove saying why
    # the words are no move; kinds that share a first word share its reader. None: read by the
    # notation's `modifier` (Grow Sky's ` pay ...` after another move)
    read: Callable[[list[str]], Any] | None
    text: Callable[[Any], str]  # the canonical text of a move of this kind, as `legal_moves` lists it
    # its public words once played: (game after the move, seat, move, names) -> words, or None
    # to leave them to the game (`describe_move` says how a game puts them in its line)
    tell: Callable[[Any, int, Any, Sequence[str]], str | None] | None = None
    group: str | None = None  # its menu group (My moves); `{m.shape}` names a field; None: kept out
    phases: tuple[str, ...] = ()  # the values of the game's `phase` that allow it; () for any
    takes_back: bool = True  # False: a move of this kind always draws or shows something hidden
    button: bool = False  # a move of this kind may stand whole on a public button: it reveals nothing
    handler: str | None = ""  # the game's method that plays it: "" for `_play_<kind in snake case>`,
    # None for a kind the game resolves into another before playing (`pick 2`)


class Notation:
    """A game's move table and its one reader and writer of move texts.

    `parse` reads a normalized text (`Game.normalize`) into a move value by its first word and
    refuses a text outside the notation with `IllegalMove`; it knows nothing of the state, so
    whether the move may be made now is the game's business. `text` writes the one canonical
    text back (`parse(text(m)) == m`). Readings are kept (`cache`): values never change, and
    the same few thousand texts come back all game long.
    """

    def __init__(self, verbs: Mapping[type, Verb], unknown: str,
                 modifier: Callable[[str, Callable[[str], Any]], Any] | None = None, cache: int = 8192):
        self.verbs = dict(verbs)
        self.unknown = unknown  # the refusal of a text whose first word is no verb; `{text}` is the text
        self.modifier = modifier  # (text, parse) -> a move read another way, or None
        self.readers: dict[str, Callable[[list[str]], Any]] = {}
        self.by_word: dict[str, Verb] = {}  # the first kind of each word
        for verb in self.verbs.values():
            self.by_word.setdefault(verb.word, verb)
            if verb.read is not None and self.readers.setdefault(verb.word, verb.read) is not verb.read:
                raise ValueError(f"the kinds of `{verb.word}` have two readers")
        self.parse: Callable[[str], Any] = functools.lru_cache(maxsize=cache)(self._read)

    def _read(self, text: str) -> Any:
        if self.modifier is not None:
            move = self.modifier(text, self.parse)
            if move is not None:
                return move
        words = text.split()
        reader = self.readers.get(words[0]) if words else None
        if reader is None:
            raise IllegalMove(tr(self.unknown).replace("{text}", text))
        return reader(words)

    def text(self, move: Any) -> str:
        """The canonical text of a move value."""
        return self.verbs[type(move)].text(move)

    def verb(self, move: Any) -> Verb:
        return self.verbs[type(move)]

    def parse_steps(self, text: str) -> tuple:
        """Every step of a move, in order (one for a move without `;`)."""
        return tuple(self.parse(step) for step in split_steps(text))

    def steps_text(self, moves: Sequence[Any]) -> str:
        """Several steps as one move: `die 5; run t3; stop`."""
        return "; ".join(self.text(move) for move in moves)

    def group(self, move: Any) -> str | None:
        """The label of the move's group in the player's menus."""
        label = self.verbs[type(move)].group
        return label.format(m=move) if label and "{" in label else label

    def tell(self, game: Any, seat: int, move: Any, names: Sequence[str]) -> str | None:
        """The move's public words, told after it was played (None: the game says it its own way)."""
        tell = self.verbs[type(move)].tell
        return tell(game, seat, move, names) if tell is not None else None

    def takes_back(self, text: str) -> bool:
        """Whether a move of these kinds may be taken back at all (False for a text that does not read)."""
        try:
            steps = self.parse_steps(text)
        except IllegalMove:
            return False
        return bool(steps) and all(self.verbs[type(step)].takes_back for step in steps)

    def handlers(self, cls: type) -> dict[type, Callable]:
        """Each kind's handler on a game class: its method `_play_<kind>` or the one the verb names."""
        found = {}
        for kind, verb in self.verbs.items():
            if verb.handler is None:
                continue
            name = verb.handler or f"_play_{_snake(kind.__name__)}"
            handler = getattr(cls, name, None)
            if handler is None:
                raise TypeError(f"{cls.__name__} has no {name} to play {kind.__name__}")
            found[kind] = handler
        return found


@dataclass(frozen=True)
class PlaceWord:
    """A word of a move that names a place on the board, as the picture's regions name it (a board
    page lights that place for the move): `settlement 12` names corner 12, `trade 4 wool for ore` none."""

    at: int  # the word's position in its step, the verb being 0 (Grow Sky's `fly` is an area too)
    kind: str = ""  # the kind of place, as the regions tell it (`card`, `forge`); "": any place of that name
    listed: bool = False  # the word lists places between commas (`take r1 c2,c3` names c2 and c3)


@dataclass(frozen=True)
class Action:
    """A button under the public turn message that any seated player may press for their own seat."""

    label: str
    move: str  # the move; with `form`, the start of a move that the player completes in a form
    form: bool = False
    style: str = "secondary"  # primary, secondary, success, danger
    seats: tuple[int, ...] | None = None  # who may press it (None: anyone seated); a button only computers could press is left out


@dataclass(frozen=True)
class ComputerPlayers:
    """A game's computer players, one per level it defines itself.

    They live in `games/<key>/players.py`, apart from the rules, so that game.py never imports
    its AI: the package's `__init__` hands them to the class (`GAME.computer = COMPUTER`).
    `normal` is required; a missing `easy` or `hard` gets the generic one of `games/levels.py`.
    The services a feature asks of a game's computer are here too, so no feature imports a
    game's ai module: `hint` (the move it suggests to a person) and, for a game whose deals may
    be checked winnable (the daily challenge), `solve`.
    """

    normal: Callable[[Game, int, random.Random], str]
    hard: Callable[[Game, int, random.Random, float | None], str] | None = None
    easy: Callable[[Game, int, random.Random], str] | None = None
    # (game, seat) -> the move suggested to that seat; None: a feature asks `normal`
    hint: Callable[[Game, int], str] | None = None
    # game -> moves that win it from there (replaying them wins), or None when none was found;
    # None: the game has no solver
    solve: Callable[[Game], list[str] | None] | None = None


class Game(ABC):
    """One table's game. Subclasses set the class attributes and implement the methods.

    Seats are numbered 0..players-1 in turn order. Moves are canonical texts; `play` accepts
    exactly the texts that `legal_moves` lists (after whitespace and case are normalized by
    `normalize`), and raises `IllegalMove` with a reason for anything else, leaving the
    state unchanged.

    Hidden information: `view(None)`, `status`, `describe_move`, `quick_moves` and
    `public_actions` are public surfaces. Nothing on them may depend on what a seat keeps
    hidden (which cards a hand holds), only on public facts (how many).
    """

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    format_version: ClassVar[int] = 1
    computer: ClassVar[ComputerPlayers | None] = None  # set by the package's __init__ from players.py
    # what may be played for an absent player (games/auto.py AutoRules: forced moves, standing answers,
    # plans); set by the package's __init__ from auto.py. None: nothing is ever played for a person
    auto: ClassVar[Any] = None
    # the move table (games/<key>/moves.py); `dispatch` plays a parsed move by its kind's handler
    notation: ClassVar[Notation | None] = None
    # every attribute of the state, once: `to_dict`, `from_dict` and `copy` are written from it
    fields: ClassVar[tuple[Field, ...]] = ()
    # What a page or feature may know of a game without asking a seat's secrets:
    # its board picture draws public facts only, so every seat's picture is the channel's
    public_picture: ClassVar[bool] = False
    # the goods its players trade with one another, in the notation's order (a trade panel); () for none
    traded_goods: ClassVar[tuple[str, ...]] = ()
    # moves a player makes most often with nothing else chosen (Enter on the board page), first listed first
    obvious_moves: ClassVar[tuple[str, ...]] = ()
    # which words of a move name places on its board, by the move's first word (`move_places`); a
    # first word left out names none. None: every word after the first may name a place
    place_words: ClassVar[Mapping[str, tuple[PlaceWord, ...]] | None] = None
    # option sets that deal a game of another shape (a map of its own), by name, each as the class
    # `new` makes for them, whose options default to that set; the conformance suite checks each as
    # a game of its own (`variant` is its name there). {} for a game of one shape
    variants: ClassVar[Mapping[str, type[Game]]] = {}
    variant: ClassVar[str] = ""
    _handlers: ClassVar[dict[type, Callable]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.notation is not None:
            cls._handlers = cls.notation.handlers(cls)
        if "fields" in cls.__dict__:
            for name, method in compile_state(cls.fields, cls).items():
                if name not in cls.__dict__:  # a game may still write one of them itself
                    setattr(cls, name, method)

    def dispatch(self, seat: int, move: Any) -> None:
        """Play a parsed move with its kind's handler (`_play_<kind>`, from the move table)."""
        self._handlers[type(move)](self, seat, move)

    def _derive(self) -> None:
        """Rebuild what is derived from the state's fields (caches, orders), after a load."""
        return None

    # -- life cycle -------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Game:
        """A fresh game. `options` are raw values; use `parse_options(cls.options, options)`."""

    @classmethod
    def replay_deal(cls, players: int, options: Mapping[str, Any] | None, seed: int,
                    stored: Mapping[str, Any] | None) -> Game:
        """The fresh deal a replay of a stored table starts from: `new()`, drawing as that table
        draws. `stored` is any dump of the table (its kind of draws never changes within it), or
        None for a table dealt now. A game that changes how its new tables draw overrides this,
        so that a table stored before replays with the draws it was played with."""
        return cls.new(players, options, seed)

    @classmethod
    def player_counts(cls, options: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """The fewest and the most players a table with these options (raw or parsed) takes: the
        lobby offers Start only within them. Base: `min_players` and `max_players`; a game whose
        options narrow them says so here."""
        return cls.min_players, cls.max_players

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-able data (the Rng included)."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """The inverse of `to_dict`."""

    def dump(self) -> dict[str, Any]:
        return {"game": self.key, "format": self.format_version, "state": self.to_dict()}

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Game:
        if data.get("game") != cls.key:
            raise ValueError(f"state of {data.get('game')!r} given to {cls.key!r}")
        if data.get("format") != cls.format_version:
            raise ValueError(f"{cls.key} state format {data.get('format')} is not {cls.format_version}")
        return cls.from_dict(data["state"])

    # -- asking -----------------------------------------------------------------------
    @property
    @abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @abstractmethod
    def to_act(self) -> list[int]:
        """The seats that must act now (several at once where the rules say so); [] when over."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[str]:
        """Every legal move of `seat` now, most useful first. A seat that is not in
        `to_act` may still have moves (answers to a trade offer, say)."""

    def awaited_answers(self) -> list[int]:
        """The seats outside `to_act` whose answer is awaited now (to an open trade offer, say);
        a computer seat among them answers at once, a person's turn is not held up by them.
        Empty in a game without such answers."""
        return []

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: the public). JSON-able; the renderer draws only this."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game runs."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    # -- acting -----------------------------------------------------------------------
    @abstractmethod
    def play(self, seat: int, move: str) -> None:
        """Apply one move of `seat`, or raise IllegalMove (state unchanged)."""

    normalize = staticmethod(normalize)

    def ai_move(self, seat: int, rng: random.Random) -> str:
        """The move the game's heuristic player makes for `seat` (one of legal_moves)."""
        if self.computer is None:
            raise NotImplementedError(f"{self.key} has no computer players wired (its players.py)")
        return self.computer.normal(self, seat, rng)

    def copy(self) -> Game:
        """An independent copy of the whole state (a game may answer faster than this)."""
        return self.load(self.dump())

    @classmethod
    def check_options(cls, options: Mapping[str, Any]) -> None:
        """Refuse (`IllegalMove`, one line saying why) parsed lobby options that do not go
        together, at /open before a table is made. Base: any combination goes."""
        return None

    @classmethod
    def rating_key(cls, options: Mapping[str, Any] | None) -> str:
        """The key a finished table with these lobby options is rated under: the game's key, or
        `key:variant` for a variant rated apart (it asks other skills). Base: the game's key."""
        return cls.key

    @classmethod
    def rating_title(cls, rating_key: str) -> str:
        """The name of a rating key of this game, as a leaderboard shows it."""
        variant = rating_key.partition(":")[2]
        return cls.variants[variant].title if variant in cls.variants else cls.title

    # -- words ------------------------------------------------------------------------
    @classmethod
    def rules_help(cls) -> str:
        """The rules in our own words: notation, readings of ambiguities, designed values. A game
        keeps them as `RULES_HELP` in the `help` module of its package, read when first asked."""
        package = cls.__module__.rpartition(".")[0]
        return importlib.import_module(f"{package}.help").RULES_HELP

    @abstractmethod
    def status(self, names: Sequence[str]) -> str:
        """One or two lines: where the game stands and what is awaited of whom."""

    def describe_move(self, seat: int, move: str, names: Sequence[str]) -> str:
        """The public form of a move just played: what everyone may read of it (it may tell its
        effects). It never names hidden cards: a discard is told by its count, a steal without
        the card. The public log, the turn message and `/history` show only this text."""
        return f"{names[seat]}: `{move}`"

    def canonical(self, seat: int, move: str) -> str:
        """The one canonical text of a move `seat` may make now, as `legal_moves` lists it
        (the log keeps this, never the text as typed); called before `play`. The default
        finds the legal move equal to it after `normalize`, else returns it normalized."""
        text = self.normalize(move)
        legal_moves = self.legal_moves(seat)
        for legal in legal_moves:
            if self.normalize(legal) == text:
                return legal
        unpadded = unpad(text)  # `settlement 044` is played as `settlement 44`: log that
        for legal in legal_moves:
            if unpad(self.normalize(legal)) == unpadded:
                return legal
        return text

    def redeal_hidden(self, rng: random.Random) -> bool:
        """Deal what is hidden between seats anew, keeping everything public (each seat's
        counts of cards): a hand swapped for another of the same size. The conformance suite
        (tests/games/test_conformance.py) then checks that no public surface changed. Return
        False when the game hides nothing one seat could know and another not. Every game
        states this; the default refuses, so a new game cannot skip the check by omission."""
        raise NotImplementedError(f"{type(self).__name__} must say what it hides: define redeal_hidden")

    def score_breakdown(self, seat: int) -> str:
        """Once the game is over: how `seat`'s score is made up, in words, from
        `Outcome.details` ("2 settlements 2, 1 city 2, Longest Road 2"). The final message
        shows it beside each player; hidden points are revealed here. "" when nothing to add."""
        return ""

    def turn_mark(self) -> Hashable | None:
        """A value that stays the same through one turn and changes when the next begins, for
        games whose turn takes several messages (roll, build, end): the table then recaps the
        turn's steps when it ends. None (the default): each message tells its whole turn."""
        return None

    def score_when_stopped(self, seat: int) -> str:
        """For a game stopped by resignation before its end (no outcome): `seat`'s score as it
        stood, in words, for the final message ("31 VP: fame 12, ..."). It is shown only once the
        table is over, so it may tell what was hidden. "" when the game cannot say."""
        return ""

    def private_text(self, seat: int, names: Sequence[str]) -> str:
        """What only `seat` should be told (a hidden hand, say); "" when nothing is hidden."""
        return ""

    def private_change(self, seat: int, before: Game) -> str:
        """What `seat` gained or lost that only it may know, from `before` (an earlier state of
        this table) to now, in a few words (`+2 wool, -1 ore`); "" when nothing hidden of it
        changed or nothing is hidden. Read from that seat's own hidden things alone, so no other
        seat's hidden cards can shape it (the "since your last turn" notice, bot/core/since.py)."""
        return ""

    def quick_moves(self, seat: int) -> list[str]:
        """At most four of the legal moves that deserve a one-click button. The buttons sit
        under the PUBLIC turn message, so offer only moves whose existence reveals nothing
        hidden (`roll`, `end`): never a move that only a hidden card allows (`knight`,
        `buy card`). Those belong in `move_groups`, which only the seat sees."""
        return []

    def public_actions(self) -> list[Action]:
        """Buttons for moves that several seats may make (answers to a trade offer), and forms
        that open with the start of a move (`offer `) for the player to complete. Public like
        `quick_moves`: whether a button is shown may depend on public facts only (an offer is
        open), never on a hand; pressing it checks the presser's own cards."""
        return []

    def can_take_back(self, before: Game, seat: int, move: str) -> bool:
        """Whether `move`, which `seat` just played to turn `before` into this state, revealed
        nothing new (no die rolled, no card or tile drawn, no hidden information shown), so that
        the players may agree to take it back. The default is no: a game that hides a shuffled
        pile can reveal a tile without touching its Rng, so only the game can prove a move
        harmless (`rng_untouched` is one half of such a proof)."""
        return False

    @classmethod
    def move_places(cls, move: str) -> list[tuple[str, str]]:
        """The places a move names on the board, each as (kind, name): kind "" for any place of
        that name. Read from the text alone (`place_words`); a page lights a place only for the
        legal moves that name it."""
        found: list[tuple[str, str]] = []
        for step in split_steps(move.lower()):
            words = step.split()
            if not words:
                continue
            if cls.place_words is None:
                spots = tuple(PlaceWord(at, listed=True) for at in range(1, len(words)))
            else:
                spots = cls.place_words.get(words[0], ())
            for spot in spots:
                if spot.at < len(words):
                    word = words[spot.at]
                    names = [w for w in word.split(",") if w] if spot.listed else [word]
                    found += [(spot.kind, name) for name in names]
        return found

    def preview(self, seat: int, move: str) -> dict[str, Any] | None:
        """The view of `seat` with `move` shown where it would go, without playing it (/preview).
        None: this game has no previews. A move that is not legal now raises IllegalMove with the
        reason `play` would give. Never changes the state."""
        return None

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        """The legal moves in labelled groups, for select menus shown to `seat` alone (My moves)."""
        moves = self.legal_moves(seat)
        return [(tr("Moves"), moves)] if moves else []

"""The engine protocol that every game implements (documented in games/README.md).

A game is a deterministic state machine: all of its randomness comes from an `Rng` kept in
its state, so the seed plus the move log replays a table exactly.
"""

from __future__ import annotations

import _random
import hashlib
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

T = TypeVar("T")


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
        return names[seat] if 0 <= seat < len(names) else f"player {seat + 1}"

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

    def parse(self, raw: Any) -> Any:
        if self.kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise IllegalMove(f"Option `{self.name}` takes on or off, not `{raw}`.")
        if self.kind is int:
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise IllegalMove(f"Option `{self.name}` takes a whole number, not `{raw}`.") from None
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                raise IllegalMove(f"Option `{self.name}` must be between {self.min} and {self.max}.")
            return value
        text = str(raw).strip().lower()
        if self.choices and text not in self.choices:
            raise IllegalMove(f"Option `{self.name}` is one of: {', '.join(self.choices)}.")
        return text


def parse_options(specs: Sequence[OptionSpec], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with the given values; unknown names are refused with the valid ones."""
    known = {spec.name: spec for spec in specs}
    values = {spec.name: spec.default for spec in specs}
    for name, value in (raw or {}).items():
        spec = known.get(name.strip().lower())
        if spec is None:
            valid = ", ".join(known) or "none"
            raise IllegalMove(f"Unknown option `{name}`. This game's options: {valid}.")
        values[spec.name] = spec.parse(value)
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


def players_text(least: int, most: int) -> str:
    """`1 player`, `2 to 4 players`: how many a game takes."""
    return count_text(least, "player") if least == most else f"{least} to {most} players"


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

    @classmethod
    def from_list(cls, data: Sequence[int]) -> Rng:
        return cls(data[0], data[1], len(data) > 2 and data[2] == 1)


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
    """

    normal: Callable[[Game, int, random.Random], str]
    hard: Callable[[Game, int, random.Random, float | None], str] | None = None
    easy: Callable[[Game, int, random.Random], str] | None = None


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

    @staticmethod
    def normalize(move: str) -> str:
        return " ".join(move.strip().lower().split())

    def ai_move(self, seat: int, rng: random.Random) -> str:
        """The move the game's heuristic player makes for `seat` (one of legal_moves)."""
        if self.computer is None:
            raise NotImplementedError(f"{self.key} has no computer players wired (its players.py)")
        return self.computer.normal(self, seat, rng)

    def copy(self) -> Game:
        """An independent copy of the whole state (a game may answer faster than this)."""
        return self.load(self.dump())

    # -- words ------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def rules_help(cls) -> str:
        """The rules in our own words: notation, readings of ambiguities, designed values."""

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

    def preview(self, seat: int, move: str) -> dict[str, Any] | None:
        """The view of `seat` with `move` shown where it would go, without playing it (/preview).
        None: this game has no previews. A move that is not legal now raises IllegalMove with the
        reason `play` would give. Never changes the state."""
        return None

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        """The legal moves in labelled groups, for select menus shown to `seat` alone (My moves)."""
        moves = self.legal_moves(seat)
        return [("Moves", moves)] if moves else []

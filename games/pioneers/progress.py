"""The progress cards of Ramparts: the 54 cards, their decks, the texts that play them and their
effects (../shared/rules/pioneers-ramparts.md, "Progress cards").

The engine (ramparts.py) calls this module through a small interface:
- `card_moves(game, seat)`: the legal `play ...` texts of the seat now, canonical;
- `answer_moves(game, seat)`: the answers pending for the seat (`give ...`, `take ...`, a
  Firebrand's `discard ...`), when `game.pending` holds a record for it or the turn owes a take;
- `play_card(game, seat, move)` and `answer(game, seat, move)`: play a `Play`, or a `Take`, `Give`
  or `Discard` answer, or raise `IllegalMove` changing nothing;
- `card_verbs()`: the rows of the move table for `play`, `take` and `give` (moves.py merges them).
Point cards (Star Chart, Charter) never reach a hand: the engine shows and scores them when drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.base import IllegalMove, Verb, is_number
from games.pioneers import ramparts_data as RD

# key -> (track, count). The keys are the cards' names as the notation writes them.
CARDS: dict[str, tuple[str, int]] = {
    # lore (ink)
    "stargazer": ("lore", 2), "hoist": ("lore", 2), "mason": ("lore", 1), "surveyor": ("lore", 2),
    "terraces": ("lore", 2), "deep shaft": ("lore", 2), "herbalist": ("lore", 2), "causeway": ("lore", 2),
    "armourer": ("lore", 2), "star chart": ("lore", 1),
    # council (silver)
    "tax collector": ("council", 2), "turncoat": ("council", 2), "envoy": ("council", 2), "plot": ("council", 2),
    "firebrand": ("council", 2), "informer": ("council", 3), "muster": ("council", 2), "festival": ("council", 2),
    "charter": ("council", 1),
    # commerce (sailcloth)
    "peddler": ("commerce", 6), "hoarder": ("commerce", 4), "levy": ("commerce", 2), "trade winds": ("commerce", 2),
    "customs house": ("commerce", 2), "broker": ("commerce", 2),
}
TITLES = {key: key.title() for key in CARDS}  # "deep shaft" -> "Deep Shaft", for words people read
POINT_CARDS = ("star chart", "charter")  # shown and scored when drawn, 1 point each
DECK_SIZE = 18
# the longest names first, so `play star chart` never reads as a card called `star`
_BY_LENGTH = sorted(CARDS, key=lambda key: -len(key.split()))


def deck_cards(track: str) -> list[str]:
    """The unshuffled cards of one track's deck, in the order of `CARDS`."""
    return [key for key, (deck, count) in CARDS.items() if deck == track for _ in range(count)]


# -- the moves ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    card: str  # a key of CARDS
    args: tuple[str, ...] = ()  # the words after the card's name, as the engine writes them


@dataclass(frozen=True, slots=True)
class Take:
    card: str  # a progress card's key (Informer), or "" when cards are taken (Broker)
    cards: tuple[int, ...] = ()  # 8 counts (Broker), () for a progress card


@dataclass(frozen=True, slots=True)
class Give:
    cards: tuple[int, ...]  # 8 counts


CardMove = Play | Take | Give


def kinds_amounts(tokens: Sequence[str]) -> tuple[int, ...]:
    """`["1", "wool", "1", "ink"]` -> 8 counts (resources, then commodities)."""
    amounts = [0] * RD.KIND_COUNT
    count = None
    for token in tokens:
        if is_number(token):
            if count is not None:
                raise IllegalMove(f"`{count} {token}`: give a card after each number.")
            count = int(token)
            continue
        index = RD.KIND_INDEX.get(token.rstrip(","))
        if index is None:
            raise IllegalMove(f"`{token}` is not a card; use {', '.join(RD.KINDS)}.")
        amounts[index] += 1 if count is None else count
        count = None
    if count is not None:
        raise IllegalMove(f"`{count}` needs a card after it.")
    return tuple(amounts)


def kinds_text(amounts: Sequence[int]) -> str:
    return " ".join(f"{count} {RD.KINDS[index]}" for index, count in enumerate(amounts) if count)


def _card_name(words: Sequence[str]) -> tuple[str, int]:
    """The card named at the start of `words` and how many words its name takes."""
    for key in _BY_LENGTH:
        size = len(key.split())
        if " ".join(words[:size]) == key:
            return key, size
    raise IllegalMove("Name a progress card: " + ", ".join(key for key in CARDS if key not in POINT_CARDS) + ".")


def read_play(words: list[str]) -> Play:
    card, size = _card_name(words[1:])
    if card in POINT_CARDS:
        raise IllegalMove(f"{TITLES[card]} is scored when drawn; it is never played.")
    return Play(card, tuple(words[1 + size:]))


def play_text(move: Play) -> str:
    return " ".join(("play", move.card, *move.args))


def read_take(words: list[str]) -> Take:
    if len(words) < 2:
        raise IllegalMove("Write `take hoist` (a progress card) or `take 1 ore 1 ink` (cards).")
    if is_number(words[1]):
        return Take("", kinds_amounts(words[1:]))
    card, size = _card_name(words[1:])
    if len(words) != 1 + size:
        raise IllegalMove(f"Write `take {card}`.")
    return Take(card)


def take_text(move: Take) -> str:
    return f"take {move.card}" if move.card else f"take {kinds_text(move.cards)}"


def read_give(words: list[str]) -> Give:
    amounts = kinds_amounts(words[1:])
    if not any(amounts):
        raise IllegalMove("Write `give 1 wool 1 ink`: the cards you give.")
    return Give(amounts)


def give_text(move: Give) -> str:
    return f"give {kinds_text(move.cards)}"


def _tell_play(game: Any, seat: int, move: Play, names: Sequence[str]) -> str:
    return f"{names[seat]} played {TITLES[move.card]}."


def _tell_take(game: Any, seat: int, move: Take, names: Sequence[str]) -> str:
    # which card or cards were taken is told to the two players only
    return f"{names[seat]} took a card."


def _tell_give(game: Any, seat: int, move: Give, names: Sequence[str]) -> str:
    return f"{names[seat]} gave {sum(move.cards)} cards."


def card_verbs() -> dict[type, Verb]:
    """The rows of the move table for progress cards (moves.py merges them into Ramparts')."""
    return {
        Play: Verb("play", read_play, play_text, _tell_play, "Progress cards", ("roll", "main"),
                   takes_back=False, handler="_play_card"),
        Take: Verb("take", read_take, take_text, _tell_take, "Progress cards", ("main",), takes_back=False),
        Give: Verb("give", read_give, give_text, _tell_give, "Answers", takes_back=False),
    }


# -- the interface the engine calls ----------------------------------------------------------
def card_moves(game: Any, seat: int) -> list[str]:
    """The legal `play ...` texts of `seat` now (none until the effects are built)."""
    return []


def answer_moves(game: Any, seat: int) -> list[str]:
    """The answers pending for `seat`: `give ...`, `take ...` or a Firebrand's `discard ...`."""
    return []


def play_card(game: Any, seat: int, move: Play) -> None:
    if move.card not in game.progress[seat]:
        raise IllegalMove(f"You hold no {TITLES[move.card]}.")
    raise IllegalMove("not built yet")


def answer(game: Any, seat: int, move: Any) -> None:
    raise IllegalMove("not built yet")

"""Positions on the beginner board of Pioneer's Isle, with and without Ramparts, for the rules
tests: a game past its setup with nothing placed, and pieces, cards and knights put down by hand.
"""

from __future__ import annotations

from games.pioneers import GAME, RampartsGame
from games.pioneers import board as B
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD


class FixedDice:
    """Stands in for the game's Rng so that tests choose each whole number drawn: the dice, a
    stolen card, and with Ramparts the event die (0-2 sail, 3 commerce, 4 council, 5 lore)."""

    def __init__(self, *values: int):
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        value = self.values.pop(0)
        assert low <= value <= high
        return value

    def to_list(self):
        return [0, 0]


def blank(n: int = 4, **options) -> GAME:
    """A beginner-board game past setup, player 1 (seat 0) to build, no pieces anywhere."""
    game = GAME.new(n, {"board": "beginner", **options}, seed=1)
    game.setup_step = 2 * n
    game.phase = "main"
    game.current = 0
    game.turn = 1
    game.dice = [1, 2]
    return game


def ramparts_blank(n: int = 3, **options) -> RampartsGame:
    """The same with Ramparts on."""
    game = blank(n, ramparts="on", **options)
    assert isinstance(game, RampartsGame)
    return game


def settle(game, seat: int, node: int, level: int = 1) -> None:
    game._place_settlement(seat, node - 1)
    if level == 2:
        game.node_level[node - 1] = 2
        game.pieces[seat][1] -= 1
        game.pieces[seat][2] += 1


def road(game, seat: int, label: str) -> None:
    game._place_road(seat, B.EDGE_INDEX[label])


def give_kinds(game, seat: int, **cards: int) -> None:
    """Cards from the bank into a Ramparts hand, by name (`ink=2`)."""
    for name, count in cards.items():
        kind = RD.KIND_INDEX[name]
        game.bank[kind] -= count
        game.hands[seat][kind] += count


def knight(game, seat: int, node: int, strength: int = 1, active: bool = True) -> None:
    game.knight_at[node - 1] = [seat, strength, int(active), 0, 0, 0]


def hold(game, seat: int, *cards: str) -> None:
    """Cards from their decks into a seat's progress hand (so every card stays counted)."""
    for card in cards:
        game.decks[P.CARDS[card][0]].remove(card)
        game.progress[seat].append(card)

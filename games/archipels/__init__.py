"""Archipels: draft tiles from a shared board and stack them into a three-level island."""

from games.archipels.auto import AUTO
from games.archipels.game import Archipels
from games.archipels.players import COMPUTER

GAME = Archipels
GAME.computer = COMPUTER
GAME.auto = AUTO

__all__ = ["GAME", "Archipels"]  # verbatim: names of the module

"""Grow Sky: dice actions, an airship flying round each board, a rudder, an engine room puzzle."""

from games.growsky.auto import AUTO
from games.growsky.game import GrowSky
from games.growsky.players import COMPUTER

GAME = GrowSky
GAME.computer = COMPUTER
GAME.auto = AUTO

__all__ = ["GAME", "GrowSky"]

"""Propeller Islands: draft dice, build a tile island, deploy workers, complete Blueprints (2-4 players)."""

from games.propeller.auto import AUTO
from games.propeller.game import PropellerGame
from games.propeller.players import COMPUTER

GAME = PropellerGame
GAME.computer = COMPUTER
GAME.auto = AUTO

__all__ = ["GAME", "PropellerGame"]

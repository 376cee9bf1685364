"""Age of Steam: Hawaiian Islands, the solo game (key `hawaii`)."""

from games.hawaii.auto import AUTO
from games.hawaii.game import HawaiiGame
from games.hawaii.players import COMPUTER

GAME = HawaiiGame
GAME.computer = COMPUTER
GAME.auto = AUTO

__all__ = ["GAME", "HawaiiGame"]

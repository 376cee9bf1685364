"""Pioneer's Isle: settle an island, trade, build roads and cities (2-4 players)."""

from games.pioneers.game import PioneersGame
from games.pioneers.players import COMPUTER

GAME = PioneersGame
GAME.computer = COMPUTER

__all__ = ["GAME", "PioneersGame"]

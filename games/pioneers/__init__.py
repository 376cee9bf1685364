"""Pioneer's Isle: settle an island, trade, build roads and cities (2-4 players)."""

from games.pioneers.auto import AUTO, RAMPARTS_AUTO
from games.pioneers.game import PioneersGame
from games.pioneers.players import COMPUTER, RAMPARTS_COMPUTER
from games.pioneers.ramparts import RampartsGame  # the rules variant joins `PioneersGame.variants`
from games.pioneers.sea import IslesGame, ShoresGame  # the sea layouts join `PioneersGame.layouts`

GAME = PioneersGame
GAME.computer = COMPUTER
GAME.auto = AUTO
RampartsGame.computer = RAMPARTS_COMPUTER
RampartsGame.auto = RAMPARTS_AUTO

__all__ = ["GAME", "IslesGame", "PioneersGame", "RampartsGame", "ShoresGame"]

"""Pioneer's Isle: settle an island, trade, build roads and cities (2-4 players)."""

from games.pioneers.game import PioneersGame

GAME = PioneersGame

__all__ = ["GAME", "PioneersGame"]

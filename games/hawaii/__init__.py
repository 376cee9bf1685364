"""Age of Steam: Hawaiian Islands, the solo game (key `hawaii`)."""

from games.hawaii.game import HawaiiGame

GAME = HawaiiGame

__all__ = ["GAME", "HawaiiGame"]

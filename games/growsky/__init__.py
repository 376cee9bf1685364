"""Grow Sky: dice actions, an airship flying round each board, a rudder, an engine room puzzle."""

from games.growsky.game import GrowSky

GAME = GrowSky

__all__ = ["GAME", "GrowSky"]

"""Propeller Islands: draft dice, build a tile island, deploy workers, complete Blueprints (2-4 players)."""

from games.propeller.game import PropellerGame

GAME = PropellerGame

__all__ = ["GAME", "PropellerGame"]

"""Archipels: draft tiles from a shared board and stack them into a three-level island."""

from games.archipels.game import Archipels

GAME = Archipels

__all__ = ["GAME", "Archipels"]

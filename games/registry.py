"""The games Isles hosts, by key. A game is listed once its package defines `GAME`."""

from __future__ import annotations

import importlib
from functools import cache

from games.base import Game

# key -> module that holds the game's class as `GAME`
MODULES = {
    "archipels": "games.archipels",
    "pioneers": "games.pioneers",
    "hawaii": "games.hawaii",
    "propeller": "games.propeller",
}


@cache
def _load(key: str) -> type[Game] | None:
    try:
        module = importlib.import_module(MODULES[key])
    except ModuleNotFoundError as error:
        if error.name and MODULES[key].startswith(error.name):
            return None  # not built yet
        raise
    return getattr(module, "GAME", None)


def available() -> dict[str, type[Game]]:
    return {key: game for key in MODULES if (game := _load(key)) is not None}


def get(key: str) -> type[Game]:
    game = _load(key) if key in MODULES else None
    if game is None:
        names = ", ".join(available()) or "none"
        raise KeyError(f"No game `{key}`. Games here: {names}.")
    return game

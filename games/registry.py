"""The games Isles hosts, by key. A game is listed once its package defines `GAME`."""

from __future__ import annotations

import importlib
from functools import cache

from games.base import Game
from lang import tr

# key -> module that holds the game's class as `GAME`
MODULES = {
    "archipels": "games.archipels",
    "pioneers": "games.pioneers",
    "hawaii": "games.hawaii",
    "propeller": "games.propeller",
    "growsky": "games.growsky",
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
        names = ", ".join(available()) or tr("none")
        # the refusal a person reads for a game that is not here (/open, /rules)
        raise KeyError(tr("No game `{key}`. Games here: {names}.").format(key=key, names=names))
    return game


def _plain(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find(text: str) -> str:
    """The key of the game a person named: its key or its title in any case and punctuation
    (`Archipels`, `pioneer's isle`), else the one game whose title holds the words (`hawaiian`)."""
    typed = _plain(text)
    games = available()
    for key, game in games.items():
        if typed in (_plain(key), _plain(game.title)):
            return key
    holding = [key for key, game in games.items() if typed and typed in _plain(game.title)]
    if len(holding) == 1:
        return holding[0]
    get(text.strip())  # raises with the list of games
    return text.strip()

"""Suggestions as a person types (autocomplete): their legal moves, the games, a game's options, time zones."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING
from zoneinfo import available_timezones

from bot.core.replies import Caller
from games import registry
from games.base import Game, players_text
from lang import tr

if TYPE_CHECKING:
    from bot.core.hub import Hub

ZONE_CHOICES = 25  # as many as an autocomplete shows


@cache
def zone_names() -> dict[str, str]:
    """Every time zone name by its lower-case form, the shortest first: read from the system's zone
    list once (the list walks a folder tree, far too slow to do at every keystroke)."""
    return {zone.lower(): zone for zone in sorted(available_timezones(), key=lambda z: (len(z), z))}


def players_short(least: int, most: int) -> str:
    """`3-4 players`, `1 player`: how many a game takes, for an autocomplete label."""
    if least == most:
        return players_text(least, most)
    return tr("{least}-{most} players").format(least=least, most=most)


class Suggestions:
    def __init__(self, service: Hub):
        self.service = service

    async def suggest_moves(self, caller: Caller, current: str, limit: int | None = None) -> list[str]:
        """Legal moves of the caller that match what they typed: prefix matches first; at most
        `limit` (as many as the adapter can show)."""
        row = await self.service.store.open_table(caller.channel_id)
        if row is None or row.status != "active":
            return []
        loaded = await self.service.load(row)
        mine = loaded.seat_of(caller.user_id)
        if mine is None or mine.seat is None or loaded.game is None or mine.resigned:
            return []
        moves = loaded.game.legal_moves(mine.seat)
        typed = Game.normalize(current)
        if not typed:
            return moves[:limit]
        first = [m for m in moves if m.startswith(typed)]
        then = [m for m in moves if typed in m and not m.startswith(typed)]
        if not first and not then:
            words = typed.split()
            then = [m for m in moves if all(w in m for w in words)]
        return (first + then)[:limit]

    def suggest_games(self, current: str) -> list[tuple[str, str]]:
        typed = current.strip().lower()
        return [
            (f"{game.title} ({players_short(game.min_players, game.max_players)})", key)
            for key, game in registry.available().items()
            if typed in key or typed in game.title.lower()
        ]

    def suggest_options(self, game_key: str, current: str) -> list[str]:
        try:
            game = registry.get(game_key)
        except KeyError:
            return []
        done, _, word = current.lstrip().rpartition(" ")
        done = done + " " if done.strip() else ""
        given = {part.partition("=")[0].lower() for part in done.split()}
        hints = []
        for spec in game.options:
            if spec.name in given:
                continue
            # every choice of an option that has a few (a board's layouts); a switch, the value that
            # changes the game (`ramparts=on`); else one example value
            if spec.choices:
                values = spec.choices
            elif spec.kind is bool:
                values = ("off" if spec.default else "on",)
            else:
                values = (spec.default,)
            hints += [f"{done}{spec.name}={value}".strip() for value in values]
        # the option being typed first (`ra` offers `ramparts=on`), or all when none begins so
        started = [hint for hint in hints if hint[len(done):].startswith(word.lower())]
        return started or hints

    @staticmethod
    def suggest_zones(current: str) -> list[str]:
        """Time zone names holding what was typed (`paris` -> Europe/Paris), the shortest first, at most 25."""
        typed = current.strip().lower().replace(" ", "_")
        found = []
        for lower, zone in zone_names().items():
            if typed in lower:
                found.append(zone)
                if len(found) == ZONE_CHOICES:
                    break
        return found

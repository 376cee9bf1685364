"""A renderer's cost per picture must not grow with the number of tables a process draws for:
what a cache keeps for one table (a static board, an island, a panel, an encoded strip) must
still be there when that table's next picture comes, after the pictures of many other tables.
Counted in builds, not in time: a cache too small for the tables of a busy server rebuilds on
every picture, which is what made a process ten times slower past its fourth Pioneer's Isle
table."""

from __future__ import annotations

import random

import pytest

import render
from games import registry
from render import common
from render.common import _caches

TABLES = 40
NAMES = ["ann", "ben", "cleo", "dee"]


def table_views(key: str, tables: int, options: dict | None = None) -> list[tuple[dict, list[str]]]:
    """One view of each of `tables` tables dealt from distinct seeds, a few random moves in."""
    cls = registry.get(key)
    views = []
    for n in range(tables):
        fewest = 3 if options else cls.min_players  # Shores seats three or four
        game = cls.new(cls.max_players if n % 2 else fewest, dict(options or {}), 5000 + n)
        rng = random.Random(n)
        for _ in range(rng.randrange(4, 40)):
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
        views.append((game.view(None), NAMES[:game.players]))
    return views


def board_builds() -> int:
    """Builds of every picture cache but the text ones: a table's lines of text (its players'
    counts, the last move) change with nearly every move, and one costs a line of text to draw
    again, not a board."""
    text = (common._sprites, common._long_sprites, common._widths, common._printable)
    return sum(c.builds for c in list(_caches) if not any(c is t for t in text))


@pytest.mark.parametrize("key", list(registry.available()))
def test_drawing_forty_tables_again_draws_no_board_again(key):
    views = table_views(key, TABLES)
    for view, names in views:
        render.draw(key, view, names)
    built = board_builds()
    for view, names in views:
        render.draw(key, view, names)
    assert board_builds() - built == 0


def test_forty_pioneers_islands_are_each_drawn_once(monkeypatch):
    from render import pioneers_island

    pioneers_island.islands.clear()  # islands an earlier test drew do not count
    drawn = []
    island = pioneers_island.draw_island
    monkeypatch.setattr(pioneers_island, "draw_island", lambda board: drawn.append(board["key"]) or island(board))
    views = table_views("pioneers", TABLES)
    for _ in range(2):
        for view, names in views:
            render.draw("pioneers", view, names)
    assert len(drawn) == len(set(drawn)) == TABLES


def test_forty_sea_maps_and_islands_are_each_drawn_once(monkeypatch):
    """The sea layouts' maps share the islands' budget: tables of both kinds keep their boards."""
    from render import pioneers_island, pioneers_sea

    pioneers_island.islands.clear()
    drawn = []
    island, sea_map = pioneers_island.draw_island, pioneers_sea._map
    monkeypatch.setattr(pioneers_island, "draw_island", lambda board: drawn.append(board["key"]) or island(board))
    monkeypatch.setattr(pioneers_sea, "_map", lambda board: drawn.append(board["key"]) or sea_map(board))
    views = [*table_views("pioneers", TABLES // 2, {"board": "shores"}),
             *table_views("pioneers", TABLES // 2, {"board": "isles"}), *table_views("pioneers", TABLES // 2)]
    for _ in range(2):
        for view, names in views:
            render.draw("pioneers", view, names)
    assert len(drawn) == len(set(drawn)) == len(views)

"""The words for a board's picture (alt text) are public: the same whoever looks, the same on the
board page as in the board message, and they say where the game stands and whom it waits for."""

from __future__ import annotations

import pytest

from games import registry
from tests.helpers import ALICE, BOB, CAROL, open_table, service_at


@pytest.mark.parametrize("key", sorted(registry.available()))
async def test_every_game_board_alt_is_the_same_for_every_viewer(tmp_path, key):
    service = await service_at(tmp_path / "t.db", draw_images=False)
    cls = registry.get(key)
    people = (ALICE, BOB)[:max(1, min(2, cls.max_players))]
    table = await open_table(service, key, people)
    loaded = await service.table(table)
    alt = service.board_alt(loaded)
    assert alt.startswith(f"The board of {cls.title}. ") and len(alt) < 1024
    acting = [loaded.names()[seat] for seat in loaded.game.to_act()]
    assert acting and all(name in alt for name in acting)
    for viewer in (*people, CAROL):  # a seat, the other seat, someone without one
        assert (await service.page_data(table, viewer.user_id))["alt"] == alt

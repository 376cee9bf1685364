"""The board page as a whole table, over HTTP."""

from __future__ import annotations

import re

from bot.adapters.web import regions
from tests.web.conftest import start_table
from tests.web.test_pages import mover


async def test_an_archipels_tile_is_named_by_its_row_and_column(served):
    await start_table(served.service, "archipels")
    (_, _, state), _ = await mover(served)
    spaces = [r for r in state["regions"] if re.fullmatch(r"r\dc\d", r["name"])]
    usable = [r for r in spaces if r["moves"]]
    assert usable, [r["name"] for r in spaces]
    for region in usable:
        row, column = region["name"][:2], region["name"][2:]
        for move in region["moves"]:
            assert {row, column} <= regions.words(move), (region["name"], move)
        assert set(region["moves"]) == {m for m in state["moves"] if {row, column} <= regions.words(m)}


def test_a_compound_name_needs_every_part():
    index = regions.by_word(["take r2 c1,c3", "take c1 r2", "take r1 c2", "offer 1 brick for 2 wool", "road 1-2"])
    assert regions.named(index, "r2c1") == ["take r2 c1,c3", "take c1 r2"]
    assert regions.named(index, "r2c2") == []
    assert regions.named(index, "12") == []  # numbers are never joined: `1` and `2` name no corner 12
    assert regions.named(index, "c1") == ["take r2 c1,c3", "take c1 r2"]

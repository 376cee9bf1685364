"""The lobby knows how many players a table takes with its options (`Game.player_counts`): a
Pioneer's Isle table on the Shores layout says at /open and /join that it takes 3 to 4 players,
and offers Start only from the third seat; /start below that stays refused."""

import pytest

from tests.helpers import ALICE, BOB, CAROL, service_at

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

SAYS = "With these options Pioneer's Isle takes 3 to 4 players."


def labels(reply) -> set[str]:
    return {button.label for button in reply.buttons}


async def test_shores_says_three_to_four_at_once_and_offers_start_from_the_third_seat(tmp_path):
    service = await service_at(tmp_path / "t.db")
    opened = await service.handle(ALICE, "open", {"game": "pioneers", "options": "board=shores"})
    assert opened.ok, opened.private
    assert SAYS in opened.text and "once 3 players or more are seated" in opened.text
    joined = await service.handle(BOB, "join")
    assert joined.ok and SAYS in joined.text
    assert labels(joined) == {"Join", "Add AI"}  # no Start at two
    early = await service.handle(ALICE, "start")
    assert not early.ok and "3 to 4 players" in early.private
    third = await service.handle(CAROL, "join")
    assert "Start" in labels(third)
    started = await service.handle(ALICE, "start")
    assert started.ok, started.private


async def test_a_table_whose_options_leave_the_game_s_counts_says_nothing_more(tmp_path):
    service = await service_at(tmp_path / "t.db")
    for options in ("", "board=isles"):  # the island and Isles take 2 to 4, as the game does
        opened = await service.handle(ALICE, "open", {"game": "pioneers", "options": options})
        assert opened.ok and "With these options" not in opened.text
        joined = await service.handle(BOB, "join")
        assert "Start" in labels(joined)
        assert (await service.handle(ALICE, "cancel")).ok

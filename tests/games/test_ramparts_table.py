"""Ramparts around the table: computer seats of every level move legally, what is played for an
absent person (forced moves, standing answers) never depends on a hidden progress card, and a
move that drew or revealed nothing may be taken back while a roll may not."""

from __future__ import annotations

import random

import pytest

from games import levels
from games.base import IllegalMove
from games.pioneers import GAME, RampartsGame
from games.pioneers import ramparts_data as RD
from tests.games.pioneers_helpers import give_kinds as give
from tests.games.pioneers_helpers import ramparts_blank as blank
from tests.games.pioneers_helpers import road, settle


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_seats_of_every_level_play_legal_moves_to_the_end(players):
    game = GAME.new(players, {"ramparts": "on"}, 30 + players)
    rng = random.Random(players)
    chosen = 0
    while not game.is_over():
        seat = game.to_act()[0]
        level = levels.LEVELS[(seat + chosen) % 3]
        move = levels.choose(game, seat, level, rng, budget=0.02)
        assert move in game.legal_moves(seat), (level, move)
        game.play(seat, move)
        chosen += 1
        assert chosen < 5000, "the computers did not finish"
    assert game.total_points(game.winner) >= 13


def test_a_roll_is_forced_only_for_a_seat_holding_no_progress_card():
    game = blank()
    game.phase = "roll"
    assert RampartsGame.auto.forced(game, 0) == "roll"
    game.progress[0] = ["hoist"]  # not playable before the roll, but which card it is is hidden
    assert RampartsGame.auto.forced(game, 0) is None


def test_standing_answers_of_ramparts_read_and_discard_commodities():
    auto = RampartsGame.auto
    assert auto.read("discard", "silver ink") == "silver ink"
    assert auto.read("track", "council") == "council"
    assert auto.read("cistern", "brick ore") == "brick ore"
    assert auto.read("give", "wool, ink") == "wool ink"
    with pytest.raises(IllegalMove):
        auto.read("track", "silver")
    with pytest.raises(IllegalMove):
        auto.read("give", "gold")
    game = blank()
    give(game, 0, silver=6, ink=2, wool=2)
    game.phase = "discard"
    game.discards = {0: 5}
    assert auto.standing(game, 0, {"discard": "silver ink"}) == "discard 5 silver"
    game.play(0, "discard 5 silver")
    assert game.hands[0][RD.SILVER] == 1


def test_a_build_may_be_taken_back_but_a_roll_and_a_draw_may_not():
    game = blank()
    settle(game, 0, 11, level=2)
    road(game, 0, "11-16")
    give(game, 0, wool=1, ore=1)
    before = game.copy()
    game.play(0, "knight 16")
    assert game.can_take_back(before, 0, "knight 16")
    game.play(0, "end")
    before = game.copy()
    game.play(1, "roll")
    assert not game.can_take_back(before, 1, "roll")


async def test_the_lobby_refuses_ramparts_on_a_sea_layout_at_open_and_opens_it_on_the_island(tmp_path):
    from tests.helpers import ALICE, BOB, service_at

    service = await service_at(tmp_path / "t.db")
    refused = await service.handle(ALICE, "open", {"game": "pioneers", "options": "board=shores ramparts=on"})
    assert not refused.ok and "sea layout" in refused.private and "\n" not in refused.private
    opened = await service.handle(BOB, "open", {"game": "pioneers", "options": "ramparts=on"})
    assert opened.ok, opened.private


async def test_the_lobby_autocomplete_offers_ramparts_on(tmp_path):
    from tests.helpers import service_at

    service = await service_at(tmp_path / "t.db")
    assert "ramparts=on" in service.suggest_options("pioneers", "")
    assert service.suggest_options("pioneers", "ra") == ["ramparts=on"]
    assert service.suggest_options("pioneers", "board=beginner ram") == ["board=beginner ramparts=on"]
    # what is typed stays, and an option given once is not offered again
    hints = service.suggest_options("pioneers", "ramparts=on ")
    assert hints and all(h.startswith("ramparts=on ") and "ramparts=" not in h[12:] for h in hints)
    assert "ramparts=on friendly_robber=on" in hints


def test_a_searching_players_world_keeps_what_the_seat_sees_and_deals_the_rest_afresh():
    game = blank()
    give(game, 0, ink=2, wool=1)
    give(game, 1, silver=3, ore=2)
    give(game, 2, grain=1, sailcloth=1)
    game.progress = [["hoist"], ["plot", "muster"], ["levy"]]
    worlds = [game.redraw_hidden(0, random.Random(seed)) for seed in range(20)]
    for world in worlds:
        assert world.hands[0] == game.hands[0] and world.progress[0] == ["hoist"]
        assert [sum(h) for h in world.hands] == [sum(h) for h in game.hands]
        assert [len(p) for p in world.progress] == [2 - 1, 2, 1]
        for track in RD.TRACKS:
            assert len(world.decks[track]) == len(game.decks[track])
    assert any(world.progress[1] != ["plot", "muster"] for world in worlds)
    assert any(world.hands[1] != game.hands[1] for world in worlds)

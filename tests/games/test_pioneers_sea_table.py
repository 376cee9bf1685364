"""A sea layout of Pioneer's Isle at a table: opened with its option, offered by autocomplete,
played through the service by computer seats, its history and take-back as at any table."""

from __future__ import annotations

import pytest

from tests.helpers import ALICE, BOB, service_at


async def test_autocomplete_of_options_offers_the_sea_layouts(tmp_path):
    service = await service_at(tmp_path / "t.db")
    hints = service.suggest_options("pioneers", "target=12 bo")
    assert "target=12 board=shores" in hints and "target=12 board=isles" in hints
    assert "target=12 board=random" in hints


async def test_a_sea_table_opens_with_target_14_and_plays_to_its_end(tmp_path):
    service = await service_at(tmp_path / "t.db")
    reply = await service.handle(ALICE, "open", {"game": "pioneers", "options": "board=isles"})
    assert reply.ok, reply.private
    assert "board=isles" in reply.text and "target=14" in reply.text
    assert (await service.handle(BOB, "join")).ok
    row = await service.store.open_table(222)
    assert row.options["target"] == 14 and row.options["board"] == "isles"


async def test_shores_refuses_to_start_with_two_players(tmp_path):
    service = await service_at(tmp_path / "t.db")
    assert (await service.handle(ALICE, "open", {"game": "pioneers", "options": "board=shores"})).ok
    assert (await service.handle(BOB, "join")).ok
    reply = await service.handle(ALICE, "start")
    assert not reply.ok and "3 to 4" in reply.private


async def test_computer_seats_play_a_sea_table_to_its_end_through_the_service(tmp_path):
    from bot.adapters.console.demo import play_demo
    from bot.core.replay import matches_log

    service = await service_at(tmp_path / "t.db", seeds=lambda: 3)
    log = await play_demo(service, "pioneers", 2, tmp_path, options="board=isles")
    assert "The game is over" in log[-1] and "built a ship" in "\n".join(log)
    table = await service.store.table(1)  # the only table of a fresh store
    assert table.status == "finished" and table.options["board"] == "isles" and table.options["target"] == 14
    assert await matches_log(service.store, table.id)  # the log replays to the stored state


@pytest.mark.slow
def test_the_animation_of_a_whole_sea_game_fits_the_upload_limit():
    import io
    import random

    from PIL import Image

    import games.levels as levels
    from bot.features.animation import make
    from games.pioneers import GAME
    from render.animation import LIMIT

    game = GAME.new(3, {"board": "shores"}, 5)
    rng = random.Random(5)
    moves = []
    while not game.is_over():
        seat = game.to_act()[0]
        move = levels.choose(game, seat, "normal", rng, 0.05)
        game.play(seat, move)
        moves.append((seat, move))
    data, ext, shown, turns = make("pioneers", 3, game.opts, 5, moves, ["A", "B", "C"])
    assert len(data) <= LIMIT and shown == min(turns, 60)
    assert Image.open(io.BytesIO(data)).n_frames == shown


async def test_the_demo_takes_options_and_the_layouts_player_counts(tmp_path, capsys):
    from bot.adapters.console.demo import run_demo

    assert await run_demo("pioneers", 2, 1, tmp_path, options="board=shores") == 2
    assert "3 to 4 players" in capsys.readouterr().err
    assert await run_demo("pioneers", 3, 1, tmp_path, options="board=atlantis") == 2
    assert "board" in capsys.readouterr().err

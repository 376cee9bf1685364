"""Propeller Islands: the heuristic player makes legal moves and beats random players."""

from __future__ import annotations

import random

from games.propeller import GAME, ai
from tests.games.test_propeller_helpers import build, find_tile, set_forge, started


def test_ai_beats_random_players_in_four_player_games():
    wins = 0
    for index in range(3):
        game = GAME.new(4, {}, 900 + index)
        rng = random.Random(index)
        ai_seat = index % 4
        while not game.is_over():
            seat = rng.choice(game.to_act())
            legal = game.legal_moves(seat)
            move = game.ai_move(seat, rng) if seat == ai_seat else rng.choice(legal)
            assert move in legal
            game.play(seat, move)
        wins += game.outcome().ranks[ai_seat] == 1
    assert wins >= 2


def test_ai_activates_what_pays_and_completes_a_payable_blueprint():
    game = started(2, 30)
    build(game, 0, [(find_tile(5, number=4), 0, -1, 1), (find_tile(6, number=4), 1, -1, 1)])
    set_forge(game, [4, 1, 1, 2, 2])
    game.offer = [-1] * 12
    game._derive()
    rng = random.Random(1)
    assert game.ai_move(0, rng) == "die 4"
    game.play(0, "die 4")
    while game.step != "blueprint":
        game.play(0, game.ai_move(0, rng))
    assert [e[3] for e in game.islands[0]] == [2, 2, 2]  # every building that pays was activated
    game.res[0] = [9, 9, 9]
    game._derive()
    assert game.ai_move(0, rng).startswith("blueprint ")
    assert ai.value(game, 0) > ai.value(started(2, 30), 0)


async def test_the_example_console_script_plays_to_its_end(tmp_path):
    from pathlib import Path

    from bot.adapters.console.console import Console
    from tests.helpers import service_at

    script = Path(__file__).resolve().parents[2] / "examples" / "propeller-2p.txt"
    from bot.extensions import install

    service = await service_at(tmp_path / "t.db", seeds=lambda: 5)
    install(service, prepare_daily=False)  # as `isles local` has it: the table plays a person's only move
    console = Console(service, tmp_path / "img")
    out = []
    for line in script.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            out += await console.run_line(line)
    text = "\n".join(out)
    assert "The game is over." in text and "Final: 1." in text
    assert "  ! " not in text  # not one line refused

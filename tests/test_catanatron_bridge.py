"""bench/pioneers_vs_catanatron.py translates Pioneer's Isle into catanatron's terms faithfully:
the same island, and a mirror that follows every move of ours. catanatron is no dependency of the
project (its code is GPL); these tests run where it is installed, e.g. in the environment the
bench runs in, with the project installed there too (`ENV/bin/pip install -e '.[test]'`):
`ENV/bin/python -m pytest tests/test_catanatron_bridge.py`."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.pioneers import GAME
from games.pioneers import board as B
from games.pioneers import data as D
from tests.helpers import load_bench


def test_without_catanatron_the_bench_says_where_to_run_it(capsys, monkeypatch):
    bench = load_bench("pioneers_vs_catanatron")
    monkeypatch.setattr(bench, "Color", None)
    monkeypatch.setattr("sys.argv", ["pioneers_vs_catanatron.py"])
    bench.main()
    assert "catanatron is not installed" in capsys.readouterr().out


def test_the_island_is_the_same_corner_by_corner():
    pytest.importorskip("catanatron", reason="catanatron is not installed here (it is no dependency)")
    bench = load_bench("pioneers_vs_catanatron")
    from catanatron import Color, RandomPlayer

    for seed in range(5):
        ours = GAME.new(4, {}, seed)
        mirror = bench.Mirror(ours, [RandomPlayer(Color[c]) for c in bench.COLOURS])
        board_map = mirror.game.state.board.map
        assert len(set(mirror.node)) == B.NODE_COUNT
        for node in range(B.NODE_COUNT):
            mine = Counter((ours.terrain[h], ours.numbers[h]) for h in B.NODE_HEXES[node])
            theirs = Counter((D.DESERT if t.resource is None else bench.RESOURCES.index(t.resource), t.number or 0)
                             for t in board_map.adjacent_tiles[mirror.node[node]])
            assert mine == theirs
        for a, b in B.EDGE_NODES:  # every edge of ours is one of theirs
            assert mirror.node[b] in mirror.game.state.board.buildable_subgraph.neighbors(mirror.node[a])
        harbours = {}
        for index, kind in enumerate(ours.harbours):
            key = None if kind == "any" else bench.RESOURCES[D.RES_INDEX[kind]]
            harbours.setdefault(key, set()).update(mirror.node[n] for n in B.EDGE_NODES[B.HARBOUR_EDGES[index]])
        assert harbours == {kind: set(nodes) for kind, nodes in board_map.port_nodes.items()}


def test_the_mirror_follows_whole_games_with_only_the_known_road_title_difference():
    pytest.importorskip("catanatron", reason="catanatron is not installed here (it is no dependency)")
    bench = load_bench("pioneers_vs_catanatron")
    from catanatron import Color
    from catanatron.players.value import ValueFunctionPlayer

    for seed in range(3):
        random.seed(seed)
        game = GAME.new(4, {}, seed)
        players = [ValueFunctionPlayer(Color[c]) for c in bench.COLOURS]
        mirror = bench.Mirror(game, players)
        rng = random.Random(seed)
        moves = 0
        while not game.is_over():
            seat = game.to_act()[0]
            turn_of, devs = game.current, list(game.devs[seat])
            move = mirror.decide(seat, players[seat], rng) if seat % 2 else game.ai_move(seat, rng)
            game.play(seat, move)  # a move the bot chose is always one of ours
            mirror.replay(seat, move, turn_of, devs)
            moves += 1
        assert moves > 100
        assert set(mirror.differences) <= {"titles"}, mirror.differences


def test_a_game_against_the_bots_gives_its_positions_for_the_fit(tmp_path):
    pytest.importorskip("catanatron", reason="catanatron is not installed here (it is no dependency)")
    bench = load_bench("pioneers_vs_catanatron")
    from bench import pioneers_valuefit as valuefit
    from games.pioneers import value as V

    share, _, positions = bench.one_game("normal", "value", 3)
    assert sorted(positions["who"]) == ["normal", "normal", "value", "value"]
    assert share == float(positions["who"][positions["winner"]] == "normal")
    assert len(positions["seats"]) > 5
    assert all(len(row) == 4 and all(len(seat) == len(V.FEATURES) + 1 for seat in row) for row in positions["seats"])
    assert all(sorted(seat[-1] for seat in row) == [0.0, 0.0, 0.0, 1.0] for row in positions["seats"])  # one to roll
    path = tmp_path / "positions.jsonl"
    path.write_text(json.dumps(positions) + "\n")
    assert valuefit.read_added(path) == [(positions["seats"], positions["who"], positions["winner"])]


def test_trades_between_our_seats_reach_the_mirror_and_its_bots_decline():
    pytest.importorskip("catanatron", reason="catanatron is not installed here (it is no dependency)")
    bench = load_bench("pioneers_vs_catanatron")
    _, figures, _ = bench.one_game("hard", "value", 0)
    assert figures["trades"] > 0  # our hard seats offer, and the other of ours took some
    assert not any(name.startswith("differed in hands") for name in figures)  # both engines hold the same hands
    _, silent, _ = bench.one_game("hard", "value", 0, answers=False)
    assert silent["trades"] == 0

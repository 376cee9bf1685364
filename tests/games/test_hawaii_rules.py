"""Rules of Age of Steam: Hawaiian Islands (solo): setup, rounds, deliveries, money, the end."""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove
from games.hawaii import GAME
from games.hawaii import data as D
from games.hawaii import game as G

ISLE = G.ISLAND_INDEX


def route(name: str) -> int:
    a, b = name.split("-")
    return G.ROUTE_BETWEEN[(ISLE[a], ISLE[b])]


def fresh(seed: int = 1, difficulty: str = "standard") -> G.HawaiiGame:
    return GAME.new(1, {"difficulty": difficulty}, seed=seed)


def at_moves(game: G.HawaiiGame, action: str = "production") -> G.HawaiiGame:
    """Skip to the goods moves of the current round, with `action` taken and nothing built."""
    game.play(0, "shares 0")
    game.play(0, f"action {action}")
    if game.phase == "build":
        game.play(0, "done")
    assert game.phase == "move"
    return game


def example_state() -> G.HawaiiGame:
    """The rulebook's example: Hawaii-Oahu and Oahu-Kauai connected, locomotive 2."""
    game = at_moves(fresh(3))
    game.loco = 2
    game.disc = [None] * G.N_ISLANDS
    game.disc[ISLE["kauai"]] = "purple"
    game.disc[ISLE["oahu"]] = "red"
    game.disc[ISLE["hawaii"]] = "blue"
    game.disc[ISLE["maui"]] = "blue"
    game.connected[route("oahu-hawaii")] = True
    game.connected[route("kauai-oahu")] = True
    game.route_cubes[route("oahu-hawaii")] = ["yellow", "purple", "purple"]
    game.route_cubes[route("kauai-oahu")] = ["purple", "red", None]
    game.island_cubes[ISLE["hawaii"]] = ["purple"]
    return game


# -- setup ------------------------------------------------------------------------------
def test_setup_counts_and_start_values():
    game = fresh(7)
    assert game.route_cubes_left() == 21
    assert [len(game.route_cubes[r]) for r in range(len(D.ROUTES))] == [n for _, _, n in D.ROUTES]
    assert sum(len(c) for c in game.island_cubes) == 13
    assert [len(game.island_cubes[ISLE[n]]) for n in D.ISLANDS] == [3, 2, 2, 2, 1, 1, 1, 1]
    assert all(c is not None for col in game.chart for c in col)
    assert sum(game.bag.values()) == sum(D.BASE_CUBES.values()) - 34 - 18
    assert game.cube_total() == sum(D.BASE_CUBES.values())
    # the named cubes are exactly 8 of each colour and 2 black
    named = [c for cubes in game.route_cubes for c in cubes] + [c for cubes in game.island_cubes for c in cubes]
    assert {c: named.count(c) for c in D.COLOURS} == D.NAMED_CUBES
    assert (game.cash, game.income, game.shares, game.loco, game.round) == (10, 0, 2, 1, 1)
    assert game.urban == list(D.URBAN_DISCS)
    assert sum(n for _, _, n in D.ROUTES) == 21


@pytest.mark.parametrize("difficulty,kinds,counts", [
    ("easy", 4, [1, 1, 1, 1]), ("standard", 2, [2, 2]), ("very_hard", 1, [4]),
])
def test_difficulty_discs(difficulty, kinds, counts):
    for seed in range(20):
        game = fresh(seed, difficulty)
        discs = [game.disc[ISLE[n]] for n in D.LARGE]
        assert all(d in D.DISC_COLOURS for d in discs)
        assert len(set(discs)) == kinds
        assert sorted(discs.count(c) for c in set(discs)) == counts
        assert all(game.disc[ISLE[n]] is None for n in D.SMALL)


def test_default_difficulty_and_bad_options():
    assert GAME.new(1, {}, seed=1).difficulty == "standard"
    with pytest.raises(IllegalMove):
        GAME.new(1, {"difficulty": "nightmare"}, seed=1)
    with pytest.raises(IllegalMove):
        GAME.new(2, {}, seed=1)


# -- deliveries -------------------------------------------------------------------------
def test_rulebook_example_removes_a_purple_cube_from_each_route():
    game = example_state()
    bag = game.bag["purple"]
    assert "deliver purple hawaii-oahu-kauai" in game.legal_moves(0)
    game.play(0, "deliver purple hawaii-oahu-kauai")
    assert game.route_cubes[route("oahu-hawaii")] == ["yellow", None, "purple"]
    assert game.route_cubes[route("kauai-oahu")] == [None, "red", None]
    assert game.island_cubes[ISLE["hawaii"]] == []
    assert game.bag["purple"] == bag + 3  # the delivered cube and the two removed ones
    assert game.income == 2
    assert game.last_delivery["path"] == ["hawaii", "oahu", "kauai"]
    assert game.last_delivery["removed"] == ["oahu-hawaii", "kauai-oahu"]


def test_delivery_too_far_for_the_locomotive():
    game = example_state()
    game.loco = 1
    with pytest.raises(IllegalMove, match="Too far for the locomotive"):
        game.play(0, "deliver purple hawaii-oahu-kauai")
    assert "deliver purple hawaii-oahu-kauai" not in game.legal_moves(0)


def test_no_delivery_through_an_island_of_the_cube_colour():
    game = example_state()
    game.disc[ISLE["oahu"]] = "purple"
    with pytest.raises(IllegalMove, match="passes through Oahu"):
        game.play(0, "deliver purple hawaii-oahu-kauai")
    assert "deliver purple hawaii-oahu-kauai" not in game.legal_moves(0)
    assert "deliver purple hawaii-oahu" in game.legal_moves(0)


def test_delivery_needs_connected_routes():
    game = example_state()
    game.connected[route("kauai-oahu")] = False
    with pytest.raises(IllegalMove, match="not connected"):
        game.play(0, "deliver purple hawaii-oahu-kauai")
    assert not any(m.endswith("kauai") for m in game.legal_moves(0))


def test_delivery_may_not_visit_an_island_twice():
    game = example_state()
    game.loco = 4
    with pytest.raises(IllegalMove, match="twice"):
        game.play(0, "deliver purple hawaii-oahu-hawaii-oahu-kauai")


def test_delivery_needs_the_cube_and_a_taking_destination():
    game = example_state()
    with pytest.raises(IllegalMove, match="No red cube on Hawaii"):
        game.play(0, "deliver red hawaii-oahu")
    game.island_cubes[ISLE["hawaii"]] = ["purple", "yellow"]
    with pytest.raises(IllegalMove, match="takes no|takes red"):
        game.play(0, "deliver yellow hawaii-oahu")
    with pytest.raises(IllegalMove, match="No sea route"):
        game.play(0, "deliver purple hawaii-kauai")


def test_islands_without_a_disc_can_be_crossed_and_cubes_may_leave_their_colour():
    game = example_state()
    game.loco = 3
    game.disc[ISLE["oahu"]] = None
    game.island_cubes[ISLE["kauai"]] = ["purple"]
    moves = game.legal_moves(0)
    assert "deliver purple hawaii-oahu-kauai" in moves
    assert "deliver purple hawaii-oahu" not in moves  # Oahu takes nothing now
    assert "deliver purple kauai-oahu-hawaii" not in moves  # Hawaii takes blue


def test_every_listed_delivery_is_playable_and_listed_moves_are_unique():
    for seed in range(30):
        game = fresh(seed, "easy")
        game.play(0, "shares 0")
        game.play(0, "action locomotive")
        game.connected = [True] * len(D.ROUTES)
        game.loco = 4
        game.phase = "move"
        moves = game.legal_moves(0)
        assert len(moves) == len(set(moves))
        for move in moves:
            copy = game.copy()
            copy.play(0, move)


# -- actions, building, shares, locomotive -----------------------------------------------
def test_no_repeated_action():
    game = fresh(2)
    game.play(0, "shares 0")
    game.play(0, "action production")
    game.play(0, "done") if game.phase == "build" else None
    game.play(0, "pass")
    game.play(0, "pass")
    while game.phase == "produce":
        game.play(0, game.legal_moves(0)[0])
    assert game.round == 2 and game.last_action == "production"
    game.play(0, "shares 0")
    assert "action production" not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="last round"):
        game.play(0, "action production")
    game.play(0, "action engineer")


def test_connect_costs_and_engineer_second_route_at_four():
    game = fresh(2)
    game.play(0, "shares 2")
    game.play(0, "action engineer")
    assert game.cash == 20
    game.play(0, "connect oahu-maui")
    assert game.cash == 12 and game.phase == "build"
    game.play(0, "connect kauai-oahu")
    assert game.cash == 8
    assert game.connected[route("oahu-maui")] and game.connected[route("kauai-oahu")]
    assert game.phase == "move"  # nothing more can be built this round


def test_one_route_without_engineer_and_cash_needed():
    game = fresh(2)
    game.play(0, "shares 0")
    game.play(0, "action urbanize")
    game.play(0, "connect oahu-maui")
    assert game.cash == 2
    with pytest.raises(IllegalMove, match="only one route"):
        game.play(0, "connect kauai-oahu")
    game2 = fresh(2)
    game2.play(0, "shares 0")
    game2.cash = 7
    game2.play(0, "action urbanize")
    with pytest.raises(IllegalMove, match="Not enough cash"):
        game2.play(0, "connect oahu-maui")
    with pytest.raises(IllegalMove, match="No sea route"):
        game2.play(0, "connect kauai-hawaii")


def test_connecting_an_already_connected_route_is_refused():
    game = fresh(2)
    game.play(0, "shares 2")
    game.play(0, "action engineer")
    game.play(0, "connect oahu-maui")
    with pytest.raises(IllegalMove, match="already connected"):
        game.play(0, "connect maui-oahu")


def test_urbanize_small_island_only_with_the_action():
    game = fresh(2)
    game.play(0, "shares 0")
    game.play(0, "action engineer")
    with pytest.raises(IllegalMove, match="Urbanize action"):
        game.play(0, "urbanize lanai red")
    game = fresh(2)
    game.play(0, "shares 0")
    game.play(0, "action urbanize")
    with pytest.raises(IllegalMove, match="small islands"):
        game.play(0, "urbanize maui red")
    game.play(0, "urbanize lanai black")
    assert game.disc[ISLE["lanai"]] == "black"
    assert game.urban == ["red", "blue", "yellow", "purple", None, "black"]
    with pytest.raises(IllegalMove, match="already urbanized"):
        game.play(0, "urbanize molokai red")
    assert not any(m.startswith("urbanize") for m in game.legal_moves(0))


def test_share_limit():
    game = fresh(2)
    with pytest.raises(IllegalMove, match="15 shares"):
        game.play(0, "shares 14")
    assert game.legal_moves(0)[-1] == "shares 13"
    game.play(0, "shares 13")
    assert game.shares == 15 and game.cash == 10 + 65
    game.play(0, "action engineer")
    game.play(0, "done")
    game.play(0, "pass")
    game.play(0, "pass")
    assert game.round == 2 and game.phase == "action"  # no shares step once all 15 are out


def test_locomotive_max_and_once_per_round():
    game = at_moves(fresh(2))
    game.play(0, "locomotive")
    assert game.loco == 2
    assert "locomotive" not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="once per round"):
        game.play(0, "locomotive")
    game = at_moves(fresh(2))
    game.loco = 6
    assert "locomotive" not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="maximum"):
        game.play(0, "locomotive")


def test_locomotive_action_is_a_free_raise_that_keeps_the_move_raise():
    game = fresh(2)
    game.play(0, "shares 0")
    game.play(0, "action locomotive")
    assert game.loco == 2 and game.cash == 10
    if game.phase == "build":
        game.play(0, "done")
    game.play(0, "locomotive")
    assert game.loco == 3
    game = fresh(2)
    game.loco = 6
    game.play(0, "shares 0")
    game.play(0, "action locomotive")
    assert game.loco == 6


# -- the end of a round -----------------------------------------------------------------
@pytest.mark.parametrize("income,cut", [(0, 0), (10, 0), (11, 2), (20, 2), (21, 4), (30, 4), (31, 6), (40, 6),
                                        (41, 8), (49, 8), (50, 10), (80, 10)])
def test_income_reduction_bands(income, cut):
    assert D.income_reduction(income) == cut
    game = at_moves(fresh(2))
    game.income = income
    game.cash = 100
    game.play(0, "pass")
    game.play(0, "pass")
    assert game.income == income - cut
    assert game.cash == 100 + income - (2 + 1)


def test_expense_shortfall_cuts_income_and_bankruptcy_loses():
    game = at_moves(fresh(2))
    game.cash, game.income = 0, 2  # 2 cash after income, 3 expenses: one short
    game.play(0, "pass")
    game.play(0, "pass")
    assert (game.cash, game.income) == (0, 1) and game.phase != "over"
    game = at_moves(fresh(2))
    game.cash, game.income, game.shares = 0, 1, 6  # 1 cash, 7 expenses
    game.play(0, "pass")
    game.play(0, "pass")
    assert game.phase == "over" and game.result == "lost" and "bankrupt" in game.reason
    out = game.outcome()
    assert out.details[0]["result"] == "lost" and out.scores[0] < -50


def test_production_places_two_and_returns_four():
    game = at_moves(fresh(4))
    game.chart[0] = [None, None, None]
    game.chart[2][0] = None
    total = game.cube_total()
    game.play(0, "pass")
    game.play(0, "pass")
    assert game.phase == "produce" and len(game.drawn) == 6
    assert game.cube_total() == total
    colour = game.drawn[0]
    with pytest.raises(IllegalMove, match="taken"):
        game.play(0, f"place {colour} 2,1")
    game.play(0, f"place {colour} 1,1")
    assert game.phase == "produce" and len(game.drawn) == 5
    game.play(0, game.legal_moves(0)[0])
    assert game.phase in ("shares", "action") and game.round == 2
    assert game.drawn == [] and game.cube_total() == total


def test_refill_moves_top_chart_cubes_to_the_islands_of_the_dice():
    game = at_moves(fresh(5), "engineer")
    before = [list(c) for c in game.island_cubes]
    chart = [list(col) for col in game.chart]
    game.play(0, "pass")
    game.play(0, "pass")
    assert len(game.dice) == 2
    added = sum(len(c) for c in game.island_cubes) - sum(len(c) for c in before)
    assert added == 2
    for face in set(game.dice):
        n = game.dice.count(face)
        island = G.FACE_ISLAND_IDX[face]
        assert game.chart[face - 1] == [None] * n + chart[face - 1][n:]
        assert island in (ISLE["kauai"], ISLE["oahu"], ISLE["maui"], ISLE["hawaii"])


def test_refill_never_onto_an_urbanized_island(monkeypatch):
    # with the designed map only large islands bear numbers; make face 1 point at an
    # urbanized small island to check the guard itself
    monkeypatch.setitem(G.FACE_ISLAND_IDX, 1, ISLE["lanai"])
    monkeypatch.setitem(G.FACE_ISLAND_IDX, 2, ISLE["lanai"])
    for seed in range(40):
        game = fresh(seed)
        game.play(0, "shares 0")
        game.play(0, "action urbanize")
        game.play(0, "urbanize lanai red")
        if game.phase == "build":
            game.play(0, "done")
        lanai = list(game.island_cubes[ISLE["lanai"]])
        game.play(0, "pass")
        game.play(0, "pass")
        assert game.island_cubes[ISLE["lanai"]] == lanai
    # and over whole games, no urbanized island ever gains a cube from a refill
    monkeypatch.undo()
    for seed in range(20):
        game = fresh(seed)
        urbanized = {}
        while not game.is_over():
            moves = game.legal_moves(0)
            urb = [m for m in moves if m.startswith("urbanize")]
            move = urb[0] if urb else ("action urbanize" if "action urbanize" in moves else
                                       "pass" if "pass" in moves else moves[0])
            before = [len(c) for c in game.island_cubes]
            game.play(0, move)
            for i in urbanized:
                assert len(game.island_cubes[i]) <= before[i]
            urbanized = {i: True for i in G.SMALL_IDX if game.disc[i]}


# -- the end ----------------------------------------------------------------------------
def play_to_round_ten_end(game: G.HawaiiGame) -> None:
    while not game.is_over():
        moves = game.legal_moves(0)
        game.play(0, "shares 0" if "shares 0" in moves else "done" if "done" in moves else
                  "pass" if "pass" in moves else moves[0])


def test_win_when_routes_are_clear_after_round_ten_and_score():
    game = fresh(6)
    game.route_cubes = [[None] * n for _, _, n in D.ROUTES]
    game.cash = 100
    play_to_round_ten_end(game)
    assert game.result == "won" and game.round == 10
    out = game.outcome()
    assert out.ranks == [1]
    assert out.scores[0] == 3 * game.income - 3 * game.shares + game.cash
    assert out.details[0]["result"] == "won"


def test_loss_when_a_cube_is_left():
    game = fresh(6)
    game.route_cubes = [[None] * n for _, _, n in D.ROUTES]
    game.route_cubes[0][0] = "red"
    game.cash = 100
    play_to_round_ten_end(game)
    assert game.result == "lost" and "1 cube" in game.reason
    assert game.outcome().scores[0] == -100 + 20
    with pytest.raises(IllegalMove, match="over"):
        game.play(0, "pass")
    assert game.to_act() == [] and game.legal_moves(0) == []


# -- words, view, state -----------------------------------------------------------------
def test_view_is_public_and_json():
    game = fresh(8)
    view = game.view(None)
    assert json.loads(json.dumps(view)) == view
    assert view == game.view(0)
    assert set(view["bag"]) == set(D.COLOURS) and "rng" not in view
    assert len(view["islands"]) == 8 and len(view["routes"]) == 10


def test_words():
    game = fresh(8)
    text = GAME.rules_help()
    for bit in ("designed", "Kauai", "shares", "$4", "very_hard", "Locomotive"):
        assert bit.lower() in text.lower()
    assert "issue shares" in game.status(["Ann"])
    assert game.quick_moves(0)[0] == "shares 0"
    game.play(0, "shares 1")
    assert set(game.quick_moves(0)) == {f"action {a}" for a in D.ACTIONS}
    game.play(0, "action engineer")
    groups = dict(game.move_groups(0))
    assert "Connect" in groups and groups["Finish"] == ["done"]
    game.play(0, "connect oahu-maui")
    assert "connects Oahu–Maui" in game.describe_move(0, "connect oahu-maui", ["Ann"])
    game.play(0, "done")
    assert {"locomotive", "pass"} <= set(game.quick_moves(0))
    assert "Deliver" in dict(game.move_groups(0)) or game.deliveries() == []
    assert game.private_text(0, ["Ann"]) == ""


def test_normalized_input_and_unknown_moves():
    game = fresh(8)
    game.play(0, "  SHARES   1 ")
    assert game.shares == 3
    with pytest.raises(IllegalMove, match="Unknown move"):
        game.play(0, "fly away")
    with pytest.raises(IllegalMove, match="cannot"):
        game.play(0, "pass")

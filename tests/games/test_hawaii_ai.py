"""The Hawaiian Islands solver: its first search ignores the clock, and its evaluation sees lost cubes."""

from __future__ import annotations

from games.hawaii import GAME, ai
from games.hawaii.data import ISLAND_INDEX, ROUTE_BETWEEN


def test_first_pass_does_not_depend_on_the_clock():
    for seed in (3, 1010):
        hurried = ai.solve(seed, "easy", budget=0.0)
        calm = ai.solve(seed, "easy", beams=(1,))
        assert hurried.won and calm.won
        assert hurried.moves == calm.moves and hurried.details["passes"] == 1


def test_a_leaf_route_cube_with_no_source_left_is_dead():
    game = GAME.new(1, {"difficulty": "easy"}, seed=2)
    kahoolawe, maui = ISLAND_INDEX["kahoolawe"], ISLAND_INDEX["maui"]
    leaf = ROUTE_BETWEEN[(maui, kahoolawe)]
    colour = next(c for c in ("red", "blue", "yellow", "purple") if c not in (game.disc[maui],))
    game.route_cubes = [[None] * len(cubes) for cubes in game.route_cubes]
    game.route_cubes[leaf] = [colour]
    game.island_cubes[kahoolawe] = []
    open_leaf = ai.evaluate(game)
    game.disc[kahoolawe] = "black"  # urbanized with another colour: nothing can carry the cube off the route
    game.urban[game.urban.index("black")] = None
    assert ai.evaluate(game) < open_leaf - ai.DEFAULT_WEIGHTS.dead / 2


def test_the_solver_and_the_hint_are_reached_through_the_game_s_computer_players():
    """What the daily challenge asks of the game goes through `GAME.computer`, as ai.py answers it."""
    for seed in (3, 1010):  # deals the first, clock-free search wins
        line = GAME.computer.solve(GAME.new(1, {"difficulty": "easy"}, seed))
        assert line == ai.solve(seed, "easy").moves
        game = GAME.new(1, {"difficulty": "easy"}, seed)
        for move in line:
            game.play(0, move)
        assert game.outcome().details[0]["result"] == "won"
    game = GAME.new(1, {}, 7)
    for _ in range(12):
        assert GAME.computer.hint(game, 0) == ai.hint(game) and ai.hint(game) in game.legal_moves(0)
        game.play(0, ai.hint(game))


def test_a_deal_the_solver_cannot_win_has_no_line():
    game = GAME.new(1, {"difficulty": "easy"}, 3)
    game.round = 10  # ten rounds played with every route cube still on: nothing can win it now
    game.phase = "move"
    assert GAME.computer.solve(game) is None

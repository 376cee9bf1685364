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

"""The picture of a sea layout: drawn from the public view, its ship spots and the pirate's hexes
clickable on the board page."""

from __future__ import annotations

import io
import random

from PIL import Image

import render
from bot.adapters.web.regions import for_page
from games.pioneers import GAME
from tests.games.pioneers_sea_helpers import bare, give, settle, ship

NAMES = ["Ann", "Ben", "Cleo"]


def test_each_layout_draws_at_the_width_of_the_island_picture():
    for board, players in (("shores", 3), ("isles", 2)):
        game = GAME.new(players, {"board": board}, 2)
        rng = random.Random(2)
        for _ in range(300):
            seat = game.to_act()[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
        image = Image.open(io.BytesIO(render.draw("pioneers", game.view(None), NAMES[:players])))
        assert image.width == 1030 and image.height > 1000


def test_ship_spots_and_the_pirate_are_clickable_with_their_moves():
    game = bare()
    settle(game, 0, 22)
    give(game, 0, lumber=1, wool=1, brick=1)
    moves = game.legal_moves(0)
    found = {r["name"]: r for r in for_page("pioneers", game.view(0), NAMES, moves, 0)}
    assert "ship 22-32" in found["22-32"]["moves"] and "road 22-32" in found["22-32"]["moves"]
    assert found["12-22"]["moves"] == ["ship 12-22"]
    ship(game, 1, "13-23")
    give(game, 1, ore=1)
    game.phase = "robber"
    found = {r["name"]: r for r in for_page("pioneers", game.view(0), NAMES, game.legal_moves(0), 0)}
    assert found["S3"]["moves"] == ["pirate S3 steal 2"] and "pirate" in found["S25"]["tip"]
    assert found["S25"]["moves"] == []  # where the pirate stands


def test_ships_are_drawn_unlike_roads():
    game = bare()
    settle(game, 0, 22)
    plain = render.pioneers.render(game.view(None), NAMES)
    with_ship = bare()
    settle(with_ship, 0, 22)
    ship(with_ship, 0, "22-32")
    with_road = bare()
    settle(with_road, 0, 22)
    with_road.edge_owner[with_road.GEOMETRY.edge_index["22-32"]] = 0
    shipped = render.pioneers.render(with_ship.view(None), NAMES)
    roaded = render.pioneers.render(with_road.view(None), NAMES)
    assert shipped.tobytes() != plain.tobytes() and roaded.tobytes() != plain.tobytes()
    assert shipped.tobytes() != roaded.tobytes()


def _played(board: str, players: int, seed: int):
    """A sea game played to its end by heuristic players: a title holder with a long route."""
    game = GAME.new(players, {"board": board}, seed)
    rng = random.Random(seed)
    while game.phase != "over":
        seat = (game.awaited_answers() or game.to_act())[0]
        game.play(seat, game.ai_move(seat, rng))
    assert game.road_holder >= 0
    return game


def _along(f, label: str, t: float) -> tuple[int, int]:
    (ax, ay), (bx, by) = f.edge(label)
    return round(ax + (bx - ax) * t), round(ay + (by - ay) * t)


def test_the_title_holders_route_is_drawn_along_its_roads_and_ships_only():
    sea = render.pioneers_sea
    game = _played("shores", 4, 3)
    view = game.view(None)
    route = view["route"]
    assert len(route) == game.road_len[game.road_holder]
    assert {kind for _, kind in route} == {"road", "ship"}  # this game's route takes both
    drawn = sea.render(view, NAMES + ["Dev"])
    plain = sea.render({**view, "route": []}, NAMES + ["Dev"])
    f = sea.frame(view["board"]["layout"])
    on_route = {label for label, _ in route}
    steps = [t / 50 for t in range(5, 46)]  # along the edge, short of its corners

    def changed(label: str) -> int:
        return sum(drawn.getpixel(_along(f, label, t)) != plain.getpixel(_along(f, label, t)) for t in steps)

    for label, _ in route:  # the band shows beside the piece, round a building at a corner
        assert changed(label) >= 3, label
    others = [label for label, _ in view["roads"] + view["ships"] if label not in on_route]
    assert others
    for label in others:
        assert changed(label) == 0, label


def _cross(f, hex_index: int, edge: int) -> tuple[int, int]:
    """Where the picture puts the pirate's cross on `edge` of `hex_index`."""
    cx, cy = f.hex(hex_index)
    a, b = f.geometry.edge_nodes[edge]
    (ax, ay), (bx, by) = ((cx + (x - cx) * 0.88, cy + (y - cy) * 0.88) for x, y in (f.node(a), f.node(b)))
    return round(cx + ((ax + bx) / 2 - cx) * 0.74), round(cy + ((ay + by) / 2 - cy) * 0.74)


def test_the_ship_spots_the_pirate_blocks_are_marked_and_no_others():
    sea = render.pioneers_sea
    game = bare()
    geometry = game.GEOMETRY
    for pirate in (game.pirate, geometry.sea_hexes[0]):
        game.pirate = pirate
        image = sea.render(game.view(None), NAMES)
        f = sea.frame(game.LAYOUT)
        marked = {(h, edge) for h in geometry.sea_hexes for edge in geometry.hex_edges[h]
                  if image.getpixel(_cross(f, h, edge))[:3] == sea.BLOCKED}
        assert marked == {(pirate, edge) for edge in geometry.hex_edges[pirate] if geometry.sea_edges[edge]}
        assert {edge for _, edge in marked} == game._pirate_edges()  # where ships cannot go


def test_a_hidden_card_swapped_leaves_the_sea_picture_the_same():
    game = _played("isles", 3, 4)
    twin = game.copy()
    hand = twin.hands[0]
    give_kind = next(i for i in range(5) if hand[i])
    hand[give_kind] -= 1
    hand[(give_kind + 1) % 5] += 1
    assert twin.hands[0] != game.hands[0]
    assert render.draw("pioneers", twin.view(None), NAMES) == render.draw("pioneers", game.view(None), NAMES)

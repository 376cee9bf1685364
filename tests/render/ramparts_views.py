"""Ramparts views for the picture's tests, made from a real base game's view with the Ramparts keys
of the engine's view added (the contract: `view["ramparts"]` and the per-player keys).

Every piece is put where the rules allow one: knights on empty corners touched by their owner's
roads, walls, metropolises and ruins on their owner's cities, the peddler on a land hex beside its
holder's building. The values are plausible, not played: the engine's own views are drawn by
the same tests once it is merged (`real_view`).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.pioneers import GAME
from games.pioneers import board as B

TRACKS = ("commerce", "council", "lore")
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _played(players: int, seed: int, moves: int) -> Any:
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat = (game.awaited_answers() or game.to_act())[0]
        game.play(seat, game.ai_move(seat, rng))
    return game


def _over(players: int, seed: int) -> Any:
    return _played(players, seed, 100_000)


def _free_corners(view: dict[str, Any], seat: int) -> list[int]:
    """Corners (public numbers) touched by the seat's roads, with no building on them."""
    built = {node for node, _, _ in view["buildings"]}
    corners = set()
    for label, owner in view["roads"]:
        if owner == seat:
            a, b = B.EDGE_NODES[B.EDGE_INDEX[label]]
            corners.update((a + 1, b + 1))
    return sorted(corners - built)


def _cities(view: dict[str, Any], seat: int) -> list[int]:
    return [node for node, owner, level in view["buildings"] if owner == seat and level == 2]


def _land_beside(view: dict[str, Any], seat: int) -> str | None:
    hexes = view["board"]["hexes"]
    for node, owner, _ in view["buildings"]:
        if owner == seat:
            for hex_index in B.NODE_HEXES[node - 1]:
                if hexes[hex_index]["res"] != "desert":
                    return hexes[hex_index]["label"]
    return None


def _desert(view: dict[str, Any]) -> str:
    return next(info["label"] for info in view["board"]["hexes"] if info["res"] == "desert")


def add_ramparts(view: dict[str, Any], *, levels: list[list[int]], knights: list[tuple[int, int, bool]] | int,
                 raiders: int, raided: bool, event: str | None, red: int | None, shields: list[int],
                 progress: list[int], walls: int = 1, ruin: bool = False, metropolises: int = 0,
                 peddler_holder: int | None = None, hand_seat: int | None = None,
                 progress_hand: list[str] | None = None) -> dict[str, Any]:
    """`view` with the Ramparts keys. `knights` lists (seat, strength, active) placed on each seat's
    free corners in turn, or a number: that many knights for every seat, strengths 1-3, half active."""
    view = copy.deepcopy(view)
    players = len(view["players"])
    free = {seat: _free_corners(view, seat) for seat in range(players)}
    taken: set[int] = set()
    if isinstance(knights, int):
        knights = [(seat, 1 + i % 3, i % 2 == 0) for seat in range(players) for i in range(knights)]
    placed = []
    for seat, strength, active in knights:
        spots = [node for node in free[seat] if node not in taken]
        if not spots:
            spots = [node + 1 for node in range(B.NODE_COUNT)
                     if node + 1 not in taken and all(b[0] != node + 1 for b in view["buildings"])]
        node = spots[0]
        taken.add(node)
        placed.append({"node": node, "seat": seat, "strength": strength, "active": active})
    wall_nodes: list[int] = []
    for seat in range(players):
        wall_nodes += _cities(view, seat)[:walls]
    ruins: list[int] = []
    if ruin:  # the last seat's last city, pillaged with no settlement in supply
        node = _cities(view, players - 1)[-1]
        ruins.append(node)
        view["buildings"] = [[n, s, 1 if n == node else level] for n, s, level in view["buildings"]]
        wall_nodes = [n for n in wall_nodes if n != node]
    metro: dict[str, int | None] = dict.fromkeys(TRACKS)
    for index, track in enumerate(TRACKS[:metropolises]):  # seat 0's first, then the next seat with a city
        for seat in [(index + k) % players for k in range(players)]:
            cities = [n for n in _cities(view, seat) if n not in metro.values() and n not in ruins]
            if cities:
                metro[track] = cities[0]
                break
    cities_on_island = sum(1 for _, _, level in view["buildings"] if level == 2)
    strengths = [sum(k["strength"] for k in placed if k["seat"] == seat and k["active"]) for seat in range(players)]
    if not raided:
        view["robber"] = _desert(view)
    if red is not None and not view.get("dice"):  # the last roll, its red die first
        view["dice"] = [red, 5]
    view["ramparts"] = {
        "raiders": raiders,
        "raiders_strength": cities_on_island,  # a metropolis is one city, a ruin none
        "defence": sum(strengths),
        "raided": raided,
        "event": event,
        "red": red,
        "knights": placed,
        "walls": wall_nodes,
        "ruins": ruins,
        "metropolises": metro,
        "peddler": _land_beside(view, peddler_holder) if peddler_holder is not None else None,
        "peddler_holder": peddler_holder,
        "deck_counts": {"commerce": 12, "council": 9, "lore": 14},
    }
    for seat, info in enumerate(view["players"]):
        info["levels"] = list(levels[seat])
        info["shields"] = shields[seat]
        info["progress_cards"] = progress[seat]
        info["active_strength"] = strengths[seat]
        info["point_cards"] = []
    if "hand" in view:
        view["hand"] = list(view["hand"]) + [2, 1, 0]
    if hand_seat is not None:
        view["progress_hand"] = list(progress_hand or [])
    return view


def mid_game(seat: int | None = None) -> dict[str, Any]:
    """Four players mid-game: knights of every strength, active and not, walls, a ruin, two
    metropolises, the peddler held, the raiders five steps on."""
    game = _played(4, 7, 260)
    base = game.view(seat)
    knights = [(0, 1, True), (0, 3, False), (1, 2, True), (1, 1, False), (2, 3, True), (2, 2, False),
               (3, 1, True), (3, 2, True)]
    view = add_ramparts(base, levels=[[3, 1, 0], [1, 4, 2], [2, 0, 4], [0, 2, 1]], knights=knights, raiders=5,
                        raided=True, event="sail", red=3, shields=[1, 0, 2, 0], progress=[2, 4, 1, 0],
                        ruin=True, metropolises=3, peddler_holder=1,
                        hand_seat=seat, progress_hand=["stargazer", "tax collector"] if seat is not None else None)
    view["ramparts"]["metropolises"]["commerce"] = None  # two metropolises taken: council and lore
    if view["phase"] in ("over", "roll"):  # after the roll, building and trading
        view["phase"], view["winner"] = "main", -1
        for info in view["players"]:
            info.pop("final_points", None)
            info.pop("final_sources", None)
    view["target"] = 13
    return view


def end_game() -> dict[str, Any]:
    """A finished four-player game: the winner's points told by source."""
    game = _over(4, 7)
    view = add_ramparts(game.view(None), levels=[[5, 2, 1], [3, 4, 3], [1, 3, 5], [2, 2, 2]],
                        knights=[(0, 3, False), (1, 3, False), (1, 2, False), (2, 1, False), (3, 2, False)],
                        raiders=0, raided=True, event="lore", red=6, shields=[0, 2, 1, 1], progress=[1, 3, 0, 2],
                        metropolises=3, peddler_holder=2, walls=2)
    view["target"] = 13
    return view


def two_players() -> dict[str, Any]:
    """Two players early on: the robber locked in the desert, no raid yet."""
    game = _played(2, 3, 120)
    return add_ramparts(game.view(None), levels=[[1, 0, 0], [0, 0, 2]], knights=[(0, 1, False), (1, 1, True)],
                        raiders=2, raided=False, event="council", red=2, shields=[0, 0], progress=[1, 0])


def extremes() -> dict[str, Any]:
    """Every level at 5, six knights each, the raiders attacking: the most the picture holds."""
    game = _played(4, 11, 450)
    view = add_ramparts(game.view(None), levels=[[5, 5, 5]] * 4, knights=6, raiders=7, raided=True,
                        event="commerce", red=6, shields=[9, 12, 3, 10], progress=[4, 4, 4, 4], walls=3,
                        metropolises=3, peddler_holder=3)
    view["target"] = 13
    return view


def real_view(players: int, seed: int, moves: int, seat: int | None = None) -> dict[str, Any] | None:
    """A view of a real Ramparts game played forward by legal moves, or None before the engine."""
    try:
        game = GAME.new(players, {"ramparts": True}, seed)
    except Exception:  # noqa: BLE001 - the option is refused before the engine is merged
        return None
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat_now = (game.awaited_answers() or game.to_act())[0]
        game.play(seat_now, rng.choice(game.legal_moves(seat_now)))
    view = game.view(seat)
    return view if "ramparts" in view else None


def played_ramparts(players: int, seed: int, moves: int | None) -> Any:
    """A real Ramparts game of computer players, `moves` moves in (None: to its end)."""
    game = GAME.new(players, {"ramparts": True}, seed)
    rng = random.Random(seed)
    done = 0
    while not game.is_over() and (moves is None or done < moves):
        seat = (game.awaited_answers() or game.to_act())[0]
        game.play(seat, game.ai_move(seat, rng))
        done += 1
    return game


def save_docs(folder: str) -> list[str]:
    """docs/ramparts-*.png: a real four-player game of computer players mid-game (move 200:
    the raiders five steps on, the peddler held) and at its end, and the hand-made view with every kind of piece, each at the
    picture's width and at a phone's 550 pixels."""
    from PIL import Image

    from render import pioneers
    from render.common import to_png

    views = {"mid": played_ramparts(4, 21, 200).view(None), "end": played_ramparts(4, 21, None).view(None),
             "pieces": mid_game()}
    saved = []
    for name, view in views.items():
        image = pioneers.render(view, NAMES[:len(view["players"])])
        small = image.resize((550, round(image.height * 550 / image.width)), Image.Resampling.LANCZOS)
        for suffix, picture in (("", image), ("-550", small)):
            path = f"{folder}/ramparts-{name}{suffix}.png"
            with open(path, "wb") as file:
                file.write(to_png(picture))
            saved.append(path)
    return saved

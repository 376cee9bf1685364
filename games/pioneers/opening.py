"""The hard player's starting settlements in Pioneer's Isle: each candidate corner is placed in a
copy, the rest of the setup is played out (the other seats as the heuristic player places, the
seat's own later settlement by this model), and the corner that leaves the seat the best share
of the model's chance to win is taken.

The model judges a seat as the setup leaves it: how much each resource yields, how many kinds,
whether the pairs that build (lumber with brick for roads and settlements, grain with ore for
cities) are both there, the harbours that suit the yield, and the free corners within reach of
its two roads. Its weights were fitted by bench/pioneers_openingfit.py on games between heuristic
players whose starting corners were drawn among the good ones (so that the fit sees many kinds of
start), each seat labelled by whether it went on to win, as a conditional logit over the seats
with the seat's place in the order of play as a term of its own (kept out of the choice: a seat
cannot change it). On 5000 games held out the fitted start foretold the winner with a log loss
of 0.959 against 1.059 for every seat judged alike; the biggest weights go to the yield with
diminishing returns (the sum of each resource's square root), a generic harbour and the pairs.

Measured among heuristic players (two seats starting by this model, two as the heuristic player
starts, the rest of every game the heuristic player's), the model's seats won 57.4%, 57.6% and
57.2% of 2000 games at 2, 3 and 4 players (±2.2). Sixteen candidates instead of ten won 57.1%;
the starting roads chosen by the model as well, 53.1%, so the roads stay the heuristic player's.

On a sea layout the same model judges the starts, blind to islands. Tried on Isles and not kept:
three terms beside the model's strength, fitted as above on 1424 games between heuristic players
(seeds 1000000 on, 3 and 4 players): the start islands the seat holds alone, the free corners of
its start islands shared among the seats there, and how many islands it starts on. Seats holding
an island alone won more often in those games (three players: 28.6% of 877 seats with none, 34.3%
of 1646 with one, 42.2% of 294 with two), and the terms foretold the winners of the last quarter
of the games better (log loss 1.052 against 1.121 for the model alone, each fitted on the first three
quarters). The hard player's seats then held 1.29 islands alone instead of 0.53 (30 three-player
Isles deals), but among heuristic players, seats starting by the model with the terms against
seats starting by it without them won 50.5% of 600 three-player Isles games (50% even): holding
an island alone goes with winning without making a seat win.

Blind to gold, too, until the model counted it: in the setups of 250 Isles games (150 three-player
and 100 four-player, seeds 40000 on, hard against as many normal seats) none of hard's 425 seats
started beside the gold field, where 76 of normal's did. Now a gold field's pips count, each as a
pip of the kind the seat yields least (`_count_gold`); in the same setups 105 of hard's seats
start beside it and 15 of normal's. Against the games kept before, seed for seed (bench/levels.py
--pairs hard:normal --options board=isles): 33 better for hard and 26 worse of 408 three-player
games, 32 and 22 of 200 four-player, hard ahead of normal in 65.0% (±4.6) and 69.0% (±6.4) of
them, where it was 63.2% and 64.0%. On Shores every start is on the home island, out of the gold's
reach, so its setups are move for move as before (all 404 seeds' setups compared) and its games
with them. At two players on Isles (no target there): 66.0% of 150 games (seeds 40000 on), 58.0%
before, 13 games better and 1 worse.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from games.pioneers import ai as A
from games.pioneers import data as D
from games.pioneers import moves as M
from games.pioneers.value import shares
from games.pioneers.yields import gold_pips, production

if TYPE_CHECKING:
    from games.pioneers.game import PioneersGame

FEATURES = ("lumber", "brick", "wool", "grain", "ore", "root_pips", "kinds", "road_pair", "city_pair",
            "harbour_pips", "any_harbour", "reach")
# fitted by `bench/pioneers_openingfit.py` (see its docstring for the games)
WEIGHTS = (0.0341, 0.0438, 0.0629, 0.0813, 0.0440, 0.4921, -0.1041, 0.1253, 0.1413, 0.0989, 0.4826, 0.1026)
CANDIDATES = 10  # corners searched at a setup decision, the heuristic player's best first
_NO_CHANCE = random.Random(0)  # the heuristic player's placements draw nothing


def features(game: PioneersGame, seat: int) -> list[float]:
    """The seat's start as the model reads it, in the order of FEATURES."""
    pips = production(game, seat)
    if game.LAYOUT:
        _count_gold(game, seat, pips)
    harbour_pips = 0.0
    any_harbour = 0.0
    for node in range(game.NODE_COUNT):
        if game.node_owner[node] == seat and node in game.HARBOUR_NODES:
            kind = game.harbours[game.HARBOUR_NODES[node]]
            if kind == "any":
                any_harbour = 1.0
            else:
                harbour_pips += pips[D.RES_INDEX[kind]]
    return [
        *pips,
        sum(math.sqrt(p) for p in pips),
        float(sum(1 for p in pips if p)),
        min(pips[D.LUMBER], pips[D.BRICK]),
        min(pips[D.GRAIN], pips[D.ORE]),
        harbour_pips,
        any_harbour,
        float(min(reach(game, seat), 6)),
    ]


def _count_gold(game: PioneersGame, seat: int, pips: list[float]) -> None:
    """Add the pips of the gold fields beside the seat's buildings to `pips`, each to the kind
    the seat yields least (DESIGNED: the owner picks its card when the number rolls, and the
    kind a start lacks most is the card it would pick). The weights were fitted on the island,
    which has no gold, so they know the five kinds only."""
    for _ in range(gold_pips(game, seat)):
        pips[pips.index(min(pips))] += 1


def reach(game: PioneersGame, seat: int) -> int:
    """Free corners a settlement could take after one or two more roads from the seat's network."""
    owner = game.node_owner
    edges = game.edge_owner
    start = {node for node in range(game.NODE_COUNT) if owner[node] == seat}
    for edge in range(len(edges)):
        if edges[edge] == seat:
            start.update(game.EDGE_NODES[edge])
    seen = set(start)
    frontier = set(start)
    found = set()
    for _ in range(2):
        step = set()
        for node in frontier:
            if owner[node] not in (-1, seat):
                continue  # another's building blocks the way on
            for edge in game.NODE_EDGES[node]:
                if edges[edge] in (-1, seat):
                    for other in game.EDGE_NODES[edge]:
                        if other not in seen:
                            seen.add(other)
                            step.add(other)
        for node in step:
            if game._free_spot(node):
                found.add(node)
        frontier = step
    return len(found)


def strength(game: PioneersGame, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    return sum(w * x for w, x in zip(weights, features(game, seat), strict=True))


def share(game: PioneersGame, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The model's chance for `seat` among every seat, as the board stands."""
    return shares([strength(game, other, weights) for other in range(game.n)])[seat]


def settlement(game: PioneersGame, seat: int, moves: list[str], weights: tuple[float, ...] = WEIGHTS) -> str:
    """The starting settlement of `seat` among `moves` that leaves it best placed once every seat
    has placed its own."""
    owned = production(game, seat)
    ranked = sorted(moves, key=lambda m: -A.node_score(game, seat, game.notation.parse(m).node, owned))[:CANDIDATES]
    best, best_value = ranked[0], -1.0
    for move in ranked:
        world = type(game).load(game.dump())
        world.play(seat, move)
        _finish_setup(world, seat, weights)
        value = share(world, seat, weights)
        if value > best_value:
            best, best_value = move, value
    return best


def _finish_setup(world: PioneersGame, seat: int, weights: tuple[float, ...]) -> None:
    """The rest of the setup: the seat's own later corner by the model's judgement of the seat
    alone, every road and every other seat's corner as the heuristic player places them."""
    while world.phase == "setup":
        who = world.to_act()[0]
        moves = world.legal_moves(who)
        if who == seat and isinstance(world.notation.parse(moves[0]), M.Settlement):
            move = max(moves, key=lambda m: _placed_strength(world, seat, m, weights))
        else:
            move = A.choose(world, who, _NO_CHANCE)
        world.play(who, move)


def _placed_strength(world: PioneersGame, seat: int, move: str, weights: tuple[float, ...]) -> float:
    node = world.notation.parse(move).node
    world.node_owner[node] = seat
    world.node_level[node] = 1
    try:
        return strength(world, seat, weights)
    finally:
        world.node_owner[node] = -1
        world.node_level[node] = 0

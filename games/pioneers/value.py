"""How likely a seat is to win a game of Pioneer's Isle from where it stands.

A seat's strength is a weighted sum of its figures (points, production, hand, cards, roads, room
to build), and its chance is its share of exp(strength) over all seats: between two seats, the
logistic model of their differences that the weights were fitted as. The weights were fitted on
positions at the start of turns, labelled by who went on to win, in 1000 two-player games (seeds
600000 to 600999) where one seat was the heuristic player and the other an earlier hard player:
the search of games/pioneers/search.py without the next player's rolls, judged by weights fitted
on games between heuristic players alone. Fitted on the hard player's own games, a long road
stops looking like a sign of winning by itself (in games between heuristic players only the
player ahead builds long roads), and a search guided by it no longer builds roads for their
own sake.

`bench/pioneers_valuefit.py` fits the same model over every seat at once (a conditional
logit) on games of 2, 3 and 4 players with normal and hard seats mixed. On 1200 such games the
weights moved little, the fit on held-out games improved by under 1% of log loss at each player
count, but the hard player judging by them was weaker (on the same seeds, before new tables
drew hashed dice): against as many normal seats it won 60.0% of 200 two-player games (66.5%
with these), 55.5% of three-player (63.0%) and 62.5% of four-player games (63.5%), and 86.5%
against catanatron's value bot (87.0%). Who goes on to win, among players of mixed levels, is
not what a search needs its judgement to tell apart; so these stay. The script now fits a term
for who plays each seat beside the figures (and keeps only the figures), so that the hard
player's skill is not credited to its habits; on 1200 games (seeds 700000 on) the held-out fit
stayed within 1% of these weights' at every count, long roads weighed 0.134 (0.006 here), and the
hard player judging by them won 58.5%, 60.0% and 57.5% of 200 games at 4, 3 and 2 players against
as many normal seats (63.5%, 63.5% and 62.5% with these). Two other labels, on new tables'
dice, measured at 4 players against as many normal seats (63.5% with these): fitted on 600
games of 2, 3 and 4 players where every seat was the hard player (22169 positions), 59.5%;
fitted on the position after each candidate of the hard player's decisions (the turn finished
by the heuristic player), labelled by eight playouts of heuristic players to the end (34197
positions from 600 games; 1% better held-out log loss, long roads weighed 0.100), 56.0%.
Labels of heuristic play value long roads, and a search that follows them builds roads the hard
player does better without.
Fitted on games against catanatron's bots (`--add`, 300 four-player games against its value bot,
seeds 50000 on, and 150 against its alpha-beta bot, seeds 60000 on, two seats each: 14079
positions), long roads weighed 0.134 and points 0.456, but on the fifth of those games held out
the weights fitted predicted the winner worse than these (log loss 1.108 against 1.074): the
hard player's own skill, which the fit sets apart, explains most of who wins there, so these
stay.

What no fit here could learn is the race for the longest road: a long road is worth nothing by
itself, but one or two roads short of the title is a fair chance at 2 points, and the holder
with a rival that near stands to lose them. The heuristic players of the fitted games never
race for the title, so the fits saw no such race; catanatron's alpha-beta bot does, and held
the title at the end of 273 of 400 games against the hard player judging without it. So
road_race adds a designed term beside the fitted ones (ROAD_RACE).

The model is too cautious about the last points. At the start of every turn of 300 four-player
games between hard and normal seats (seeds 500000 on), a seat leading at 9 points went on to win
82% of the time where the model gave it 63%, leading at 8 67% (60%), and trailing at 8 18%
(28%); below 8 points it is close. A term for the last points (0.4 strength at 8 points and 1.2
at 9, fitted on those positions beside the model's own strength: log loss 1.079 against 1.091)
judged those games better but played no better (search.py has the figures), so it is not here.

At sea the fitted features see a line of ships only once it touches a free corner (`spots`):
a ship on its way to an island reads as two cards spent, and the hard player passed over most of
the heuristic player's ships. So on a sea layout a designed term (sea_reach, SEA_REACH) credits
the free corner of an island the seat has not built on that its ships could reach, by what a
settlement there would bring at the fitted weights, less for each ship still to build (search.py
has the figures). The island alone reads as before.

Only what the position holds is read, so in a world redrawn for a seat (`redraw_hidden`) it
sees no more than that seat may.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from games.pioneers import data as D

if TYPE_CHECKING:
    from games.pioneers.game import PioneersGame

FEATURES = ("points", "pips", "kinds", "city_pips", "road_pips", "cards", "excess_cards", "dev_cards",
            "knights", "road_length", "spots", "harbours")

WEIGHTS = (0.6309, 0.0282, 0.1155, 0.0651, 0.0175, 0.0569, 0.0401, 0.4136, -0.0211, 0.0058, 0.1656, 0.0560)
TO_MOVE = 0.1096  # the seat about to roll
# DESIGNED, not fitted: the race for the longest road's title (see road_race). The fits above
# cannot learn it, for the heuristic players of their games never race for the title; a seat one
# road from taking it gets about 0.6 points' worth of strength (a fair chance at 2 points), two
# roads away half that, and the holder loses as much while a rival is that near.
ROAD_RACE = 0.4
RACE_NEAR = {1: 1.0, 2: 0.5}  # roads still needed -> share of ROAD_RACE
# DESIGNED, sea layouts only (see sea_reach): a free corner across the water counts for this share
# of what a settlement there would bring (its point, its discovery points, its pips at the fitted
# weights), faded by SEA_FADE for each ship still to build on the way; none past SEA_FAR ships
SEA_REACH = 0.5
SEA_FADE = 0.7
SEA_FAR = 6


def road_race(game: PioneersGame, seat: int) -> float:
    """The longest road's title within the seat's reach (1 or 0.5 for one or two roads short of
    taking it) or, for its holder, within a rival's (-1 or -0.5); 0 otherwise."""
    lengths = game.road_len
    rival = max(length for other, length in enumerate(lengths) if other != seat)
    if game.road_holder == seat:
        return -RACE_NEAR.get(lengths[seat] + 1 - rival, 0.0)
    if game.pieces[seat][0] >= D.ROADS:
        return 0.0
    return RACE_NEAR.get(max(D.LONGEST_ROAD_MIN, rival + 1) - lengths[seat], 0.0)


def sea_reach(game: PioneersGame, seat: int) -> float:
    """On a sea layout, what the seat's ships have in reach: the best free corner on an island the
    seat has not built on, worth a settlement's point, the island's discovery points and the
    corner's pips (gold counted) at the fitted weights, faded by SEA_FADE for each ship still to
    build from the seat's coastal buildings or the ends of its ships to that corner. The fitted
    features credit a line of ships only once it touches a free corner (`spots`), so without this
    a ship on its way reads as two cards spent."""
    node_owner = game.node_owner
    if game.pieces[seat][1] >= D.SETTLEMENTS:
        return 0.0
    geometry = game.GEOMETRY
    sea, land, node_island = geometry.sea_edges, geometry.land_nodes_set, geometry.node_island
    roads, ships = game.edge_owner, game.ship_owner
    node_edges, edge_nodes = game.NODE_EDGES, game.EDGE_NODES
    built = {node_island[node] for node in range(game.NODE_COUNT) if node_owner[node] == seat}
    frontier = {node for node in range(game.NODE_COUNT)
                if node_owner[node] == seat and any(sea[edge] for edge in node_edges[node])}
    for edge, owner in enumerate(ships):
        if owner == seat:
            frontier.update(node for node in edge_nodes[edge] if node_owner[node] in (-1, seat))
    found = D.DISCOVERY_POINTS + 1.0
    ships_left = D.SHIPS - ships.count(seat)
    seen = set(frontier)
    best, fade = 0.0, 1.0
    for step in range(min(SEA_FAR, ships_left) + 1):
        for node in frontier:
            if node in land and node_owner[node] == -1 and node_island[node] not in built and game._free_spot(node):
                pips = sum(D.PIPS[game.numbers[hex_index]] for hex_index in game.NODE_HEXES[node]
                           if game.terrain[hex_index] < D.DESERT or game.terrain[hex_index] == D.GOLD)
                best = max(best, fade * (WEIGHTS[0] * found + WEIGHTS[1] * pips))
        if step == SEA_FAR or step == ships_left:
            break
        following = set()
        for node in frontier:
            if node_owner[node] in (-1, seat):
                for edge in node_edges[node]:
                    if sea[edge] and roads[edge] == -1 and ships[edge] == -1:
                        for other in edge_nodes[edge]:
                            if other not in seen:
                                seen.add(other)
                                following.add(other)
        frontier = following
        fade *= SEA_FADE
    return best


def features(game: PioneersGame, seat: int) -> list[float]:
    """The seat's own figures, in the order of FEATURES."""
    pips = [0.0] * 5
    node_owner = game.node_owner
    node_level = game.node_level
    terrain = game.terrain
    numbers = game.numbers
    robber = game.robber
    for node in range(game.NODE_COUNT):
        if node_owner[node] == seat:
            level = node_level[node]
            for hex_index in game.NODE_HEXES[node]:
                res = terrain[hex_index]
                if res < D.DESERT and hex_index != robber:
                    pips[res] += D.PIPS[numbers[hex_index]] * level
    cards = sum(game.hands[seat])
    return [
        float(game.total_points(seat)),
        sum(pips),
        float(sum(1 for p in pips if p)),
        min(pips[D.GRAIN], pips[D.ORE] * 2 / 3),
        min(pips[D.LUMBER], pips[D.BRICK]),
        float(min(cards, 7)),
        float(max(0, cards - 7)),
        float(sum(game.devs[seat]) - game.devs[seat][D.VICTORY]),
        float(game.knights[seat]),
        float(min(game.road_len[seat], 8)),
        float(min(len(game.settlement_spots(seat)), 3)) if game.pieces[seat][1] < D.SETTLEMENTS else 0.0,
        float(sum(1 for rate in game.rates[seat] if rate < 4)),
    ]


def score(mine: list[float], theirs: list[float], to_move: float) -> float:
    return sum(w * (a - b) for w, a, b in zip(WEIGHTS, mine, theirs, strict=True)) + TO_MOVE * to_move


def win_chance(game: PioneersGame, seat: int) -> float:
    """The model's chance that `seat` wins; 1 or 0 once the game is over. Each seat's strength is
    the weighted sum of its features, with TO_MOVE for the seat about to roll and the race for
    the longest road (road_race), and the chance is the seat's share of exp(strength) over all
    seats: with two seats the logistic model of the difference the weights were fitted as, and
    with more it weighs every rival, not only the strongest one."""
    if game.phase == "over":
        return 1.0 if game.winner == seat else 0.0
    strengths = [sum(w * x for w, x in zip(WEIGHTS, features(game, other), strict=True))
                 + (TO_MOVE if game.current == other else 0.0)
                 + ROAD_RACE * road_race(game, other)
                 + (SEA_REACH * sea_reach(game, other) if game.LAYOUT else 0.0) for other in range(game.n)]
    return shares(strengths)[seat]


def shares(strengths: list[float]) -> list[float]:
    """Each seat's share of exp(strength): the model's chance for each to win."""
    top = max(strengths)
    raised = [math.exp(max(-30.0, value - top)) for value in strengths]
    total = sum(raised)
    return [value / total for value in raised]

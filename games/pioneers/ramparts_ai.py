"""The heuristic player of Pioneer's Isle: Ramparts (the normal level; easy is it with lapses).

It reuses the island's heuristic (ai.py) for what Ramparts leaves as it was (corners' worth,
roads toward them, the robber's harm) and adds what Ramparts asks:
- its starting city goes where it earns commodities (forest, pasture, mountains count more);
- before a raid that would cost it a city it activates, builds and promotes knights, above all
  as the weakest defender; how near the raid is comes from the raiders' step and the event die's
  sail odds (3 of 6 faces) over the rolls until its next turn;
- it improves toward the level-3 powers and the metropolises, builds walls when its hand often
  passes the limit, chases the robber off its own hexes with an active knight;
- it plays a progress card where it leaves the seat better placed: each `play ...` is tried in a
  world redrawn for the seat (`redraw_hidden`: what it cannot see drawn afresh), judged by
  `strength` below, so no card's effect needs a rule of its own and no hidden card is looked at;
- it answers `give`, `take` and `discard` by what its hand is worth toward its next build.

Only public information and the seat's own cards are read; every choice is one of
`legal_moves(seat)`.

The easy level is this player with games/levels.py's lapses (a quarter of its moves drawn among
the first four listed). Normal's seats finished ahead of as many easy seats in 63.7% (±6.6) of
204 three-player games and 63.0% (±6.7) of 200 four-player games (bench/ramparts_levels.py,
seeds 70000-70033 and 80000-80049 declared before, whole seating blocks; the logs in
bench/results/ramparts-normal-easy-3.jsonl and -4.jsonl), with the 54 progress cards in play.

Before this player readied its knights for a raid (a first knight once the raiders near, a bank
trade for the grain of an activation or the cards of a knight), nearly every raid was lost
between heuristic seats: 71 cities pillaged in 84 raids over six three-player games (seeds
300-305, before the cards were built); after it, 40 in 72.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from games.base import IllegalMove, normalize
from games.pioneers import ai as A
from games.pioneers import data as D
from games.pioneers import moves as M
from games.pioneers import ramparts_data as RD
from games.pioneers.yields import production

if TYPE_CHECKING:
    from games.pioneers.ramparts import RampartsGame

NK = RD.KIND_COUNT
TRACKS = RD.TRACKS
# DESIGNED: a city's commodity counts this much more on a corner's worth in the setup (a city on
# forest, pasture or mountains earns a commodity beside the resource, the only way to improve)
COMMODITY_WEIGHT = 0.8
# DESIGNED: the chance of a raid before the seat's next turn above which it readies its knights
RAID_NEAR = 0.25
# DESIGNED: how many 7s out of how many rolls put a hand over its limit "often": a wall is built
# when the hand, at the seat's last turns, has passed the limit this share of the time
WALL_HAND = 2  # a wall is wanted when the hand holds at least the limit less this
SAIL_ODDS = 0.5  # three sail faces of six
# DESIGNED: what a pip of production (and of a city's commodity) adds to a seat's strength, in
# points: PIP_EARLY fading to nothing as the leader nears the target, plus PIP_LATE throughout. A
# flat 0.045 measured 58.3% for hard against normal in 60 three-player games, these 63.3% on the
# same seeds (0.2 early: 60.0%); within the noise, but no worse
PIP_EARLY = 0.12
PIP_LATE = 0.03
# DESIGNED: a progress card held, in points: less than a level (0.35), so a card is played
# wherever what it brings is worth more than a fifth of a point
CARD_HELD = 0.2
# DESIGNED: from this raiders' step on, a seat with a city and no knight builds one before its
# next build (without it, every seat with no knight ties as the weakest defender and loses a city)
FIRST_KNIGHT_STEP = 2


def _cost(base: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(base) + (0,) * (NK - len(base))


COST_ROAD = _cost(RD.COST_ROAD)
COST_SETTLEMENT = _cost(RD.COST_SETTLEMENT)
COST_CITY = _cost(RD.COST_CITY)
COST_KNIGHT = _cost(RD.COST_KNIGHT)
COST_WALL = _cost(RD.COST_WALL)
NONE = (0,) * NK


def improve_cost(game: RampartsGame, seat: int, track: int) -> tuple[int, ...]:
    level = game.levels[seat][track] + 1
    cost = [0] * NK
    cost[RD.TRACK_COMMODITY[track]] = level
    return tuple(cost)


def _missing(hand: list[int], cost: tuple[int, ...]) -> int:
    return sum(max(0, need - have) for have, need in zip(hand, cost, strict=True))


def hand_value(hand: list[int], cost: tuple[int, ...]) -> float:
    covered = sum(min(have, need) for have, need in zip(hand, cost, strict=True))
    kinds = sum(1 for have in hand if have)
    commodities = sum(hand[5:])
    return 3.0 * covered + 0.6 * sum(hand) + 0.3 * kinds + 0.3 * commodities


def goal(game: RampartsGame, seat: int) -> tuple[str, tuple[int, ...]]:
    """The build the seat works toward now, and its cost in the 8 kinds."""
    hand = game.hands[seat]
    pieces = game.pieces[seat]
    options: list[tuple[float, str, tuple[int, ...]]] = []
    ruins = any(game.node_owner[node] == seat for node in game.ruins)
    if (pieces[2] < D.CITIES and pieces[1] > 0) or ruins:
        options.append((_missing(hand, COST_CITY) - 0.8, "city", COST_CITY))
    if pieces[1] < D.SETTLEMENTS and game.settlement_spots(seat):
        options.append((_missing(hand, COST_SETTLEMENT) - 0.5, "settlement", COST_SETTLEMENT))
    if game.cities_of(seat):
        for track in range(3):
            if game.levels[seat][track] < RD.MAX_LEVEL:
                cost = improve_cost(game, seat, track)
                options.append((_missing(hand, cost) - 0.6, "improve", cost))
    if not options and pieces[0] < D.ROADS and game.road_spots(seat):
        options.append((_missing(hand, COST_ROAD), "road", COST_ROAD))
    if not options:
        return "none", NONE
    options.sort(key=lambda item: item[0])
    return options[0][1], options[0][2]


# -- the raid --------------------------------------------------------------------------------
def raid_chance(game: RampartsGame, seat: int) -> float:
    """The chance the raiders attack before the seat's next turn is over: at least the steps left
    among the rolls to come (the others' and its own next one), each a sail with odds 3/6."""
    left = RD.RAIDERS_STEPS - game.raiders
    rolls = game.n  # the others' rolls and the seat's own next one (or, before its roll, this one and theirs)
    if left <= 0:
        return 1.0
    if left > rolls:
        return 0.0
    return sum(math.comb(rolls, k) * SAIL_ODDS**rolls for k in range(left, rolls + 1))


def exposed_cities(game: RampartsGame, seat: int) -> list[int]:
    held = set(game.metropolis.values())
    return [node for node in game.cities_of(seat) if node not in held]


def raid_loses(game: RampartsGame, seat: int, extra: int = 0) -> bool:
    """Would a raid now cost the seat a city (with `extra` active strength of its own added)?"""
    if not exposed_cities(game, seat):
        return False
    if game.raiders_strength() <= game.defence() + extra:
        return False
    mine = game.active_strength(seat) + extra
    others = [game.active_strength(other) for other in range(game.n)
              if other != seat and exposed_cities(game, other)]
    return not others or mine <= min(others)


# -- the value of a position (the search's judgement and the cards' test) ---------------------
def strength(game: RampartsGame, seat: int) -> float:
    """A seat's standing in points' worth: its points, and what leads to more (production with
    commodities, levels and their powers, knights, cards in hand, a city at risk)."""
    points = game.total_points(seat)
    pips = production(game, seat)
    commodity = 0.0
    for node in game.cities_of(seat):
        for hex_index in game.NODE_HEXES[node]:
            res = game.terrain[hex_index]
            if res in RD.COMMODITY_OF and hex_index != game.robber:
                commodity += D.PIPS[game.numbers[hex_index]]
    kinds = sum(1 for p in pips if p)
    levels = game.levels[seat]
    level_worth = sum(0.35 * lv + (0.4 if lv >= RD.POWER_LEVEL else 0.0) for lv in levels)
    hand = game.hands[seat]
    cards = sum(hand)
    over = max(0, cards - game.hand_limit(seat))
    knights = sum(record[1] for node, record in game.knight_at.items() if record[0] == seat)
    active = game.active_strength(seat)
    risk = 0.0
    if exposed_cities(game, seat):
        chance = raid_chance(game, seat)
        if chance and raid_loses(game, seat):
            risk = 1.6 * chance
    _, cost = goal(game, seat)
    lead = max(game.total_points(s) for s in range(game.n)) / game.opts["target"]
    pip_worth = PIP_EARLY * max(0.0, 1.0 - lead) + PIP_LATE  # production counts while the game has long to run
    return (points + pip_worth * sum(pips) + pip_worth * commodity + 0.15 * kinds + level_worth
            + 0.08 * cards + 0.12 * sum(min(h, c) for h, c in zip(hand, cost, strict=True)) - 0.06 * over
            + 0.12 * knights + 0.1 * active + CARD_HELD * len(game.progress[seat]) - risk
            + 0.1 * len(game.settlement_spots(seat)) * (game.pieces[seat][1] < D.SETTLEMENTS))


def win_chance(game: RampartsGame, seat: int) -> float:
    outcome = game.outcome()
    if outcome is not None:
        best = min(outcome.ranks)
        winners = [s for s in range(game.n) if outcome.ranks[s] == best]
        return 1.0 / len(winners) if seat in winners else 0.0
    target = game.opts["target"]
    scale = [strength(game, s) * (1.0 + max(0, game.total_points(s) - target + 4) * 0.25) for s in range(game.n)]
    top = max(scale)
    weights = [math.exp(1.1 * (value - top)) for value in scale]
    return weights[seat] / sum(weights)


# -- the player ------------------------------------------------------------------------------
def choose(game: RampartsGame, seat: int, rng: random.Random) -> str:
    moves = game.legal_moves(seat)
    if not moves:
        raise ValueError("no legal move")
    if len(moves) == 1:
        return moves[0]
    if game.pending:
        return _pending_answer(game, seat, moves)
    phase = game.phase
    if phase == "discard" and seat in game.discards:
        return _best_kept(game, seat, moves)
    if seat != game.current or phase == "discard":
        return _answer_offer(game, seat, moves)
    if phase == "setup":
        return _setup(game, seat, moves)
    if phase == "roll":
        return _roll(game, seat, moves)
    if phase == "robber":
        return A._robber(game, seat, moves)
    if phase == "roads":
        return A._chosen(A._best_road(game, seat, moves), phase)
    return _main(game, seat, moves, rng)


def _parse(game: RampartsGame, move: str):  # noqa: ANN202 - a move of either notation
    return game.notation.parse(normalize(move))  # as the engine reads it: hex labels in lower case


def _setup(game: RampartsGame, seat: int, moves: list[str]) -> str:
    first = _parse(game, moves[0])
    if isinstance(first, (M.Settlement, M.City)):
        owned = production(game, seat)
        city = isinstance(first, M.City)

        def worth(move: str) -> float:
            node = _parse(game, move).node
            score = A.node_score(game, seat, node, owned)
            if city:
                score += COMMODITY_WEIGHT * sum(
                    D.PIPS[game.numbers[h]] for h in game.NODE_HEXES[node] if game.terrain[h] in RD.COMMODITY_OF)
            return score

        return max(moves, key=worth)
    return A._chosen(A._best_road(game, seat, moves), "setup road")  # verbatim: a programmer's fault


def _roll(game: RampartsGame, seat: int, moves: list[str]) -> str:
    gazes = [m for m in moves if m.startswith("play stargazer")]  # verbatim: notation
    if gazes:
        best = max(gazes, key=lambda m: _dice_worth(game, seat, m))
        if _dice_worth(game, seat, best) >= 2.0:
            return best
    plays = [m for m in moves if m.startswith("play ") and not m.startswith("play stargazer")]  # verbatim: notation
    if plays:
        card = _card_gain(game, seat, plays)
        if card is not None:
            return card
    return "roll"


def _dice_worth(game: RampartsGame, seat: int, move: str) -> float:
    """What fixed production dice bring the seat less a third of what they bring the others;
    a low red die lets more gates draw, which helps the seat with the highest level."""
    words = move.split()
    try:
        red, white = int(words[-2]), int(words[-1])
    except ValueError:
        return -1.0
    total = red + white
    if total == 7:
        return -1.0
    gains = [0.0] * game.n
    for node, owner in enumerate(game.node_owner):
        if owner == -1:
            continue
        for hex_index in game.NODE_HEXES[node]:
            if game.numbers[hex_index] == total and hex_index != game.robber and game.terrain[hex_index] < D.DESERT:
                gains[owner] += game.node_level[node]
    mine = max(game.levels[seat])
    others = max((max(game.levels[s]) for s in range(game.n) if s != seat), default=0)
    red_bias = 0.1 * (7 - red) if mine >= others and mine else 0.0
    return gains[seat] - sum(g for s, g in enumerate(gains) if s != seat) / 3 + red_bias


def _hand_after(hand: list[int], change: tuple[int, ...], sign: int) -> list[int]:
    return [have + sign * c for have, c in zip(hand, change, strict=False)] + hand[len(change):]


def _best_kept(game: RampartsGame, seat: int, moves: list[str]) -> str:
    """The discard (or gift) that leaves the hand worth most toward the next build."""
    _, cost = goal(game, seat)
    hand = game.hands[seat]

    def kept(move: str) -> float:
        value = _parse(game, move)
        cards = getattr(value, "cards", None)
        if cards is None:
            return 0.0
        left = _hand_after(hand, tuple(cards), -1)
        return hand_value(left, cost) + 0.5 * sum(min(x, y) for x, y in zip(left, COST_CITY, strict=True))

    return max(moves, key=kept)


def _pending_answer(game: RampartsGame, seat: int, moves: list[str]) -> str:
    gives = [m for m in moves if m.startswith(("give ", "discard "))]
    if gives and len(gives) == len(moves):
        return _best_kept(game, seat, moves)
    return _take(game, seat, moves)


# DESIGNED: the progress cards a taker prefers, best first (a point now, then cards that build)
TAKE_ORDER = ("hoist", "herbalist", "mason", "armourer", "muster", "informer", "festival", "hoarder",
              "tax collector", "causeway", "terraces", "deep shaft", "peddler", "levy", "broker",  # verbatim: keys
              "trade winds", "customs house", "stargazer", "turncoat", "plot", "firebrand", "envoy", "surveyor")  # verbatim: keys


def _take(game: RampartsGame, seat: int, moves: list[str]) -> str:
    _, cost = goal(game, seat)
    hand = game.hands[seat]

    def worth(move: str) -> float:
        value = _parse(game, move)
        card = getattr(value, "card", "")
        if card:
            return -TAKE_ORDER.index(card) if card in TAKE_ORDER else -len(TAKE_ORDER)
        cards = getattr(value, "cards", None)
        if cards:
            return hand_value(_hand_after(hand, tuple(cards), 1), cost)
        return -100.0

    return max(moves, key=worth)


def _answer_offer(game: RampartsGame, seat: int, moves: list[str]) -> str:
    """Accept an offer that brings the next build closer (unless its maker is near the target)."""
    _, cost = goal(game, seat)
    hand = game.hands[seat]
    before = hand_value(hand, cost)
    target = game.opts["target"]
    for offer in game.offers:
        number = offer["id"]
        accept, decline = f"accept {number}", f"decline {number}"
        if offer["answers"].get(seat) is not None:
            continue
        if accept in moves and game.visible_points(offer["by"]) < target - 2:
            after = [h + got - gave for h, got, gave in zip(hand, offer["give"], offer["get"], strict=True)]
            if hand_value(after, cost) > before + 0.5:
                return accept
        if decline in moves:
            return decline
    declines = [m for m in moves if m.startswith("decline")]
    return declines[0] if declines else moves[0]


# -- the main phase ----------------------------------------------------------------------------
def _main(game: RampartsGame, seat: int, moves: list[str], rng: random.Random) -> str:
    hand = game.hands[seat]
    owned = production(game, seat)
    by_word: dict[str, list[str]] = {}
    for move in moves:
        words = move.split()
        key = words[0] if words[0] not in ("move", "promote", "activate") else words[0]
        by_word.setdefault(key, []).append(move)
    if "take" in by_word:
        return _take(game, seat, by_word["take"])
    for move in by_word.get("confirm", []):
        return move
    defend = _defend(game, seat, by_word)
    if defend:
        return defend
    improve = _improve(game, seat, by_word.get("improve", []), metropolis_only=True)
    if improve:
        return improve
    if "city" in by_word:
        return max(by_word["city"], key=lambda m: A.node_score(game, seat, _parse(game, m).node, owned))
    if "settlement" in by_word:
        return max(by_word["settlement"], key=lambda m: A.node_score(game, seat, _parse(game, m).node, owned))
    improve = _improve(game, seat, by_word.get("improve", []), metropolis_only=False)
    if improve:
        return improve
    plays = by_word.get("play", [])
    if plays:
        card = _card_gain(game, seat, plays)
        if card is not None:
            return card
    chase = _chase(game, seat, by_word.get("chase", []))
    if chase:
        return chase
    wall = by_word.get("wall", [])
    if wall and _wall_wanted(game, seat):
        return wall[0]
    knight = _knight(game, seat, by_word)
    if knight:
        return knight
    kind, cost = goal(game, seat)
    roads = by_word.get("road", [])
    if roads and (kind in ("road", "none") or (game.pieces[seat][1] < D.SETTLEMENTS
                                                and not game.settlement_spots(seat))):
        best = A._best_road(game, seat, roads)
        if best:
            return best
    trade = _bank_trade(game, seat, cost, by_word.get("trade", []))
    if trade:
        return trade
    if roads and sum(hand) > game.hand_limit(seat) and game.pieces[seat][0] < D.ROADS:
        best = A._best_road(game, seat, roads)
        if best:
            return best
    return A._chosen("end" if "end" in moves else None, "no `end` in the main phase")  # verbatim: a programmer's fault


def _defend(game: RampartsGame, seat: int, by_word: dict[str, list[str]]) -> str | None:
    """Knights before a raid: activate, build, promote while the raid would cost a city (or, with
    the defence enough, while one more activation would make the seat the one shield holder)."""
    chance = raid_chance(game, seat)
    if chance < RAID_NEAR:
        return None
    activates = by_word.get("activate", [])
    promotes = [m for m in by_word.get("promote", []) if game.knight_at[_parse(game, m).node][2]]
    if raid_loses(game, seat):
        if activates:
            return max(activates, key=lambda m: game.knight_at[_parse(game, m).node][1])
        if promotes:
            return promotes[0]
        builds = by_word.get("knight", [])
        if builds:
            return _knight_spot(game, seat, builds)
        # a card short: a bank trade for the grain of an activation, or the wool and ore of a knight
        inactive = any(not record[2] for record in game.knight_at.values() if record[0] == seat)
        need = _cost((0, 0, 0, 1, 0)) if inactive else COST_KNIGHT
        if not inactive and (not game._free_knight(seat, 1) or not game.knight_spots(seat)):
            return None
        return _bank_trade(game, seat, need, by_word.get("trade", []), keep_goal=False)
    # a shield: the defence holds and the seat would be the strongest alone
    if activates and game.raiders_strength() <= game.defence() + 1:
        mine = game.active_strength(seat)
        best_other = max((game.active_strength(s) for s in range(game.n) if s != seat), default=0)
        for move in sorted(activates, key=lambda m: -game.knight_at[_parse(game, m).node][1]):
            gain = game.knight_at[_parse(game, move).node][1]
            if mine <= best_other < mine + gain and game.raiders_strength() <= game.defence() + gain:
                return move
    return None


def _knight_spot(game: RampartsGame, seat: int, builds: list[str]) -> str:
    """A knight where it blocks a rival's road toward a free corner or guards the seat's own."""
    def worth(move: str) -> float:
        node = _parse(game, move).node
        score = 0.0
        if game._free_spot(node):
            score += 1.0
        for edge in game.NODE_EDGES[node]:
            owner = game.edge_owner[edge]
            if owner not in (-1, seat):
                score += 0.5
        if game.raided and game.robber in game.NODE_HEXES[node]:
            score += 0.3
        return score

    return max(builds, key=worth)


def _knight(game: RampartsGame, seat: int, by_word: dict[str, list[str]]) -> str | None:
    """Knights as a standing force: a first one or two early, promoted with a Stronghold, and
    activated when grain is spare; a raid's near odds are _defend's."""
    hand = game.hands[seat]
    _, cost = goal(game, seat)
    mine = [record for record in game.knight_at.values() if record[0] == seat]
    spare_grain = hand[D.GRAIN] > cost[D.GRAIN]
    spare_knight = hand[D.WOOL] > cost[D.WOOL] and hand[D.ORE] > cost[D.ORE]
    if by_word.get("knight") and game.cities_of(seat) and (
            spare_knight and len(mine) < 2 or not mine and game.raiders >= FIRST_KNIGHT_STEP):
        return _knight_spot(game, seat, by_word["knight"])
    promotes = by_word.get("promote", [])
    if promotes and spare_knight and game.levels[seat][RD.COUNCIL] >= RD.POWER_LEVEL:
        return promotes[0]
    if by_word.get("activate") and spare_grain and sum(hand) > game.hand_limit(seat) - 2 and game.raiders >= 3:
        return by_word["activate"][0]
    return None


def _wall_wanted(game: RampartsGame, seat: int) -> bool:
    """A wall when the hand stands at or near the limit: it passes it often at such sizes."""
    hand = sum(game.hands[seat])
    _, cost = goal(game, seat)
    spare = game.hands[seat][D.BRICK] - 2 >= cost[D.BRICK] or hand >= game.hand_limit(seat) + 1
    return spare and hand - 2 >= game.hand_limit(seat) - WALL_HAND


def _improve(game: RampartsGame, seat: int, improves: list[str], metropolis_only: bool) -> str | None:
    """Toward the level-3 powers and the metropolises: the track with the most levels that still
    has a metropolis to win, council first for the Stronghold, lore for the Cistern."""
    if not improves:
        return None
    best, best_key = None, None
    for move in improves:
        value = _parse(game, move)
        track = value.track
        level = game.levels[seat][track] + 1
        takes = value.node is not None
        if metropolis_only and not takes:
            continue
        key = (takes, level == RD.POWER_LEVEL, level, (1, 2, 0)[track])
        if best_key is None or key > best_key:
            best, best_key = move, key
    if best is None:
        return None
    if metropolis_only:
        return best
    value = _parse(game, best)
    node = value.node
    if node is not None:
        return best
    # an improvement that costs the city the seat is saving for waits while a city is near
    kind, cost = goal(game, seat)
    if kind in ("city", "settlement") and _missing(game.hands[seat], cost) <= 1:
        spent = improve_cost(game, seat, value.track)
        if any(s and game.hands[seat][i] - s < cost[i] for i, s in enumerate(spent)):
            return None
    return best


def _chase(game: RampartsGame, seat: int, chases: list[str]) -> str | None:
    """Chase the robber off a hex where it takes from the seat, to where it harms the rivals most."""
    if not chases:
        return None
    robbed = any(game.node_owner[node] == seat for node in game.HEX_NODES[game.robber])
    if not robbed:
        return None
    best, best_score = None, None
    for move in chases:
        value = _parse(game, move)
        score = A._land_harm(game, seat, value.hex)
        if value.victim is not None:
            score += 2.0 + 0.3 * sum(game.hands[value.victim]) + game.visible_points(value.victim)
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best if best_score is not None and best_score > 0 else None


def _bank_trade(game: RampartsGame, seat: int, cost: tuple[int, ...], trades: list[str],
                keep_goal: bool = True) -> str | None:
    hand = game.hands[seat]
    needs = [max(0, need - have) for have, need in zip(hand, cost, strict=True)]
    if not any(needs) or not trades:
        return None
    best, best_key = None, None
    for move in trades:
        words = move.split()  # trade N give for 1 get
        rate, give, get = int(words[1]), RD.KIND_INDEX[words[2]], RD.KIND_INDEX[words[5]]
        if not needs[get] or hand[give] - rate < cost[give]:
            continue
        # a commodity is worth keeping for the next level unless plenty is held
        keep = 2 if give >= 5 and keep_goal else 0
        if hand[give] - rate < keep:
            continue
        key = (hand[give] - cost[give] - rate, -rate)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


# -- progress cards ----------------------------------------------------------------------------
# DESIGNED: a card is played where the world after it judges the seat at least this much better
# (in points' worth) than the world without it
CARD_GAIN = 0.05
CARD_SEED = 7919  # the redrawn world a card is judged in (fixed: the choice must not hang on luck)


CARD_OPTIONS = 3  # DESIGNED: the ways of playing one card tried (its first, middle and last listed)
_KEPT: dict[tuple, str | None] = {}  # the answer of _card_gain for a position it judged already
# set by the hard search while the heuristic player plays its playouts: there a seat's cards are
# judged once a turn (a card found worth playing is played while it is still listed), for the
# judgement of every card at every decision was two thirds of the search's time
LIGHT = [False]


def _spread(plays: list[str]) -> list[str]:
    """At most CARD_OPTIONS ways of playing each card: a card with many (the hexes of a Tax
    Collector, the pairs of a Surveyor) would cost a judgement each."""
    by_card: dict[str, list[str]] = {}
    for move in plays:
        by_card.setdefault(" ".join(move.split()[:3]), []).append(move)
    chosen = []
    for moves in by_card.values():
        if len(moves) <= CARD_OPTIONS:
            chosen += moves
        else:
            step = (len(moves) - 1) / (CARD_OPTIONS - 1)
            chosen += [moves[round(i * step)] for i in range(CARD_OPTIONS)]
    return chosen


def _card_gain(game: RampartsGame, seat: int, plays: list[str]) -> str | None:
    """The card play that leaves the seat best placed, judged in a world redrawn for the seat
    (what it cannot see drawn afresh): none when no play beats keeping the cards. A position
    judged already (the same turn, the seat's own cards and the board's counts) is answered as
    before, so a turn of several moves judges its cards once."""
    if LIGHT[0]:  # inside a search's playout: a seat's cards judged once a turn
        key: tuple = (game.turn, game.phase, seat, tuple(game.progress[seat]))
    else:
        key = (game.turn, game.phase, seat, tuple(game.hands[seat]), tuple(game.progress[seat]), game.robber,
               tuple(game.node_level), tuple(sorted(game.knight_at)), tuple(plays))
    if key in _KEPT and (_KEPT[key] is None or _KEPT[key] in plays):
        return _KEPT[key]
    if len(_KEPT) > 4096:
        _KEPT.clear()
    _KEPT[key] = found = _judge_cards(game, seat, _spread(plays))
    return found


def _judge_cards(game: RampartsGame, seat: int, plays: list[str]) -> str | None:
    world = game.redraw_hidden(seat, random.Random(CARD_SEED))
    base = _judge_after(world, seat)
    best, best_gain = None, CARD_GAIN
    for move in plays:
        copy = world.copy()
        try:
            copy.play(seat, move)
        except IllegalMove:  # a card the redrawn world cannot take
            continue
        _settle(copy, seat)
        gain = _judge_after(copy, seat) - base  # the card held is counted in strength: spent now
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _settle(world: RampartsGame, seat: int) -> None:
    """The answers a card asks (gifts, discards, a take owed) played by this player, so the card
    is judged by what it brings."""
    for _ in range(8):
        if not world.pending:
            owed = [m for m in world.legal_moves(seat) if m.startswith("take ")]
            if owed and world.current == seat:
                world.play(seat, _take(world, seat, owed))
                continue
            return
        who = sorted(world.pending)[0]
        moves = world.legal_moves(who)
        if not moves:
            return
        world.play(who, _pending_answer(world, who, moves) if len(moves) > 1 else moves[0])


def _judge_after(world: RampartsGame, seat: int) -> float:
    best_other = max((strength(world, s) for s in range(world.n) if s != seat), default=0.0)
    return strength(world, seat) - 0.3 * best_other

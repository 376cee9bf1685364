"""The hard player of Pioneer's Isle: Ramparts: the heuristic player's choice weighed against the
alternatives by where they leave the seat after the next roll, on the real rules.

At each decision with more than one sensible answer it lists candidates (the heuristic player's
move first; in the main phase the cities, settlements, improvements, knights built, promoted and
activated, a wall, chases, every progress card, the best roads, one bank trade for each kind the
next build lacks, and `end`; the robber's best hexes; the best discards; a Stargazer's best dice).
Each candidate is played in worlds redrawn for the seat (`RampartsGame.redraw_hidden`: the other
hands of the 8 kinds and their progress cards, each seat keeping its counts per deck, the decks'
order and the dice drawn afresh), so no hidden card is read. The heuristic player finishes the
turn for every seat; then the next roll is a chance node on the event die: one branch for the
sail faces (3 of 6: the raiders advance, and attack on their seventh step) and one for a gate
(3 of 6, its track drawn per world), each with the world's production dice, and the next player's
turn is played by the heuristic player in each. Each ending is judged by
`ramparts_ai.win_chance` and weighed by its branch's odds; the best candidate is played. All
candidates meet the same worlds and dice.

The amount of search is fixed (candidates, worlds, two branches), so the player is as strong on
a busy machine as on an idle one; the time budget only cuts it short as a safety net, and a
candidate not judged by then drops out. Inside the playouts the heuristic player judges a seat's
progress cards once a turn (ramparts_ai.LIGHT): judged at every decision they took two thirds
of the search's time.

Measured with bench/ramparts_levels.py on seeds declared before the runs, whole seating blocks
(every rotation, and at 3 players both ways of sharing the seats), budget 1.5 s, each table one
process on two cores shared with other work, the 54 progress cards in play:
hard's seats finished ahead of as many normal seats in 74.5% (±6.0) of 204 three-player games
(seeds 70000-70033) and 82.0% (±5.3) of 200 four-player games (seeds 80000-80049); hard took
15 ms a move at the median (p95 174 ms, at most 927 ms, 99.7% of 40203 moves under 0.5 s) and
22 ms at four players (p95 233 ms, at most 1065 ms, 99.1% of 50236 moves under 0.5 s), none
over 2 s. Logs: bench/results/ramparts-hard-normal-3.jsonl and -4.jsonl.
Tuning, before the cards were built, on the same 60 three-player games (seeds 200-209, each
figure ±12-14 points, so within the noise of one another): one world 58.3%, and judged at the
end of the seat's own turn without the next roll 51.7%; once the heuristic player readied its
knights, two worlds 58.3%, the whole round played to the seat's next turn 59.3% (54 games),
production weighed more early in the game (ramparts_ai.PIP_EARLY 0.12) 63.3% (0.2: 60.0%), and
with it three worlds 54.2% (48 games).
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from games.base import Rng
from games.pioneers import ai as A
from games.pioneers import ramparts_ai as RA
from games.pioneers import ramparts_data as RD
from games.pioneers.yields import production

if TYPE_CHECKING:
    from games.pioneers.ramparts import RampartsGame

WORLDS = 2  # redrawn worlds per decision
# DESIGNED: within ENDGAME_SHORT points of the target two worlds decide too much
ENDGAME_WORLDS = 4
ENDGAME_SHORT = 3
ROLLS = 1  # production rolls per world, each met by both branches of the event die
TOP_ROBBER = 4
TOP_DISCARD = 4
TOP_ROADS = 2
TOP_PLAYS = 6
TOP_CHASE = 2
DEFAULT_BUDGET = 1.5  # seconds; games/levels.py passes none when the bot plays
SAFETY = 0.6  # share of the budget after which no further candidate is judged
SAIL = 0  # index of a sail face in RD.EVENT_FACES
GATES = [index for index, face in enumerate(RD.EVENT_FACES) if face != "sail"]
SAIL_WEIGHT = sum(1 for face in RD.EVENT_FACES if face == "sail") / len(RD.EVENT_FACES)


class _Chance(Rng):
    """The world's generator with the next roll fixed: the production dice and the event face are
    taken from `preset` (the branch of the chance node), every other draw from the generator."""

    __slots__ = ("preset",)

    def __init__(self, seed: int, preset: list[tuple[int, int]]) -> None:
        super().__init__(seed, 0, True)
        self.preset = preset  # [(high, value)]: the next randint(0, high) answers value

    def randint(self, low: int, high: int) -> int:
        if self.preset and low == 0 and self.preset[0][0] == high:
            return self.preset.pop(0)[1]
        return super().randint(low, high)


def hard_move(game: RampartsGame, seat: int, rng: random.Random, budget: float | None = None) -> str:
    moves = game.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    normal = RA.choose(game, seat, rng)
    if game.phase == "setup" or game.pending or seat != game.current and game.phase != "discard":
        return normal
    options = candidates(game, seat, moves, normal)
    if len(options) == 1:
        return normal
    allowed = DEFAULT_BUDGET if budget is None else budget
    deadline = time.perf_counter() + SAFETY * allowed
    near = game.opts["target"] - ENDGAME_SHORT
    endgame = any(game.visible_points(s) >= near for s in range(game.n))
    totals = [0.0] * len(options)
    judged = len(options)
    RA.LIGHT[0] = True
    try:
        judged = _search(game, seat, rng, options, totals, endgame, deadline)
    finally:
        RA.LIGHT[0] = False
    best = max(range(judged), key=lambda i: totals[i])  # ties keep the heuristic move
    return options[best]


def _search(game: RampartsGame, seat: int, rng: random.Random, options: list[str], totals: list[float],
            endgame: bool, deadline: float) -> int:
    """Each candidate judged in the same worlds, its chances added to `totals`; how many were
    judged before the deadline."""
    judged = len(options)
    for run in range(ENDGAME_WORLDS if endgame else WORLDS):
        if run and time.perf_counter() > deadline:
            break
        seed = rng.getrandbits(52)
        world = game.redraw_hidden(seat, random.Random(seed)).dump()
        for index, move in enumerate(options[:judged]):
            if index and time.perf_counter() > deadline:
                judged = index
                break
            totals[index] += judge(type(game).load(world), seat, move, seed)
    return judged


def judge(world: RampartsGame, seat: int, move: str, seed: int) -> float:
    """Play `move`, let the heuristic player finish the turn, then the next player's turn once
    after a sail and once after a gate; the seat's chance to win, weighed by the two."""
    world.rng = Rng(seed, 0, True)
    turn = world.turn
    world.play(seat, move)
    rng = random.Random(seed)
    _finish_turn(world, turn, rng)
    if world.phase == "over":
        return RA.win_chance(world, seat)
    if world.phase != "roll":
        return RA.win_chance(world, seat)  # a turn not back at a roll (answers pending): judged here
    after = world.dump()
    dice = random.Random(seed + 1)
    total = 0.0
    for _ in range(ROLLS):
        roll = dice.randrange(36)
        gate = dice.choice(GATES)
        for weight, face in ((SAIL_WEIGHT, SAIL), (1 - SAIL_WEIGHT, gate)):
            branch = type(world).load(after)
            branch.rng = _Chance(seed + 2, [(35, roll), (5, face)])
            _finish_turn(branch, branch.turn, rng)
            total += weight * RA.win_chance(branch, seat) / ROLLS
    return total


def _finish_turn(world: RampartsGame, turn: int, rng: random.Random) -> None:
    for _ in range(400):
        if world.phase == "over" or world.turn != turn:
            return
        who = (world.awaited_answers() or world.to_act())[0]
        world.play(who, RA.choose(world, who, rng))


# -- candidates -----------------------------------------------------------------------------
def candidates(game: RampartsGame, seat: int, moves: list[str], normal: str) -> list[str]:
    phase = game.phase
    if phase == "discard" and seat in game.discards:
        _, cost = RA.goal(game, seat)
        hand = game.hands[seat]

        def kept(move: str) -> float:
            left = RA._hand_after(hand, tuple(RA._parse(game, move).cards), -1)
            return RA.hand_value(left, cost)

        found = sorted(moves, key=lambda m: -kept(m))[:TOP_DISCARD]
    elif phase == "roll":
        gazes = sorted((m for m in moves if m.startswith("play stargazer")),  # verbatim: notation
                       key=lambda m: -RA._dice_worth(game, seat, m))[:2]
        found = ["roll", *gazes]
    elif phase == "robber":
        scores = A.robber_scores(game, seat, moves)
        found = [moves[i] for i in sorted(range(len(moves)), key=lambda i: -scores[i])][:TOP_ROBBER]
    elif phase == "roads":
        owned = production(game, seat)
        found = sorted(moves, key=lambda m: -A.road_score(game, seat, m, owned))[:TOP_ROADS]
    elif phase == "main":
        found = _main_candidates(game, seat, moves)
    else:
        found = []
    options = [normal]
    for move in found:
        if move not in options and move in moves:
            options.append(move)
    return options


def _main_candidates(game: RampartsGame, seat: int, moves: list[str]) -> list[str]:
    if any(m.startswith("take ") for m in moves):
        return []
    owned = production(game, seat)
    by_word: dict[str, list[str]] = {}
    for move in moves:
        by_word.setdefault(move.split()[0], []).append(move)
    def parse(move: str):  # noqa: ANN202
        return RA._parse(game, move)
    found: list[str] = []
    for word in ("city", "settlement"):
        found += sorted(by_word.get(word, []), key=lambda m: -A.node_score(game, seat, parse(m).node, owned))[:2]
    found += by_word.get("improve", [])
    if by_word.get("knight"):
        found.append(RA._knight_spot(game, seat, by_word["knight"]))
    activates = by_word.get("activate", [])
    if activates:
        found.append(max(activates, key=lambda m: game.knight_at[parse(m).node][1]))
    found += by_word.get("promote", [])[:1]
    found += by_word.get("wall", [])[:1]
    chases = by_word.get("chase", [])
    if chases:
        harm = {m: A._land_harm(game, seat, parse(m).hex) for m in chases}
        found += sorted(chases, key=lambda m: -harm[m])[:TOP_CHASE]
    found += by_word.get("play", [])[:TOP_PLAYS]
    roads = by_word.get("road", [])
    if roads:
        found += sorted(roads, key=lambda m: -A.road_score(game, seat, m, owned))[:TOP_ROADS]
    # one bank trade for each kind the next build lacks, paid with the kind held most above its rate
    _, cost = RA.goal(game, seat)
    hand = game.hands[seat]
    best: dict[int, tuple[int, str]] = {}
    for move in by_word.get("trade", []):
        words = move.split()
        rate, give, get = int(words[1]), RD.KIND_INDEX[words[2]], RD.KIND_INDEX[words[5]]
        if hand[get] >= cost[get]:
            continue
        spare = hand[give] - rate - cost[give]
        if get not in best or spare > best[get][0]:
            best[get] = (spare, move)
    found += [move for _, move in best.values()]
    found.append("end")
    return found

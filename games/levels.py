"""Computer players of three strengths over any game of the protocol.

A game's players are its `ComputerPlayers` (`games/<key>/players.py`, handed to the class by the
package's `__init__` as `GAME.computer = COMPUTER`). `choose` asks the level's own player there
and supplies the generic one of this module for a level the game leaves out:

- `normal` is always the game's own: `ComputerPlayers.normal`, which `Game.ai_move` calls.
- `easy` (generic) is the normal player with lapses: a quarter of its moves are drawn at random
  among the first four legal moves (listed most useful first), which stays plausible but is
  weaker. The lapse is the level's design, not a way out of a choice the player cannot make.
- `hard` (generic) searches: it takes the normal player's move and the next few legal moves as
  candidates and, until its time budget is spent, draws a world of what the seat cannot see
  (`Game.redraw_hidden`), plays each candidate in a copy of that world (`load(dump())`) and lets
  the normal player go on at every seat for a round of turns, then judges the copy by the
  game's `estimate` (or its outcome, when it ended). All candidates meet the same worlds and
  dice, and a candidate replaces the normal move only when its average gain is clear of two
  standard errors over at least four worlds. A game without `redraw_hidden` gets the normal
  player at the hard level: searching the real state would see the dice to come.

Every game with more than one player brings its own `hard` (`games/<key>/search.py`), since a
search shaped to the game's turn beat the generic one by far. Those searches do a fixed amount
of work per move, so a busy machine does not weaken them; `budget` only caps the time.

Every level only ever answers one of `legal_moves(seat)`. Nothing here catches a player's error:
a player that cannot choose fails loudly rather than being replaced by a random move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from games.base import Game

LEVELS = ("easy", "normal", "hard")
NORMAL = "normal"
EASY_LAPSE = 0.25  # DESIGNED: how often the easy player lapses; tuned so normal still wins most games
EASY_TOP = 4  # a lapse picks among this many of the first legal moves
HARD_BUDGET = 1.5  # seconds a hard move may think in play (the issue allows 2 s)
HARD_CANDIDATES = 4
HARD_MIN_RUNS = 4  # fewer playouts than this tell nothing: the normal move stands
HARD_HORIZON = 12  # plies a playout goes on (about a round of turns) before the game's own estimate decides


def choose(game: Game, seat: int, level: str, rng: random.Random, budget: float | None = None) -> str:
    """The move of a computer seat of `level`. Works on copies; `game` is left as it was."""
    own = own_player(game, level)
    if own is not None:
        return own(game, seat, rng, budget) if level == "hard" else own(game, seat, rng)
    if level == "easy":
        return easy_move(game, seat, rng)
    if level == "hard":
        return hard_move(game, seat, rng, HARD_BUDGET if budget is None else budget)
    return game.ai_move(seat, rng)


def own_player(game: Game, level: str) -> Callable | None:
    """The game's own easy or hard player from its `ComputerPlayers`, if it has one."""
    if level == NORMAL:
        return None
    players = game.computer
    return getattr(players, level, None) if players is not None else None


def easy_move(game: Game, seat: int, rng: random.Random) -> str:
    moves = game.legal_moves(seat)
    if len(moves) > 1 and rng.random() < EASY_LAPSE:
        return rng.choice(moves[:EASY_TOP])
    return game.ai_move(seat, rng)


def standing(game: Game, seat: int) -> float:
    """How well `seat` stands: the final rank and score margin when over, else the game's
    estimate (`estimate(seat)`, larger is better) if it has one."""
    outcome = game.outcome()
    if outcome is not None:
        best_other = max((s for i, s in enumerate(outcome.scores) if i != seat), default=0.0)
        return 1000.0 * (game.players - outcome.ranks[seat]) + (outcome.scores[seat] - best_other)
    estimate: Callable[[int], float] | None = getattr(game, "estimate", None)
    return estimate(seat) if estimate is not None else 0.0


def hard_move(game: Game, seat: int, rng: random.Random, budget: float) -> str:
    normal = game.ai_move(seat, rng)
    redraw = getattr(game, "redraw_hidden", None)
    moves = game.legal_moves(seat)
    if redraw is None or len(moves) < 2:
        return normal
    candidates = [normal] + [m for m in moves if m != normal][: HARD_CANDIDATES - 1]
    deadline = time.perf_counter() + budget
    gains: dict[str, list[float]] = {m: [] for m in candidates[1:]}  # each candidate minus the normal move
    runs = 0
    while runs == 0 or time.perf_counter() < deadline:
        world = redraw(seat, random.Random(rng.random())).dump()  # what the seat cannot see, drawn afresh
        dice = rng.random()
        values = {}
        for move in candidates:  # every candidate faces the same redrawn world and the same dice
            copy = type(game).load(world)
            copy.play(seat, move)
            playout(copy, random.Random(dice), deadline + min(budget, 0.4))
            values[move] = standing(copy, seat)
        for move in gains:
            gains[move].append(values[move] - values[normal])
        runs += 1
    if runs < HARD_MIN_RUNS:
        return normal
    # leave the normal player's choice only for a move that did clearly better in the same worlds
    best, margin = normal, 0.0
    for move, diffs in gains.items():
        mean = sum(diffs) / runs
        spread = (sum((d - mean) ** 2 for d in diffs) / (runs - 1)) ** 0.5
        clear = mean - 2 * spread / runs**0.5
        if clear > margin:
            best, margin = move, clear
    return best


def playout(game: Game, rng: random.Random, hard_stop: float) -> None:
    """The normal player at every seat for a while (or to the end)."""
    for _ in range(HARD_HORIZON):
        acting = game.to_act()
        if not acting or time.perf_counter() > hard_stop:
            return
        who = acting[0]
        game.play(who, game.ai_move(who, rng))

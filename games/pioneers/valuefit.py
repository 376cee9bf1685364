"""Fit the weights of games/pioneers/value.py.

    .venv/bin/python -m games.pioneers.valuefit [--games 1200] [--players 2,3,4]
        [--levels normal,hard] [--workers 2]

Plays games from fixed seeds, the player count turning through `--players` from game to game and
the seats' levels through `--levels` from seat to seat (so every count meets every mix of
opponents), and takes the position at the start of every other turn, labelled by who went on to
win. Each seat's strength is the weighted sum of its features (value.py's FEATURES, and one for
the seat about to roll), and the model's chance that a seat wins is its share of exp(strength):
a conditional logit, fitted by Newton steps with a little ridge. With two seats it is the
logistic model of the seats' differences. Prints the weights to paste into value.py and the fit
on games held out (seeds of their own), for each player count.

Who plays a seat is a term of its own in the fit (one for each level after the first of
`--levels`) and is left out of the weights kept: a search judges positions, not players, and
without the term a figure that goes with the stronger player's habits (the hard player builds
fewer roads, say) would be credited with that player's wins.

The hard player in those games is the current one, judging by the weights in value.py: fitting
on its games and playing with the new weights is one step of an iteration that has converged
when the weights stop moving.
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

from games.levels import choose
from games.pioneers import value as V
from games.pioneers.game import PioneersGame

Position = tuple[list[list[float]], int]  # each seat's figures, and the seat that won


def positions(seed: int, players: int, levels: list[str], every: int = 2) -> list[Position]:
    game = PioneersGame.new(players, {}, seed)
    rng = random.Random(seed)
    seats = [levels[(seed + seat) % len(levels)] for seat in range(players)]
    rows = []
    turn = -1
    moves = 0
    while game.phase != "over" and moves < 5000:
        if game.phase == "roll" and game.turn != turn:
            turn = game.turn
            if turn % every == 0:
                rows.append([V.features(game, s) + [1.0 if game.current == s else 0.0]
                             + [1.0 if seats[s] == level else 0.0 for level in levels[1:]]
                             for s in range(players)])
        seat = game.to_act()[0]
        game.play(seat, choose(game, seat, seats[seat], rng))
        moves += 1
    if game.phase != "over":
        return []
    return [(row, game.winner) for row in rows]


def _job(args: tuple[int, int, list[str]]) -> list[Position]:
    return positions(*args)


def games(first: int, count: int, counts: list[int], levels: list[str], workers: int) -> list[Position]:
    jobs = [(first + n, counts[n % len(counts)], levels) for n in range(count)]
    with ProcessPoolExecutor(workers) as pool:
        return [row for rows in pool.map(_job, jobs, chunksize=4) for row in rows]


def chances(weights: list[float], seats: list[list[float]]) -> list[float]:
    return V.shares([sum(w * x for w, x in zip(weights, seat, strict=True)) for seat in seats])


def fit(data: list[Position], ridge: float = 1.0, steps: int = 8) -> list[float]:
    """The weights of most likelihood (with a ridge), by Newton steps."""
    size = len(data[0][0][0])
    weights = [0.0] * size
    for _ in range(steps):
        grad = [-ridge * w for w in weights]
        hess = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for seats, winner in data:
            p = chances(weights, seats)
            mean = [sum(p[s] * seats[s][i] for s in range(len(seats))) for i in range(size)]
            for i in range(size):
                grad[i] += seats[winner][i] - mean[i]
            for s, seat in enumerate(seats):
                centred = [x - m for x, m in zip(seat, mean, strict=True)]
                ps = p[s]
                for i in range(size):
                    ci = ps * centred[i]
                    row = hess[i]
                    for j in range(i, size):
                        row[j] += ci * centred[j]
        for i in range(size):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    size = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def log_loss(weights: list[float], data: list[Position]) -> tuple[float, float]:
    """(mean log loss of the winner's chance, share of positions where the winner was the favourite)."""
    loss = right = 0.0
    for seats, winner in data:
        p = chances(weights, seats)
        loss -= math.log(max(1e-9, p[winner]))
        right += p[winner] == max(p)
    return loss / len(data), right / len(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    counts = [int(n) for n in args.players.split(",")]
    levels = args.levels.split(",")
    train = games(700_000, args.games, counts, levels, args.workers)
    fitted = fit(train)
    size = len(V.FEATURES) + 1
    weights, skill = fitted[:size], fitted[size:]
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights[:-1]) + ")")
    print(f"TO_MOVE = {weights[-1]:.4f}")
    for name, w in zip((*V.FEATURES, "to_move"), weights, strict=True):
        print(f"  {name:>14}: {w:+.4f}")
    for level, w in zip(levels[1:], skill, strict=True):
        print(f"  a {level} seat's own strength beside a {levels[0]} seat's (fitted, not kept): {w:+.4f}")
    current = [*V.WEIGHTS, V.TO_MOVE]
    for players in counts:
        test = games(900_000, max(60, args.games // (3 * len(counts))), [players], levels, args.workers)
        test = [([seat[:size] for seat in seats], winner) for seats, winner in test]  # what a search sees
        for name, w in (("fitted", weights), ("current", current)):
            loss, right = log_loss(w, test)
            print(f"{players} players, held out, {name} weights: log loss {loss:.4f}, "
                  f"winner the favourite in {100 * right:.1f}% ({len(test)} positions)")


if __name__ == "__main__":
    main()

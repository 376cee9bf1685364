"""Fit the weights of games/pioneers/value.py.

    .venv/bin/python -m games.pioneers.valuefit [--games 2000] [--hard]

Plays 2-player games between heuristic players from fixed seeds, takes the position at the
start of every other turn, and fits a logistic model of "seat 1 goes on to win" on the
differences of the two seats' features (Newton steps, a little ridge). Prints the weights to
paste into value.py and the fit on 500 games held out. With `--hard` one seat of every game (the first
in even seeds, the second in odd) is the hard player, and the games start from seed 600000.
"""

from __future__ import annotations

import argparse
import math
import random

from games.pioneers import value as V
from games.pioneers.game import PioneersGame
from games.pioneers.search import hard_move


def positions(seed: int, every: int = 1, hard: bool = False) -> list[tuple[list[float], int]]:
    game = PioneersGame.new(2, {}, seed)
    rng = random.Random(seed)
    searching = seed % 2 if hard else -1
    rows = []
    turn = -1
    while game.phase != "over":
        if game.phase == "roll" and game.turn != turn:
            turn = game.turn
            a, b = V.features(game, 0), V.features(game, 1)
            rows.append([x - y for x, y in zip(a, b, strict=True)] + [1.0 if game.current == 0 else -1.0])
        seat = game.to_act()[0]
        game.play(seat, hard_move(game, seat, rng) if seat == searching else game.ai_move(seat, rng))
    won = 1 if game.winner == 0 else 0
    return [(row, won) for row in rows[::every]]


def fit(data: list[tuple[list[float], int]], ridge: float = 1.0, steps: int = 8) -> list[float]:
    size = len(data[0][0])
    weights = [0.0] * size
    for _ in range(steps):
        grad = [-ridge * w for w in weights]
        hess = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for row, label in data:
            z = sum(w * x for w, x in zip(weights, row, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            err = label - p
            var = p * (1 - p)
            for i in range(size):
                xi = row[i]
                grad[i] += err * xi
                hrow = hess[i]
                vx = var * xi
                for j in range(i, size):
                    hrow[j] += vx * row[j]
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


def log_loss(weights: list[float], data: list[tuple[list[float], int]]) -> tuple[float, float]:
    loss = right = 0.0
    for row, label in data:
        z = sum(w * x for w, x in zip(weights, row, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
        loss -= math.log(p if label else 1 - p)
        right += (p > 0.5) == bool(label)
    return loss / len(data), right / len(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--hard", action="store_true", help="games of the hard player against the heuristic one")
    args = parser.parse_args()
    if args.hard:
        train = [row for seed in range(args.games) for row in positions(600_000 + seed, hard=True)]
    else:
        train = [row for seed in range(args.games) for row in positions(500_000 + seed, every=2)]
    test = [row for seed in range(500) for row in positions(900_000 + seed)]
    weights = fit(train)
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights[:-1]) + ")")
    print(f"TO_MOVE = {weights[-1]:.4f}")
    for name, w in zip((*V.FEATURES, "to_move"), weights, strict=True):
        print(f"  {name:>14}: {w:+.4f}")
    for name, data in (("held-out", test), ("train", train)):
        loss, right = log_loss(weights, data)
        print(f"{name} log loss {loss:.4f}, right {right:.3f} ({len(data)} positions)")


if __name__ == "__main__":
    main()

"""Fit the weights of games/pioneers/value.py.

    .venv/bin/python bench/pioneers_valuefit.py [--games 1200] [--players 2,3,4]
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

`--add FILE` takes in positions of games against other programs as well: bench/pioneers_vs_catanatron.py
`--positions FILE` writes those of its games against catanatron's bots (a line of JSON a game:
each seat's figures at the start of every other turn, who played each seat, who won). Who played
a seat gets a term of its own there too, so "value" or "alphabeta" beside "normal" and "hard".
Every fifth of those games is held out, and the fit on them is printed beside the others.
`--games 0` fits on the added games alone.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.levels import choose  # noqa: E402
from games.pioneers import value as V  # noqa: E402
from games.pioneers.game import PioneersGame  # noqa: E402

Position = tuple[list[list[float]], int]  # each seat's figures, and the seat that won
Game = tuple[list[list[list[float]]], list[str], int]  # positions of one game, who played each seat, who won


def seat_figures(game: PioneersGame) -> list[list[float]]:
    """Each seat's figures as the fit takes them: value.py's features, then 1 for the seat about
    to roll."""
    return [V.features(game, s) + [1.0 if game.current == s else 0.0] for s in range(game.n)]


def played(seed: int, players: int, levels: list[str], every: int = 2) -> Game | None:
    """One game between our levels: each seat's figures (and whether it is about to roll) at the
    start of every `every`th turn, who played each seat, and who won; None if it hit the cap."""
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
                rows.append(seat_figures(game))
        seat = game.to_act()[0]
        game.play(seat, choose(game, seat, seats[seat], rng))
        moves += 1
    if game.phase != "over":
        return None
    return rows, seats, game.winner


def labelled(played_games: list[Game], who: list[str]) -> list[Position]:
    """The positions of `played_games`, each seat's figures followed by a term for each name of
    `who` after the first: 1 where that player sat there."""
    return [([seat + [1.0 if names[s] == name else 0.0 for name in who[1:]] for s, seat in enumerate(row)], winner)
            for row_list, names, winner in played_games for row in row_list]


def _job(args: tuple[int, int, list[str]]) -> Game | None:
    return played(*args)


def games(first: int, count: int, counts: list[int], levels: list[str], workers: int) -> list[Game]:
    jobs = [(first + n, counts[n % len(counts)], levels) for n in range(count)]
    if not jobs:
        return []
    with ProcessPoolExecutor(workers) as pool:
        return [one for one in pool.map(_job, jobs, chunksize=4) if one is not None]


def read_added(path: Path) -> list[Game]:
    """Games written by bench/pioneers_vs_catanatron.py --positions."""
    with path.open() as lines:
        return [(one["seats"], one["who"], one["winner"]) for one in map(json.loads, filter(str.strip, lines))]


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
    parser.add_argument("--add", type=Path, action="append", default=[],
                        help="positions of games against other programs (bench/pioneers_vs_catanatron.py --positions)")
    args = parser.parse_args()
    counts = [int(n) for n in args.players.split(",")]
    levels = args.levels.split(",")
    added = [one for path in args.add for one in read_added(path)]
    who = list(levels)
    for _, names, _ in added:
        who += sorted(set(names) - set(who))
    train_added = [one for n, one in enumerate(added) if n % 5 != 4]
    test_added = [one for n, one in enumerate(added) if n % 5 == 4]
    train = labelled(games(700_000, args.games, counts, levels, args.workers) + train_added, who)
    fitted = fit(train)
    size = len(V.FEATURES) + 1
    weights, skill = fitted[:size], fitted[size:]
    print(f"fitted on {len(train)} positions")
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights[:-1]) + ")")
    print(f"TO_MOVE = {weights[-1]:.4f}")
    for name, w in zip((*V.FEATURES, "to_move"), weights, strict=True):
        print(f"  {name:>14}: {w:+.4f}")
    for name, w in zip(who[1:], skill, strict=True):
        print(f"  a {name} seat's own strength beside a {who[0]} seat's (fitted, not kept): {w:+.4f}")
    current = [*V.WEIGHTS, V.TO_MOVE]
    tests = []
    if args.games:
        for players in counts:
            held = games(900_000, max(60, args.games // (3 * len(counts))), [players], levels, args.workers)
            tests.append((f"{players} players", held))
    if test_added:
        tests.append(("added games", test_added))
    for title, held in tests:
        test = [([seat[:size] for seat in seats], winner) for seats, winner in labelled(held, who)]  # what a search sees
        for name, w in (("fitted", weights), ("current", current)):
            loss, right = log_loss(w, test)
            print(f"{title}, held out, {name} weights: log loss {loss:.4f}, "
                  f"winner the favourite in {100 * right:.1f}% ({len(test)} positions)")


if __name__ == "__main__":
    main()

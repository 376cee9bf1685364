"""Fit the weights of games/pioneers/opening.py.

    .venv/bin/python bench/pioneers_openingfit.py [--games 20000] [--players 2,3,4] [--workers 2]

Plays games between heuristic players from fixed seeds, the player count turning through
`--players`. So that the fit sees many kinds of start, each starting settlement is the heuristic
player's own choice half the time and otherwise one drawn among its twelve best corners. Every
seat's start is read when the setup ends (opening.py's features, and a term for each place in
the order of play at each player count), labelled by who went on to win, and fitted as a
conditional logit over the seats (pioneers_valuefit.fit). Prints the weights to paste into opening.py
and, on games held out (seeds of their own), the log loss of the winner's chance with the fitted
weights, with opening.py's and with none (every seat alike).
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.pioneers_valuefit import fit, log_loss  # noqa: E402
from games.pioneers import ai as A  # noqa: E402
from games.pioneers import moves as M  # noqa: E402
from games.pioneers import opening as O  # noqa: E402
from games.pioneers.game import PioneersGame  # noqa: E402
from games.pioneers.yields import production  # noqa: E402

DRAWN = 0.5  # share of starting settlements drawn among the good corners
AMONG = 12
COUNTS = (2, 3, 4)

Start = tuple[list[list[float]], int]  # each seat's figures when the setup ends, and who won


def played(seed: int, players: int) -> Start | None:
    game = PioneersGame.new(players, {}, seed)
    rng = random.Random(seed)
    starts = None
    moves = 0
    while game.phase != "over" and moves < 5000:
        seat = (game.awaited_answers() or game.to_act())[0]
        legal = game.legal_moves(seat)
        if game.phase == "setup" and isinstance(M.parse(legal[0]), M.Settlement) and rng.random() < DRAWN:
            owned = production(game, seat)
            good = sorted(legal, key=lambda m: -A.node_score(game, seat, M.parse(m).node, owned))[:AMONG]
            move = rng.choice(good)
        else:
            move = game.ai_move(seat, rng)
        game.play(seat, move)
        moves += 1
        if starts is None and game.phase != "setup":
            starts = [O.features(game, s) + _order(players, s) for s in range(players)]
    if game.phase != "over":
        return None
    return starts, game.winner


def _order(players: int, seat: int) -> list[float]:
    """One term for each (player count, place in the order) after the first place."""
    return [1.0 if (players, seat) == (n, place) else 0.0 for n in COUNTS for place in range(1, n)]


def _job(args: tuple[int, int]) -> Start | None:
    return played(*args)


def starts(first: int, count: int, counts: list[int], workers: int) -> list[Start]:
    jobs = [(first + n, counts[n % len(counts)]) for n in range(count)]
    with ProcessPoolExecutor(workers) as pool:
        return [one for one in pool.map(_job, jobs, chunksize=64) if one is not None]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    counts = [int(n) for n in args.players.split(",")]
    train = starts(1_000_000, args.games, counts, args.workers)
    weights = fit(train, ridge=1.0, steps=10)
    size = len(O.FEATURES)
    print(f"fitted on {len(train)} games")
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights[:size]) + ")")
    for name, w in zip(O.FEATURES, weights, strict=False):
        print(f"  {name:>13}: {w:+.4f}")
    held = starts(2_000_000, max(1000, args.games // 4), counts, args.workers)
    extra = [0.0] * (len(weights) - size)
    for title, w in (("fitted", weights), ("opening.py", [*O.WEIGHTS, *weights[size:]]),
                     ("none", [0.0] * size + extra)):
        print(f"held out ({len(held)} games), {title} weights: log loss {log_loss(w, held)[0]:.4f}")


if __name__ == "__main__":
    main()

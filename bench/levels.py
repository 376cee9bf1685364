"""How the computer levels fare against each other, over many games with seats rotated.

    .venv/bin/python bench/levels.py GAME [--players 2] [--games 200] [--budget 0.05]
        [--pairs hard:normal,normal:easy,easy:random] [--workers 2] [--options "board=shores"]

Each pairing plays `games` games from different seeds. With 2 players the first level sits first
in half of them. With more, each level takes half the seats (with an odd count, one level takes
the larger half in every other block of games, so each side averages half the seats), and the
seating turns by one seat from game to game. "Ahead" is the share of games the first level's
seats won: a shared first place counts by the share of the winners that were its seats. So 50 %
is what two equal levels would score; the 95 % interval is printed beside it. `random` picks uniformly among the legal moves. Answers owed to
an open offer are played before the seat in turn goes on, as the bot plays computer seats. A game that has not ended after
`--cap` moves is judged by the game's own estimate of the standing (said in the output).
The hard player's thinking time per move is capped at `--budget` seconds here (2 s at most in
play); the time it actually took per move is printed beside the figure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.levels import choose, standing  # noqa: E402


def seating(players: int, first: str, second: str, seed: int) -> list[str]:
    """Each seat's level: `first` in half the seats (the larger half of an odd count in every other
    block of `players` games), turned by one seat from game to game."""
    firsts = players // 2 + (players % 2 if (seed // players) % 2 else 0)
    return [first if (seat - seed) % players < firsts else second for seat in range(players)]


def one_game(key: str, first: str, second: str, seed: int, budget: float, cap: int,
             players: int = 2, options: dict | None = None) -> tuple[float, bool, list[float]]:
    """(share of the game won by `first`'s seats: from 0 to 1, a shared win split; whether the game
    hit the cap; seconds of each hard move)."""
    cls = registry.get(key)
    game = cls.new(players, options or {}, seed)
    rng = random.Random(seed)
    levels = seating(players, first, second, seed)
    thinking: list[float] = []
    for _ in range(cap):
        acting = game.awaited_answers() or game.to_act()
        if not acting:
            break
        seat = acting[0]
        level = levels[seat]
        if level == "random":
            move = rng.choice(game.legal_moves(seat))
        else:
            start = time.perf_counter()
            move = choose(game, seat, level, rng, budget)
            if level == "hard":
                thinking.append(time.perf_counter() - start)
        game.play(seat, move)
    outcome = game.outcome()
    if outcome is None:  # judged by the game's estimate of each seat
        marks = [standing(game, seat) for seat in range(players)]
        winners = [seat for seat in range(players) if marks[seat] == max(marks)]
        capped = True
    else:
        winners = [seat for seat in range(players) if outcome.ranks[seat] == min(outcome.ranks)]
        capped = False
    return sum(levels[seat] == first for seat in winners) / len(winners), capped, thinking


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.05)
    parser.add_argument("--pairs", default="hard:normal,normal:easy,easy:random")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cap", type=int, default=3000)
    parser.add_argument("--options", default="", help="lobby options, as `name=value` words")
    args = parser.parse_args()
    for pair in args.pairs.split(","):
        first, second = pair.split(":")
        start = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as pool:
            options = dict(word.split("=", 1) for word in args.options.split())
            jobs = [pool.submit(one_game, args.game, first, second, 10_000 + n, args.budget, args.cap, args.players,
                                options)
                    for n in range(args.games)]
            results = [job.result() for job in jobs]
        ahead = sum(r for r, _, _ in results)
        capped = sum(1 for _, c, _ in results if c)
        thinking = sorted(t for _, _, times in results for t in times)
        hard = ""
        if thinking:
            median, p95 = thinking[len(thinking) // 2], thinking[int(0.95 * (len(thinking) - 1))]
            hard = (f"; hard thought {1000 * median:.0f} ms a move (median), p95 {1000 * p95:.0f} ms, "
                    f"max {1000 * thinking[-1]:.0f} ms, budget {args.budget} s")
        share = ahead / args.games
        interval = 196 * (share * (1 - share) / args.games) ** 0.5
        print(f"{args.game} {args.options}".strip() + f", {args.players} players: {first} ahead of {second} in {100 * share:.1f}% "
              f"(±{interval:.1f}) of {args.games} games "
              f"(seats rotated{hard}; {capped} judged at the {args.cap}-move cap; "
              f"{time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

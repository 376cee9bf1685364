"""How the computer levels fare against each other, over many games with seats rotated.

    .venv/bin/python bench/levels.py GAME [--players 2] [--games 200] [--budget 0.05]
        [--pairs hard:normal,normal:easy,easy:random] [--workers 2] [--options "board=shores"]
        [--first-seed 10000] [--log games.jsonl]
    .venv/bin/python bench/levels.py --summary games.jsonl

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

`--count pirate,robber` counts, per level, the moves that begin with each of those words (kept
in the log and shown by `--summary`), e.g. how often each level moves the pirate rather than the
robber. `--log` appends one line per finished game (its seed, share, hard's times) as it ends, so a run
cut short still tells what it played; `--summary` prints the figures of every pairing such logs
hold, with the count of games each rests on. At an odd count it also splits each figure by how
many seats the first level held (the larger half or the smaller), each beside its even share.
Short runs of a few seeds each (`--first-seed`), taken in turn for several tables into one log,
spread a limited time evenly over them.

bench/results/ keeps such logs for the player as it is (hard's times left out), so a later run
adds the next seeds to them rather than starting again; a change to the player starts a new log.
pioneers-sea-hard-normal.jsonl: Pioneer's Isle's sea layouts, hard against normal, budget 1.5 s,
one process a table on two cores, seeds 40000 on.
pioneers-sea-pirate-hard-normal.jsonl and pioneers-sea-pirate-normal-easy.jsonl: the same layouts
once every level moved the pirate where it pays and the win at sea was checked after every move,
with `--count pirate,robber`: hard against normal on seeds 40000-40049 of each table (the first
seeds of the log above, to compare game by game), budget 1.5 s, one process on two cores shared
with other work; normal against easy on seeds 50000-50059.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
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
             players: int = 2, options: dict | None = None,
             count: tuple[str, ...] = ()) -> tuple[float, bool, list[float], dict[str, dict[str, int]]]:
    """(share of the game won by `first`'s seats: from 0 to 1, a shared win split; whether the game
    hit the cap; seconds of each hard move; per level, how many of its moves began with each
    word of `count`)."""
    cls = registry.get(key)
    game = cls.new(players, options or {}, seed)
    rng = random.Random(seed)
    levels = seating(players, first, second, seed)
    thinking: list[float] = []
    counted: dict[str, dict[str, int]] = {level: dict.fromkeys(count, 0) for level in (first, second)}
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
        word = move.split(" ", 1)[0]
        if word in count:
            counted[level][word] += 1
        game.play(seat, move)
    outcome = game.outcome()
    if outcome is None:  # judged by the game's estimate of each seat
        marks = [standing(game, seat) for seat in range(players)]
        winners = [seat for seat in range(players) if marks[seat] == max(marks)]
        capped = True
    else:
        winners = [seat for seat in range(players) if outcome.ranks[seat] == min(outcome.ranks)]
        capped = False
    return sum(levels[seat] == first for seat in winners) / len(winners), capped, thinking, counted


def figure(label: str, first: str, second: str, shares: list[float], capped: int, thinking: list[float],
           budget: float, cap: int) -> str:
    """One pairing's line: the share ahead with its 95 % interval, and hard's time a move."""
    thinking = sorted(thinking)
    hard = ""
    if thinking:
        median, p95 = thinking[len(thinking) // 2], thinking[int(0.95 * (len(thinking) - 1))]
        hard = (f"; hard thought {1000 * median:.0f} ms a move (median), p95 {1000 * p95:.0f} ms, "
                f"max {1000 * thinking[-1]:.0f} ms, budget {budget} s")
    games = len(shares)
    share = sum(shares) / games
    interval = 196 * (share * (1 - share) / games) ** 0.5
    return (f"{label}: {first} ahead of {second} in {100 * share:.1f}% (±{interval:.1f}) of {games} games "
            f"(seats rotated{hard}; {capped} judged at the {cap}-move cap)")


def by_seats(players: int, first: str, second: str, rows: list[dict]) -> list[tuple[int, int, float]]:
    """At an odd count the first level holds more seats in some games than in others: (seats it
    held, games, share it won) for each, so a lead that only shows with the larger half is seen."""
    groups: dict[int, list[float]] = defaultdict(list)
    for row in rows:
        groups[seating(players, first, second, row["seed"]).count(first)].append(row["share"])
    return [(held, len(shares), sum(shares) / len(shares)) for held, shares in sorted(groups.items())]


def counts_text(counted: list[dict[str, dict[str, int]]]) -> str:
    """Each level's moves by their first word, over the games that counted them."""
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for game in counted:
        for level, words in game.items():
            for word, n in words.items():
                totals[level][word] += n
    return "; ".join(f"{level}: " + ", ".join(f"{word} {n}" for word, n in words.items())
                     for level, words in totals.items()) + f" (moves counted over {len(counted)} games)"


def summary(path: str) -> None:
    """The figures of every pairing a log holds."""
    tables: dict[tuple, list[dict]] = defaultdict(list)
    with open(path, encoding="utf-8") as log:
        for line in log:
            row = json.loads(line)
            tables[(row["game"], row["options"], row["players"], row["first"], row["second"])].append(row)
    for (game, options, players, first, second), rows in sorted(tables.items()):
        label = f"{game} {options}".strip() + f", {players} players"
        thinking = [t for row in rows for t in row["thinking"]]
        print(figure(label, first, second, [row["share"] for row in rows], sum(row["capped"] for row in rows),
                     thinking, rows[0]["budget"], rows[0]["cap"])
              + f"; seeds {min(row['seed'] for row in rows)}-{max(row['seed'] for row in rows)}")
        counted = [row["counted"] for row in rows if "counted" in row]
        if counted:
            print("  " + counts_text(counted))
        if players % 2:
            print("  " + "; ".join(f"with {held} of {players} seats {100 * share:.1f}% of {games} games "
                                   f"({100 * held / players:.0f}% would be even)"
                                   for held, games, share in by_seats(players, first, second, rows)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.05)
    parser.add_argument("--pairs", default="hard:normal,normal:easy,easy:random")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cap", type=int, default=3000)
    parser.add_argument("--options", default="", help="lobby options, as `name=value` words")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--log", help="append each finished game to this file (JSON lines)")
    parser.add_argument("--summary", help="print the figures of a log and stop")
    parser.add_argument("--count", default="", help="words: count each level's moves that begin with each")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if not args.game:
        parser.error("the game is needed unless --summary is given")
    options = dict(word.split("=", 1) for word in args.options.split())
    count = tuple(args.count.replace(",", " ").split())
    for pair in args.pairs.split(","):
        first, second = pair.split(":")
        start = time.perf_counter()
        results = []
        with ProcessPoolExecutor(args.workers) as pool:
            jobs = {pool.submit(one_game, args.game, first, second, seed, args.budget, args.cap, args.players,
                                options, count): seed
                    for seed in range(args.first_seed, args.first_seed + args.games)}
            for job in as_completed(jobs):
                result = job.result()
                results.append(result)
                if args.log:
                    share, capped, thinking, counted = result
                    row = {"game": args.game, "options": args.options, "players": args.players, "first": first,
                           "second": second, "seed": jobs[job], "share": share, "capped": capped,
                           "thinking": [round(t, 4) for t in thinking], "budget": args.budget, "cap": args.cap}
                    if count:
                        row["counted"] = counted
                    with open(args.log, "a", encoding="utf-8") as log:
                        log.write(json.dumps(row) + "\n")
        label = f"{args.game} {args.options}".strip() + f", {args.players} players"
        print(figure(label, first, second, [r[0] for r in results], sum(1 for r in results if r[1]),
                     [t for r in results for t in r[2]], args.budget, args.cap)
              + f"; {time.perf_counter() - start:.0f} s", flush=True)
        if count:
            print("  " + counts_text([r[3] for r in results]), flush=True)


if __name__ == "__main__":
    main()

"""How often a table calls its players back, and how many moves they must send: full games with
the normal computer choosing for every seat, as if each seat were a person, played through the
game engines with the same rules the table uses to play for an absent person (games/auto.py).

    .venv/bin/python bench/calls.py [--seeds 5] [--games pioneers,propeller,...]

Three ways to play each deal (the same seed for all three):
- `none`: every move is sent by its person;
- `forced`: the defaults: a move that is a seat's only one in public is played for it;
- `standing`: forced moves, and every seat's standing answers set (Pioneer's Isle: decline every
  offer and discard on a 7 by a priority of kinds; Propeller Islands: leave the bonus die unused;
  Grow Sky: side a of the room card; Archipels and Hawaiian Islands ask nothing out of turn).

A move a person sends: a move the table did not play for them. A call back: the table starts
waiting on a person it was not waiting on just before (a person waited on for several moves in a
row is called once). Medians over the seeds; nothing here asserts a figure.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import auto, registry  # noqa: E402

MODES = ("none", "forced", "standing")
PLAYERS = {"hawaii": 1}
# every seat's standing answers in the `standing` way of playing, per game
STANDING = {
    "pioneers": {"decline": "all", "discard": "wool grain brick lumber ore"},
    "propeller": {"bonus": "stop"},
    "growsky": {"side": "a"},
}
MOVE_LIMIT = 20_000  # a safety stop; no game comes near it


@dataclass
class Count:
    sent: int = 0  # moves persons sent
    played_for: int = 0  # moves the table played for them
    calls: int = 0


def waited(game) -> list[int]:
    """The seats the table waits on, answers to offers first (as the table service asks them)."""
    seats = list(game.awaited_answers())
    return seats + [s for s in game.to_act() if s not in seats]


def play(key: str, players: int, seed: int, mode: str) -> Count:
    cls = registry.get(key)
    game = cls.new(players, {}, seed)
    rules = getattr(cls, "auto", None) or auto.DEFAULT
    answers = STANDING.get(key, {}) if mode == "standing" else {}
    rng = random.Random(seed * 7919 + 1)
    count = Count()
    before: set[int] = set()
    for _ in range(MOVE_LIMIT):
        if game.is_over():
            break
        seats = waited(game)
        made = None
        if mode != "none":
            made = next(((s, m) for s in seats if answers and (m := rules.standing(game, s, answers))), None)
            if made is None:
                made = next(((s, m) for s in game.to_act() if (m := rules.forced(game, s))), None)
        if made is not None:
            game.play(*made)
            count.played_for += 1
            continue
        now = set(seats)
        count.calls += len(now - before)
        before = now
        seat = seats[0]
        game.play(seat, game.ai_move(seat, rng))
        count.sent += 1
    return count


def fall(base: float, new: float) -> str:
    """How much lower `new` is than `base` (a rise is negative)."""
    return f"{100 * (base - new) / base:.1f}%" if base else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--games", default=",".join(registry.available()))
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; medians over {args.seeds} seeds")
    print(f"{'game':10} {'seats':>5} {'mode':9} {'sent':>6} {'for them':>8} {'calls':>6} "
          f"{'sent fall':>9} {'calls fall':>10}")
    for key in args.games.split(","):
        players = PLAYERS.get(key, 4)
        medians = {}
        for mode in MODES:
            runs = [play(key, players, 1000 + seed, mode) for seed in range(args.seeds)]
            medians[mode] = Count(statistics.median(r.sent for r in runs),
                                  statistics.median(r.played_for for r in runs),
                                  statistics.median(r.calls for r in runs))
        base = medians["none"]
        for mode in MODES:
            c = medians[mode]
            print(f"{key:10} {players:>5} {mode:9} {c.sent:>6} {c.played_for:>8} {c.calls:>6} "
                  f"{fall(base.sent, c.sent):>9} {fall(base.calls, c.calls):>10}")


if __name__ == "__main__":
    main()

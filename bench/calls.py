"""How often a table calls its players back, and how many moves they must send: full games with
the normal computer choosing for every seat, as if each seat were a person, played through the
game engines with the same rules the table uses to play for an absent person (games/auto.py).

    .venv/bin/python bench/calls.py [--seeds 5] [--games pioneers,propeller,...]

Three ways to play each deal (the same seed for all three):
- `none`: every move is sent by its person;
- `forced`: the defaults: a move that is a seat's only one in public is played for it;
- `standing`: forced moves, and every seat's standing answers set (Pioneer's Isle: decline every
  offer and discard on a 7 by a priority of kinds; Propeller Islands: leave the bonus die unused;
  Grow Sky: side a of the room card; Archipels and Hawaiian Islands ask nothing out of turn);
- `orders`: as `standing`, and Pioneer's Isle's `roll:on` for every seat.

A move a person sends: a move the table did not play for them. A call back: the table starts
waiting on a person it was not waiting on just before (a person waited on for several moves in a
row is called once). Medians over the seeds; nothing here asserts a figure.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import auto, registry  # noqa: E402
from games.base import IllegalMove  # noqa: E402

MODES = ("none", "forced", "standing", "orders")
PLAYERS = {"hawaii": 1}
# every seat's standing answers in the `standing` way of playing, per game
STANDING = {
    "pioneers": {"decline": "all", "discard": "wool grain brick lumber ore"},
    "propeller": {"bonus": "stop"},
    "growsky": {"side": "a"},
}
# `orders`: the standing answers and Pioneer's Isle's `roll:on` (roll as the turn starts, whatever is held)
ORDERS = {**STANDING, "pioneers": {**STANDING["pioneers"], "roll": "on"}}
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


def position_rng(seed: int, game, seat: int) -> random.Random:
    """The computer's generator from the table's seed and what the seat sees (as the table service
    seeds it): a forced move played for a person draws nothing from it, so the three ways of
    playing a deal make the same choices wherever they reach the same position."""
    seen = json.dumps(game.view(seat), sort_keys=True, separators=(",", ":"))
    return random.Random(hashlib.sha256(f"{seed}:{seat}:{seen}".encode()).hexdigest())


def an_offer(game, seat: int, rng: random.Random) -> str | None:
    """A person's trade offer in Pioneer's Isle (the normal computer makes none): one card of the
    kind the seat holds most for one of a kind it lacks, once a turn, if the rules allow it now."""
    if game.key != "pioneers" or game.phase != "main" or seat != game.current or game.offers:
        return None
    hand = game.hands[seat]
    if not sum(hand):
        return None
    kinds = game.traded_goods
    give = max(range(5), key=lambda k: (hand[k], rng.random()))
    get = min((k for k in range(5) if k != give), key=lambda k: (hand[k], rng.random()))
    return f"offer 1 {kinds[give]} for 1 {kinds[get]}"


def play(key: str, players: int, seed: int, mode: str, offers: float = 0.0) -> Count:
    cls = registry.get(key)
    game = cls.new(players, {}, seed)
    rules = getattr(cls, "auto", None) or auto.DEFAULT
    answers = {"standing": STANDING, "orders": ORDERS}.get(mode, {}).get(key, {})
    count = Count()
    before: set[int] = set()
    turn_offered = None  # the seat and turn of the last offer, so a person offers at most once a turn
    for _ in range(MOVE_LIMIT):
        if game.is_over():
            break
        seats = waited(game)
        made = None
        if mode != "none":
            made = next(((s, m) for s in seats if answers and (m := rules.standing(game, s, answers))), None)
            if made is None:
                made = next(((s, m) for s in seats if (m := rules.forced(game, s))), None)
        if made is not None:
            game.play(*made)
            count.played_for += 1
            continue
        now = set(seats)
        count.calls += len(now - before)
        before = now
        seat = seats[0]
        rng = position_rng(seed, game, seat)
        move = None
        if offers and turn_offered != (seat, game.turn_mark()):
            move = an_offer(game, seat, rng)
            if move is not None:  # the chance is drawn once a turn, where an offer may be made
                turn_offered = (seat, game.turn_mark())
                move = move if rng.random() < offers else None
        if move is not None:
            try:
                game.play(seat, move)
            except IllegalMove:
                move = None
        if move is None:
            game.play(seat, game.ai_move(seat, rng))
        count.sent += 1
    return count


def fall(base: float, new: float) -> float:
    """How much lower `new` is than `base`, in percent (a rise is negative)."""
    return 100 * (base - new) / base if base else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--games", default=",".join(registry.available()))
    parser.add_argument("--offers", type=float, default=0.0,
                        help="Pioneer's Isle: the chance a person posts one trade offer in a turn (the computer posts none)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; medians over {args.seeds} seeds; offers {args.offers}")
    print(f"{'game':10} {'seats':>5} {'mode':9} {'sent':>6} {'for them':>8} {'calls':>6} "
          f"{'sent fall':>9} {'calls fall':>10}")
    for key in args.games.split(","):
        players = PLAYERS.get(key, 4)
        runs = {mode: [play(key, players, 1000 + seed, mode, args.offers) for seed in range(args.seeds)] for mode in MODES}
        for mode in MODES:
            # each seed's fall against the same deal played with nothing played for anyone, then the median
            sent = statistics.median(fall(b.sent, r.sent) for b, r in zip(runs["none"], runs[mode], strict=True))
            calls = statistics.median(fall(b.calls, r.calls) for b, r in zip(runs["none"], runs[mode], strict=True))
            med = [statistics.median(getattr(r, name) for r in runs[mode]) for name in ("sent", "played_for", "calls")]
            print(f"{key:10} {players:>5} {mode:9} {med[0]:>6} {med[1]:>8} {med[2]:>6} {sent:>8.1f}% {calls:>9.1f}%")

if __name__ == "__main__":
    main()

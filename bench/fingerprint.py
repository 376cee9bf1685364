"""A fingerprint of how every game plays, to compare the engine before and after a refactor.

    .venv/bin/python bench/fingerprint.py --out before.json [GAME ...] [--quick]
    .venv/bin/python bench/fingerprint.py --compare before.json [GAME ...]

Seeded games of every registered game, at each player count it takes and with a few of its
options, are played by random moves and by the computer at each level. At every step a digest
is taken of everything a refactor must leave as it was: the dump, the legal moves of every seat
in their order, the menus, the buttons and the public offers, the status, the private texts,
every seat's view (what the pictures are drawn from), the canonical text and the public words
of the move played, whether it could be taken back, an independent copy, the refusal of a few
garbled texts, and the computer's choice. The digests of one game's steps are kept in a list,
so a comparison names the first step that differs. The hard players are asked at a few
positions with a budget large enough that only their fixed amount of work decides (the
generic hard player of games/levels.py is cut by time, so games without their own are skipped).

Nothing here asserts a time: it is a record, compared whole.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import levels, registry  # noqa: E402
from games.base import Game, IllegalMove  # noqa: E402

NAMES = ["ann", "ben", "cleo", "dmitri"]
ODD = "④²٣"
HARD_BUDGET = 600.0  # seconds: never reached, so the hard players' fixed work decides
# options tried beside the defaults, by game
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "pioneers": [{"friendly_robber": "on", "board": "beginner"}, {"target": "6", "discard_limit": "5"}],
    "growsky": [{"advanced": "on"}, {"advanced": "on", "instant": "on"}],
    "hawaii": [{"difficulty": "easy"}, {"difficulty": "very_hard"}],
}
MODES = ("random", "normal", "easy")
# what `refusal` says of each garbled text, when the refusals are kept apart (`--refusals`)
REFUSALS: list[str] | None = None


def garbled(move: str, rng: random.Random) -> list[str]:
    words = move.split()
    out = ["", "xyzzy", move + " xyzzy", words[0] + " " + rng.choice(ODD), move.upper() + "  ",
           " ".join(words[:-1]), move.replace("1", "9", 1), move + "; " + move]
    out.append("".join(rng.choice(ODD) if c.isdigit() else c for c in move))
    return out


def refusal(game: Game, seat: int, text: str) -> str:
    """What `play` does with a text on a copy: the canonical text and the dump it leads to, or the reason."""
    trial = type(game).load(game.dump())
    try:
        canonical = trial.canonical(seat, text)
    except IllegalMove as error:
        canonical = f"canonical refused: {error}"
    try:
        trial.play(seat, text)
    except IllegalMove as error:
        said = f"{canonical} | refused: {error} | {trial.dump() == game.dump()}"
        if REFUSALS is None:
            return said
        REFUSALS.append(f"{game.key} {text!r} -> {said}")  # kept apart: only whether it was refused is digested
        return f"refused | {trial.dump() == game.dump()}"
    return f"{canonical} | played: {json.dumps(trial.dump())}"


def surfaces(game: Game, rng: random.Random) -> list[Any]:
    seats = range(game.players)
    out: list[Any] = [
        game.dump(), game.to_act(), game.awaited_answers(), game.status(NAMES[:game.players]),
        [(a.label, a.move, a.form, a.style, a.seats) for a in game.public_actions()],
        repr(game.turn_mark()), game.view(None),
    ]
    outcome = game.outcome()
    out.append(outcome.to_dict() if outcome else None)
    for seat in seats:
        out += [game.legal_moves(seat), game.move_groups(seat), game.quick_moves(seat),
                game.private_text(seat, NAMES[:game.players]), game.view(seat)]
        if outcome is not None:
            out += [game.score_breakdown(seat), game.score_when_stopped(seat)]
        estimate = getattr(game, "estimate", None)
        if estimate is not None and outcome is None:
            out.append(repr(estimate(seat)))
    copy = game.copy()
    out.append(copy.dump() == game.dump())
    acting = game.to_act()
    if acting:
        seat = acting[0]
        moves = game.legal_moves(seat)
        for text in garbled(rng.choice(moves), rng):
            out.append(refusal(game, seat, text))
        try:
            out.append(json.dumps(game.preview(seat, rng.choice(moves))))
        except IllegalMove as error:
            out.append(f"preview refused: {error}")
    return out


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, default=repr).encode()).hexdigest()[:16]


def play_one(cls: type[Game], players: int, options: dict[str, Any], seed: int, mode: str,
             hard_at: frozenset[int], limit: int) -> list[str]:
    """The digest of every step of one seeded game."""
    rng = random.Random(f"{cls.key}:{players}:{seed}:{mode}")
    game = cls.new(players, options, seed)
    steps = [digest([cls.rules_help(), surfaces(game, rng)])]
    for count in range(limit):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        moves = game.legal_moves(seat)
        if mode == "random":
            move = rng.choice(moves)
        else:
            move = levels.choose(game, seat, mode, random.Random(count))
        hard = None
        if count in hard_at and levels.own_player(game, "hard") is not None:
            hard = levels.choose(game, seat, "hard", random.Random(count), HARD_BUDGET)
        world = None
        redraw = getattr(game, "redraw_hidden", None)
        if redraw is not None and count % 7 == 3:
            world = redraw(seat, random.Random(count)).dump()
        before = game.copy()
        canonical = game.canonical(seat, move)
        game.play(seat, move)
        told = game.describe_move(seat, move, NAMES[:game.players])
        back = game.can_take_back(before, seat, move)
        steps.append(digest([seat, move, canonical, told, back, hard, world, surfaces(game, rng)]))
    return steps


def runs(cls: type[Game], quick: bool) -> list[tuple[str, int, dict[str, Any], int, str]]:
    found = []
    counts = sorted({cls.min_players, cls.max_players, min(cls.max_players, cls.min_players + 1)})
    for players in counts:
        for mode in MODES:
            for seed in ((1,) if quick else (1, 2) if mode == "random" else (3,)):
                found.append((f"{players}p {mode} seed {seed}", players, {}, seed, mode))
    for number, options in enumerate(OPTIONS.get(cls.key, [])):
        players = counts[-1]
        found.append((f"{players}p random {options}", players, options, 10 + number, "random"))
        if not quick:
            found.append((f"{players}p normal {options}", players, options, 20 + number, "normal"))
    return found


def fingerprint(keys: list[str], quick: bool, limit: int) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key in keys:
        cls = registry.get(key)
        start = time.perf_counter()
        for name, players, options, seed, mode in runs(cls, quick):
            hard_at = frozenset({5, 40}) if mode == "normal" and not options else frozenset()
            out[f"{key} {name}"] = play_one(cls, players, options, seed, mode, hard_at, limit)
        print(f"{key}: {sum(len(v) for k, v in out.items() if k.startswith(key + ' '))} steps "
              f"in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return out


def compare(before: dict[str, list[str]], after: dict[str, list[str]]) -> int:
    differ = 0
    for name, steps in after.items():
        old = before.get(name)
        if old is None:
            print(f"{name}: not in the recorded fingerprint")
            differ += 1
            continue
        first = next((i for i, (a, b) in enumerate(zip(old, steps, strict=False)) if a != b), None)
        if first is None and len(old) == len(steps):
            continue
        differ += 1
        where = first if first is not None else min(len(old), len(steps))
        print(f"{name}: differs from step {where} ({len(old)} steps recorded, {len(steps)} now)")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--out", help="write the fingerprint to this file")
    parser.add_argument("--compare", help="compare with a fingerprint written before")
    parser.add_argument("--quick", action="store_true", help="fewer games")
    parser.add_argument("--limit", type=int, default=3000, help="steps a game may take")
    parser.add_argument("--refusals", help="write the refusals' words to this file, and digest only that a text was refused")
    args = parser.parse_args()
    if args.refusals:
        global REFUSALS
        REFUSALS = []
    keys = args.games or sorted(registry.available())
    found = fingerprint(keys, args.quick, args.limit)
    total = digest(found)
    print(f"fingerprint {total}: {len(found)} games, {sum(len(v) for v in found.values())} steps")
    if args.out:
        Path(args.out).write_text(json.dumps(found))
    if args.refusals:
        Path(args.refusals).write_text("\n".join(REFUSALS or []) + "\n")
    if args.compare:
        recorded = json.loads(Path(args.compare).read_text())
        recorded = {k: v for k, v in recorded.items() if k.split(" ")[0] in keys}
        differ = compare(recorded, found)
        print("the same" if not differ else f"{differ} games differ")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

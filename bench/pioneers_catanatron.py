"""Random-playout speed of Pioneer's Isle beside catanatron's own random-player games.

    .venv/bin/python -m bench.pioneers_catanatron [games] [rounds] [board]

Both engines play 4-player games between uniformly random players: ours picks uniformly
among `legal_moves` of a seat in `to_act` (one chosen at random when several must act) and
plays the text (so move parsing is counted);
catanatron's `RandomPlayer` picks uniformly among its playable actions. The two run in
alternating rounds in one process, and within a round game by game in turn (one of ours
with offers, one without, one of catanatron's), so a busy machine slows both alike even when
its load changes during a round; both are timed in CPU time of this process
(`time.process_time`), which other work on a shared machine disturbs far less than wall time.

The headline is GAMES per second, the median of the rounds, and the ratio of ours to
catanatron's: moves per game differ between the engines, so moves per second alone would
flatter us. Ours is given twice: "without offers" leaves player offers (`offer`, `cancel`)
aside, the same kinds of action as catanatron's random players (who never trade with each
other) and the figure the ratio is taken from; "with offers" lets the random player spam
offers, which lengthens its games several times. catanatron is an optional, separately
installed benchmark dependency (`pip install catanatron`); without it only our figures print.

With a `board` (`shores` or `isles`) ours plays that sea layout, 4 players, to 14 points, while
catanatron plays its base game, for it has no sea mode: the two are then different games (ships,
the pirate, gold and longer games on our side), so only moves per second read side by side, and
the line says so; games per second are given but not compared.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.pioneers import GAME  # noqa: E402
from games.pioneers.game import OFFER_MOVES  # noqa: E402

# every player offer `legal_moves` lists (1 card for 1 card); while nobody has made an offer
# none is open, so no `cancel` is listed either
PLAYER_OFFERS = frozenset(move for moves in OFFER_MOVES for move in moves)


def ours(games: int, seed: int, offers: bool = True, rng: random.Random | None = None,
         board: str = "") -> tuple[int, float, int]:
    """(moves, seconds, unfinished) for `games` random 4-player games. Without `offers` the
    random player leaves player offers (`offer`, `cancel`) aside, so that it uses the same
    kinds of action as catanatron's (whose random players never trade with each other).
    `rng` picks the moves (by default one seeded with `seed`)."""
    rng = rng or random.Random(seed)
    moves = 0
    unfinished = 0
    start = time.process_time()
    for index in range(games):
        game = GAME.new(4, {"board": board} if board else {}, seed + index)
        count = 0
        while not game.is_over():
            seats = game.to_act()
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            moves_now = game.legal_moves(seat)
            if not offers and game.phase == "main":  # the only phase with offers when none was made
                moves_now = [m for m in moves_now if m not in PLAYER_OFFERS]
            game.play(seat, rng.choice(moves_now))
            count += 1
            if count >= 100_000:
                unfinished += 1
                break
        moves += count
    return moves, time.process_time() - start, unfinished


def theirs(games: int, seed: int) -> tuple[int, float, int] | None:
    """(actions, seconds, games without a winner) for catanatron, or None if it is missing."""
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    actions = 0
    unfinished = 0
    start = time.process_time()
    for index in range(games):
        game = Game([RandomPlayer(colour) for colour in colours], seed=seed + index)
        if game.play() is None:
            unfinished += 1
        records = getattr(game.state, "action_records", None) or game.state.actions
        actions += len(records)
    return actions, time.process_time() - start, unfinished


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    board = sys.argv[3] if len(sys.argv) > 3 else ""
    ours_rates: dict[str, list[float]] = {"offers": [], "plain": [], "theirs": []}  # moves (actions) a second
    offers_rates, plain_rates, their_rates = [], [], []
    for round_index in range(rounds):
        first = 1000 * round_index
        picks = {True: random.Random(first), False: random.Random(first)}  # one random player per kind
        sums: dict[str, list[float]] = {"offers": [0, 0.0, 0], "plain": [0, 0.0, 0], "theirs": [0, 0.0, 0]}
        installed = True
        for index in range(games):  # game by game in turn: a change of load falls on all three alike
            for offers, name in ((True, "offers"), (False, "plain")):
                sums[name] = [total + value for total, value in
                              zip(sums[name], ours(1, first + index, offers, picks[offers], board), strict=True)]
            result = theirs(1, first + index)
            if result is None:
                installed = False
            else:
                sums["theirs"] = [total + value for total, value in zip(sums["theirs"], result, strict=True)]
        name = f"Pioneer's Isle{' ' + board.capitalize() if board else ''}"
        moves, seconds, open_games = sums["offers"]
        offers_rates.append(games / seconds)
        ours_rates["offers"].append(moves / seconds)
        print(f"round {round_index + 1}: {name} with offers    {games / seconds:6.1f} games/s "
              f"({moves / games:.0f} moves a game, {moves / seconds:.0f} moves/s, {open_games} unfinished)")
        moves, seconds, open_games = sums["plain"]
        plain_rates.append(games / seconds)
        ours_rates["plain"].append(moves / seconds)
        print(f"round {round_index + 1}: {name} without offers {games / seconds:6.1f} games/s "
              f"({moves / games:.0f} moves a game, {moves / seconds:.0f} moves/s, {open_games} unfinished)")
        if not installed:
            continue
        actions, seconds, no_winner = sums["theirs"]
        their_rates.append(games / seconds)
        ours_rates["theirs"].append(actions / seconds)
        print(f"round {round_index + 1}: catanatron                    {games / seconds:6.1f} games/s "
              f"({actions / games:.0f} actions a game, {actions / seconds:.0f} actions/s, {no_winner} without a winner)")
    plain = statistics.median(plain_rates)
    with_offers = statistics.median(offers_rates)
    name = f"Pioneer's Isle{' ' + board.capitalize() if board else ''}"
    print(f"{name}: {plain:.1f} games/s without offers, {with_offers:.1f} with offers; "
          f"{statistics.median(ours_rates['plain']):.0f} moves/s without offers "
          f"(medians of {rounds} rounds of {games} games)")
    if not their_rates:
        print("catanatron is not installed: `pip install catanatron` to compare.")
        return
    theirs_median = statistics.median(their_rates)
    their_moves = statistics.median(ours_rates["theirs"])
    print(f"catanatron:     {theirs_median:.1f} games/s, {their_moves:.0f} actions/s")
    if board:  # different games: only the pace of single moves reads side by side
        print(f"ratio (moves/s, our {board} layout against their base game, which has no sea): "
              f"{statistics.median(ours_rates['plain']) / their_moves:.2f}x without offers; games/s not compared")
        return
    print(f"ratio (games/s): {plain / theirs_median:.2f}x without offers ({with_offers / theirs_median:.2f}x with offers)")


if __name__ == "__main__":
    main()

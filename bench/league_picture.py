"""CPU time and size of the league's results picture (render/league.py) and of a season's board.

    .venv/bin/python bench/league_picture.py [--repeat 9]

Three figures for the results picture, each the median of `--repeat` runs of CPU time
(time.process_time, drawing and PNG encoding together):
- first: the first picture drawn by a fresh process, fonts loaded and every cache empty (each run
  is its own process);
- new names: a process that has drawn before, for a league whose names it has never drawn (a
  season's end: the labels are cached, the names are not);
- again: the same picture once more (everything cached).
Names are long and in several scripts (accents, Cyrillic, CJK) on all twelve lines and both
panels, the heaviest the picture draws. Nothing here asserts a time or a size.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.leaderboard import BoardLine, draw_leaderboard  # noqa: E402
from render.league import ResultLine, draw_results  # noqa: E402

STEMS = ["Marguerite Delacroix", "李小龙", "Şükrü Çağlar", "Дмитрий Соколов", "Zoë Ærøskøbing", "Ben",
         "さくら", "Łukasz Żółć", "김민준", "Ελένη", "Fay Okonkwo-Hargreaves", "Gus"]


def league(salt: str) -> tuple[list[ResultLine], tuple[str, int], tuple[str, int, int]]:
    lines = [ResultLine(i + 1 if i != 2 else 2, f"{stem} {salt}", 14.5 - i * 1.17, 30 - i)
             for i, stem in enumerate(STEMS)]
    return lines, (f"{STEMS[3]} {salt}", 41), (f"{STEMS[7]} {salt}", 17, 4)


def results(salt: str) -> bytes:
    lines, most, climb = league(salt)
    return draw_results(f"Season 12 results · Archipels {salt}", "October to December 2026 · 38 ranked players",
                        lines, most, climb)


def cpu(work) -> tuple[float, bytes]:
    start = time.process_time()
    made = work()
    return time.process_time() - start, made


FIRST = """
import sys, time
sys.path.insert(0, {root!r})
start = time.process_time()
from bench.league_picture import results
imported = time.process_time()
made = results("first")
print(time.process_time() - imported, time.process_time() - start, len(made))
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()

    first = []
    for _ in range(args.repeat):
        out = subprocess.run([sys.executable, "-c", FIRST.format(root=str(ROOT))], capture_output=True, text=True,
                             check=True).stdout.split()
        first.append((float(out[0]), float(out[1])))

    results("warm")  # the labels and faces a running bot holds
    fresh = [cpu(lambda n=n: results(f"n{n}")) for n in range(args.repeat)]
    again = [cpu(lambda: results("warm"))[0] for _ in range(args.repeat)]

    board = [BoardLine(i + 1, f"{stem} s{i}", 9.5 - i * 0.83, 20 - i, 8 - i // 2, i == 4,
                       division="Division 1" if i < 6 else "Division 2") for i, stem in enumerate(STEMS[:10])]
    board += [BoardLine(0, "Provisional Pat", 2, 3, 1, provisional=True)]
    season = [cpu(lambda n=n: draw_leaderboard(f"Season 12 · Archipels {n}", "a season", board, None, "a note",
                                               points=True))[0] for n in range(args.repeat)]

    ms = lambda values: round(1000 * statistics.median(values), 1)  # noqa: E731
    figures = {
        "results_first_ms_cpu": ms([f[0] for f in first]),
        "results_first_with_imports_ms_cpu": ms([f[1] for f in first]),
        "results_new_names_ms_cpu": ms([f[0] for f in fresh]),
        "results_again_ms_cpu": ms(again),
        "results_bytes": max(len(f[1]) for f in fresh),
        "season_board_ms_cpu": ms(season),
        "repeat": args.repeat,
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

"""The fit of Pioneer's Isle's win-chance model (bench/pioneers_valuefit.py), on positions drawn
from a model whose weights are known."""

from __future__ import annotations

import json
import math
import random

from bench import pioneers_valuefit as valuefit


def drawn(count: int, seed: int) -> list[valuefit.Position]:
    """Positions of 2 to 4 seats: each seat holds a figure and says whether a stronger player sits
    there; that player's seats hold more of the figure, and the winner is drawn from shares of
    exp(0.5 * figure + 1.0 * stronger)."""
    rng = random.Random(seed)
    data = []
    for _ in range(count):
        seats = []
        for _ in range(rng.choice((2, 3, 4))):
            stronger = float(rng.random() < 0.5)
            seats.append([rng.gauss(stronger, 1.0), stronger])
        raised = [math.exp(0.5 * figure + 1.0 * stronger) for figure, stronger in seats]
        pick, winner = rng.random() * sum(raised), 0
        while pick > raised[winner]:
            pick -= raised[winner]
            winner += 1
        data.append((seats, winner))
    return data


def test_the_fit_finds_the_weights_the_positions_were_drawn_with():
    figure, stronger = valuefit.fit(drawn(6000, 1))
    assert abs(figure - 0.5) < 0.1 and abs(stronger - 1.0) < 0.15


def test_with_the_players_strength_left_out_the_figure_takes_its_wins():
    # why the fit keeps a term for who plays each seat: the stronger player holds more of the
    # figure, so without the term the figure is credited with that player's wins
    alone = valuefit.fit([([seat[:1] for seat in seats], winner) for seats, winner in drawn(6000, 1)])
    assert alone[0] > 0.62  # drawn with 0.5; with the term the fit finds it within 0.1


def test_the_held_out_loss_is_lower_with_the_weights_drawn_with():
    data = drawn(3000, 2)
    right, _ = valuefit.log_loss([0.5, 1.0], data)
    wrong, _ = valuefit.log_loss([-0.5, 0.0], data)
    assert right < wrong


def test_added_games_get_a_term_for_each_program_beside_our_levels(tmp_path):
    # two games in the form bench/pioneers_vs_catanatron.py --positions writes them
    path = tmp_path / "added.jsonl"
    rows = [[[float(seat), 1.0 if seat == 0 else 0.0] for seat in range(4)]]
    path.write_text("\n".join(json.dumps({"seats": rows, "who": who, "winner": winner})
                              for who, winner in ((["hard", "value", "hard", "value"], 1),
                                                  (["value", "hard", "value", "hard"], 3))) + "\n\n")
    added = valuefit.read_added(path)
    assert [winner for _, _, winner in added] == [1, 3]
    positions = valuefit.labelled(added, ["normal", "hard", "value"])
    # each seat: its figures, then 1 under the name that played it (normal, the first, has none)
    assert positions[0] == ([[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0], [2.0, 0.0, 1.0, 0.0], [3.0, 0.0, 0.0, 1.0]], 1)
    assert positions[1][0][0][2:] == [0.0, 1.0] and positions[1][1] == 3

"""Propeller Islands words at the table: each step told with what it cost and gave, steps sent
together told one by one, a closing `stop` that has become pointless accepted, every die value
on a button."""

from __future__ import annotations

import re

from bot.core.turn_buttons import turn_buttons
from games.base import IllegalMove
from games.propeller import data as D
from tests.games.test_propeller_helpers import NAMES, build, find_tile, set_forge, started

FACTORY_ON_5 = find_tile(10, number=5)
FOUNDRY_ON_3 = find_tile(7, number=3)


def susan_on_a_5():
    game = started(2, 8)
    build(game, 0, [(FACTORY_ON_5, 0, -1, 1), (FOUNDRY_ON_3, 1, -1, 1)])
    game.res[0] = [0, 0, 0]
    set_forge(game, [5, 1, 2, 2, 4])
    return game


def test_an_activation_names_the_building_and_what_it_cost_and_gave():
    game = susan_on_a_5()
    game.play(0, "die 5")
    game.play(0, "run t0 goods")
    game.play(0, "run t1")
    assert game.describe_move(0, "run t1", NAMES).startswith(
        "Susan: `run t1` — activated t1 Factory: paid 1 steel, +2 parts")


def test_the_rules_example_with_a_closing_stop_plays_when_the_activation_ended_by_itself():
    game = susan_on_a_5()
    typed = "die 5; run t0 goods; run t1; stop"  # after t1 nothing is left: the activation closed itself
    assert game.canonical(0, typed) == "die 5; run t0 goods; run t1"
    game.play(0, typed)
    assert game.step == "blueprint" and game.res[0] == [1, 0, 2]
    assert game.last["move"] == "die 5; run t0 goods; run t1"
    line = game.describe_move(0, game.last["move"], NAMES)
    assert line.startswith("Susan: `die 5`; `run t0 goods` (activated t0 Capitol: +1 energy, +1 steel); "
                           "`run t1` (activated t1 Factory: paid 1 steel, +2 parts)")


def test_a_pointless_stop_before_the_last_step_is_still_refused():
    game = susan_on_a_5()
    before = game.dump()
    try:
        game.play(0, "die 5; stop; stop; pass")  # only the closing step may have become pointless
    except Exception as error:  # noqa: BLE001 - the reason is checked below
        assert "Step 3" in str(error)
    else:
        raise AssertionError("a second stop was accepted")
    assert game.dump() == before


def test_the_die_buttons_show_every_distinct_value():
    game = started(3, 8)
    set_forge(game, [2, 2, 3, 4, 5, 6, 6])
    seat = game.to_act()[0]
    assert [m for m in game.quick_moves(seat) if m.startswith("die ")] == [f"die {v}" for v in (2, 3, 4, 5, 6)]
    labels = [b.label for b in turn_buttons(game, 1, 1, NAMES)]
    assert {"die 2", "die 3", "die 4", "die 5", "die 6"} <= set(labels)


def test_every_die_value_keeps_its_button_beside_jacques_rerolls():
    game = started(4, 3, chars=("jacques", "nelson", "amelia", "marie"))
    seat = game.current
    game.fame[seat] = D.TRUMPETS[0]  # Jacques's re-roll, from the first trumpet
    set_forge(game, [2, 3, 5, 6, 6])
    game._legal = None
    assert "die 2 reroll" in game.legal_moves(seat)
    assert {"die 2", "die 3", "die 5", "die 6"} <= set(game.quick_moves(seat))


def refusal(game, seat: int, move: str) -> str:
    before = game.dump()
    try:
        game.play(seat, move)
    except IllegalMove as error:
        assert game.dump() == before
        return str(error)
    raise AssertionError(f"{move} was accepted")


def examples_in(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def test_a_refused_claim_says_what_is_wrong_and_its_example_is_legal():
    game = started(2, 8)
    set_forge(game, [3, 1, 2, 2, 4])
    game.play(0, "die 3")
    legal = game.legal_moves(0)
    slot = next(m for m in legal if m.startswith("claim ")).split()[1]
    far = refusal(game, 0, f"claim {slot} at 5,5")
    assert far.startswith("5,5 does not touch your island")
    taken = refusal(game, 0, f"claim {slot} at 0,0")
    assert taken.startswith("0,0 is taken (t0)")
    wrong = next(s for s in "abcdefghijkl" if not any(m.startswith(f"claim {s} ") for m in legal))
    assert "Slot " + wrong in refusal(game, 0, f"claim {wrong} at 0,1")
    for text in (far, taken, refusal(game, 0, f"claim {wrong} at 0,1"), refusal(game, 0, "claim")):
        assert examples_in(text) and all(e in legal for e in examples_in(text) if e.startswith("claim ")), text


def test_a_refused_deploy_names_the_tile_and_gives_a_legal_example():
    game = started(2, 8)
    build(game, 0, [(FACTORY_ON_5, 0, -1, 0)])
    game.tasks[0].append({"t": "deploy"})
    game._legal = None
    text = refusal(game, 0, "deploy a1 to t5")
    assert "t0 to t1" in text
    legal = game.legal_moves(0)
    assert [e for e in examples_in(text) if e.startswith("deploy ")] and all(
        e in legal for e in examples_in(text) if e.startswith("deploy ")), text


def test_the_message_that_ends_a_turn_tells_the_whole_turn_step_by_step():
    game = susan_on_a_5()
    game.play(0, "die 5")
    game.play(0, "run t0 goods")
    game.play(0, "run t1")
    assert "Susan's turn" not in game.describe_move(0, "run t1", NAMES)
    game.play(0, "pass")
    line = game.describe_move(0, "pass", NAMES)
    assert ("Susan's turn: `die 5`; `run t0 goods` (activated t0 Capitol: +1 energy, +1 steel); "
            "`run t1` (activated t1 Factory: paid 1 steel, +2 parts); `pass`") in line

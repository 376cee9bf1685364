"""Propeller Islands words: refusals say what is wrong with the step typed, every example they
give a legal move, given once; the status says what is awaited in words, with the score so far."""

from __future__ import annotations

import re

from games.propeller import GAME
from games.propeller import data as D
from tests.games.test_propeller_helpers import NAMES, build, find_tile, set_forge, started
from tests.games.test_propeller_texts import FACTORY_ON_5, refusal, susan_on_a_5


def examples_in(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def nelson_without_energy():
    """Vera (Nelson, not Sir Charles) to draft, with no energy; the forge shows 2, 5 and 6, no 4."""
    game = started(2, 1, chars=("nelson", "charles"))
    seat = game.current
    assert game.chars[seat] == "nelson" and game.step == "pick"
    game.res[seat] = [0, 1, 0]
    set_forge(game, [2, 5, 6])
    return game, seat


def test_changing_a_die_without_energy_says_you_have_no_energy():
    game, seat = nelson_without_energy()
    text = refusal(game, seat, "die 2 to 3")
    assert "you have no energy" in text
    assert examples_in(text) and all(e in game.legal_moves(seat) for e in examples_in(text)), text


def test_a_die_refusal_without_a_four_on_the_forge_gives_legal_examples_once():
    game, seat = nelson_without_energy()
    legal = game.legal_moves(seat)
    for typed in ("die", "die x", "die 4 to", "die 2 to 2"):
        text = refusal(game, seat, typed)
        examples = examples_in(text)
        assert examples, text
        assert all(e in legal for e in examples), text
        assert len(examples) == len(set(examples)), text
        assert "to change it" not in text or any(" to " in e for e in examples), text


def test_a_change_by_more_than_one_says_a_die_changes_by_one_with_a_legal_change():
    game, seat = nelson_without_energy()
    game.res[seat] = [1, 1, 0]
    text = refusal(game, seat, "die 2 to 5")
    assert text.startswith("A die changes by one")
    assert {"die 2 to 1", "die 2 to 3"} & set(examples_in(text)), text


def test_a_wrong_placement_of_the_building_drawn_says_what_is_wrong_not_first_place_it():
    game = started(2, 8)
    seat = 0
    game.tasks[seat].append({"t": "place", "tile": find_tile(10, number=5)})
    game._legal = None
    legal = game.legal_moves(seat)
    assert legal and all(m.startswith("place ") for m in legal)
    far = refusal(game, seat, "place 5,5")
    assert not far.startswith("First") and "does not touch your island" in far, far
    taken = refusal(game, seat, "place 0,0")
    assert not taken.startswith("First") and "0,0 is taken" in taken, taken
    for text in (far, taken):
        assert all(e in legal for e in examples_in(text) if e.startswith("place ")), text


def test_a_stop_inside_a_chain_after_the_activation_ended_by_itself_is_accepted():
    game = susan_on_a_5()
    game.play(0, "die 5; run t0 goods; run t1; stop; pass")
    assert game.step != "blueprint" or game.current != 0
    assert game.last["move"] == "die 5; run t0 goods; run t1; pass"


def test_a_lone_stop_after_the_activation_ended_by_itself_says_so():
    game = susan_on_a_5()
    game.play(0, "die 5; run t0 goods; run t1")
    text = refusal(game, 0, "stop")
    assert "ended by itself" in text, text


def test_an_extra_activation_refused_lists_only_that_tiles_moves():
    game = started(2, 8, chars=("marie", "nelson"))
    build(game, 0, [(FACTORY_ON_5, 0, -1, 1)])
    set_forge(game, [3, 1, 2, 2, 4])
    game.res[0] = [0, 0, 0]
    game.play(0, "die 3")
    text = refusal(game, 0, "run t1 extra")
    assert all(e.startswith("run t1") for e in examples_in(text) if e.startswith("run ")), text


def test_the_status_says_in_words_what_is_awaited_and_gives_the_score_so_far():
    game = started(2, 8)
    game.tasks[0].append({"t": "gain"})
    game._legal = None
    line = game.status(NAMES)
    assert "choice (gain)" not in line and "choosing energy or steel" in line, line
    game.fame[0], game.res[0] = 3, [4, 0, 0]
    totals = [game.score(seat)["total"] for seat in range(2)]
    assert f"Score so far: Susan {totals[0]}, Vera {totals[1]}" in game.status(NAMES)
    assert totals[0] > game.fame[0]  # resources count, not fame alone


def test_a_character_to_choose_is_shown_with_its_power():
    game = GAME.new(2, {}, 1)
    line = game.status(NAMES)
    for name in game.dealt:
        assert D.CHARACTER_POWERS[name][0] in line, line


def test_final_scores_by_source_say_points():
    game = started(2, 8)
    game.res[0] = [0, 6, 0]
    game.phase = "over"
    steel = game.score(0)["steel"]
    assert steel and f"steel {steel} points" in game.score_breakdown(0)
    assert f"steel {steel} points" in game.score_when_stopped(0)


def test_the_view_tells_the_whole_turn_for_the_last_move_box():
    game = susan_on_a_5()
    game.play(0, "die 5")
    game.play(0, "run t0 goods")
    game.play(0, "run t1; pass")
    turn = game.view(None)["last"]["turn"]
    assert [step for step, _ in turn] == ["die 5", "run t0 goods", "run t1", "pass"]

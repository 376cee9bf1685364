"""Grow Sky words at the table: steps sent together with `;`, and turn texts that name the
search steps taken and the route tile drafted or bought."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.growsky import GAME
from games.growsky.board import tile_side
from games.growsky.data import TILES, bonus_words
from tests.games.test_growsky_helpers import ready

NAMES = ["Ann", "Ben"]


def test_steps_joined_with_a_semicolon_play_in_order_as_one_move():
    game = ready(2)
    seat = game.current()
    game.boards[seat].fuel = 6
    game.queue = ["buy:2"]
    assert game.canonical(seat, "Buy M1 S5 ;pass") == "buy m1 s5; pass"
    game.play(seat, "buy m1 s5; pass")
    assert not game.queue and game.last["move"] == "buy m1 s5; pass"
    tile = game.boards[seat].top(4)
    line = game.describe_move(seat, "buy m1 s5; pass", NAMES)
    assert line.startswith(f"Ann bought the route tile of m1 ({bonus_words(tile_side(tile)[1])}) for s5; "
                           "then bought no more route tiles")


def test_a_closing_pass_with_no_purchase_left_is_dropped_and_a_bad_step_plays_nothing():
    game = ready(2)
    seat = game.current()
    game.boards[seat].fuel = 6
    game.queue = ["buy:1"]
    assert game.canonical(seat, "buy m1 s5; pass") == "buy m1 s5"
    twin = game.copy()
    game.play(seat, "buy m1 s5; pass")  # the one purchase used up the effect: `pass` has nothing to do
    assert game.last["move"] == "buy m1 s5" and not game.queue
    before = twin.dump()
    with pytest.raises(IllegalMove, match="Step 2"):
        twin.play(seat, "buy m1 s5; fly 9; end")
    assert twin.dump() == before


def test_a_search_is_told_step_by_step_with_what_the_track_gave():
    game = ready(2)
    seat = game.current()
    game.boards[seat].search = 8
    game.dice = [5, 5]
    game.play(seat, "develop 5")
    line = game.describe_move(seat, "develop 5", NAMES)
    assert "searched 3 steps, 8 to 11" in line
    assert "gained 1 fuel" in line and "gained 1 victory point" in line and "flag 11 first: a tier-2 part" in line


def test_the_setup_draft_names_the_tile_drafted():
    game = GAME.new(2, {}, seed=3)
    seat = game.current()
    pool = list(game.pool)
    game.play(seat, "draft p2 s4")
    line = game.describe_move(seat, "draft p2 s4", NAMES)
    assert line == f"Ben drafted the pool's tile p2 ({bonus_words(TILES[pool[1]]['front'][1])}) onto s4."


def test_a_lenient_spelling_is_logged_as_listed():
    game = ready(2)
    seat = game.current()
    face = game.dice[0]
    assert game.canonical(seat, f"fly {face} +0") == f"fly {face}"
    game.play(seat, f"fly {face} +0")
    assert game.last["move"] == f"fly {face}"


def test_the_message_that_ends_a_turn_tells_the_whole_turn_step_by_step():
    game = ready(2)
    seat = game.current()
    names = ["Ann", "Ben"] if seat == 0 else ["Ben", "Ann"]
    face = game.dice[0]
    game.play(seat, f"standby {face}")
    assert "'s turn:" not in game.describe_move(seat, f"standby {face}", names)
    game.play(seat, "end")
    line = game.describe_move(seat, "end", names)
    assert line.startswith(f"{names[seat]} ended the turn.\n{names[seat]}'s turn: stood by with a {face} (")
    assert "searched 1 step" in line and line.endswith("; ended the turn.")


def test_the_public_view_tells_every_step_of_the_turn_in_words_a_bought_tile_as_it_was_bought():
    """The picture's last turn comes from here: each step in the words the channel was told, never
    the notation, and a tile bought then upgraded in the same turn told by the side it was bought on."""
    game = ready(2)
    seat = game.current()
    game.boards[seat].fuel, game.boards[seat].cubes = 8, [0, 0, 0, 2]
    game.queue = ["buy:1"]
    tile = game.market[0]
    game.play(seat, "buy m1 s5")
    game.play(seat, "upgrade s5")
    last = game.view(None)["last"]
    front, back = bonus_words(TILES[tile]["front"][1]), bonus_words(TILES[tile]["back"][1])
    assert front != back
    assert [words for words, _ in last["told"]] == [f"bought the route tile of m1 ({front}) for s5",
                                                    "upgraded the route tile on s5"]
    game.play(seat, f"standby {game.dice[0]}")
    game.play(seat, "end")
    told = game.view(None)["last"]["told"]
    assert [words for words, _ in told][2:] == [f"stood by with a {game.standby[-1]}", "ended the turn"]
    assert "searched 1 step" in "; ".join(told[2][1])
    summary = game.describe_move(seat, "end", NAMES).split("\n")[1]
    for words, _ in told:
        assert words in summary and "`" not in words

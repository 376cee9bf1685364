"""The computer players of Ramparts: whole games played legally at every level and table size,
constructed positions for each behaviour the design page lists, and hidden information never
read (rivals' hidden cards swapped, the choice unchanged)."""

from __future__ import annotations

import random

import pytest

from games.levels import choose
from games.pioneers import GAME, RampartsGame
from games.pioneers import board as B
from games.pioneers import ramparts_ai as RA
from games.pioneers import ramparts_data as RD
from games.pioneers import ramparts_search as RS
from tests.games.pioneers_helpers import give_kinds as give
from tests.games.pioneers_helpers import knight, road, settle
from tests.games.pioneers_helpers import ramparts_blank as blank

LEVELS = ("easy", "normal", "hard")


def play_out(players: int, levels: tuple[str, ...], seed: int, cap: int = 3000) -> RampartsGame:
    """A whole game by the given levels, every choice checked against the legal moves."""
    game = GAME.new(players, {"ramparts": "on"}, seed)
    assert isinstance(game, RampartsGame)
    rng = random.Random(seed)
    for _ in range(cap):
        acting = game.awaited_answers() or game.to_act()
        if not acting:
            break
        seat = acting[0]
        legal = game.legal_moves(seat)
        move = choose(game, seat, levels[seat % len(levels)], rng, 1.5)
        assert move in legal, (levels[seat % len(levels)], move)
        game.play(seat, move)
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_play_whole_games_legally(players, level):
    game = play_out(players, (level,), seed=500 + players)
    assert game.phase == "over"
    outcome = game.outcome()
    assert max(outcome.scores) >= game.opts["target"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_plays_whole_games_legally_beside_the_other_levels(players):
    game = play_out(players, LEVELS, seed=600 + players)
    assert game.phase == "over"


def test_a_short_mixed_game_is_legal_at_every_level():
    game = play_out(3, LEVELS, seed=77, cap=250)
    assert game.turn > 3


# -- raids --------------------------------------------------------------------------------------
def raid_table(raiders: int, own_active: bool = False) -> RampartsGame:
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 1, 17, level=2)
    settle(game, 2, 40, level=2)
    knight(game, 0, 12, 1, active=own_active)
    knight(game, 1, 18, 1)
    knight(game, 2, 41, 1)
    give(game, 0, grain=3, ore=3, wool=1)  # enough for a city somewhere, or an activation
    settle(game, 0, 44)  # a settlement the city could go on
    game.raiders = raiders
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_weakest_defender_activates_its_knight_before_a_raid_that_would_cost_it_a_city(level):
    game = raid_table(raiders=6)
    assert game.raiders_strength() > game.defence() and RA.raid_loses(game, 0)
    assert choose(game, 0, level, random.Random(1)) == "activate knight 12"


def test_no_hurry_to_activate_while_the_raiders_are_far_or_the_seat_is_not_the_weakest():
    far = raid_table(raiders=0)
    assert RA.raid_chance(far, 0) == 0.0
    assert RA.choose(far, 0, random.Random(1)) != "activate knight 12"
    assert RA.choose(far, 0, random.Random(1)) == "city 44"
    safe = raid_table(raiders=6, own_active=True)
    assert not RA.raid_loses(safe, 0)
    assert RA.choose(safe, 0, random.Random(1)) == "city 44"


def test_the_raid_odds_come_from_the_raiders_step_and_the_sail_faces():
    game = blank()
    game.raiders = 6  # one sail among the 3 rolls before the seat's turn is over
    assert RA.raid_chance(game, 0) == pytest.approx(1 - 0.5**3)
    game.raiders = 4  # three sails in three rolls
    assert RA.raid_chance(game, 0) == pytest.approx(0.5**3)
    game.raiders = 3
    assert RA.raid_chance(game, 0) == 0.0


# -- improvements, walls, the robber ---------------------------------------------------------------
def test_it_improves_toward_a_metropolis():
    game = blank()
    settle(game, 0, 11, level=2)
    game.levels[0][RD.COUNCIL] = 3
    give(game, 0, silver=4, brick=2, lumber=1)
    assert "improve council 11" in game.legal_moves(0)
    assert RA.choose(game, 0, random.Random(1)) == "improve council 11"
    game.play(0, "improve council 11")
    assert game.metropolis["council"] == 10


def test_it_improves_toward_the_level_three_power():
    game = blank()
    settle(game, 0, 11, level=2)
    game.levels[0][RD.LORE] = 2
    give(game, 0, ink=3)
    assert RA.choose(game, 0, random.Random(1)) == "improve lore"


def test_it_builds_a_wall_when_its_hand_passes_the_limit_and_not_otherwise():
    game = blank()
    settle(game, 0, 11, level=2)
    give(game, 0, brick=4, wool=3, lumber=2)  # 9 cards: over the limit of 7
    assert RA.choose(game, 0, random.Random(1)) == "wall 11"
    small = blank()
    settle(small, 0, 11, level=2)
    give(small, 0, brick=3)
    assert "wall 11" in small.legal_moves(0)
    assert RA.choose(small, 0, random.Random(1)) != "wall 11"


def robbed_table(on_own_hex: bool) -> RampartsGame:
    game = blank()
    settle(game, 0, 31, level=2)
    settle(game, 1, 37)
    give(game, 1, wool=2)
    road(game, 0, "25-31")
    game.raided = True
    # K touches the seat's city at 31 (and the rival's settlement at 37); P the rival's alone
    game.robber = B.HEX_LABELS.index("K" if on_own_hex else "P")
    knight(game, 0, 25 if on_own_hex else 43, 1)
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_chases_the_robber_off_its_own_hex(level):
    game = robbed_table(on_own_hex=True)
    move = choose(game, 0, level, random.Random(1))
    assert move.startswith("chase 25 robber ")
    game.play(0, move)
    assert not any(game.node_owner[node] == 0 for node in game.HEX_NODES[game.robber])


def test_it_leaves_the_robber_where_it_harms_only_rivals():
    game = robbed_table(on_own_hex=False)
    assert any(m.startswith("chase") for m in game.legal_moves(0))
    assert not RA.choose(game, 0, random.Random(1)).startswith("chase")


def test_the_starting_city_goes_where_it_earns_commodities():
    game = GAME.new(3, {"ramparts": "on"}, 5)
    rng = random.Random(5)
    while game.setup_step < game.n:  # the settlements of the first round
        seat = game.to_act()[0]
        game.play(seat, choose(game, seat, "normal", rng))
    seat = game.to_act()[0]
    moves = game.legal_moves(seat)
    assert moves[0].startswith("city ")
    chosen = RA.choose(game, seat, rng)
    node = RA._parse(game, chosen).node
    commodity = sum(1 for h in game.NODE_HEXES[node] if game.terrain[h] in RD.COMMODITY_OF)
    assert commodity >= 1


# -- answers ------------------------------------------------------------------------------------
def test_a_discard_keeps_what_the_next_build_needs():
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 0, 44)
    give(game, 0, grain=2, ore=3, wool=4, lumber=1)  # 10 cards: 5 go; the city's five stay
    game.phase = "discard"
    game.discards = {0: 5}
    move = RA.choose(game, 0, random.Random(1))
    game.play(0, move)
    assert game.hands[0][3] == 2 and game.hands[0][4] == 3


# -- hidden information -------------------------------------------------------------------------
def _swap_hidden(game: RampartsGame, seat: int) -> RampartsGame:
    """The same table with the rivals' hidden cards exchanged: hands of equal size and progress
    hands of the same decks trade places, so nothing public changes."""
    other = game.copy()
    rivals = [s for s in range(game.n) if s != seat]
    a, b = rivals[0], rivals[1]
    if sum(other.hands[a]) == sum(other.hands[b]):
        other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
    else:  # the same count, other kinds: each rival's cards turned into the other's kinds
        for s in (a, b):
            count = sum(other.hands[s])
            other.hands[s] = [0] * RD.KIND_COUNT
            other.hands[s][RD.SILVER if s == a else D_LUMBER] = count
    return other


D_LUMBER = 0


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_rivals_hidden_cards_never_change_the_choice(level):
    game = GAME.new(3, {"ramparts": "on"}, 31)
    rng = random.Random(31)
    compared = 0
    for step in range(700):
        acting = game.awaited_answers() or game.to_act()
        if not acting:
            break
        seat = acting[0]
        if seat == 0 and game.phase not in ("setup",) and len(game.legal_moves(0)) > 1:
            # progress cards of the same deck given to both rivals, then exchanged
            game.progress[1], game.progress[2] = ["hoist"], ["mason"]
            swapped = _swap_hidden(game, 0)
            swapped.progress[1], swapped.progress[2] = ["mason"], ["hoist"]
            swapped.bank = list(game.bank)
            seed = step * 7 + 1
            assert choose(game, 0, level, random.Random(seed)) == choose(swapped, 0, level, random.Random(seed))
            compared += 1
        game.play(seat, choose(game, seat, "normal", rng))
    assert compared > 30


def test_the_hard_search_reads_rivals_only_through_its_own_redraw():
    game = GAME.new(3, {"ramparts": "on"}, 41)
    rng = random.Random(41)
    for _ in range(120):
        seat = (game.awaited_answers() or game.to_act())[0]
        game.play(seat, choose(game, seat, "normal", rng))
    while (game.awaited_answers() or game.to_act())[0] != 0 or len(game.legal_moves(0)) < 2:
        seat = (game.awaited_answers() or game.to_act())[0]
        game.play(seat, choose(game, seat, "normal", rng))
    game.progress[1], game.progress[2] = ["hoist"], ["mason"]
    swapped = game.copy()
    swapped.progress[1], swapped.progress[2] = ["mason"], ["hoist"]
    # one card of each rival's exchanged for one of another kind of the other's: counts and the
    # rivals' cards taken together stay as they were, who holds which is changed
    one, two = swapped.hands[1], swapped.hands[2]
    x = next(k for k in range(RD.KIND_COUNT) if one[k])
    y = next(k for k in range(RD.KIND_COUNT) if two[k] and k != x)
    one[x], one[y], two[y], two[x] = one[x] - 1, one[y] + 1, two[y] - 1, two[x] + 1
    assert swapped.hands != game.hands
    a, b = game.redraw_hidden(0, random.Random(3)), swapped.redraw_hidden(0, random.Random(3))
    assert a.hands == b.hands and a.progress == b.progress and a.decks == b.decks
    assert RS.hard_move(game, 0, random.Random(2)) == RS.hard_move(swapped, 0, random.Random(2))


# -- progress cards -------------------------------------------------------------------------------
def _card_table(card: str, phase: str = "main") -> RampartsGame:
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 1, 17, level=2)
    game.progress[0] = [card]
    game.phase = phase
    if not any(m.startswith(f"play {card}") for m in game.legal_moves(0)):
        pytest.skip(f"{card} is not playable on this branch yet (progress.py's effects)")
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_hoist_is_played_for_a_free_level(level):
    game = _card_table("hoist")
    move = choose(game, 0, level, random.Random(1))
    assert move.startswith("play hoist")
    game.play(0, move)
    assert sum(game.levels[0]) == 1 and "hoist" not in game.progress[0]


def test_a_stargazer_sets_dice_that_pay_the_seat_before_the_roll():
    game = _card_table("stargazer", phase="roll")
    move = RA.choose(game, 0, random.Random(1))
    assert move.startswith("play stargazer")
    red, white = (int(word) for word in move.split()[-2:])
    paid = [h for h in game.NODE_HEXES[10] if game.numbers[h] == red + white]  # the city on corner 11
    assert red + white != 7 and paid


def test_an_informer_takes_the_card_that_builds():
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 1, 17, level=2)
    game.progress[0], game.progress[1] = ["informer"], ["envoy", "hoist"]
    if "play informer 2" not in game.legal_moves(0):
        pytest.skip("the Informer is not playable on this branch yet (progress.py's effects)")
    move = RA.choose(game, 0, random.Random(1))
    assert move == "play informer 2"
    game.play(0, move)
    game.play(0, RA.choose(game, 0, random.Random(1)))
    assert game.progress[0] == ["hoist"] and game.progress[1] == ["envoy"]


def test_a_broker_takes_what_completes_a_city():
    game = blank()
    settle(game, 0, 11, level=2)
    settle(game, 0, 44)
    settle(game, 1, 17, level=2)
    settle(game, 1, 40, level=2)
    give(game, 0, ore=3, grain=1)
    give(game, 1, grain=2, ore=3, silver=1)
    game.progress[0] = ["broker"]
    if "play broker 2" not in game.legal_moves(0):
        pytest.skip("the Broker is not playable on this branch yet (progress.py's effects)")
    assert RA.choose(game, 0, random.Random(1)) == "play broker 2"
    game.play(0, "play broker 2")
    game.play(0, RA.choose(game, 0, random.Random(1)))
    assert "city 44" in game.legal_moves(0)
    assert RA.choose(game, 0, random.Random(1)) == "city 44"

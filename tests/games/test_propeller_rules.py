"""Propeller Islands: each rule of the rulebook, and its worked examples, as a test."""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove
from games.propeller import GAME
from games.propeller import data as D
from games.propeller import scoring as S
from tests.games.test_propeller_helpers import NAMES, build, find_tile, offer_at, set_forge, started

TEN_ON_5 = find_tile(10, number=5)  # Factory, hub of Science
FOUNDRY_ON_3 = find_tile(7, number=3)


def in_hand(game, seat: int, card_id: int) -> None:
    """Give a seat a Blueprint from wherever it lies."""
    for pile in (*game.bp_stacks, *game.bp_offer, *game.hands):
        if card_id in pile:
            pile.remove(card_id)
    game.hands[seat].append(card_id)
    game._derive()


def card_with(upgrade: str, level: int | None = None) -> int:
    return next(c.id for c in D.BLUEPRINTS if c.upgrade == upgrade and (level is None or c.level == level))


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_each_player_the_starting_material(players):
    game = GAME.new(players, {}, 5)
    assert len(game.dealt) == players + 1 and game.to_act() == [players - 1]
    assert sum(1 for t in game.offer if t >= 0) == 12 and len(game.stack) == 70 - 12
    for seat in range(players):
        levels = sorted(D.BLUEPRINT_BY_ID[c].level for c in game.hands[seat])
        assert levels == [1, 1, 2]
        assert game.res[seat] == [2, 1, 0] and sum(game.dock[seat]) == 12
        assert game.islands[seat] == [[-1, 0, 0, 1, "", "", 0]]
    assert [len(level) for level in game.bp_offer] == [3, 3]
    assert len(game.bp_stacks[0]) == 21 - 3 - 2 * players and len(game.bp_stacks[1]) == 17 - 3 - players


def test_characters_are_chosen_in_reverse_order_then_the_first_round_is_rolled():
    game = GAME.new(3, {}, 2)
    dealt = list(game.dealt)
    for seat in (2, 1, 0):
        assert game.to_act() == [seat]
        choice = game.dealt[-1]
        game.play(seat, f"character {choice}")
        assert game.chars[seat] == choice
    assert set(game.chars) < set(dealt) and game.phase == "turn" and game.to_act() == [0]
    assert sum(game.forge) == D.DICE_BY_PLAYERS[3]
    with pytest.raises(IllegalMove):
        GAME.new(3, {}, 2).play(2, "character nobody")


def test_dice_per_player_count_and_never_more_than_three_on_a_space():
    for players in (2, 3, 4):
        for seed in range(40):
            game = started(players, seed)
            assert sum(game.forge) == {2: 5, 3: 7, 4: 9}[players]
            assert max(game.forge) <= 3


# -- drafting and changing a die -----------------------------------------------------------
def test_changing_the_drafted_die_costs_one_energy_and_wraps():
    game = started(2, 3, ("nelson", "amelia"))
    set_forge(game, [6, 2, 2, 3, 4])
    moves = game.legal_moves(0)
    assert {"die 6", "die 6 to 1", "die 6 to 5"} <= set(moves) and "die 6 to 4" not in moves
    game.play(0, "die 6 to 1")
    assert game.value[0] == 1 and game.res[0][D.ENERGY] == 1
    assert game.step == "act" and game.forge[6] == 0 and game.drafted[0] == [1]
    game2 = started(2, 3, ("nelson", "amelia"))
    set_forge(game2, [1, 2, 2, 3, 4])
    game2.res[0] = [0, 1, 0]
    assert not any(" to " in m for m in game2.legal_moves(0))


def test_sir_charles_changes_the_die_free_by_one_then_by_two():
    game = started(2, 3, ("charles", "amelia"))
    set_forge(game, [3, 2, 2, 3, 4])
    game.res[0] = [0, 0, 0]
    game._derive()
    moves = game.legal_moves(0)
    assert "die 3 to 3" not in moves and "die 3 to 4" not in moves  # no power before the trumpet
    game.fame[0] = 5
    game._derive()
    assert {"die 3 to 2", "die 3 to 4"} <= set(game.legal_moves(0)) and "die 3 to 5" not in game.legal_moves(0)
    game.fame[0] = 10
    game._derive()
    assert {"die 3 to 1", "die 3 to 5"} <= set(game.legal_moves(0))
    game.play(0, "die 3 to 5")
    assert game.value[0] == 5 and game.res[0] == [0, 0, 0]


def test_jacques_rerolls_the_die_for_energy_and_keeps_the_result():
    game = started(2, 3, ("jacques", "amelia"))
    set_forge(game, [3, 2, 2, 3, 4])
    assert "die 3 reroll" not in game.legal_moves(0)
    game.fame[0] = 10
    game._derive()
    game.play(0, "die 3 reroll")
    assert game.res[0] == [3, 2, 0] and 1 <= game.value[0] <= 6 and game.step == "act"
    assert any(note.startswith("re-rolled it to") for note in game.last["notes"])


# -- claiming, discarding, links ------------------------------------------------------------
def test_claim_takes_a_tile_beside_the_forge_space_and_refills_the_offer():
    game = started(2, 4)
    set_forge(game, [2, 2, 5, 5, 6])
    game.play(0, "die 2")
    slots = {m.split()[1] for m in game.legal_moves(0) if m.startswith("claim")}
    assert slots == {"b", "c", "d"}
    assert all(m.split()[3] in {"0,-1", "1,-1", "1,0", "0,1", "-1,1", "-1,0"}
               for m in game.legal_moves(0) if m.startswith("claim"))
    taken, top = game.offer[2], game.stack[-1]
    game.play(0, "claim c at 1,0")
    assert game.islands[0][1][:3] == [taken, 1, 0] and game.offer[2] == top
    assert game.step == "blueprint" or game.tasks[0]


def test_discard_gives_two_energy_and_refills():
    game = started(2, 4)
    set_forge(game, [4, 2, 5, 5, 6])
    game.play(0, "die 4")
    gone, top = game.offer[6], game.stack[-1]
    game.play(0, "discard g")
    assert game.res[0][D.ENERGY] == 4 and game.discarded == [gone] and game.offer[6] == top


def test_vera_places_a_science_building_beside_two_science_hubs_for_two_fame():
    game = started(2, 6)
    game.current = 1
    hub_a, hub_b = find_tile(5, hub="S"), find_tile(6, hub="S")
    build(game, 1, [(hub_a, 0, -1, 0), (hub_b, 1, -1, 0)])
    assert game.links_total(1) == 0  # hubs do not link with each other
    science = find_tile(5, banner="S")
    offer_at(game, "a", science)
    set_forge(game, [1, 2, 3, 4, 5])
    game.play(1, "die 1; claim a at 1,-2")
    assert game.fame[1] == 2 and "+2 fame (2 new guild links)" in game.last["notes"]


def test_a_hub_placed_beside_a_banner_links_too():
    game = started(2, 6)
    build(game, 0, [(find_tile(5, banner="S"), 0, -1, 0)])
    hub = find_tile(4, hub="S")
    offer_at(game, "a", hub)
    set_forge(game, [1, 2, 3, 4, 5])
    game.play(0, "die 1; claim a at 1,-1")
    assert game.fame[0] == 1
    other = started(2, 6)
    build(other, 0, [(find_tile(5, banner="I"), 0, -1, 0)])
    offer_at(other, "a", hub)
    set_forge(other, [1, 2, 3, 4, 5])
    other.play(0, "die 1; claim a at 1,-1")
    assert other.fame[0] == 0  # a banner of another guild does not link


def test_vera_banner_upgrade_links_with_hub_04_not_with_its_own_hub():
    game = started(2, 7)
    depot = find_tile(4, hub="S")
    build(game, 0, [(depot, 0, -1, 0), (TEN_ON_5, 1, -1, 1)])
    assert game.links_total(0) == 0
    card = card_with("BS")
    in_hand(game, 0, card)
    game.res[0] = [5, 5, 5]
    set_forge(game, [1, 2, 3, 4, 5])
    game.play(0, "die 1; stop")
    assert f"blueprint {card} on t2" in game.legal_moves(0)
    game.play(0, f"blueprint {card} on t2")
    assert game.fame[0] == 1 and game.islands[0][2][5] == "S"
    assert game.links_total(0) == 1


# -- activating ----------------------------------------------------------------------------
def test_susan_activates_her_capitol_and_factory_on_a_5_but_not_the_foundry():
    game = started(2, 8)
    build(game, 0, [(TEN_ON_5, 0, -1, 1), (FOUNDRY_ON_3, 1, -1, 1)])
    game.res[0] = [0, 0, 0]
    set_forge(game, [5, 1, 2, 2, 4])
    game.play(0, "die 5")
    moves = game.legal_moves(0)
    assert "run t0 goods" in moves and "run t1" not in moves  # no steel yet for the Factory
    assert not any(m.startswith("run t2") for m in moves)  # the Foundry needs a 3
    game.play(0, "run t0 goods")
    assert "run t1" in game.legal_moves(0)  # the Capitol's steel pays the Factory
    game.play(0, "run t1")
    assert game.res[0] == [1, 0, 2]
    assert [e[3] for e in game.islands[0]] == [2, 2, 1]
    assert game.step == "blueprint"  # nothing left to activate closes the activation


def test_the_whole_activation_is_one_move_in_an_order_that_pays():
    game = started(2, 8)
    build(game, 0, [(TEN_ON_5, 0, -1, 1), (FOUNDRY_ON_3, 1, -1, 1), (find_tile(8, number=5), -1, 0, 1),
                    (find_tile(5, number=1), 0, 1, 0)])
    game.res[0] = [0, 0, 0]
    set_forge(game, [5, 1, 2, 2, 4])
    game.play(0, "die 5")
    whole = game.legal_moves(0)[0]
    assert whole == "run t0 goods; run t1"  # the Hotel asks where its worker goes: not in the chain
    game.play(0, whole)
    assert game.res[0] == [1, 0, 2] and game.step == "run" and "run t3" in game.legal_moves(0)
    assert game.describe_move(0, whole, NAMES) == ("Susan: `run t0 goods` (activated t0 Capitol: +1 energy, "
                                                   "+1 steel); `run t1` (activated t1 Factory: paid 1 steel, +2 parts).")
    assert game.canonical(0, " Run T0 goods;run t1 ") == "run t0 goods; run t1"
    with pytest.raises(IllegalMove):
        game.play(0, " ; ;")


def test_activation_may_skip_buildings_and_lying_workers_cannot_act_again():
    game = started(2, 8)
    build(game, 0, [(find_tile(5, number=5), 0, -1, 1), (find_tile(6, number=5), 1, -1, 1)])
    set_forge(game, [5, 5, 2, 2, 4])
    game.play(0, "die 5; run t1; stop; pass")
    assert game.res[0][D.PART] == 1 and game.islands[0][2][3] == 1
    game.current = 0
    game.step = "pick"
    game._derive()
    game.play(0, "die 5")
    assert "run t1" not in game.legal_moves(0) and "run t2" in game.legal_moves(0)


def test_question_mark_and_wild_die_buildings_take_any_value():
    game = started(2, 9)
    warehouse = find_tile(12)
    depot = find_tile(3)
    build(game, 0, [(warehouse, 0, -1, 1), (depot, 1, -1, 0), (FOUNDRY_ON_3, -1, 0, 1)])
    game.islands[0][3][6] = 1  # a wild die on the Foundry
    set_forge(game, [6, 1, 2, 2, 4])
    game.play(0, "die 6")
    moves = game.legal_moves(0)
    assert "run t1" in moves and "run t3" in moves
    game.play(0, "run t1")
    assert game.legal_moves(0)[:1] == ["depot t2"]
    game.play(0, "depot t2")
    assert game.res[0][D.STEEL] == 2  # the Steel Depot's benefit again


def test_production_upgrade_adds_a_resource_and_the_cost_is_still_paid():
    game = started(2, 9)
    smelter = find_tile(9, number=4)
    build(game, 0, [(smelter, 0, -1, 1)])
    game.islands[0][1][4] = "e"
    game.res[0] = [2, 0, 0]
    set_forge(game, [4, 1, 2, 2, 3])
    game.play(0, "die 4; run t1")
    assert game.res[0] == [1, 1, 1]
    game2 = started(2, 9)
    build(game2, 0, [(smelter, 0, -1, 1)])
    game2.islands[0][1][4] = "e"
    game2.res[0] = [1, 0, 0]
    set_forge(game2, [4, 1, 2, 2, 3])
    game2.play(0, "die 4")
    assert "run t1" not in game2.legal_moves(0)  # the upgrade does not pay the cost


def test_radio_station_crystal_trader_and_hotel():
    game = started(2, 10)
    radio = find_tile(11, number=1)
    crystal = find_tile(13, number=0)
    hotel = find_tile(8, number=2)
    build(game, 0, [(radio, 0, -1, 1), (crystal, 1, -1, 1), (hotel, -1, 0, 1), (find_tile(5, number=6), 0, 1, 0)])
    game.res[0] = [2, 1, 0]
    set_forge(game, [1, 1, 2, 2, 3])
    game.play(0, "die 1")
    moves = game.legal_moves(0)
    assert {"run t2 buy steel", "run t2 buy part", "run t2 sell steel"} <= set(moves)
    assert "run t2 sell part" not in moves
    game.play(0, "run t1")  # the radio lets another building act, whatever its number
    assert "run t3" in game.legal_moves(0) and "skip" in game.legal_moves(0)
    game.play(0, "run t3")
    deploys = game.legal_moves(0)
    assert "deploy a1 to t4" in deploys and not any(m.endswith("to t1") for m in deploys)
    game.play(0, "deploy a1 to t4")
    assert game.islands[0][4][3] == 1 and game.dock[0][0] == 0
    game.play(0, "run t2 sell steel")
    assert game.res[0] == [4, 0, 0]


def test_hotel_needs_a_free_housing_space():
    game = started(2, 10)
    build(game, 0, [(find_tile(8, number=2), 0, -1, 1)])
    set_forge(game, [2, 1, 2, 2, 3])
    game.play(0, "die 2")
    assert "run t1" not in game.legal_moves(0) and "run t0 deploy" not in game.legal_moves(0)


# -- workers and the dock ------------------------------------------------------------------
def test_clearing_a_column_and_a_row_pays_both_rewards_at_once():
    game = started(2, 11)
    build(game, 0, [(find_tile(5, number=3), 0, -1, 0)])
    game.dock[0] = [1, 0, 0, 0,
                    0, 1, 1, 1,
                    0, 1, 1, 1]
    game.res[0] = [0, 0, 0]
    set_forge(game, [3, 1, 2, 2, 4])
    game.play(0, "die 3; run t0 deploy")
    assert "deploy a1 to t1" in game.legal_moves(0)
    game.play(0, "deploy a1 to t1")
    assert game.res[0][D.PART] == 1  # column a: a part
    assert game.fame[0] == 3  # row 1: three fame
    assert game.cleared[0] == ["column a", "row 1"]


def test_deploy_rewards_chain_and_a_random_building_is_placed():
    game = started(2, 11)
    build(game, 0, [(find_tile(5, number=3), 0, -1, 0), (find_tile(6, number=3), 1, -1, 0)])
    game.dock[0] = [1, 1, 0, 1,
                    1, 1, 0, 0,
                    1, 1, 1, 0]
    set_forge(game, [3, 1, 2, 2, 4])
    top = game.stack[-1]
    game.play(0, "die 3; run t0 deploy; deploy d1 to t1")  # clears column d: deploy one more
    assert game.tasks[0][-1]["t"] == "deploy"
    game.play(0, "deploy c3 to t2")  # clears column c: a random building
    assert game.tasks[0][-1] == {"t": "place", "tile": top}
    assert "skip" not in game.legal_moves(0)
    game.play(0, "place -1,0")
    assert game.islands[0][-1][:3] == [top, -1, 0]


def test_no_deploy_without_a_vacant_housing_space():
    game = started(2, 11)
    build(game, 0, [(find_tile(2), 0, -1, 0)])  # a Depot houses nobody
    set_forge(game, [3, 1, 2, 2, 4])
    game.play(0, "die 3")
    assert "run t0 deploy" not in game.legal_moves(0) and "run t0 goods" in game.legal_moves(0)


def test_a_depot_gives_its_benefit_when_placed():
    game = started(2, 12)
    for kind, index in ((3, D.STEEL), (4, D.PART)):
        game = started(2, 12)
        offer_at(game, "a", find_tile(kind))
        before = game.res[0][index]
        set_forge(game, [1, 2, 2, 3, 4])
        game.play(0, "die 1; claim a at 0,-1")
        assert game.res[0][index] == before + 1
    game = started(2, 12)
    build(game, 0, [(find_tile(5, number=3), 1, -1, 0)])
    offer_at(game, "a", find_tile(2))
    set_forge(game, [1, 2, 2, 3, 4])
    game.play(0, "die 1; claim a at 0,-1")
    assert game.tasks[0] == [{"t": "deploy"}] and "deploy a1 to t1" in game.legal_moves(0)


# -- blueprints and upgrades ---------------------------------------------------------------
def test_completing_a_blueprint_pays_its_cost_and_a_new_one_is_taken():
    game = started(2, 13)
    card = D.BLUEPRINTS[0]
    in_hand(game, 0, card.id)
    game.res[0] = [5, 5, 5]
    set_forge(game, [1, 2, 2, 3, 4])
    game.play(0, "die 1; stop")
    assert "pass" in game.legal_moves(0)
    game.play(0, f"blueprint {card.id} keep")
    assert game.res[0] == [5 - card.cost[0], 5 - card.cost[1], 5 - card.cost[2]]
    assert game.unused[0] == [card.upgrade] and game.done[0] == [card.id] and game.step == "take"
    offered = game.bp_offer[1][0]
    top = game.bp_stacks[1][-1]
    game.play(0, f"take {offered}")
    assert offered in game.hands[0] and top in game.bp_offer[1] and game.current == 1


def test_drawing_a_blueprint_face_down_stays_private():
    game = started(2, 13)
    in_hand(game, 0, D.BLUEPRINTS[0].id)
    game.res[0] = [5, 5, 5]
    set_forge(game, [1, 2, 2, 3, 4])
    game.play(0, f"die 1; stop; blueprint {D.BLUEPRINTS[0].id} keep")
    secret = game.bp_stacks[0][-1]
    game.play(0, "draw i")
    assert secret in game.hands[0]
    public = game.describe_move(0, "draw i", NAMES) + json.dumps(game.view(None)) + json.dumps(game.view(1))
    assert f"Blueprint {secret}" not in public and f'"id": {secret},' not in json.dumps(game.view(1)["players"])
    assert f"You drew Blueprint {secret}" in game.private_text(0, NAMES)
    assert "hand" not in game.view(None) and game.view(None)["players"][0]["hand"] == 3


def test_one_upgrade_of_each_kind_per_tile():
    game = started(2, 14)
    build(game, 0, [(FOUNDRY_ON_3, 0, -1, 1)])
    game.islands[0][1][4] = "s"
    card = card_with("Pe")
    wild = card_with("W")
    in_hand(game, 0, card)
    in_hand(game, 0, wild)
    game.res[0] = [9, 9, 9]
    set_forge(game, [1, 2, 2, 3, 4])
    game.play(0, "die 1; stop")
    moves = game.legal_moves(0)
    assert f"blueprint {card} on t1" not in moves and f"blueprint {card} keep" in moves
    assert f"blueprint {wild} on t1" in moves and f"blueprint {wild} on t0" not in moves


def test_blueprint_only_at_the_end_of_the_turn():
    game = started(2, 14)
    in_hand(game, 0, D.BLUEPRINTS[0].id)
    game.res[0] = [5, 5, 5]
    set_forge(game, [1, 2, 2, 3, 4])
    with pytest.raises(IllegalMove, match="end of your turn"):
        game.play(0, f"blueprint {D.BLUEPRINTS[0].id} keep")


# -- the round's end and the bonus die ------------------------------------------------------
def finish_turns(game) -> None:
    """Every player drafts and passes until the bonus die."""
    while game.phase == "turn":
        seat = game.current
        face = next(f for f in range(1, 7) if game.forge[f])
        game.play(seat, f"die {face}; stop; pass")


def test_bonus_die_is_used_by_everyone_at_once_then_workers_stand_and_first_player_moves():
    game = started(3, 15, ("marie", "amelia", "nicola"))
    for seat in range(3):
        build(game, seat, [(find_tile(5, number=seat + 1), 0, -1, 1)])
    set_forge(game, [1, 2, 3, 4, 4, 5, 5])
    game.islands[1][0][3] = 2  # Vera's Capitol already acted this round
    finish_turns(game)
    assert game.phase == "bonus" and game.bonus_die == 5
    assert game.to_act() == [0, 2]  # Vera has nothing to activate with a 5 and is passed
    assert not any(m.startswith(("die", "blueprint", "pass")) for m in game.legal_moves(0))
    game.play(2, "run t0 goods")
    assert game.to_act() == [0]
    game.play(0, "stop")
    assert game.phase == "turn" and game.round == 2 and game.first == 1 and game.current == 1
    assert all(e[3] == 1 for island in game.islands for e in island)


def test_nelson_counts_the_bonus_die_differently():
    game = started(2, 16, ("nelson", "amelia"))
    build(game, 0, [(find_tile(5, number=4), 0, -1, 1)])
    game.islands[0][0][3] = 2
    game.islands[1][0][3] = 2
    game.fame[0] = 5
    set_forge(game, [1, 1, 2, 2, 5])
    finish_turns(game)
    assert game.bonus_die == 5 and game.to_act() == [0]
    assert game.legal_moves(0) == ["value 4", "value 5", "value 6"]
    game.play(0, "value 4; run t1")
    assert game.res[0][D.PART] == 1 and game.round == 2


def test_game_ends_after_the_round_when_a_condition_holds():
    for condition in ("blueprints", "workers", "stack"):
        game = started(2, 17)
        if condition == "blueprints":
            game.done[1] = [c.id for c in D.BLUEPRINTS[:7]]
        elif condition == "workers":
            game.dock[1] = [0] * 12
        else:
            game.discarded += game.stack
            game.stack = []
        game._derive()
        finish_turns(game)
        while game.phase == "bonus":
            seat = game.to_act()[0]
            game.play(seat, "stop")
        assert game.phase == "over", condition
        assert game.outcome() is not None


# -- characters ----------------------------------------------------------------------------
def test_amelia_gains_energy_once_a_round_when_gaining_fame():
    game = started(2, 18, ("amelia", "nelson"))
    game.fame[0] = 5
    build(game, 0, [(find_tile(5, hub="S"), 0, -1, 0)])
    offer_at(game, "a", find_tile(5, banner="S"))
    offer_at(game, "b", find_tile(6, banner="S"))
    set_forge(game, [1, 1, 2, 2, 5])
    energy = game.res[0][D.ENERGY]
    game.play(0, "die 1; claim a at 1,-1")
    assert game.fame[0] == 6 and game.res[0][D.ENERGY] == energy + 1
    game.current = 0
    game.step = "pick"
    game._derive()
    game.play(0, "die 1; claim b at 1,-2")
    assert game.fame[0] == 7 and game.res[0][D.ENERGY] == energy + 1  # once a round


def test_marie_activates_one_extra_building():
    game = started(2, 19, ("marie", "nelson"))
    build(game, 0, [(find_tile(5, number=2), 0, -1, 1), (find_tile(5, number=4), 1, -1, 1)])
    game.res[0] = [1, 0, 0]
    set_forge(game, [6, 1, 2, 2, 5])
    game.play(0, "die 6")
    assert not any("extra" in m for m in game.legal_moves(0))
    game.fame[0] = 5
    game._derive()
    assert "run t1 extra" in game.legal_moves(0)
    game.play(0, "run t1 extra")
    assert game.res[0] == [0, 0, 1]
    assert not any("extra" in m for m in game.legal_moves(0))  # once per activation


def test_nicola_gains_energy_after_a_blueprint():
    game = started(2, 20, ("nicola", "nelson"))
    game.fame[0] = 10
    card = D.BLUEPRINTS[0]
    in_hand(game, 0, card.id)
    game.res[0] = [5, 5, 5]
    set_forge(game, [6, 1, 2, 2, 5])
    game.play(0, f"die 6; stop; blueprint {card.id} keep")
    assert game.legal_moves(0) == ["gain energy", "gain steel"]
    game.play(0, "gain steel")
    assert game.res[0][D.STEEL] == 5 - card.cost[1] + 1 and game.step == "take"


def test_fame_past_fifteen_takes_a_token_and_restarts_the_track():
    game = started(2, 21)
    game.fame[0] = 17
    player = game.view(None)["players"][0]
    assert (player["tokens"], player["track"], player["fame"]) == (1, 1, 17)


# -- scoring -------------------------------------------------------------------------------
def island_of(*entries):
    return [[-1, 0, 0, 1, "", "", 0]] + [list(e) for e in entries]


def test_zeppelin_tower_scores_each_complete_set_of_2_4_6():
    cells = iter([(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -2), (1, -2), (2, -2)])
    zeppelin = find_tile(22)

    def at(tile_id, wild=0):
        q, r = next(cells)
        return [tile_id, q, r, 0, "", "", wild]

    island = island_of(at(zeppelin), at(find_tile(5, number=2)), at(find_tile(6, number=4)),
                       at(find_tile(7, number=6)), at(find_tile(8, number=2)), at(find_tile(7, number=4)),
                       at(find_tile(5, number=6)))
    assert S.landmark_points(island) == {"Zeppelin Tower": 10}
    island[-1][6] = 1  # a wild die on the last 6: it no longer counts
    assert S.landmark_points(island) == {"Zeppelin Tower": 5}


def test_every_landmark_condition():
    ring = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    gardens = find_tile(16)
    fill = [find_tile(5, number=n) for n in (1, 2, 3, 4, 5, 6)]
    island = [[gardens, 0, 0, 0, "", "", 0]] + [[t, q, r, 1, "", "", 0] for t, (q, r) in zip(fill, ring, strict=True)]
    assert S.landmark_points(island)["Floating Gardens"] == 5
    assert S.landmark_points(island[:-1])["Floating Gardens"] == 0
    coffee = island_of([find_tile(21), 2, 0, 0, "", "", 0],
                       *[[t, q, r, 1, "", "", 0] for t, (q, r) in zip(fill, ring, strict=True)],
                       [find_tile(6, number=1), 0, -2, 1, "", "", 0], [find_tile(6, number=2), 1, -2, 1, "", "", 0])
    assert S.landmark_points(coffee)["Coffee House"] == 10  # 1,1,2,2,3,4,5,6 make two sets of four
    assert S.distinct_sets([1, 1, 1, 1, 0, 0], 4) == 1 and S.distinct_sets([3, 0, 0, 0, 0, 3], 4) == 0
    theater = find_tile(17)
    near = [find_tile(5, banner="I"), find_tile(5, banner="S"), find_tile(5, banner="C"), find_tile(6, banner="I")]
    island = [[theater, 0, 0, 0, "", "", 0]] + [[t, q, r, 0, "", "", 0] for t, (q, r) in zip(near, ring[:4], strict=True)]
    assert S.landmark_points(island)["Theater"] == 5
    island[4][5] = "S"
    island.append([find_tile(6, banner="C"), -1, 1, 0, "", "", 0])
    assert S.landmark_points(island)["Theater"] == 10
    lab = island_of([find_tile(18), 0, -1, 0, "", "S", 0], [find_tile(5, banner="S"), 1, -1, 0, "", "", 0],
                    [find_tile(6, banner="S"), 1, 0, 0, "", "", 0])
    assert S.landmark_points(lab) == {"Laboratory": 4}  # four Science banners: one set of three
    apartments = island_of([find_tile(14), 0, -1, 1, "", "", 0],
                           *[[t, q, r, 1, "", "", 0] for t, (q, r) in zip(fill[:4], ring[1:5], strict=True)])
    assert S.landmark_points(apartments)["Luxury Apartments"] == 3
    parcel = island_of([find_tile(15), 0, -1, 0, "", "", 0], [find_tile(2), 1, -1, 0, "", "", 0],
                       [find_tile(3), 1, 0, 0, "", "", 0], [find_tile(4), 0, 1, 0, "", "", 0])
    assert S.landmark_points(parcel)["Parcel Service"] == 5
    platform = island_of([find_tile(23), 0, -1, 0, "", "", 0], [fill[0], 1, -1, 0, "", "", 0],
                         [fill[2], 1, 0, 0, "", "", 0], [fill[4], 0, 1, 0, "", "", 0], [find_tile(12), 0, 2, 0, "", "", 0])
    assert S.landmark_points(platform)["Observation Platform"] == 5


def test_final_score_by_source_and_tie_break_by_dock_workers():
    game = started(2, 22)
    game.fame = [4, 4]
    game.res = [[7, 5, 2], [0, 0, 0]]
    game.unused = [["W", "Pe", "BS"], []]
    game.done = [[1], []]
    game.phase = "over"
    outcome = game.outcome()
    d = outcome.details[0]
    assert (d["fame"], d["energy"], d["steel"], d["parts"], d["upgrades"], d["blueprints"]) == (4, 2, 2, 2, 1, 1)
    assert d["total"] == 12 == outcome.scores[0] and outcome.ranks == [1, 2]
    game.res = [[0, 0, 0], [0, 0, 0]]
    game.unused = [[], []]
    game.done = [[], []]
    game.dock[1][0] = 0
    outcome = game.outcome()
    assert outcome.scores == [4.0, 4.0] and outcome.ranks == [1, 2] and "dock" in outcome.tiebreak
    game.dock[1][0] = 1
    outcome = game.outcome()
    assert outcome.ranks == [1, 1] and "share" in outcome.tiebreak
    build(game, 0, [(find_tile(15), 0, -1, 0)])
    line = game.final_text(NAMES)
    assert line.startswith("Final: 1. Susan 4 (fame 4, resources 0, upgrades 0, Parcel Service 0, Blueprints 0)")
    assert "Tie-break: " in line


# -- moves ---------------------------------------------------------------------------------
def test_a_garbled_or_illegal_move_changes_nothing_and_a_chain_is_all_or_nothing():
    game = started(2, 23)
    set_forge(game, [1, 2, 2, 3, 4])
    before = json.dumps(game.dump(), sort_keys=True)
    for bad in ("fly away", "die 9", "die 5", "claim a at 0,-1", "die 1; claim z at 9,9", "blueprint 99 keep", ""):
        with pytest.raises(IllegalMove):
            game.play(0, bad)
        assert json.dumps(game.dump(), sort_keys=True) == before, bad
    with pytest.raises(IllegalMove, match="It is not your turn"):
        game.play(1, "die 1")


def test_every_move_fits_a_button_and_the_public_buttons_reveal_no_blueprint():
    game = started(4, 24)
    seen = 0
    import random

    rng = random.Random(3)
    while not game.is_over() and seen < 400:
        seat = rng.choice(game.to_act())
        moves = game.legal_moves(seat)
        assert all(len(m) <= 60 for m in moves)
        assert not any(m.startswith(("blueprint", "take", "draw")) for m in game.quick_moves(seat))
        assert set(game.quick_moves(seat)) <= set(moves)
        game.play(seat, rng.choice(moves))
        seen += 1


def test_every_notation_example_of_the_rules_help_has_the_shape_of_a_real_move():
    import random
    import re

    def shape(move: str) -> str:
        move = re.sub(r"-?\d+", "N", move)
        return re.sub(r"^(claim|discard) [a-l]", r"\1 X", move)

    seen = set()
    for seed in range(4):
        game = GAME.new(4, {}, seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = rng.choice(game.to_act())
            moves = game.legal_moves(seat)
            seen.update(shape(m) for m in moves for m in m.split("; "))
            game.play(seat, game.ai_move(seat, rng) if rng.random() < 0.5 else rng.choice(moves))
    examples = re.findall(r"`([a-z][^`]*)`", GAME.rules_help())
    steps = {step for example in examples for step in example.split("; ")}
    fragments = {"q,r", "run", "buy part", "sell part", "sell steel", *D.CHARACTERS}  # words inside an example
    missing = {step for step in steps - fragments if shape(step) not in seen}
    assert not missing


def test_a_refusal_tells_a_misspelt_step_from_a_step_the_rules_forbid():
    """The refusal reads the step once: a text outside the notation is told how to write it, a
    step that reads is refused from its parsed value (`die 04` names the die 4)."""
    game = started(2, 1, chars=("marie", "nelson"))
    seat = game.current
    set_forge(game, [2, 2, 5])
    with pytest.raises(IllegalMove, match="^Write `die 2`"):
        game.play(seat, "die 2 to")
    with pytest.raises(IllegalMove, match="^No die shows 4 on the forge"):
        game.play(seat, "die 04")
    with pytest.raises(IllegalMove, match="^A die changes by one"):
        game.play(seat, "die 2 to 4")

"""The buttons Pioneer's Isle puts under a turn: answers to open offers, and the offer form."""

import random

import pytest

from games.base import IllegalMove
from games.pioneers import GAME
from games.pioneers.data import RESOURCES as GAME_RES
from games.pioneers.game import amounts_text


def game_with_an_open_offer():
    rng = random.Random(3)
    for seed in range(50):
        game = GAME.new(3, {}, seed)
        for _ in range(400):
            if game.is_over():
                break
            seat = game.to_act()[0]
            offers = [m for m in game.legal_moves(seat) if m.startswith("offer ")]
            if game.phase == "main" and offers:
                game.play(seat, offers[0])
                return game, seat
            game.play(seat, game.ai_move(seat, rng))
    raise AssertionError("no offer could be made")


def test_open_offers_get_accept_decline_and_counter_buttons():
    game, offerer = game_with_an_open_offer()
    (offer,) = game.offers
    actions = {a.label: a for a in game.public_actions()}
    number = offer["id"]
    accept = f"Accept #{number}: {{seat{offerer}}} gives {amounts_text(offer['give'])}, gets {amounts_text(offer['get'])}"
    assert actions[accept].move == f"accept {number}" and not actions[accept].form
    assert actions[f"Decline #{number}"].move == f"decline {number}"
    assert actions[f"Counter #{number}…"].form and actions[f"Counter #{number}…"].move == f"counter {number} give "
    assert actions["Offer a trade…"].form
    other = next(s for s in range(game.players) if s != offerer)
    game.play(other, f"decline {number}")  # an answer from a seat that is not in to_act
    assert offer["answers"]
    assert not [a for a in game.public_actions() if a.label.startswith("Confirm")]  # a decline is not confirmed


def test_every_answer_given_gets_a_confirm_button_whatever_the_hands_hold():
    game, offerer = game_with_an_open_offer()
    (offer,) = game.offers
    other = next(s for s in range(game.players) if s != offerer)
    number = offer["id"]
    game.hands[other] = [0] * 5
    game.hands[other][0] = 1
    want = next(r for r in range(5) if offer["give"][r])
    got = 0 if want != 0 else 1
    game.hands[other][got] = 1
    game.play(other, f"counter {number} give 1 {GAME_RES[got]} get 1 {GAME_RES[want]}")
    confirms = [a for a in game.public_actions() if a.label.startswith("Confirm")]
    # told from the offerer's side, so the offerer sees what they give under this answer
    label = (f"Confirm #{number} with {{seat{other}}}: {{seat{offerer}}} gives 1 {GAME_RES[want]}, "
             f"gets 1 {GAME_RES[got]}")
    assert [(a.label, a.move) for a in confirms] == [(label, f"confirm {number} {other + 1}")]
    # the offerer can no longer pay: the button stays (hands are hidden), pressing it is refused
    game.hands[offerer] = [0] * 5
    assert [a.label for a in game.public_actions() if a.label.startswith("Confirm")] == [confirms[0].label]
    with pytest.raises(IllegalMove):
        game.play(offerer, confirms[0].move)


def test_no_offer_buttons_once_the_turn_ends():
    game, offerer = game_with_an_open_offer()
    game.play(offerer, "end")
    assert not [a for a in game.public_actions() if a.label.startswith(("Accept", "Decline", "Counter"))]


def test_a_road_typed_from_its_far_corner_is_logged_as_listed():
    game = GAME.new(3, {}, 5)
    game.play(game.to_act()[0], "settlement 1")
    seat = game.to_act()[0]
    listed = game.legal_moves(seat)[0]
    a, b = listed.split()[1].split("-")
    assert listed == f"road {a}-{b}" and game.canonical(seat, f"road {b}-{a}") == listed

"""The buttons Pioneer's Isle puts under a turn: answers to open offers, and the offer form."""

import random

from games.pioneers import GAME


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
    assert actions[f"Accept #{number}"].move == f"accept {number}" and not actions[f"Accept #{number}"].form
    assert actions[f"Decline #{number}"].move == f"decline {number}"
    assert actions[f"Counter #{number}…"].form and actions[f"Counter #{number}…"].move == f"counter {number} "
    assert actions["Offer a trade…"].form
    other = next(s for s in range(game.players) if s != offerer)
    game.play(other, f"decline {number}")  # an answer from a seat that is not in to_act
    assert offer["answers"]


def test_no_offer_buttons_once_the_turn_ends():
    game, offerer = game_with_an_open_offer()
    game.play(offerer, "end")
    assert not [a for a in game.public_actions() if a.label.startswith(("Accept", "Decline", "Counter"))]

"""Ramparts' progress cards as a whole: the design page's texts read and are canonical, each card's
legal list is exactly the texts that play (brute force over candidate texts), no public surface
tells which cards a hand holds, the 54 cards are conserved, and random games playing cards finish.
The effects of each card are tested in test_ramparts_progress.py.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.base import MOVE_TEXT_LIMIT, IllegalMove, normalize
from games.pioneers import GAME, RampartsGame
from games.pioneers import board as B
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD
from tests.games.pioneers_helpers import give_kinds as give
from tests.games.pioneers_helpers import hold, knight, road, settle
from tests.games.pioneers_helpers import ramparts_blank as blank
from tests.games.test_conformance import public_surfaces

NOTATION = RampartsGame.notation
PLAYABLE = [card for card in P.CARDS if card not in P.POINT_CARDS]

# every text of the design page, as written there; `play envoy 12-17 to 20-21` names no road's
# place on the island (20 and 21 are not neighbours), so its example is the same form on 21-26
DESIGN_TEXTS = [
    "play stargazer 3 4", "play hoist lore", "play hoist council 23", "play mason 17", "play surveyor C H",
    "play herbalist 12", "play causeway", "play armourer 23 31", "play terraces", "play deep shaft",
    "play tax collector K", "play turncoat 3 23", "play envoy 12-17 to 21-26", "play plot 23", "play firebrand",
    "play informer 3", "take hoist", "play muster", "play festival", "play peddler K", "play hoarder wool",
    "play levy silver", "play trade winds wool", "play customs house 2 wool 3 ore", "play broker 3",
    "take 1 ore 1 ink", "give 1 wool 1 ink",
]


def test_the_decks_hold_54_cards_with_the_page_s_counts():
    assert {track: len(P.deck_cards(track)) for track in RD.TRACKS} == {"commerce": 18, "council": 18, "lore": 18}
    assert sum(count for _, count in P.CARDS.values()) == P.TOTAL_CARDS == 54
    counts = {card: count for card, (_, count) in P.CARDS.items()}
    assert counts["informer"] == 3 and counts["peddler"] == 6 and counts["hoarder"] == 4
    assert counts["mason"] == counts["star chart"] == counts["charter"] == 1
    game = GAME.new(3, {"ramparts": "on"}, 5)
    assert {track: sorted(deck) for track, deck in game.decks.items()} == {
        track: sorted(P.deck_cards(track)) for track in RD.TRACKS}


@pytest.mark.parametrize("text", DESIGN_TEXTS)
def test_the_design_page_s_texts_read_and_are_canonical(text):
    move = NOTATION.parse(normalize(text))
    assert NOTATION.text(move) == text and NOTATION.parse(normalize(NOTATION.text(move))) == move
    assert len(text) < MOVE_TEXT_LIMIT


@pytest.mark.parametrize("card", PLAYABLE)
def test_every_card_has_an_example_that_reads_as_that_card(card):
    move = NOTATION.parse(normalize(P.form(card)))
    assert isinstance(move, P.Play) and move.card == card and NOTATION.text(move) == P.form(card)


@pytest.mark.parametrize(("typed", "written"), [
    ("play surveyor h c", "play surveyor C H"), ("play armourer 31 23", "play armourer 23 31"),
    ("play customs house 3 ore 2 wool", "play customs house 2 wool 3 ore"), ("play envoy 17-12", "play envoy 12-17"),
    ("play tax collector k", "play tax collector K"), ("take 1 ink 1 ore", "take 1 ore 1 ink"),
    ("give ink wool", "give 1 wool 1 ink"), ("play hoist council 023", "play hoist council 23")])
def test_spellings_read_into_the_one_canonical_text(typed, written):
    assert NOTATION.text(NOTATION.parse(normalize(typed))) == written


@pytest.mark.parametrize("text", [
    "play", "play gold", "play star chart", "play charter", "play stargazer 3", "play stargazer 7 1",
    "play hoist fame", "play mason", "play mason 99", "play surveyor C C", "play surveyor C", "play terraces 2",
    "play armourer 23 23", "play armourer 1 2 3", "play turncoat x", "play turncoat 5", "play envoy 20-21",
    "play envoy 12-17 for 21-26", "play informer", "play peddler Z", "play hoarder ink", "play levy wool",
    "play trade winds gold", "play customs house 2 ink", "play customs house 2 wool 2 ore", "play customs house 2",
    "take", "take 1", "take gold", "take hoist now", "give", "give 1 gold", "play broker 1 2"])
def test_texts_outside_the_notation_are_refused_by_the_reader(text):
    with pytest.raises(IllegalMove):
        NOTATION.parse(normalize(text))


# -- legal by membership: the list is exactly what plays -----------------------------------------
def candidates(card: str, n: int) -> list[str]:
    """Texts of the card's shape over the whole board, legal or not."""
    corners = [str(node) for node in range(1, B.NODE_COUNT + 1)]
    hexes = list(B.HEX_LABELS)
    seats = [str(seat) for seat in range(1, n + 1)]
    head = f"play {card}"
    if card == "stargazer":
        return [f"{head} {a} {b}" for a in range(1, 7) for b in range(1, 7)]
    if card == "hoist":
        return [f"{head} {t}" for t in RD.TRACKS] + [f"{head} {t} {c}" for t in RD.TRACKS for c in corners]
    if card in ("mason", "herbalist", "plot"):
        return [f"{head} {c}" for c in corners]
    if card == "surveyor":
        return [f"{head} {a} {b}" for a, b in combinations(hexes, 2)]
    if card == "armourer":
        return [f"{head} {c}" for c in corners] + [f"{head} {a} {b}" for a, b in
                                                    combinations(range(1, B.NODE_COUNT + 1), 2)]
    if card in ("tax collector", "peddler"):
        return [f"{head} {h}" for h in hexes]
    if card == "turncoat":
        return [f"{head} {s}" for s in seats] + [f"{head} {s} {c}" for s in seats for c in corners]
    if card == "envoy":
        edges = list(B.EDGE_LABELS)
        return [f"{head} {e}" for e in edges] + [f"{head} {e} to {f}" for e in edges for f in edges if e != f]
    if card in ("informer", "broker"):
        return [f"{head} {s}" for s in seats]
    if card in ("hoarder", "levy", "trade winds"):
        return [f"{head} {kind}" for kind in RD.KINDS]
    if card == "customs house":
        texts = [""]
        for seat in seats:
            texts = [t + part for t in texts for part in ["", *(f" {seat} {r}" for r in RD.KINDS[:5])]]
        return [head + t for t in texts if t]
    return [head]


def brute_force(game: RampartsGame, seat: int, card: str) -> set[str]:
    played = set()
    for text in candidates(card, game.n):
        trial = game.copy()
        try:
            trial.play(seat, text)
        except IllegalMove:
            continue
        played.add(text)
    return played


def rich_position() -> RampartsGame:
    """Cities, roads, knights of three players, the robber free, cards in every hand."""
    game = blank(3)
    settle(game, 0, 13, level=2)
    settle(game, 0, 17)
    for label in ("13-18", "18-23", "17-23", "8-13"):
        road(game, 0, label)
    settle(game, 1, 30, level=2)
    settle(game, 1, 40)
    settle(game, 1, 52)  # 4 points to ann's 3: a Broker's choice
    for label in ("24-30", "18-24", "29-34", "35-40"):
        road(game, 1, label)
    settle(game, 2, 46, level=2)
    road(game, 2, "42-46")
    knight(game, 0, 23, 1, active=False)
    knight(game, 0, 8, 2)
    knight(game, 1, 18, 2)
    knight(game, 2, 42, 1, active=False)
    give(game, 0, wool=2, ore=3, grain=1, ink=2, silver=3)
    give(game, 1, brick=2, ink=1, sailcloth=1)
    give(game, 2, lumber=1)
    hold(game, 1, "hoist")
    hold(game, 2, "festival", "levy")
    game.levels[0] = [1, 3, 2]
    game.raided = True
    return game


def playout_position(seed: int, plies: int) -> RampartsGame:
    game = GAME.new(2 + seed % 3, {"ramparts": "on"}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = rng.choice(game.to_act())
        moves = game.legal_moves(seat)
        game.play(seat, rng.choice([m for m in moves if m != "end"] or moves))
        if game.is_over():
            break
    while game.phase != "main" or game.pending:  # to a turn after its roll
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        game.play(seat, next((m for m in moves if m == "roll"), moves[0]))
    return game


@pytest.mark.parametrize("position", ["rich", "playout 4", "playout 8"])
def test_the_legal_list_of_each_card_is_exactly_what_plays(position):
    base = rich_position() if position == "rich" else playout_position(int(position.split()[1]), 150)
    seat = base.current
    for card in PLAYABLE:
        game = base.copy()
        game.progress[seat] = [card]
        if card == "stargazer":
            game.phase = "roll"
        listed = {m for m in game.legal_moves(seat) if m.startswith("play ")}
        assert listed == brute_force(game, seat, card), card
        assert all(len(text) < MOVE_TEXT_LIMIT and NOTATION.text(NOTATION.parse(text)) == text for text in listed)


def test_the_rich_position_offers_every_card_somewhere():
    game = rich_position()
    for card in PLAYABLE:
        trial = game.copy()
        trial.progress[0] = [card]
        if card == "stargazer":
            trial.phase = "roll"
        assert [m for m in trial.legal_moves(0) if m.startswith("play ")], card


def test_a_refused_card_says_why_and_changes_nothing():
    game = rich_position()
    hold(game, 0, "peddler", "plot", "informer")
    before = game.dump()
    for text, why in [("play peddler J", "not the desert"), ("play plot 42", "your roads touches"),
                      ("play informer 1", "another player"), ("play stargazer 3 4", "hold no Stargazer")]:
        with pytest.raises(IllegalMove, match=why):
            game.play(0, text)
        assert game.dump() == before


# -- hidden information, conservation, playouts ------------------------------------------------
def card_move(game: RampartsGame, rng: random.Random) -> tuple[int, str]:
    """A random move that plays and answers cards whenever it can, and seldom ends a turn."""
    seat = rng.choice(game.to_act())
    moves = game.legal_moves(seat)
    cards = [m for m in moves if m.startswith(("play ", "take ", "give "))]
    if cards and rng.random() < 0.7:
        return seat, rng.choice(cards)
    rest = [m for m in moves if m != "end" and not m.startswith(("offer ", "cancel "))]
    if rest and rng.random() < 0.85:
        return seat, rng.choice(rest)
    return seat, rng.choice(moves)


def conserved(game: RampartsGame) -> None:
    for track in RD.TRACKS:
        held = [c for s in range(game.n) for c in game.progress[s] + game.point_cards[s] if P.CARDS[c][0] == track]
        assert sorted(game.decks[track] + held) == sorted(P.deck_cards(track)), track
    assert sum(len(deck) for deck in game.decks.values()) + sum(map(len, game.progress)) == \
        P.TOTAL_CARDS - sum(map(len, game.point_cards))
    assert all(card not in P.POINT_CARDS for hand in game.progress for card in hand)
    assert [game.bank[k] + sum(h[k] for h in game.hands) for k in range(RD.KIND_COUNT)] == [19] * 5 + [12] * 3


def swapped_progress(game: RampartsGame) -> RampartsGame | None:
    """A copy with two seats' progress hands of the same size and other cards swapped."""
    for a, b in combinations(range(game.n), 2):
        if len(game.progress[a]) == len(game.progress[b]) and sorted(game.progress[a]) != sorted(game.progress[b]):
            other = game.copy()
            other.progress[a], other.progress[b] = list(game.progress[b]), list(game.progress[a])
            return other
    return None


def test_swapping_progress_hands_of_the_same_size_changes_no_public_surface():
    swaps = 0
    plays = 0
    for seed in (11, 12, 13):
        game = GAME.new(2 + seed % 3, {"ramparts": "on"}, seed)
        rng = random.Random(seed)
        for _ in range(700):
            if game.is_over():
                break
            seat, move = card_move(game, rng)
            move = game.canonical(seat, move)
            game.play(seat, move)
            plays += move.startswith(("play ", "take "))
            other = swapped_progress(game)
            if other is None:
                continue
            swaps += 1
            assert public_surfaces(other, (seat, move), False) == public_surfaces(game, (seat, move), False), move
    assert swaps >= 60 and plays >= 20


@pytest.mark.parametrize("seed", [21, 22, 23, 24, 25, 26])
def test_random_games_playing_cards_finish_with_the_cards_conserved(seed):
    game = GAME.new(2 + seed % 3, {"ramparts": "on"}, seed)
    rng = random.Random(seed)
    plays = 0
    for _ in range(8000):
        if game.is_over():
            break
        seat, move = card_move(game, rng)
        listed = game.legal_moves(seat)
        assert move in listed and len(move) < MOVE_TEXT_LIMIT
        if move.startswith("play "):
            plays += 1
            assert NOTATION.text(NOTATION.parse(move)) == move
        game.play(seat, move)
        conserved(game)
        for other in game.to_act():
            assert game.legal_moves(other), "a seat asked to act has no move"
    assert game.is_over() and plays >= 5


@pytest.mark.parametrize("card", ["informer", "broker"])
def test_a_searching_player_s_worlds_keep_the_hand_a_take_shows_and_hold_no_point_card(card):
    game = rich_position()
    hold(game, 0, card)
    hold(game, 1, "mason", "plot")
    give(game, 1, ore=2)
    game.play(0, f"play {card} 2")
    seen = (list(game.progress[1]), list(game.hands[1]))
    takes = set(game.legal_moves(0))
    for draw in range(20):
        world = game.redraw_hidden(0, random.Random(draw))
        kept = world.progress[1] if card == "informer" else world.hands[1]
        assert kept == seen[0 if card == "informer" else 1]
        assert set(world.legal_moves(0)) == takes  # each take the seat sees plays in every world
        assert not [c for hand in world.progress for c in hand if c in P.POINT_CARDS]
        conserved(world)


def test_each_designed_reading_of_a_card_is_one_sentence():
    assert len(P.CARD_NOTES) >= 5
    assert all(note.endswith(".") and "\n" not in note for note in P.CARD_NOTES)
    source = open(P.__file__, encoding="utf-8").read()
    assert source.count("# DESIGNED:") >= len(P.CARD_NOTES)


def test_pending_discard_counts_a_firebrand_s_ask():
    game = rich_position()
    hold(game, 0, "firebrand")
    settle(game, 1, 48)  # ben 5 points, holding 4 cards
    assert P.pending_discard(game, 1) == 0
    game.play(0, "play firebrand")
    assert P.pending_discard(game, 1) == 2 and P.pending_discard(game, 2) == 0


def test_a_card_whose_effect_is_refused_midway_changes_nothing(monkeypatch):
    game = rich_position()
    hold(game, 0, "hoarder")
    before = game.dump()

    def refuse(game, seat, args):
        game.hands[seat][0] += 5
        raise IllegalMove("refused midway")

    monkeypatch.setitem(P._EFFECTS, "hoarder", refuse)
    with pytest.raises(IllegalMove, match="midway"):
        game.play(0, "play hoarder wool")
    assert game.dump() == before


def two_cards_texts(verb: str) -> list[str]:
    kinds = RD.KINDS
    ones = [f"{verb} 1 {kind}" for kind in kinds] + [f"{verb} 2 {kind}" for kind in kinds]
    return ones + [f"{verb} 1 {a} 1 {b}" for a, b in combinations(kinds, 2)]


@pytest.mark.parametrize("card", ["festival", "customs house", "broker", "informer", "firebrand"])
def test_the_answers_listed_are_exactly_those_that_play(card):
    game = rich_position()
    settle(game, 1, 48)  # ben: 5 points, more than ann's 3
    give(game, 1, wool=1)  # 5 cards: brick 2, wool, ink, sailcloth
    hold(game, 1, "mason")
    hold(game, 0, card)
    play = {"festival": "play festival", "customs house": "play customs house 2 ore", "broker": "play broker 2",
            "informer": "play informer 2", "firebrand": "play firebrand"}[card]
    game.play(0, play)
    seat = 0 if card in ("broker", "informer") else 1
    assert game.to_act() == [seat]
    verb = "take" if seat == 0 else ("discard" if card == "firebrand" else "give")
    texts = two_cards_texts(verb) + [f"take {c}" for c in P.CARDS] + ["give 3 brick", "discard 3 brick"]
    played = set()
    for text in texts:
        trial = game.copy()
        try:
            trial.play(seat, text)
        except IllegalMove:
            continue
        played.add(text)
        assert trial.pending == {} and trial.to_act() == [0]
    assert set(game.legal_moves(seat)) == played and played


def test_a_world_dealt_no_commodity_to_a_customs_house_s_guest_drops_the_ask():
    game = rich_position()
    hold(game, 0, "customs house")
    game.hands[1] = [0, 0, 0, 0, 0, 1, 0, 0]  # ben: 1 ink alone
    game.hands[2] = [0, 0, 0, 0, 1, 0, 0, 0]  # cleo: 1 ore, no commodity
    game.bank = [total - sum(hand[k] for hand in game.hands) for k, total in enumerate([19] * 5 + [12] * 3)]
    game.play(0, "play customs house 2 wool")
    assert game.pending == {1: {"ask": "give", "count": 1, "by": 0, "card": "customs house"}}
    worlds = [game.redraw_hidden(0, random.Random(draw)) for draw in range(30)]
    for world in worlds:
        assert all(world.legal_moves(seat) for seat in world.to_act())
    assert any(not world.pending for world in worlds)  # some worlds dealt ben cleo's ore

"""Pioneer's Isle: the hard player plays fair, plays legal moves, and works on copies.

Fair play: the hard player's move may depend only on what its seat can see. Two games that
differ only in what the seat cannot see (the other players' development cards, which of the
other players holds which resources, the order of the development deck, the dice to come)
must get the same move from the same random generator. A player that searched the real
game instead of redrawn worlds is shown to fail the same check.
"""

from __future__ import annotations

import random

import pytest

from games.base import Rng
from games.levels import choose
from games.pioneers import GAME
from games.pioneers import data as D
from games.pioneers import search as S
from games.pioneers.game import PioneersGame


def decisions(seed: int, players: int, wanted: int, among: str = "") -> list[tuple[PioneersGame, int]]:
    """Positions of a game between heuristic players where the seat to act has a real choice
    among several candidates (`among` one of them, when given), after the setup."""
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    found = []
    while not game.is_over() and len(found) < wanted:
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        if game.turn > 4 and len(moves) > 1 and rng.random() < 0.3:
            normal = game.ai_move(seat, random.Random(0))
            options = S.candidates(game, seat, moves, normal)
            if len(options) > 2 and (not among or among in options):
                found.append((PioneersGame.load(game.dump()), seat))
        game.play(seat, game.ai_move(seat, rng))
    return found


def hidden_changed(game: PioneersGame, seat: int, rng: random.Random, top: int | None = None) -> PioneersGame:
    """The same public position and the same cards for `seat`; everything else it cannot see
    dealt differently: other seats' resources (same counts), their unplayed development cards
    and the deck (same counts), the deck order (card `top` drawn next, when given) and the
    dice to come."""
    other = PioneersGame.load(game.dump())
    other.rng = Rng(rng.randrange(2**40))
    others = [s for s in range(game.n) if s != seat]
    pool = [r for s in others for r in range(5) for _ in range(other.hands[s][r])]
    rng.shuffle(pool)
    for s in others:
        size = sum(other.hands[s])
        other.hands[s] = [pool[:size].count(r) for r in range(5)]
        pool = pool[size:]
    kept = {s: (list(other.new_devs) if s == other.current else [0] * 5) for s in others}
    unseen = list(other.deck) + [c for s in others for c in range(5)
                                 for _ in range(other.devs[s][c] - kept[s][c])]
    rng.shuffle(unseen)
    for s in others:
        size = sum(other.devs[s]) - sum(kept[s])
        other.devs[s] = [kept[s][c] + unseen[:size].count(c) for c in range(5)]
        unseen = unseen[size:]
    if top is not None and top in unseen:
        unseen.remove(top)
        unseen.append(top)  # the deck is drawn from its end
    other.deck = unseen
    assert other.view(seat) == game.view(seat)  # the seat sees the very same game
    return other


# seconds: the search's own amount decides what the hard player weighs, never the time budget's
# safety net, which a busy machine reaches (near the end four worlds were cut to three)
PLENTY = 3600.0

POSITIONS = decisions(5, 2, 4) + decisions(8, 3, 4)
BUYING = decisions(6, 2, 3, among="buy card") + decisions(9, 3, 3, among="buy card") + decisions(12, 4, 3, among="buy card")


def assert_same_move_in_twins(game: PioneersGame, seat: int, index: int, tops: tuple) -> None:
    """The hard player's move in `game` is its move in twins dealt otherwise where the seat
    cannot see, with each of `tops` (a card kind, or None for any) next in the deck."""
    move = S.hard_move(game, seat, random.Random(7), PLENTY)
    for top in tops:
        twin = hidden_changed(game, seat, random.Random(100 * index + (top or 0)), top)
        assert S.hard_move(twin, seat, random.Random(7), PLENTY) == move


@pytest.mark.parametrize("index", range(len(POSITIONS + BUYING)))
def test_hard_move_depends_only_on_what_the_seat_sees(index):
    game, seat = (POSITIONS + BUYING)[index]
    assert_same_move_in_twins(game, seat, index, (None, D.VICTORY, D.KNIGHT))


def test_a_player_that_peeks_fails_the_same_check(monkeypatch):
    """The check above has teeth: search the real hidden cards and deck (no redraw) and the
    moves come out different for some twin."""
    monkeypatch.setattr(PioneersGame, "redraw_hidden", lambda self, seat, rng: PioneersGame.load(self.dump()))
    differ = 0
    for index, (game, seat) in enumerate(BUYING):
        lucky = hidden_changed(game, seat, random.Random(index), D.VICTORY)
        unlucky = hidden_changed(game, seat, random.Random(index), D.KNIGHT)
        differ += S.hard_move(lucky, seat, random.Random(7), PLENTY) != S.hard_move(unlucky, seat, random.Random(7), PLENTY)
    assert differ > 0


def test_hard_plays_legal_moves_on_copies_to_the_end():
    for seed, players in ((3, 2), (4, 4)):
        game = GAME.new(players, {"friendly_robber": seed == 4}, seed)
        rng = random.Random(seed)
        hard = seed % players
        for _ in range(3000):
            if game.is_over():
                break
            seat = (game.awaited_answers() or game.to_act())[0]  # offers answered first, as the bot does
            if seat == hard:
                before = game.dump()
                move = choose(game, seat, "hard", rng)
                assert game.dump() == before
                assert move in game.legal_moves(seat)
            else:
                move = game.ai_move(seat, rng)
            game.play(seat, move)
        assert game.is_over()


def offer_taken(first: int) -> tuple[PioneersGame, int, str]:
    """The first position of a two-player game (hard against normal, answers played as the bot
    plays them) where the hard seat confirms an offer it made, with the seat and the move: in the
    first game from seed `first` on where that happens."""
    for seed in range(first, first + 10):
        game = GAME.new(2, {}, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if game.is_over():
                break
            seat = (game.awaited_answers() or game.to_act())[0]
            move = choose(game, seat, "hard" if seat == 0 else "normal", rng)
            if move.startswith("confirm "):
                return game, seat, move
            game.play(seat, move)
    raise AssertionError(f"the hard seat never confirmed an offer in games of seeds {first} to {first + 9}")


def test_hard_offers_one_card_for_one_and_confirms_an_answer_that_took_it():
    game, seat, move = offer_taken(8)
    offer = game.offers[-1]
    assert offer["by"] == seat and sum(offer["give"]) == sum(offer["get"]) == 1
    partner = int(move.split()[2]) - 1
    assert offer["answers"][partner] == ["accept"]
    mine, theirs = list(game.hands[seat]), list(game.hands[partner])
    game.play(seat, move)
    gave, got = offer["give"].index(1), offer["get"].index(1)
    assert game.hands[seat][got] == mine[got] + 1 and game.hands[seat][gave] == mine[gave] - 1
    assert sum(game.hands[partner]) == sum(theirs)


def test_a_confirm_is_searched_in_worlds_where_the_partner_holds_what_it_accepted_to_give():
    """A redrawn world deals the partner's cards afresh; the search gives it back what its
    acceptance showed it held (keeping its count), or the confirm could not be played there."""
    game, seat, move = offer_taken(8)
    partner = int(move.split()[2]) - 1
    owed = game.offers[-1]["get"].index(1)
    world = PioneersGame.load(game.dump())
    count = sum(world.hands[partner])
    other = next(r for r in range(5) if r != owed)
    world.hands[partner] = [count if r == other else 0 for r in range(5)]  # holds none of it
    assert 0.0 <= S.judge(PioneersGame.load(world.dump()), seat, move, seed=3) <= 1.0
    S._hold_accepted(world, move)
    assert world.hands[partner][owed] >= 1 and sum(world.hands[partner]) == count
    world.play(seat, move)
    assert sum(world.hands[partner]) == count  # the trade gave one and took one


def offer_unanswered(seed: int) -> tuple[PioneersGame, int]:
    """The first position of a two-player game (hard against normal) where the hard seat is to
    move with an offer of its own open and not answered: the answers are never played, as at a
    table where the other seat is a person who has not answered yet."""
    game = GAME.new(2, {}, seed)
    rng = random.Random(seed)
    while not game.is_over():
        seat = (game.to_act() or game.awaited_answers())[0]
        if seat == 0 and game.phase == "main" and any(o["by"] == 0 and not o["answers"] for o in game.offers):
            return game, seat
        game.play(seat, choose(game, seat, "hard" if seat == 0 else "normal", rng))
    raise AssertionError(f"the hard seat of seed {seed} never made an offer")


def test_the_search_does_not_wait_for_answers_that_have_not_come():
    """An offer nobody has answered counts for no trade: the turn goes on without it. A world
    where the partner would accept it (and does, once asked) is judged as if it had declined."""
    game, seat = offer_unanswered(10)
    offer = game.offers[-1]
    move = next(m for m in game.legal_moves(seat) if m.startswith(("road ", "settlement ", "city ")))
    worlds = {}
    for answer in ("silent", "accept", "decline"):
        worlds[answer] = PioneersGame.load(game.dump())
        if answer != "silent":
            worlds[answer].play(1, f"{answer} {offer['id']}")
    judged = {answer: S.judge(world, seat, move, seed=5) for answer, world in worlds.items()}
    assert judged["accept"] != judged["decline"]  # the trade would change the outlook
    assert judged["silent"] == judged["decline"]


def test_the_road_that_lengthens_the_longest_road_most_is_a_candidate():
    """Checked against playing every legal road in a copy and reading the road's length."""
    lengthened = 0
    for seed in range(6):
        game = GAME.new(4, {}, seed)
        rng = random.Random(seed)
        while not game.is_over() and game.turn < 60:
            seat = (game.awaited_answers() or game.to_act())[0]
            if game.phase == "main" and seat == game.current and game.turn % 3 == 0:
                position = PioneersGame.load(game.dump())
                position.hands[seat][D.LUMBER] += 1
                position.hands[seat][D.BRICK] += 1
                moves = position.legal_moves(seat)
                roads = [m for m in moves if m.startswith("road ")]
                lengths = {}
                for road in roads:
                    copy = PioneersGame.load(position.dump())
                    copy.play(seat, road)
                    lengths[road] = copy.road_len[seat]
                longest = max(lengths.values(), default=0)
                found = S._lengthening(position, seat, roads)
                if longest > position.road_len[seat]:
                    lengthened += 1
                    assert len(found) == 1 and lengths[found[0]] == longest
                    normal = position.ai_move(seat, random.Random(0))
                    assert found[0] in S.candidates(position, seat, moves, normal)
                else:
                    assert found == []
            game.play(seat, game.ai_move(seat, rng))
    assert lengthened >= 10


def endgame_decisions(seeds: range, wanted: int) -> list[tuple[PioneersGame, int]]:
    """Main-phase positions of four-player games between heuristic players where the seat in
    turn has several candidates and a seat is at 7 points or more."""
    found = []
    for seed in seeds:
        game = GAME.new(4, {}, seed)
        rng = random.Random(seed)
        while not game.is_over() and len(found) < wanted:
            seat = (game.awaited_answers() or game.to_act())[0]
            if game.phase == "main" and seat == game.current and S._endgame(game, seat):
                normal = game.ai_move(seat, random.Random(0))
                if len(S.candidates(game, seat, game.legal_moves(seat), normal)) > 2 and rng.random() < 0.2:
                    found.append((PioneersGame.load(game.dump()), seat))
            game.play(seat, game.ai_move(seat, rng))
    return found


ENDGAME = endgame_decisions(range(20, 24), 6)


@pytest.mark.parametrize("index", range(6))
def test_the_endgame_search_depends_only_on_what_the_seat_sees(index):
    game, seat = ENDGAME[index]
    assert_same_move_in_twins(game, seat, index, (None, D.VICTORY))


def worlds_drawn(game: PioneersGame, seat: int, monkeypatch) -> int:
    drawn = []
    redraw = PioneersGame.redraw_hidden
    monkeypatch.setattr(PioneersGame, "redraw_hidden", lambda self, s, rng: drawn.append(s) or redraw(self, s, rng))
    S.hard_move(game, seat, random.Random(7), PLENTY)
    monkeypatch.setattr(PioneersGame, "redraw_hidden", redraw)
    return len(drawn)


def test_the_endgame_is_searched_in_more_worlds(monkeypatch):
    """Near the end a decision is weighed over several worlds (one redrawn world can make a card
    bought look like the winning point or like nothing); before, over one."""
    for game, seat in ENDGAME[:3]:
        assert worlds_drawn(game, seat, monkeypatch) == S.ENDGAME_WORLDS > S.WORLDS
    for game, seat in POSITIONS:
        if game.phase == "main" and not S._endgame(game, seat):
            assert worlds_drawn(game, seat, monkeypatch) == S.WORLDS


def test_the_endgame_counts_only_the_points_the_seat_can_see():
    """Its own victory cards count; another seat's hidden ones do not (they are not its to see),
    so the amount of search tells nothing of them either."""
    game = GAME.new(4, {}, 3)
    rng = random.Random(3)
    while game.phase != "main" or game.turn < 8:
        seat = (game.awaited_answers() or game.to_act())[0]
        game.play(seat, game.ai_move(seat, rng))
    seat, other = game.current, (game.current + 1) % 4
    short = 7 - game.visible_points(seat)
    assert not S._endgame(game, seat)
    game.devs[other][D.VICTORY] += 7  # hidden from the seat
    assert not S._endgame(game, seat)
    game.devs[seat][D.VICTORY] += short
    assert S._endgame(game, seat)


def answers_awaited(seed: int, players: int, wanted: int) -> list[tuple[PioneersGame, int]]:
    """Positions of a game (seat 1 hard, who makes offers; the others heuristic players) where a
    seat other than the offerer is to answer an open offer and may accept it as well as decline it."""
    game = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    found = []
    while not game.is_over() and len(found) < wanted:
        seat = (game.awaited_answers() or game.to_act())[0]
        if seat != game.current and any(m.startswith("accept ") for m in game.legal_moves(seat)):
            found.append((PioneersGame.load(game.dump()), seat))
        game.play(seat, choose(game, seat, "hard" if seat == 0 else "normal", rng))
    return found


ANSWERS = answers_awaited(4, 4, 3) + answers_awaited(5, 3, 2) + answers_awaited(8, 2, 1)


def test_an_answer_to_an_offer_weighs_accepting_against_declining():
    assert len(ANSWERS) == 6
    for game, seat in ANSWERS:
        moves = game.legal_moves(seat)
        normal = game.ai_move(seat, random.Random(0))
        options = S.candidates(game, seat, moves, normal)
        number = normal.split()[1]
        assert options[0] == normal
        assert sorted(options) == [f"accept {number}", f"decline {number}"]


@pytest.mark.parametrize("index", range(6))
def test_the_answer_depends_only_on_what_the_seat_sees(index):
    game, seat = ANSWERS[index]
    assert_same_move_in_twins(game, seat, index, (None, D.VICTORY))


def test_the_answer_is_the_one_the_search_judges_best(monkeypatch):
    """Whichever of accepting and declining the judgement prefers is played, not the heuristic
    player's answer: routing the judgement to favour each in turn changes the answer."""
    game, seat = ANSWERS[0]
    for favoured in ("accept", "decline"):
        monkeypatch.setattr(S, "judge", lambda world, s, move, seed, f=favoured: float(move.startswith(f)))
        assert S.hard_move(game, seat, random.Random(7), PLENTY).startswith(favoured + " ")


def test_an_acceptance_is_judged_in_worlds_where_the_offerer_holds_what_it_offered():
    """A redrawn world deals the offerer's cards afresh; an offer showed what it held, so the
    search gives that back (keeping its count), or the trade could not be confirmed there."""
    game, seat = ANSWERS[0]
    offer = next(o for o in game.offers if f"accept {o['id']}" in game.legal_moves(seat))
    move = f"accept {offer['id']}"
    world = PioneersGame.load(game.dump())
    by, given = offer["by"], offer["give"].index(1)
    count = sum(world.hands[by])
    other = next(r for r in range(5) if r != given)
    world.hands[by] = [count if r == other else 0 for r in range(5)]  # holds none of it
    S._offerer_holds(world, "decline 1")  # only an acceptance shows anything
    assert world.hands[by][given] == 0
    S._offerer_holds(world, move)
    assert world.hands[by][given] >= 1 and sum(world.hands[by]) == count
    assert 0.0 <= S.judge(world, seat, move, seed=3) <= 1.0

"""What every registered game owes the table (games/README.md), checked the same way for all.

Parametrized over `games.registry.available()`, so a game joins by being listed there.
Positions come from seeded random playouts at small sizes; few per game, to stay quick.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import render
from bot.core.turn_buttons import turn_buttons
from games import registry
from games.base import Game, IllegalMove
from tests.fuzz_texts import ODD_DIGITS, mutations

GAMES = sorted(registry.available())
NAMES = ["ann", "ben", "cleo", "dmitri", "eve", "fay"]
MAX_MOVE = 60  # a move fits a button id and a menu value
MOVES_PER_POSITION = 120  # legal moves tried at one position (a sample when there are more)


def sizes(cls: type[Game]) -> list[int]:
    return sorted({cls.min_players, min(cls.max_players, 3)})


def playout(cls: type[Game], players: int, seed: int, every: int, limit: int = 20000):
    """(game copy, last seat, last move) at every `every`-th position of a random playout, and the end."""
    rng = random.Random(seed)
    game = cls.new(players, {}, seed)
    last = None
    for count in range(limit):
        if game.is_over():
            yield game, last
            return
        if count % every == 0:
            yield cls.load(game.dump()), last
        seat = game.to_act()[0]
        move = rng.choice(game.legal_moves(seat))
        game.play(seat, move)
        last = (seat, move)
    raise AssertionError(f"{cls.key}: a random playout of {players} did not finish in {limit} moves")


def positions(cls: type[Game], count: int, seed: int = 1) -> list[tuple[Game, tuple | None]]:
    """About `count` positions spread over playouts of each small size, the final one included."""
    found = []
    for players in sizes(cls):
        length = sum(1 for _ in playout(cls, players, seed, every=1))
        found += list(playout(cls, players, seed, every=max(1, length // count)))
    return found


@pytest.fixture(scope="module", params=GAMES)
def game_cls(request) -> type[Game]:
    return registry.get(request.param)


@pytest.fixture(scope="module")
def spots(game_cls):
    return positions(game_cls, 8)


def test_random_playouts_finish_with_an_outcome(game_cls):
    for players in sizes(game_cls):
        for seed in (2, 3):
            *_, (game, _last) = playout(game_cls, players, seed, every=10**9)
            outcome = game.outcome()
            assert outcome is not None and game.to_act() == []
            assert len(outcome.ranks) == len(outcome.scores) == players and min(outcome.ranks) == 1
            assert all(not game.legal_moves(seat) for seat in range(players))
            # the final message shows how each score is made up
            assert all(game.score_breakdown(seat).strip() for seat in range(players)), game_cls.key


def test_every_legal_move_plays_is_canonical_short_and_described(game_cls, spots):
    rng = random.Random(4)
    for game, _ in spots:
        for seat in range(game.players):
            moves = game.legal_moves(seat)
            assert len(moves) == len(set(moves)), "a move listed twice"
            for move in moves:
                assert len(move) <= MAX_MOVE, move
                assert game.canonical(seat, move) == move
            for move in rng.sample(moves, min(len(moves), MOVES_PER_POSITION)):
                after = game_cls.load(game.dump())
                after.play(seat, move)
                text = after.describe_move(seat, move, NAMES)
                assert isinstance(text, str) and text.strip(), move
                # typed in capitals and with spaces, the move is the same one
                assert game.canonical(seat, "  " + move.upper().replace(" ", "  ")) == move


def garbled(move: str) -> list[str]:
    out = ["", "xyzzy", "???", move + " xyzzy"]
    if re.search(r"\d", move):
        out.append(re.sub(r"\d+", "999", move, count=1))
    return out


def test_a_garbled_move_raises_illegal_move_and_changes_nothing(game_cls, spots):
    for game, _ in spots:
        if game.is_over():
            for text in ["xyzzy", *(garbled("x 1"))]:
                with pytest.raises(IllegalMove):
                    game.play(0, text)
            continue
        before = game.dump()
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        for move in moves[:3] + moves[-2:]:
            for text in garbled(move):
                if game.normalize(text) in moves:
                    continue
                with pytest.raises(IllegalMove):
                    game.play(seat, text)
                assert game.dump() == before, f"{text!r} changed the state"
        idle = [s for s in range(game.players) if s not in game.to_act() and not game.legal_moves(s)]
        for other in idle[:1]:
            with pytest.raises(IllegalMove):
                game.play(other, moves[0])
            assert game.dump() == before


def test_a_mutated_move_is_played_whole_or_refused_with_nothing_changed(game_cls, spots):
    """Any text: `play` either accepts it as a move whose canonical text is plain, or raises
    IllegalMove with the state untouched. No other exception, no half-played move."""
    rng = random.Random(7)
    for game, _ in spots:
        if game.is_over():
            continue
        seat = game.to_act()[0]
        before = game.dump()
        for _ in range(4):
            for text in mutations(game.legal_moves(seat), rng):
                trial = game_cls.load(before)
                logged = trial.canonical(seat, text)
                try:
                    trial.play(seat, text)
                except IllegalMove:
                    assert trial.dump() == before, f"{game_cls.key}: {text[:60]!r} was refused half-played"
                    continue
                assert not any(d in logged for d in ODD_DIGITS), f"{game_cls.key}: {text[:60]!r} -> {logged!r}"
                again = game_cls.load(before)
                again.play(seat, logged)
                assert again.dump() == trial.dump(), f"{game_cls.key}: {logged!r} plays unlike {text[:60]!r}"


def test_dump_json_load_is_identity_and_the_seed_decides(game_cls, spots):
    for game, _ in spots:
        data = game.dump()
        again = game_cls.load(json.loads(json.dumps(data)))
        assert again.dump() == data
    for players in sizes(game_cls):
        assert game_cls.new(players, {}, 11).dump() == game_cls.new(players, {}, 11).dump()
        first, second = (list(playout(game_cls, players, 12, every=25)) for _ in range(2))
        assert [g.dump() for g, _ in first] == [g.dump() for g, _ in second]


def test_the_computer_player_always_picks_a_legal_move(game_cls, spots):
    for game, _ in spots[::2]:
        for seat in game.to_act():
            assert game.ai_move(seat, random.Random(5)) in game.legal_moves(seat)


def public_surfaces(game: Game, last: tuple | None, picture: bool) -> dict:
    """Everything the channel sees of a position: nothing here may depend on a hidden card."""
    view = game.view(None)
    buttons = turn_buttons(game, 1, 1, NAMES[:game.players])
    return {
        "view": json.dumps(view, sort_keys=True),
        "status": game.status(NAMES),
        "actions": [(a.label, a.move, a.form, a.style) for a in game.public_actions()],
        "buttons": [(b.label, b.custom_id, b.style) for b in buttons],
        "last": game.describe_move(*last, NAMES) if last else None,
        "picture": render.draw(game.key, view, NAMES[:game.players]) if picture else None,
    }


def test_dealing_hidden_cards_anew_changes_nothing_public(game_cls):
    """At positions of random playouts, hands of the same sizes dealt anew leave every public
    text, button and picture as it was."""
    rng = random.Random(6)
    probe = game_cls.new(game_cls.min_players, {}, 1)
    try:
        hides = probe.redeal_hidden(rng)
    except NotImplementedError:
        pytest.fail(f"{game_cls.key}: define redeal_hidden (False when nothing is hidden between seats)")
    if not hides:
        assert probe.dump() == game_cls.new(game_cls.min_players, {}, 1).dump(), "redeal_hidden said False"
        return
    changed = 0
    spots = [spot for spot in positions(game_cls, 40, seed=7) if not spot[0].is_over()]
    for index, (game, last) in enumerate(spots):
        picture = index % 12 == 5
        before = public_surfaces(game, last, picture)
        dealt = game_cls.load(game.dump())
        dealt.redeal_hidden(rng)
        changed += dealt.dump() != game.dump()
        assert public_surfaces(dealt, last, picture) == before, f"{game_cls.key}: hidden cards show at {index}"
    assert changed >= len(spots) // 3, "the hidden cards were hardly ever dealt differently"

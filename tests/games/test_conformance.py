"""What every registered game owes the table (games/README.md), checked the same way for all.

Parametrized over `games.registry.available()`, so a game joins by being listed there.
Positions come from seeded random playouts at small sizes; few per game, to stay quick.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import games.levels
import render
from bot.core.turn_buttons import turn_buttons
from games import registry
from games.base import MOVE_TEXT_LIMIT, ComputerPlayers, Game, IllegalMove
from tests.fuzz_texts import ODD_DIGITS, mutations

# every registered game, and each option set that deals a game of another shape (`Game.variants`)
# as `key:variant`
VARIANTS = {f"{key}:{name}": variant for key, cls in registry.available().items()
            for name, variant in cls.variants.items()}
GAMES = sorted(registry.available()) + sorted(VARIANTS)


def game_class(name: str) -> type[Game]:
    return VARIANTS[name] if name in VARIANTS else registry.get(name)


def label(cls: type[Game]) -> str:
    """The game's name in GAMES: its key, and its variant's name after a colon."""
    return f"{cls.key}:{cls.variant}" if cls.variant else cls.key
NAMES = ["ann", "ben", "cleo", "dmitri", "eve", "fay"]
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
    return game_class(request.param)


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
                assert len(move) <= MOVE_TEXT_LIMIT, move
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


def padded(move: str) -> str:
    """The move with a leading zero on each number, as people type them (`s05`)."""
    return re.sub(r"\d+", lambda m: "0" + m.group(), move)


def typed_variants(moves: list[str], rng: random.Random) -> list[str]:
    """Texts a player might send for the moves listed: as listed, in capitals and spaced out,
    padded with zeros, and the fuzz mutations."""
    sample = rng.sample(moves, min(len(moves), 12))
    out = [m for move in sample for m in (move, "  " + move.upper().replace(" ", "  ") + " ", padded(move))]
    for _ in range(3):
        out += mutations(moves, rng)
    return out


def assert_listed(game_cls: type[Game], before: dict, seat: int, logged: str, typed: str) -> None:
    """The text the log keeps is one of `legal_moves`, or steps joined with `;` each listed at its turn."""
    trial = game_cls.load(before)
    if logged in trial.legal_moves(seat):
        return
    steps = [step.strip() for step in logged.split(";")]
    assert len(steps) > 1, f"{game_cls.key}: {typed[:60]!r} was played, but {logged!r} is not in legal_moves"
    for step in steps:
        assert step in trial.legal_moves(seat), f"{game_cls.key}: step {step!r} of {logged!r} is not listed"
        trial.play(seat, step)


def test_every_text_play_accepts_canonicalizes_into_legal_moves_and_plays_the_same(game_cls, spots):
    """Whatever `play` accepts, at random positions and from mutated texts alike, `canonical` turns
    into a listed move (what the log keeps) that plays to the same state."""
    rng = random.Random(8)
    for game, _ in spots:
        before = game.dump()
        for seat in range(game.players):
            moves = game.legal_moves(seat)
            if not moves:
                continue
            for text in typed_variants(moves, rng):
                trial = game_cls.load(before)
                logged = trial.canonical(seat, text)
                try:
                    trial.play(seat, text)
                except IllegalMove:
                    continue
                assert_listed(game_cls, before, seat, logged, text)
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


IMMUTABLE = (int, float, str, bool, type(None), bytes, frozenset)


def attributes(value: object) -> dict[str, object]:
    """An object's attributes, from its dict and its slots."""
    found = dict(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(value, name):
                found[name] = getattr(value, name)
    return found


def shared(first: object, second: object, path: str) -> list[str]:
    """Where two values hold one and the same mutable object. Within objects below the game
    (an island, a board, the Rng), private names are caches the object replaces, never changes."""
    if isinstance(first, IMMUTABLE):
        return []
    if first is second and not isinstance(first, tuple):
        return [path]
    if isinstance(first, dict) and isinstance(second, dict):
        return [p for key in first if key in second for p in shared(first[key], second[key], f"{path}[{key!r}]")]
    if isinstance(first, list | tuple) and isinstance(second, list | tuple):
        return [p for i, (a, b) in enumerate(zip(first, second, strict=False)) for p in shared(a, b, f"{path}[{i}]")]
    if isinstance(first, set | frozenset):
        return []
    mine, theirs = attributes(first), attributes(second)
    return [p for name in mine if not name.startswith("_") and name in theirs
            for p in shared(mine[name], theirs[name], f"{path}.{name}")]


def test_a_copy_is_the_same_state_sharing_nothing_mutable_with_its_original(game_cls, spots):
    """`copy()` gives what `load(dump())` gives, every attribute of the game is in its field table
    (so none is forgotten by a copy), and no list, dict or object is held by both."""
    fields = {field.name: field for field in game_cls.fields}
    for game, _ in spots:
        copy = game.copy()
        assert copy.dump() == game.dump() == game_cls.load(game.dump()).dump()
        assert set(attributes(copy)) == set(attributes(game)) == set(fields), game_cls.key
        for name, field in fields.items():
            if not field.shared:
                assert not shared(getattr(game, name), getattr(copy, name), name), (game_cls.key, name)
        seat = next(iter(game.to_act()), None)
        if seat is not None:  # a move played on the copy leaves the original as it was
            before = game.dump()
            copy.play(seat, game.legal_moves(seat)[-1])
            assert game.dump() == before


def test_taking_back_a_move_the_game_allows_restores_the_exact_dump(game_cls):
    """Take-back rebuilds a table from its deal and the moves that stand (bot/features/takeback.py):
    for every move `can_take_back` allows along seeded playouts, that gives the dump before the
    move, and the move played again gives the dump after it."""
    allowed = refused = 0
    for players in sizes(game_cls):
        rng = random.Random(9)
        game = game_cls.new(players, {}, 9)
        log: list[tuple[int, str]] = []
        # on until both kinds were met: a game of one size may allow every move of its setup
        while not game.is_over() and (allowed < 12 * len(sizes(game_cls)) or not refused):
            seat = game.to_act()[0]
            move = rng.choice(game.legal_moves(seat))
            before = game.copy()
            game.play(seat, move)
            log.append((seat, move))
            if not game.can_take_back(before, seat, move):
                refused += 1
                continue
            allowed += 1
            rebuilt = game_cls.replay_deal(players, {}, 9, game.dump())
            for who, played in log[:-1]:
                rebuilt.play(who, played)
            assert rebuilt.dump() == before.dump(), f"{game_cls.key}: move {len(log)} `{move}`"
            rebuilt.play(seat, move)
            stored = game_cls.load(before.dump())  # and from the stored state, as the table keeps it
            stored.play(seat, move)
            assert rebuilt.dump() == stored.dump() == game.dump()
    assert allowed and refused, (allowed, refused)


def test_the_computer_player_always_picks_a_legal_move(game_cls, spots):
    for game, _ in spots[::2]:
        for seat in game.to_act():
            assert game.ai_move(seat, random.Random(5)) in game.legal_moves(seat)


SMALL_BUDGET = 0.05  # seconds: the hard players stop early, and must still answer a legal move


def test_every_level_picks_a_legal_move_and_leaves_the_game_as_it_was(game_cls, spots):
    """Nothing here catches an error: a player that cannot choose fails, it does not fall back."""
    for game, _ in spots[::2]:
        before = game.dump()
        for seat in game.to_act():
            for level in games.levels.LEVELS:
                move = games.levels.choose(game, seat, level, random.Random(5), SMALL_BUDGET)
                assert move in game.legal_moves(seat), f"{game_cls.key}: {level} chose {move!r}"
                assert game.dump() == before, f"{game_cls.key}: the {level} player changed the game"


class Stuck(Exception):
    """Raised by a computer player that cannot choose."""


def stuck(*_args, **_kwargs) -> str:
    raise Stuck


class NoLapse(random.Random):
    def random(self) -> float:
        return 0.99  # the easy player never lapses, so it asks the normal player


@pytest.mark.parametrize("own", [True, False], ids=["own players", "generic levels"])
def test_an_error_of_a_computer_player_comes_out_of_levels_choose(game_cls, spots, own):
    game = next(g.copy() for g, _ in spots if not g.is_over())
    seat = game.to_act()[0]
    game.computer = ComputerPlayers(normal=stuck, hard=stuck if own else None, easy=stuck if own else None)
    for level in games.levels.LEVELS:
        with pytest.raises(Stuck):
            games.levels.choose(game, seat, level, NoLapse(1), SMALL_BUDGET)


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


def perft(game: Game, depth: int) -> int:
    """Leaves of the move tree to `depth`, the first seat to act moving at every node (python-chess's perft)."""
    if depth == 0 or game.is_over():
        return 1
    seat = game.to_act()[0]
    total = 0
    for move in game.legal_moves(seat):
        child = game.copy()
        child.play(seat, move)
        total += perft(child, depth - 1)
    return total


def advanced(cls: type[Game], players: int, seed: int, plies: int) -> Game:
    """The position after `plies` random legal moves (drawn with `random.Random(seed)`) from a new game of that seed."""
    game = cls.new(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
    return game


# (players, seed, plies) -> move counts at depth 1 and 2. Counted on the code as it stood before
# the games got their move parsers: a parser or a new home for a player must not add or lose a move.
PINNED_COUNTS = {
    "archipels": [((3, 1, 0), (120, 309)), ((4, 2, 5), (94, 276)), ((2, 3, 30), (41, 526)), ((3, 3, 30), (25, 72))],
    # re-pinned when new tables of Pioneer's Isle drew their dice from the digest (`Rng.hashed`);
    # the old draws still give the old counts (54, 144), (10, 98), (13, 169), (18, 188)
    "pioneers": [((2, 1, 0), (54, 144)), ((2, 5, 40), (14, 194)), ((4, 7, 100), (11, 53)), ((3, 8, 150), (15, 77))],
    # the sea layouts as first pinned: setup, a turn with ships to build and move, the robber or the pirate
    "pioneers:shores": [((3, 1, 0), (42, 172)), ((4, 3, 500), (36, 1175)), ((4, 23, 500), (81, 797)),
                        ((3, 14, 300), (15, 221))],
    "pioneers:isles": [((2, 1, 0), (87, 407)), ((3, 11, 500), (79, 6923)), ((3, 13, 300), (26, 440)),
                       ((2, 6, 500), (21, 396))],
    # Ramparts as first pinned: setup, a roll, and two turns with knights, walls and improvements
    # among the moves (no progress card is playable until their effects are built)
    "pioneers:ramparts": [((3, 1, 0), (54, 144)), ((2, 5, 40), (1, 25)), ((4, 7, 100), (18, 115)),
                          ((3, 8, 150), (37, 1361))],
    "hawaii": [((1, 1, 0), (14, 56)), ((1, 5, 2), (11, 102)), ((1, 6, 6), (3, 50)), ((1, 3, 8), (10, 39))],
    # re-pinned when every distinct way to pay fuel got its own move (the old listing, one way per
    # source drawn on first, gave (10, 113) and (15, 351); the random plies now choose among more)
    "growsky": [((2, 1, 0), (36, 864)), ((3, 2, 5), (10, 121)), ((2, 4, 40), (9, 154))],
    "propeller": [((2, 1, 0), (3, 6)), ((3, 2, 3), (12, 276)), ((4, 3, 32), (13, 27)), ((2, 4, 44), (49, 147))],
}


def test_pinned_move_counts_at_depth_one_and_two(game_cls):
    pinned = PINNED_COUNTS.get(label(game_cls))
    assert pinned, f"{label(game_cls)}: pin its move counts in PINNED_COUNTS"
    for (players, seed, plies), counts in pinned:
        game = advanced(game_cls, players, seed, plies)
        assert (perft(game, 1), perft(game, 2)) == counts, f"{game_cls.key} {players} players, seed {seed}, {plies} plies"

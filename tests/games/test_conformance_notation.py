"""The conformance suite, notation part: every registered game's move table (`Game.notation`,
from games/<key>/moves.py) reads, writes and plays moves the same way.

Each game's examples of texts outside its notation and of spellings its reader accepts are
listed below, as its move counts are pinned in test_conformance.py; the checks are the same for
every game.
"""

from __future__ import annotations

import importlib
import random
from typing import get_args

import pytest

import games.base
from games import registry
from games.base import MOVE_TEXT_LIMIT, Game, IllegalMove
from tests.games.test_conformance import GAMES, game_class, label, sizes

# options a walk of the game also takes, where a kind of move needs them (Grow Sky's room card)
WALK_OPTIONS = {"growsky": [{}, {"advanced": "on"}]}
WALK_SEEDS = 12
# kinds a walk of a few seeded games seldom meets, with why; their texts are read in SPELLINGS
SELDOM = {"archipels": {"Paddle": "only when no free tile is left on the board"},
          # a walk's games stop at 3000 moves, before a sea game's random players buy many cards
          "pioneers:isles": {"Monopoly": "a card of 25, bought late in the long sea games"},
          "pioneers:shores": {"Monopoly": "a card of 25, bought late in the long sea games"},
          # the progress cards' effects come with their own branch: until then no card is playable
          "pioneers:ramparts": {"Play": "no progress card is playable yet", "Take": "answers a card's effect",
                                "Give": "answers a card's effect"}}

# texts outside each game's notation, and a part of the reason the reader gives (None: any reason)
NOT_NOTATION: dict[str, list[tuple[str, str | None]]] = {
    "archipels": [
        ("hop r2", "Unknown move `hop r2`."), ("take r9 c1", "Name a line"), ("paddle r2 c1", "Write `paddle r2`"),
        ("take r2", "Say which tiles of row 2"), ("take r2 c1,c1", "Each tile can be taken once."),
        ("take r2 c7", "`c7` is not a column (1 to 5)."), ("place t5 2", "Give a position"),
        ("place t5 ٣,1", "Give a position"), ("place", "Name a tile"), ("dock x5", "`x5` is not a tile"),
        ("done now", "Write `done`."), ("flower r3c2", "Write `flower r3c2 octopus`"),
        ("flower r9c2 octopus", "There is no space r9c2 on the board."),
    ],
    "pioneers": [(text, None) for text in (
        "", "fly", "roll 3", "end now", "robber zz", "robber k rob 1", "robber k steal x", "settlement x",
        "settlement 99", "city", "road 1-99", "road building x", "buy it", "knight x", "year of",
        "year of plenty gold", "monopoly gold", "trade 4 wool", "offer 1 wool for 1 wool", "accept", "accept x",
        "accept 1 2", "counter 1", "confirm 1", "confirm x 1", "cancel", "cancel 1 2", "discard 1 gold",
        "settlement ④", "discard ² wool")],
    "hawaii": [(text, None) for text in (
        "", "fly", "shares x", "shares 1 2", "action fly", "connect oahu", "connect oahu-lanai",
        "urbanize atlantis red", "done now", "deliver pink oahu-maui", "deliver red oahu", "deliver red oahu-x",
        "place red 9,9", "place red 1,x", "place red ²,1", "shares ④")],
    "propeller": [(text, None) for text in (
        "", "fly 2", "die 7", "die ٣", "die 4 to", "claim b 1,-1", "claim z at 1,1", "claim b at 1,x", "run 3",
        "run t3 dance", "deploy e9 to t1", "place 1", "gain wool", "blueprint 12 on 3", "draw iii", "stop now",
        "take x")],
    "growsky": [(text, "not a Grow Sky move") for text in (
        "", "xyzzy", "fly", "fly 03", "fly 3 +x", "fly 3 +", "fly ３", "draft p01 s1", "buy m1", "buy m1 s5 s6",
        "grow", "grow die 1", "grow move 1 2", "grow sky", "place v3", "place cube a1", "cube z9", "side c",
        "end now", "fly 3 pay lv9", "upgrade s²", "fly 3 pay 1", "fly 3 pay 01 lv2", "fly 3 pay lv2 lv2",
        "fly 3 pay 1 2 lv2", "fly 3 pay")],
}

# (a text as a player may type it, the canonical text its reading writes back)
SPELLINGS: dict[str, list[tuple[str, str]]] = {
    "archipels": [("take r2 3,c1", "take r2 c1,c3"), ("take c4 r5, r2", "take c4 r2,r5"),
                  ("place 057 +2,-1", "place t57 2,-1"), ("dock t09", "dock t9"), ("done", "done"),
                  ("paddle r2", "paddle r2")],
    "pioneers": [("robber k steal 2", "robber K steal 2"), ("discard wool 2 lumber", "discard 2 lumber 1 wool"),
                 ("counter #3 2 ore for 1 wool", "counter 3 give 2 ore get 1 wool"), ("buy development card", "buy card"),
                 ("buy", "buy card"), ("year of plenty ore wool", "year of plenty wool ore"), ("knight", "knight"),
                 ("road building", "road building"), ("monopoly ore", "monopoly ore")],
    "hawaii": [("connect maui-oahu", "connect oahu-maui"), ("urbanize maui black", "urbanize maui black"),
               ("place pink 2,3", "place pink 2,3")],
    "propeller": [(text, text) for text in (
        "die 4", "die 4 to 5", "die 4 reroll", "claim b at 1,-1", "run t0 goods", "run t13 buy steel extra",
        "run t3 extra", "deploy a2 to t3", "place 1,0", "blueprint 12 on t3", "blueprint 12 keep", "draw ii",
        "value 5")],
    "growsky": [("fly 3 +0", "fly 3"), ("fly 3 1", "fly 3 +1"), ("fly 3 +2", "fly 3 +2"), ("pick 2", "pick 2"),
                ("pick fuel", "pick fuel"), ("place v3 o1 a1 pay lv2", "place v3 o1 a1 pay lv2"),
                ("buy m6 s1 pay 1 fuel 2 lv1", "buy m6 s1 pay 1 fuel 2 lv1")],
}


def moves_module(cls: type[Game]):
    return importlib.import_module(cls.__module__.rpartition(".")[0] + ".moves")


def walk(cls: type[Game]) -> tuple[list[tuple[Game, int, str]], set[type]]:
    """(position, seat, listed move) over seeded games in which any seat with moves may move (so
    answers to offers are played), half the moves the computer's; and the kinds of move met."""
    listed, kinds = [], set()
    wanted = {kind for kind, verb in cls.notation.verbs.items() if verb.handler is not None}
    wanted -= {kind for kind in wanted if kind.__name__ in SELDOM.get(label(cls), {})}
    for seed in range(1, WALK_SEEDS + 1):
        options = WALK_OPTIONS.get(cls.key, [{}])[seed % len(WALK_OPTIONS.get(cls.key, [{}]))]
        players = sizes(cls)[seed % len(sizes(cls))]
        rng = random.Random(seed)
        game = cls.new(players, options, seed)
        for count in range(3000):
            if game.is_over():
                break
            movers = [seat for seat in range(players) if game.legal_moves(seat)]
            for seat in movers:
                for move in game.legal_moves(seat):
                    kinds.update(type(step) for step in cls.notation.parse_steps(move))
                    if count % 5 == 0:
                        listed.append((cls.load(game.dump()), seat, move))
            seat = rng.choice(movers)
            acting = seat in game.to_act() and rng.random() < 0.5
            game.play(seat, game.ai_move(seat, rng) if acting else rng.choice(game.legal_moves(seat)))
        if seed >= 3 and wanted <= kinds:
            break
    return listed, kinds


@pytest.fixture(scope="module", params=GAMES)
def game_cls(request) -> type[Game]:
    return game_class(request.param)


@pytest.fixture(scope="module")
def walked(game_cls):
    return walk(game_cls)


def test_no_game_defines_a_verb_of_its_own(game_cls):
    module = moves_module(game_cls)
    assert getattr(module, "Verb", games.base.Verb) is games.base.Verb
    assert isinstance(module.NOTATION, games.base.Notation)
    # a variant's table is made by the same module for its map (`VARIANT_MOVES` names its kinds)
    assert game_cls.notation is module.NOTATION or game_cls.variant in module.VARIANT_MOVES
    assert module.parse is module.NOTATION.parse and module.text == module.NOTATION.text


def test_the_move_table_has_every_kind_of_move_once_with_a_handler(game_cls):
    table = game_cls.notation
    module = moves_module(game_cls)
    kinds = module.VARIANT_MOVES[game_cls.variant] if game_cls.variant else module.Move
    assert set(table.verbs) == set(get_args(kinds))
    handlers = table.handlers(game_cls)
    assert handlers == game_cls._handlers
    for kind, verb in table.verbs.items():
        assert (kind in handlers) == (verb.handler is not None)
        assert kind not in handlers or handlers[kind].__name__.startswith("_play_")
        assert verb.read is None or table.readers[verb.word] is verb.read
    assert not [name for name in dir(game_cls) if name.startswith("_do_")]
    # each reader's word is the first word of the texts it reads
    assert {verb.word for verb in table.verbs.values() if verb.read is not None} == set(table.readers)


def test_every_kind_of_move_is_met_in_play_save_the_seldom_ones(game_cls, walked):
    _listed, kinds = walked
    unmet = {kind.__name__ for kind, verb in game_cls.notation.verbs.items() if verb.handler is not None} - \
        {kind.__name__ for kind in kinds}
    assert unmet <= set(SELDOM.get(label(game_cls), {})), unmet


def test_every_listed_move_reads_into_values_that_write_it_back(game_cls, walked):
    """The round trip, each step's kind allowed in the game's phase, and a menu group for it."""
    table = game_cls.notation
    listed, _kinds = walked
    for game, _seat, move in listed:
        assert len(move) <= MOVE_TEXT_LIMIT, move
        steps = table.parse_steps(move)
        assert table.steps_text(steps) == move
        for step in steps:
            assert table.parse(table.text(step)) == step
            verb = table.verb(step)
            assert not verb.phases or game.phase in verb.phases, (move, game.phase)
            assert verb.read is None or table.text(step).split(" ")[0] == verb.word
            assert table.group(step) is None or table.group(step).strip()


def test_steps_joined_with_a_semicolon_read_in_order(game_cls, walked):
    table = game_cls.notation
    listed, _kinds = walked
    first, second = listed[0][2], listed[-1][2]
    assert table.parse_steps(f"{first} ;; {second} ;") == table.parse_steps(first) + table.parse_steps(second)


@pytest.mark.parametrize("key", sorted(NOT_NOTATION))
def test_a_text_outside_the_notation_is_refused_by_the_reader_with_its_reason(key):
    table = registry.get(key).notation
    for text, reason in NOT_NOTATION[key] + [("xyzzy 1", None), ("④", None)]:
        with pytest.raises(IllegalMove) as refused:
            table.parse(text)
        assert str(refused.value).strip() and (reason is None or reason in str(refused.value)), (text, refused.value)


@pytest.mark.parametrize("key", sorted(SPELLINGS))
def test_spellings_a_player_types_read_as_the_value_of_their_canonical_text(key):
    table = registry.get(key).notation
    for typed, written in SPELLINGS[key]:
        assert table.parse(typed) == table.parse(written), typed
        assert table.text(table.parse(typed)) == written


def test_public_buttons_offer_only_kinds_the_move_table_allows_on_a_button(game_cls, walked):
    """`quick_moves` and the public actions that play a whole move: kinds whose existence reveals nothing."""
    table = game_cls.notation
    listed, _kinds = walked
    seen = set()
    for game, _seat, _move in listed[::7]:
        if id(game) in seen:
            continue
        seen.add(id(game))
        for seat in range(game.players):
            quick = game.quick_moves(seat)
            assert set(quick) <= set(game.legal_moves(seat))
            assert all(table.verb(step).button for move in quick for step in table.parse_steps(move)), quick
        for action in game.public_actions():
            if not action.form:
                assert table.verb(table.parse(action.move)).button, action


def test_what_a_page_may_know_of_a_game_is_in_its_notation(game_cls, walked):
    """The obvious moves (Enter on the board page) are public kinds; each traded good is a word of listed moves."""
    table = game_cls.notation
    for move in game_cls.obvious_moves:
        assert table.verb(table.parse(move)).button and table.text(table.parse(move)) == move
    words = {word for _game, _seat, move in walked[0] for word in move.split(" ")}
    assert set(game_cls.traded_goods) <= words

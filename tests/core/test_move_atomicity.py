"""A move is atomic whatever is typed and whatever goes wrong inside it.

Texts made from each game's own legal moves by the mistakes people and pastes make (digits from
other scripts, `;` chains, huge numbers, pasted pages) go through the table service for every
game. A refused text changes nothing in the store or the cached game and gets a short private
reason; an accepted one leaves a stored state that is the replay of the log.
"""

from __future__ import annotations

import random

import pytest

from bot.core.moves import QUOTED, REFUSAL_CHARS
from bot.core.replay import matches_log
from games import registry
from tests.fuzz_texts import ODD_DIGITS, mutations
from tests.helpers import service_at, who

GAMES = sorted(registry.available())
async def snapshot(store, table: int):
    row = await store.table(table)
    return row.version, row.state, [(m.n, m.move) for m in await store.moves(table)]


async def fuzz_game(tmp_path, key: str, positions: int, per_position: int, seed: int):
    cls = registry.get(key)
    players = 1 if cls.max_players == 1 else 2
    tmp_path.mkdir(parents=True, exist_ok=True)
    service = await service_at(tmp_path / f"{key}.db", seeds=lambda: seed)
    people = [who(f"P{i}", 10 + i) for i in range(players)]
    assert (await service.handle(people[0], "open", {"game": key})).ok
    for caller in people[1:]:
        assert (await service.handle(caller, "join")).ok
    assert (await service.handle(people[0], "start")).ok
    table = (await service.store.open_table(222)).id
    by_user = {c.user_id: c for c in people}
    rng = random.Random(seed)
    tried = refused = accepted = 0
    for _ in range(positions):
        row = await service.store.table(table)
        if row.status != "active":
            break
        seats = {s.seat: s.user_id for s in await service.store.seats(table)}
        game = registry.get(key).load(row.state)
        seat = game.to_act()[0]
        caller = by_user[seats[seat]]
        for text in mutations(game.legal_moves(seat), rng):
            before = await snapshot(service.store, table)
            cached = service._cache.get(table)
            cached_dump = cached.game.dump() if cached is not None else None
            reply = await service.handle(caller, "move", {"move": text})
            tried += 1
            if reply.ok:
                accepted += 1
                assert await matches_log(service.store, table), f"{key}: `{text[:80]}` left a state the log does not make"
                break  # the position moved on: take the next one
            refused += 1
            assert reply.private.strip() and not reply.text and reply.image is None
            assert len(reply.private) <= REFUSAL_CHARS
            assert text.strip()[: QUOTED * 3] not in reply.private or len(text.strip()) <= QUOTED * 3
            assert await snapshot(service.store, table) == before, f"{key}: `{text[:80]}` changed the store"
            cached = service._cache.get(table)
            if cached is not None and cached_dump is not None:
                assert cached.game.dump() == cached_dump, f"{key}: `{text[:80]}` changed the cached game"
            if tried % per_position == 0:
                break
        # then a real move, so the fuzz meets later phases of the game
        row = await service.store.table(table)
        if row.status != "active":
            break
        game = registry.get(key).load(row.state)
        seat = game.to_act()[0]
        reply = await service.handle(by_user[seats[seat]], "move", {"move": await service.ai_suggestion(
            by_user[seats[seat]])})
        assert reply.ok, reply.private
        assert await matches_log(service.store, table)
    return tried, refused, accepted


@pytest.mark.parametrize("key", GAMES)
async def test_mutated_moves_are_refused_privately_or_replay_exactly(tmp_path, key):
    tried, refused, accepted = await fuzz_game(tmp_path, key, positions=40, per_position=15, seed=3)
    print(f"{key}: {tried} texts, {refused} refused, {accepted} accepted")
    assert tried >= 80 and refused > accepted


@pytest.mark.slow
@pytest.mark.parametrize("key", GAMES)
async def test_many_mutated_moves_over_whole_games(tmp_path, key):
    tried = 0
    for seed in (11, 12, 13, 14):
        tried += (await fuzz_game(tmp_path / str(seed), key, positions=150, per_position=15, seed=seed))[0]
    print(f"{key}: {tried} texts over four games")
    assert tried >= 250


@pytest.mark.parametrize("key", GAMES)
def test_a_digit_from_another_script_is_a_refusal_not_a_crash(key):
    """`isdigit` says yes to ² and ④ and `int` then fails half-way through a move: each game refuses them."""
    from games.base import IllegalMove

    cls = registry.get(key)
    game = cls.new(1 if cls.max_players == 1 else 2, {}, 5)
    seat = game.to_act()[0]
    for move in game.legal_moves(seat)[:20]:
        for odd in ODD_DIGITS:
            text = "".join(odd if c.isdigit() else c for c in move)
            if text == move:
                text = f"{move} {odd}"
            for typed in (text, f"{move}; die {odd}", f"{move}; {text}"):
                trial = cls.load(game.dump())
                logged = trial.canonical(seat, typed)
                try:
                    trial.play(seat, typed)
                except IllegalMove:
                    assert trial.dump() == game.dump(), f"{key}: `{typed}` was refused half-played"
                else:  # what the log would keep is written in plain digits
                    assert not any(d in logged for d in ODD_DIGITS), f"{key}: `{typed}` logged as `{logged}`"


async def test_a_fault_inside_a_move_leaves_store_and_cache_as_they_were(tmp_path, sticks, monkeypatch, caplog):
    """Not only refusals: any exception in the middle of `play` undoes the move everywhere."""
    real_play = sticks.play

    def faulty(self, seat, move):
        if move.strip() == "take 2":
            self.pile -= 2  # half the move is made ...
            raise KeyError("a bug in the rules")  # ... then the engine fails
        real_play(self, seat, move)

    monkeypatch.setattr(sticks, "play", faulty)
    service = await service_at(tmp_path / "f.db")
    alice, bob = who("Alice", 1), who("Bob", 2)
    await service.handle(alice, "open", {"game": "sticks", "options": "sticks=20"})
    await service.handle(bob, "join")
    await service.handle(alice, "start")
    table = (await service.store.open_table(222)).id
    seats = {s.seat: s.user_id for s in await service.store.seats(table)}
    first = alice if seats[0] == alice.user_id else bob
    second = bob if first is alice else alice
    before = await snapshot(service.store, table)
    reply = await service.handle(first, "move", {"move": "take 2"})
    assert not reply.ok and "our side" in reply.private and "nothing was played" in reply.private
    assert await snapshot(service.store, table) == before
    assert "a bug in the rules" in caplog.text  # logged for us, once
    assert len([r for r in caplog.records if r.levelname == "ERROR"]) == 1
    assert service._cache.get(table) is None or service._cache.get(table).game.pile == 20
    assert (await service.handle(first, "move", {"move": "take 1"})).ok
    assert (await service.handle(second, "move", {"move": "take 3"})).ok
    assert await matches_log(service.store, table)
    assert registry.get("sticks").load((await service.store.table(table)).state).pile == 16


async def test_a_pasted_page_gets_a_short_refusal(tmp_path, sticks):
    service = await service_at(tmp_path / "p.db")
    alice, bob = who("Alice", 1), who("Bob", 2)
    await service.handle(alice, "open", {"game": "sticks"})
    await service.handle(bob, "join")
    await service.handle(alice, "start")
    for typed in ("take " + "9" * 6000, "x" * 300):
        for caller in (alice, bob):
            reply = await service.handle(caller, "move", {"move": typed})
            assert not reply.ok and len(reply.private) < 700, len(reply.private)


@pytest.mark.parametrize("page", ["²", "④", "٣", "-1", "1e3", "x"])
async def test_a_page_number_in_other_digits_is_refused(tmp_path, sticks, page):
    service = await service_at(tmp_path / "h.db")
    alice, bob = who("Alice", 1), who("Bob", 2)
    await service.handle(alice, "open", {"game": "sticks"})
    await service.handle(bob, "join")
    await service.handle(alice, "start")
    for command in ("history", "moves"):
        reply = await service.handle(alice, command, {"page": page})
        assert reply.private.strip()
    reply = await service.handle(alice, "history", {"page": page})
    assert not reply.ok and "number" in reply.private

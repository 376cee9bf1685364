"""Since your last turn: the notice that calls a person back tells the other seats' turns in their
public form, one line a turn, and what the person gained or lost privately; nothing of another
seat's hidden cards."""

from __future__ import annotations

import random

import pytest

from bot.core import since
from bot.core.history import Entry
from bot.features.notify import Notify
from bot.features.timing import Timing
from games import registry
from games.pioneers.data import RESOURCES as RESOURCES_NAMES
from tests.features.test_timing import FakeOutbox, TravelClock, rounds, to_act  # noqa: F401 (a fixture)
from tests.helpers import ALICE, BOB, CAROL, service_at

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")  # rounds: the test game of the timing tests



def gains(notice: str) -> dict[str, int]:
    """The sum of every `(you: +2 wool, -1 ore)` of a notice, by kind."""
    total: dict[str, int] = {}
    for line in notice.splitlines():
        if "(you: " not in line:
            continue
        for part in line.rsplit("(you: ", 1)[1].rstrip(")").split(", "):
            count, kind = part.split(" ", 1)
            total[kind] = total.get(kind, 0) + int(count)
    return {k: v for k, v in total.items() if v}


async def pioneers_with_computers(tmp_path):
    service = await service_at(tmp_path / "n.db")
    assert (await service.handle(ALICE, "open", {"game": "pioneers"})).ok
    for _ in range(2):
        assert (await service.handle(ALICE, "addai")).ok
    assert (await service.handle(ALICE, "start")).ok
    return service


async def test_the_turn_reply_tells_each_other_turn_in_one_line_with_what_the_person_gained(tmp_path):
    service = await pioneers_with_computers(tmp_path)
    told = 0
    for _ in range(120):
        loaded = await service.here(ALICE.channel_id)
        mine = loaded.seat_of(ALICE.user_id).seat
        if loaded.game.is_over():
            break
        move = await service.ai_suggestion(ALICE)
        mirror = loaded.game.copy()
        mirror.play(mine, move)  # the person's hand right after their move: the notice counts from here
        hand_after_move = list(mirror.hands[mine])
        reply = await service.handle(ALICE, "move", {"move": move})
        assert reply.ok, reply.private
        now = await service.table(loaded.row.id)
        if now.game.is_over():
            break
        if mine not in now.game.to_act() or "Since your last turn:" not in reply.private:
            continue
        notice = reply.private.split("Since your last turn:\n", 1)[1].split("\nYour hand", 1)[0]
        lines = notice.splitlines()
        # one line per run of another seat's moves since the person's move
        log = await service.store.moves(now.row.id)
        last = max(i for i, m in enumerate(log) if m.seat == mine)
        runs = [m.seat for i, m in enumerate(log[last + 1:]) if i == 0 or log[last + i].seat != m.seat]
        assert len(lines) == min(len(runs), since.MOST_TURNS) and all(line.startswith("- ") for line in lines)
        names = now.names()
        assert all(names[seat] in line for seat, line in zip(runs[-len(lines):], lines, strict=True))
        # the private gains and losses add up to the change of the person's own hand, and only theirs
        if len(runs) <= since.MOST_TURNS:
            change = {RESOURCES_NAMES[i]: now.game.hands[mine][i] - hand_after_move[i] for i in range(5)}
            assert gains(notice) == {k: v for k, v in change.items() if v}
            told += bool(gains(notice))
        assert len(reply.private) < 2000
    assert told >= 3  # production and the like were told several times


def test_swapping_other_seats_hidden_cards_changes_nothing_in_the_notice():
    cls = registry.get("pioneers")
    rng = random.Random(4)
    game = cls.new(4, None, 11)
    played: list[tuple[int, str]] = []
    for _ in range(160):
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        game.play(seat, move)
        played.append((seat, move))
    names = ["Ann", "Ben", "Cat", "Dan"]
    entries = [Entry(i + 1, s, m, f"{names[s]} played {m}") for i, (s, m) in enumerate(played)]
    person = 0  # the moment of the game when the most turns of others passed since seat 0 moved
    cut = max(range(60, len(played)), key=lambda k: len(since.runs(entries[:k], person)[1]))
    entries, played = entries[:cut], played[:cut]
    start, turns = since.runs(entries, person)
    assert len(turns) >= 3
    states = since.states_at(cls, 4, {}, 11, None, played, start, turns)
    since.add_changes(turns, person, states)
    plain = since.fold(turns, names)
    others = [s for s in range(4) if s != person]
    for state in states:  # the other seats' hands traded among them, everywhere along the way
        a, b = others[0], others[1]
        state.hands[a], state.hands[b] = state.hands[b], state.hands[a]
        state.devs[a], state.devs[b] = state.devs[b], state.devs[a]
    for turn in turns:
        turn.change = ""
    since.add_changes(turns, person, states)
    assert since.fold(turns, names) == plain
    # and the person's own hand does shape it
    for state in states[1:]:
        state.hands[person] = [x + 1 for x in state.hands[person]]
    for turn in turns:
        turn.change = ""
    since.add_changes(turns, person, states)
    assert since.fold(turns, names) != plain


def test_a_long_absence_keeps_the_latest_turns_and_counts_the_rest():
    entries = [Entry(i + 1, i % 4, "x", f"P{i % 4} moved " + "y" * 200) for i in range(80)]
    start, turns = since.runs(entries, 0)
    assert start == 77 and len(turns) == 3
    start, turns = since.runs(entries[:-3] + [Entry(0, s, "x", f"P{s} did") for s in (1, 2, 3) * 20], 0)
    text = since.fold(turns, ["P0", "P1", "P2", "P3"])
    assert text.splitlines()[1].startswith("- … ") and len(text) <= since.NOTICE_CHARS + 200
    assert len(text.splitlines()) <= since.MOST_TURNS + 2


async def test_the_direct_message_of_a_turn_tells_what_happened_since(tmp_path):
    clock = TravelClock()
    service = await service_at(tmp_path / "d.db", clock=clock)
    timing = Timing(service)
    service.extend(timing)
    service.extend(Notify(service, timing))
    service.outbox = FakeOutbox()
    assert (await service.handle(ALICE, "open", {"game": "rounds"})).ok
    for person in (BOB, CAROL):
        assert (await service.handle(person, "join")).ok
    assert (await service.handle(ALICE, "start")).ok
    order = []
    for _ in range(3):
        mover, = await to_act(service)
        order.append(mover)
        assert (await service.handle(mover, "notify", {"mode": "dm"})).ok
        assert (await service.handle(mover, "move", {"move": "score 2"})).ok
    await timing.settle()
    back, = await to_act(service)
    assert back == order[0]
    text = [t for user, t in service.outbox.dms if user == back.user_id][-1]
    assert "It is your turn in Rounds" in text and "Since your last turn:" in text
    lines = text.split("Since your last turn:\n", 1)[1].splitlines()
    assert [line.split(":")[0] for line in lines] == [f"- {order[1].name}", f"- {order[2].name}"]

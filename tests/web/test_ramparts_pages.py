"""A Ramparts table on its board page: knight spots, walls and improvements are places to click,
and the progress hands are each seat's own (bot/adapters/web, bot/core/pages.py)."""

from __future__ import annotations

import random

from bot.adapters.web import regions
from tests.helpers import ALICE, BOB, CAROL, open_table, who

DAN = who("Dan", 104)  # watches, seated nowhere
PEOPLE = (ALICE, BOB, CAROL)


def person_of(loaded, seat):
    return next(p for p in PEOPLE if p.user_id == loaded.by_seat(seat).user_id)


async def ramparts_in_play(served, people=PEOPLE, moves: int = 0):
    """A Ramparts table of `people` past its setup and `moves` more computer-chosen moves."""
    service = served.service
    await open_table(service, "pioneers", people, options="ramparts=on")
    table = await served.table_id()
    rng = random.Random(3)
    played = 0
    for _ in range(400):
        loaded = await service.table(table)
        game = loaded.game
        if game.phase != "setup" and played >= moves:
            break
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        assert (await service.handle(person_of(loaded, seat), "move", {"move": move})).ok
        played += game.phase != "setup"
    return table


async def test_knights_walls_and_improvements_are_places_on_the_page(served):
    table = await ramparts_in_play(served, people=(ALICE, BOB))
    loaded = await served.service.table(table)
    game = loaded.game
    seat = game.current
    if game.phase == "roll":
        assert (await served.service.handle(person_of(loaded, seat), "move", {"move": "roll"})).ok
    game = (await served.service.table(table)).game
    assert game.phase == "main" and game.current == seat
    game.hands[seat] = [0, 2, 1, 1, 1, 0, 0, 0]  # a knight (wool + ore) and a wall (2 brick)
    state = await served.state(served.token(person_of(loaded, seat).user_id, table))
    lit = {move for region in state["regions"] for move in region["moves"]}
    knights = {m for m in state["moves"] if m.startswith("knight ")}
    walls = {m for m in state["moves"] if m.startswith("wall ")}
    assert knights and walls and knights | walls <= lit
    for region in state["regions"]:
        for move in region["moves"]:
            assert move in state["moves"]
            if move.startswith(("knight ", "wall ")):
                assert region.get("kind") == "corner" and move.split()[1] == region["name"]
    # the bar leaves a move on the board to the board
    assert not any(m.startswith(("knight ", "wall ")) for item in state["bar"] for m in item["moves"])
    # the island's reading would have named no corner: `knight 23` is a hex there
    assert regions.by_place("pioneers", sorted(knights)) == {}
    assert set(regions.by_place("pioneers", sorted(knights), "ramparts")) == {m.split()[1] for m in knights}


async def test_swapping_two_seats_progress_hands_changes_nothing_anyone_else_sees(served):
    table = await ramparts_in_play(served, moves=6)
    loaded = await served.service.table(table)
    game = loaded.game
    alice = loaded.seat_of(ALICE.user_id).seat
    bob, carol = (loaded.seat_of(p.user_id).seat for p in (BOB, CAROL))
    game.progress[bob] = ["hoist", "plot"]
    game.progress[carol] = ["levy", "mason"]
    for deck in game.decks.values():  # the same cards in play at both
        for card in game.progress[bob] + game.progress[carol]:
            if card in deck:
                deck.remove(card)

    async def seen() -> dict:
        served.pages._pictures.clear()  # drawn afresh, not from the adapter's cache
        out = {}
        for person in (ALICE, DAN):
            token = served.token(person.user_id, table)
            out[person.name] = (await served.state(token),
                                await (await served.client.get(f"/t/{token}/board.png")).read())
        for person in (ALICE, DAN, BOB):
            reply = await served.service.handle(person, "board")
            out[f"board {person.name}"] = (reply.text, [(b.label, b.custom_id) for b in reply.buttons],
                                           [(m.placeholder, [o.value for o in m.options]) for m in reply.menus],
                                           [a.data for a in reply.attachments if not a.private])
        return out

    bob_token = served.token(BOB.user_id, table)
    bob_before = await served.state(bob_token)
    assert "Hoist" in bob_before["private"] and "Plot" in bob_before["private"]
    assert "Levy" not in bob_before["private"]
    before = await seen()
    game.progress[bob], game.progress[carol] = game.progress[carol], game.progress[bob]
    assert await seen() == before
    bob_after = await served.state(bob_token)
    assert "Levy" in bob_after["private"] and "Mason" in bob_after["private"]
    assert alice not in (bob, carol)
    hand = await served.service.handle(BOB, "hand")
    assert "Levy" in hand.private and "Mason" in hand.private and not hand.text


async def test_two_tables_alike_but_for_two_swapped_progress_hands_post_the_same_turn(served):
    """Two tables of one seed and the same moves, one with two seats' progress hands swapped: the
    next moves' posts (words, buttons, menus, picture) are the same at both, table numbers aside."""
    service = served.service
    tables, casts = [], []
    for channel in (ALICE.channel_id, 777):
        cast = tuple(who(p.name, p.user_id, channel=channel) for p in PEOPLE)
        await open_table(service, "pioneers", cast, options="ramparts=on")
        tables.append((await service.store.open_table(channel)).id)
        casts.append(cast)
    rng = random.Random(4)
    for _ in range(60):  # the same moves at both
        loaded = await service.table(tables[0])
        game = loaded.game
        if game.phase == "main" and len(loaded.game.legal_moves(game.current)) > 3:
            break
        seat = game.to_act()[0]
        move = game.ai_move(seat, rng)
        for table, cast in zip(tables, casts, strict=True):
            here = await service.table(table)
            mover = next(p for p in cast if p.user_id == here.by_seat(seat).user_id)
            assert (await service.handle(mover, "move", {"move": move})).ok
    games = [(await service.table(t)).game for t in tables]
    assert games[0].dump()["state"] == games[1].dump()["state"]
    first = await service.table(tables[0])
    bob, carol = (first.seat_of(p.user_id).seat for p in (BOB, CAROL))
    for index, game in enumerate(games):
        hands = [["hoist", "plot"], ["levy", "mason"]]
        game.progress[bob], game.progress[carol] = hands if index == 0 else hands[::-1]
        for card in hands[0] + hands[1]:
            deck = game.decks[{"hoist": "lore", "mason": "lore", "plot": "council", "levy": "commerce"}[card]]
            deck.remove(card)
    public = []
    for _ in range(8):  # the next moves, Bob's and Carol's too, and what the others see of them
        games = [(await service.table(t)).game for t in tables]
        seat = games[0].to_act()[0]
        both = [m for m in games[0].legal_moves(seat) if m in games[1].legal_moves(seat)]
        move = next((m for m in both if m.startswith(("roll", "road ", "knight ", "activate ", "wall "))),
                    "end" if "end" in both else both[0])
        seen = []
        for table, cast in zip(tables, casts, strict=True):
            here = await service.table(table)
            mover = next(p for p in cast if p.user_id == here.by_seat(seat).user_id)
            reply = await service.handle(mover, "move", {"move": move})
            assert reply.ok, reply.private
            board = await service.handle(next(p for p in cast if p.user_id == ALICE.user_id), "board")
            seen.append((reply.text, [b.label for b in reply.buttons],
                         [a.data for a in reply.attachments if not a.private],
                         board.text, [b.label for b in board.buttons],
                         [(m.placeholder, [o.value for o in m.options]) for m in board.menus]))
        assert seen[0] == seen[1], move
        public.append((seat, move))
    assert {bob, carol} & {seat for seat, _ in public}, public


async def test_a_knights_move_reached_in_play_is_lit_on_its_corner(served):
    """The position the browser test walks to by keys (tests/web/test_ramparts_browser.py), reached
    here without a browser: each knight's move stands on its corner's region."""
    from tests.web.test_ramparts_browser import KNIGHTLY, to_a_knights_move

    mover, moves = await to_a_knights_move(served)
    state = await served.state(served.token(mover.user_id, await served.table_id()))
    lit = {move: region["name"] for region in state["regions"] for move in region["moves"]}
    knightly = [m for m in moves if m.startswith(KNIGHTLY)]
    assert knightly and all(m in lit for m in knightly)
    for move in knightly:
        corners = [w for w in move.split() if w.isdigit()]
        assert lit[move] in corners, (move, lit[move])

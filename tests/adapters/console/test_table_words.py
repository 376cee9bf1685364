"""What the table says around the games: right words, only buttons that work, nothing cut, the end told."""

from __future__ import annotations

import re

from tests.core.test_history import PEOPLE, pioneers_table, play_until, seats_of
from tests.core.test_service import started
from tests.helpers import ALICE, BOB, CAROL, service_at, who


async def test_a_solo_table_shows_only_buttons_that_can_work(tmp_path):
    service = await service_at(tmp_path / "t.db")
    opened = await service.handle(CAROL, "open", {"game": "hawaii"})
    assert [b.label for b in opened.buttons] == ["Start"] and "solo game" in opened.text
    full = await service.handle(ALICE, "join")
    assert full.private == "The table is full: Age of Steam: Hawaiian Islands takes at most 1 player." or \
        full.private.endswith("takes at most 1 player.")


async def test_lobby_buttons_follow_the_seats(tmp_path, sticks):
    service = await service_at(tmp_path / "t.db")
    opened = await service.handle(ALICE, "open", {"game": "sticks"})
    assert [b.label for b in opened.buttons] == ["Join", "Add AI", "Start"]  # sticks may be played alone
    for caller in (BOB, CAROL):
        await service.handle(caller, "join")
    full = await service.handle(ALICE, "addai")
    assert [b.label for b in full.buttons] == ["Start"]


async def test_a_resigned_solo_game_says_so(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks, players=(CAROL,))
    reply = await service.handle(CAROL, "resign")
    assert "**Carol** resigned." in reply.text and "the game counts as lost" in reply.text
    assert "1. Carol" not in reply.text


async def test_after_the_end_hand_and_moves_show_the_standings(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks, pile=3, players=(ALICE,))
    assert (await service.handle(ALICE, "move", {"move": "take 3"})).ok
    for command in ("hand", "moves"):
        reply = await service.handle(ALICE, command)
        assert reply.ok and "The game is over" in reply.private and "1. Alice" in reply.private, command
        assert "no game" not in reply.private.lower()
    stranger = await service.handle(who("Zed", 99, channel=999), "hand")
    assert not stranger.ok and "no game" in stranger.private.lower()


async def test_moves_come_in_pages_of_whole_moves(tmp_path):
    people = [who(f"P{i}", 20 + i) for i in range(4)]
    service = await service_at(tmp_path / "t.db")
    await service.handle(people[0], "open", {"game": "archipels"})
    for caller in people[1:]:
        await service.handle(caller, "join")
    await service.handle(people[0], "start")
    table = (await service.store.open_table(222)).id
    game = service._cache[table].game
    seat = game.to_act()[0]
    owner = next(s.user_id for s in await service.store.seats(table) if s.seat == seat)
    caller = next(c for c in people if c.user_id == owner)
    legal = game.legal_moves(seat)
    assert len(legal) > 100
    reply = await service.handle(caller, "moves")
    listed = []
    while True:
        assert len(reply.private) <= 1900
        for line in reply.private.splitlines()[1:]:
            assert line.count("`") % 2 == 0, line  # never a move cut mid-text
        listed += re.findall(r"^`([^`]+)`$", reply.private, re.M)
        more = {b.label: b.custom_id for b in reply.buttons}.get("More moves")
        if more is None:
            break
        assert re.search(r"… \d+ more: .*filter", reply.private)
        reply = await service.press(caller, more)
    assert listed == legal
    narrowed = await service.handle(caller, "moves", {"filter": "take r1"})
    assert "matching `take r1`" in narrowed.private and not narrowed.buttons
    second = await service.handle(caller, "moves", {"page": "2"})
    assert ", page 2 of" in second.private


async def test_refusals_use_names_and_offers_read_from_one_side(tmp_path):
    service, table = await pioneers_table(tmp_path, "target=10")
    seats = await seats_of(service, table)

    def offered(played):
        game = service._cache[table].game
        return game.phase == "main" and any(m.startswith("offer ") for m in game.legal_moves(game.current))

    await play_until(service, table, offered)
    game = service._cache[table].game
    offerer = seats[game.current]
    offer = next(m for m in game.legal_moves(game.current) if m.startswith("offer "))
    made = await service.handle(offerer, "move", {"move": offer})
    number = service._cache[table].game.offers[-1]["id"]
    give, get = re.match(r"offer (1 \w+) for (1 \w+)", offer).groups()
    assert f"{offerer.name} offers #{number}: {offerer.name} gives {give}, gets {get}." in made.text
    assert f"Open offers: #{number} {offerer.name} gives {give}, gets {get}" in made.text
    other = next(c for c in PEOPLE if c is not offerer)
    # the other answers with the old notation for the opposite trade: the table says what it means
    hand = service._cache[table].game.hands[[s for s, c in seats.items() if c is other][0]]
    theirs = next((f"1 {r}" for r, n in zip(("lumber", "brick", "wool", "grain", "ore"), hand, strict=True)
                   if n and f"1 {r}" != give), None)
    assert theirs, "the seed gives the other player a card to counter with"
    countered = await service.handle(other, "move", {"move": f"counter {number} {theirs} for {give}"})
    assert countered.ok, countered.private
    assert f"{other.name} counters offer #{number}: {offerer.name} gives {give}, gets {theirs}." in countered.text
    labels = [b.label for b in countered.buttons]
    assert f"Confirm #{number} with {other.name}: {offerer.name} gives {give}, gets {theirs}" in labels
    assert f"Accept #{number}: {offerer.name} gives {give}, gets {get}" in labels
    logged = (await service.store.moves(table))[-1].move
    assert logged == f"counter {number} give {theirs} get {give}"  # the log keeps the unambiguous notation
    ended = await service.handle(offerer, "move", {"move": "end"})
    assert ended.ok, ended.private
    late = await service.handle(other, "move", {"move": f"accept {number}"})
    assert not late.ok and late.private == f"offer #{number} closed when {offerer.name}'s turn ended."


async def test_the_final_message_shows_each_players_points_by_source(tmp_path):
    service, table = await pioneers_table(tmp_path, "target=4")
    await play_until(service, table, lambda played: False)
    board = await service.handle(PEOPLE[0], "board")
    lines = [line for line in board.text.splitlines() if re.match(r"\d\. ", line)]
    assert len(lines) == 3
    for line in lines:
        assert re.search(r"— \d+ points \(\d settlements? \d", line), line


async def test_console_presses_a_long_label_by_its_start(tmp_path):
    from bot.adapters.console.console import Console

    service, table = await pioneers_table(tmp_path, "target=10")
    console = Console(service, tmp_path / "img")
    seats = await seats_of(service, table)

    def offered(played):
        game = service._cache[table].game
        return game.phase == "main" and any(m.startswith("offer ") for m in game.legal_moves(game.current))

    await play_until(service, table, offered)
    game = service._cache[table].game
    offerer = seats[game.current]
    offer = next(m for m in game.legal_moves(game.current) if m.startswith("offer "))
    console.last[222] = await service.handle(offerer, "move", {"move": offer})
    number = service._cache[table].game.offers[-1]["id"]
    other = next(c for c in PEOPLE if c is not offerer)
    reply = await console._press(other, f"Accept #{number}")
    assert "No button" not in reply.private
    assert not (await console._press(other, "Accept")).ok  # a start that is not a whole name before `:`


async def test_console_presses_the_buttons_of_a_private_answer(tmp_path, sticks):
    from bot.adapters.console.console import Console

    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    for line in ["[#g] ann: /open game:sticks options:sticks=9", "[#g] ann: /start", "[#g] ann: /move take 2"]:
        await console.run_line(line)
    pages = await console.run_line("[#g] ann: /history")
    assert any("[Download the log]" in line for line in pages)
    got = await console.run_line("[#g] ann: /press Download the log")
    assert any("[file, only you]" in line for line in got), got
    others = await console.run_line("[#g] ben: /press Download the log")  # ann's private answer is hers
    assert others[0].startswith("  ! No button")

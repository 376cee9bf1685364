"""/history and the downloaded log: public forms for others, exact moves for their maker, pages, a file that replays."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.core import history
from bot.core.replies import parse_custom_id
from games import registry
from tests.helpers import PEOPLE, service_at, who


async def pioneers_table(tmp_path, options="target=5 discard_limit=3"):
    service = await service_at(tmp_path / "t.db", seeds=lambda: 5)
    assert (await service.handle(PEOPLE[0], "open", {"game": "pioneers", "options": options})).ok
    for caller in PEOPLE[1:]:
        assert (await service.handle(caller, "join")).ok
    assert (await service.handle(PEOPLE[0], "start")).ok
    table = (await service.store.open_table(222)).id
    return service, table


async def seats_of(service, table):
    by_user = {c.user_id: c for c in PEOPLE}
    return {s.seat: by_user[s.user_id] for s in await service.store.seats(table)}


async def play_until(service, table, done, typed=lambda move: move):
    """Humans play the computer's suggestions (typed as `typed` writes them) until `done(moves)`."""
    seats = await seats_of(service, table)
    played = []
    while (await service.store.table(table)).status == "active" and not done(played):
        game = service._cache[table].game
        caller = seats[game.to_act()[0]]
        move = await service.ai_suggestion(caller)
        reply = await service.handle(caller, "move", {"move": typed(move)})
        assert reply.ok, reply.private
        played.append((caller, move))
    return played


def discarded(played):
    return any(move.startswith("discard ") for _, move in played)


async def test_the_log_keeps_canonical_text_and_others_read_only_the_public_form(tmp_path):
    service, table = await pioneers_table(tmp_path)
    # typed as people type: any case, any spacing (`robber k steal 1` for `robber K steal 1`)
    def robbed(played):
        return discarded(played) and any(move.startswith("robber ") for _, move in played)

    played = await play_until(service, table, robbed, typed=lambda m: "  " + m.lower().replace(" ", "  "))
    logged = await service.store.moves(table)
    assert [m.move for m in logged] == [move for _, move in played]
    assert any(re.match(r"robber [A-S]( steal \d)?$", m.move) for m in logged)
    maker, discard = next((c, m) for c, m in reversed(played) if m.startswith("discard "))
    other = next(c for c in PEOPLE if c is not maker)
    cards = re.findall(r"\d+ (\w+)", discard)
    seen_by_other = (await service.handle(other, "history")).private
    lines = [line for line in seen_by_other.splitlines() if f"{maker.name} discarded" in line]
    assert lines and not any(kind in lines[-1] for kind in cards), lines
    assert re.search(rf"{maker.name} discarded \d+ cards", lines[-1])
    seen_by_maker = (await service.handle(maker, "history")).private
    assert f"`{discard}`" in seen_by_maker
    assert f"`{discard}`" not in seen_by_other


async def test_history_pages_reach_every_move_and_the_file_hides_others_moves_until_the_end(tmp_path):
    service, table = await pioneers_table(tmp_path)
    await play_until(service, table, discarded)
    await play_until(service, table, lambda played: len(played) >= 60)
    ann = PEOPLE[0]
    last = await service.handle(ann, "history")
    head = re.match(r"The latest moves \((\d+) of (\d+); (\d+) pages in all\)", last.private)
    assert head and int(head[3]) > 1
    total = len(await service.store.moves(table))
    shown = [int(n) for n in re.findall(r"^(\d+)\. ", last.private, re.M)]
    assert shown[-1] == total and len(shown) == int(head[1]) > 5  # a full page of the newest moves
    labels = {b.label: b.custom_id for b in last.buttons}
    assert {"First page", "Earlier", "Download the log"} <= set(labels) and "Later" not in labels
    assert len({b.custom_id for b in last.buttons}) == len(last.buttons)
    # walk from the first page to the last with the buttons: every move once, in order
    reply = await service.press(ann, labels["First page"])
    numbers = []
    while True:
        numbers += [int(n) for n in re.findall(r"^(\d+)\. ", reply.private, re.M)]
        assert len({b.custom_id for b in reply.buttons}) == len(reply.buttons)  # no page offered twice
        later = {b.label: b.custom_id for b in reply.buttons}.get("Later")
        if later is None:
            break
        reply = await service.press(ann, later)
    total = len(await service.store.moves(table))
    assert numbers == list(range(1, total + 1))
    assert (await service.handle(ann, "history", {"page": "1"})).private.startswith("Moves, page 1 of")
    assert not (await service.handle(ann, "history", {"page": "one"})).ok

    seats = await seats_of(service, table)
    mine = next(s for s, c in seats.items() if c is ann)
    got = await service.press(ann, labels["Download the log"])
    assert got.ok and not got.text and len(got.attachments) == 1 and got.attachments[0].private
    text = got.attachments[0].data.decode()
    assert "seed: (given once the game is over" in text and "seed: 5" not in text
    rows = [line.split("\t") for line in text.splitlines() if re.match(r"\d+\t", line)]
    assert len(rows) == total
    for _n, seat, move, public in rows:
        if int(seat) - 1 == mine:
            assert move != "?"
        elif public.split()[1:2] == ["discarded"]:
            assert move == "?", public  # another player's discard: only its count
    assert parse_custom_id(labels["Download the log"])[0] == "log"


async def test_after_the_game_the_file_replays_it_and_shows_every_move(tmp_path):
    service, table = await pioneers_table(tmp_path, "target=3")
    await play_until(service, table, lambda played: False)
    row = await service.store.table(table)
    assert row.status == "finished"
    ben = PEOPLE[1]
    page = await service.handle(ben, "history")
    assert page.ok and "the game is over" in page.private
    labels = {b.label: b.custom_id for b in page.buttons}
    data = (await service.press(ben, labels["Download the log"])).attachments[0].data
    assert b"?\t" not in data and b"seed: 5" in data and b"The game is over" in data
    key, options, seed, players, moves = history.read_log_file(data)
    game = registry.get(key).new(players, options, seed)
    for seat, move in moves:
        game.play(seat, move)
    assert game.dump() == row.state


async def test_a_log_written_as_typed_reads_in_canonical_text(tmp_path):
    """Tables logged before canonical texts (`robber k steal 1`) show the canonical move."""
    service, table = await pioneers_table(tmp_path)
    played = await play_until(service, table, lambda played: any(m.startswith("robber ") for _, m in played))
    robbed = played[-1][1]
    moves = await service.store.moves(table)
    moves[-1] = replace(moves[-1], move=robbed.lower())  # as an older log kept it
    names = [c.name for _, c in sorted((await seats_of(service, table)).items())]
    items = history.entries(await service.store.table(table), names, moves)
    assert robbed.lower() != robbed and items[-1].move == robbed
    assert "moved the robber" in items[-1].public


def test_the_pager_opens_on_a_full_page_of_the_latest_moves_and_never_offers_a_page_twice():
    lines = [f"{n}. Ann: `pass` " + "x" * 60 for n in range(1, 24)]
    book = history.pages(lines)
    assert len(book) == 2 and len(book[-1]) == 1  # packed from the first move, the last page is short
    text, shown, count = history.page_text(lines, 0, None, False)
    assert shown == 0 and count == 2
    assert text.count("\n") == len(book[0]) and "23. Ann" in text  # as many moves as a full page, the newest last
    for page in (0, 1, 2):
        targets = [t for _, t in history.pager(lines, page, count)]
        assert len(targets) == len(set(targets)) and page not in targets
    assert history.pager(lines, 2, count) == [("First page", 1), ("Latest moves", 0)]


def test_a_log_of_one_page_has_no_page_buttons():
    lines = ["1. Ann: `pass`", "2. Ben: `pass`"]
    text, shown, count = history.page_text(lines, 0, None, False)
    assert text.startswith("Moves, page 1 of 1") and history.pager(lines, shown, count) == []


async def test_the_kept_log_is_continued_by_new_moves_and_replayed_anew_after_a_take_back(tmp_path, monkeypatch):
    service, table = await pioneers_table(tmp_path)
    dealt = []
    cls = registry.get("pioneers")
    real_new = cls.new.__func__

    def counted(klass, *args, **kwargs):
        dealt.append(args)
        return real_new(klass, *args, **kwargs)

    async def fresh_log():
        row = await service.store.table(table)
        names = [c.name for _, c in sorted((await seats_of(service, table)).items())]
        return [(e.n, e.seat, e.move, e.public) for e in history.entries(row, names, await service.store.moves(table))]

    await play_until(service, table, lambda played: len(played) >= 3)
    loaded = await service.table(table)
    await service.log_of(loaded)
    monkeypatch.setattr(cls, "new", classmethod(counted))
    await play_until(service, table, lambda played: len(played) >= 4)  # the recaps read the log too
    entries = await service.log_of(await service.table(table))
    assert dealt == []  # every move since was replayed on the kept game, none from the seed
    monkeypatch.undo()
    assert [(e.n, e.seat, e.move, e.public) for e in entries] == await fresh_log()
    kept = len(entries)
    # a log that does not continue the kept one (an earlier move taken back) is replayed from the seed
    shorter = (await service.store.moves(table))[:-2]
    row = await service.store.table(table)
    names = [c.name for _, c in sorted((await seats_of(service, table)).items())]
    again = history.continued(service.logbook._logs[(table, "en")], row, names, shorter)
    assert [(e.n, e.move) for e in again.entries] == [(m.n, m.move) for m in shorter] and len(again.entries) == kept - 2
    assert again.game.dump() == history.continued(None, row, names, shorter).game.dump()


async def test_history_tells_each_step_of_a_propeller_turn_once_and_fills_its_latest_page(tmp_path):
    service = await service_at(tmp_path / "t.db", seeds=lambda: 5)
    assert (await service.handle(PEOPLE[0], "open", {"game": "propeller", "options": ""})).ok
    for caller in PEOPLE[1:3]:
        assert (await service.handle(caller, "join")).ok
    assert (await service.handle(PEOPLE[0], "start")).ok
    table = (await service.store.open_table(222)).id
    await play_until(service, table, lambda played: len(played) >= 41)
    text = (await service.handle(who("dora", 904), "history")).private  # a spectator
    assert "'s turn:" not in text  # the channel's retelling of a whole turn is not told again
    shown = re.findall(r"^\d+\. .*$", text, re.M)
    steps = [step for line in shown for step in re.findall(r"`([^`]+)`", line)]
    assert len(steps) == len(shown)  # one step a line, each told once
    head = re.match(r"The latest moves \((\d+) of 41; (\d+) pages? in all\)", text)
    assert head and int(head[1]) == len(shown) >= 30


def test_the_retelling_is_cut_and_what_follows_it_kept():
    told = "ben: `take 33`. ben's turn: `die 2`; `take 33`. Final: 1. ben 20 (fame 3)."
    assert history.step_once(told, "ben") == "ben: `take 33`. Final: 1. ben 20 (fame 3)."
    assert history.step_once("ben: `pass`. ben's turn: `die 2`; `pass`.", "ben") == "ben: `pass`."
    grow = "cleo ended the turn.\ncleo's turn: developed with a 3; ended the turn.\nThe game is over: cleo wins."
    assert history.step_once(grow, "cleo") == "cleo ended the turn.\nThe game is over: cleo wins."
    assert history.step_once("ann: `die 3`.", "ann") == "ann: `die 3`."

"""/forget-me through the service: nothing of the person is left in any table of the live schema,
every other player's /history stays whole, a game under way goes on with the computer in the
person's seat, and nothing changes without Confirm. Each test on SQLite and on PostgreSQL."""

from __future__ import annotations

import re

import pytest

from bot.core.replies import Reply
from bot.extensions import install
from bot.features import forget
from db.migrations import TABLE_NAMES
from db.privacy import NOT_A_PERSON, PERSON_COLUMNS, looks_personal
from games import registry
from tests.helpers import Clock, open_table, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind", "sticks")

ZED_ID = 987654321012345678  # long enough that no other number of the database holds it
ZED_NAME = "Zebulon Quartzby"
ZED = who(ZED_NAME, ZED_ID, channel=501)
BOB, CAROL = who("Bob", 2, channel=501), who("Carol", 3, channel=501)


def at(caller, channel: int):
    return who(caller.name, caller.user_id, channel=channel, guild=caller.guild_id)


class Posts:
    """The outbox of a service: what it posted in each channel."""

    def __init__(self):
        self.sent: list[tuple[int, Reply]] = []

    async def post(self, channel_id: int, reply: Reply) -> bool:
        self.sent.append((channel_id, reply))
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        return True


async def columns(store) -> dict[str, list[str]]:
    """Every table of the live schema and its columns."""
    async with store.conn.execute(TABLE_NAMES[store.dialect]) as cur:
        tables = sorted(row[0] for row in await cur.fetchall())
    found = {}
    for table in tables:
        if store.dialect == "postgres":
            sql, args = ("SELECT column_name FROM information_schema.columns WHERE table_name = ? "
                         "AND table_schema = current_schema()", (table,))
        else:
            sql, args = f"SELECT name FROM pragma_table_info('{table}')", ()
        async with store.conn.execute(sql, args) as cur:
            found[table] = [row[0] for row in await cur.fetchall()]
    return found


async def naming(store, user_id: int, names: set[str]) -> dict[str, int]:
    """Rows of each table with a value that holds the person's id or one of their names (as typed, or
    as JSON writes them)."""
    needles = [str(user_id), *names]
    hits: dict[str, int] = {}
    for table, cols in (await columns(store)).items():
        async with store.conn.execute(f"SELECT {', '.join(cols)} FROM {table}") as cur:
            rows = await cur.fetchall()
        count = sum(1 for row in rows if any(n in str(v) for v in tuple(row) if v is not None for n in needles))
        if count:
            hits[table] = count
    return hits


async def finish(service, people, channel: int) -> None:
    """Play the sticks table in `channel` to its end, each person taking one at a time."""
    for _ in range(200):
        row = await service.store.open_table(channel)
        if row is None:
            return
        game = registry.get(row.game).load(row.state)
        seats = {s.seat: s.user_id for s in await service.store.seats(row.id)}
        mover = next(p for p in people if p.user_id == seats[game.to_act()[0]])
        assert (await service.handle(at(mover, channel), "move", {"move": "take 1"})).ok
    raise AssertionError("the game did not end")


async def history(service, caller, channel: int) -> str:
    reply = await service.handle(at(caller, channel), "history", {"page": "1"})
    assert reply.ok, reply.private
    return reply.private or reply.text


async def world(tmp_path):
    """Zed has a finished game with Bob, a game under way with Bob and Carol, a seat in Carol's
    lobby, his own lobby, notification choices and a vacation."""
    service = await service_at(tmp_path / "t.db", clock=Clock())
    service.outbox = posts = Posts()
    install(service, prepare_daily=False)
    await open_table(service, "sticks", [at(ZED, 501), at(BOB, 501)], options="sticks=6")
    await finish(service, [ZED, BOB], 501)
    await open_table(service, "sticks", [at(BOB, 502), at(ZED, 502), at(CAROL, 502)], options="sticks=60")
    assert (await service.handle(at(CAROL, 503), "open", {"game": "sticks"})).ok
    assert (await service.handle(at(ZED, 503), "join")).ok
    assert (await service.handle(at(ZED, 504), "open", {"game": "sticks"})).ok
    assert (await service.handle(at(BOB, 504), "join")).ok
    assert (await service.handle(at(ZED, 501), "notify", {"mode": "dm", "quiet": "22-08"})).ok
    assert (await service.handle(at(ZED, 502), "vacation", {"days": "2"})).ok
    return service, posts


async def kept_beside(service, playing: int, finished: int) -> None:
    """Zed's rows that no command of a short test reaches, written as their features write them."""
    conn = service.store.conn
    assert (await service.handle(at(ZED, 502), "auto", {"forced": "off"})).ok
    assert (await service.handle(at(ZED, 502), "cancel")).ok  # agrees to cancel: a consent kept
    rows = [
        ("INSERT INTO held_notices (guild_id, user_id, table_id, channel_id, seat, version, text, held_at, due_at) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", (111, ZED_ID, playing, 502, 1, 1, "your turn", 1, 2)),
        ("INSERT INTO planned_moves (table_id, user_id, seat, move, version, mark, dropped) "
         "VALUES (?, ?, ?, ?, ?, ?, ?)", (playing, ZED_ID, 1, "take 1", 1, "", "")),
        ("INSERT INTO takeback_requests (table_id, version, seat, name, numbers, move, waiting) "
         "VALUES (?, ?, ?, ?, ?, ?, ?)", (playing, 1, 0, "Bob", "[1]", "take 1", f"[{ZED_ID}]")),
        ("INSERT INTO substitutes (table_id, seat, left_user, left_name, taker_id, taker_name, state, from_move, "
         "offered_at) VALUES (?, ?, ?, ?, ?, ?, 'seated', 1, 1)", (finished, 0, 2, "Bob", ZED_ID, ZED_NAME)),
        ("INSERT INTO daily_deals (guild_id, day, game, seed, difficulty, candidate, line, created_at) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (111, "2026-01-01", "sticks", 1, "easy", 0, "[]", "x")),
        ("INSERT INTO daily_attempts (guild_id, day, user_id, name, channel_id, claimed_at) "
         "VALUES (?, ?, ?, ?, ?, ?)", (111, "2026-01-01", ZED_ID, ZED_NAME, 505, "x")),
        ("INSERT INTO solo_results (table_id, guild_id, user_id, name, game, day, won, ended, moves, finished_at) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (finished, 111, ZED_ID, ZED_NAME, "sticks", None, 1, "finished", 3,
                                                  "x")),
        ("INSERT INTO season_divisions (guild_id, number, user_id, tier) VALUES (?, ?, ?, ?)", (111, 1, ZED_ID, 1)),
        *EVENT_ROWS,
    ]
    for sql, args in rows:
        await conn.execute(sql, args)


# Zed made an event, played its first round against Bob and had a bye in the second
EVENT_ROWS = (
    ("INSERT INTO events (id, guild_id, channel_id, game, seats, rounds, round_days, seed, status, round, created_by, "
     "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (7, 111, 506, "sticks", 2, 3, 1, 5, "running", 2, ZED_ID, 1)),
    ("INSERT INTO event_entrants (event_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)", (7, ZED_ID, ZED_NAME, 1)),
    ("INSERT INTO event_entrants (event_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)", (7, 2, "Bob", 1)),
    ("INSERT INTO event_tables (event_id, round, number, players, bye, points) VALUES (?, ?, ?, ?, ?, ?)",
     (7, 1, 1, f"[2, {ZED_ID}]", 0, f'{{"2": 0.0, "{ZED_ID}": 1.0}}')),
    ("INSERT INTO event_tables (event_id, round, number, players, bye, points) VALUES (?, ?, ?, ?, ?, ?)",
     (7, 2, 1, f"[{ZED_ID}]", 1, f'{{"{ZED_ID}": 0.5}}')),
)


async def confirm(service, caller):
    asked = await service.handle(caller, "forget-me")
    assert asked.ok and asked.private == forget.ASK.format(minutes=10)
    buttons = {b.label: b.custom_id for b in asked.buttons}
    assert set(buttons) == {"Confirm", "Keep"}
    return buttons


async def test_every_column_that_can_name_a_person_is_forgotten_or_said_not_to(tmp_path):
    service = await service_at(tmp_path / "t.db")
    live = await columns(service.store)
    unhandled = sorted(f"{table}.{column}" for table, cols in live.items() for column in cols
                       if looks_personal(column) and column not in PERSON_COLUMNS.get(table, {})
                       and column not in NOT_A_PERSON.get(table, {}))
    assert not unhandled, f"name these in db/privacy.py PERSON_COLUMNS (or NOT_A_PERSON): {unhandled}"
    stale = sorted(f"{table}.{column}" for table, cols in PERSON_COLUMNS.items() for column in cols
                   if column not in live.get(table, ()))
    assert not stale


async def test_forget_me_leaves_no_row_naming_the_person_and_every_other_history_whole(tmp_path):
    service, posts = await world(tmp_path)
    store = service.store
    finished = await store.latest_table(501)
    await kept_beside(service, (await store.open_table(502)).id, finished.id)
    before = await naming(store, ZED_ID, {ZED_NAME})
    # the sanity of the scan: it finds the person in every table that can hold them, but the outbox
    # (a test of its own below) and the turns (nobody waits on Zed's turn now)
    assert set(PERSON_COLUMNS) - {"outbox", "turns"} <= set(before), before
    bobs = await history(service, BOB, 501)
    zed_seat = next(s.seat for s in await store.seats(finished.id) if s.user_id == ZED_ID)
    assert ZED_NAME in (await service.table((await store.open_table(502)).id)).names()

    buttons = await confirm(service, at(ZED, 999))
    done = await service.press(at(ZED, 999), buttons["Confirm"])
    assert done.ok and done.private == forget.DONE

    assert await naming(store, ZED_ID, {ZED_NAME}) == {}
    former = forget.FORMER.format(number=zed_seat + 1)
    assert await history(service, BOB, 501) == bobs.replace(ZED_NAME, former)  # whole, the seat renamed
    # the game under way goes on: Zed's seat is the computer's, and its channel was told
    told = [reply.text for channel, reply in posts.sent if channel == 502]
    assert told and "has left Isles" in told[0] and ZED_NAME not in "\n".join(told)
    playing = await store.open_table(502)
    zed_row = next(s for s in await store.seats(playing.id) if s.name.startswith("Former player"))
    assert zed_row.resigned and zed_row.user_id is None
    assert service.computer_seats(await service.table(playing.id)) == {zed_row.seat}
    await finish(service, [BOB, CAROL], 502)  # the others play it to its end
    assert (await store.latest_table(502)).status == "finished"
    # the lobbies: his seat came free in Carol's, his own closed
    assert (await store.open_table(504)) is None
    assert [s.user_id for s in await store.seats((await store.open_table(503)).id)] == [CAROL.user_id]
    assert {channel for channel, _ in posts.sent} >= {502, 503, 504}
    # a second press is answered clearly
    again = await service.press(at(ZED, 999), buttons["Confirm"])
    assert again.private == forget.ALREADY
    assert (await service.handle(at(ZED, 999), "forget-me")).private == forget.NOTHING


async def test_an_event_keeps_the_forgotten_persons_results_under_a_former_players_id(tmp_path):
    service, _ = await world(tmp_path)
    store = service.store
    await kept_beside(service, (await store.open_table(502)).id, (await store.latest_table(501)).id)
    buttons = await confirm(service, at(ZED, 999))
    assert (await service.press(at(ZED, 999), buttons["Confirm"])).ok
    async with store.conn.execute("SELECT user_id, name, left_at FROM event_entrants WHERE event_id = 7 "
                                  "ORDER BY user_id") as cur:
        entrants = [tuple(row) for row in await cur.fetchall()]
    assert entrants[0][:2] == (-1, forget.FORMER.format(number=1)) and entrants[0][2] is not None
    assert entrants[1] == (2, "Bob", None)
    async with store.conn.execute("SELECT players, points FROM event_tables WHERE event_id = 7 ORDER BY round") as cur:
        rows = [tuple(row) for row in await cur.fetchall()]
    # the same results, Zed's under the former player's id: Bob's tie-break is unchanged
    assert rows == [("[2, -1]", '{"-1": 1.0, "2": 0.0}'), ("[-1]", '{"-1": 0.5}')], rows
    async with store.conn.execute("SELECT created_by FROM events WHERE id = 7") as cur:
        assert (await cur.fetchone())[0] == 0


async def test_keep_a_late_confirm_and_someone_elses_press_delete_nothing(tmp_path):
    service, _ = await world(tmp_path)
    store = service.store
    before = await naming(store, ZED_ID, {ZED_NAME})
    buttons = await confirm(service, at(ZED, 999))
    kept = await service.press(at(ZED, 999), buttons["Keep"])
    assert kept.private == forget.KEPT
    stranger = await service.press(at(BOB, 999), buttons["Confirm"])
    assert not stranger.ok and stranger.private == forget.NOT_YOURS
    service.clock.advance(seconds=forget.ASK_FOR_S + 1)
    late = await service.press(at(ZED, 999), buttons["Confirm"])
    assert not late.ok and late.private == forget.LAPSED
    assert await naming(store, ZED_ID, {ZED_NAME}) == before


async def test_a_post_that_quotes_the_person_keeps_no_body(tmp_path):
    service, _ = await world(tmp_path)
    from db.outbox import OutboxStore

    outbox = OutboxStore.of(service.store)
    quoting = {"text": f"**{ZED_NAME}** took 1.", "mentions": [ZED_ID]}
    settled = await outbox.insert(table_id=None, version=None, channel_id=501, body=quoting, now=5)
    await outbox.mark_sent(settled, 1234, 6)
    waiting = await outbox.insert(table_id=None, version=None, channel_id=501, body={"text": "x <@" + str(ZED_ID)},
                                  now=5)
    other = await outbox.insert(table_id=None, version=None, channel_id=501, body={"text": "**Bob** took 1."}, now=5)
    buttons = await confirm(service, at(ZED, 999))
    assert (await service.press(at(ZED, 999), buttons["Confirm"])).ok
    assert (await outbox.get(settled)).body is None and (await outbox.get(settled)).state == "sent"
    assert (await outbox.get(waiting)).state == "dropped" and (await outbox.get(waiting)).body is None
    assert (await outbox.get(other)).body == {"text": "**Bob** took 1."}
    assert not re.search(str(ZED_ID), str(await naming(service.store, ZED_ID, {ZED_NAME})))


async def test_every_game_goes_on_without_the_person_and_keeps_nothing_of_them(tmp_path):
    """A table of each game: the games' own saved states must not keep a name either."""
    service = await service_at(tmp_path / "t.db")
    service.outbox = Posts()
    install(service, prepare_daily=False)
    channels = {}
    for number, (key, game) in enumerate(sorted(registry.available().items())):
        channel = 700 + number
        seated = (ZED,) if game.max_players == 1 else (BOB, ZED, CAROL)[:game.max_players]
        people = [at(p, channel) for p in seated]
        await open_table(service, key, people)
        channels[key] = channel
    buttons = await confirm(service, at(ZED, 999))
    assert (await service.press(at(ZED, 999), buttons["Confirm"])).ok
    assert await naming(service.store, ZED_ID, {ZED_NAME}) == {}
    for key, channel in channels.items():
        row = await service.store.latest_table(channel)
        seats = await service.store.seats(row.id)
        assert all(s.user_id != ZED_ID for s in seats), key
        former = [s for s in seats if s.name.startswith("Former player")]
        assert len(former) == 1 and former[0].resigned, key
        if row.status == "active":  # the computer plays the seat on: the others still have their turns
            assert former[0].seat in service.computer_seats(await service.table(row.id)), key
        else:
            assert row.status == "finished", key


async def test_a_deletion_that_fails_part_way_changes_nothing(tmp_path, monkeypatch):
    from db.privacy import PrivacyStore

    service, _ = await world(tmp_path)
    await kept_beside(service, (await service.store.open_table(502)).id, (await service.store.latest_table(501)).id)
    before = await naming(service.store, ZED_ID, {ZED_NAME})

    async def broken(*args):
        raise RuntimeError("the last step fails")

    monkeypatch.setattr(PrivacyStore, "_scrub_posts", broken)
    with pytest.raises(RuntimeError):
        await PrivacyStore.of(service.store).forget(ZED_ID, {ZED_NAME}, forget.FORMER, service.clock())
    assert await naming(service.store, ZED_ID, {ZED_NAME}) == before


async def test_a_confirm_pressed_after_a_restart_still_deletes(tmp_path):
    service, _ = await world(tmp_path)
    buttons = await confirm(service, at(ZED, 999))
    restarted = await service_at(tmp_path / "t.db", clock=Clock())  # another process on the same database
    restarted.outbox = Posts()
    install(restarted, prepare_daily=False)
    done = await restarted.press(at(ZED, 999), buttons["Confirm"])
    assert done.ok and done.private == forget.DONE
    assert await naming(restarted.store, ZED_ID, {ZED_NAME}) == {}

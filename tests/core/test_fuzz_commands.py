"""Arbitrary text and option values thrown at every command: a private reason, the table untouched."""

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.replies import Caller
from tests.helpers import ALICE, BOB, service_at

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=120)
VALUE = st.one_of(TEXT, st.integers(-10**12, 10**12), st.booleans(), st.none(), st.sampled_from(
    ["take 1", "take 99", "sticks=3", "sticks=-1", "sticks=10 sticks=11", "sticks", "on", "off", "take r2 c1,c3"]))


def snapshot(store, loop):
    async def read():
        async with store.conn.execute("SELECT id, status, version, state FROM tables ORDER BY id") as cur:
            tables = [tuple(r) for r in await cur.fetchall()]
        async with store.conn.execute("SELECT COUNT(*) FROM moves") as cur:
            moves = (await cur.fetchone())[0]
        async with store.conn.execute("SELECT * FROM seats ORDER BY table_id, position") as cur:
            seats = [tuple(r) for r in await cur.fetchall()]
        return tables, moves, seats
    return loop.run_until_complete(read())


def installed_service(loop, path):
    """A service with every extension the bot runs (the daily deal checked by a stand-in solver)."""
    from bot.extensions import install
    from tests.features.test_daily import Solver

    service = loop.run_until_complete(service_at(path))
    installed = install(service, prepare_daily=False)
    installed.daily.solver = Solver()
    return service


def test_arbitrary_commands_never_change_a_table_they_are_refused_for(tmp_path, sticks):
    loop = asyncio.new_event_loop()
    service = installed_service(loop, tmp_path / "f.db")
    names = [c.name for c in service.commands()] + ["nope", "", "MOVE", "open "]
    params = sorted({p.name for c in service.commands() for p in c.params} | {"junk", ""})
    loop.run_until_complete(service.handle(ALICE, "open", {"game": "sticks", "options": "sticks=20"}))
    loop.run_until_complete(service.handle(BOB, "join"))
    loop.run_until_complete(service.handle(ALICE, "start"))
    strangers = st.builds(Caller, st.just(111), st.just(222), st.integers(10, 10**6), TEXT, st.just(False))
    callers = st.one_of(st.just(ALICE), st.just(BOB), strangers)

    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(callers, st.sampled_from(names), st.dictionaries(st.sampled_from(params), VALUE, max_size=3))
    def throw(caller, command, args):
        before = snapshot(service.store, loop)
        reply = loop.run_until_complete(service.handle(caller, command, args))
        after = snapshot(service.store, loop)
        if not reply.ok:
            assert reply.private.strip(), "a refusal must say why"
            assert not reply.text and reply.image is None and not reply.buttons
            assert after == before
        elif command in ("move", "resign", "cancel", "leave", "join", "addai", "open", "start", "deadline",
                         "daily"):
            pass  # an accepted action may change a table
        else:
            assert after[0] == before[0] and after[1] == before[1]

    try:
        throw()
    finally:
        loop.run_until_complete(service.store.close())
        loop.close()


def test_arbitrary_option_text_opens_nothing_when_refused(tmp_path, sticks):
    loop = asyncio.new_event_loop()
    service = installed_service(loop, tmp_path / "o.db")

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(TEXT, st.sampled_from(["sticks", "archipels", "pioneers", "hawaii", "chess", ""]),
           st.dictionaries(st.sampled_from(["deadline", "reminder", "timeout"]), VALUE, max_size=3))
    def throw(options, game, timing):
        args = {"game": game, "options": options, **timing}
        reply = loop.run_until_complete(service.handle(ALICE, "open", args))
        if reply.ok:
            assert loop.run_until_complete(service.handle(ALICE, "cancel")).ok
        else:
            assert reply.private.strip() and not reply.text
            assert loop.run_until_complete(service.store.open_table(222)) is None

    try:
        throw()
    finally:
        loop.run_until_complete(service.store.close())
        loop.close()

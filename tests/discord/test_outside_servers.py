"""Isles outside a server (installed by a person for themselves, or in a direct message with the
bot): which commands answer there, through the real discord.py client with captured HTTP."""

import pytest

from bot.core.service import TableService
from bot.features.daily import install as install_daily
from bot.features.mygames import MyGames
from db.daily import DailyStore
from games import registry
from tests.discord.conftest import harness_for
from tests.discord.test_flow import ALICE, BOB, one_public, only_private
from tests.features.test_daily import Solver

OUTSIDE = "works in a server where Isles is installed"


async def every_table(store):
    return await store.tables(None, statuses=("lobby", "active", "finished", "cancelled"))


async def every_row(store) -> dict[str, int]:
    """How many rows each table of the store holds."""
    async with store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        names = [row[0] for row in await cur.fetchall()]
    counts = {}
    for name in names:
        async with store.conn.execute(f'SELECT COUNT(*) FROM "{name}"') as cur:
            counts[name] = (await cur.fetchone())[0]
    return counts


async def test_a_server_command_in_a_direct_message_gets_one_line_and_writes_nothing(bot):
    before = await every_row(bot.service.store)
    for name, options in (("open", {"game": "sticks"}), ("join", None), ("threads", {"enabled": "off"})):
        ex = await bot.command_outside(ALICE, name, options)
        assert [m.public for m in ex.messages] == [False]  # one private line, nothing else
        assert OUTSIDE in only_private(ex)
        assert not [c for c in ex.calls if c.via == "rest"]  # no thread, no post
    group = await bot.command_outside(BOB, "open", {"game": "sticks"}, context=2)
    assert OUTSIDE in only_private(group)
    assert await every_row(bot.service.store) == before  # not a row written anywhere


async def test_a_server_command_in_a_server_without_isles_gets_the_same_line(bot):
    """Someone who installed Isles for themselves calls it in a server that did not install it."""
    payload = bot.command_payload(ALICE, "open", {"game": "sticks"})
    payload["authorizing_integration_owners"] = {"1": str(ALICE.id)}
    ex = await bot.feed(payload)
    assert OUTSIDE in only_private(ex) and not [c for c in ex.calls if c.via == "rest"]
    assert await every_table(bot.service.store) == []


async def test_rules_answer_in_a_direct_message_and_a_group_message(bot):
    for context in (1, 2):
        ex = await bot.command_outside(ALICE, "rules", {"game": "sticks"}, context=context)
        assert OUTSIDE not in " ".join(m.content for m in ex.messages)
        assert ex.messages and "stick" in " ".join(m.content for m in ex.messages).lower()


async def test_the_command_payload_says_where_each_command_is_used(bot):
    from bot.adapters.discord.client import command_payload

    payload = {c["name"]: c for c in command_payload(bot.client.tree)}
    assert payload["open"]["contexts"] == [0] and payload["open"]["integration_types"] == [0]
    assert payload["threads"]["contexts"] == [0]
    assert payload["rules"]["contexts"] == [0, 1, 2] and payload["rules"]["integration_types"] == [0, 1]
    assert payload["move"]["contexts"] == [0, 1]  # plays the daily challenge in a direct message


async def test_the_fingerprint_changes_with_the_contexts(bot):
    from bot.adapters.discord.client import command_payload, fingerprint

    payload = command_payload(bot.client.tree)
    before = fingerprint(payload, "app:global")
    changed = [dict(c, contexts=[0]) if c["name"] == "rules" else c for c in payload]
    assert fingerprint(changed, "app:global") != before


needs_hawaii = pytest.mark.skipif("hawaii" not in registry.available(), reason="Hawaiian Islands not built")


@pytest.fixture
async def daily_bot(store, monkeypatch, tmp_path):
    service = TableService(store, draw_images=False)
    install_daily(service, solver=Solver(), wait_for_deal=True)
    service.extend(MyGames(service))
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        yield harness


@needs_hawaii
async def test_daily_in_a_direct_message_plays_there_without_a_thread(daily_bot):
    ex = await daily_bot.command_outside(ALICE, "daily")
    dm = daily_bot.dm_channel(ALICE)
    assert not ex.rest("POST", r"/channels/\d+/threads$")  # no thread anywhere
    start = one_public(ex)
    assert start.channel_id == dm and "direct messages" in start.content
    assert [c.path for c in daily_bot.posts()] == [f"/channels/{dm}/messages"]
    (row,) = await every_table(daily_bot.service.store)
    assert (row.guild_id, row.channel_id, row.status) == (0, dm, "active")

    again = await daily_bot.command_outside(ALICE, "daily")
    assert "one attempt" in only_private(again).lower() and not daily_bot.posts()[1:]

    board = await daily_bot.command_outside(ALICE, "board")  # what plays it answers in the direct message
    assert one_public(board).channel_id == dm


@needs_hawaii
async def test_games_in_a_direct_message_lists_the_tables_of_every_server(daily_bot):
    await daily_bot.command(ALICE, "daily")  # a table in a server's private thread
    (thread,) = daily_bot.threads
    here = await daily_bot.command(ALICE, "games")
    assert "this server (1)" in only_private(here)
    mine = await daily_bot.command_outside(ALICE, "games")
    assert "every server (1)" in only_private(mine) and f"<#{thread}>" in only_private(mine)
    foreign = daily_bot.command_payload(ALICE, "games")  # a server without Isles, through Alice's own install
    foreign["authorizing_integration_owners"] = {"1": str(ALICE.id)}
    assert "every server (1)" in only_private(await daily_bot.feed(foreign))
    nobody = await daily_bot.command_outside(BOB, "games")
    assert "not seated at any table in any server" in only_private(nobody)


@needs_hawaii
@pytest.mark.skipif(not hasattr(DailyStore, "attempt_of_person"),
                    reason="one daily attempt a person in every server is not in this tree yet")
async def test_a_direct_message_attempt_is_the_persons_one_attempt_of_the_day(daily_bot):
    one_public(await daily_bot.command_outside(ALICE, "daily"))
    there = await daily_bot.command(ALICE, "daily")  # the same day in a server: refused, no thread
    assert not there.rest("POST", r"/channels/\d+/threads$")
    assert "one attempt" in only_private(there).lower()
    other = await daily_bot.command(BOB, "daily")  # the other way round
    assert other.rest("POST", r"/channels/\d+/threads$")
    again = await daily_bot.command_outside(BOB, "daily")
    assert "one attempt" in only_private(again).lower() and not again.rest("POST", r"/channels/\d+/messages$")

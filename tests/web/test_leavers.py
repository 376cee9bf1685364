"""A page link of someone who left: the server (left, removed or banned) opens nothing any more,
and a seat left (resigned: the computer plays it) opens the table as a watcher sees it."""

from __future__ import annotations

import asyncio

from bot.adapters.web import leavers, server
from tests.helpers import ALICE, BOB, CAROL, open_table
from tests.web.conftest import Served


async def test_a_link_stops_working_once_its_member_left_the_server(served: Served):
    await open_table(served.service, "pioneers", (ALICE, BOB))
    table = await served.table_id()
    alices, bobs = served.token(ALICE.user_id, table), served.token(BOB.user_id, table)
    state = await served.state(alices)
    served.service.members.left(ALICE.guild_id, ALICE.user_id)  # as the Discord adapter hears a ban
    for method, path in (("GET", ""), ("GET", "/state"), ("GET", "/board.png"), ("GET", "/hand.png"),
                         ("GET", "/events"), ("GET", "/after/1.png"), ("GET", f"/preview.png?move={state['moves'][0]}")):
        answer = await served.client.request(method, f"/t/{alices}{path}")
        assert answer.status == 403, path
        assert await answer.text() == leavers.LEFT_SERVER
    moved = await served.client.post(f"/t/{alices}/move", json={"move": state["moves"][0]})
    assert moved.status == 403
    assert await served.service.store.moves(table) == []
    assert (await served.client.get(f"/t/{bobs}/state")).status == 200  # another member's link works on


async def test_a_member_the_chat_adapter_says_is_gone_is_refused_and_one_it_cannot_tell_of_is_not(served: Served):
    await open_table(served.service, "pioneers", (ALICE, BOB))
    table = await served.table_id()
    asked: list[tuple[int, int]] = []
    gone = {ALICE.user_id}

    async def ask(guild_id: int, user_id: int) -> bool | None:
        asked.append((guild_id, user_id))
        return None if user_id == BOB.user_id else user_id not in gone

    served.service.members.ask = ask
    assert (await served.client.get(f"/t/{served.token(ALICE.user_id, table)}/state")).status == 403
    assert (await served.client.get(f"/t/{served.token(BOB.user_id, table)}/state")).status == 200  # no answer now
    for _ in range(5):  # an answer is kept a while: the adapter is not asked at every request
        await served.client.get(f"/t/{served.token(ALICE.user_id, table)}/state")
    assert asked.count((ALICE.guild_id, ALICE.user_id)) == 1


async def test_an_open_stream_of_a_member_who_left_ends(served: Served, monkeypatch):
    monkeypatch.setattr(server, "PING", 0.1)
    await open_table(served.service, "pioneers", (ALICE, BOB))
    table = await served.table_id()
    alices = served.token(ALICE.user_id, table)
    stream = await served.client.get(f"/t/{alices}/events")
    assert (await asyncio.wait_for(stream.content.readline(), 10)).startswith(b"retry")
    served.service.members.left(ALICE.guild_id, ALICE.user_id)
    while await asyncio.wait_for(stream.content.readline(), 30):  # the stream ends by itself
        pass
    assert (await served.client.get(f"/t/{alices}/events")).status == 403  # asked again: refused


async def test_a_seat_left_opens_the_table_as_a_watcher_sees_it(served: Served):
    await open_table(served.service, "pioneers", (ALICE, BOB, CAROL))
    table = await served.table_id()
    alices = served.token(ALICE.user_id, table)
    assert (await served.state(alices))["seat"] is not None
    reply = await served.service.handle(ALICE, "resign")
    if [b.label for b in reply.buttons] == ["Resign"]:  # asked to confirm first
        reply = await served.service.press(ALICE, reply.buttons[0].custom_id)
    assert reply.ok, reply.private
    loaded = await served.service.table(table)
    assert loaded.row.status == "active" and loaded.seat_of(ALICE.user_id).resigned  # the computer plays on
    state = await served.state(alices)
    watching = await served.state(served.token(0, table))
    assert state["seat"] is None and state["private"] == "" and state["moves"] == []
    assert state["regions"] == watching["regions"] and state["log"] == watching["log"]
    assert (await served.client.get(f"/t/{alices}/hand.png")).status == 404
    preview = await served.client.get(f"/t/{alices}/preview.png?move=roll")
    assert preview.status == 409 and not (await preview.json())["ok"]
    assert (await served.client.get(f"/t/{alices}")).status == 200  # the page opens, as a watcher's


"""A person who left a seat sees the table as a watcher does: on the board page (no hand, no
seat's picture) and in /hand and /history, while the computer plays on with the seat's cards."""

from __future__ import annotations

from tests.helpers import ALICE, BOB, CAROL, open_table, who

WATCHER = 77  # a member with no seat at the table


async def test_a_resigned_player_sees_the_page_hand_and_history_as_a_watcher(served):
    service = served.service
    table = await open_table(service, "pioneers", (ALICE, BOB, CAROL))
    before = await served.state(served.token(BOB.user_id, table))
    assert before["seat"] is not None and before["private"].startswith("Your hand")
    assert (await service.handle(BOB, "resign")).ok  # three seats: the computer plays Bob's on
    assert (await service.table(table)).row.status == "active"
    state = await served.state(served.token(BOB.user_id, table))
    watcher = await served.state(served.token(WATCHER, table))
    assert state["seat"] is None and state["private"] == "" and not state["hand_picture"]
    assert state["moves"] == [] and not state["playing"]
    assert {k: v for k, v in state.items() if k != "you"} == {k: v for k, v in watcher.items() if k != "you"}
    answer = await served.client.get(f"/t/{served.token(BOB.user_id, table)}/hand.png")
    assert answer.status == 404
    data = await service.page_data(table, BOB.user_id)
    loaded = await service.table(table)
    assert data["seat"] is None and data["view"] == loaded.game.view(None)
    hand = await service.handle(BOB, "hand")
    assert not hand.ok and "no longer yours" in hand.private
    history = await service.handle(BOB, "history")
    assert history.private == (await service.handle(who("Watcher", WATCHER), "history")).private
    carol = await served.state(served.token(CAROL.user_id, table))  # those who play on keep their seat's view
    assert carol["seat"] is not None and carol["private"].startswith("Your hand")

"""The board page's Take back after a move the table followed with one it played for the mover:
asked on the page, it names the mover's own move, and once the other page agrees both go back."""

from __future__ import annotations

from bot.features.auto import Auto
from bot.features.takeback import TakeBack
from tests.helpers import ALICE, BOB
from tests.web.conftest import start_table

# Grow Sky, 2 people, seed 5 (the example script's opening): the last `buy` ends the turn, and the
# table plays the buyer's lone `end`
OPENING = ("draft p1 s3", "draft p1 s3", "develop 3", "buy m6 s2")
LAST = "buy m2 s1"


async def page_move(served, token: str, move: str) -> dict:
    state = await served.state(token)
    answer = await served.client.post(f"/t/{token}/move", json={"move": move, "version": state["version"]})
    said = await answer.json()
    assert answer.status == 200 and said["ok"], said
    return said


async def test_the_pages_take_back_takes_back_the_move_and_the_end_played_after_it(served):
    service = served.service
    service.extend(Auto(service))
    service.extend(TakeBack(service))
    await start_table(service, "growsky")
    table = await served.table_id()
    tokens = {p.user_id: served.token(p.user_id, table) for p in (ALICE, BOB)}

    async def whose_turn():
        loaded = await service.table(table)
        user = loaded.by_seat(loaded.game.to_act()[0]).user_id
        return tokens[user], next(t for u, t in tokens.items() if u != user)

    for move in OPENING:
        await page_move(served, (await whose_turn())[0], move)
    token, other = await whose_turn()
    before = (await service.table(table)).game.dump()
    said = await page_move(served, token, LAST)
    log = await service.store.moves(table)
    assert [m.move for m in log[-2:]] == [LAST, "end"] and log[-1].user_id == log[-2].user_id
    assert said["state"]["takeback"]["ask"] is True
    asked = await (await served.client.post(f"/t/{token}/takeback", json={})).json()
    assert asked["ok"] and f"asks to take back `{LAST}` and the move played after it." in asked["message"], asked
    assert asked["state"]["takeback"]["asked"] == LAST
    waiting = (await served.state(other))["takeback"]
    assert waiting["answer"] == LAST
    agreed = await (await served.client.post(f"/t/{other}/takeback", json={"agree": True})).json()
    assert agreed["ok"], agreed
    logged = await service.store.moves(table, taken_back=True)
    assert [(m.move, m.taken_back) for m in logged[-2:]] == [(LAST, True), ("end", True)]
    assert (await service.table(table)).game.dump() == before
    state = await served.state(token)
    assert state["your_turn"] and LAST in state["moves"]

"""The board page as a whole table, over HTTP: the seat's own part (what /hand tells it, and the
picture /hand draws) on its page alone, take-backs as Discord offers them, names on the answer
buttons, the page's own words for a stale move, tiles named by their row and column, and a live
stream that ends when its link does."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from bot.adapters.web import regions, server, tokens
from bot.core import marks
from bot.features.takeback import TakeBack
from games.base import fill_names
from tests.helpers import ALICE, BOB, CAROL
from tests.web.conftest import NOW, start_table
from tests.web.test_pages import mover
from tests.web.test_second_part import play_some


async def through_setup(served) -> None:
    service, table = served.service, await served.table_id()
    while (await service.table(table)).game.phase == "setup":
        await play_some(served, 1)


@pytest.mark.parametrize("game", ["pioneers", "propeller"])
async def test_each_seats_own_part_is_on_its_page_and_no_other(served, game):
    await start_table(served.service, game)
    if game == "pioneers":
        await through_setup(served)
    await play_some(served, 3)
    table = await served.table_id()
    loaded = await served.service.table(table)
    names = loaded.names()
    pages = {}
    for caller in (ALICE, BOB):
        seat = loaded.seat_of(caller.user_id).seat
        state = await served.state(served.token(caller.user_id, table))
        own = fill_names(loaded.game.private_text(seat, names), names)
        assert own and state["private"] == own
        hand = await served.service.handle(caller, "hand")
        assert hand.private == state["private"]  # what /hand tells, word for word
        pages[caller.user_id] = state
    assert pages[ALICE.user_id]["private"] != pages[BOB.user_id]["private"]
    if game == "pioneers":
        assert all(p["private"].startswith("Your hand:") for p in pages.values())
    else:
        assert all("Your Blueprints:" in p["private"] for p in pages.values())
    spectator = served.token(CAROL.user_id, table)
    watched = await served.state(spectator)
    assert watched["private"] == "" and not watched["hand_picture"] and watched["takeback"] is None
    assert (await served.client.get(f"/t/{spectator}/hand.png")).status == 404
    for caller in (ALICE, BOB):  # the picture /hand draws, where the game draws one
        answer = await served.client.get(f"/t/{served.token(caller.user_id, table)}/hand.png")
        assert pages[caller.user_id]["hand_picture"] == (game == "propeller")
        assert answer.status == (200 if game == "propeller" else 404)


async def test_the_mover_is_offered_the_take_back_and_the_other_answers_it(served):
    served.service.extend(TakeBack(served.service))
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    (first, token, state), (other, other_token, _) = await mover(served)
    assert state["takeback"]["ask"] is False  # nothing played yet
    move = state["moves"][0]
    assert (await (await served.client.post(f"/t/{token}/move", json={"move": move, "version": state["version"]}))
            .json())["ok"]
    assert (await served.state(token))["takeback"]["ask"] is True  # a settlement in the setup reveals nothing
    assert (await served.state(other_token))["takeback"]["ask"] is False
    spectator = served.token(CAROL.user_id, table)
    assert (await served.client.post(f"/t/{spectator}/takeback", json={})).status == 403
    expired = served.token(first.user_id, table, expires=NOW - 1)
    assert (await served.client.post(f"/t/{expired}/takeback", json={})).status == 403
    assert (await served.state(token))["takeback"]["asked"] == ""  # neither asked anything
    asked = await (await served.client.post(f"/t/{token}/takeback", json={})).json()
    assert asked["ok"], asked
    assert asked["state"]["takeback"] == {"ask": False, "answer": "", "by": "", "asked": move}
    waiting = (await served.state(other_token))["takeback"]
    assert waiting["answer"] == move and waiting["by"] == first.name
    agreed = await (await served.client.post(f"/t/{other_token}/takeback", json={"agree": True})).json()
    assert agreed["ok"], agreed
    assert [m.move for m in await served.service.store.moves(table)] == []  # taken back
    assert (await served.state(token))["your_turn"]


class Posts:
    def __init__(self):
        self.posted: list[tuple[int, str]] = []

    async def post(self, channel_id, reply) -> bool:
        self.posted.append((channel_id, reply.text))
        return True

    async def direct(self, user_id, text) -> bool:
        return True


async def test_a_take_back_asked_on_the_page_is_told_in_the_channel(served):
    served.service.extend(TakeBack(served.service))
    served.service.outbox = posts = Posts()
    await start_table(served.service, "pioneers")
    (first, token, state), (other, other_token, _) = await mover(served)
    await served.client.post(f"/t/{token}/move", json={"move": state["moves"][0], "version": state["version"]})
    before = len(posts.posted)
    assert (await (await served.client.post(f"/t/{token}/takeback", json={})).json())["ok"]
    (channel, text), = posts.posted[before:]
    assert channel == ALICE.channel_id and "asks to take back" in text and marks.person(other.user_id) in text
    assert (await (await served.client.post(f"/t/{other_token}/takeback", json={"agree": False})).json())["ok"]
    assert "refused" in posts.posted[-1][1]


async def test_a_refused_take_back_leaves_the_move(served):
    served.service.extend(TakeBack(served.service))
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    (_, token, state), (_, other_token, _) = await mover(served)
    await served.client.post(f"/t/{token}/move", json={"move": state["moves"][0], "version": state["version"]})
    assert (await (await served.client.post(f"/t/{token}/takeback", json={})).json())["ok"]
    refused = await (await served.client.post(f"/t/{other_token}/takeback", json={"agree": False})).json()
    assert refused["ok"] and refused["state"]["takeback"]["answer"] == ""
    assert [m.move for m in await served.service.store.moves(table)] == [state["moves"][0]]


async def test_without_take_backs_the_page_offers_none(served):
    await start_table(served.service, "pioneers")
    (_, token, state), _ = await mover(served)
    await served.client.post(f"/t/{token}/move", json={"move": state["moves"][0], "version": state["version"]})
    assert (await served.state(token))["takeback"] is None
    assert (await served.client.post(f"/t/{token}/takeback", json={})).status == 403


async def test_answer_buttons_name_the_players(served):
    await start_table(served.service, "pioneers")
    service, table = served.service, await served.table_id()
    await through_setup(served)
    (first, token, state), (other, other_token, _) = await mover(served)
    assert (await served.client.post(f"/t/{token}/move", json={"move": "roll", "version": state["version"]})).ok
    loaded = await service.table(table)
    game = loaded.game
    if game.phase != "main":
        pytest.skip("the seed's roll is a 7")
    mine, theirs = loaded.seat_of(first.user_id).seat, loaded.seat_of(other.user_id).seat
    game.hands[mine][0] += 1  # lumber to give, ore to get: each holds what the trade needs
    game.hands[theirs][4] += 1
    state = await served.state(token)
    assert (await (await served.client.post(f"/t/{token}/move", json={"move": "offer 1 lumber for 1 ore",
                                                                      "version": state["version"]})).json())["ok"]
    answer = await served.state(other_token)
    assert (await (await served.client.post(f"/t/{other_token}/move", json={"move": "accept 1",
                                                                            "version": answer["version"]})).json())["ok"]
    labels = [a["label"] for a in (await served.state(token))["actions"]]
    assert any(label.startswith(f"Confirm #1 with {other.name}") for label in labels), labels
    assert not any("{seat" in label for label in labels)


async def test_a_stale_move_gets_words_a_page_can_say(served):
    await start_table(served.service, "pioneers")
    (caller, token, state), _ = await mover(served)
    assert (await served.service.handle(caller, "move", {"move": state["moves"][0]})).ok
    fresh = await served.state(token)
    said = await (await served.client.post(f"/t/{token}/move", json={"move": fresh["moves"][0],
                                                                     "version": state["version"]})).json()
    assert not said["ok"] and "moved on" in said["message"]
    assert "message" not in said["message"] and "/move" not in said["message"]


async def test_an_archipels_tile_is_named_by_its_row_and_column(served):
    await start_table(served.service, "archipels")
    (_, _, state), _ = await mover(served)
    spaces = [r for r in state["regions"] if re.fullmatch(r"r\dc\d", r["name"])]
    usable = [r for r in spaces if r["moves"]]
    assert usable, [r["name"] for r in spaces]
    for region in usable:
        row, column = region["name"][:2], region["name"][2:]
        for move in region["moves"]:
            assert {row, column} <= regions.words(move), (region["name"], move)
        assert set(region["moves"]) == {m for m in state["moves"] if {row, column} <= regions.words(m)}


def test_a_compound_name_needs_every_part():
    index = regions.by_place("archipels", ["take r2 c1,c3", "take c1 r2", "take r1 c2", "take r1 c1,c2"])
    assert regions.named(index, "r2c1") == ["take r2 c1,c3", "take c1 r2"]
    assert regions.named(index, "r2c2") == []
    assert regions.named(index, "r1c2") == ["take r1 c2", "take r1 c1,c2"]
    assert regions.named(index, "c1") == ["take r2 c1,c3", "take c1 r2", "take r1 c1,c2"]


async def test_a_live_stream_ends_when_its_link_expires(served, monkeypatch):
    monkeypatch.setattr(server, "PING", 0.05)
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    token = served.token(ALICE.user_id, table, expires=NOW + 60)
    events = await served.client.get(f"/t/{token}/events")
    assert (await asyncio.wait_for(events.content.readline(), 60)).startswith(b"retry:")
    served.pages.clock = lambda: NOW + 61
    await asyncio.wait_for(events.content.read(), 60)  # the stream ends with no move made: the page asks again
    assert (await served.client.get(f"/t/{token}/state")).status == 403
    assert tokens.verify(served.pages.secret, token, NOW + 61) is None


async def test_the_pioneers_hand_is_its_seats_alone_when_cards_move(served):
    """The swap of tests/web/test_pages.py, for the own part: another seat's cards dealt anew
    change nothing on Alice's page, and Bob's page follows his own cards."""
    await start_table(served.service, "pioneers")
    await through_setup(served)
    await play_some(served, 4)
    table = await served.table_id()
    loaded = await served.service.table(table)
    game = loaded.game
    alice, bob = loaded.seat_of(ALICE.user_id).seat, loaded.seat_of(BOB.user_id).seat
    tokens_of = {who.user_id: served.token(who.user_id, table) for who in (ALICE, BOB)}
    before = {user: await served.state(token) for user, token in tokens_of.items()}
    size = sum(game.hands[bob])
    assert size >= 2
    most = max(range(5), key=lambda k: game.hands[bob][k])
    game.hands[bob] = [0] * 5
    others = [k for k in range(5) if k != most]
    for index in range(size):
        game.hands[bob][others[index % 4]] += 1
    after = {user: await served.state(token) for user, token in tokens_of.items()}
    assert after[ALICE.user_id] == before[ALICE.user_id]
    assert after[BOB.user_id]["private"] != before[BOB.user_id]["private"]
    assert after[BOB.user_id]["private"] == fill_names(game.private_text(bob, loaded.names()), loaded.names())
    assert alice != bob
    rng = random.Random(5)
    assert game.redeal_hidden(rng)
    watcher = served.token(CAROL.user_id, table)
    assert (await served.state(watcher))["private"] == ""


async def test_the_trade_panel_is_gone_once_the_game_is_over(served):
    await start_table(served.service, "pioneers")
    await through_setup(served)
    (_, token, state), _ = await mover(served)
    assert state["trade"] is not None
    assert (await served.service.handle(ALICE, "cancel")).ok  # the host asks to close the table
    assert (await served.service.handle(BOB, "cancel")).ok  # and the other player agrees: it closes
    ended = await served.state(token)
    assert ended["status"] != "active" and ended["trade"] is None and ended["bar"] == []


async def test_a_two_player_propeller_page_gets_the_phone_sized_picture(served):
    from io import BytesIO

    from PIL import Image

    await start_table(served.service, "propeller")
    (_, token, state), _ = await mover(served)
    answer = await served.client.get(f"/t/{token}/board.png")
    assert answer.status == 200
    picture = Image.open(BytesIO(await answer.read()))
    assert picture.width == 550, picture.size  # as at three and four players, not the table's 1,000 px
    assert state["regions"] and all(r.get("x", r.get("cx", 0)) <= picture.width for r in state["regions"])
    used = [r for r in state["regions"] if r["moves"]]
    assert used and {m for r in used for m in r["moves"]} <= set(state["moves"])


async def test_a_take_back_request_made_in_another_process_reaches_the_open_pages(served):
    """Another shard's process writes the request's row and tells nobody here: the pages' watcher
    finds it and tells the table's streams to look again."""
    from db.takeback import Request

    served.service.extend(TakeBack(served.service))
    await start_table(served.service, "pioneers")
    (first, token, state), (other, other_token, _) = await mover(served)
    assert (await served.client.post(f"/t/{token}/move", json={"move": state["moves"][0],
                                                              "version": state["version"]})).ok
    table = await served.table_id()
    events = await served.client.get(f"/t/{other_token}/events")
    assert (await asyncio.wait_for(events.content.readline(), 30)).startswith(b"retry:")
    loaded = await served.service.table(table)
    taking = next(e for e in served.service.extensions if isinstance(e, TakeBack))
    numbers = [m.n for m in await served.service.store.moves(table)]
    await taking.requests.put(table, Request(loaded.seat_of(first.user_id).seat, first.name, loaded.version,
                                             numbers, state["moves"][0], {other.user_id}))

    async def asked() -> None:
        while (line := await events.content.readline()) != b"event: asked\n":
            assert line, "the stream ended"

    await asyncio.wait_for(asked(), 60)  # the watcher looks every few seconds: a generous limit
    assert (await served.state(other_token))["your_answer"]
    events.close()


@pytest.mark.parametrize("game", ["pioneers", "archipels", "propeller", "growsky", "hawaii"])
async def test_in_every_game_a_region_has_only_moves_that_name_it_as_a_place(served, game):
    """The page's regions a little way into each game: every move of a region is legal and names
    it as a place of its kind (tests/web/test_browser_thumb.py looks at the lit places on a phone)."""
    from games import registry
    from tests.web.test_browser import start

    await start(served, game)
    service, table = served.service, await served.table_id()
    places = registry.get(game).move_places
    rng = random.Random(3)
    for played in range(60):  # as the computer would play, to a move on the board
        loaded = await service.table(table)
        seat = loaded.game.to_act()[0]
        if played >= 12 and any(places(m) for m in loaded.game.legal_moves(seat)):
            break
        who = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
        assert (await service.handle(who, "move", {"move": loaded.game.ai_move(seat, rng)})).ok
    who = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
    state = await served.state(served.token(who.user_id, table))
    used = [r for r in state["regions"] if r["moves"]]
    assert used
    for region in used:
        for move in region["moves"]:
            assert move in state["moves"]
            named = {n for kind, n in places(move) if kind in ("", region.get("kind", ""))}
            joined = regions.parts(region["name"].lower())
            assert region["name"].lower() in named or (joined and set(joined) <= {n for _, n in places(move)}), \
                (region["name"], region.get("kind"), move)

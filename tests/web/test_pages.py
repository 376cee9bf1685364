"""The board pages over HTTP: signed links, refusals, moves through the service, live events and
hidden information."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from aiohttp import ClientSession

from bot.adapters.console.console import stable_id
from bot.adapters.web import regions, tokens
from bot.adapters.web.server import STATIC, WebPages
from tests.helpers import ALICE, BOB, CAROL
from tests.web.conftest import NOW, console_table, start_table

SECRET = b"test secret"


def test_a_token_carries_its_user_table_and_expiry():
    token = tokens.sign(SECRET, 7, 3, 2000)
    assert tokens.verify(SECRET, token, 1000) == tokens.Pass(7, 3, 2000)
    assert tokens.verify(b"other secret", token, 1000) is None
    assert tokens.verify(SECRET, token, 2000) is None  # expired
    user, table, expires, signature = token.split(".")
    for altered in (f"8.{table}.{expires}.{signature}", f"{user}.4.{expires}.{signature}",
                    f"{user}.{table}.9999.{signature}", f"{user}.{table}.{expires}.{signature[:-1]}A",
                    "", "a.b.c.d", token + ".x"):
        assert tokens.verify(SECRET, altered, 1000) is None, altered


def test_a_move_names_a_region_by_the_words_its_game_says_are_places():
    pioneers = regions.by_place("pioneers", ["settlement 12", "road 12-13", "robber k steal 1",
                                             "trade 4 wool for 1 ore", "offer 1 brick for 2 wool"])
    assert regions.named(pioneers, "12", "corner") == ["settlement 12"]
    assert regions.named(pioneers, "12-13", "edge") == ["road 12-13"]
    assert regions.named(pioneers, "k", "hex") == ["robber k steal 1"]
    assert regions.named(pioneers, "1", "corner") == []  # a seat to rob and a count of goods are no corner
    assert regions.named(pioneers, "wool", "harbour") == []  # a trade needs no harbour to be tapped
    archipels = regions.by_place("archipels", ["take r2 c1,c3; done", "place t30 -1,2"])
    assert regions.named(archipels, "c3", "column") == ["take r2 c1,c3; done"]
    assert regions.named(archipels, "-1,2", "square") == ["place t30 -1,2"]
    assert regions.named(archipels, "2", "square") == [] and regions.named(archipels, "done") == []
    propeller = regions.by_place("propeller", ["take 3", "die 3 to 4", "claim f at -1,1"])
    assert regions.named(propeller, "3", "forge") == ["die 3 to 4"]  # a drafted card is no forge space
    assert regions.named(propeller, "3", "card") == ["take 3"]
    assert regions.named(propeller, "1", "forge") == []  # nor is a spot's coordinate
    growsky = regions.by_place("growsky", ["develop 1 pay 2 lv1", "place l4 o3 c1 pay 1 lv2"])
    assert regions.named(growsky, "2", "die") == [] and regions.named(growsky, "lv1", "rudder") == []
    assert regions.named(growsky, "1", "die") == ["develop 1 pay 2 lv1"]
    assert regions.named(growsky, "l4o3", "orientation") == ["place l4 o3 c1 pay 1 lv2"]


async def seat_token(served, caller) -> tuple[str, dict]:
    table = await served.table_id()
    token = served.token(caller.user_id, table)
    return token, await served.state(token)


async def mover(served) -> tuple:
    """(caller, token, state) of the person whose turn it is, then of the other."""
    alice = await seat_token(served, ALICE)
    bob = await seat_token(served, BOB)
    first, second = ((ALICE, *alice), (BOB, *bob)) if alice[1]["your_turn"] else ((BOB, *bob), (ALICE, *alice))
    assert first[2]["your_turn"] and not second[2]["your_turn"]
    return first, second


@pytest.mark.parametrize("path", ["", "/state", "/board.png", "/preview.png?move=roll", "/events", "/hand.png"])
async def test_a_forged_altered_or_expired_link_gets_403(served, path):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    good = served.token(ALICE.user_id, table)
    user, t, expires, signature = good.split(".")
    for bad in (tokens.sign(b"guessed", ALICE.user_id, table, int(NOW + 3600)),
                f"{BOB.user_id}.{t}.{expires}.{signature}",
                served.token(ALICE.user_id, table, expires=NOW - 1),
                "nonsense"):
        answer = await served.client.get(f"/t/{bad}{path}")
        assert answer.status == 403, (bad, path)
    good_path = path if path not in ("/events", "/hand.png") else "/state"  # Pioneer's Isle draws no hand
    assert (await served.client.get(f"/t/{good}{good_path}")).status in (200, 204)


async def test_a_move_with_a_bad_link_changes_nothing(served):
    await start_table(served.service, "pioneers")
    (_, token, state), _ = await mover(served)
    user, t, expires, signature = token.split(".")
    expired = served.token(int(user), int(t), expires=NOW - 5)
    for bad in (f"{user}.{t}.{int(expires) + 1}.{signature}", expired):
        answer = await served.client.post(f"/t/{bad}/move", json={"move": state["moves"][0], "version": state["version"]})
        assert answer.status == 403
    assert await served.service.store.moves(state["table"]) == []


async def test_the_page_and_its_files_come_from_the_bot(served):
    await start_table(served.service, "pioneers")
    token, _ = await seat_token(served, ALICE)
    page = await served.client.get(f"/t/{token}")
    assert page.status == 200 and "text/html" in page.headers["Content-Type"]
    assert page.headers["Referrer-Policy"] == "no-referrer"
    for name in ("board.js", "board.css"):
        assert (await served.client.get(f"/static/{name}")).status == 200
    assert (await served.client.get("/static/page.html")).status == 404
    for path in (p for p in STATIC.iterdir() if p.is_file()):  # nothing loaded from the internet
        found = re.findall(r"https?://[^\s\"')]+", path.read_text())
        assert set(found) <= {"http://www.w3.org/2000/svg"}, (path.name, found)


async def test_a_move_through_the_page_lands_in_the_store(served):
    await start_table(served.service, "pioneers")
    (caller, token, state), (_, other_token, _) = await mover(served)
    assert state["seat"] is not None and state["moves"][0].startswith("settlement")
    legal = [r for r in state["regions"] if r["moves"]]
    assert legal and all(m.startswith("settlement") for r in legal for m in r["moves"])
    move = legal[0]["moves"][0]
    answer = await served.client.post(f"/t/{token}/move", json={"move": move, "version": state["version"]})
    result = await answer.json()
    assert result["ok"], result
    logged = await served.service.store.moves(state["table"])
    assert [(m.move, m.user_id) for m in logged] == [(move, caller.user_id)]
    after = await served.state(token)
    assert after["version"] > state["version"] and after["log"][-1].startswith("1.")
    assert (await served.client.get(f"/t/{token}/board.png")).headers["Content-Type"] == "image/png"


async def test_another_users_link_cannot_play_the_seat_to_move(served):
    await start_table(served.service, "pioneers")
    (_, _, state), (_, other_token, other) = await mover(served)
    assert other["moves"] == []
    answer = await served.client.post(f"/t/{other_token}/move", json={"move": state["moves"][0],
                                                                      "version": state["version"]})
    result = await answer.json()
    assert not result["ok"] and "not your turn" in result["message"]
    spectator = served.token(CAROL.user_id, state["table"])
    watched = await served.state(spectator)
    assert watched["seat"] is None and watched["moves"] == []
    answer = await served.client.post(f"/t/{spectator}/move", json={"move": state["moves"][0],
                                                                    "version": state["version"]})
    assert answer.status == 403
    assert await served.service.store.moves(state["table"]) == []
    assert (await served.state(spectator))["version"] == state["version"]


async def test_a_page_that_missed_a_move_plays_nothing(served):
    await start_table(served.service, "pioneers")
    (caller, token, state), _ = await mover(served)
    reply = await served.service.handle(caller, "move", {"move": state["moves"][0]})
    assert reply.ok
    fresh = await served.state(token)
    answer = await served.client.post(f"/t/{token}/move", json={"move": fresh["moves"][0], "version": state["version"]})
    assert not (await answer.json())["ok"]
    assert len(await served.service.store.moves(state["table"])) == 1


async def read_event(response) -> str:
    """The data of the next `changed` event."""
    event = ""
    while True:
        line = (await asyncio.wait_for(response.content.readline(), 60)).decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "changed":
            return line[6:]


async def test_a_console_move_reaches_an_open_page(served, tmp_path):
    console, table = await console_table(served, tmp_path)
    tokens_of = {name: served.token(stable_id(name), table) for name in ("alice", "bob")}
    states = {name: await served.state(token) for name, token in tokens_of.items()}
    name = next(n for n, s in states.items() if s["your_turn"])
    token, state = tokens_of[name], states[name]
    events = await served.client.get(f"/t/{token}/events")
    assert events.headers["Content-Type"].startswith("text/event-stream")
    assert await read_event(events) == str(state["version"])
    said = await console.run_line(f"[#web] {name}: /move {state['moves'][0]}")
    assert not any(line.startswith("  !") for line in said), said
    assert int(await read_event(events)) > state["version"]
    events.close()


def hand_of(game, seat):
    return list(game.hands[seat])


async def test_a_page_does_not_change_when_another_seats_cards_are_dealt_anew(served):
    service = served.service
    await start_table(service, "pioneers")
    table = await served.table_id()
    rng = random.Random(3)
    for _ in range(60):  # the setup, then a few turns: hands fill
        loaded = service._cache[table]
        game = loaded.game
        if sum(map(sum, game.hands)) >= 6 and game.phase == "main":
            break
        seat = game.to_act()[0]
        caller = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
        move = game.ai_move(seat, rng)
        assert (await service.handle(caller, "move", {"move": move})).ok
    game = service._cache[table].game
    alice_seat = service._cache[table].seat_of(ALICE.user_id).seat
    bob_seat = 1 - alice_seat
    assert sum(game.hands[bob_seat]) >= 2
    tokens_of = {"alice": served.token(ALICE.user_id, table), "spectator": served.token(CAROL.user_id, table)}

    async def pages() -> dict:
        served.pages._pictures.clear()  # drawn afresh, not from the adapter's cache
        out = {}
        for who, token in tokens_of.items():
            out[who] = (await served.state(token), await (await served.client.get(f"/t/{token}/board.png")).read())
        return out

    before = await pages()
    assert before["alice"][0]["private"].startswith("Your hand:")  # her own part is on the page, and holds
    assert before["spectator"][0]["private"] == ""
    size = sum(game.hands[bob_seat])
    kinds = [k for k in range(5) if k != max(range(5), key=lambda k: game.hands[bob_seat][k])]
    game.hands[bob_seat] = [0] * 5
    for index in range(size):  # the same count of other cards
        game.hands[bob_seat][kinds[index % len(kinds)]] += 1
    assert await pages() == before
    assert game.redeal_hidden(random.Random(9))
    served.pages._pictures.clear()
    spectator = tokens_of["spectator"]
    assert (await served.state(spectator)) == before["spectator"][0]
    assert (await (await served.client.get(f"/t/{spectator}/board.png")).read()) == before["spectator"][1]


async def test_propeller_islands_is_played_through_the_page(served):
    await start_table(served.service, "propeller")
    (caller, token, state), _ = await mover(served)
    assert state["title"] == "Propeller Islands" and state["moves"]
    board = await served.client.get(f"/t/{token}/board.png")
    assert board.status == 200 and (await board.read()).startswith(b"\x89PNG")
    preview = await served.client.get(f"/t/{token}/preview.png", params={"move": state["moves"][0]})
    assert preview.status == 204  # no previews in this game: the page shows the chosen move in words
    answer = await served.client.post(f"/t/{token}/move", json={"move": state["moves"][0], "version": state["version"]})
    assert (await answer.json())["ok"]
    assert [m.move for m in await served.service.store.moves(state["table"])] == [state["moves"][0]]


async def test_the_console_answers_web_with_a_local_link(served, tmp_path):
    console, table = await console_table(served, tmp_path)
    pages = WebPages(served.service, port=0, secret="test secret")
    served.service._commands["web"] = (pages.commands[0], pages)  # as install_pages does, on its own port
    try:
        said = "\n".join(await console.run_line("[#web] alice: /web"))
        link = re.search(r"http://127\.0\.0\.1:\d+/t/\S+", said)
        assert link, said
        async with ClientSession() as session, session.get(link[0] + "/state") as answer:
            assert answer.status == 200
            assert (await answer.json())["you"] == "alice"
    finally:
        await pages.stop()


async def test_a_game_with_previews_draws_the_chosen_move_unplayed(served):
    await start_table(served.service, "growsky")
    rng = random.Random(2)
    for _ in range(30):  # drafts first (legal, but no picture to preview), then a part to place
        (caller, token, state), _ = await mover(served)
        move = next((m for m in state["moves"] if m.startswith("place")), "")
        if move:
            break
        assert (await served.client.get(f"/t/{token}/preview.png", params={"move": state["moves"][0]})).status == 204
        game = served.service._cache[state["table"]].game
        assert (await served.service.handle(caller, "move", {"move": game.ai_move(state["seat"], rng)})).ok
    assert move
    logged = len(await served.service.store.moves(state["table"]))
    preview = await served.client.get(f"/t/{token}/preview.png", params={"move": move})
    assert preview.status == 200 and (await preview.read()).startswith(b"\x89PNG")
    refused = await served.client.get(f"/t/{token}/preview.png", params={"move": "place nothing"})
    assert refused.status == 409 and not (await refused.json())["ok"]
    assert len(await served.service.store.moves(state["table"])) == logged


@pytest.mark.parametrize("key", ["pioneers", "archipels", "propeller", "growsky", "hawaii"])
def test_each_kind_of_place_a_game_names_is_a_kind_its_picture_draws(key):
    """A game's place words and its renderer's regions must agree on the kinds: a kind the picture
    never draws would leave those moves with no place to tap."""
    import random

    import render
    from games import registry

    cls = registry.get(key)
    declared = {spot.kind for spots in cls.place_words.values() for spot in spots if spot.kind}
    drawn: set[str] = set()
    for variant in (cls, *cls.variants.values()):
        players = max(variant.min_players, 1 if key == "hawaii" else 2)
        game = variant.new(players, {}, 3)
        rng = random.Random(3)
        for _ in range(150):
            if game.is_over():
                break
            seat = game.to_act()[0]
            drawn |= {r.get("kind", "") for r in render.regions(key, game.view(seat), [f"P{s}" for s in range(players)])}
            game.play(seat, game.ai_move(seat, rng))
    assert declared <= drawn, declared - drawn

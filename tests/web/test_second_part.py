"""The board pages' second part over HTTP: the "Open the board" link button, the log's board
as it was after an earlier move, the trade panel's data, the per-person request limit, and the
one drawing per version that the channel's post and the pages share."""

from __future__ import annotations

import random

import pytest

import render
from bot.adapters.console.console import Console
from bot.adapters.web import server, tokens
from bot.adapters.web.buckets import Buckets
from bot.adapters.web.server import OPEN_BOARD, WebPages
from games import registry
from tests.helpers import ALICE, BOB, CAROL, service_at
from tests.web.conftest import NOW, start_table
from tests.web.test_pages import mover


async def play_some(served, count: int) -> list[str]:
    """`count` moves by whoever must act, as the computer would choose them."""
    service, table = served.service, await served.table_id()
    rng = random.Random(3)
    played = []
    for _ in range(count):
        loaded = await service.table(table)
        seat = loaded.game.to_act()[0]
        who = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
        move = loaded.game.ai_move(seat, rng)
        assert (await service.handle(who, "move", {"move": move})).ok
        played.append(move)
    return played


async def test_a_move_answer_and_hand_carry_the_link_only_while_pages_are_served(served):
    await start_table(served.service, "pioneers")
    (first, _, state), (other, _, _) = await mover(served)
    reply = await served.service.handle(first, "move", {"move": state["moves"][0]})
    assert reply.ok and not any(b.url for b in reply.private_buttons + reply.buttons)  # nothing served yet
    served.pages.base_url = "https://isles.example.org"
    (first, _, state), _ = await mover(served)
    reply = await served.service.handle(first, "move", {"move": state["moves"][0]})
    (link,) = [b for b in reply.private_buttons if b.url]
    assert link.label == OPEN_BOARD and not link.custom_id
    assert not any(b.url for b in reply.buttons) and "/t/" not in reply.text  # never on the public part
    granted = tokens.verify(served.pages.secret, link.url.rsplit("/", 1)[1], NOW)
    assert (granted.user_id, granted.table_id) == (first.user_id, await served.table_id())
    hand = await served.service.handle(other, "hand")
    (link,) = [b for b in hand.private_buttons if b.url]
    assert tokens.verify(served.pages.secret, link.url.rsplit("/", 1)[1], NOW).user_id == other.user_id
    assert not (await served.service.handle(CAROL, "hand")).private_buttons  # no seat, no link


async def test_the_console_prints_the_link_button(served, tmp_path):
    console = Console(served.service, tmp_path / "images")
    served.pages.base_url = "http://127.0.0.1:9"
    for line in ("alice: /open game:growsky", "bob: /join", "alice: /start", "alice: /hand", "bob: /hand"):
        said = await console.run_line(f"[#web] {line}")
    assert any(f"[{OPEN_BOARD}: http://127.0.0.1:9/t/" in line for line in said), said


async def test_the_board_after_an_earlier_move_is_replayed_in_the_viewers_view(served):
    await start_table(served.service, "pioneers")
    await play_some(served, 6)
    table = await served.table_id()
    service = served.service
    alice, watcher = served.token(ALICE.user_id, table), served.token(tokens.SPECTATOR, table)
    numbers = [m.n for m in await service.store.moves(table)]
    loaded = await service.table(table)
    seat = loaded.seat_of(ALICE.user_id).seat
    for n in (numbers[0], numbers[3]):
        game = await service.replayed_after(table, n)
        for token, view in ((alice, game.view(seat)), (watcher, game.view(None))):
            answer = await served.client.get(f"/t/{token}/after/{n}.png")
            assert answer.status == 200 and answer.content_type == "image/png"
            assert await answer.read() == render.draw("pioneers", view, loaded.names())
    early = await (await served.client.get(f"/t/{alice}/after/{numbers[0]}.png")).read()
    assert early != render.draw("pioneers", loaded.game.view(seat), loaded.names())  # not the live board
    assert (await served.client.get(f"/t/{alice}/after/999.png")).status == 404
    forged = tokens.sign(b"not the secret", ALICE.user_id, table, int(NOW) + 60)
    assert (await served.client.get(f"/t/{forged}/after/{numbers[0]}.png")).status == 403


async def test_the_trade_panel_gets_the_hand_and_the_offers_this_seat_may_answer(served):
    await start_table(served.service, "pioneers")
    service, table = served.service, await served.table_id()
    while (await service.table(table)).game.phase == "setup":
        await play_some(served, 1)
    (first, token, state), (other, other_token, _) = await mover(served)
    assert state["trade"]["goods"] == ["lumber", "brick", "wool", "grain", "ore"]
    assert (await served.state(served.token(tokens.SPECTATOR, table)))["trade"] is None
    assert (await served.client.post(f"/t/{token}/move", json={"move": "roll", "version": state["version"]})).ok
    state = await served.state(token)
    hand = state["trade"]["hand"]
    assert len(hand) == 5 and state["trade"]["can_offer"] == any(m.startswith("offer ") for m in state["moves"])
    give = next(i for i, count in enumerate(hand) if count)
    get = (give + 1) % 5
    goods = state["trade"]["goods"]
    offer = f"offer 1 {goods[give]} for 1 {goods[get]}"
    sent = await (await served.client.post(f"/t/{token}/move", json={"move": offer, "version": state["version"]})).json()
    assert sent["ok"], sent
    answers = (await served.state(other_token))["actions"]
    moves = {a["move"] for a in answers}
    assert "decline 1" in moves and moves <= set((await served.state(other_token))["moves"])
    assert all(not a["move"].endswith(" ") for a in answers)  # forms are for Discord; the panel builds its own


async def test_too_many_requests_get_429_and_play_nothing(served):
    await start_table(served.service, "pioneers")
    served.pages.buckets = Buckets(rate=0.001, burst=5.0)
    table = await served.table_id()
    token = served.token(ALICE.user_id, table)
    statuses = [(await served.client.get(f"/t/{token}/state")).status for _ in range(5)]
    assert statuses == [200] * 5
    refused = await served.client.post(f"/t/{token}/move", json={"move": "roll"})
    assert refused.status == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "Nothing was played" in await refused.text()
    assert await served.service.store.moves(table) == []
    assert (await served.client.get(f"/t/{served.token(BOB.user_id, table)}/state")).status == 200  # Bob's own bucket


@pytest.mark.parametrize("game", sorted(k for k in registry.available() if server.seat_blind(k)))
def test_every_seats_picture_and_regions_are_the_public_ones_where_the_pages_share_them(game):
    cls = registry.get(game)
    players = cls.min_players if game == "hawaii" else 3
    names = ["Ann", "Bob", "Cy"][:players]
    rng = random.Random(4)
    played = cls.new(players, {}, 8)
    for step in range(45):
        if played.is_over():
            break
        if step % 15 == 7:
            public = render.draw(game, played.view(None), names)
            places = render.regions(game, played.view(None), names)
            for seat in range(players):
                assert render.draw(game, played.view(seat), names) == public, (game, step, seat)
                assert render.regions(game, played.view(seat), names) == places, (game, step, seat)
        seat = played.to_act()[0]
        played.play(seat, played.ai_move(seat, rng))


async def test_the_pages_show_the_posts_own_drawing(tmp_path):
    service = await service_at(tmp_path / "web.db", seeds=lambda: 5, draw_images=True)
    pages = WebPages(service, secret="test secret", clock=lambda: NOW)
    service.extend(pages)
    await start_table(service, "archipels")
    loaded = await service.table((await service.store.open_table(ALICE.channel_id)).id)
    seat = loaded.game.to_act()[0]
    who = ALICE if loaded.by_seat(seat).user_id == ALICE.user_id else BOB
    reply = await service.handle(who, "move", {"move": loaded.game.legal_moves(seat)[0]})
    assert reply.ok and reply.image
    assert pages._pictures[(loaded.row.id, reply.version, server.EVERYONE)] is reply.image

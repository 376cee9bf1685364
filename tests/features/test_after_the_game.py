"""What the table says once its game is over: moves, take-backs and cancelling are answered
with "the game is over", and a resignation tells what really happened to the seat."""

from __future__ import annotations

from bot.extensions import install
from bot.features.rematch import Rematch
from games import registry
from tests.core.test_service import seat_order, started
from tests.helpers import ALICE, BOB, CAROL, resign, service_at


async def finish(service, callers):
    """Play the table to its end with the computer's suggestions."""
    for _ in range(200):
        row = await service.store.table(1)
        if row.status == "finished":
            return
        game = service._cache[1].game
        user = (await seat_order(service))[game.to_act()[0]]
        caller = next(c for c in callers if c.user_id == user)
        assert (await service.handle(caller, "move", {"move": await service.ai_suggestion(caller)})).ok
    raise AssertionError("the game did not end")


async def test_move_takeback_and_cancel_after_the_end_say_the_game_is_over(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks, pile=6)
    install(service, prepare_daily=False)
    await finish(service, (ALICE, BOB))
    for command, args in (("move", {"move": "take 1"}), ("takeback", {}), ("cancel", {}), ("resign", {})):
        reply = await service.handle(ALICE, command, args)
        assert not reply.ok and "is over" in reply.private and "no game" not in reply.private.lower(), command


async def test_a_channel_without_any_game_still_says_so(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks, pile=6)
    other = ALICE.__class__(ALICE.guild_id, 999, ALICE.user_id, ALICE.name, False)
    reply = await service.handle(other, "move", {"move": "take 1"})
    assert not reply.ok and "no game in this channel" in reply.private.lower()


async def test_a_resignation_that_the_computer_plays_to_the_end_says_so(tmp_path, sticks):
    service, _ = await started(tmp_path, sticks, players=(ALICE, BOB, CAROL), pile=3)
    order = await seat_order(service)
    first = {1: ALICE, 2: BOB, 3: CAROL}[order[0]]
    reply = await service.handle(first, "resign")  # the computer takes all three sticks at once
    assert reply.ok and (await service.store.table(1)).status == "finished"
    assert "from now on" not in reply.text and "to the end of the game" in reply.text


async def test_replay_after_a_rematch_still_finds_the_finished_game(tmp_path):
    service = await service_at(tmp_path / "t.db", draw_images=True)
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "archipels"})
    await service.handle(BOB, "join")
    await service.handle(ALICE, "start")
    final = await resign(service, ALICE)
    finished = await service.store.latest_table(ALICE.channel_id)
    rematch = next(b for b in final.buttons if b.label == "Rematch")
    assert (await service.press(BOB, rematch.custom_id)).ok  # a new table opens in the channel
    again = await service.handle(BOB, "replay")
    assert again.ok and again.table_id == finished.id and again.attachments
    (animation,) = again.attachments  # its words for a screen reader: what it shows, how many frames
    assert animation.alt.startswith("An animation of a game of Archipels, ") and animation.alt.endswith(" last.")
    assert again.descriptions() == {animation.name: animation.alt}


async def test_the_dailys_final_message_offers_no_rematch(tmp_path):
    from tests.features.test_daily import player, setup, start

    service, daily, _clock = await setup(tmp_path)
    service.extend(Rematch(service))  # as bot.extensions installs it beside the daily
    alice = player("Alice", 1)
    assert (await start(service, daily, alice)).ok
    final = None
    for _ in range(300):
        row = await service.store.open_table(alice.channel_id)
        if row is None:
            break
        moves = registry.get("hawaii").load(row.state).legal_moves(0)
        final = await service.handle(alice, "move", {"move": next((m for m in ("pass", "done", "shares 0")
                                                                  if m in moves), moves[0])})
        assert final.ok, final.private
    assert final is not None and "over" in final.text.lower()
    assert "Rematch" not in [b.label for b in final.buttons]


async def test_a_game_stopped_by_resignation_still_tells_each_score_as_it_stood(tmp_path):
    service = await service_at(tmp_path / "t.db")
    install(service, prepare_daily=False)
    await service.handle(ALICE, "open", {"game": "propeller"})
    await service.handle(BOB, "join")
    await service.handle(ALICE, "start")
    final = await resign(service, ALICE)
    assert "The game is over" in final.text
    lines = [line for line in final.text.splitlines() if line.startswith(("1. ", "2. "))]
    assert len(lines) == 2 and all("when the game stopped: " in line and " VP: " in line for line in lines)
    game = registry.get("propeller").new(2, {}, 3)
    game.fame[0] = 7
    assert game.score_when_stopped(0) == "7 VP: fame 7 points"  # by source, as the normal end tells it

"""The host's powers end with the host's seat: a host who resigned or was replaced no longer
changes the deadlines, offers seats or closes the game; the next player in the seat order who
plays on does (bot/core/seats.py acting_host). A game other people still play is cancelled by a
channel manager, or once everyone still playing agreed (bot/core/lobby.py)."""

from __future__ import annotations

import pytest

from bot.core.replies import parse_custom_id
from tests.features.test_sub import DAN, EVERYONE, game_of, offer
from tests.features.test_timing import rounds  # noqa: F401 (a fixture)
from tests.helpers import ALICE, BOB, CAROL, who

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")

MANAGER = who("Mod", 9, manage=True)


async def status(service):
    return (await service.store.table(1)).status


async def seat_order(service):
    return [EVERYONE[s.user_id] if s.user_id in EVERYONE else None
            for s in sorted(await service.store.seats(1), key=lambda s: s.seat)]


def button(reply, label):
    found, = [b.custom_id for b in reply.buttons if b.label == label]
    assert parse_custom_id(found) is not None
    return found


async def test_a_host_who_left_the_game_no_longer_changes_deadlines_offers_seats_or_cancels(tmp_path):
    service, _, _ = await game_of(tmp_path)
    order = await seat_order(service)
    mine = order.index(ALICE)
    heir, other = order[(mine + 1) % 3], order[(mine + 2) % 3]
    assert (await service.handle(ALICE, "resign")).ok
    for person in (ALICE, other):
        refused = await service.handle(person, "deadline", {"deadline": "2h"})
        assert not refused.ok and "Only the host" in refused.private
    assert "Turn deadline 24 hours" in (await service.handle(ALICE, "deadline")).private
    assert not (await service.handle(ALICE, "cancel")).ok
    assert not (await service.handle(ALICE, "sub")).ok
    assert (await service.handle(heir, "deadline", {"deadline": "2h"})).ok
    _, take = await offer(service, caller=heir)  # Alice's seat, which the computer plays
    assert (await service.press(DAN, take)).ok
    assert (await seat_order(service))[mine] == DAN  # Alice was replaced
    for person in (ALICE, DAN):  # the newcomer in the host's seat comes last in line
        assert not (await service.handle(person, "deadline", {"deadline": "3h"})).ok
    assert not (await service.handle(ALICE, "cancel")).ok and await status(service) == "active"
    assert (await service.handle(heir, "deadline", {"deadline": "3h"})).ok
    assert (await service.handle(MANAGER, "deadline", {"deadline": "4h"})).ok


async def test_a_game_others_play_is_cancelled_by_a_manager_or_once_everyone_agreed(tmp_path):
    service, _, _ = await game_of(tmp_path)
    asked = await service.handle(ALICE, "cancel")  # the host alone no longer closes a game others play
    assert asked.ok and await status(service) == "active"
    assert "still to agree: " in asked.text and set(asked.mentions) == {BOB.user_id, CAROL.user_id}
    agree, play_on = button(asked, "Agree to cancel"), button(asked, "Play on")
    assert not (await service.handle(DAN, "cancel")).ok  # not at the table
    assert not (await service.press(DAN, agree)).ok
    assert (await service.press(BOB, agree)).ok and await status(service) == "active"
    again = await service.press(BOB, agree)  # a second press is answered privately, not posted again
    assert again.ok and not again.text and "still to agree: Carol" in again.private
    dropped = await service.press(CAROL, play_on)
    assert dropped.ok and "dropped" in dropped.text
    assert (await service.handle(CAROL, "cancel")).ok  # the earlier consents went with it
    assert (await service.press(ALICE, agree)).ok and await status(service) == "active"
    done = await service.press(BOB, agree)
    assert done.ok and "Everyone still playing agreed" in done.text and await status(service) == "cancelled"


async def test_a_manager_cancels_at_once_and_a_player_alone_among_computers_too(tmp_path):
    service, _, _ = await game_of(tmp_path)
    closed = await service.handle(MANAGER, "cancel")
    assert closed.ok and "cancelled" in closed.text and await status(service) == "cancelled"
    assert (await service.handle(ALICE, "open", {"game": "rounds"})).ok
    assert (await service.handle(BOB, "join")).ok
    assert (await service.handle(ALICE, "addai")).ok
    assert (await service.handle(ALICE, "start")).ok
    assert (await service.handle(BOB, "resign")).ok  # only computers play beside Alice now
    closed = await service.handle(ALICE, "cancel")
    assert closed.ok and "cancelled the table" in closed.text
    assert (await service.store.table(2)).status == "cancelled"

"""The "Open the board" link button: with board pages served, the mover's private answer and
/hand carry a link button to the person's own page; the public message never does."""

from __future__ import annotations

from bot.adapters.web import tokens
from bot.adapters.web.server import OPEN_BOARD, WebPages
from bot.core.service import TableService
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, BOB
from tests.discord.test_flow import PEOPLE, one_public, started_table

BASE = "https://isles.example.org"


def link_buttons(message) -> list[dict]:
    return [b for b in message.items(2) if b.get("style") == 5]


async def test_the_private_answer_to_a_move_and_hand_carry_a_link_to_the_board(store, sticks, monkeypatch, tmp_path):
    service = TableService(store, draw_images=True)
    pages = WebPages(service, base_url=BASE, secret="test secret")
    service.extend(pages)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as bot:
        thread, _, actor = await started_table(bot)
        ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
        board = one_public(ex)
        assert link_buttons(board) == [] and "/t/" not in str(board.body)  # the link acts for its person
        (button,) = [b for m in ex.private for b in link_buttons(m)]
        assert button["label"] == OPEN_BOARD and "custom_id" not in button
        assert button["url"].startswith(f"{BASE}/t/")
        granted = tokens.verify(pages.secret, button["url"].rsplit("/", 1)[1], pages.clock())
        assert granted is not None and granted.user_id == actor
        assert granted.table_id == (await bot.table(thread)).id

        person = BOB if actor == ALICE.id else ALICE  # /hand: privately, for the one who asks
        ex = await bot.command(person, "hand", channel=thread)
        assert not ex.public
        (button,) = [b for m in ex.private for b in link_buttons(m)]
        granted = tokens.verify(pages.secret, button["url"].rsplit("/", 1)[1], pages.clock())
        assert granted.user_id == person.id


async def test_no_link_button_when_no_pages_are_served(store, sticks, monkeypatch, tmp_path):
    service = TableService(store, draw_images=True)
    service.extend(WebPages(service, secret="test secret"))  # no public base, nothing served
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as bot:
        thread, _, actor = await started_table(bot)
        ex = await bot.command(PEOPLE[actor], "move", {"move": "take 2"}, channel=thread)
        assert not [b for m in ex.messages for b in link_buttons(m)]

"""/history through the adapter: a private page with buttons, and the log sent as a private file."""

from __future__ import annotations

from tests.discord.harness import ALICE, BOB
from tests.discord.test_flow import only_private, other, started_table

PEOPLE = {ALICE.id: ALICE, BOB.id: BOB}


async def test_history_pages_and_the_log_file_stay_private(bot):
    thread, _board, actor = await started_table(bot, "sticks=60 most=1")
    for _ in range(40):
        await bot.command(PEOPLE[actor], "move", {"move": "take 1"}, channel=thread)
        actor = other(actor)
    ex = await bot.command(ALICE, "history", channel=thread)
    text = only_private(ex)
    assert text.startswith("Moves, page") and "40. " in text
    assert "40. Bob: `take 1`\n" in text + "\n" or "40. Alice: `take 1`\n" in text + "\n"  # told once
    (page,) = [m for m in ex.private if m.buttons()]
    assert "Download the log" in page.buttons()
    got = await bot.press(ALICE, page, page.buttons()["Download the log"])
    assert "The whole log" in only_private(got)
    files = [name for m in got.private for name, _ in m.files]
    assert files and files[0].endswith(".txt")

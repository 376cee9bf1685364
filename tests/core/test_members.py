"""Who is still in a server (bot/core/members.py): a leave heard, the adapter's answers kept a
while, one question for requests that come together, and a link kept working when nobody can tell."""

from __future__ import annotations

import asyncio

from bot.core.members import KEEP, Members


async def test_a_leave_heard_counts_at_once_and_answers_are_kept_a_while():
    now = [0.0]
    members = Members(clock=lambda: now[0])
    assert await members.present(1, 7)  # nobody to ask, nothing heard
    members.left(1, 7)
    assert not await members.present(1, 7) and await members.present(2, 7)  # that server only
    asked: list[int] = []

    async def ask(_guild_id: int, user_id: int) -> bool | None:
        asked.append(user_id)
        return {7: None, 8: False}.get(user_id, True)

    members.ask = ask
    assert await members.present(1, 9) and await members.present(1, 9) and asked == [9]
    assert not await members.present(1, 8)
    now[0] = KEEP
    assert not await members.present(1, 7)  # the adapter cannot tell now: the leave heard still counts
    assert await members.present(1, 9) and asked == [9, 8, 7, 9]


async def test_questions_about_one_person_together_are_asked_once():
    members = Members()
    asked: list[int] = []
    answer = asyncio.Event()

    async def ask(_guild_id: int, user_id: int) -> bool | None:
        asked.append(user_id)
        await answer.wait()
        return False

    members.ask = ask
    together = [asyncio.ensure_future(members.present(1, 7)) for _ in range(3)]
    await asyncio.sleep(0)  # each has started and waits for the answer
    answer.set()
    assert await asyncio.gather(*together) == [False, False, False]
    assert asked == [7]

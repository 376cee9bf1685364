"""A post a feature makes through the outbox (an event's table lead, a freed seat's note) never
stops the work that made it: a failure is reported and counted, and nothing is raised."""

from __future__ import annotations

import logging

from bot.core.failures import post_or_report
from bot.core.metrics import metrics
from bot.core.replies import Reply


class Outbox:
    def __init__(self, error: Exception | None = None):
        self.error, self.posted = error, []

    async def post(self, channel_id: int, reply: Reply) -> bool:
        if self.error is not None:
            raise self.error
        self.posted.append((channel_id, reply.text))
        return True


class Refused(Exception):
    pass


async def test_a_post_goes_to_its_channel():
    outbox = Outbox()
    await post_or_report(outbox, 42, Reply(text="hello"), logging.getLogger("test"))
    assert outbox.posted == [(42, "hello")]


async def test_without_an_outbox_nothing_is_posted_and_nothing_fails():
    await post_or_report(None, 42, Reply(text="hello"), logging.getLogger("test"))


async def test_a_failed_post_is_logged_under_its_words_and_counted_never_raised(caplog):
    before = metrics().errors["Refused"]
    with caplog.at_level(logging.ERROR, logger="test"):
        await post_or_report(Outbox(Refused()), 42, Reply(text="hello"), logging.getLogger("test"),
                             "an event post in %s failed")
    assert metrics().errors["Refused"] == before + 1
    assert [r.getMessage() for r in caplog.records] == ["an event post in 42 failed"]

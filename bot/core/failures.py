"""How a failure inside the bot is logged: a database away (a restart, a lost network) is normal
life and gets one line; anything else is a fault of ours and gets its traceback."""

from __future__ import annotations

import logging
import sys

from bot.core.metrics import error_kind, metrics
from bot.core.replies import Outbox, Reply
from db.errors import StoreUnavailable


def away(error: BaseException | None) -> bool:
    return isinstance(error, StoreUnavailable)


def report(logger: logging.Logger, message: str, *args: object) -> None:
    """Log the exception being handled under `message` (%-style with `args`)."""
    error = sys.exc_info()[1]
    metrics().failed(error_kind(error))
    if away(error):
        logger.warning(message + " (the database is away: %s)", *args, error)
    else:
        logger.exception(message, *args)


async def post_or_report(outbox: Outbox | None, channel_id: int, reply: Reply, logger: logging.Logger,
                         message: str = "posting in %s failed") -> None:  # verbatim: a log line
    """Post `reply` in a channel through the service's outbox (without one, nowhere): a post that
    fails is reported under `message` and never raised, so the work that made it goes on."""
    if outbox is None:
        return
    try:
        await outbox.post(channel_id, reply)
    except Exception:
        report(logger, message, channel_id)

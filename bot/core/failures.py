"""How a failure inside the bot is logged: a database away (a restart, a lost network) is normal
life and gets one line; anything else is a fault of ours and gets its traceback."""

from __future__ import annotations

import logging
import sys

from bot.core.metrics import error_kind, metrics
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

"""What every worker process of the bot (pictures, animations, searches) does when it starts.

A worker waits on a pipe it holds both ends of, so it would never learn of a bot killed with
SIGKILL and would live on: each watches the process that started it and leaves when it is gone.
"""

from __future__ import annotations

import os
import threading
import time

PARENT_CHECK_SECONDS = 0.5  # how soon a worker notices that the bot is gone


def exit_with_parent(parent: int, every: float = PARENT_CHECK_SECONDS) -> None:
    """In a worker: leave as soon as the process that started it has died (the worker is then
    adopted by another process, so its parent id changes)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)  # nothing a worker makes is kept unless it finished, so nothing is lost

    threading.Thread(target=watch, name="isles-parent-watch", daemon=True).start()

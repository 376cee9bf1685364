"""The board pages beside the offline console: `/web` answers with a http://127.0.0.1 link, and the
pages stay live while the console waits for its next line."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from bot.adapters.web.server import WebPages
from bot.core.service import TableService
from bot.settings import web_settings


def install_pages(service: TableService) -> WebPages:
    """The web adapter as an extension of the console's service; it starts serving at the first /web.
    The console's links name host:port, so ISLES_WEB_URL (the Discord bot's public base) is not used."""
    settings = web_settings()
    pages = WebPages(service, host=settings.host, port=settings.port, secret=settings.secret, any_port=True)
    service.extend(pages)
    return pages


async def stop_pages(service: TableService) -> None:
    for extension in service.extensions:
        if isinstance(extension, WebPages):
            await extension.stop()


async def read_off_loop(read: Callable[[], Any]) -> Any:
    """read() on a thread of its own while the loop goes on serving pages. A daemon thread, so that
    Ctrl-C while it waits for a line ends the program instead of waiting for one more line."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def deliver(setter: Callable[[Any], None], value: Any) -> None:
        if not done.done():
            setter(value)

    def work() -> None:
        try:
            value, setter = read(), done.set_result
        except BaseException as error:  # EOF, a closed stdin: the loop decides
            value, setter = error, done.set_exception
        try:
            loop.call_soon_threadsafe(deliver, setter, value)
        except RuntimeError:  # the loop closed while waiting (Ctrl-C)
            pass

    threading.Thread(target=work, daemon=True, name="isles-console-input").start()
    return await done

"""The board pages beside the offline console: `/web` answers with a http://127.0.0.1 link, and the
pages stay live while the console waits for its next line. bot/cli.py hands `install_pages` to
the console (`run_console(beside=...)`), so neither adapter imports the other."""

from __future__ import annotations

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

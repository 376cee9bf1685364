"""The board pages beside the Discord bot: served only when the host sets ISLES_WEB_URL."""

from __future__ import annotations

from bot.adapters.web.server import WebPages
from bot.core.service import TableService
from bot.settings import SettingError, Settings, WebSettings


async def serve_pages(service: TableService, settings: WebSettings | None) -> WebPages | None:
    """Install the web adapter and start serving; None (and no /web) when the pages are off."""
    if settings is None or not settings.url:
        return None
    pages = WebPages(service, base_url=settings.url, host=settings.host, port=settings.port, secret=settings.secret)
    service.extend(pages)
    try:
        await pages.start()
    except OSError as error:
        raise SettingError(f"ISLES_WEB_HOST={settings.host} ISLES_WEB_PORT={settings.port}: the board pages "
                           f"cannot listen there ({error.strerror or error}). Choose a free port, or leave "
                           "ISLES_WEB_URL empty to serve no pages.") from None
    return pages


async def beside_the_bot(service: TableService, settings: Settings) -> WebPages | None:
    """The pages beside the Discord bot (bot/cli.py hands this to it): as its settings say."""
    return await serve_pages(service, getattr(settings, "web", None))

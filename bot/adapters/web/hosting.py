"""The board pages beside the Discord bot: served only when the host sets ISLES_WEB_URL; and the
operator's /healthz and /metrics, on the pages' server or on ISLES_HEALTH_PORT."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot.adapters.web.operator import OperatorServer, routes
from bot.adapters.web.server import WebPages
from bot.core.service import TableService
from bot.settings import HealthSettings, SettingError, Settings, WebSettings


async def serve_pages(service: TableService, settings: WebSettings | None,
                      more_routes: list[web.RouteDef] | None = None) -> WebPages | None:
    """Install the web adapter and start serving; None (and no /web) when the pages are off."""
    if settings is None or not settings.url:
        return None
    pages = WebPages(service, base_url=settings.url, host=settings.host, port=settings.port, secret=settings.secret)
    pages.more_routes.extend(more_routes or ())
    service.extend(pages)
    try:
        await pages.start()
    except OSError as error:
        raise SettingError(f"ISLES_WEB_HOST={settings.host} ISLES_WEB_PORT={settings.port}: the board pages "  # verbatim: for the host
                           f"cannot listen there ({error.strerror or error}). Choose a free port, or leave "
                           "ISLES_WEB_URL empty to serve no pages.") from None
    return pages


async def serve_operator(service: TableService, settings: HealthSettings) -> OperatorServer:
    server = OperatorServer(service, settings.host, settings.port)
    try:
        await server.start()
    except OSError as error:
        raise SettingError(f"ISLES_HEALTH_HOST={settings.host} ISLES_HEALTH_PORT={settings.port}: /healthz and "  # verbatim: for the host
                           f"/metrics cannot be served there ({error.strerror or error}). Choose a free port, or "
                           "leave ISLES_HEALTH_PORT empty.") from None
    return server


@dataclass
class Served:
    """What runs beside the bot, stopped together."""

    pages: WebPages | None
    operator: OperatorServer | None

    async def stop(self) -> None:
        for part in (self.pages, self.operator):
            if part is not None:
                await part.stop()


async def beside_the_bot(service: TableService, settings: Settings) -> Served | None:
    """The pages and the operator's routes beside the Discord bot (bot/cli.py hands this to it), as its
    settings say: /healthz and /metrics on their own port when ISLES_HEALTH_PORT is set, else beside
    the pages when those are served."""
    own = getattr(settings, "health", None)
    pages = await serve_pages(service, getattr(settings, "web", None), [] if own else routes(service))
    operator = await serve_operator(service, own) if own is not None else None
    if pages is None and operator is None:
        return None
    return Served(pages, operator)

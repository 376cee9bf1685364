"""The headers every answer of the pages carries, aiohttp's own (404, 405, 413) included."""

from __future__ import annotations

from aiohttp import web

# Discord shows the Activity in a frame of its own client; only that page may be framed there
FRAMED_BY = "'self' https://discord.com https://*.discord.com https://*.discordsays.com"


def policy(framed_by: str) -> str:
    return ("default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "  # verbatim: a browser's rule
            f"connect-src 'self'; frame-ancestors {framed_by}")


HEADERS = {
    # the token is in the path: never hand it to another site
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": policy("'self'"),
}


async def add_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """on_response_prepare: what an answer did not set for itself (the static files' caching, the
    Activity page's frame) it gets from HEADERS."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)

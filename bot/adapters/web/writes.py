"""What a request that writes (a move, a sign-in) must be: sent by the pages' own origin, as JSON,
small, whole within a few seconds, an object.

A form or a `no-cors` fetch on another site can send only form or text bodies, never JSON without
asking first (a preflight the pages never grant), and every browser names the sending page's
origin in `Origin` on a POST: either check alone stops a write from another site. A refusal is
the routes' own JSON shape, `{"ok": false, "message"}`, with a 4xx status.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Collection
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

BODY_SECONDS = 10.0  # a body still arriving after this holds its connection for nothing
MOST_BYTES = 16 * 1024  # a move or a sign-in is a few hundred bytes


def refusal(status: int, message: str, headers: dict[str, str] | None = None) -> web.HTTPException:
    error = web.HTTPException(text=json.dumps({"ok": False, "message": message}), content_type="application/json",
                              headers=headers)
    error.set_status(status)
    return error


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


async def read_json(request: web.Request, origins: Collection[str], what: str) -> dict[str, Any]:
    """The request's JSON object, or raise the refusal to answer (nothing read is acted on).
    `origins`: those whose pages may write; `what`: what the route expects, for the refusals."""
    origin = request.headers.get("Origin")
    if origin is not None and origin.lower() not in origins:  # "null" too: a sandboxed or opaque page
        raise refusal(403, "Moves and sign-ins are taken from the board page itself only.")
    if request.content_type != "application/json":
        raise refusal(415, f"The page sent no {what}: the board page sends it as JSON.")
    if (request.content_length or 0) > MOST_BYTES:
        raise refusal(413, "The page sent too much.")
    raw = bytearray()
    try:
        async with asyncio.timeout(BODY_SECONDS):
            while len(raw) <= MOST_BYTES and (chunk := await request.content.read(MOST_BYTES + 1 - len(raw))):
                raw += chunk
    except TimeoutError:
        raise refusal(408, "The page's request came too slowly. Try again.") from None
    if len(raw) > MOST_BYTES:
        raise refusal(413, "The page sent too much.")
    try:
        sent = json.loads(raw.decode())
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        sent = None
    if not isinstance(sent, dict):
        raise refusal(400, f"The page sent no {what}.")
    return sent

"""What a request that writes (a move, a sign-in) must be: sent by the pages' own origin, as JSON,
small, of a length said beforehand, whole within a short deadline that grows with that length at
`BODY_RATE` (a page sends its few hundred bytes with the headers), an object. Every route spends
its rate limits before it reads a body, and the connection guard may close a connection whose
body is still arriving (connections.py), so a body sent slowly holds nothing for long.

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

from bot.adapters.web.connections import body_read
from lang import tr

BODY_SECONDS = 5.0  # the most any body may take, however long
BODY_GRACE = 1.0  # seconds for a body's first bytes, whatever its length
BODY_RATE = 4096  # bytes a second a body must keep up past the grace
MOST_BYTES = 16 * 1024  # a move or a sign-in is a few hundred bytes


def body_deadline(length: int) -> float:
    """Seconds a body of `length` bytes may take to arrive whole."""
    return min(BODY_SECONDS, BODY_GRACE + length / BODY_RATE)


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
    `origins`: those whose pages may write; `what`: what the route expects, for the refusals, in the
    language of the request (`pgettext("the page sent no", ...)`)."""
    origin = request.headers.get("Origin")  # verbatim: a header
    if origin is not None and origin.lower() not in origins:  # "null" too: a sandboxed or opaque page
        raise refusal(403, tr("Moves and sign-ins are taken from the board page itself only."))
    if request.content_type != "application/json":
        raise refusal(415, tr("The page sent no {what}: the board page sends it as JSON.").format(what=what))
    length = request.content_length
    if length is None:  # chunked: its end is not known beforehand, so neither is its deadline
        raise refusal(411, tr("The page sent no length for its request. Reload the page and try again."))
    if length > MOST_BYTES:
        raise refusal(413, tr("The page sent too much."))
    raw = bytearray()
    try:
        async with asyncio.timeout(body_deadline(length)):
            while len(raw) <= MOST_BYTES and (chunk := await request.content.read(MOST_BYTES + 1 - len(raw))):
                raw += chunk
    except TimeoutError:
        raise refusal(408, tr("The page's request came too slowly. Try again.")) from None
    except ConnectionResetError:  # closed to make room while its body came (connections.py): nobody hears
        raise refusal(408, tr("The page's request came too slowly. Try again.")) from None
    body_read(request)
    if len(raw) > MOST_BYTES:
        raise refusal(413, tr("The page sent too much."))
    try:
        sent = json.loads(raw.decode())
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        sent = None
    if not isinstance(sent, dict):
        raise refusal(400, tr("The page sent no {what}.").format(what=what))
    return sent

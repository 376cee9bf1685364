"""Signed links: who a page acts for, at which table, until when.

A token is `<user>.<table>.<expiry>.<signature>`, all of it safe in a URL path. The signature is
an HMAC-SHA256 of the first three parts under the installation's secret, so changing any part
(another user, another table, a later expiry) needs the secret. User 0 is a spectator: nobody,
so the page shows the public view and plays nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

LIFETIME = 24 * 3600  # a link is good for a day, then /web gives a fresh one
SECRET_KEY = "web_secret"  # the store's named value holding the secret when ISLES_WEB_SECRET is unset
SPECTATOR = 0


@dataclass(frozen=True)
class Pass:
    user_id: int
    table_id: int
    expires: int  # unix seconds


def _signature(secret: bytes, body: str) -> str:
    digest = hmac.new(secret, body.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def sign(secret: bytes, user_id: int, table_id: int, expires: int) -> str:
    body = f"{user_id}.{table_id}.{expires}"
    return f"{body}.{_signature(secret, body)}"


def verify(secret: bytes, token: str, now: float) -> Pass | None:
    """The pass a token carries, or None when it is malformed, forged, altered or expired."""
    if len(token) > 200 or not token.isascii():  # compare_digest takes ASCII text only; isdecimal takes any digit
        return None
    parts = token.split(".")
    if len(parts) != 4 or not all(p.isdecimal() for p in parts[:3]):
        return None
    body = ".".join(parts[:3])
    if not hmac.compare_digest(_signature(secret, body), parts[3]):
        return None
    user_id, table_id, expires = (int(p) for p in parts[:3])
    if expires <= now:
        return None
    return Pass(user_id, table_id, expires)


async def installation_secret(store, configured: str = "") -> bytes:
    """ISLES_WEB_SECRET when set, else a secret made once and kept in the store, so that links
    survive a restart and every process of one installation signs alike."""
    if configured:
        return configured.encode()
    kept = await store.get_meta(SECRET_KEY)
    if kept is None:
        await store.set_meta(SECRET_KEY, secrets.token_hex(32))
        kept = await store.get_meta(SECRET_KEY)
    return (kept or "").encode()

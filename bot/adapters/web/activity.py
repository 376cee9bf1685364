"""The board page inside Discord, as the app's Activity: Discord's sign-in instead of a signed link.

Discord opens the Activity at the root of the URL mapping with `frame_id`, `instance_id` and
`channel_id` in the query, behind its proxy (`https://<app>.discordsays.com/.proxy/...`), so every
address here is answered relative to where the page is. The routes:

- `GET  /`                      the Activity's entry: on to `t/` with the same query
- `GET  /t/`                    the same page as a signed link's, allowed inside Discord's frame;
                                 static/activity.js signs in before static/board.js starts
- `GET  /activity/client`       `{"client_id"}` for the SDK's authorize()
- `POST /activity/token`        `{"code", "channel_id", "instance_id"}`: the code is exchanged at
                                 Discord's token endpoint with the client secret, the user read
                                 from users/@me, and the answer is a page token (tokens.py) for
                                 that user at the table of that channel, `{"token", "table"}`;
                                 nothing of Discord's (the access token, the secret) goes back to
                                 the page. With the bot's token at hand, Discord must also confirm
                                 that the instance runs in that channel with that user in it.
- `GET  /static/vendor/<name>`  the vendored Embedded App SDK (static/vendor/README.md)

Without ISLES_CLIENT_ID and ISLES_CLIENT_SECRET the sign-in answers 503 and says which is missing.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

import aiohttp
from aiohttp import web

from bot.adapters.web import tokens
from bot.adapters.web.files import STATIC, VENDORED
from bot.adapters.web.headers import FRAMED_BY, policy
from bot.adapters.web.writes import read_json
from bot.core.service import TableService
from bot.settings import ActivitySettings, activity_settings

log = logging.getLogger(__name__)

DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)
PAGE_HEADERS = {"Content-Type": "text/html", "Content-Security-Policy": policy(FRAMED_BY)}


class Pages(Protocol):
    """What the sign-in needs of the web adapter (server.WebPages), which imports this module."""

    service: TableService
    secret: bytes | None
    clock: Callable[[], float]

    async def ready(self) -> None: ...

    def origins(self, request: web.Request) -> set[str]: ...


class SignInRefused(Exception):
    """Why a sign-in gets no token, with the HTTP status the page gets."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def install(app: web.Application, pages: Pages, settings: ActivitySettings | None = None) -> Activity:
    """Add the Activity's routes to the pages' app (settings from the environment by default)."""
    activity = Activity(pages, settings if settings is not None else activity_settings())
    app.add_routes([
        web.get("/", activity.entry),
        web.get("/t/", activity.page),
        web.get("/activity/client", activity.client),
        web.post("/activity/token", activity.token),
        web.get("/static/vendor/{name}", activity.vendor),
    ])
    return activity


def in_discord(request: web.Request) -> bool:
    return bool(request.query.get("frame_id")) and bool(request.query.get("instance_id"))


class Activity:
    def __init__(self, pages: Pages, settings: ActivitySettings):
        self.pages = pages
        self.settings = settings

    def missing(self) -> str:
        """Which setting keeps the Activity off, or ""."""
        wanted = [name for name, value in (("ISLES_CLIENT_ID", self.settings.client_id),
                                           ("ISLES_CLIENT_SECRET", self.settings.client_secret)) if not value]
        if not wanted:
            return ""
        return (f"The Activity is not set up on this bot: its host has not set {' and '.join(wanted)} "
                "(docs/web.md, \"As a Discord Activity\"). Use /web in the channel for a link instead.")

    def _refusal(self, status: int, message: str) -> web.Response:
        return web.json_response({"ok": False, "message": message}, status=status)

    # -- the page ---------------------------------------------------------------------------
    async def entry(self, request: web.Request) -> web.StreamResponse:
        if not in_discord(request):
            raise web.HTTPNotFound(text="Nothing here: open a table's page with the link /web gives in Discord, "
                                        "or start the app's Activity in a channel.")
        # relative, so that it stays under Discord's /.proxy/ prefix
        raise web.HTTPFound(f"t/?{request.query_string}")

    async def page(self, request: web.Request) -> web.StreamResponse:
        if not in_discord(request):
            raise web.HTTPNotFound(text="This page opens inside Discord, as the app's Activity.")
        return web.FileResponse(STATIC / "page.html", headers=PAGE_HEADERS)

    async def vendor(self, request: web.Request) -> web.StreamResponse:
        return VENDORED.answer(request.match_info["name"])

    # -- the sign-in ------------------------------------------------------------------------
    async def client(self, _request: web.Request) -> web.Response:
        if why := self.missing():
            return self._refusal(503, why)
        return web.json_response({"ok": True, "client_id": self.settings.client_id})

    async def token(self, request: web.Request) -> web.Response:
        if why := self.missing():
            return self._refusal(503, why)
        sent = await read_json(request, self.pages.origins(request), "sign-in code or channel")
        code, channel, instance = (str(sent.get(key) or "") for key in ("code", "channel_id", "instance_id"))
        if not code or len(code) > 200 or not channel.isdecimal() or len(channel) > 20 or len(instance) > 200:
            return self._refusal(400, "The page sent no sign-in code or channel.")
        try:
            user_id = await self.discord_user(code)
            if self.settings.bot_token:
                await self.check_instance(instance, int(channel), user_id)
        except SignInRefused as why:
            return self._refusal(why.status, str(why))
        store = self.pages.service.store
        row = await store.open_table(int(channel)) or await store.latest_table(int(channel))
        if row is None:
            return self._refusal(404, "There is no table in this channel. Open one with /open, then start the "
                                      "Activity again.")
        await self.pages.ready()
        assert self.pages.secret is not None
        expires = int(self.pages.clock()) + tokens.LIFETIME
        log.info("activity sign-in: user %s at table %s", user_id, row.id)
        return web.json_response({"ok": True, "token": tokens.sign(self.pages.secret, user_id, row.id, expires),
                                  "table": row.id})

    async def discord_user(self, code: str) -> int:
        """The id of the Discord user whose authorize() gave `code` (exchanged for an access token
        with the client secret, then users/@me). Raises SignInRefused."""
        api = self.settings.api.rstrip("/")
        form = {"client_id": self.settings.client_id, "client_secret": self.settings.client_secret,
                "grant_type": "authorization_code", "code": code}
        try:
            async with aiohttp.ClientSession(timeout=DISCORD_TIMEOUT) as session:
                async with session.post(f"{api}/oauth2/token", data=form,
                                        headers={"Accept": "application/json"}) as answer:
                    granted = await self._answer(answer, "the code")
                access = granted.get("access_token")
                if not isinstance(access, str) or not access:
                    raise SignInRefused(502, "Discord's answer to the sign-in had no access token. Try again.")
                async with session.get(f"{api}/users/@me", headers={"Authorization": f"Bearer {access}"}) as answer:
                    user = await self._answer(answer, "the user")
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("activity sign-in: Discord unreachable: %r", error)
            raise SignInRefused(502, "Discord could not be reached to check the sign-in. Try again in a "
                                     "moment.") from None
        user_id = str(user.get("id", ""))
        if not user_id.isdecimal() or int(user_id) == tokens.SPECTATOR:
            raise SignInRefused(502, "Discord's answer named no user. Try again.")
        return int(user_id)

    async def check_instance(self, instance: str, channel_id: int, user_id: int) -> None:
        """The page says which channel it is in; Discord, asked with the bot's token, must confirm
        that this Activity instance runs there with that user in it. Raises SignInRefused."""
        wrong = SignInRefused(403, "Discord does not show you in this channel's Activity. Close it and start it "
                                   "again from the channel.")
        if not instance or "/" in instance or "?" in instance:
            raise wrong
        url = f"{self.settings.api.rstrip('/')}/applications/{self.settings.client_id}/activity-instances/{instance}"
        try:
            async with aiohttp.ClientSession(timeout=DISCORD_TIMEOUT) as session, session.get(
                    url, headers={"Authorization": f"Bot {self.settings.bot_token}"}) as answer:
                if answer.status == 404:
                    raise wrong
                if answer.status in (401, 403):
                    log.error("activity sign-in: Discord refused the bot's token (DISCORD_TOKEN) for %s", url)
                    raise SignInRefused(502, "The bot could not ask Discord about this Activity. Tell the bot's host.")
                running = await self._answer(answer, "the instance")
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("activity sign-in: Discord unreachable: %r", error)
            raise SignInRefused(502, "Discord could not be reached to check the sign-in. Try again in a "
                                     "moment.") from None
        place = running.get("location") or {}
        users = {str(u) for u in running.get("users") or ()}
        if str(place.get("channel_id")) != str(channel_id) or str(user_id) not in users:
            raise wrong

    @staticmethod
    async def _answer(answer: aiohttp.ClientResponse, what: str) -> dict[str, Any]:
        if 400 <= answer.status < 500:
            # the code was wrong, used or expired; Discord's own words may name the client, so
            # they go to the log, not to the page
            log.info("activity sign-in: Discord refused %s: %s %s", what, answer.status, (await answer.text())[:200])
            raise SignInRefused(401, "Discord did not accept this sign-in. Close the Activity and start it again.")
        if answer.status != 200:
            raise SignInRefused(502, f"Discord answered {answer.status} to the sign-in. Try again in a moment.")
        try:
            body = json.loads(await answer.text())
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise SignInRefused(502, "Discord's answer to the sign-in was not understood. Try again.")
        return body

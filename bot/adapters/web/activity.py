"""The board page inside Discord, as the app's Activity: Discord's sign-in instead of a signed link.

Discord opens the Activity at the root of the URL mapping with `frame_id`, `instance_id` and
`channel_id` in the query, behind its proxy (`https://<app>.discordsays.com/.proxy/...`), so every
address here is answered relative to where the page is. The routes:

- `GET  /`                      the Activity's entry: on to `t/` with the same query
- `GET  /t/`                    the same page as a signed link's, allowed inside Discord's frame;
                                 static/activity.js signs in before static/board.js starts
- `GET  /activity/client`       `{"client_id"}` for the SDK's authorize()
- `POST /activity/token`        `?channel_id=&instance_id=` and `{"code"}` (or all three in the
                                 body, as a page of before sends them): the code is exchanged at
                                 Discord's token endpoint with the client secret, the user read
                                 from users/@me, and the answer is a page token (tokens.py) for
                                 that user at the table of that channel, `{"token", "table"}`;
                                 nothing of Discord's (the access token, the secret) goes back to
                                 the page. With the bot's token at hand, Discord must also confirm
                                 that the instance runs in that channel with that user in it.

What a sign-in may cost is counted per launch (the instance and the channel it names) and, for
the calls with the client secret, for everyone together; with the bot's token, that shared budget
is spent only once Discord confirmed the instance, so sign-ins made up by anyone (a new instance
each time) cost a look at the instance, never a real player's turn. Looks at instances have a
budget of their own, generous but under Discord's limit for the bot; an instance Discord does not
know is not asked about again for a while, and one it confirmed is believed for a while, so that
the others of a launch sign in without a look (Discord is asked again only for a user it did not
list then).
- `GET  /static/vendor/<name>`  the vendored Embedded App SDK (static/vendor/README.md)

Without ISLES_CLIENT_ID and ISLES_CLIENT_SECRET the sign-in answers 503 and says which is missing.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol

import aiohttp
from aiohttp import web

from bot.adapters.web import tokens
from bot.adapters.web.buckets import Buckets
from bot.adapters.web.files import STATIC, VENDORED
from bot.adapters.web.headers import FRAMED_BY, policy
from bot.adapters.web.words import listed
from bot.adapters.web.writes import read_json, refusal
from bot.core.service import TableService
from bot.settings import ActivitySettings, activity_settings
from lang import N_, pgettext, tr

log = logging.getLogger(__name__)

DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)
# Every sign-in calls Discord's token endpoint with the client secret, and a launch signs in once
# per person in it: 20 at once, then one a second, for everyone together (Discord's proxy hides
# the players' addresses, so there is no telling them apart by address), and as much again for
# each launch. With the bot's token, only sign-ins in an instance Discord confirmed spend the
# budget of everyone; confirming costs one call with the bot's token, 20 a second at most (Discord
# allows the bot 50 in all)
SIGN_IN_RATE = 1.0
SIGN_IN_BURST = 20.0
LOOKUP_RATE = 20.0
LOOKUP_BURST = 40.0
KEPT_CODES = 4096
KEPT_INSTANCES = 4096  # instances Discord did not know (or knew in another channel), and those it confirmed
UNKNOWN_SECONDS = 60.0  # for so long: a launch Discord was slow to list is asked about again after it
CONFIRMED_SECONDS = 60.0  # for so long a launch confirmed is believed, with the users Discord listed
CODE = re.compile(r"[A-Za-z0-9_-]{1,200}")  # Discord's codes are letters and digits
INSTANCE = re.compile(r"i-[A-Za-z0-9-]{1,200}")  # as the SDK reads it from the launch's query: i-<launch>-<place>
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

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.headers = status, headers


NOT_IN_INSTANCE = N_("Discord does not show you in this channel's Activity. Close it and start it again from the channel.")


def not_in_instance() -> SignInRefused:
    return SignInRefused(403, tr(NOT_IN_INSTANCE))


CODE_REFUSED = N_("Discord did not accept this sign-in. Close the Activity and start it again.")


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
        self.clock: Callable[[], float] = time.monotonic  # the budgets' clock
        self.sign_ins = Buckets(SIGN_IN_RATE, SIGN_IN_BURST, lambda: self.clock())  # everyone's: see SIGN_IN_RATE
        self.launches = Buckets(SIGN_IN_RATE, SIGN_IN_BURST, lambda: self.clock())  # each launch's
        self.lookups = Buckets(LOOKUP_RATE, LOOKUP_BURST, lambda: self.clock())  # everyone's looks at instances
        self._trying: set[str] = set()  # codes being exchanged now
        self._refused: OrderedDict[str, None] = OrderedDict()  # codes Discord's token endpoint refused
        self._unknown: OrderedDict[tuple[str, int], float] = OrderedDict()  # (instance, channel): when not found there
        self._running: OrderedDict[tuple[str, int], tuple[set[str], float]] = OrderedDict()  # confirmed: (users, when)

    def missing(self) -> str:
        """Which setting keeps the Activity off, or ""."""
        wanted = [name for name, value in (("ISLES_CLIENT_ID", self.settings.client_id),
                                           ("ISLES_CLIENT_SECRET", self.settings.client_secret)) if not value]
        if not wanted:
            return ""
        return tr("The Activity is not set up on this bot: its host has not set {settings} "
                  "(docs/web.md, \"As a Discord Activity\"). Use /web in the channel for a link instead.").format(
            settings=listed(wanted))

    # -- the page ---------------------------------------------------------------------------
    async def entry(self, request: web.Request) -> web.StreamResponse:
        if not in_discord(request):
            raise web.HTTPNotFound(text=tr("Nothing here: open a table's page with the link /web gives in Discord, "
                                        "or start the app's Activity in a channel."))
        # relative, so that it stays under Discord's /.proxy/ prefix; the query as it came (decoded, a
        # %26 in it would split a value, and a %0d%0a end the header)
        raise web.HTTPFound(f"t/?{request.rel_url.raw_query_string}")

    async def page(self, request: web.Request) -> web.StreamResponse:
        if not in_discord(request):
            raise web.HTTPNotFound(text=tr("This page opens inside Discord, as the app's Activity."))
        return web.FileResponse(STATIC / "page.html", headers=PAGE_HEADERS)

    async def vendor(self, request: web.Request) -> web.StreamResponse:
        return VENDORED.answer(request.match_info["name"])

    # -- the sign-in ------------------------------------------------------------------------
    async def client(self, _request: web.Request) -> web.Response:
        if why := self.missing():
            raise refusal(503, why)
        return web.json_response({"ok": True, "client_id": self.settings.client_id})

    async def token(self, request: web.Request) -> web.Response:
        if why := self.missing():
            raise refusal(503, why)
        # the page names its launch in the address, so that what cannot be a launch is refused and
        # the launch's budget spent before the body is read; a page of before names it in the body
        named = "channel_id" in request.query or "instance_id" in request.query
        if named:
            row, launch = await self._launch(request.query.get("channel_id", ""), request.query.get("instance_id", ""))
            self._spend_launch(launch)
        sent = await read_json(request, self.pages.origins(request), pgettext("the page sent no", "sign-in code or channel"))
        code = str(sent.get("code") or "")
        if not CODE.fullmatch(code):
            raise refusal(400, tr("The page sent no sign-in code or channel."))
        if not named:
            row, launch = await self._launch(str(sent.get("channel_id") or ""), str(sent.get("instance_id") or ""))
        if code in self._trying or code in self._refused:  # a code is good once
            raise refusal(401, tr(CODE_REFUSED))
        if not named:
            self._spend_launch(launch)
        self._trying.add(code)
        try:
            users, believed = None, False
            if self.settings.bot_token:
                running = self._running.get(launch)
                believed = running is not None and self.clock() - running[1] < CONFIRMED_SECONDS
                users = running[0] if believed else await self.confirmed(launch)
            self._budget(self.sign_ins, "everyone")
            user_id = await self.discord_user(code)
            if users is not None and str(user_id) not in users and believed:  # joined since: ask again
                users = await self.confirmed(launch)
            if users is not None and str(user_id) not in users:
                raise not_in_instance()
        except SignInRefused as why:
            raise refusal(why.status, str(why), why.headers) from None
        finally:
            self._trying.discard(code)
        await self.pages.ready()
        assert self.pages.secret is not None
        expires = int(self.pages.clock()) + tokens.LIFETIME
        log.info("activity sign-in: user %s at table %s", user_id, row.id)
        return web.json_response({"ok": True, "token": tokens.sign(self.pages.secret, user_id, row.id, expires),
                                  "table": row.id})

    async def _launch(self, channel: str, instance: str) -> tuple[Any, tuple[str, int]]:
        """The table of the channel a page names and its launch `(instance, channel)`, or raise the
        refusal. What cannot be a launch is answered here, without Discord:
        every launch has its instance, a channel without a table has nothing to sign in to, and an
        instance Discord did not know a moment ago is not asked about again."""
        if not channel.isdecimal() or len(channel) > 20:
            raise refusal(400, tr("The page sent no sign-in code or channel."))
        if not INSTANCE.fullmatch(instance):
            raise refusal(403, tr(NOT_IN_INSTANCE))
        store = self.pages.service.store
        row = await store.open_table(int(channel)) or await store.latest_table(int(channel))
        if row is None:
            raise refusal(404, tr("There is no table in this channel. Open one with /open, then start the Activity "
                               "again."))
        launch = (instance, int(channel))
        if launch in self._unknown and self.clock() - self._unknown[launch] < UNKNOWN_SECONDS:
            raise refusal(403, tr(NOT_IN_INSTANCE))
        return row, launch

    def _spend_launch(self, launch: tuple[str, int]) -> None:
        try:
            self._budget(self.launches, launch)
        except SignInRefused as why:
            raise refusal(why.status, str(why), why.headers) from None

    def _budget(self, buckets: Buckets, key: Any) -> None:
        """Spend one from `key`'s bucket, or raise SignInRefused (429) saying when to try again."""
        if wait := buckets.spend(key):
            raise SignInRefused(429, tr("Too many sign-ins at this moment: start the Activity again in {seconds} s.").format(seconds=wait),
                                {"Retry-After": str(wait)})

    async def confirmed(self, launch: tuple[str, int]) -> set[str]:
        """The users of an instance Discord confirms runs in the channel (a look spent); one it
        does not is remembered, so that asking again costs Discord nothing. Raises SignInRefused."""
        self._budget(self.lookups, "everyone")
        try:
            users = await self.instance_users(*launch)
            self._running.pop(launch, None)
            self._running[launch] = (users, self.clock())
            while len(self._running) > KEPT_INSTANCES:
                self._running.popitem(last=False)
            return users
        except SignInRefused as why:
            if str(why) == NOT_IN_INSTANCE:
                self._unknown.pop(launch, None)
                self._unknown[launch] = self.clock()
                while len(self._unknown) > KEPT_INSTANCES:
                    self._unknown.popitem(last=False)
            raise

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
                    if 400 <= answer.status < 500:  # wrong, used or expired: it will never do
                        self._refused[code] = None
                        while len(self._refused) > KEPT_CODES:
                            self._refused.popitem(last=False)
                    granted = await self._answer(answer, "the code")  # verbatim: the log
                access = granted.get("access_token")
                if not isinstance(access, str) or not access:
                    raise SignInRefused(502, tr("Discord's answer to the sign-in had no access token. Try again."))
                async with session.get(f"{api}/users/@me", headers={"Authorization": f"Bearer {access}"}) as answer:  # verbatim
                    user = await self._answer(answer, "the user")  # verbatim: the log
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("activity sign-in: Discord unreachable: %r", error)
            raise SignInRefused(502, tr("Discord could not be reached to check the sign-in. Try again in a "
                                     "moment.")) from None
        user_id = str(user.get("id", ""))
        if not user_id.isdecimal() or int(user_id) == tokens.SPECTATOR:
            raise SignInRefused(502, tr("Discord's answer named no user. Try again."))
        return int(user_id)

    async def instance_users(self, instance: str, channel_id: int) -> set[str]:
        """The page says which channel it is in; Discord, asked with the bot's token, must confirm
        that this Activity instance runs there. Its users, or raises SignInRefused."""
        url = f"{self.settings.api.rstrip('/')}/applications/{self.settings.client_id}/activity-instances/{instance}"
        try:
            async with aiohttp.ClientSession(timeout=DISCORD_TIMEOUT) as session, session.get(
                    url, headers={"Authorization": f"Bot {self.settings.bot_token}"}) as answer:  # verbatim
                if answer.status == 404:
                    raise not_in_instance()
                if answer.status in (401, 403):
                    log.error("activity sign-in: Discord refused the bot's token (DISCORD_TOKEN) for %s", url)
                    raise SignInRefused(502, tr("The bot could not ask Discord about this Activity. Tell the bot's host."))
                running = await self._answer(answer, "the instance")  # verbatim: the log
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("activity sign-in: Discord unreachable: %r", error)
            raise SignInRefused(502, tr("Discord could not be reached to check the sign-in. Try again in a "
                                     "moment.")) from None
        place = running.get("location") or {}
        if str(place.get("channel_id")) != str(channel_id):
            raise not_in_instance()
        return {str(u) for u in running.get("users") or ()}

    @staticmethod
    async def _answer(answer: aiohttp.ClientResponse, what: str) -> dict[str, Any]:
        if 400 <= answer.status < 500:
            # the code was wrong, used or expired; Discord's own words may name the client, so
            # they go to the log, not to the page
            log.info("activity sign-in: Discord refused %s: %s %s", what, answer.status, (await answer.text())[:200])
            raise SignInRefused(401, tr(CODE_REFUSED))
        if answer.status != 200:
            raise SignInRefused(502, tr("Discord answered {status} to the sign-in. Try again in a moment.").format(
                status=answer.status))
        try:
            body = json.loads(await answer.text())
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise SignInRefused(502, tr("Discord's answer to the sign-in was not understood. Try again."))
        return body

"""The board pages: an aiohttp server inside the bot (or the offline console).

Routes, all under a signed token (tokens.py) except the static files:
- `GET  /t/<token>`             the page (HTML; its script and style come from /static)
- `GET  /t/<token>/state`       what the page shows, as JSON: the turn's words, the log, the
                                 seat's legal moves and the picture's clickable regions, and the
                                 seat's own part (what /hand tells it, and /takeback's offer)
- `GET  /t/<token>/hand.png`    the seat's own picture as /hand shows it, where the game draws one
- `POST /t/<token>/takeback`    `{}` asks to take the seat's last move back; `{"agree": bool}`
                                 answers another player's request
- `GET  /t/<token>/board.png`   the seat's picture (the public one for a spectator)
- `GET  /t/<token>/preview.png` the picture with `?move=` drawn where it would go, unplayed
- `GET  /t/<token>/after/<n>.png` the picture just after the log's move n, replayed from the seed
- `POST /t/<token>/move`        `{"move", "version"}`: played through the table service; the answer
                                 holds the page's new state as /state gives it
- `GET  /t/<token>/events`      Server-Sent Events: `changed` with the new version after any write

A forged, altered or expired token gets 403 everywhere; the page itself then answers with a page
(gone.html) that says so and how to get a new link. The page plays only for the user the
token names and only through `TableService.move`, bound to the table and the version the page
showed, so a stale page or another table's token changes nothing. Every request under a token
spends from its person's token bucket (`RATE`, `BURST`); an empty bucket gets 429 and changes nothing.
What else holds against visitors on the open internet has a module each: connections.py (the file
limit), streams.py (live updates per person and in all), writes.py (a write's origin and body),
files.py (the page's files by name) and headers.py (on every answer).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from aiohttp import web

import lang
import render
from bot.adapters.web import connections, leavers, tokens, words
from bot.adapters.web import regions as board_regions
from bot.adapters.web.activity import Activity
from bot.adapters.web.activity import install as install_activity
from bot.adapters.web.bar import bar
from bot.adapters.web.buckets import Buckets, client_address
from bot.adapters.web.files import PAGE_FILES, STATIC  # noqa: F401 - the pages' folder, read by tests
from bot.adapters.web.headers import add_headers
from bot.adapters.web.streams import ASKED, CROWDED, REPLACED, Streams
from bot.adapters.web.writes import MOST_BYTES, origin_of, read_json, refusal
from bot.core import marks
from bot.core.commands import WEB
from bot.core.extension import Extension
from bot.core.replies import Button, Caller, Reply
from bot.core.service import TableService, draw_off_loop
from bot.features.takeback import TakeBack
from db.notices import TABLES
from games import registry
from games.base import TYPED_MOVE_LIMIT, IllegalMove, fill_names
from lang import N_, pgettext, tr

log = logging.getLogger(__name__)

PING = 15.0  # seconds between SSE comments, so proxies keep an idle stream open
LOG_LINES = 60  # the page shows the latest moves; /history has the rest
KEPT_PICTURES = 64
# seconds between looks at the watched tables' versions, for moves made by another process (with
# PostgreSQL its notice wakes the look at once; SQLite's processes have none, so this is their delay)
WATCH = 2.0
# Commands have no limit of their own (Discord limits each person's interactions); the pages
# get one per person: a click costs about four requests (preview, move, state, board), so a
# burst of 40 holds ten quick clicks and 8 a second refills faster than anyone plays
RATE = 8.0
BURST = 40.0
OPEN_BOARD = N_("Open the board")
EVERYONE = "everyone"  # the picture key's seat for a game whose picture is every seat's (`seat_blind`)


class WebPages(Extension):
    """The web adapter, installed as a service extension: it hears every table change (for the
    live pages) and answers /web with a signed link."""

    commands = (WEB,)

    def __init__(self, service: TableService, *, base_url: str = "", host: str = "127.0.0.1", port: int = 8080,
                 secret: str = "", clock: Callable[[], float] = time.time, any_port: bool = False,
                 room: int | None = None):
        self.service = service
        self.base_url = base_url.rstrip("/")
        self.host, self.port = host, port
        self.configured_secret = secret
        self.any_port = any_port  # the console: when the port is taken, any free one will do
        self.clock = clock
        self.secret: bytes | None = None
        self.runner: web.AppRunner | None = None
        # the connections the pages may hold (connections.py), half of them at most for event streams,
        # so that streams never leave the pages themselves without a connection
        self.room = room if room is not None else connections.room()
        self.streams = Streams(in_all=max(1, self.room // 2))
        self.guard = connections.Guard(self.room)
        self._listening: asyncio.Server | None = None
        self._told: dict[int, int] = {}  # a watched table: the latest version its pages were told of
        self._asked: dict[int, tuple | None] = {}  # a watched table: its take-back request at the last look
        self._watcher: asyncio.Task | None = None
        self._pictures: OrderedDict[tuple, bytes] = OrderedDict()
        self._regions: OrderedDict[tuple, list] = OrderedDict()  # (table, version): of the shared picture
        self._hands: OrderedDict[tuple, bytes | None] = OrderedDict()  # (table, version, seat): /hand's picture
        self.buckets = Buckets(RATE, BURST)  # a person's requests, whatever the link
        self._closing = False
        self.activity: Activity | None = None
        self.more_routes: list[web.RouteDef] = []  # served beside the pages (the operator's, operator.py)

    # -- lifetime ------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(client_max_size=MOST_BYTES, middlewares=[self.guard.busy, words.speaking])
        app.add_routes([
            web.get("/t/{token}", self.page),
            web.get("/t/{token}/state", self.state),
            web.get("/t/{token}/board.png", self.board),
            web.get("/t/{token}/preview.png", self.preview),
            web.get("/t/{token}/after/{n:\\d{1,9}}.png", self.after),
            web.post("/t/{token}/move", self.move),
            web.get("/t/{token}/hand.png", self.hand),
            web.post("/t/{token}/takeback", self.takeback),
            web.get("/t/{token}/events", self.events),
            web.get("/static/{name}", self.static),
        ])
        app.add_routes(self.more_routes)
        app.on_response_prepare.append(add_headers)
        self.activity = install_activity(app, self)  # the same page inside Discord, signed in by Discord (activity.py)
        app.on_startup.append(self._on_startup)
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_startup(self, _app: web.Application) -> None:
        await self.ready()

    async def _on_shutdown(self, _app: web.Application) -> None:
        self._closing = True
        if self._watcher is not None:
            self._watcher.cancel()
        self.streams.end_all()

    async def ready(self) -> None:
        if self.secret is None:
            self.secret = await tokens.installation_secret(self.service.store, self.configured_secret)

    async def start(self) -> str:
        """Serve on host:port (port 0: any free port); returns the base of the links."""
        if self.runner is not None:
            return self.base()
        await self.ready()
        connections.spare_the_log()
        runner = web.AppRunner(self.app(), access_log=None, shutdown_timeout=2.0,
                               keepalive_timeout=connections.KEEP_ALIVE)
        await runner.setup()
        # served by asyncio's own server, with aiohttp's protocol counted by the guard (not a TCPSite)
        protocols, loop = self.guard.protocols(runner.server), asyncio.get_running_loop()
        try:
            self._listening = await loop.create_server(protocols, self.host, self.port, backlog=connections.BACKLOG)
        except OSError:
            if not self.any_port or self.port == 0:
                await runner.cleanup()
                raise
            self._listening = await loop.create_server(protocols, self.host, 0, backlog=connections.BACKLOG)
        self.runner = runner
        self.port = self._listening.sockets[0].getsockname()[1]
        log.info("board pages served on http://%s:%s (at most %s connections open: the file limit is %s)",
                 self.host, self.port, self.room, connections.file_limit())
        return self.base()

    async def stop(self) -> None:
        if self.runner is not None:
            runner, self.runner = self.runner, None
            if self._listening is not None:
                self._listening.close()
                self._listening = None
            await runner.cleanup()

    def base(self) -> str:
        return self.base_url or f"http://{self.host}:{self.port}"

    def serving(self) -> bool:
        """Whether links lead anywhere: the bot's public base is set, or the console serves."""
        return bool(self.base_url) or self.runner is not None

    def origins(self, request: web.Request) -> set[str]:
        """The origins whose pages may write: the public base's (the request's own host without one,
        as in the console) and, with the Activity set up, Discord's frame of this app."""
        own = {origin_of(self.base_url) if self.base_url else f"{request.scheme}://{request.host}".lower()}
        client_id = self.activity.settings.client_id if self.activity is not None else ""
        return own | ({f"https://{client_id}.discordsays.com"} if client_id else set())

    def link(self, user_id: int, table_id: int) -> str:
        assert self.secret is not None, "ready() first"
        expires = int(self.clock()) + tokens.LIFETIME
        return f"{self.base()}/t/{tokens.sign(self.secret, user_id, table_id, expires)}"

    # -- the service's side ----------------------------------------------------------------
    async def on_event(self, event: str, loaded: Any) -> None:
        table_id = loaded.row.id
        if self.streams.follows(table_id):
            self._told[table_id] = max(self._told.get(table_id, 0), loaded.row.version)
        self.streams.tell(table_id, loaded.row.version)

    async def on_answer(self, reply: Reply) -> None:
        """An answer that saved no change (a take-back request, an agreement, a refusal) may still
        await someone's answer: the table's open pages look again at once."""
        if reply.ok and reply.table_id is not None and reply.text and reply.since is None:
            self.streams.ask(reply.table_id)  # public words that saved nothing; a private answer changes no page

    async def _watch(self) -> None:
        """While pages listen: tell them of writes this process did not make (another shard's
        process on the same database), as on_event tells them of its own."""
        store = self.service.store
        while self.streams and not self._closing:
            await store.wait_for(TABLES, WATCH)
            try:
                versions = await store.table_versions(self.streams.tables())
            except Exception as error:  # the store away for a moment: the next look tries again
                log.warning("could not look at the watched tables: %s", error)
                continue
            for table_id, version in versions.items():
                if version > self._told.get(table_id, version):
                    self._told[table_id] = version
                    self.streams.tell(table_id, version)
            await self._look_at_requests()

    async def _look_at_requests(self, tables: list[int] | None = None) -> None:
        """Take-back requests asked or answered in another process save no move, so no version
        tells them: their rows are compared from one look to the next instead (`tables`: a
        first look, for a table whose first page opens, that tells nobody)."""
        taking = next((e for e in self.service.extensions if isinstance(e, TakeBack)), None)
        if taking is None:
            return
        for table_id in self.streams.tables() if tables is None else tables:
            try:
                request = await taking.requests.get(table_id)
            except Exception as error:  # the store away for a moment: the next look tries again
                log.warning("could not look at the take-back request of table %s: %s", table_id, error)
                return
            mark = None if request is None else (request.version, tuple(sorted(request.waiting)))
            if tables is None and table_id in self._asked and self._asked[table_id] != mark:
                self.streams.ask(table_id)
            self._asked[table_id] = mark

    async def move_reply(self, loaded: Any, reply: Reply, seat: int) -> None:
        if reply.image and reply.version is not None and seat_blind(loaded.row.game) \
                and not render.page_drawn_apart(loaded.row.game):
            self._keep((loaded.row.id, reply.version, EVERYONE), reply.image)  # the post's own drawing
        await self._open_board(loaded, reply, seat)

    async def hand_reply(self, loaded: Any, reply: Reply, seat: int) -> None:
        await self._open_board(loaded, reply, seat)

    async def _open_board(self, loaded: Any, reply: Reply, seat: int) -> None:
        """A link button to the seat's own page, beside the private answer only: the link acts
        for its person, so it must never reach the channel."""
        if not reply.ok or not self.serving() or loaded.row.status != "active":
            return
        user_id = loaded.by_seat(seat).user_id
        if not user_id:
            return
        await self.ready()
        reply.private_buttons.append(Button(tr(OPEN_BOARD), "", style="link", url=self.link(user_id, loaded.row.id)))

    async def cmd_web(self, caller: Caller) -> Reply:
        store = self.service.store
        row = await store.open_table(caller.channel_id) or await store.latest_table(caller.channel_id)
        if row is None:
            raise IllegalMove(tr("There is no table in this channel. Open one with /open."))
        if self.runner is None and not self.base_url:  # the console serves pages from its first /web on
            await self.start()
        await self.ready()
        data = await self.service.page_data(row.id, caller.user_id, log=False)
        seated = data is not None and data["seat"] is not None
        if seated:
            said = tr("Open this link in your browser for your seat's board, where you can click to play. It is "
                      "yours alone and works for a day: {link}")
        else:
            said = tr("Open this link in your browser for the public board (you have no seat). It is yours alone "
                      "and works for a day: {link}")
        return Reply(private=said.format(link=self.link(caller.user_id, row.id)), table_id=row.id)

    # -- requests ----------------------------------------------------------------------------
    def _pass(self, request: web.Request) -> tokens.Pass:
        if self.secret is None:
            raise web.HTTPServiceUnavailable(text=tr("Starting; try again in a moment."))
        granted = tokens.verify(self.secret, request.match_info["token"], self.clock())
        if granted is None:
            raise web.HTTPForbidden(text=tr("This link is not valid (forged, altered or expired). Ask for a new "
                                            "one with /web."))
        wait = self.buckets.spend(self._who(granted, request))
        if wait:
            raise web.HTTPTooManyRequests(text=tr("Too many requests from this page: wait {seconds} s and try again. "
                                                  "Nothing was played.").format(seconds=wait),
                                          headers={"Retry-After": str(wait)})
        return granted

    @staticmethod
    def _who(granted: tokens.Pass, request: web.Request) -> Hashable:
        """Whose request it is, for the limits: the person, whatever the link; spectators share
        user 0, so each address watching is told apart."""
        return granted.user_id or ("watching", client_address(request))

    async def _data(self, granted: tokens.Pass, log: bool = False) -> dict[str, Any]:
        data = await self.service.page_data(granted.table_id, granted.user_id, log=log)
        if data is None:
            raise web.HTTPNotFound(text=tr("This table no longer exists."))
        if not await leavers.in_server(self.service, data, granted.user_id):
            raise web.HTTPForbidden(text=tr(leavers.LEFT_SERVER))
        if data["seat"] is not None and await leavers.seat_left(self.service, data["table"], granted.user_id):
            data = await self.service.page_data(granted.table_id, tokens.SPECTATOR, log=log)  # as a watcher sees it
        return data

    async def page(self, request: web.Request) -> web.StreamResponse:
        try:
            granted = self._pass(request)
        except web.HTTPForbidden:
            # a person opened it: a page that says what happened and how to get a new link, still a 403
            return web.Response(status=403, body=words.page("gone.html", lang.current()), content_type="text/html",
                                charset="utf-8")
        await self._data(granted)  # a link of someone who left the server opens nothing
        return web.Response(body=words.page("page.html", lang.current()), content_type="text/html", charset="utf-8")

    async def static(self, request: web.Request) -> web.StreamResponse:
        return PAGE_FILES.answer(request.match_info["name"])

    async def state(self, request: web.Request) -> web.Response:
        return web.json_response(await self._state_of(self._pass(request)))

    async def _state_of(self, granted: tokens.Pass) -> dict[str, Any]:
        data = await self._data(granted, log=True)
        found = None
        if seat_blind(data["game"]) and data["view"]:  # one picture for every seat, so one set of regions
            key = (data["table"], data["version"], lang.current())
            found = self._regions.get(key)
            if found is None:
                found = self._regions[key] = board_regions.of_picture(data["game"], data["view"], data["names"])
                while len(self._regions) > KEPT_PICTURES:
                    self._regions.popitem(last=False)
        return page_json(data, await self._actions(data), found, await self._own(data, granted.user_id))

    async def _own(self, data: dict[str, Any], user_id: int) -> dict[str, Any]:
        """The seat's own part of the page, never a spectator's nor another seat's: what /hand
        tells it, whether the game draws it a picture, and what /takeback offers it now."""
        own: dict[str, Any] = {"private": "", "hand_picture": False, "takeback": None}
        if data["seat"] is None or data["status"] != "active" or not data["view"]:
            return own
        loaded = await self.service.table(data["table"])
        if loaded is None or loaded.game is None or loaded.version != data["version"]:
            return own
        own["private"] = fill_names(loaded.game.private_text(data["seat"], data["names"]), data["names"])
        own["hand_picture"] = await self._hand_picture(data) is not None
        taking = next((e for e in self.service.extensions if isinstance(e, TakeBack)), None)
        if taking is not None:
            own["takeback"] = await taking.page_offer(loaded, user_id)
        return own

    async def _hand_picture(self, data: dict[str, Any]) -> bytes | None:
        """The seat's own picture as /hand draws it; None where the game draws none. Kept apart from
        the boards, so that the many seats of games without one never push a board out."""
        key = (data["table"], data["version"], data["seat"], lang.current())  # its words: the page's language
        if key not in self._hands:
            self._hands[key] = await draw_off_loop(render.draw_hand, data["game"], data["view"], data["names"],
                                                    route=data["table"])
            while len(self._hands) > KEPT_PICTURES:
                self._hands.popitem(last=False)
        return self._hands[key]

    async def _actions(self, data: dict[str, Any]) -> list[dict[str, str]]:
        """The game's public buttons (answers to open offers) that are legal for this seat now."""
        if data["seat"] is None or not data["moves"]:
            return []
        loaded = await self.service.table(data["table"])
        if loaded is None or loaded.game is None:
            return []
        legal = set(data["moves"])
        return [{"label": fill_names(a.label, data["names"]), "move": a.move, "style": a.style}
                for a in loaded.game.public_actions() if not a.form and a.move in legal]

    async def _picture(self, data: dict[str, Any], view: dict[str, Any] | None, key: tuple) -> bytes | None:
        if view is None:
            return None
        key = (*key, lang.current())  # the words drawn in it are in the page's language
        if key in self._pictures:
            self._pictures.move_to_end(key)
            return self._pictures[key]
        image = await draw_off_loop(render.draw, data["game"], render.page_view(data["game"], view), data["names"],
                                    route=data["table"])
        if image is not None:
            self._keep(key, image)
        return image

    def _keep(self, key: tuple, image: bytes) -> None:
        self._pictures[key] = image
        self._pictures.move_to_end(key)
        while len(self._pictures) > KEPT_PICTURES:
            self._pictures.popitem(last=False)

    async def board(self, request: web.Request) -> web.Response:
        data = await self._data(self._pass(request))
        seat = EVERYONE if seat_blind(data["game"]) else data["seat"]
        image = await self._picture(data, data["view"], (data["table"], data["version"], seat))
        if image is None:
            raise web.HTTPNotFound(text=tr("This table has no picture yet."))
        return web.Response(body=image, content_type="image/png")

    async def hand(self, request: web.Request) -> web.Response:
        data = await self._data(self._pass(request))
        image = None
        if data["seat"] is not None and data["status"] == "active" and data["view"]:
            image = await self._hand_picture(data)
        if image is None:
            raise web.HTTPNotFound(text=tr("There is no picture of your own part of this table."))
        return web.Response(body=image, content_type="image/png")

    async def preview(self, request: web.Request) -> web.Response:
        granted = self._pass(request)
        move = request.query.get("move", "")[:TYPED_MOVE_LIMIT]
        data = await self._data(granted)
        if data["seat"] is None:  # a watcher, or a seat left: nothing of the seat's own may be drawn
            return web.json_response({"ok": False, "message": tr("You are not playing at this table, so there is "
                                                                 "nothing to preview.")}, status=409)
        try:
            view = await self.service.page_preview(granted.table_id, granted.user_id, move)
        except IllegalMove as why:
            return web.json_response({"ok": False, "message": str(why)}, status=409)
        if view is None:
            return web.Response(status=204)
        image = await draw_off_loop(render.draw, data["game"], render.page_view(data["game"], view), data["names"],
                                    route=granted.table_id)
        if image is None:
            return web.Response(status=204)
        return web.Response(body=image, content_type="image/png")

    async def after(self, request: web.Request) -> web.Response:
        """The board just after an earlier move, as the viewer may see it: their seat's view, the
        public one for a spectator."""
        granted = self._pass(request)
        n = int(request.match_info["n"])
        data = await self._data(granted)
        key = (data["table"], "after", n, data["seat"])
        image = self._pictures.get((*key, lang.current()))
        if image is None:
            game = await self.service.replayed_after(granted.table_id, n)
            if game is None:
                raise web.HTTPNotFound(text=tr("The log has no move {number}.").format(number=n))
            image = await self._picture(data, game.view(data["seat"]), key)
            if image is None:
                raise web.HTTPNotFound(text=tr("This table has no picture."))
        return web.Response(body=image, content_type="image/png")

    async def move(self, request: web.Request) -> web.Response:
        granted = self._pass(request)
        sent = await read_json(request, self.origins(request), pgettext("the page sent no", "move"))
        move, version = sent.get("move"), sent.get("version")
        if not isinstance(move, str) or not move.strip() or len(move) > TYPED_MOVE_LIMIT:
            raise refusal(400, tr("The page sent no move."))
        data = await self._data(granted)
        if granted.user_id == tokens.SPECTATOR or data["seat"] is None:
            return web.json_response({"ok": False, "message": tr("You are watching this table: you have no seat to "
                                                                 "play.")}, status=403)
        caller = Caller(data["guild_id"], data["channel_id"], granted.user_id, data["name"], locale=lang.current())
        version = version if type(version) is int else data["version"]  # a bool is no version
        reply = await self.service.move(caller, move, version, table_id=data["table"])
        said = await self._written(reply.private if not reply.ok else (reply.text or reply.private), data["table"])
        # the page's next state comes with the answer: one request less per click, and no second
        # look when the live event of the same move arrives while the page waits for this answer
        return web.json_response({"ok": reply.ok, "message": said, "state": await self._state_of(granted)})

    async def _written(self, text: str, table_id: int) -> str:
        """The core's marks as a page writes them: a person by their seat's name, a time in UTC."""
        if marks.OPEN not in text:
            return text
        loaded = await self.service.table(table_id)
        names = {s.user_id: s.name for s in loaded.seats if s.user_id} if loaded is not None else {}
        return marks.write(text, person=lambda user_id: "@" + names.get(user_id, tr("someone")),
                           place=lambda _channel_id: tr("another channel"),
                           moment=lambda epoch, _style: time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(epoch)))

    async def takeback(self, request: web.Request) -> web.Response:
        """/takeback from the page, or the other players' Agree and Refuse, as Discord offers them."""
        granted = self._pass(request)
        sent = await read_json(request, self.origins(request), pgettext("the page sent no", "takeback"))
        data = await self._data(granted)
        taking = next((e for e in self.service.extensions if isinstance(e, TakeBack)), None)
        if granted.user_id == tokens.SPECTATOR or data["seat"] is None or taking is None:
            return web.json_response({"ok": False, "message": tr("There is nothing you can take back here.")},
                                     status=403)
        caller = Caller(data["guild_id"], data["channel_id"], granted.user_id, data["name"], locale=lang.current())
        agree = sent.get("agree")
        if isinstance(agree, bool):
            reply = await self.service.answer(taking.answer_from_page(caller, data["table"], agree))
        else:
            reply = await self.service.handle(caller, "takeback", {})
        outbox = self.service.outbox
        if reply.ok and reply.text and reply.since is None and outbox is not None:
            # a request and its answers save nothing, so no post of a change tells the channel:
            # Discord would show them as the command's answer, the page has the channel told
            await outbox.post(data["channel_id"], reply)
        said = await self._written(reply.private if not reply.ok else (reply.text or reply.private), data["table"])
        return web.json_response({"ok": reply.ok, "message": said, "state": await self._state_of(granted)})

    async def events(self, request: web.Request) -> web.StreamResponse:
        granted = self._pass(request)
        data = await self._data(granted)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                               "X-Accel-Buffering": "no"})  # nginx: pass events at once
        await response.prepare(request)
        stream = self.streams.open(granted.table_id, self._who(granted, request))
        if granted.table_id not in self._asked:
            await self._look_at_requests([granted.table_id])
        self._told[granted.table_id] = max(self._told.get(granted.table_id, 0), data["version"])
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.create_task(self._watch())
        try:
            try:  # before the page hears its first event, so that no later write goes unheard
                await self.service.store.listen(TABLES)
            except Exception as error:  # the store away: the watcher's poll still finds the moves
                log.warning("could not listen for table writes: %s", error)
            await response.write(f"retry: 2000\nevent: changed\ndata: {data['version']}\n\n".encode())  # verbatim
            while not self._closing:
                try:
                    version = await asyncio.wait_for(stream.queue.get(), PING)
                except TimeoutError:
                    if granted.expires <= self.clock() or not await leavers.in_server(self.service, data,
                                                                                      granted.user_id):
                        break  # the page asks again, hears 403 and says why
                    await response.write(b": ping\n\n")
                    continue
                if version == ASKED:  # a take-back request or its answer: the page looks again
                    await response.write(b"event: asked\ndata: an answer may be awaited\n\n")
                    continue
                if version == REPLACED:  # the page's own script stops asking again
                    await response.write(b"event: replaced\ndata: newer pages took this one's place\n\n")
                    break
                if version == CROWDED:  # the page's own script asks again later
                    await response.write(b"event: crowded\ndata: closed to make room for other people's pages\n\n")
                    break
                if version is None or granted.expires <= self.clock():
                    break
                await response.write(f"event: changed\ndata: {version}\n\n".encode())  # verbatim: the protocol
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.streams.close(stream)
            if not self.streams.follows(granted.table_id):
                self._told.pop(granted.table_id, None)
                self._asked.pop(granted.table_id, None)
        with contextlib.suppress(ConnectionResetError, RuntimeError):
            await response.write_eof()
        return response


def page_json(data: dict[str, Any], actions: list[dict[str, str]] | None = None,
              found: list[dict[str, Any]] | None = None, own: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the page's script gets: never the view itself (the picture shows it), only words,
    moves and regions, each computed from the seat's own view or the public one; for a game
    with a trade panel, the goods and the seat's own hand; `own`, the seat's own part (`_own`)."""
    moves: list[str] = data["moves"]
    seat = data["seat"]
    mine = seat is not None and seat in data["to_act"]
    regions = (board_regions.for_page(data["game"], data["view"], data["names"], moves, data["seat"], found,
                                      data.get("variant", ""))
               if data["view"] else [])
    game = registry.get(data["game"])
    obvious = next((m for m in game.obvious_moves if m in moves), "") if mine else ""
    waiting = [data["names"][s] for s in data["to_act"] if 0 <= s < len(data["names"])]
    own = own or {"private": "", "hand_picture": False, "takeback": None}
    trade = _trade(data)
    # an answer awaited from this person: to a take-back request (before their own move, which would
    # end it), or outside their turn to an offer
    asked = seat is not None and bool(data.get("playing")) and (
        bool((own.get("takeback") or {}).get("answer")) or (not mine and seat in data.get("awaited", ())))
    return {
        "table": data["table"], "version": data["version"], "game": data["game"], "title": data["title"],
        "status": data["status"], "seat": seat, "you": data["name"], "names": data["names"],
        "playing": bool(data.get("playing")),  # a seat that still plays: not resigned, the game not over
        "waiting": waiting, "your_turn": mine, "your_answer": asked, "text": data["text"],
        "log": data["log"][-LOG_LINES:], "moves": moves, "obvious": obvious, "regions": regions,
        "picture": data["view"] is not None, "actions": actions or [], "trade": trade,
        "bar": bar(data["game"], moves, actions or [], obvious, trade is not None, data.get("variant", "")), **own,
    }


def seat_blind(key: str) -> bool:
    """Whether the game's board picture draws public facts only (`Game.public_picture`), so that
    every seat's picture is the channel's: one drawing per version serves the post and every page."""
    return registry.get(key).public_picture


def _trade(data: dict[str, Any]) -> dict[str, Any] | None:
    goods = registry.get(data["game"]).traded_goods
    if not goods or data["seat"] is None or not data["view"] or not data.get("playing"):
        return None  # an ended game, a spectator or a resigned seat trades nothing
    hand = data["view"].get("hand")
    offering = any(m.startswith("offer ") for m in data["moves"])
    return {"goods": list(goods), "hand": list(hand) if isinstance(hand, list) else [], "can_offer": offering}

"""The board page as a Discord Activity: the sign-in code exchanged at a fake of Discord's token and
users/@me endpoints, the page token it gives, and the page behind a stand-in for Discord's /.proxy/."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import shutil

import pytest
from aiohttp import ClientSession, web
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from bot.adapters.web import activity, tokens
from bot.adapters.web.activity import STATIC
from bot.adapters.web.server import WebPages
from tests.helpers import ALICE, BOB, CAROL, service_at, who
from tests.web.conftest import NOW, Served, start_table

CLIENT_ID = "424242424242424242"
CLIENT_SECRET = "the-client-secret-9f8e7d"
CODES = {"alice-code": ("alice-access", ALICE.user_id), "bob-code": ("bob-access", BOB.user_id),
         "carol-code": ("carol-access", CAROL.user_id)}
BOT_TOKEN = "the-bot-token"
ACTIVITY_QUERY = {"instance_id": "i-1", "frame_id": "f-1", "platform": "desktop",
                  "guild_id": str(ALICE.guild_id), "channel_id": str(ALICE.channel_id)}


class FakeDiscord:
    """Discord's token endpoint and users/@me, as far as the sign-in uses them."""

    def __init__(self):
        self.exchanges: list[dict[str, str]] = []
        self.user_reads: list[str] = []
        self.instance_reads: list[tuple[str, str]] = []
        self.in_instance = [ALICE.user_id, BOB.user_id]
        self.broken = False

    def app(self) -> web.Application:
        app = web.Application()
        app.add_routes([web.post("/api/v10/oauth2/token", self.token), web.get("/api/v10/users/@me", self.me),
                        web.get("/api/v10/applications/{app}/activity-instances/{instance}", self.instance)])
        return app

    async def token(self, request: web.Request) -> web.Response:
        if self.broken:
            return web.Response(status=503, text="upstream trouble")
        assert request.content_type == "application/x-www-form-urlencoded"
        form = dict(await request.post())
        self.exchanges.append(form)
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code" or form.get("code") not in CODES:
            return web.json_response({"error": "invalid_grant", "error_description": "Invalid \"code\""}, status=400)
        access, _ = CODES[form["code"]]
        return web.json_response({"access_token": access, "token_type": "Bearer", "expires_in": 604800,
                                  "refresh_token": "r-" + access, "scope": "identify"})

    async def me(self, request: web.Request) -> web.Response:
        bearer = request.headers.get("Authorization", "")
        self.user_reads.append(bearer)
        for access, user_id in CODES.values():
            if bearer == f"Bearer {access}":
                return web.json_response({"id": str(user_id), "username": f"user{user_id}", "global_name": None})
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)


    async def instance(self, request: web.Request) -> web.Response:
        """One Activity running, in Alice's channel, with Alice and Bob in it (`in_instance`)."""
        self.instance_reads.append((request.match_info["instance"], request.headers.get("Authorization", "")))
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        if request.match_info["app"] != CLIENT_ID or request.match_info["instance"] != "i-1":
            return web.json_response({"message": "Unknown Activity Instance", "code": 10000}, status=404)
        return web.json_response({
            "application_id": CLIENT_ID, "instance_id": "i-1", "launch_id": "1234",
            "location": {"id": "gc-1", "kind": "gc", "channel_id": str(ALICE.channel_id),
                         "guild_id": str(ALICE.guild_id)},
            "users": [str(user) for user in self.in_instance]})


@pytest.fixture
async def discord():
    fake = FakeDiscord()
    server = TestServer(fake.app())
    await server.start_server()
    fake.api = str(server.make_url("/api/v10"))
    try:
        yield fake
    finally:
        await server.close()


async def serve(tmp_path, monkeypatch, api: str, secret: str = CLIENT_SECRET, bot_token: str = "") -> Served:
    monkeypatch.setenv("DISCORD_TOKEN", bot_token)
    monkeypatch.setenv("ISLES_CLIENT_ID", CLIENT_ID)
    monkeypatch.setenv("ISLES_CLIENT_SECRET", secret)
    monkeypatch.setenv("ISLES_DISCORD_API", api)
    service = await service_at(tmp_path / "activity.db", seeds=lambda: 5)
    pages = WebPages(service, secret="test secret", clock=lambda: NOW)
    service.extend(pages)
    client = TestClient(TestServer(pages.app()))
    await client.start_server()
    return Served(service, pages, client)


@pytest.fixture
async def served(tmp_path, monkeypatch, discord):
    served = await serve(tmp_path, monkeypatch, discord.api)
    try:
        yield served
    finally:
        await served.client.close()


async def sign_in(served, code: str, channel: int = ALICE.channel_id, instance: str = "i-1"):
    answer = await served.client.post("/activity/token", json={"code": code, "channel_id": str(channel),
                                                               "instance_id": instance})
    return answer.status, await answer.json()


async def test_the_code_is_exchanged_with_the_secret_and_the_user_read(served, discord):
    await start_table(served.service, "pioneers")
    status, body = await sign_in(served, "alice-code")
    assert status == 200, body
    assert discord.exchanges == [{"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                                  "grant_type": "authorization_code", "code": "alice-code"}]
    assert discord.user_reads == ["Bearer alice-access"]
    table = await served.table_id()
    granted = tokens.verify(served.pages.secret, body["token"], NOW)
    assert granted == tokens.Pass(ALICE.user_id, table, int(NOW) + tokens.LIFETIME)
    assert body["table"] == table
    assert set(body) == {"ok", "token", "table"}  # nothing of Discord's goes back to the page


async def test_a_bad_code_gets_no_token(served, discord):
    await start_table(served.service, "pioneers")
    status, body = await sign_in(served, "guessed-code")
    assert status == 401 and "token" not in body
    assert "did not accept" in body["message"]
    assert discord.user_reads == []  # no access token, no user
    answer = await served.client.post("/activity/token", json={"channel_id": str(ALICE.channel_id)})
    assert answer.status == 400 and "token" not in await answer.json()
    answer = await served.client.post("/activity/token", json={"code": "alice-code", "channel_id": "general"})
    assert answer.status == 400 and discord.exchanges == [discord.exchanges[0]]


async def test_a_sign_in_from_another_site_or_in_a_hostile_body_reaches_no_discord(served, discord, caplog):
    await start_table(served.service, "pioneers")
    sign_in = json.dumps({"code": "alice-code", "channel_id": str(ALICE.channel_id), "instance_id": "i-1"})
    for headers, body, status in (
            ({"Origin": "https://evil.example", "Content-Type": "application/json"}, sign_in, 403),
            ({"Origin": "https://evil.example", "Content-Type": "text/plain"}, sign_in, 403),
            ({"Content-Type": "text/plain"}, sign_in, 415),
            ({"Content-Type": "application/json"}, "[" * 10_000, 400),
            ({"Content-Type": "application/json"}, '{"code": ' + "[" * 5000 + "]" * 5000 + "}", 400)):
        answer = await served.client.post("/activity/token", data=body, headers=headers)
        assert answer.status == status, (headers, body[:30], await answer.text())
        assert "token" not in await answer.json()
    assert discord.exchanges == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    activity = f"https://{CLIENT_ID}.discordsays.com"  # the page inside Discord's frame
    answer = await served.client.post("/activity/token", data=sign_in,
                                       headers={"Origin": activity, "Content-Type": "application/json"})
    assert answer.status == 200 and "token" in await answer.json()


async def test_discord_in_trouble_is_said_so(served, discord):
    await start_table(served.service, "pioneers")
    discord.broken = True
    status, body = await sign_in(served, "alice-code")
    assert status == 502 and "token" not in body and "503" in body["message"]


async def test_unreachable_discord_is_said_so(tmp_path, monkeypatch):
    served = await serve(tmp_path, monkeypatch, "http://127.0.0.1:9/api/v10")  # the discard port: refused
    try:
        await start_table(served.service, "pioneers")
        status, body = await sign_in(served, "alice-code")
        assert status == 502 and "could not be reached" in body["message"]
    finally:
        await served.client.close()


async def test_with_the_bot_token_discord_vouches_for_the_instance(tmp_path, monkeypatch, discord):
    served = await serve(tmp_path, monkeypatch, discord.api, bot_token=BOT_TOKEN)
    try:
        await start_table(served.service, "pioneers")
        status, body = await sign_in(served, "alice-code")
        assert status == 200, body
        assert discord.instance_reads == [("i-1", f"Bot {BOT_TOKEN}")]
        assert (await served.service.handle(who("Alice", ALICE.user_id, channel=987654321), "open",
                                            {"game": "pioneers"})).ok
        exchanged = len(discord.exchanges)
        for code, channel, instance in (("alice-code", 987654321, "i-1"),  # another channel than the instance's
                                        ("alice-code", ALICE.channel_id, "i-2"),  # no such instance
                                        ("alice-code", ALICE.channel_id, ""),
                                        ("carol-code", ALICE.channel_id, "i-1")):  # not in the instance
            status, body = await sign_in(served, code, channel, instance)
            assert status == 403 and "token" not in body, (code, channel, instance)
            assert "does not show you in this channel's Activity" in body["message"]
        # only Carol's code was worth exchanging: the instance did not run in the channel the page named
        assert [e["code"] for e in discord.exchanges[exchanged:]] == ["carol-code"]
    finally:
        await served.client.close()


async def test_a_channel_without_a_table_is_answered_clearly(served, discord):
    status, body = await sign_in(served, "alice-code", channel=987654321)
    assert status == 404 and "token" not in body
    assert "no table in this channel" in body["message"] and "/open" in body["message"]
    assert discord.exchanges == []  # nothing to sign in to: Discord is not asked


async def test_a_flood_of_sign_ins_reaches_discord_a_bounded_number_of_times(served, discord):
    await start_table(served.service, "pioneers")
    answers = await asyncio.gather(*(sign_in(served, f"guess-{n}") for n in range(60)))
    statuses = sorted(status for status, _ in answers)
    assert statuses == [401] * int(activity.SIGN_IN_BURST) + [429] * (60 - int(activity.SIGN_IN_BURST))
    assert len(discord.exchanges) == activity.SIGN_IN_BURST
    refused = await served.client.post("/activity/token", json={"code": "alice-code", "instance_id": "i-1",
                                                                "channel_id": str(ALICE.channel_id)})
    assert refused.status == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "start the Activity again in" in (await refused.json())["message"]


async def test_one_code_sent_again_and_again_is_exchanged_once(served, discord):
    await start_table(served.service, "pioneers")
    answers = await asyncio.gather(*(sign_in(served, "guessed-code") for _ in range(60)))
    assert {status for status, _ in answers} == {401}
    assert [e["code"] for e in discord.exchanges] == ["guessed-code"]  # in flight, then refused: never again
    assert (await sign_in(served, "guessed-code"))[0] == 401 and len(discord.exchanges) == 1


async def test_what_cannot_be_a_launch_reaches_no_discord_and_spends_nothing(served, discord):
    await start_table(served.service, "pioneers")
    channel = str(ALICE.channel_id)
    for sent, status in (({"code": "alice-code", "channel_id": channel}, 403),  # no instance: no launch
                         ({"code": "alice-code", "channel_id": channel, "instance_id": "1"}, 403),
                         ({"code": "alice-code", "channel_id": channel, "instance_id": "i-1/../x"}, 403),
                         ({"code": "alice code&x=1", "channel_id": channel, "instance_id": "i-1"}, 400),
                         ({"code": "alice-code", "channel_id": "987654321", "instance_id": "i-1"}, 404)):
        for _ in range(30):  # more than the sign-ins' burst: none of it is spent
            answer = await served.client.post("/activity/token", json=sent)
            assert answer.status == status, (sent, await answer.text())
    assert discord.exchanges == []
    assert (await sign_in(served, "alice-code"))[0] == 200


async def test_with_the_bot_token_an_instance_discord_does_not_know_costs_no_code(tmp_path, monkeypatch, discord):
    served = await serve(tmp_path, monkeypatch, discord.api, bot_token=BOT_TOKEN)
    try:
        await start_table(served.service, "pioneers")
        status, body = await sign_in(served, "alice-code", instance="i-999-gc-1-2")
        assert status == 403 and "token" not in body
        assert discord.instance_reads == [("i-999-gc-1-2", f"Bot {BOT_TOKEN}")] and discord.exchanges == []
        assert (await sign_in(served, "alice-code"))[0] == 200  # the code is still good for the real launch
    finally:
        await served.client.close()


async def test_the_token_opens_the_page_and_plays_for_that_user_only(served):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    tokens_of = {}
    for code, caller in (("alice-code", ALICE), ("bob-code", BOB)):
        status, body = await sign_in(served, code)
        assert status == 200
        tokens_of[caller.user_id] = body["token"]
        page = await served.client.get(f"/t/{body['token']}")
        assert page.status == 200
    states = {user: await served.state(token) for user, token in tokens_of.items()}
    loaded = served.service._cache[table]
    mover = loaded.by_seat(loaded.game.to_act()[0]).user_id
    waiter = BOB.user_id if mover == ALICE.user_id else ALICE.user_id
    assert states[mover]["your_turn"] and not states[waiter]["your_turn"]
    assert states[mover]["seat"] == loaded.seat_of(mover).seat
    move, version = states[mover]["moves"][0], states[mover]["version"]
    # the waiting player's token cannot play the mover's move: refused, nothing logged
    answer = await served.client.post(f"/t/{tokens_of[waiter]}/move", json={"move": move, "version": version})
    assert not (await answer.json())["ok"]
    assert await served.service.store.moves(table) == []
    answer = await served.client.post(f"/t/{tokens_of[mover]}/move", json={"move": move, "version": version})
    assert (await answer.json())["ok"]
    logged = await served.service.store.moves(table)
    assert [(m.move, m.user_id) for m in logged] == [(move, mover)]


async def test_the_secret_never_reaches_the_page(served, discord):
    await start_table(served.service, "pioneers")
    status, body = await sign_in(served, "alice-code")
    seen = [str(body)]
    query = "&".join(f"{k}={v}" for k, v in ACTIVITY_QUERY.items())
    for path in (f"/?{query}", f"/t/?{query}", "/activity/client", "/static/activity.js", "/static/board.js",
                 "/static/vendor/discord-embedded-app-sdk.mjs", f"/t/{body['token']}", f"/t/{body['token']}/state"):
        answer = await served.client.get(path)
        assert answer.status == 200, path
        seen.append(await answer.text())
        seen.append(str(dict(answer.headers)))
    for page in seen:
        assert CLIENT_SECRET not in page and "alice-access" not in page


async def test_without_the_secret_the_sign_in_says_what_is_missing(tmp_path, monkeypatch, discord):
    served = await serve(tmp_path, monkeypatch, discord.api, secret="")
    try:
        await start_table(served.service, "pioneers")
        for answer in (await served.client.get("/activity/client"),
                       await served.client.post("/activity/token", json={"code": "alice-code",
                                                                         "channel_id": str(ALICE.channel_id)})):
            assert answer.status == 503
            body = await answer.json()
            assert "ISLES_CLIENT_SECRET" in body["message"] and "token" not in body
        assert discord.exchanges == []
    finally:
        await served.client.close()


async def test_the_entry_goes_on_to_the_page_relative_to_itself(served):
    query = "&".join(f"{k}={v}" for k, v in ACTIVITY_QUERY.items())
    entry = await served.client.get(f"/?{query}", allow_redirects=False)
    assert entry.status == 302 and entry.headers["Location"] == f"t/?{query}"  # relative: /.proxy/ stays
    page = await served.client.get(f"/t/?{query}")
    assert page.status == 200 and page.content_type == "text/html"
    assert "https://discord.com" in page.headers["Content-Security-Policy"].split("frame-ancestors")[1]
    odd = f"{query}&name=a%26b%20c%0D%0ASet-Cookie:%20x=1"
    entry = await served.client.get(URL(f"/?{odd}", encoded=True), allow_redirects=False)
    assert entry.status == 302 and entry.headers["Location"] == f"t/?{odd}" and "Set-Cookie" not in entry.headers
    assert (await served.client.get("/", allow_redirects=False)).status == 404  # not inside Discord
    assert (await served.client.get("/t/")).status == 404
    sdk = await served.client.get("/static/vendor/discord-embedded-app-sdk.mjs")
    assert sdk.status == 200 and sdk.content_type == "text/javascript"
    assert "DiscordSDK" in await sdk.text()
    assert (await served.client.get("/static/vendor/README.md")).status == 404


def test_every_address_the_page_uses_is_relative():
    """Discord serves the Activity under /.proxy/: an address from the root would leave it."""
    html = (STATIC / "page.html").read_text()
    assert not re.search(r"""(src|href)=["'](/|https?:)""", html)
    for script in ("board.js", "activity.js"):
        text = (STATIC / script).read_text()
        assert not re.search(r"""(fetch|EventSource|import)\(\s*["'`](/|https?:)""", text), script


# -- in a browser: the page behind a stand-in for Discord's proxy, with a stub of the SDK ---------

CHROMIUM = os.environ.get("ISLES_CHROMIUM", "/usr/bin/chromium")
try:
    from playwright.async_api import async_playwright, expect
except ImportError:  # pragma: no cover - depends on the machine
    async_playwright = None

no_browser_here = pytest.mark.skipif(async_playwright is None,
                                     reason="playwright is not installed (pip install -e '.[test]')")
no_chromium_here = pytest.mark.skipif(not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)),
                                      reason=f"no Chromium at {CHROMIUM}: apt-get install chromium, or set "
                                             "ISLES_CHROMIUM")

# What the page gets from Discord's client, played by the test: the SDK's calls it uses
STUB_SDK = """
window.sdkCalls = [];
window.DiscordSDK = class {
  constructor(clientId) {
    const query = new URLSearchParams(location.search);
    this.channelId = query.get("channel_id");
    this.instanceId = query.get("instance_id");
    window.sdkCalls.push(["new", clientId]);
    this.commands = { authorize: async (args) => { window.sdkCalls.push(["authorize", args]); return { code: "alice-code" }; } };
  }
  async ready() { window.sdkCalls.push(["ready"]); }
};
"""


def proxy(target: str, seen: list[str]) -> web.Application:
    """Discord's Activity proxy, as far as the page can tell: the app under /.proxy/ only."""
    async def forward(request: web.Request) -> web.StreamResponse:
        seen.append(request.path_qs)
        if not request.path.startswith("/.proxy/"):
            return web.Response(status=404, text="not mapped")
        upstream_url = target + request.path_qs[len("/.proxy"):]
        async with ClientSession() as session, session.request(
                request.method, upstream_url, data=await request.read(), allow_redirects=False,
                headers={k: v for k, v in request.headers.items() if k.lower() in ("content-type", "accept")}) as up:
            answer = web.StreamResponse(status=up.status, headers={
                k: v for k, v in up.headers.items()
                if k.lower() in ("content-type", "location", "content-security-policy", "cache-control")})
            await answer.prepare(request)
            async for chunk in up.content.iter_any():
                await answer.write(chunk)
            await answer.write_eof()
            return answer

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", forward)
    return app


@pytest.fixture
async def front(served):
    """The page as Discord's client opens it: behind the proxy, with the stub SDK in the page."""
    seen: list[str] = []
    server = TestServer(proxy(str(served.client.make_url("")).rstrip("/"), seen))
    await server.start_server()
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = await browser.new_page(viewport={"width": 1400, "height": 1000})
            page.problems = []
            page.on("pageerror", lambda error: page.problems.append(str(error)))
            await page.add_init_script(STUB_SDK)
            page.open = lambda query: page.goto(str(server.make_url(f"/.proxy/?{query}")))
            yield page
        finally:
            await browser.close()
            await server.close()
    # the browser's own favicon.ico aside, nothing the page asked for left the proxy's prefix
    assert seen and all(path.startswith("/.proxy/") for path in seen if path != "/favicon.ico"), seen


def activity_query(**changed: str) -> str:
    return "&".join(f"{k}={v}" for k, v in {**ACTIVITY_QUERY, **changed}.items())


@no_browser_here
@no_chromium_here
async def test_the_activity_signs_in_and_plays_behind_the_proxy(served, front):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    loaded = served.service._cache[table]
    assert loaded.by_seat(loaded.game.to_act()[0]).user_id == ALICE.user_id  # the seed's first player
    query = activity_query()
    await front.open(query)
    await expect(front.locator("#turn")).to_have_text("Your turn")
    assert front.url.endswith(f"/.proxy/t/?{query}")  # the token never shows in the address
    calls = await front.evaluate("window.sdkCalls")
    assert calls[0] == ["new", CLIENT_ID] and calls[1] == ["ready"]
    assert calls[2][0] == "authorize" and calls[2][1]["scope"] == ["identify"]
    assert calls[2][1]["client_id"] == CLIENT_ID and calls[2][1]["response_type"] == "code"
    move = await front.locator("#moves button").first.get_attribute("data-move")
    await front.locator("#moves button").first.click()
    await front.click("#confirm")
    await expect(front.locator("#log li")).to_have_count(1)
    logged = await served.service.store.moves(table)
    assert [(m.move, m.user_id) for m in logged] == [(move, ALICE.user_id)]
    assert front.problems == []


@no_browser_here
@no_chromium_here
async def test_the_activity_in_a_channel_without_a_table_says_so(served, front):
    await front.open(activity_query(channel_id="987654321"))
    await expect(front.locator("#message")).to_contain_text("no table in this channel")
    await expect(front.locator("#turn")).to_have_text("")
    assert front.problems == []


def test_the_settings_are_checked(monkeypatch):
    from bot.settings import DISCORD_API, SettingError, activity_settings

    for name in ("ISLES_CLIENT_ID", "ISLES_CLIENT_SECRET", "ISLES_DISCORD_API"):
        monkeypatch.delenv(name, raising=False)
    assert activity_settings().api == DISCORD_API and not activity_settings().client_secret
    monkeypatch.setenv("ISLES_CLIENT_ID", "my app")
    with pytest.raises(SettingError, match="ISLES_CLIENT_ID=my app is not an application id"):
        activity_settings()
    monkeypatch.setenv("ISLES_CLIENT_ID", CLIENT_ID)
    monkeypatch.setenv("ISLES_DISCORD_API", "discord.com")
    with pytest.raises(SettingError, match="ISLES_DISCORD_API"):
        activity_settings()


async def test_made_up_sign_ins_at_ten_a_second_leave_a_real_player_getting_in(tmp_path, monkeypatch, discord):
    """Anyone may send sign-ins with codes and instances made up, for a channel that has a table:
    with the bot's token, Discord confirms the instance before any budget of everyone's is spent,
    so the real player's launch gets in every second of the flood."""
    served = await serve(tmp_path, monkeypatch, discord.api, bot_token=BOT_TOKEN)
    try:
        await start_table(served.service, "pioneers")
        now = [0.0]
        served.pages.activity.clock = lambda: now[0]
        for second in range(13):
            now[0] = float(second)
            flood = await asyncio.gather(*(sign_in(served, f"made-up-{second}-{n}", instance=f"i-{second}-{n}")
                                           for n in range(10)))
            assert {status for status, _ in flood} == {403}
            status, body = await sign_in(served, "alice-code")
            assert status == 200, (second, body)
        assert len(discord.exchanges) == 13  # the real player's only: no made-up code reached the secret
    finally:
        await served.client.close()


async def test_an_instance_discord_does_not_know_is_asked_about_once_a_minute(tmp_path, monkeypatch, discord):
    served = await serve(tmp_path, monkeypatch, discord.api, bot_token=BOT_TOKEN)
    try:
        await start_table(served.service, "pioneers")
        now = [0.0]
        served.pages.activity.clock = lambda: now[0]
        for n in range(30):
            assert (await sign_in(served, f"made-up-{n}", instance="i-made-up"))[0] == 403
        assert discord.instance_reads == [("i-made-up", f"Bot {BOT_TOKEN}")]
        now[0] = activity.UNKNOWN_SECONDS
        assert (await sign_in(served, "made-up", instance="i-made-up"))[0] == 403
        assert len(discord.instance_reads) == 2 and discord.exchanges == []
    finally:
        await served.client.close()



async def test_the_others_of_a_launch_confirmed_sign_in_without_a_look_at_the_instance(tmp_path, monkeypatch,
                                                                                       discord):
    """Made-up instances faster than Discord may be asked about spend every look: a launch
    Discord confirmed a moment ago still lets its other players in."""
    served = await serve(tmp_path, monkeypatch, discord.api, bot_token=BOT_TOKEN)
    try:
        await start_table(served.service, "pioneers")
        served.pages.activity.clock = lambda: 0.0  # no time passes: no budget fills again
        assert (await sign_in(served, "alice-code"))[0] == 200
        flood = await asyncio.gather(*(sign_in(served, f"made-up-{n}", instance=f"i-made-up-{n}")
                                       for n in range(int(activity.LOOKUP_BURST) + 10)))
        assert sorted({status for status, _ in flood}) == [403, 429]  # every look spent
        status, body = await sign_in(served, "bob-code")
        assert status == 200, body
        assert tokens.verify(served.pages.secret, body["token"], NOW).user_id == BOB.user_id
        assert (await sign_in(served, "carol-code"))[0] in (403, 429)  # not listed: Discord must be asked again
    finally:
        await served.client.close()


async def test_someone_who_joined_a_launch_confirmed_before_is_looked_for_again(tmp_path, monkeypatch, discord):
    served = await serve(tmp_path, monkeypatch, discord.api, bot_token=BOT_TOKEN)
    try:
        await start_table(served.service, "pioneers")
        assert (await sign_in(served, "alice-code"))[0] == 200
        assert (await sign_in(served, "bob-code"))[0] == 200
        assert len(discord.instance_reads) == 1  # Bob was listed already
        discord.in_instance.append(CAROL.user_id)
        assert (await sign_in(served, "carol-code"))[0] == 200
        assert len(discord.instance_reads) == 2
    finally:
        await served.client.close()


async def sign_in_named(served, code: str, channel: int = ALICE.channel_id, instance: str = "i-1"):
    """As static/activity.js signs in: the launch in the address, the code in the body."""
    answer = await served.client.post(f"/activity/token?channel_id={channel}&instance_id={instance}",
                                      json={"code": code})
    return answer.status, await answer.json()


async def slow_sign_in(served, query: str) -> bytes:
    """The status line answered to a sign-in whose body never comes past its first byte."""
    url = served.client.make_url("")
    reader, writer = await asyncio.open_connection(url.host, url.port)
    try:
        writer.write(f"POST /activity/token?{query} HTTP/1.1\r\nHost: {url.host}:{url.port}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{".encode())
        await writer.drain()
        return (await asyncio.wait_for(reader.readline(), 30)).split()[1]
    finally:
        writer.close()


async def test_a_sign_in_naming_its_launch_in_the_address_is_limited_before_its_body_is_read(served, discord):
    await start_table(served.service, "pioneers")
    served.pages.activity.clock = lambda: 0.0  # no time passes: no budget fills again
    assert (await sign_in_named(served, "alice-code"))[0] == 200
    channel = ALICE.channel_id
    # what cannot be a launch, and a launch past its budget, are answered while the body is still to come
    assert await slow_sign_in(served, "channel_id=987654321&instance_id=i-1") == b"404"
    assert await slow_sign_in(served, f"channel_id={channel}&instance_id=x") == b"403"
    burst = int(activity.SIGN_IN_BURST)
    statuses = [(await sign_in_named(served, f"guess-{n}", instance="i-flooded"))[0] for n in range(25)]
    assert statuses == [401] * (burst - 1) + [429] * (25 - burst + 1)  # everyone's budget, Alice's spent
    assert await slow_sign_in(served, f"channel_id={channel}&instance_id=i-flooded") == b"429"  # the launch's
    assert len(discord.exchanges) == burst

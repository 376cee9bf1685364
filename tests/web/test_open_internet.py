"""The board pages as an attacker holding a link (or none) finds them on the open internet, over
real HTTP: files off the page's folders, hostile bodies and tokens, writes from other sites,
floods of streams and sign-ins."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
import time
from pathlib import Path
from urllib.parse import quote

from aiohttp import ClientSession, ClientTimeout, TCPConnector
from aiohttp.test_utils import TestClient, TestServer

from bot.adapters.web import connections, tokens, writes
from bot.adapters.web.buckets import Buckets
from bot.adapters.web.headers import HEADERS
from bot.adapters.web.server import WebPages
from bot.adapters.web.streams import CROWDED, PER_PERSON, REPLACED, Streams
from tests.helpers import ALICE, BOB, service_at
from tests.web.conftest import NOW, Served, start_table


async def test_only_the_pages_own_files_are_served(served, tmp_path):
    elsewhere = tmp_path / "kept.mjs"
    elsewhere.write_text("export const kept = 'not for the page';")
    script = tmp_path / "kept.js"
    script.write_text("const kept = 'not for the page';")
    for path in (f"/static/vendor/{quote(str(elsewhere), safe='')}", f"/static/{quote(str(script), safe='')}",
                 "/static/vendor/..%2F..%2Fserver.py", "/static/board.js%00", "/static/vendor/x%00.mjs",
                 "/static/page.html", "/static/vendor/README.md", "/static/vendor"):
        answer = await served.client.get(path)
        assert answer.status == 404, path
        assert "kept" not in await answer.text()
    for path in ("/static/board.js", "/static/activity.js", "/static/board.css",
                 "/static/vendor/discord-embedded-app-sdk.mjs"):
        answer = await served.client.get(path)
        assert answer.status == 200, path
        assert answer.content_type == ("text/css" if path.endswith(".css") else "text/javascript")


async def test_a_token_with_foreign_characters_is_refused_without_a_traceback(served, caplog):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    good = served.token(ALICE.user_id, table)
    body, signature = good.rsplit(".", 1)
    arabic_one = "\u0661"  # a decimal digit to str.isdecimal, not to the signature
    for bad in (f"{body}.{signature[:-2]}\u00e9\u00e9", f"{body}.\u00e9", f"{arabic_one}.{table}.{body.split('.')[2]}.{signature}"):
        for method, path in (("GET", f"/t/{quote(bad)}/state"), ("GET", f"/t/{quote(bad)}"),
                             ("POST", f"/t/{quote(bad)}/move")):
            answer = await served.client.request(method, path, json={"move": "roll"})
            assert answer.status == 403, (bad, path)
        assert tokens.verify(served.pages.secret, bad, NOW) is None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_every_answer_carries_the_pages_headers(served):
    await start_table(served.service, "pioneers")
    token = served.token(ALICE.user_id, await served.table_id())
    asked = [("GET", "/nowhere", None, 404), ("GET", "/static/nothing.js", None, 404),
             ("GET", f"/t/{token}/move", None, 405), ("PUT", f"/t/{token}/state", None, 405),
             ("OPTIONS", f"/t/{token}/move", None, 405), ("DELETE", "/activity/token", None, 405),
             ("POST", f"/t/{token}/move", "x" * 100_000, 413), ("POST", f"/t/{token}/move", None, 415), ("GET", "/t/forged.1.2.3", None, 403),
             ("GET", f"/t/{token}/after/999.png", None, 404), ("GET", "/static/board.js", None, 200),
             ("GET", f"/t/{token}", None, 200)]
    for method, path, body, status in asked:
        answer = await served.client.request(method, path, data=body, headers={"Content-Type": "application/json"}
                                             if body else {})
        assert answer.status == status, (method, path, await answer.text())
        for name, value in HEADERS.items():
            if name != "Cache-Control":  # the static files are "no-cache": kept, but looked at again
                assert answer.headers.get(name) == value, (method, path, name)
        assert answer.headers["Cache-Control"] in ("no-store", "no-cache")


async def whose_turn(served) -> tuple[str, dict]:
    """The link and state of the person to move."""
    table = await served.table_id()
    for caller in (ALICE, BOB):
        token = served.token(caller.user_id, table)
        state = await served.state(token)
        if state["your_turn"]:
            return token, state
    raise AssertionError("nobody to move")


async def test_a_write_from_another_site_plays_nothing(served):
    await start_table(served.service, "pioneers")
    token, state = await whose_turn(served)
    move = json.dumps({"move": state["moves"][0], "version": state["version"]})
    here = str(served.client.make_url("")).rstrip("/")
    for headers, body, status in (
            # a form on another site, a no-cors fetch (text/plain), JSON from another origin, an opaque page
            ({"Origin": "https://evil.example", "Content-Type": "application/x-www-form-urlencoded"},
             f"move={quote(state['moves'][0])}", 403),
            ({"Origin": "https://evil.example", "Content-Type": "text/plain"}, move, 403),
            ({"Origin": "https://evil.example", "Content-Type": "application/json"}, move, 403),
            ({"Origin": "null", "Content-Type": "application/json"}, move, 403),
            ({"Origin": here, "Content-Type": "text/plain"}, move, 415),  # JSON or nothing
            ({"Content-Type": "multipart/form-data; boundary=x"}, "--x--", 415)):
        answer = await served.client.post(f"/t/{token}/move", data=body, headers=headers)
        assert answer.status == status, (headers, await answer.text())
        assert not (await answer.json())["ok"]
    assert await served.service.store.moves(state["table"]) == []
    answer = await served.client.post(f"/t/{token}/move", data=move,
                                      headers={"Origin": here, "Content-Type": "application/json"})
    assert answer.status == 200 and (await answer.json())["ok"]  # the page's own write
    assert [m.move for m in await served.service.store.moves(state["table"])] == [state["moves"][0]]


async def test_hostile_bodies_get_a_4xx_and_no_traceback(served, caplog):
    await start_table(served.service, "pioneers")
    token, state = await whose_turn(served)
    for body in ("[" * 10_000, '{"move": ' + "[" * 5000 + "]" * 5000 + "}", '{"move": "' + "r" * 5000 + '"}',
                 '{"move": 12}', "\xff\xfe", "[]", '"roll"', "",
                 '{"move": "roll", "version": ' + "9" * 5000 + "}"):
        answer = await served.client.post(f"/t/{token}/move", data=body.encode("latin-1", "replace"),
                                          headers={"Content-Type": "application/json"})
        assert 400 <= answer.status < 500, (body[:40], answer.status)
        assert not (await answer.json())["ok"]
    assert await served.service.store.moves(state["table"]) == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_body_that_comes_too_slowly_is_cut_off(served, monkeypatch):
    monkeypatch.setattr(writes, "BODY_SECONDS", 0.3)
    await start_table(served.service, "pioneers")
    token, state = await whose_turn(served)
    url = served.client.make_url("")
    reader, writer = await asyncio.open_connection(url.host, url.port)
    writer.write(f"POST /t/{token}/move HTTP/1.1\r\nHost: {url.host}:{url.port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: 100\r\n\r\n{{\"move\": ".encode())
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 60)  # the rest never comes
    assert status.split()[1] == b"408", status
    writer.close()
    assert await served.service.store.moves(state["table"]) == []


async def test_a_short_body_has_a_short_deadline_and_a_long_one_no_more_than_its_length_needs(served, monkeypatch):
    """A body's deadline is a grace and its length at the least rate, not the longest any body may take."""
    monkeypatch.setattr(writes, "BODY_SECONDS", 3600.0)
    monkeypatch.setattr(writes, "BODY_GRACE", 0.3, raising=False)
    await start_table(served.service, "pioneers")
    token, state = await whose_turn(served)
    url = served.client.make_url("")
    reader, writer = await asyncio.open_connection(url.host, url.port)
    writer.write(f"POST /t/{token}/move HTTP/1.1\r\nHost: {url.host}:{url.port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: 200\r\n\r\n{{".encode())
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 30)
    assert status.split()[1] == b"408", status
    writer.close()
    assert writes.body_deadline(writes.MOST_BYTES) > writes.body_deadline(200) > writes.BODY_GRACE
    assert await served.service.store.moves(state["table"]) == []


async def test_a_body_of_no_said_length_is_refused(served):
    await start_table(served.service, "pioneers")
    token, state = await whose_turn(served)

    async def chunks():
        yield json.dumps({"move": state["moves"][0], "version": state["version"]}).encode()

    answer = await served.client.post(f"/t/{token}/move", data=chunks(), headers={"Content-Type": "application/json"})
    assert answer.status == 411 and not (await answer.json())["ok"]
    assert await served.service.store.moves(state["table"]) == []


async def test_a_page_past_its_limit_is_refused_before_its_body_is_read(served):
    await start_table(served.service, "pioneers")
    token, state = await whose_turn(served)
    served.pages.buckets = Buckets(rate=0.001, burst=1.0)
    assert (await served.client.get(f"/t/{token}/state")).status == 200  # the bucket is empty now
    url = served.client.make_url("")
    reader, writer = await asyncio.open_connection(url.host, url.port)
    writer.write(f"POST /t/{token}/move HTTP/1.1\r\nHost: {url.host}:{url.port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: 200\r\n\r\n{{".encode())
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 30)  # the body never comes: the answer does not wait for it
    assert status.split()[1] == b"429", status
    writer.close()


async def test_watchers_behind_the_reverse_proxy_each_have_their_bucket(served):
    await start_table(served.service, "pioneers")
    served.pages.buckets = Buckets(rate=0.001, burst=2.0)
    watching = served.token(tokens.SPECTATOR, await served.table_id())

    async def status(forwarded: str) -> int:
        return (await served.client.get(f"/t/{watching}/state", headers={"X-Forwarded-For": forwarded})).status

    assert [await status("203.0.113.7") for _ in range(3)] == [200, 200, 429]
    assert await status("198.51.100.2") == 200  # another address the proxy saw
    assert await status("192.0.2.1, 203.0.113.7") == 429  # what the client wrote before it changes nothing


async def next_event(response) -> str:
    """The name of the stream's next event, or "" when the stream ends."""
    while True:
        line = (await asyncio.wait_for(response.content.readline(), 60)).decode()
        if not line:
            return ""
        if line.startswith("event: "):
            return line[7:].strip()


async def test_one_person_holds_a_few_streams_and_the_oldest_makes_room(served):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    alices = [served.token(ALICE.user_id, table, expires=NOW + 3600 + n) for n in range(3)]  # links of hers
    opened = []
    for n in range(20):
        opened.append(await served.client.get(f"/t/{alices[n % 3]}/events"))
        assert opened[-1].status == 200
        assert await next_event(opened[-1]) == "changed"  # the stream is open (its first event)
    bobs = await served.client.get(f"/t/{served.token(BOB.user_id, table)}/events")
    assert await next_event(bobs) == "changed"
    for old in opened[:-PER_PERSON]:
        assert await next_event(old) == "replaced"  # told, then closed
        assert await next_event(old) == ""
    assert len(served.pages.streams) == PER_PERSON + 1
    token, state = await whose_turn(served)
    assert (await served.client.post(f"/t/{token}/move", json={"move": state["moves"][0],
                                                                "version": state["version"]})).status == 200
    for live in [*opened[-PER_PERSON:], bobs]:
        assert await next_event(live) == "changed"
        live.close()


async def test_past_the_streams_of_everyone_the_oldest_closes(tmp_path):
    service = await service_at(tmp_path / "room.db", seeds=lambda: 5)
    pages = WebPages(service, secret="test secret", clock=lambda: NOW, room=8)
    service.extend(pages)
    async with TestClient(TestServer(pages.app())) as client:
        served = Served(service, pages, client)
        await start_table(service, "pioneers")
        table = await served.table_id()
        streams = []
        for user in range(101, 110):  # nine people, one stream each: room for four
            streams.append(await client.get(f"/t/{served.token(user, table)}/events"))
            assert await next_event(streams[-1]) == "changed"
        assert len(pages.streams) == 4
        for old in streams[:5]:
            assert await next_event(old) == "crowded"  # not "your newer pages": other people's took its place
        for live in streams[5:]:
            live.close()


async def test_many_accounts_with_many_streams_push_out_nobody_who_holds_fewer(tmp_path):
    """Forty accounts open eight streams each, five times the streams of everyone: those who hold
    the most make room for each other, and a player's one stream hears every move all along (it
    would be closed only once as many people as there is room for held a stream each)."""
    service = await service_at(tmp_path / "fair.db", seeds=lambda: 5)
    pages = WebPages(service, secret="test secret", clock=lambda: NOW, room=128)
    service.extend(pages)
    async with TestClient(TestServer(pages.app())) as client:
        served = Served(service, pages, client)
        await start_table(service, "pioneers")
        table = await served.table_id()
        bobs = await client.get(f"/t/{served.token(BOB.user_id, table)}/events")
        assert await next_event(bobs) == "changed"
        flood = []
        try:
            for user in range(1001, 1041):
                for _ in range(PER_PERSON):
                    flood.append(await client.get(f"/t/{served.token(user, table)}/events"))
                    assert await next_event(flood[-1]) == "changed"
            assert len(pages.streams) == pages.streams.in_all
            token, state = await whose_turn(served)
            assert (await client.post(f"/t/{token}/move", json={"move": state["moves"][0],
                                                                 "version": state["version"]})).status == 200
            assert await next_event(bobs) == "changed"  # still open: it heard the move
            heard = [await next_event(s) for s in flood]  # the move, or why the stream was closed before it
            # told truthfully: other people's pages took their place ("crowded"), or their own newer one
            assert sorted(set(heard)) == ["changed", "crowded", "replaced"]
            assert heard.count("changed") == pages.streams.in_all - 1
        finally:
            for stream in [*flood, bobs]:
                stream.close()


async def ended(reader: asyncio.StreamReader) -> bool:
    """Whether the server closes this connection with nothing said, waited for as long as it takes
    (the caller's limit ends the wait)."""
    try:
        return await reader.read() == b""
    except ConnectionError:
        return True


async def closed_of(readers: list[asyncio.StreamReader], enough: int, limit: float = 60) -> int:
    """How many of these connections the server closed, waiting until `enough` of them are or the
    limit passes: a busy machine's server closes them late, not never."""
    loop = asyncio.get_running_loop()
    waits = [asyncio.ensure_future(ended(reader)) for reader in readers]
    end = loop.time() + limit
    try:
        while sum(w.done() and w.result() for w in waits) < enough and loop.time() < end:
            await asyncio.wait([w for w in waits if not w.done()] or waits, timeout=end - loop.time(),
                               return_when=asyncio.FIRST_COMPLETED)
            if all(w.done() for w in waits):
                break
        return sum(w.done() and w.result() for w in waits)
    finally:
        for w in waits:
            w.cancel()


@contextlib.asynccontextmanager
async def alone(tmp_path, file_limit: int):
    """tests/web/alone.py in a process of its own: what it printed (its port, two links) and its log."""
    log = tmp_path / "log"
    with log.open("wb") as err:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.web.alone", str(tmp_path / "alone.db"), str(file_limit),
            stdout=asyncio.subprocess.PIPE, stderr=err, cwd=Path(__file__).resolve().parents[2])
    try:
        yield json.loads(await asyncio.wait_for(process.stdout.readline(), 30)), log
    finally:
        process.terminate()
        await process.wait()


async def test_at_the_file_limit_the_pages_still_answer_and_the_log_stays_quiet(tmp_path):
    """Idle connections from anyone, many more than the process may hold (file limit 256): the
    oldest make room, and another person's page still answers at once."""
    idle = []
    async with alone(tmp_path, 256) as (served, log):
        here = f"http://127.0.0.1:{served['port']}"
        async with ClientSession(timeout=ClientTimeout(total=None, sock_read=60)) as session:
            following = await session.get(f"{here}/t/{served['alice']}/events")  # inside a request all along
            assert await next_event(following) == "changed"
            try:
                for _ in range(400):
                    try:
                        # A server that only stalls (a busy machine) is waited for: with its queue
                        # full the kernel drops the connect and the client asks again after 1 s, 3 s,
                        # 7 s. A server that no longer accepts at all is not.
                        idle.append(await asyncio.wait_for(asyncio.open_connection("127.0.0.1", served["port"]), 60))
                    except TimeoutError:
                        break
                for path in (f"/t/{served['bob']}/state", "/static/board.js"):
                    async with session.get(here + path) as answer:
                        assert answer.status == 200
                closed = await closed_of([reader for reader, _ in idle], 400 - connections.room(256))
                assert len(idle) == 400 and closed >= 400 - connections.room(256)
            finally:
                for _, writer in idle:
                    writer.close()
            state = await (await session.get(f"{here}/t/{served['alice']}/state")).json()
            moved = await session.post(f"{here}/t/{served['alice']}/move", json={"move": state["moves"][0]})
            assert (await moved.json())["ok"]
            assert await next_event(following) == "changed"  # the stream was kept, and hears the move
            following.close()
    said = log.read_text()
    assert "Too many open files" not in said and len(said) < 1000, said[:2000]


async def test_requests_nobody_could_read_leave_a_few_lines_in_the_log(tmp_path):
    async with alone(tmp_path, 1024) as (served, log):
        for n in range(200):  # from anyone: no link needed
            reader, writer = await asyncio.open_connection("127.0.0.1", served["port"])
            writer.write(b"GET /static/board.js HTTP/1.1\r\nHost: x\r\nNo Header Here\r\n\r\n" if n % 2 else
                         b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n")
            assert (await asyncio.wait_for(reader.readline(), 60)).split()[1] == b"400"
            writer.close()
        await asyncio.sleep(0.2)
    said = log.read_text()
    assert said.count("Traceback") <= 20 and len(said) < 20_000, len(said)  # ten a minute of each kind


async def test_a_connection_that_never_finishes_its_request_is_closed(tmp_path, monkeypatch):
    monkeypatch.setattr(connections, "KEEP_ALIVE", 0.5)
    service = await service_at(tmp_path / "slow.db", seeds=lambda: 5)
    pages = WebPages(service, port=0, secret="test secret")
    await pages.start()
    try:
        silent = await asyncio.open_connection("127.0.0.1", pages.port)
        trickling = await asyncio.open_connection("127.0.0.1", pages.port)
        for piece in (b"GET /static/boa", b"rd.js HTTP/1.1\r\n", b"Host: x\r\n"):  # and never the blank line
            trickling[1].write(piece)
            await asyncio.sleep(0.3)
        assert await closed_of([silent[0], trickling[0]], 2) == 2
    finally:
        await pages.stop()


def test_the_log_keeps_ten_of_a_kind_a_minute_and_says_how_many_it_left_out():
    now = [0.0]
    sparing = connections.Sparing(per_minute=10, clock=lambda: now[0])

    def record(message: str, level: int = logging.ERROR) -> logging.LogRecord:
        return logging.LogRecord("aiohttp.server", level, __file__, 1, message, (), None)

    assert [sparing.filter(record("Error handling request from %s")) for _ in range(100)] == [True] * 10 + [False] * 90
    assert sparing.filter(record("another kind"))  # counted apart
    assert all(sparing.filter(record("Error handling request from %s", logging.INFO)) for _ in range(50))
    now[0] = 61.0
    later = record("Error handling request from %s")
    assert sparing.filter(later) and "90 more like this were left out" in later.getMessage()


async def slow_body(port: int, path: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection that sends a POST's headers and the first byte of its 200-byte body, and no more."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: 200\r\n\r\n{{".encode())
    await writer.drain()
    return reader, writer


async def test_bodies_sent_slowly_leave_the_pages_answering(tmp_path, monkeypatch, caplog):
    """More slow bodies than the room holds, to the Activity's sign-in (no link needed) and to a
    member's moves: a connection still sending its body is closed to make room, so another
    person's page is answered every time, while the slow bodies come again as they are closed."""
    monkeypatch.setenv("ISLES_CLIENT_ID", "424242424242424242")
    monkeypatch.setenv("ISLES_CLIENT_SECRET", "the-client-secret")
    monkeypatch.setattr(writes, "BODY_SECONDS", 3600.0)  # the room alone holds: no deadline frees them
    monkeypatch.setattr(writes, "BODY_GRACE", 3600.0, raising=False)
    service = await service_at(tmp_path / "slow-bodies.db", seeds=lambda: 5)
    pages = WebPages(service, port=0, secret="test secret", room=24)
    service.extend(pages)
    await pages.start()
    slow: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        await start_table(service, "pioneers")
        table = (await service.store.open_table(ALICE.channel_id)).id
        bobs = tokens.sign(pages.secret, BOB.user_id, table, int(time.time()) + 3600)
        alices = tokens.sign(pages.secret, ALICE.user_id, table, int(time.time()) + 3600)
        paths = ("/activity/token", f"/t/{bobs}/move")
        here = f"http://127.0.0.1:{pages.port}"
        # a new connection for every request, as a browser opens them when the old ones were closed
        async with ClientSession(timeout=ClientTimeout(total=60),
                                 connector=TCPConnector(force_close=True)) as session:
            for attempt in range(16):
                slow = [c for c in slow if not (c[0].at_eof() or c[0].exception())]
                while len(slow) < 28:  # past the room of 24: the flood keeps itself whole
                    slow.append(await slow_body(pages.port, paths[len(slow) % 2]))
                async with session.get(f"{here}/t/{alices}/state") as answer:
                    assert answer.status == 200, attempt
                    assert (await answer.json())["table"] == table
            assert len(pages.guard) <= pages.room
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text[:2000]
    finally:
        for _, writer in slow:
            writer.close()
        await pages.stop()


def test_past_everyones_streams_nobody_is_pushed_out_by_someone_who_then_holds_more():
    streams = Streams(in_all=4)
    bobs = [streams.open(1, "bob") for _ in range(2)]
    alices = [streams.open(1, "alice") for _ in range(2)]
    third = streams.open(1, "alice")  # as many as Bob with it: her own oldest makes room, not his
    assert alices[0].queue.get_nowait() == REPLACED and all(s.queue.empty() for s in bobs)
    carols = streams.open(1, "carol")  # her first: room made by the oldest stream of those holding two
    assert bobs[0].queue.get_nowait() == CROWDED
    davids = streams.open(1, "david")  # Alice holds the most now
    assert alices[1].queue.get_nowait() == CROWDED
    assert all(s.queue.empty() for s in (third, bobs[1], carols, davids)) and len(streams) == 4

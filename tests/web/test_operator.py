"""The operator's surface over HTTP: /metrics read by a strict Prometheus text parser after real
play, /healthz's fields, its 503 when the store is away (PostgreSQL through a relay that is cut,
then set up again) or no gateway shard has been ready for a minute; both served beside the
pages, or on their own port."""

from __future__ import annotations

import json
from urllib.parse import urlsplit, urlunsplit

import aiohttp
import pytest

import render
from bot.adapters.web.hosting import beside_the_bot
from bot.adapters.web.operator import OperatorServer
from bot.core import metrics as metrics_module
from bot.core.health import GATEWAY_GRACE, Gateway, health_of
from bot.core.metrics import Metrics
from bot.core.service import TableService
from bot.settings import HealthSettings, Settings, WebSettings
from db.store import Store
from tests import pg
from tests.helpers import ALICE, BOB, service_at
from tests.test_postgres_outage import Relay
from tests.web.prometheus_text import Malformed, parse

PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(64)


@pytest.fixture
def fresh_metrics(monkeypatch) -> Metrics:
    """Counters of this test alone (the process's are shared by every test)."""
    counted = Metrics()
    monkeypatch.setattr(metrics_module, "_metrics", counted)
    return counted


async def get(url: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, answer.headers.get("Content-Type", ""), await answer.text()


async def served(service) -> OperatorServer:
    server = OperatorServer(service, "127.0.0.1", 0)
    await server.start()
    return server


async def play_sticks(service: TableService) -> None:
    assert (await service.handle(ALICE, "open", {"game": "sticks", "options": "sticks=10"})).ok
    assert (await service.handle(BOB, "join")).ok
    assert (await service.handle(ALICE, "start")).ok
    row = await service.store.open_table(ALICE.channel_id)
    first = {s.seat: s for s in await service.store.seats(row.id)}[row.state["state"]["turn"]]
    mover = ALICE if first.user_id == ALICE.user_id else BOB
    assert (await service.handle(mover, "move", {"move": "take 2"})).ok
    assert not (await service.handle(mover, "move", {"move": "take 2"})).ok  # not their turn: refused, answered


async def test_metrics_count_real_play_and_parse_as_prometheus_text(tmp_path, sticks, monkeypatch, fresh_metrics):
    monkeypatch.setattr(render, "draw", lambda key, view, names: PICTURE)
    service = await service_at(tmp_path / "m.db", draw_images=True)
    await play_sticks(service)
    assert not (await service.press(ALICE, "isles:nothing:1:1:x")).ok
    server = await served(service)
    try:
        status, kind, text = await get(f"http://127.0.0.1:{server.port}/metrics")
    finally:
        await server.stop()
    assert status == 200 and kind.startswith("text/plain") and "version=0.0.4" in kind
    families = parse(text)
    assert families["isles_turns_answered_total"].kind == "counter"
    assert families["isles_turns_answered_total"].value(via="command") == 5
    assert families["isles_turns_answered_total"].value(via="button") == 1
    latency = families["isles_answer_seconds"]
    assert latency.kind == "histogram" and latency.value("_count") == 6 and latency.value("_sum") > 0
    assert families["isles_tables"].kind == "gauge"
    assert families["isles_tables"].value(status="active") == 1 and families["isles_tables"].value(status="lobby") == 0
    assert families["isles_pictures_drawn_total"].value() >= 2  # the start's board and the move's
    for name in ("isles_posts_sent_total", "isles_posts_retried_total"):
        assert families[name].kind == "counter" and families[name].value() == 0  # no sender in this test
    assert families["isles_errors_total"].kind == "counter"


def test_the_parser_refuses_what_prometheus_would():
    """The parser is strict enough to trust: each of these is a real mistake of an exposition."""
    good = "# TYPE a_total counter\na_total 1\n"
    assert parse(good)["a_total"].value() == 1
    for bad in ("a_total 1\n",  # no TYPE
                "# TYPE a_total counter\na_total 1",  # no final line feed
                "# TYPE a_total counter\na_total 1\na_total 2\n",  # twice
                "# TYPE a_total counter\na_total one\n",
                '# TYPE a_total counter\na_total{x="1} 1\n',
                "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_count 1\nh_sum 0\n",
                "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_count 1\nh_sum 0\n"):
        with pytest.raises(Malformed):
            parse(bad)


async def test_errors_are_counted_by_kind(tmp_path, sticks, fresh_metrics, monkeypatch):
    from bot.adapters.web.operator import exposition
    from db.errors import StoreUnavailable

    service = await service_at(tmp_path / "e.db")

    async def broken(*_args, **_kw):
        raise RuntimeError("a fault of ours")

    monkeypatch.setattr(service.composer, "cmd_board", broken)
    with pytest.raises(RuntimeError):
        await service.handle(ALICE, "board")

    async def away(*_args, **_kw):
        raise StoreUnavailable("the server went")

    monkeypatch.setattr(service.composer, "cmd_board", away)
    with pytest.raises(StoreUnavailable):
        await service.handle(ALICE, "board")
    families = parse(exposition(fresh_metrics, None))
    assert families["isles_errors_total"].value(kind="RuntimeError") == 1
    assert families["isles_errors_total"].value(kind="database_away") == 1
    assert "isles_tables" not in families  # the store could not be counted: the family is left out


async def test_healthz_tells_the_gateway_the_store_the_lease_and_the_outbox(tmp_path):
    service = await service_at(tmp_path / "h.db")
    health = health_of(service)
    health.gateway = lambda: Gateway(shards_ready=2, shards=2, latency=0.0421, servers=17)
    await service.store.conn.execute("INSERT INTO leases (name, holder, expires_at) VALUES ('clocks', 'host:1:ab', 1e12)")
    server = await served(service)
    try:
        status, kind, text = await get(f"http://127.0.0.1:{server.port}/healthz")
    finally:
        await server.stop()
    body = json.loads(text)
    assert status == 200 and kind.startswith("application/json") and body["status"] == "ok"
    assert body["gateway"] == {"shards_ready": 2, "shards": 2, "servers": 17, "latency_ms": 42.1}
    assert body["store"] == {"reachable": True}
    assert body["clocks_lease"] == {"holder": "host:1:ab", "expired": False}
    assert body["outbox"] == {"waiting": 0, "oldest_seconds": None}


async def test_no_ready_shard_for_a_minute_is_503(tmp_path):
    service = await service_at(tmp_path / "g.db")
    now = [1000.0]
    health = health_of(service)
    health.clock = lambda: now[0]
    health.started = now[0]
    gone: list[float | None] = [None]
    ready = [1]
    health.gateway = lambda: Gateway(shards_ready=ready[0], shards=1, latency=None, servers=0,
                                     none_ready_since=gone[0])
    assert (await health.check()).healthy
    now[0] += 3600  # an hour without a check, then the shard goes: the minute counts from its going
    ready[0], gone[0] = 0, now[0]
    now[0] += GATEWAY_GRACE - 1  # a reconnect under way: still well
    assert (await health.check()).healthy
    now[0] += 2
    report = await health.check()
    assert not report.healthy and report.body["gateway"]["shards_ready"] == 0
    ready[0], gone[0] = 1, None
    assert (await health.check()).healthy


async def test_a_gateway_never_ready_is_503_a_minute_after_the_start(tmp_path):
    service = await service_at(tmp_path / "s.db")
    now = [1000.0]
    health = health_of(service)
    health.clock = lambda: now[0]
    health.started = now[0]
    health.gateway = lambda: Gateway(shards_ready=0, shards=1, latency=None, servers=0)
    now[0] += GATEWAY_GRACE - 1
    assert (await health.check()).healthy
    now[0] += 2
    assert not (await health.check()).healthy


async def test_the_outbox_waiting_and_its_oldest_age(tmp_path):
    from db.outbox import OutboxStore

    service = await service_at(tmp_path / "o.db")
    now = [5000.0]
    health = health_of(service)
    health.clock = lambda: now[0]
    await OutboxStore(service.store).insert(table_id=None, version=None, channel_id=9, body={"text": "hi"}, now=4000)
    await OutboxStore(service.store).insert(table_id=None, version=None, channel_id=9, body={"text": "hi"}, now=4900)
    report = await health.check()
    assert report.body["outbox"] == {"waiting": 2, "oldest_seconds": 1000}


@pytest.fixture
async def relayed_store():
    """A PostgreSQL store reached through a relay on 127.0.0.1 that the test cuts (the server
    stopped, as the store sees it: connections refused) and sets up again."""
    reason = await pg.unavailable()
    if reason:
        if pg.REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    dsn = await pg.create_database()
    parts = urlsplit(dsn)
    relay = Relay((parts.hostname, parts.port or 5432))
    await relay.start()
    user = f"{parts.username}@" if parts.username else ""
    store = await Store.open(urlunsplit((parts.scheme, f"{user}127.0.0.1:{relay.port}", parts.path, "", "")))
    try:
        yield store, relay
    finally:
        await store.close()
        await relay.cut()
        await pg.drop_database(dsn)


async def test_healthz_is_503_while_postgresql_is_away_and_200_once_it_is_back(relayed_store):
    store, relay = relayed_store
    service = TableService(store, draw_images=False)
    server = await served(service)
    url = f"http://127.0.0.1:{server.port}/healthz"
    try:
        status, _, text = await get(url)
        assert status == 200, text
        await relay.cut()
        status, _, text = await get(url)
        assert status == 503 and '"reachable": false' in text
        status, _, text = await get(f"http://127.0.0.1:{server.port}/metrics")
        assert status == 200 and "isles_tables" not in parse(text)  # the counters still read
        await relay.start()  # the server is back, on the same address
        status, _, text = await get(url)
        assert status == 200, text
    finally:
        await server.stop()


async def test_beside_the_pages_or_on_their_own_port(tmp_path):
    service = await service_at(tmp_path / "p.db")
    web = WebSettings("https://isles.example.org", "127.0.0.1", 0, "s")
    settings = Settings(token="t", db_path="p.db", dev_guild=None, log_level="INFO", web=web)
    beside = await beside_the_bot(service, settings)
    try:
        assert (await get(f"http://127.0.0.1:{beside.pages.port}/healthz"))[0] == 200
        assert (await get(f"http://127.0.0.1:{beside.pages.port}/metrics"))[0] == 200
    finally:
        await beside.stop()
    other = await service_at(tmp_path / "q.db")
    own = Settings(token="t", db_path="q.db", dev_guild=None, log_level="INFO", web=web,
                   health=HealthSettings("127.0.0.1", 0))
    beside = await beside_the_bot(other, own)
    try:
        assert (await get(f"http://127.0.0.1:{beside.operator.port}/healthz"))[0] == 200
        assert (await get(f"http://127.0.0.1:{beside.pages.port}/healthz"))[0] == 404  # not on the public pages
    finally:
        await beside.stop()
    alone = await service_at(tmp_path / "r.db")
    assert await beside_the_bot(alone, Settings(token="t", db_path="r.db", dev_guild=None, log_level="INFO")) is None


def test_the_health_port_and_the_support_link_are_checked(monkeypatch):
    from bot.settings import SettingError, health_settings, support_url

    for name in ("ISLES_HEALTH_HOST", "ISLES_HEALTH_PORT", "ISLES_SUPPORT_URL"):
        monkeypatch.delenv(name, raising=False)
    assert health_settings() is None and support_url() == ""
    monkeypatch.setenv("ISLES_HEALTH_PORT", "9108")
    assert health_settings() == HealthSettings("127.0.0.1", 9108)
    monkeypatch.setenv("ISLES_HEALTH_HOST", "0.0.0.0")
    assert health_settings() == HealthSettings("0.0.0.0", 9108)
    monkeypatch.setenv("ISLES_HEALTH_PORT", "ninety")
    with pytest.raises(SettingError, match="ISLES_HEALTH_PORT=ninety"):
        health_settings()
    monkeypatch.setenv("ISLES_SUPPORT_URL", "discord.gg/isles")
    with pytest.raises(SettingError, match="ISLES_SUPPORT_URL"):
        support_url()
    monkeypatch.setenv("ISLES_SUPPORT_URL", "https://discord.gg/isles")
    assert support_url() == "https://discord.gg/isles"

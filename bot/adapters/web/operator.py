"""What an operator's tools read over HTTP: GET /healthz (JSON; 503 when the store is away or no
gateway shard has been ready for a minute) and GET /metrics (Prometheus' text format, 0.0.4).

Served on the board pages' server when it runs, else on a small server of their own when
ISLES_HEALTH_PORT is set (docs/operations.md names every metric).
"""

from __future__ import annotations

import json
import logging
import math

from aiohttp import web

from bot.core.health import health_of
from bot.core.metrics import Metrics, metrics
from db.operations import OperationsStore

log = logging.getLogger(__name__)

TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8"  # verbatim: for the host's metrics


def routes(service) -> list[web.RouteDef]:
    """The two routes, on `service`'s health and this process's counters."""

    async def healthz(_request: web.Request) -> web.Response:
        report = await health_of(service).check()
        body = {"status": "ok" if report.healthy else "unwell", **report.body}
        return web.Response(text=json.dumps(body), status=200 if report.healthy else 503,
                            content_type="application/json", headers={"Cache-Control": "no-store"})

    async def metrics_text(_request: web.Request) -> web.Response:
        try:
            tables = await OperationsStore(service.store).tables_by_status()
        except Exception as error:  # noqa: BLE001 - the counters are still worth reading with the store away
            log.warning("the tables' counts are left out of /metrics: %r", error)
            tables = None
        return web.Response(body=exposition(metrics(), tables).encode(), headers={"Content-Type": TEXT_FORMAT,
                                                                                  "Cache-Control": "no-store"})

    return [web.get("/healthz", healthz), web.get("/metrics", metrics_text)]


def _number(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value)) if isinstance(value, float) else str(value)


def _label(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def exposition(counted: Metrics, tables: dict[str, int] | None) -> str:
    """The counters as Prometheus' text format: HELP and TYPE before each family's samples."""
    lines: list[str] = []

    def family(name: str, kind: str, about: str) -> None:
        lines.append(f"# HELP {name} {about}")
        lines.append(f"# TYPE {name} {kind}")

    family("isles_turns_answered_total", "counter", "Commands and buttons answered, by what was used.")  # verbatim: for the host's metrics
    for via in ("command", "button"):
        lines.append(f'isles_turns_answered_total{{via="{via}"}} {counted.answers[via]}')
    family("isles_answer_seconds", "histogram", "Seconds from a command or button to its answer.")  # verbatim: for the host's metrics
    for bound, count in counted.latency.cumulative():
        lines.append(f'isles_answer_seconds_bucket{{le="{_number(bound)}"}} {count}')
    lines.append(f"isles_answer_seconds_sum {_number(counted.latency.total)}")
    lines.append(f"isles_answer_seconds_count {sum(counted.latency.counts)}")
    family("isles_posts_sent_total", "counter", "Public posts delivered to their channels.")  # verbatim: for the host's metrics
    lines.append(f"isles_posts_sent_total {counted.posts_sent}")
    family("isles_posts_retried_total", "counter", "Public posts put back for another attempt.")  # verbatim: for the host's metrics
    lines.append(f"isles_posts_retried_total {counted.posts_retried}")
    family("isles_pictures_drawn_total", "counter", "Board and hand pictures drawn.")  # verbatim: for the host's metrics
    lines.append(f"isles_pictures_drawn_total {counted.pictures}")
    family("isles_errors_total", "counter", "Failures by kind (an exception's class, database_away, post_*).")  # verbatim: for the host's metrics
    for kind, count in sorted(counted.errors.items()):
        lines.append(f'isles_errors_total{{kind="{_label(kind)}"}} {count}')
    if tables is not None:
        family("isles_tables", "gauge", "Tables not yet over, by status (lobby, active).")  # verbatim: for the host's metrics
        for status, count in sorted(tables.items()):
            lines.append(f'isles_tables{{status="{_label(status)}"}} {count}')
    return "\n".join(lines) + "\n"


class OperatorServer:
    """/healthz and /metrics alone, for a bot that serves no board pages (or keeps them apart)."""

    def __init__(self, service, host: str, port: int):
        self.service, self.host, self.port = service, host, port
        self.runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.add_routes(routes(self.service))
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self.runner = runner
        self.port = runner.addresses[0][1]
        log.info("health and metrics served on http://%s:%s", self.host, self.port)

    async def stop(self) -> None:
        if self.runner is not None:
            runner, self.runner = self.runner, None
            await runner.cleanup()

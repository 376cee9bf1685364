"""Trust with two bot processes on one PostgreSQL database: is every saved move posted in its
channel, and is every answer about a move true?

    .venv/bin/python bench/trust.py [--kinds kill,terminate,outage] [--runs 2] [--seconds 120]
                                    [--tables 20] [--rate 3] [--code ROOT ...] [--logs DIR] [--keep]

Each run starts a new database, the fake Discord of two servers (tests/discord/sharded_fake.py, one
server per shard, `--tables` channels between them) and two bot processes, one shard each, run
from the code root `--code` (its .venv's Python when it has one): several roots, e.g. the code
before a change and after, are run in turn within each round, so that both meet the same load of
the machine. In every channel a table of Tally (trust_bot/tally.py, a game whose every move has a
text of its own) is opened by interactions: two people, or a person and a computer seat, or two
people and a computer seat. Then, for `--seconds`, a move is sent as an interaction at a steady
`--rate` to the next table whose turn is a person's and that awaits no answer, while one of:

- kill: every 10 s one process gets SIGKILL (the holder of the clocks or the other, drawn from
  the seed), 10 to 100 ms after the next move sent to it (while it plays that move), and is
  started again;
- terminate: every second or so every connection of the bot processes is ended by the server
  (pg_terminate_backend, from the bench's own connection);
- outage: the bot processes reach the server through a relay (tests/test_postgres_outage.py)
  that is cut for 25 s every 40 s or so, 10 to 100 ms after a move is sent.

Then the faults stop, every process is up again, and the outbox is given up to 150 s to post
what it owes. The audit (trust_audit.py) counts the saved moves and those posted, and sorts each
answer to a move by what it told the person, and whether that was true against the log.

Table i sits on server i % 2; the order in which tables take moves, the kills' targets and the
terminations' spacing come from `--seed`: two runs differ only by timing. The printout ends
with one column per kind of run and code root: median [lowest-highest] over the runs, with the
load average of the machine before and after each run. Each run's process logs, answers and
figures are kept in `--logs` (default /tmp/isles-trust/).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.trust_audit import Audit, Move, Sent, answer_of, audit  # noqa: E402
from bench.trust_discord import BenchDiscord, layout  # noqa: E402
from tests import pg  # noqa: E402
from tests.discord.harness import ALICE, BOB, MODERATOR, Person  # noqa: E402
from tests.discord.sharded_fake import shard_of  # noqa: E402
from tests.discord.test_two_processes import RENEW, TTL  # noqa: E402
from tests.test_postgres_outage import Relay  # noqa: E402

KINDS = ("kill", "terminate", "outage")
PROCESS_PATH = Path(__file__).resolve().parent / "trust_bot"
AUDIT_APP = "isles-trust-audit"  # the application name of the bench's own connections, never ended
SEATINGS = ((ALICE, BOB), (ALICE, None), (ALICE, BOB, None))  # table i seats SEATINGS[i % 3]; None: a computer
PEOPLE = {person.id: person for person in (ALICE, BOB)}
ANSWER_WAIT = 45.0  # seconds a table waits for the answer to its move before it takes the next
KILL_EVERY = 10.0
FAULT_AFTER = (0.01, 0.1)  # a kill or cut comes this long (drawn) after a move is sent (its answer takes 50-100 ms)
TERMINATE_EVERY = 1.0
CUT = 25.0
CUT_EVERY = 40.0  # about once this long, a cut of CUT seconds
SETTLE = 150.0  # at most this long for the outbox to post what it owes once the faults stop
UP_WAIT = 90.0  # at most this long for a process to connect its shard


@dataclass
class Table:
    guild: int
    channel: int
    players: tuple[Person | None, ...]
    id: int = 0
    seats: dict[int, int | None] = field(default_factory=dict)  # seat -> person, None for a computer
    busy: bool = False

    @property
    def shard(self) -> int:
        return shard_of(self.guild, 2)


class Bots:
    """The two bot processes of a run, one shard each, run from the code root under measure."""

    def __init__(self, code: Path, dsn: str, fake: BenchDiscord, logs: Path):
        self.code, self.dsn, self.fake, self.logs = code, dsn, fake, logs
        venv = code / ".venv" / "bin" / "python"
        self.python = str(venv) if venv.exists() else sys.executable
        self.processes: dict[int, subprocess.Popen] = {}
        self.started = {0: 0, 1: 0}
        self.gone: dict[int, object] = {0: None, 1: None}  # the socket of each shard's killed process
        self.killed: dict[int, asyncio.Event] = {}  # set when the shard's running process is killed

    def start(self, shard: int) -> None:
        self.started[shard] += 1
        log = self.logs / f"shard{shard}.{self.started[shard]}.log"
        env = {key: value for key, value in os.environ.items() if not key.startswith("ISLES_")}
        env.update({"ISLES_DB": self.dsn, "ISLES_SHARDS": "2", "ISLES_SHARD_IDS": str(shard),
                    "DISCORD_TOKEN": "test-token", "FAKE_DISCORD_PORT": str(self.fake.port),
                    "LEASE_TTL": str(TTL), "LEASE_RENEW": str(RENEW),
                    "PYTHONPATH": os.pathsep.join((str(self.code), str(PROCESS_PATH)))})
        with log.open("w") as out:
            self.processes[shard] = subprocess.Popen([self.python, "-m", "tally_process"], env=env, cwd=self.logs,
                                                     stdout=out, stderr=subprocess.STDOUT)
        self.killed[shard] = asyncio.Event()

    def up(self, shard: int) -> bool:
        return self.processes[shard].poll() is None and self.fake.up(shard, self.gone[shard])

    async def wait_up(self, shard: int) -> None:
        for _ in range(int(UP_WAIT * 10)):
            if self.up(shard):
                return
            if self.processes[shard].poll() is not None:
                raise RuntimeError(f"the process of shard {shard} ended: see {self.logs}")
            await asyncio.sleep(0.1)
        raise RuntimeError(f"shard {shard} did not connect within {UP_WAIT:.0f} s: see {self.logs}")

    async def kill(self, shard: int) -> None:
        self.gone[shard] = self.fake.sockets.get(shard)
        process = self.processes[shard]
        process.send_signal(signal.SIGKILL)
        await asyncio.to_thread(process.wait)
        self.killed[shard].set()

    def shard_of_pid(self, pid: int) -> int | None:
        return next((shard for shard, p in self.processes.items() if p.pid == pid), None)

    async def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                await asyncio.to_thread(process.wait, 20)
            except subprocess.TimeoutExpired:
                process.kill()


@dataclass
class Figures:
    """What one run measured, beyond the audit."""

    kills: list[str] = field(default_factory=list)  # "12s shard 0 (clocks)"
    terminated: int = 0
    cuts: int = 0
    idle_ticks: int = 0  # moments of the rate when no table could take a move
    stuck: int = 0  # tables left waiting on a computer seat that never moved
    owed: dict[str, int] = field(default_factory=dict)  # outbox rows still draft or pending after the settling
    logged_errors: int = 0
    problems: int = 0  # what the fake Discord found against its limits
    load: tuple[float, float] = (0.0, 0.0)
    answer_times: list[float] = field(default_factory=list)  # seconds from a move sent to its answer
    seconds: float = 0.0


class Run:
    def __init__(self, kind: str, code: Path, args: argparse.Namespace, logs: Path):
        self.kind, self.code, self.args, self.logs = kind, code, args, logs
        self.figures = Figures()
        self.sent: list[Sent] = []
        # set as a move is sent to the shard (None: to either)
        self.dispatched: dict[int | None, asyncio.Event] = {0: asyncio.Event(), 1: asyncio.Event(),
                                                            None: asyncio.Event()}
        self.tag = 0

    async def __call__(self) -> tuple[Audit, Figures]:
        began, load = time.monotonic(), os.getloadavg()[0]
        self.logs.mkdir(parents=True, exist_ok=True)
        database = await pg.create_database()
        relay = None
        dsn = database
        if self.kind == "outage":
            parts = urlsplit(database)
            relay = Relay((parts.hostname, parts.port or 5432))
            await relay.start()
            user = f"{parts.username}@" if parts.username else ""
            dsn = urlunsplit((parts.scheme, f"{user}127.0.0.1:{relay.port}", parts.path, "", ""))
        self.tables = [Table(guild, channel, SEATINGS[i % len(SEATINGS)])
                       for i, (guild, channel) in enumerate(layout(self.args.tables))]
        fake = self.fake = BenchDiscord([(t.guild, t.channel) for t in self.tables])
        await fake.start()
        self.reader = await asyncpg.create_pool(database, min_size=1, max_size=3,
                                                server_settings={"application_name": AUDIT_APP})
        bots = self.bots = Bots(self.code, dsn, fake, self.logs)
        try:
            for shard in (0, 1):
                bots.start(shard)
            for shard in (0, 1):
                await bots.wait_up(shard)
            await self.open_tables()
            await self.play(database, relay)
            for shard in (0, 1):
                if bots.processes[shard].poll() is not None:
                    bots.start(shard)
                await bots.wait_up(shard)
            self.figures.owed = await self.settle()
            result = await self.audit()
        finally:
            await bots.stop()
            await fake.stop()
            await self.reader.close()
            if relay is not None:
                await relay.cut()
            if not self.args.keep:
                await pg.drop_database(database)
        self.figures.logged_errors = sum(len(re.findall(r" ERROR ", path.read_text(errors="replace")))
                                         for path in self.logs.glob("shard*.log"))
        self.figures.problems = len(fake.problems)
        self.figures.load = (load, os.getloadavg()[0])
        self.figures.seconds = time.monotonic() - began
        self.keep(result)
        return result, self.figures

    # -- the tables --------------------------------------------------------------------
    async def ask(self, person: Person, command: str, channel: int, options: dict[str, str] | None = None) -> None:
        token, delivered = await self.fake.interact(person, command, options or {}, channel)
        if not delivered:
            raise RuntimeError(f"/{command} in {channel} reached no bot process")
        await asyncio.wait_for(self.fake.answer_event(token).wait(), 60)

    async def open_tables(self) -> None:
        for guild in {t.guild: t.channel for t in self.tables}.items():
            await self.ask(MODERATOR, "threads", guild[1], {"enabled": "off"})  # tables in the channels
        gate = asyncio.Semaphore(4)

        async def one(table: Table) -> None:
            async with gate:
                await self.ask(ALICE, "open", table.channel, {"game": "tally"})
                for person in table.players[1:]:
                    await self.ask(person or ALICE, "join" if person else "addai", table.channel)
                await self.ask(ALICE, "start", table.channel)
            row = await self.reader.fetchrow("SELECT id FROM tables WHERE channel_id = $1 AND status = 'active'",
                                             table.channel)
            if row is None:
                raise RuntimeError(f"the table of channel {table.channel} did not start: see {self.logs}")
            table.id = row["id"]
            seats = await self.reader.fetch("SELECT seat, user_id FROM seats WHERE table_id = $1", table.id)
            table.seats = {r["seat"]: r["user_id"] for r in seats}

        await asyncio.gather(*(one(t) for t in self.tables))

    async def turn_of(self, table: Table) -> Person | None:
        """The person whose turn it is at the table, None when it waits on a computer seat."""
        state = await self.reader.fetchval("SELECT state FROM tables WHERE id = $1", table.id)
        user = table.seats[json.loads(state)["state"]["turn"]]
        return PEOPLE.get(user) if user is not None else None

    # -- the moves and the faults ------------------------------------------------------
    async def play(self, database: str, relay: Relay | None) -> None:
        loop = asyncio.get_running_loop()
        self.begin = loop.time()
        faults = {"kill": self.kills, "terminate": lambda: self.terminations(database),
                  "outage": lambda: self.outages(relay)}[self.kind]
        fault = asyncio.create_task(faults())
        rng = random.Random(self.args.seed)
        order = list(range(len(self.tables)))
        rng.shuffle(order)
        cursor, tick, moves = 0, 0, set()
        while (at := self.begin + tick / self.args.rate) < self.begin + self.args.seconds:
            await asyncio.sleep(max(0.0, at - loop.time()))
            tick += 1
            for step in range(len(order)):
                table = self.tables[order[(cursor + step) % len(order)]]
                if table.busy or not self.bots.up(table.shard):
                    continue
                person = await self.turn_of(table)
                if person is None:
                    continue
                cursor = (cursor + step + 1) % len(order)
                table.busy = True
                self.tag += 1
                task = asyncio.create_task(self.move(table, person, f"mark {self.tag}"))
                moves.add(task)
                task.add_done_callback(moves.discard)
                break
            else:
                self.figures.idle_ticks += 1
        fault.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await fault
        if relay is not None and relay.server is not None and not relay.server.is_serving():
            await relay.start()
        await asyncio.gather(*moves)

    async def move(self, table: Table, person: Person, text: str) -> None:
        try:
            killed = self.bots.killed[table.shard]
            token, delivered = await self.fake.interact(person, "move", {"move": text}, table.channel)
            self.sent.append(Sent(table.channel, text, token if delivered else ""))
            self.dispatched[table.shard].set()
            self.dispatched[None].set()
            if not delivered:
                return
            began = time.monotonic()
            answer = asyncio.create_task(self.fake.answer_event(token).wait())
            death = asyncio.create_task(killed.wait())
            await asyncio.wait({answer, death}, timeout=ANSWER_WAIT, return_when=asyncio.FIRST_COMPLETED)
            if answer.done():
                self.figures.answer_times.append(time.monotonic() - began)
            answer.cancel()
            death.cancel()
        finally:
            table.busy = False

    async def until(self, offset: float) -> None:
        await asyncio.sleep(max(0.0, self.begin + offset - asyncio.get_running_loop().time()))

    async def kills(self) -> None:
        rng = random.Random(self.args.seed + 1)
        at = KILL_EVERY
        while at < self.args.seconds:
            await self.until(at)
            holder = await self.holder()
            if holder is None:
                shard, which = rng.randrange(2), "no holder"
            else:
                clocks = rng.random() < 0.5
                shard, which = (holder, "clocks") if clocks else (1 - holder, "not clocks")
            await self.during_a_move(shard, rng)
            await self.bots.kill(shard)
            self.figures.kills.append(f"{at:.0f}s shard {shard} ({which})")
            self.bots.start(shard)
            at += KILL_EVERY

    async def during_a_move(self, shard: int | None, rng: random.Random) -> None:
        """Return while a move is under way in the shard's process (None: in either): FAULT_AFTER
        (drawn) after the next move sent there, or after 5 s without one."""
        self.dispatched[shard] = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.dispatched[shard].wait(), 5.0)
        await asyncio.sleep(rng.uniform(*FAULT_AFTER))

    async def holder(self) -> int | None:
        """The shard of the process holding the clocks' lease, if any."""
        holder = await self.reader.fetchval(
            "SELECT holder FROM leases WHERE name = 'clocks' AND expires_at > extract(epoch FROM now())")
        return self.bots.shard_of_pid(int(holder.split(":")[1])) if holder else None

    async def terminations(self, database: str) -> None:
        rng = random.Random(self.args.seed + 2)
        name = urlsplit(database).path.lstrip("/")
        admin = await asyncpg.connect(database, server_settings={"application_name": AUDIT_APP})
        try:
            while True:
                await asyncio.sleep(TERMINATE_EVERY * rng.uniform(0.6, 1.4))
                self.figures.terminated += await admin.fetchval(
                    "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = $1 AND pid <> pg_backend_pid() AND application_name <> $2", name, AUDIT_APP)
        finally:
            await admin.close()

    async def outages(self, relay: Relay) -> None:
        rng = random.Random(self.args.seed + 3)
        cuts = max(1, int(self.args.seconds // CUT_EVERY))
        period = self.args.seconds / cuts
        for k in range(cuts):
            await self.until(k * period + max(0.0, (period - CUT) / 2))
            await self.during_a_move(None, rng)
            await relay.cut()
            self.figures.cuts += 1
            try:
                await asyncio.sleep(CUT)
            finally:
                await relay.start()

    # -- the audit ---------------------------------------------------------------------
    async def settle(self) -> dict[str, int]:
        """Wait until the outbox owes no post (no draft, nothing pending); what it still owes."""
        owed: dict[str, int] = {}
        for _ in range(int(SETTLE / 2)):
            rows = await self.reader.fetch("SELECT state, count(*) AS n FROM outbox "
                                           "WHERE state IN ('draft', 'pending') GROUP BY state")
            owed = {r["state"]: r["n"] for r in rows}
            if not owed:
                break
            await asyncio.sleep(2)
        return owed

    async def audit(self) -> Audit:
        rows = await self.reader.fetch(
            "SELECT t.channel_id, m.n, m.move, m.user_id FROM moves m JOIN tables t ON t.id = m.table_id "
            "WHERE m.taken_back = 0 ORDER BY t.channel_id, m.n")
        moves = [Move(r["channel_id"], r["n"], r["move"], r["user_id"] is not None) for r in rows]
        for table in self.tables:
            if await self.turn_of(table) is None:
                self.figures.stuck += 1
        posts = {t.channel: self.fake.posts_in(t.channel) for t in self.tables}
        return audit(moves, posts, self.sent, self.fake.said)

    def keep(self, result: Audit) -> None:
        """The run's figures, its untold moves and untrue answers, and every answer, beside the logs."""
        record = {
            "kind": self.kind, "code": str(self.code), "figures": result.figures(),
            "run": {k: v for k, v in vars(self.figures).items() if k != "answer_times"},
            "not posted": [vars(m) for m in result.not_posted],
            "untrue": result.untrue, "other texts": result.others,
            "answers": [{"channel": s.channel, "move": s.text, "token": s.token,
                         "answer": answer_of(self.fake.said.get(s.token, ()))} for s in self.sent],
        }
        (self.logs / "run.json").write_text(json.dumps(record, indent=1, default=str))


# -- the printout --------------------------------------------------------------------
def label(code: Path) -> str:
    try:
        commit = subprocess.run(["git", "-C", str(code), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "?"
    return f"{code.name}@{commit}"


def number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def spread(values: list[float]) -> str:
    low, high = min(values), max(values)
    middle = number(statistics.median(values))
    return middle if low == high else f"{middle} [{number(low)}-{number(high)}]"


def median_ms(times: list[float], q: float = 0.5) -> str:
    return f"{1000 * sorted(times)[int(q * (len(times) - 1))]:.0f}" if times else "-"


def one_run(kind: str, code: str, result: Audit, figures: Figures) -> str:
    counts = result.figures()
    lines = [f"{kind} · {code}: {figures.seconds:.0f} s, load {figures.load[0]:.2f} -> {figures.load[1]:.2f}",
             "  " + ", ".join(f"{name.strip()} {value}" for name, value in counts.items() if value),
             f"  faults: {len(figures.kills)} kills, {figures.terminated} connections ended, {figures.cuts} cuts; "
             f"idle ticks {figures.idle_ticks}, tables stuck on a computer {figures.stuck}, "
             f"outbox owed {figures.owed or 0}, errors logged {figures.logged_errors}, limits {figures.problems}",
             f"  answer time: median {median_ms(figures.answer_times)} ms, "
             f"p90 {median_ms(figures.answer_times, 0.9)} ms"]
    lines += [f"  NOT POSTED: channel {m.channel} move {m.n} `{m.text}`" for m in result.not_posted[:10]]
    lines += [f"  UNTRUE: `{text}` answered {kind_}: {said[:160]!r}" for text, kind_, said in result.untrue[:10]]
    lines += [f"  OTHER ANSWER: {said[:160]!r}" for said in sorted(set(result.others))[:5]]
    return "\n".join(lines)


def table(columns: dict[str, list[tuple[Audit, Figures]]]) -> str:
    names = list(next(iter(columns.values()))[0][0].figures())
    rows = [("", *columns)]
    for name in names:
        rows.append((name, *(spread([a.figures()[name] for a, _ in runs]) for runs in columns.values())))
    extra = {"tables stuck on a computer": lambda f: f.stuck, "errors logged": lambda f: f.logged_errors,
             "load before": lambda f: round(f.load[0], 1), "load after": lambda f: round(f.load[1], 1)}
    for name, of in extra.items():
        rows.append((name, *(spread([of(f) for _, f in runs]) for runs in columns.values())))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows)


async def main(args: argparse.Namespace) -> None:
    codes = [Path(c).resolve() for c in (args.code or [ROOT])]
    kinds = [k.strip() for k in args.kinds.split(",")]
    for kind in kinds:
        if kind not in KINDS:
            raise SystemExit(f"--kinds: {kind} is not one of {', '.join(KINDS)}")
    reason = await pg.unavailable()
    if reason:
        raise SystemExit(reason)
    columns: dict[str, list[tuple[Audit, Figures]]] = {}
    stamp = time.strftime("%Y%m%d-%H%M%S")
    names = {code: label(code) for code in codes}  # as the runs began
    for round_ in range(1, args.runs + 1):
        for kind in kinds:
            for code in codes:
                name = names[code]
                logs = Path(args.logs) / stamp / f"{kind}-{code.name}-{round_}"
                result, figures = await Run(kind, code, args, logs)()
                print(one_run(kind, name, result, figures) + f"\n  logs: {logs}", flush=True)
                columns.setdefault(f"{kind} {name}", []).append((result, figures))
    print(f"\nmedian [lowest-highest] over {args.runs} run(s) of {args.seconds:.0f} s, {args.tables} tables, "
          f"{args.rate} moves/s:")
    print(table(columns))


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default=",".join(KINDS), help="the runs, of kill, terminate, outage")
    parser.add_argument("--runs", type=int, default=2, help="rounds of every kind and code root")
    parser.add_argument("--seconds", type=float, default=120.0, help="how long moves are sent, faults made")
    parser.add_argument("--tables", type=int, default=20, help="tables, one per channel, over two servers")
    parser.add_argument("--rate", type=float, default=3.0, help="moves sent per second, in all")
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--code", action="append", help="a code root to run the bot processes from "
                        "(repeat to compare; default this one)")
    parser.add_argument("--logs", default="/tmp/isles-trust", help="where each run's logs and figures are kept")
    parser.add_argument("--keep", action="store_true", help="keep each run's database (to read its outbox)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))

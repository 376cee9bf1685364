"""Two bot processes, one shard each, on one PostgreSQL database and a fake Discord of two
servers (one per shard): moves are played in both servers, the clocks run in one process only
(each reminder and each deadline happens once), the holder is killed with SIGKILL and the other
takes the clocks over once the lease runs out; no acknowledged move, reminder or post is
lost or doubled."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from db.store import Store
from db.timing import TimingSettings, TimingStore
from tests.discord.harness import ALICE, BOB
from tests.discord.sharded_fake import CHANNELS, GUILDS, ShardedFakeDiscord

ROOT = Path(__file__).resolve().parents[2]
TTL, RENEW = 3.0, 1.0  # the lease's takeover time in this test: TTL after the last renewal
DEADLINE, REMINDER = 10, 5  # seconds: a turn's deadline, and its reminder this long before it



def start_process(shard: int, dsn: str, port: int, log: Path) -> subprocess.Popen:
    env = {**os.environ, "ISLES_DB": dsn, "ISLES_SHARDS": "2", "ISLES_SHARD_IDS": str(shard),
           "DISCORD_TOKEN": "test-token", "FAKE_DISCORD_PORT": str(port), "LEASE_TTL": str(TTL),
           "LEASE_RENEW": str(RENEW), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tests.discord.shard_process"], env=env, cwd=log.parent,
                            stdout=log.open("w"), stderr=subprocess.STDOUT)


def posts(fake: ShardedFakeDiscord, channel: int, pattern: str) -> list[dict]:
    """Distinct posts (by nonce: Discord shows a retried nonce once) in a channel matching `pattern`."""
    seen: dict[str, dict] = {}
    for r in fake.find("POST", rf"/channels/{channel}/messages"):
        body = r.body or {}
        if re.search(pattern, body.get("content") or ""):
            seen.setdefault(str(body.get("nonce") or id(r)), body)
    return list(seen.values())


async def answered(fake: ShardedFakeDiscord, payload: dict) -> None:
    path = rf"/interactions/{payload['id']}/{payload['token']}/callback"
    await fake.wait_until(lambda: fake.find("POST", path), timeout=30)


async def until(check, timeout: float = 30.0):
    """Poll the database until `check()` (a coroutine function) is truthy."""
    for _ in range(int(timeout * 20)):
        if found := await check():
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("not reached in time")


async def _seated(store: Store, table_id: int, n: int) -> bool:
    return len(await store.seats(table_id)) == n


async def _active(store: Store, table_id: int) -> bool:
    return (await store.table(table_id)).status == "active"


async def _holds(store: Store, pid: int) -> bool:
    return await holder_pid(store) == pid


async def holder_pid(store: Store) -> int | None:
    async with store.conn.execute("SELECT holder FROM leases WHERE name = 'clocks'") as cur:
        row = await cur.fetchone()
    return int(row[0].split(":")[1]) if row else None


@pytest.mark.slow
async def test_two_processes_share_the_database_and_the_clocks_survive_a_killed_holder(database, sticks, tmp_path):
    store = await Store.open(database)
    for guild in GUILDS:
        await store.set_guild_threads(guild, False)  # tables in the channel itself
    fake = ShardedFakeDiscord(2)
    await fake.start()
    processes = {shard: start_process(shard, database, fake.port, tmp_path / f"shard{shard}.log")
                 for shard in (0, 1)}
    try:
        await fake.wait_until(lambda: sorted(fake.identified) == [0, 1], timeout=60)
        assert fake.problems == []
        # a table in each server, each on its own shard and so in its own process
        tables = {}
        for guild in GUILDS:
            channel = CHANNELS[guild]
            await answered(fake, await fake.command(ALICE, "open", {"game": "sticks", "options": "sticks=30"},
                                                    channel=channel))
            table = await until(lambda channel=channel: store.open_table(channel))
            assert table.guild_id == guild
            await TimingStore.of(store).set_settings(table.id, TimingSettings(DEADLINE, REMINDER))
            await answered(fake, await fake.command(BOB, "join", channel=channel))
            await until(lambda table=table: _seated(store, table.id, 2))
            await answered(fake, await fake.command(ALICE, "start", channel=channel))
            await until(lambda table=table: _active(store, table.id))
            tables[guild] = table.id
        # a move by a person in each server, acknowledged
        acknowledged = {}
        for guild in GUILDS:
            row = await store.table(tables[guild])
            seats = {s.seat: s.user_id for s in await store.seats(row.id)}
            person = ALICE if seats[row.state["state"]["turn"]] == ALICE.id else BOB
            payload = await fake.command(person, "move", {"move": "take 1"}, channel=CHANNELS[guild])
            await answered(fake, payload)
            await until(lambda row=row: store.moves(row.id))
            acknowledged[guild] = [m.move for m in await store.moves(row.id)]
            assert acknowledged[guild] == ["take 1"]
        # the clocks run in one process: each table's reminder and deadline, once
        first_holder = await holder_pid(store)
        assert first_holder in {p.pid for p in processes.values()}

        def deadlines_passed(n: int) -> bool:
            return all(len(posts(fake, CHANNELS[g], "let the turn deadline pass")) >= n for g in GUILDS)

        await fake.wait_until(lambda: deadlines_passed(1), timeout=DEADLINE + 50)
        for guild in GUILDS:
            assert len(posts(fake, CHANNELS[guild], r"^Reminder: ")) == 1
        # the holder dies without a word; the other process takes the clocks over
        killed = next(shard for shard, p in processes.items() if p.pid == first_holder)
        processes[killed].send_signal(signal.SIGKILL)
        processes[killed].wait(60)
        survivor = processes[1 - killed]
        # after the takeover time (TTL), as soon as the survivor renews: waited for generously, as a
        # busy machine renews late
        assert await until(lambda: _holds(store, survivor.pid), timeout=60)
        # the next turn's reminder and deadline, in both servers, now from the survivor
        await fake.wait_until(lambda: deadlines_passed(2), timeout=DEADLINE + 50)
        for guild in GUILDS:
            channel = CHANNELS[guild]
            assert len(posts(fake, channel, r"^Reminder: ")) == 2  # neither lost nor doubled
            assert len(posts(fake, channel, "let the turn deadline pass")) == 2
            assert len(posts(fake, channel, r"^\w+: `take 1`")) == 1  # the person's move, posted once
            moves = await store.moves(tables[guild])
            assert [m.move for m in moves][:1] == acknowledged[guild]  # the person's move kept
            assert [m.user_id for m in moves[1:]] == [None, None]  # then one computer move per deadline, no more
        assert fake.problems == []
    finally:
        for p in processes.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in processes.values():
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
        await fake.stop()
        await store.close()

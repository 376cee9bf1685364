"""The clocks run in one process at a time: two processes sharing the database never both hold
the lease; a lease not renewed is taken over once it has expired; a lease given back is taken
at once. Also the shard settings several processes split."""

from __future__ import annotations

import pytest

from bot.lease import LeasedWork
from bot.settings import SettingError, Settings, parse_shard_ids
from tests.helpers import open_store


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def two_processes(tmp_path):
    """Two connections to one database (a SQLite file or a PostgreSQL database), as two bot processes have."""
    return [await open_store(tmp_path / "shared.db") for _ in range(2)]


async def test_one_holder_at_a_time_and_a_takeover_after_expiry(tmp_path, store_kind):
    clock = Clock()
    log: list[str] = []

    def work(name: str) -> LeasedWork:
        async def start() -> None:
            log.append(f"{name} starts")

        async def stop() -> None:
            log.append(f"{name} stops")

        return LeasedWork(stores[names.index(name)], start, stop, holder=name, ttl=30, renew=10, clock=clock)

    names = ["a", "b"]
    stores = await two_processes(tmp_path)
    a, b = work("a"), work("b")
    assert await a.step() and not await b.step()
    clock.now += 20
    assert await a.step() and not await b.step()  # renewed in time: still a's
    clock.now += 29
    assert not await b.step()  # a's renewal holds until 30 s after it
    clock.now += 2  # a stalled (killed): its lease expired
    assert await b.step()
    assert not await a.step()  # a comes back: it lost the lease and stops its work
    assert log == ["a starts", "b starts", "a stops"]
    await b.close()  # a clean stop gives the lease back: a takes it at once
    assert await a.step()
    assert log[-2:] == ["b stops", "a starts"]


async def test_identify_is_spaced_per_bucket_across_processes(tmp_path, store_kind):
    from bot.lease import IDENTIFY_SPACING, IdentifyGate

    clock = Clock()
    slept: list[tuple[str, int, float]] = []
    stores = await two_processes(tmp_path)

    def gate(name: str, store) -> IdentifyGate:
        async def two() -> int:
            return 2  # max_concurrency: shards 0 and 2 share a bucket, 1 and 3 the other

        async def sleep(seconds: float) -> None:
            slept.append((name, shard, seconds))

        return IdentifyGate(store, two, clock=clock, sleep=sleep)

    a, b = gate("a", stores[0]), gate("b", stores[1])
    moments = {}
    for process, shard in ((a, 0), (b, 1), (b, 2), (a, 3)):
        moments[shard] = await process.wait(shard)
    start = clock.now
    assert moments == {0: start, 1: start, 2: start + IDENTIFY_SPACING, 3: start + IDENTIFY_SPACING}
    assert slept == [("b", 2, IDENTIFY_SPACING), ("a", 3, IDENTIFY_SPACING)]  # each second of a bucket waits
    clock.now += 60  # long after: no wait
    assert await a.wait(0) == clock.now and len(slept) == 2


def test_shard_settings(monkeypatch):
    assert parse_shard_ids("0-2, 5") == (0, 1, 2, 5)
    assert parse_shard_ids("") is None
    with pytest.raises(ValueError):
        parse_shard_ids("two")
    monkeypatch.setenv("ISLES_SHARDS", "8")
    monkeypatch.setenv("ISLES_SHARD_IDS", "4-7")
    settings = Settings.from_env(env_file=None)
    assert settings.shards == 8 and settings.shard_ids == (4, 5, 6, 7)
    monkeypatch.setenv("ISLES_SHARD_IDS", "8")  # shards are numbered from 0: 8 of 8 does not exist
    with pytest.raises(SettingError, match="ISLES_SHARD_IDS"):
        Settings.from_env(env_file=None)
    monkeypatch.setenv("ISLES_SHARDS", "four")
    with pytest.raises(SettingError, match="ISLES_SHARDS"):
        Settings.from_env(env_file=None)


async def test_the_client_runs_the_shards_it_is_given_and_judges_only_their_servers(tmp_path, store_kind):
    import discord

    from bot.adapters.discord.client import create_bot
    from bot.adapters.discord.places import owns
    from bot.core.service import TableService

    store = await open_store(tmp_path / "t.db")
    settings = Settings("token", str(tmp_path / "t.db"), None, "INFO", shards=4, shard_ids=(1, 3))
    client = create_bot(TableService(store), settings)
    assert isinstance(client, discord.AutoShardedClient)
    assert client.shard_count == 4 and client.shard_ids == [1, 3]
    on_shard = {shard: (1000 << 22) * 4 + (shard << 22) for shard in range(4)}  # a server id on each shard
    assert [owns(client, on_shard[shard]) for shard in range(4)] == [False, True, False, True]

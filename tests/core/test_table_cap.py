"""One member may sit at so many open tables of a server (lobbies and running games together): past
that, /open, /join and /rematch answer in one line and change nothing."""

import pytest

from bot.features.rematch import Rematch
from tests.helpers import service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")

CAP = 2


async def capped(tmp_path):
    service = await service_at(tmp_path / "t.db")
    service.tables_per_member = CAP
    service.extend(Rematch(service))
    return service


def alice(channel: int):
    return who("Alice", 1, channel=channel)


def bob(channel: int):
    return who("Bob", 2, channel=channel)


async def finished(service, channel: int) -> None:
    """A game of sticks at `channel` between Alice and Bob, played to its end."""
    assert (await service.handle(alice(channel), "open", {"game": "sticks", "options": "sticks=3 most=3"})).ok
    assert (await service.handle(bob(channel), "join")).ok
    assert (await service.handle(alice(channel), "start")).ok
    for person in (alice(channel), bob(channel)):
        if (await service.handle(person, "move", {"move": "take 3"})).ok:
            break
    assert (await service.store.latest_table(channel)).status == "finished"


async def test_past_the_cap_open_join_and_rematch_say_so_in_one_line(tmp_path, sticks):
    service = await capped(tmp_path)
    await finished(service, 300)  # over: it no longer counts
    assert (await service.handle(alice(301), "open", {"game": "sticks"})).ok  # a lobby counts
    assert (await service.handle(alice(302), "open", {"game": "sticks"})).ok
    assert (await service.handle(bob(302), "join")).ok
    assert (await service.handle(alice(302), "start")).ok  # a running game counts
    refused = await service.handle(alice(303), "open", {"game": "sticks"})
    assert not refused.ok and "You already sit at 2 open tables in this server" in refused.private
    assert "\n" not in refused.private
    assert await service.store.open_table(303) is None
    assert await service.open_problem(alice(303), {"game": "sticks"}) == refused.private  # before a thread is made
    assert (await service.handle(bob(304), "open", {"game": "sticks"})).ok
    joined = await service.handle(alice(304), "join")
    assert not joined.ok and "You already sit at 2 open tables" in joined.private
    seats = await service.store.seats((await service.store.open_table(304)).id)
    assert [s.user_id for s in seats] == [2]
    again = await service.handle(alice(300), "rematch")
    assert not again.ok and "You already sit at 2 open tables" in again.private
    assert (await service.store.latest_table(300)).status == "finished"
    # another server is counted apart, and a table given up makes room
    assert (await service.handle(who("Alice", 1, channel=305, guild=7), "open", {"game": "sticks"})).ok
    assert (await service.handle(alice(301), "cancel")).ok
    assert (await service.handle(alice(304), "join")).ok
    await service.store.close()


async def test_no_cap_when_it_is_0(tmp_path, sticks):
    service = await capped(tmp_path)
    service.tables_per_member = 0
    for channel in range(310, 310 + CAP + 2):
        assert (await service.handle(alice(channel), "open", {"game": "sticks"})).ok
    await service.store.close()


def test_the_cap_is_a_setting_checked_at_start(monkeypatch):
    from bot.settings import SettingError, Settings

    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.delenv("ISLES_TABLES_PER_MEMBER", raising=False)
    assert Settings.from_env(env_file=None).tables_per_member == 30
    monkeypatch.setenv("ISLES_TABLES_PER_MEMBER", "0")
    assert Settings.from_env(env_file=None).tables_per_member == 0
    monkeypatch.setenv("ISLES_TABLES_PER_MEMBER", "lots")
    with pytest.raises(SettingError, match="ISLES_TABLES_PER_MEMBER=lots is not a whole number"):
        Settings.from_env(env_file=None)

"""/settings in the Discord adapter, on SQLite and PostgreSQL (real discord.py objects, Discord's
channel and role pickers as Discord sends them, captured HTTP, every payload within Discord's
limits): the defaults /open gives a table, /open refused outside the listed channels, the role
pinged once with allowed_mentions naming that role alone, results posted in the results channel
(and a results channel that is gone or refuses breaks nothing), members who may not manage the
server refused."""

from __future__ import annotations

import pytest

from bot.adapters.discord.client import command_payload
from bot.core.service import TableService
from bot.features.settings import ServerSettingsFeature
from bot.features.timing import Timing
from tests.discord.conftest import harness_for
from tests.discord.harness import ALICE, BOB, CHANNEL, GUILD, MODERATOR, Exchange, thread_object
from tests.discord.test_flow import one_public, only_private
from tests.features.test_timing import TravelClock, rounds  # noqa: F401 (a fixture)
from tests.helpers import open_store

pytestmark = pytest.mark.usefixtures("store_kind", "rounds")

LOBBY = 333_000_000_000_000_001  # a channel tables may open in
RESULTS = 444_000_000_000_000_001
ROLE = 555_000_000_000_000_001
CHANNEL_OPTIONS = ("open_in_add", "open_in_remove", "results")


@pytest.fixture
async def bot(sticks, monkeypatch, tmp_path):
    store = await open_store(tmp_path / "t.db")  # closed by store_kind
    service = TableService(store, draw_images=False, clock=TravelClock())
    feature = ServerSettingsFeature(service)
    for extension in (Timing(service), feature):
        service.extend(extension)
    async with harness_for(service, monkeypatch, tmp_path / "t.db") as harness:
        harness.settings = feature
        harness.client.poster.delays = (0.05,)
        yield harness


async def settings(bot, person, options: dict[str, object] | None = None) -> Exchange:
    """/settings as Discord sends it: a picked channel is an option of type 7 and a picked role one
    of type 8, each with its object in `resolved`."""
    payload = bot.command_payload(person, "settings", {})
    given, resolved = [], {"channels": {}, "roles": {}}
    for name, value in (options or {}).items():
        if name in CHANNEL_OPTIONS:
            given.append({"type": 7, "name": name, "value": str(value)})
            resolved["channels"][str(value)] = {"id": str(value), "type": 0, "name": f"room-{value}",
                                                "permissions": "0", "guild_id": str(GUILD)}
        elif name == "seek_role":
            given.append({"type": 8, "name": name, "value": str(value)})
            resolved["roles"][str(value)] = {"id": str(value), "name": "players", "permissions": "0", "position": 1,
                                             "color": 0, "hoist": False, "managed": False, "mentionable": True}
        else:
            given.append({"type": 3, "name": name, "value": value})
    payload["data"]["options"] = given
    payload["data"]["resolved"] = resolved
    return await bot.feed(payload)


async def test_the_command_asks_for_manage_server_and_offers_discords_pickers(bot):
    spec, = [c for c in command_payload(bot.client.tree) if c["name"] == "settings"]
    assert int(spec["default_member_permissions"]) == 32  # Manage Server
    kinds = {option["name"]: option["type"] for option in spec["options"]}
    assert kinds["results"] == kinds["open_in_add"] == kinds["open_in_remove"] == 7
    assert kinds["seek_role"] == 8 and kinds["deadline"] == 3
    assert {option["name"]: option.get("channel_types") for option in spec["options"]}["results"] == [0, 5]
    for person, options in ((ALICE, None), (BOB, {"deadline": "2d"}), (ALICE, {"seek_role": ROLE})):
        assert "manage this server" in only_private(await settings(bot, person, options))
    assert "pings nobody" in only_private(await settings(bot, MODERATOR))


async def test_the_servers_default_deadline_is_the_one_open_gives_a_table(bot):
    saved = only_private(await settings(bot, MODERATOR, {"deadline": "2d", "reminder": "6h"}))
    assert "Turn deadline 2 days, a reminder 6 hours before it" in saved
    opened = one_public(await bot.command(ALICE, "open", {"game": "rounds"}))
    assert "Turn deadline 2 days, a reminder 6 hours before it" in opened.content
    refused = only_private(await settings(bot, MODERATOR, {"deadline": "5m", "results": RESULTS}))
    assert "between 10 minutes and 14 days" in refused
    shown = only_private(await settings(bot, MODERATOR))
    assert "Turn deadline 2 days" in shown and "posted at their table only" in shown


async def test_open_outside_the_listed_channels_is_refused_and_says_where_tables_open(bot):
    assert f"<#{LOBBY}>" in only_private(await settings(bot, MODERATOR, {"open_in_add": LOBBY}))
    refused = await bot.command(ALICE, "open", {"game": "rounds"}, channel=CHANNEL)
    assert f"<#{LOBBY}>" in only_private(refused)
    assert not refused.rest("POST", r"/channels/\d+/threads$")  # no thread made for it
    assert await bot.table(CHANNEL) is None
    opened = await bot.command(ALICE, "open", {"game": "rounds"}, channel=LOBBY)
    assert opened.rest("POST", rf"/channels/{LOBBY}/threads$")  # in its own thread, as before
    thread = list(bot.threads)[-1]
    assert (await bot.table(thread)) is not None
    one_public(await bot.command(BOB, "join", channel=thread))


async def test_open_typed_in_a_thread_goes_by_the_threads_channel(bot):
    only_private(await settings(bot, MODERATOR, {"open_in_add": LOBBY}))
    inside, outside = thread_object(LOBBY, "chat"), thread_object(CHANNEL, "chat")
    for thread in (inside, outside):
        bot.threads[int(thread["id"])] = thread
    refused = await bot.command(ALICE, "open", {"game": "rounds"}, channel=int(outside["id"]))
    assert f"<#{LOBBY}>" in only_private(refused)
    opened = one_public(await bot.command(ALICE, "open", {"game": "rounds"}, channel=int(inside["id"])))
    assert opened.channel_id == int(inside["id"]) and await bot.table(int(inside["id"])) is not None


async def test_the_role_is_pinged_once_when_a_new_table_seeks_players_and_no_one_else(bot):
    only_private(await settings(bot, MODERATOR, {"seek_role": ROLE}))
    opened = one_public(await bot.command(ALICE, "open", {"game": "rounds"}))
    assert opened.content.count(f"<@&{ROLE}>") == 1
    allowed = opened.body["allowed_mentions"]
    assert [int(r) for r in allowed["roles"]] == [ROLE] and not allowed.get("users") and allowed["parse"] == []
    thread = list(bot.threads)[-1]
    joined = one_public(await bot.command(BOB, "join", channel=thread))
    assert f"<@&{ROLE}>" not in joined.content and not joined.body["allowed_mentions"].get("roles")
    only_private(await settings(bot, MODERATOR, {"clear": "seek_role"}))
    again = one_public(await bot.command(BOB, "open", {"game": "rounds"}))
    assert "<@&" not in again.content and not again.body["allowed_mentions"].get("roles")


async def finished_game(bot) -> int:
    """Alice and Bob play a game of one turn each to its end, in a thread; the thread."""
    one_public(await bot.command(ALICE, "open", {"game": "rounds", "options": "rounds=1"}))
    thread = list(bot.threads)[-1]
    one_public(await bot.command(BOB, "join", channel=thread))
    one_public(await bot.command(ALICE, "start", channel=thread))
    for _ in range(2):
        loaded = await bot.table(thread)
        table = await bot.service.table(loaded.id)
        seat, = table.game.to_act()
        mover = ALICE if table.by_seat(seat).user_id == ALICE.id else BOB
        ex = await bot.command(mover, "move", {"move": "score 2"}, channel=thread)
        assert len([m for m in ex.public if m.channel_id == thread]) == 1  # the results post may go meanwhile
    await bot.settings.settle_posts()
    await bot.drain()
    return thread


async def test_a_finished_games_result_is_posted_in_the_results_channel_once(bot):
    await finished_game(bot)
    assert bot.posts(RESULTS) == []  # nothing set: only at the table
    only_private(await settings(bot, MODERATOR, {"results": RESULTS}))
    thread = await finished_game(bot)
    posted, = bot.posts(RESULTS)
    content = posted.body["content"]
    assert f"<#{thread}>" in content and "Rounds" in content and "Alice" in content
    assert not posted.body["allowed_mentions"].get("users") and not posted.body["allowed_mentions"].get("roles")


@pytest.mark.parametrize("status", [403, 404])
async def test_a_results_channel_that_refuses_or_is_gone_breaks_nothing(bot, status):
    only_private(await settings(bot, MODERATOR, {"results": RESULTS}))
    bot.fail("POST", rf"/channels/{RESULTS}/messages", status, times=100)
    thread = await finished_game(bot)  # every move answered and posted at the table
    assert bot.posts(RESULTS)  # tried
    assert "The game is over." in bot.posts(thread)[-1].body["content"]
    one_public(await bot.command(ALICE, "open", {"game": "rounds"}))  # the server plays on

"""What the adapter offers beyond interactions: the outbox for unprompted messages, and the
commands, /open options and buttons that service extensions add."""

from __future__ import annotations

import discord

from bot.adapters.discord.client import command_payload, create_bot
from bot.core.commands import Command, Param
from bot.core.extension import Extension as ServiceExtension
from bot.core.replies import Attachment, Button, Reply, custom_id
from bot.core.service import TableService
from tests.discord import limits
from tests.discord.conftest import PICTURE, settings_for
from tests.discord.harness import ALICE, APP, BOB, BOT_USER, CHANNEL, Harness, thread_object
from tests.discord.test_flow import one_public, only_private


async def test_outbox_posts_in_a_channel_with_picture_buttons_and_pings(bot):
    outbox = bot.service.outbox
    reply = Reply(text=f"Reminder: <@{BOB.id}>, the table waits.", image=PICTURE, mentions=[BOB.id],
                  buttons=[Button("My moves", "isles:ls:1:3")], private="not for anyone")
    assert await outbox.post(CHANNEL, reply) is True
    (post,) = [c for c in bot.calls if c.method == "POST" and c.path == f"/channels/{CHANNEL}/messages"]
    assert post.body["content"].startswith("Reminder")
    assert post.files == [("board.png", len(PICTURE))]
    assert post.body["allowed_mentions"]["users"] == [BOB.id]
    assert post.body["components"][0]["components"][0]["custom_id"] == "isles:ls:1:3"
    assert "not for anyone" not in str(post.body)
    assert await outbox.post(CHANNEL, Reply.error("no")) is True  # nothing public: nothing sent
    assert not bot.problems


async def test_outbox_unarchives_a_thread_first(bot):
    thread = thread_object(CHANNEL, "Sticks · Alice")
    thread["thread_metadata"]["archived"] = True
    bot.threads[int(thread["id"])] = thread
    assert await bot.service.outbox.post(int(thread["id"]), Reply(text="Deadline passed.")) is True
    methods = [(c.method, c.path) for c in bot.calls]
    unarchive = methods.index(("PATCH", f"/channels/{thread['id']}"))
    assert methods.index(("POST", f"/channels/{thread['id']}/messages")) > unarchive
    assert not thread["thread_metadata"]["archived"]


async def test_outbox_refused_posts_and_direct_messages_answer_false(bot):
    bot.refusals.append(("POST", rf"/channels/{CHANNEL}/messages"))
    assert await bot.service.outbox.post(CHANNEL, Reply(text="hello")) is False
    assert await bot.service.outbox.direct(ALICE.id, "Your turn at Sticks.") is True
    dm = bot.dms[ALICE.id]
    assert [c.body["content"] for c in bot.calls if c.path == f"/channels/{dm}/messages"] == ["Your turn at Sticks."]
    bot.refusals.append(("POST", rf"/channels/{dm}/messages"))
    assert await bot.service.outbox.direct(ALICE.id, "again") is False


class Extension(ServiceExtension):
    """A small extension as the service documents them."""

    commands = (Command("ping", "Ping the table", (Param("word", "A word to echo", autocomplete="game"),)),)
    open_params = (Param("deadline", "Hours per turn", autocomplete="deadline"),)

    def __init__(self):
        self.opened = []

    async def cmd_ping(self, caller, word: str = "") -> Reply:
        return Reply(text=f"pong {word}".strip(), buttons=[Button("Again", custom_id("hello", 1, 0, "again"))])

    async def press_hello(self, caller, table_id, version, payload, values) -> Reply:
        if payload == "files":
            return Reply(text="the game so far", image=PICTURE, private="your copy",
                         attachments=[Attachment("game.webp", b"RIFF" * 10), Attachment("log.txt", b"1. a", True)])
        return Reply(private=f"hello {payload}")

    async def check_open(self, caller, game_cls, args):
        return args.get("deadline", "")

    async def after_open(self, table_id, values):
        self.opened.append((table_id, values))
        return f"Deadline: {values} hours." if values else ""


async def test_extension_commands_options_and_buttons_reach_the_service(store, sticks, monkeypatch, tmp_path):
    service = TableService(store)
    extension = Extension()
    service.extend(extension)
    client = create_bot(service, settings_for(tmp_path / "t.db"))
    payload = {c["name"]: c for c in command_payload(client.tree)}
    assert limits.check_commands(list(payload.values())) == []
    assert "ping" in payload
    assert [o["name"] for o in payload["open"]["options"]] == ["game", "options", "deadline"]
    bot = Harness(client, service, monkeypatch)
    async with client:
        client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)
        client._connection.application_id = APP
        ex = await bot.command(ALICE, "ping", {"word": "hi"})
        pong = one_public(ex)
        assert pong.content == "pong hi"
        ex = await bot.press(BOB, pong, pong.buttons()["Again"])
        assert only_private(ex) == "hello again"
        # files beside the picture: the public ones with the public message, the private ones privately
        ex = await bot.press(BOB, pong, custom_id("hello", 1, 0, "files"))
        assert one_public(ex).files == [("board.png", len(PICTURE)), ("game.webp", 40)]
        assert [m.files for m in ex.private] == [[("log.txt", 4)]]
        assert not bot.problems
        ex = await bot.autocomplete(ALICE, "open", {"game": "sticks", "deadline": "4"}, focused="deadline")
        assert ex.choices == []  # a kind the adapter does not know: nothing rather than an error
        ex = await bot.command(ALICE, "open", {"game": "sticks", "deadline": "48"})
        assert "Deadline: 48 hours." in one_public(ex).content
        assert extension.opened and extension.opened[0][1] == "48"

"""Discord's limits: the validator itself, the command definitions, the adapter's helpers
that keep payloads within limits, and syncing commands only when they changed."""

from __future__ import annotations

import discord
import pytest

from bot.adapters.discord.client import (
    command_payload,
    create_bot,
    fit_choices,
    sync_commands,
)
from bot.adapters.discord.shapes import build_components, card_shape, split_text
from bot.core.commands import COMMANDS
from bot.core.replies import Button, Menu
from bot.core.service import TableService
from tests.discord import limits
from tests.discord.conftest import settings_for
from tests.discord.harness import APP, BOT_USER, GUILD, Harness


# -- the validator catches what Discord refuses ----------------------------------------------
def good_command(**changes):
    command = {"name": "move", "description": "Make a move", "type": 1, "options": [
        {"type": 3, "name": "move", "description": "Your move", "required": True, "autocomplete": True}]}
    command.update(changes)
    return command


@pytest.mark.parametrize("changes, problem", [
    ({"name": "Move"}, "bad command name"),
    ({"name": "make move"}, "bad command name"),
    ({"name": "x" * 33}, "bad command name"),
    ({"description": ""}, "description"),
    ({"description": "x" * 101}, "description"),
    ({"options": [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]}, "26 options"),
    ({"options": [{"type": 3, "name": "o", "description": "d",
                   "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}]}, "26 choices"),
    ({"options": [{"type": 3, "name": "o", "description": "d", "autocomplete": True,
                   "choices": [{"name": "a", "value": "a"}]}]}, "autocomplete cannot"),
    ({"options": [{"type": 6, "name": "o", "description": "d", "autocomplete": True}]}, "on an option of type 6"),
    ({"options": [{"type": 6, "name": "o", "description": "d", "choices": [{"name": "a", "value": "a"}]}]},
     "on an option of type 6"),
    ({"options": [{"type": 12, "name": "o", "description": "d"}]}, "not one of Discord's"),
    ({"options": [{"type": 3, "name": "a", "description": "d"},
                  {"type": 3, "name": "b", "description": "d", "required": True}]}, "required option after"),
    ({"options": [{"type": 1, "name": f"s{i}", "description": "d" * 100, "options": [
        {"type": 3, "name": f"o{j}", "description": "d" * 100,
         "choices": [{"name": "n" * 100, "value": "v" * 100} for _ in range(25)]} for j in range(2)]}
        for i in range(2)]}, "chars > 8000"),
])
def test_validator_refuses_bad_commands(changes, problem):
    assert limits.check_command(good_command()) == []
    problems = limits.check_command(good_command(**changes))
    assert any(problem in p for p in problems), problems


def row(*items):
    return {"type": 1, "components": list(items)}


def button(cid, label="b"):
    return {"type": 2, "style": 1, "label": label, "custom_id": cid}


def select(cid, n):
    return {"type": 3, "custom_id": cid, "options": [{"label": str(i), "value": str(i)} for i in range(n)]}


@pytest.mark.parametrize("payload, problem", [
    ({"content": "x" * 2001}, "content 2001"),
    ({"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]}, "total 6001"),
    ({"embeds": [{"title": "x" * 257}]}, "embed title"),
    ({"embeds": [{}] * 11}, "11 embeds"),
    ({"components": [row(button(f"c{i}")) for i in range(6)]}, "6 action rows"),
    ({"components": [row(*[button(f"c{i}") for i in range(6)])]}, "6 buttons"),
    ({"components": [row(button("same"), button("same"))]}, "repeated"),
    ({"components": [row(button("x" * 101))]}, "101 chars"),
    ({"components": [row(button("c", "x" * 81))]}, "label over 80"),
    ({"components": [row(select("s", 26))]}, "26 options"),
    ({"components": [row(select("s", 2), button("b"))]}, "alone in its row"),
    ({"allowed_mentions": {"parse": ["everyone"]}}, "@everyone"),
    ({"content": "x", "flags": 1 << 15}, "components V2"),
    ({"attachments": [{"id": 0, "filename": "board.png", "description": "x" * 1025}]}, "board.png > 1024"),
])
def test_validator_refuses_bad_messages(payload, problem):
    problems = limits.check_message(payload)
    assert any(problem in p for p in problems), problems


def test_validator_checks_files_choices_and_callbacks():
    assert limits.check_message({}, [("board.png", 11)], filesize_limit=10)
    assert limits.check_choices([{"name": str(i), "value": str(i)} for i in range(26)])
    assert limits.check_choices([{"name": "n", "value": "v" * 101}])
    assert limits.check_choices([{"name": "", "value": "v"}])
    assert limits.check_callback({"type": 3})
    assert limits.check_callback({"type": 8, "data": {"choices": [{"name": "a", "value": "a"}] * 26}})
    assert limits.check_callback({"type": 4, "data": {"content": "x" * 2001}})
    assert limits.check_thread({"name": "t", "auto_archive_duration": 10000})
    assert limits.check_thread({"name": "x" * 101})
    assert not limits.check_thread({"name": "Archipels · alice", "auto_archive_duration": 10080})


# -- the command definitions -----------------------------------------------------------------
async def test_every_command_of_the_installed_bot_is_within_limits(tmp_path):
    from bot.core.service import TableService
    from bot.extensions import install
    from db.store import Store

    store = await Store.open(str(tmp_path / "all.db"))
    try:
        service = TableService(store, draw_images=False)
        install(service)
        payload = command_payload(create_bot(service, settings_for("unused.db")).tree)
        assert len(payload) == len(service.commands()) > len(COMMANDS)
        assert limits.check_commands(payload) == []
    finally:
        await store.close()


async def test_every_command_definition_is_within_limits():
    client = create_bot(None, settings_for("unused.db"))
    payload = command_payload(client.tree)
    assert [c["name"] for c in payload] == [c.name for c in COMMANDS]
    assert limits.check_commands(payload) == []
    by_name = {c["name"]: c for c in payload}
    assert int(by_name["threads"]["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    for spec in COMMANDS:
        options = {o["name"]: o for o in by_name[spec.name]["options"]}
        assert list(options) == [p.name for p in sorted(spec.params, key=lambda p: not p.required)]
        for param in spec.params:
            option = options[param.name]
            assert option["required"] == param.required
            assert option["type"] == {"text": 3, "user": 6}[param.kind]
            assert option.get("autocomplete", False) == bool(param.autocomplete)
            assert [c["value"] for c in option.get("choices", [])] == list(param.choices)
        # in a server only, or also in a direct message with the bot, or anywhere (bot/core/commands.py)
        assert by_name[spec.name]["contexts"] == {"server": [0], "dm": [0, 1], "anywhere": [0, 1, 2]}[spec.where]
        assert by_name[spec.name]["integration_types"] == ([0] if spec.where == "server" else [0, 1])


# -- helpers that keep payloads within limits --------------------------------------------------
def test_split_text_fits_and_keeps_code_blocks_whole():
    text = "\n".join(["intro"] + ["```"] + [f"code line {i}" for i in range(400)] + ["```"] + ["x" * 3000])
    pieces = split_text(text)
    assert all(len(p) <= 2000 for p in pieces)
    assert all(p.count("```") % 2 == 0 for p in pieces)
    joined = "\n".join(pieces)
    for i in range(400):
        assert f"code line {i}" in joined
    assert joined.count("x") == 3000
    assert split_text("") == [] and split_text("short") == ["short"]


def test_fit_choices_caps_and_skips_what_does_not_fit():
    pairs = [(f"name {i}" + "n" * 200, f"value {i}") for i in range(40)] + [("long", "v" * 101)]
    choices = fit_choices(pairs)
    assert len(choices) == 25
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in choices)
    assert fit_choices([("a", "same"), ("b", "same"), ("c", "")]) == [discord.app_commands.Choice(name="a", value="same")]


async def test_components_stay_within_five_rows():
    buttons = [Button(f"b{i}", f"isles:m:1:1:{i}") for i in range(30)]
    view = build_components(buttons, [])
    payload = view.to_components()
    assert limits.check_components(payload) == []
    assert sum(len(r["components"]) for r in payload) == 25
    menus = [Menu(f"isles:s:1:1:{i}", "p" * 200, [(f"o{j}", f"o{j}") for j in range(30)]) for i in range(7)]
    payload = build_components([Button("x", "isles:ls:1:1")], menus).to_components()
    assert limits.check_components(payload) == []
    assert [len(r["components"][0]["options"]) for r in payload] == [25, 5, 25, 5, 25]  # menus in parts of 25
    assert [r["components"][0]["custom_id"] for r in payload] == [f"isles:s:1:1:{i}.{k}" for i in (0, 1) for k in (0, 1)] + ["isles:s:1:1:2.0"]
    bad = [Button("a", "isles:m:1:1:a"), Button("dup", "isles:m:1:1:a"), Button("long", "x" * 101),
           Button("l" * 100, "isles:m:1:1:b")]
    payload = build_components(bad, []).to_components()
    assert limits.check_components(payload) == []
    assert [b["custom_id"] for b in payload[0]["components"]] == ["isles:m:1:1:a", "isles:m:1:1:b"]
    assert build_components([], []) is None


def test_a_menu_too_long_for_discord_shows_in_parts_and_says_what_it_leaves_out():
    from bot.adapters.discord.shapes import menu_parts, private_text
    from bot.core.replies import Reply

    moves = [(f"take {i}", f"take {i}") for i in range(60)]
    parts, note = menu_parts([Menu("isles:s:1:4:0", "Take", moves)])
    assert [(p.custom_id, p.placeholder, len(p.options)) for p in parts] == [
        ("isles:s:1:4:0.0", "Take (1/3)", 25), ("isles:s:1:4:0.1", "Take (2/3)", 25), ("isles:s:1:4:0.2", "Take (3/3)", 10)]
    assert note == ""
    many = [Menu(f"isles:s:1:4:{i}", f"Group {i}", moves) for i in range(2)]
    reply = Reply(private="Choose your move.", menus=many)
    assert private_text(reply) == "Choose your move. Showing 110 of 120; type /move for the rest."


# -- cards (components v2) ------------------------------------------------------------------------
def test_a_card_keeps_to_4000_characters_and_40_components():
    from bot.core.replies import Button, Card, Menu, Reply, Section

    buttons = [Button(f"b{i}", f"isles:x:1:1:{i}") for i in range(12)]
    sections = [Section("x" * 900, buttons[i]) for i in range(8)]
    menus = [Menu("isles:s:1:1:0", "Take", [(f"m{i}", f"m{i}") for i in range(900)])]
    reply = Reply(private="words", buttons=buttons, menus=menus, card=Card(sections, private=True),
                  image=b"\x89PNG" + bytes(10), image_private=True, image_name="hand.png")
    shape = card_shape(reply, reply.card, 10 * 1024 * 1024)
    payload = {"flags": limits.COMPONENTS_V2, "components": shape.view.to_components()}
    assert limits.check_message(payload, [("hand.png", 14)]) == []
    assert shape.content is None
    found = list(limits.walk(payload["components"]))
    assert len(found) <= limits.V2_COMPONENTS_MAX and [c["type"] for c in found].count(3) >= 1
    texts = [c["content"] for c in found if c["type"] == 10]
    assert sum(map(len, texts)) <= limits.V2_TEXT_MAX and texts[-1].startswith("Showing ")  # what is left out


def test_the_limits_check_refuses_what_discord_refuses_of_a_card():
    def container(*items):
        return [{"type": 17, "components": list(items)}]

    text = {"type": 10, "content": "x" * 4001}
    assert any("4000" in p for p in limits.check_message({"flags": limits.COMPONENTS_V2, "components": container(text)}))
    many = [{"type": 10, "content": "x"}] * 40
    assert any("41 components" in p for p in limits.check_message({"flags": limits.COMPONENTS_V2, "components": container(*many)}))
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]}
    ok = {"flags": limits.COMPONENTS_V2, "components": container(gallery)}
    assert limits.check_message(ok, [("board.png", 10)]) == []
    assert any("shown 0 times" in p for p in limits.check_message(ok, [("board.png", 10), ("log.txt", 3)]))
    assert any("names no uploaded" in p for p in limits.check_message(ok, []))
    assert any("components V2" in p for p in limits.check_message({**ok, "content": "hello"}, [("board.png", 10)]))


# -- command sync only when the definitions changed ---------------------------------------------
async def test_commands_sync_once_then_only_when_changed(store, monkeypatch, tmp_path):
    service = TableService(store)
    client = create_bot(service, settings_for(tmp_path / "t.db"))
    harness = Harness(client, service, monkeypatch)
    async with client:
        client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)
        client._connection.application_id = APP
        assert await sync_commands(client, client.tree, store, None) is True
        puts = [c for c in harness.calls if c.method == "PUT"]
        assert [c.path for c in puts] == [f"/applications/{APP}/commands"]
        assert len(puts[0].body) == len(COMMANDS)
        assert await sync_commands(client, client.tree, store, None) is False
        assert await sync_commands(client, client.tree, store, GUILD) is True  # a dev guild: synced there
        assert harness.calls[-2].path == f"/applications/{APP}/guilds/{GUILD}/commands"
        assert await sync_commands(client, client.tree, store, GUILD) is False
        client.tree.get_command("move").description = "Make a move now"
        assert await sync_commands(client, client.tree, store, None) is True
        assert not harness.problems


async def test_switching_scope_empties_the_one_left_once(store, monkeypatch, tmp_path):
    service = TableService(store)
    client = create_bot(service, settings_for(tmp_path / "t.db"))
    harness = Harness(client, service, monkeypatch)
    global_path, guild_path = f"/applications/{APP}/commands", f"/applications/{APP}/guilds/{GUILD}/commands"

    async def puts(dev_guild):
        start = len(harness.calls)
        await sync_commands(client, client.tree, store, dev_guild)
        return [(c.path, len(c.body)) for c in harness.calls[start:] if c.method == "PUT"]

    async with client:
        client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)
        client._connection.application_id = APP
        assert await puts(None) == [(global_path, len(COMMANDS))]
        assert await puts(GUILD) == [(guild_path, len(COMMANDS)), (global_path, 0)]  # global emptied
        assert await puts(GUILD) == []  # nothing left to do: no request at all
        assert await puts(None) == [(global_path, len(COMMANDS)), (guild_path, 0)]  # back: the guild emptied
        assert await puts(None) == []
        other = GUILD + 1
        assert await puts(other) == [(f"/applications/{APP}/guilds/{other}/commands", len(COMMANDS)),
                                     (global_path, 0)]
        assert await puts(GUILD) == [(guild_path, len(COMMANDS)), (f"/applications/{APP}/guilds/{other}/commands", 0)]
        assert not harness.problems


async def test_commands_synced_globally_before_the_switch_was_tracked_are_emptied(store, monkeypatch, tmp_path):
    service = TableService(store)
    client = create_bot(service, settings_for(tmp_path / "t.db"))
    harness = Harness(client, service, monkeypatch)
    await store.set_meta(f"discord.commands:{APP}:global", "an older sync")
    async with client:
        client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)
        client._connection.application_id = APP
        await sync_commands(client, client.tree, store, GUILD)
        emptied = [c for c in harness.calls if c.method == "PUT" and c.body == []]
        assert [c.path for c in emptied] == [f"/applications/{APP}/commands"]


def test_a_card_of_more_buttons_than_40_components_hold_leaves_the_last_out():
    from bot.core.replies import Button, Card, Reply

    reply = Reply(text="words", buttons=[Button(f"b{i}", f"isles:x:1:1:{i}") for i in range(60)], card=Card())
    shape = card_shape(reply, reply.card, 10 * 1024 * 1024)
    payload = {"flags": limits.COMPONENTS_V2, "components": shape.view.to_components()}
    assert limits.check_message(payload) == []
    labels = [c["label"] for c in limits.walk(payload["components"]) if c["type"] == 2]
    assert labels == [f"b{i}" for i in range(len(labels))] and 25 <= len(labels) < 60

"""The `isles` command as a person meets it: settings that cannot work, a refused token and no
network each end with one line naming what to change and a nonzero exit, never a traceback;
Ctrl-C ends quietly; the help says exactly what to type. Nothing here reaches the network:
logging in is faked and any other connection attempt fails the test."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import types
from pathlib import Path

import aiohttp
import discord
import pytest
from discord.http import HTTPClient

from bot import cli
from bot.settings import SettingError, Settings
from games import registry

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ("DISCORD_TOKEN", "ISLES_DB", "ISLES_DEV_GUILD", "ISLES_LOG_LEVEL")


@pytest.fixture
def env(tmp_path, monkeypatch):
    """A clean folder (no .env) and no Isles setting in the environment; no socket may connect."""
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ISLES_DB", str(tmp_path / "isles.db"))
    attempts: list[object] = []

    def refuse(sock, address, *args):
        attempts.append(address)
        raise AssertionError(f"a test tried to connect to {address}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    yield monkeypatch
    assert attempts == []


def one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert "Traceback" not in text
    return lines[0]


# -- settings ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, value, says", [
    ("ISLES_DEV_GUILD", "my-server", "ISLES_DEV_GUILD=my-server is not a server id"),
    ("ISLES_DEV_GUILD", "12 34", "ISLES_DEV_GUILD=12 34 is not a server id"),
    ("ISLES_LOG_LEVEL", "verbose", "ISLES_LOG_LEVEL=verbose is not a log level"),
    ("ISLES_DB", "no/such/folder/isles.db", "ISLES_DB=no/such/folder/isles.db: the folder no/such/folder does not"),
])
def test_a_setting_that_cannot_work_is_one_line_and_a_nonzero_exit(env, capsys, name, value, says):
    env.setenv("DISCORD_TOKEN", "a-token")
    env.setenv(name, value)
    with pytest.raises(SettingError, match=name):
        Settings.from_env(env_file=None)
    assert cli.main(["run"]) == cli.MISTAKE
    assert one_line(capsys.readouterr().err).startswith(says)


def test_good_settings_are_read(env):
    env.setenv("DISCORD_TOKEN", " a-token ")
    env.setenv("ISLES_DEV_GUILD", "123456789012345678")
    env.setenv("ISLES_LOG_LEVEL", "debug")
    settings = Settings.from_env(env_file=None)
    assert (settings.token, settings.dev_guild, settings.log_level) == ("a-token", 123456789012345678, "DEBUG")
    env.delenv("ISLES_DEV_GUILD")
    env.delenv("ISLES_LOG_LEVEL")
    assert (Settings.from_env(env_file=None).dev_guild, Settings.from_env(env_file=None).log_level) == (None, "INFO")


def test_a_local_database_in_a_missing_folder_is_one_line(env, capsys):
    assert cli.main(["local", "--db", "gone/local.db", "--no-images"]) == cli.MISTAKE
    assert one_line(capsys.readouterr().err).startswith("--db=gone/local.db: the folder gone does not exist")


@pytest.mark.parametrize("what", [["local"], ["demo", "archipels"]])
def test_an_output_folder_that_is_a_file_is_one_line(env, tmp_path, capsys, what):
    (tmp_path / "pictures").write_text("not a folder")
    assert cli.main([*what, "--out", "pictures"]) == cli.MISTAKE
    assert one_line(capsys.readouterr().err).startswith("--out=pictures is a file")


# -- logging in ----------------------------------------------------------------------------------
def fake_login(env, error: BaseException) -> list[str]:
    tried: list[str] = []

    async def static_login(self, token):
        tried.append(token)
        raise error

    env.setattr(HTTPClient, "static_login", static_login)
    return tried


def test_a_token_discord_refuses_is_one_line(env, capsys):
    env.setenv("DISCORD_TOKEN", "not-a-real-token")
    tried = fake_login(env, discord.LoginFailure("Improper token has been passed."))
    assert cli.main(["run"]) == cli.FAILED
    assert tried == ["not-a-real-token"]
    assert "Discord refused the token in DISCORD_TOKEN" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("error", [
    aiohttp.ClientConnectorError(types.SimpleNamespace(host="discord.com", port=443, ssl=True),
                                 OSError(-3, "Temporary failure in name resolution")),
    OSError(101, "Network is unreachable"),
    TimeoutError(),
])
def test_no_network_is_one_line(env, capsys, error):
    env.setenv("DISCORD_TOKEN", "a-token")
    fake_login(env, error)
    assert cli.main(["run"]) == cli.FAILED
    assert one_line(capsys.readouterr().err).startswith("Could not reach Discord")


# -- what to type ----------------------------------------------------------------------------------
def test_the_no_token_message_says_what_to_type_where_the_venv_is_not_active(env, tmp_path, capsys):
    program = tmp_path / ".venv" / "bin" / "isles"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    env.setattr(sys, "argv", [str(program)])
    env.setenv("PATH", "/usr/bin:/bin")
    assert cli.main(["run"]) == cli.MISTAKE
    told = capsys.readouterr().err
    assert ".venv/bin/isles local" in told and ".venv/bin/isles run" in told and "DISCORD_TOKEN=" in told
    env.setenv("PATH", f"{program.parent}:/usr/bin:/bin")  # the venv is active: its name is enough
    assert cli.main(["run"]) == cli.MISTAKE
    told = capsys.readouterr().err
    assert "   isles local" in told and ".venv/bin" not in told


def test_demo_help_lists_every_game_of_the_registry(env, capsys, sticks):
    with pytest.raises(SystemExit) as done:
        cli.main(["demo", "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    for key, game in registry.available().items():
        assert key in shown and game.title in shown
    assert "sticks" in shown  # a game added to the registry appears by itself


def test_games_are_found_by_key_or_title_in_any_case(sticks):
    assert registry.find("Sticks") == registry.find(" STICKS ") == "sticks"
    if "pioneers" in registry.available():
        assert registry.find("Pioneer's Isle") == registry.find("pioneers isle") == "pioneers"
    if "hawaii" in registry.available():
        assert registry.find("Age of Steam: Hawaiian Islands") == registry.find("hawaiian") == "hawaii"
    with pytest.raises(KeyError, match="Games here"):
        registry.find("chess")


def test_demo_takes_the_games_title_in_any_case(env, tmp_path, capsys, sticks, monkeypatch):
    import render

    monkeypatch.setattr(render, "draw", lambda key, view, names: b"\x89PNG\r\n\x1a\n")
    assert cli.main(["demo", "STICKS", "--players", "2", "--out", str(tmp_path / "d")]) == 0
    assert (tmp_path / "d" / "standings.txt").exists()
    assert cli.main(["demo", "chess", "--out", str(tmp_path / "d")]) == cli.MISTAKE
    assert "No game `chess`" in one_line(capsys.readouterr().err)


def test_gitignore_keeps_what_the_commands_write_out_of_git():
    ignored = (ROOT / ".gitignore").read_text().split()
    for written in ("isles-images/", "demo/", "*.db", ".env"):
        assert written in ignored


# -- Ctrl-C ------------------------------------------------------------------------------------------
def interruptible(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.Popen:
    """A child that takes Ctrl-C as a terminal would give it (a background shell ignores SIGINT)."""
    return subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def wait_for(stream_check, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if stream_check():
            return
        time.sleep(0.1)
    raise AssertionError("the child did not get there in time")


def clean_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env["PYTHONPATH"] = str(ROOT)
    env["ISLES_DB"] = str(tmp_path / "run.db")
    return env


def test_ctrl_c_in_the_console_exits_quietly(tmp_path):
    child = interruptible([sys.executable, "-m", "bot.cli", "local", "--no-images", "--db", str(tmp_path / "l.db")],
                          tmp_path, clean_env(tmp_path))
    child.stdin.write("[#lobby] ann: /rules game:sticks\n")  # a line, then the console waits for the next
    child.stdin.flush()
    while "No game" not in (line := child.stdout.readline()):  # its answer is printed: it waits now
        assert line, child.stderr.read()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == cli.INTERRUPTED
    assert "Traceback" not in err and "KeyboardInterrupt" not in err and err.strip() == ""


def test_ctrl_c_while_the_bot_runs_exits_quietly(tmp_path):
    started = tmp_path / "started"
    script = f"""
import asyncio, pathlib
from discord.http import HTTPClient
async def static_login(self, token):  # logged in as far as this test needs, then wait for Ctrl-C
    pathlib.Path({str(started)!r}).write_text("yes")
    await asyncio.sleep(600)
HTTPClient.static_login = static_login
from bot.cli import main
raise SystemExit(main(["run"]))
"""
    env = clean_env(tmp_path) | {"DISCORD_TOKEN": "a-token"}
    child = interruptible([sys.executable, "-c", script], tmp_path, env)
    wait_for(started.exists)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == cli.INTERRUPTED
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_isles_alone_shows_what_there_is(env, capsys):
    assert cli.main([]) == cli.MISTAKE
    told = capsys.readouterr().err
    assert "run" in told and "local" in told and "demo" in told and "required" not in told

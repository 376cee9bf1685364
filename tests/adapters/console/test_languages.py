"""The console and the demo in German and Spanish (`--lang`): the console's people and its server
speak the language, so answers, refusals and posts come in it, and so do the console's own lines."""

from __future__ import annotations

import pytest

import lang
from bot import cli
from bot.adapters.console import demo as demo_module
from bot.adapters.console import local
from bot.adapters.console.console import Console
from tests.helpers import service_at


@pytest.mark.parametrize("language", ["de", "es"])
async def test_the_consoles_people_and_server_speak_its_language(tmp_path, sticks, language):
    service = await service_at(tmp_path / "t.db")
    console = Console(service, tmp_path / "img", language=language)
    parsed = console.parse("[#g] ann: /join")
    assert (parsed.caller.locale, parsed.caller.guild_locale) == (language, language)
    await console.run_line("[#g] ann: /open game:sticks")
    assert await service.public_language(parsed.caller.guild_id) == language  # the server's, remembered
    out = await console.run_line("[#g] ann: /nosuch")
    with lang.using(language):
        told = lang.tr("There is no command /{command}. Commands: {commands}.")
    assert out[0].startswith("  ! " + told.split("/{command}")[0]) and told.split("/{command}")[0] != "There is no command "
    with lang.using(language):
        help_words = lang.tr("Which command?")
    assert (await console.run_line("[#g] ann: /")) == [f"  ! {help_words}"]
    assert console.help().startswith({"de": "Zeilen sehen so aus:", "es": "Las líneas son así:"}[language])


async def test_an_english_console_is_as_written(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    assert console.parse("[#g] ann: /join").caller.locale == ""
    assert (await console.run_line("[#g] ann: /")) == ["  ! Which command?"]
    assert console.help().startswith("Lines look like:")


def test_isles_local_and_demo_take_lang(monkeypatch, tmp_path):
    seen = {}
    monkeypatch.setattr(local, "run_console", lambda *args, **kwargs: seen.setdefault("local", kwargs) and 0)

    async def demo(*args, **kwargs):
        seen["demo"] = kwargs
        return 0

    monkeypatch.setattr(demo_module, "run_demo", demo)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ISLES_DB", str(tmp_path / "isles.db"))
    assert cli.main(["local", "--lang", "de", "--out", str(tmp_path / "img")]) == 0
    assert seen["local"]["language"] == "de"
    assert cli.main(["demo", "sticks", "--lang", "es", "--out", str(tmp_path / "d")]) == 0
    assert seen["demo"]["language"] == "es"
    with pytest.raises(SystemExit):
        cli.main(["local", "--lang", "fr"])


def test_a_demo_in_german_says_its_lines_in_german(tmp_path, capsys, sticks, monkeypatch):
    import render

    monkeypatch.setattr(render, "draw", lambda key, view, names: b"\x89PNG\r\n\x1a\n")
    monkeypatch.delenv("ISLES_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["demo", "sticks", "--players", "2", "--lang", "de", "--out", str(tmp_path / "d")]) == 0
    said = capsys.readouterr().out
    assert "Ada und Ben spielen Sticks (Seed 1)" in said and "Bilder und Protokoll liegen in" in said

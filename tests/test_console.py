import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import Console, stable_id
from bot.replies import Caller
from games import registry
from tests.helpers import service_at

ROOT = Path(__file__).resolve().parent.parent


async def test_lines_are_parsed_like_slash_commands(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    parsed = console.parse('[#games] Alice: /open game:sticks options:"sticks=12"')
    assert parsed.command == "open" and parsed.args == {"game": "sticks", "options": "sticks=12"}
    assert parsed.caller.channel_id == stable_id("#games") and parsed.caller.name == "Alice"
    assert console.parse("[#games] Bob: /move take 2").args == {"move": "take 2"}
    with pytest.raises(ValueError):
        console.parse("alice /join")
    with pytest.raises(ValueError):
        console.parse('[#games] alice: /move "take 2')


async def test_a_sticks_game_in_the_console(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    out = []
    for line in ["[#g] ann: /open game:sticks options:sticks=5", "[#g] ben: /press Join", "[#g] ann: /start"]:
        out += await console.run_line(line)
    assert any("begins" in line for line in out)
    assert any("@ann" in line or "@ben" in line for line in out)  # mentions print as names
    bad = await console.run_line("[#g] ann: /move take 9")
    assert bad and bad[0].startswith("  !")


async def scripted_game(tmp_path, seed) -> list[str]:
    """Lines of a whole 2-player Archipels game, found by letting the computer choose each move."""
    service = await service_at(tmp_path / "script.db", seeds=lambda: seed)
    console = Console(service, tmp_path / "x")
    lines = ["[#table] ann: /open game:archipels", "[#table] ben: /join", "[#table] ann: /start"]
    for line in lines:
        await console.run_line(line)
    names = {stable_id("ann"): "ann", stable_id("ben"): "ben"}
    while 1 in service._cache:  # active tables only: a finished one leaves the cache
        game = service._cache[1].game
        seats = {s.seat: s.user_id for s in await service.store.seats(1)}
        user = seats[game.to_act()[0]]
        caller = Caller(1, stable_id("#table"), user, names[user])
        line = f'[#table] {names[user]}: /move move:"{await service.ai_suggestion(caller)}"'
        lines.append(line)
        assert not (await console.run_line(line))[0].startswith("  !")
    return lines


@pytest.mark.skipif("archipels" not in registry.available(), reason="Archipels not built")
async def test_isles_local_plays_a_scripted_two_player_game_to_its_end(tmp_path):
    lines = await scripted_game(tmp_path, seed=5)
    lines.insert(4, "[#table] ann: /move take r9 c9")  # a wrong line on the way changes nothing
    script = "\n".join([*lines, "[#table] ann: /history", ""])
    run = subprocess.run(
        [sys.executable, "-m", "bot.cli", "local", "--seed", "5", "--db", str(tmp_path / "l.db"),
         "--out", str(tmp_path / "img")],
        input=script, capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "The game is over." in run.stdout
    assert run.stdout.count("  !") == 1  # only the wrong line was refused
    assert len(list((tmp_path / "img").glob("*.png"))) >= len(lines) - 4


@pytest.mark.skipif("archipels" not in registry.available(), reason="Archipels not built")
async def test_the_example_script_of_the_readme_still_plays_to_its_end(tmp_path):
    script = (ROOT / "examples" / "archipels-2p.txt").read_text()
    run = subprocess.run(
        [sys.executable, "-m", "bot.cli", "local", "--seed", "5", "--db", str(tmp_path / "e.db"), "--no-images"],
        input=script, capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert run.returncode == 0 and "The game is over." in run.stdout
    assert "  ! " not in run.stdout  # not one line refused


async def test_discord_markup_prints_readably(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    console.names[5] = "ann"
    console.channels[7] = "table"
    assert console._names("<@5> in <#7> until <t:0:R>") == "@ann in #table until 1970-01-01 00:00 UTC"


async def test_files_beside_the_picture_are_saved_with_their_kind(tmp_path, sticks):
    from bot.replies import Attachment, Reply

    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    caller = Caller(1, stable_id("#g"), 1, "ann")
    lines = console.show(caller, Reply(text="done", image=b"png", private="yours",
                                       attachments=[Attachment("game.webp", b"anim"),
                                                    Attachment("log.txt", b"1. take 2", private=True)]))
    saved = [line.split("] ", 1)[1] for line in lines if line.startswith("  [image") or line.startswith("  [file")]
    assert [Path(p).suffix for p in saved] == [".png", ".webp", ".txt"]
    assert [Path(p).read_bytes() for p in saved] == [b"png", b"anim", b"1. take 2"]
    assert any(line.startswith("  [file, only you]") for line in lines)

"""The example scripts of examples/, played as README.md tells a newcomer to play them: each runs
clean, not one of its lines refused (a line the table already played for the person, a forced
`end` or `pass`, would be), and its game is told to its end."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from games import registry

ROOT = Path(__file__).resolve().parents[3]
SCRIPTS = sorted((ROOT / "examples").glob("*.txt"))
# README's commands for the scripts: `.venv/bin/isles local --seed 5 < examples/archipels-2p.txt`
COMMAND = re.compile(r"^\.venv/bin/isles (local\b[^<]*)< (examples/\S+)$", re.MULTILINE)
SETTINGS = ("DISCORD_TOKEN", "ISLES_DB", "ISLES_DEV_GUILD", "ISLES_LOG_LEVEL")
REFUSED = "  ! "  # how the console prints a refusal


def readme_commands() -> dict[str, list[str]]:
    """Each script README.md names, with the arguments it gives `isles` for it."""
    text = (ROOT / "README.md").read_text()
    return {script: shlex.split(args) for args, script in COMMAND.findall(text)}


def refusals(out: str) -> list[str]:
    """Each refused line of the script with the refusal printed under it."""
    found, line = [], ""
    for printed in out.splitlines():
        if printed.startswith("> "):
            line = printed[2:]
        elif printed.startswith(REFUSED):
            found.append(f"{line}\n{printed}")
    return found


def test_readme_tells_how_to_play_every_script():
    assert SCRIPTS
    named = readme_commands()
    assert sorted(named) == [f"examples/{p.name}" for p in SCRIPTS]


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_the_script_plays_clean_as_readme_says(tmp_path, script):
    game = script.read_text().split("/open game:", 1)[1].split()[0]
    if game not in registry.available():
        pytest.skip(f"{game} is not built")
    args = readme_commands()[f"examples/{script.name}"]
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}  # the default store, in the folder it runs in
    env["PYTHONPATH"] = str(ROOT)
    with script.open() as lines:
        run = subprocess.run([sys.executable, "-m", "bot.cli", *args], stdin=lines, capture_output=True,
                             text=True, cwd=tmp_path, env=env, timeout=900)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-3000:]
    refused = refusals(run.stdout)
    assert refused == [], f"{len(refused)} lines of {script.name} refused:\n" + "\n".join(refused[:20])
    assert "The game is over." in run.stdout
    assert (tmp_path / "isles-local.db").exists() and list((tmp_path / "isles-images").glob("*.png"))

"""`isles local` serves the board pages while it waits for its next line, from a pipe too."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def read_until(stream, pattern: str, deadline: float) -> re.Match:
    seen = []
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        seen.append(line)
        found = re.search(pattern, line)
        if found:
            return found
    raise AssertionError(f"no {pattern!r} in {''.join(seen)[-2000:]}")


def test_a_piped_console_keeps_its_pages_live_between_lines(tmp_path):
    env = {**os.environ, "ISLES_WEB_PORT": "0", "ISLES_DB": ""}
    child = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "local", "--seed", "5", "--no-images", "--db", str(tmp_path / "c.db")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    deadline = time.monotonic() + 120  # the console's start and every answer, on a busy machine
    try:
        for line in ("[#t] ann: /open game:pioneers", "[#t] bob: /join", "[#t] ann: /start", "[#t] ann: /web"):
            child.stdin.write(line + "\n")
        child.stdin.flush()
        link = read_until(child.stdout, r"http://127\.0\.0\.1:\d+/t/\S+", deadline)[0]
        # the console now waits for a line, and the page answers meanwhile
        with urllib.request.urlopen(link + "/state", timeout=60) as answer:
            state = json.load(answer)
        assert state["you"] == "ann" and state["title"] == "Pioneer's Isle"
        child.stdin.write("[#t] ann: /moves\n")
        child.stdin.flush()
        read_until(child.stdout, r"^> \[#t\] ann: /moves", deadline)  # every answer follows its echoed line
        read_until(child.stdout, r"settlement", deadline)
    finally:
        child.stdin.close()
        child.wait(timeout=60)
    assert child.returncode == 0, child.stderr.read()
